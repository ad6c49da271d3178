"""What the protocol does otherwise when the verifier is an interactor, which judges conversations, not outputs:
it asks for the same verdict twice by holding the baseline's conversations again; it hands the interactor
conversations no sane one accepts (``CONVERSATIONS``: silence, garbage, an echo) in place of corrupted outputs;
and the checks that need an output to edit or to judge apart from the verifier are not run, which the report
says. checks.py declares, for every check, whether it runs here and how.
"""

from __future__ import annotations

from frontiersmith.models import (
    FeasibilityReport,
    Language,
    ProbeReport,
    ProbeResult,
    ProbeStatus,
    Program,
    Verdict,
)

from .probes import VERIFIER_PROBES
from .run import PROBED_TESTS, Outcome, ProtocolRun, verifier_said

# Conversations no sane interactor accepts, each a solution program: silence, garbage lines, an echo of what
# it hears (an interactive verifier's stand-in for corrupted outputs).
CONVERSATIONS = {
    "silence": "pass\n",
    "garbage": "import sys\nfor _ in range(1000):\n    sys.stdout.write('%%% not an answer %%% -1 x\\n')\n",
    "echo": "import sys\nfor line in sys.stdin:\n    sys.stdout.write(line)\n    sys.stdout.flush()\n",
}
NO_OUTPUT = "an interactive verifier judges conversations, not outputs"


async def conversations_repeat(p: ProtocolRun) -> Outcome:
    """The baseline's conversations held again get the same verdicts and objectives."""
    again = {r.name: r for r in await p.judge.run_all(p.base, p.tests)}
    return Outcome(
        [
            f"{r.name}: {(r.verdict, r.objective)} then {(again[r.name].verdict, again[r.name].objective)}"
            for r in p.base_run
            if (r.verdict, r.objective) != (again[r.name].verdict, again[r.name].objective)
        ]
    )


async def broken_conversations_rejected(p: ProtocolRun) -> Outcome:
    """The interactor rejects ``CONVERSATIONS`` without a crash (scored against the best known, which the
    sampled solutions set)."""
    accepted, crashed = [], []
    for label, code in CONVERSATIONS.items():
        compiled = await p.solution_cache.get(Program(code=code, language=Language.PYTHON), f"probe-{label}")
        if not compiled.ok or compiled.program is None:  # our own program: the sandbox failed
            crashed.append(f"the {label} probe did not compile: {compiled.message[:200]}")
            continue
        for r in await p.judge.run_all(compiled.program, p.tests[:PROBED_TESTS]):
            p.score([r])
            if r.verdict is Verdict.OK:
                accepted.append(f"{label} on {r.name} (score {r.score:.3f})")
            elif r.verdict is Verdict.SYSTEM_ERROR and verifier_said(r):
                crashed.append(f"{label} on {r.name}: {r.message[:200]}")
    if accepted:
        return Outcome(accepted, "it accepts ")
    return Outcome(crashed, "it crashes on ")


def feasibility_not_judged(p: ProtocolRun) -> None:
    """No output to mutate or to judge apart from the interactor: the feasibility checks are not run."""
    p.report.feasibility = FeasibilityReport(
        no_oracle=f"{NO_OUTPUT}: no output to mutate or to judge for feasibility apart from it"
    )


def probes_not_run(p: ProtocolRun) -> None:
    """No output to edit: the probes are skipped, each saying why."""
    p.report.probes = ProbeReport(
        results=[
            ProbeResult(
                name=name, check=check, status=ProbeStatus.SKIPPED, detail=f"{NO_OUTPUT}: no output to edit"
            )
            for name, check in VERIFIER_PROBES
        ]
    )
