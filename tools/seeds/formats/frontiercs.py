"""A FrontierCS package taken as a seed (``seeds import --as-seed``): an open problem to mutate, its tuple
described from its statement."""

from __future__ import annotations

from pathlib import Path

from frontiersmith.drafts import SeedDraft, SeedTest
from frontiersmith.models import SeedProvenance
from frontiersmith.settings import Settings

from ...judging.packages.frontiercs import load_frontiercs
from ..readers import FRONTIERCS_CONFIG, is_frontiercs_dir
from ..statement import read_title
from .fields import UNDESCRIBED
from .registry import FolderFormat, seed_format


def load_frontiercs_seed(root: Path, shown: str | None = None, settings: Settings | None = None) -> SeedDraft:
    """A FrontierCS package taken as a seed (``--as-seed``): an open problem, its tuple described from its
    statement (never the checker's ratio, which says nothing about what is optimised), no reference."""
    package = load_frontiercs(root, settings)
    problem = package.problem
    first = next((line.strip("# ").strip() for line in problem.statement.splitlines() if line.strip()), "")
    # A title the package's config names stays; one taken from the statement's first line is read again, so
    # "Problem: Long Trail" is titled "Long Trail".
    title = read_title(problem.statement) if problem.title == first[:200] else problem.title
    problem = problem.model_copy(
        update={"id": "import", "title": title, "objective": UNDESCRIBED, "provenance": {}}
    )
    notes = [m.reason for m in package.missing]
    return SeedDraft(
        problem=problem,
        tests=[
            SeedTest(name=name, input=inp, answer=ans, kind="frontiercs") for name, inp, ans in package.tests
        ],
        provenance=SeedProvenance(
            format="frontiercs", file=shown or str(root), name=root.name, source=root.name
        ),
        notes=notes,
    )


@seed_format("frontiercs")
class FrontierCSFolder(FolderFormat):
    """A FrontierCS package (``config.yaml``) read as a seed: only with ``--as-seed``, else it is a problem to
    solve."""

    marker = FRONTIERCS_CONFIG
    noun = "a FrontierCS package"

    def recognises(self, folder: Path) -> bool:
        """Whether the folder has a ``config.yaml``."""
        return is_frontiercs_dir(folder)

    def load(self, folder: Path, shown: str, settings: Settings) -> SeedDraft:
        """The package as a seed draft (``load_frontiercs_seed``)."""
        return load_frontiercs_seed(folder, shown, settings)
