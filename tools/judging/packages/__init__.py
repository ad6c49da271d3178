"""Problem package formats: native ``problem.yaml`` packages and FrontierCS / FrontierSmith packages.

``load_package(dir)`` recognises either and returns what the judge needs to score a solution (the
``JudgePackage`` the store's problems resolve to as well, tools/problems/resolver.py).
"""

from __future__ import annotations

from pathlib import Path

from frontiersmith.errors import InvalidInputError
from frontiersmith.models import Normalisation, VerifierKind
from frontiersmith.settings import Settings

from ..judge import JudgeTest, VerifierSpec
from ..package import JudgePackage
from .frontiercs import FrontierCSPackage, is_frontiercs_package, load_frontiercs
from .native import NativePackage, is_native_package, load_native

__all__ = [
    "FrontierCSPackage",
    "NativePackage",
    "load_frontiercs",
    "load_native",
    "load_package",
]


def load_package(root: Path | str, settings: Settings | None = None) -> JudgePackage:
    """Read a native (``problem.yaml``) or FrontierCS (``config.yaml``) package directory, each file within
    the settings' bounds."""
    root = Path(root)
    if not root.is_dir():
        raise InvalidInputError(f"{root} is not a directory; pass a problem package folder.")
    if is_native_package(root):
        native = load_native(root, settings)
        m = native.manifest
        verifier = VerifierSpec(
            program=native.verifier,
            kind=m.verifier.kind,
            sense=m.sense,
            normalisation=m.normalisation or Normalisation.PAPER,
            ratio_cap=m.ratio_cap,
            interactive=m.verifier.interactive,
        )
        if verifier.kind is VerifierKind.NATIVE and verifier.normalisation is not Normalisation.CHECKER:
            if native.baseline is None:
                raise InvalidInputError(
                    f"{root / 'problem.yaml'}: field 'baseline' is needed to normalise a native verifier's objective."
                )
            if (
                verifier.normalisation is Normalisation.RANGE
                and native.reference is native.references is None
            ):
                raise InvalidInputError(
                    f"{root / 'problem.yaml'}: field 'reference' (a program) or 'references' (the objectives "
                    "per test) is needed for range normalisation (the best)."
                )
        return JudgePackage(
            format="native",
            root=root,
            problem=native.problem,
            verifier=verifier,
            tests=[JudgeTest(name, inp, ans) for name, inp, ans in native.tests],
            limits=native.problem.limits,
            baseline=native.baseline,
            reference=native.reference,
            references=native.references,
        )
    if is_frontiercs_package(root):
        fcs = load_frontiercs(root, settings)
        tests = [JudgeTest(name, inp, ans) for name, inp, ans in fcs.tests]
        for gap in fcs.missing:  # in position order, so each lands where the package numbers it
            tests.insert(gap.position, JudgeTest(gap.name, b"", None, missing=gap.reason))
        return JudgePackage(
            format="frontiercs",
            root=root,
            problem=fcs.problem,
            verifier=VerifierSpec(
                program=fcs.checker,
                kind=VerifierKind.TESTLIB,
                normalisation=Normalisation.CHECKER,
                interactive=fcs.config.interactive,
            ),
            tests=tests,
            limits=fcs.problem.limits,
        )
    raise InvalidInputError(f"{root} has neither problem.yaml nor config.yaml; it is not a problem package.")
