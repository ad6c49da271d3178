"""MCP tools for synthesis drivers: the steps of Algorithm 1 (mutate, sample, divergence, tests, verifier,
publish) and candidate lookups, each a thin adapter over ``frontiersmith.tools.synthesis`` around one
"authored or generated" helper."""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Sequence
from functools import partial
from typing import Annotated, Any, Literal, TypeVar, cast

from mcp.server import MCPServer
from mcp.server.mcpserver import Context
from mcp.types import InputRequiredResult
from pydantic import Field

from frontiersmith.drafts import (
    MutationDraft,
    Provider,
    SolutionDraft,
    TestsDraft,
    VerifierDraft,
    problem_from_draft,
)
from frontiersmith.errors import InvalidInputError
from frontiersmith.models import Axis, CandidateStatus
from frontiersmith.store import Store
from frontiersmith.store.records import SUPERSEDES
from frontiersmith.thresholds import Scale, Share, Tests, Ties
from frontiersmith.tools import synthesis
from frontiersmith.tools.frontier.coevolve import RoundReport
from frontiersmith.tools.frontier.coevolve import synthesize_targeted as targeted
from frontiersmith.tools.llm.prompts import PROGRAM_CONTRACT
from frontiersmith.tools.problems.resolver import get_problem

from .backend import Backend, FrontierSmithServer, progress
from .sampling import GenerateWith, choose_provider, run_sampled
from .schemas import (
    CandidateList,
    CandidateOut,
    DivergenceOut,
    MutateOut,
    SampleOut,
    SolutionOut,
    TaskOut,
    TestsOut,
    VerifierOut,
)

GENERATION = (
    "Content you leave out is written for you: by your own model through MCP sampling when your client "
    "offers sampling, otherwise by the server's configured provider (by default an offline provider that "
    "only knows the built-in catalog problems)."
)

GenerateWithArg = Annotated[
    GenerateWith,
    Field(
        description="Who writes content you did not pass: 'auto' (sampling if your client offers it, else the "
        "server's provider), 'sampling' (your client's model, required), 'server' (the server's provider)."
    ),
]
CandidateId = Annotated[str, Field(description="A candidate id as returned by mutate_problem (cand_...).")]
Feedback = Annotated[
    list[str],
    Field(description="Failed checks from a previous run_verifier report, for the author to fix."),
]


Ask = Callable[[], Awaitable[Any]]
T = TypeVar("T")


def _backend(ctx: Context) -> Backend:
    """The backend of the server handling this call (each server of build_server carries its own)."""
    return cast(FrontierSmithServer, ctx.mcp_server).backend


async def authored_or_generated(
    ctx: Context,
    generate_with: GenerateWith,
    authored: bool,
    step: Callable[[Provider | None], Awaitable[T]],
    asks: Callable[[Provider], Sequence[Ask]] = lambda _provider: (),
) -> T | InputRequiredResult:
    """Run a synthesis step on the content the caller authored (``step(None)``), or on content written for
    them: by the client's model through MCP sampling or by the server's provider (``choose_provider``).

    ``asks`` lists the side-effect free questions the step will put to the provider, so that in the
    2026 protocol era they are all asked in one round before the step writes anything (``run_sampled``)."""
    if authored:
        return await step(None)
    provider, bridge = choose_provider(ctx, _backend(ctx).settings, generate_with)
    return await run_sampled(bridge, lambda: step(provider), asks(provider))


async def mutate_problem(
    ctx: Context,
    parent_id: Annotated[
        str,
        Field(
            description="The problem to mutate: a seed (e.g. seed_two_sat; see the catalog://families resource), "
            "a candidate or a published task."
        ),
    ],
    axis: Annotated[
        Axis,
        Field(
            description="Which part of the problem (objective O, input constraints C_I, output constraints C_O) "
            "to change: 'objective' changes what is optimised, 'output' changes what a legal answer is, "
            "'input' widens the class of inputs."
        ),
    ],
    authored: Annotated[
        MutationDraft | None,
        Field(description="The mutated problem you wrote. Leave it out to have it written for you."),
    ] = None,
    index: Annotated[
        int, Field(ge=0, le=1000, description="Variant number: other indexes ask for other mutations.")
    ] = 0,
    generate_with: GenerateWithArg = "auto",
) -> MutateOut | InputRequiredResult:
    """Step 1 of problem synthesis: turn a closed competitive-programming problem into an open-ended
    optimisation problem (one whose exact optimum is out of reach, so answers get a continuous score) by
    changing ONE axis of it, and store it as a candidate.

    Call it on a seed to start a new problem; then call sample_solutions, estimate_divergence,
    generate_tests, run_verifier and publish_candidate on the returned candidate_id. Checks, whoever wrote
    the mutation: a statement you wrote must be whole (a story, `## Input` with every bound and `## Output`)
    or the call fails; then the coarse judge (kept=false, with the reason). With a model (your client's
    through sampling, or the server's configured one) the judge rejects mutations that are still closed,
    have a dominant strategy or cannot be scored continuously; the offline provider only checks that the
    objective is an optimisation with a sense, and leaves a dominant strategy to estimate_divergence.
    Calling again with the same arguments returns the stored candidate."""
    store = _backend(ctx).store()

    def asks(provider: Provider) -> list[Ask]:
        async def ask_both() -> None:
            draft = authored or await provider.mutate(get_problem(store, parent_id), Axis(axis), index=index)
            await provider.coarse_judge(problem_from_draft("draft", draft, {}))

        return [ask_both]

    # Content the caller wrote is judged by the same coarse judge as generated content (only its author
    # differs), so the step always gets a provider.
    result = await authored_or_generated(
        ctx,
        generate_with,
        False,
        lambda p: synthesis.mutate_problem(
            store, parent_id, axis, provider=p, authored=authored, index=index
        ),
        asks,
    )
    if isinstance(result, InputRequiredResult):
        return result
    return MutateOut(**CandidateOut.of(result.candidate).model_dump(), kept=result.kept)


async def sample_solutions(
    ctx: Context,
    candidate_id: CandidateId,
    n: Annotated[int, Field(ge=1, le=64, description="How many independent solutions to write for you.")] = 4,
    authored: Annotated[
        list[SolutionDraft],
        Field(
            description="Solutions you wrote (code, language 'cpp' or 'python', strategy). When given, "
            "nothing is generated and n is ignored."
        ),
    ] = [],  # noqa: B006 - pydantic copies defaults
    generate_with: GenerateWithArg = "auto",
) -> SampleOut | InputRequiredResult:
    """Step 2: store solutions to a candidate, each written independently and compile-checked in the
    sandbox. Their variety is what estimate_divergence measures, so each should follow the algorithmic
    idea its author believes in, and say which in `strategy`. Already stored solutions are kept; the
    result lists them all. Checks, with or without a model: each solution compiles (a failure is listed
    with the compiler's words); nothing judges them until run_verifier.

    """
    backend = _backend(ctx)
    store = backend.store()

    def asks(provider: Provider) -> list[Ask]:
        problem = get_problem(store, candidate_id)
        return [partial(provider.solve, problem, index=i) for i in range(n)]

    async with backend.sandbox_slot(ctx, "sample_solutions"):
        await progress(ctx, 0, 2, "writing solutions")
        result = await authored_or_generated(
            ctx,
            generate_with,
            bool(authored),
            lambda p: synthesis.sample_solutions(
                store,
                candidate_id,
                len(authored) or n,
                provider=p,
                authored=authored,
                settings=backend.settings,
            ),
            asks,
        )
        if isinstance(result, InputRequiredResult):
            return result
        await progress(ctx, 2, 2, "solutions stored")
    return _sample_out(store, candidate_id)


async def estimate_divergence(
    ctx: Context,
    candidate_id: CandidateId,
    mode: Annotated[
        Literal["semantic", "behavioural", "both"],
        Field(
            description="'semantic': a judge labels each solution's idea (needs 2+ solutions); "
            "'behavioural': distances between per-test score vectors (needs run_verifier first); 'both'."
        ),
    ] = "both",
    labels: Annotated[
        dict[str, int] | None,
        Field(
            description="Your own idea labels: solution id -> integer, equal for solutions sharing one "
            "algorithmic idea. Leave it out to have a judge label them."
        ),
    ] = None,
    group_size: Annotated[
        int, Field(ge=2, le=64, description="How many solutions the judge compares in one call.")
    ] = 8,
    behavioural_scale: Annotated[
        Scale | None,
        Field(
            description="The behavioural divergence the combined estimate counts as fully divergent "
            "(default: the server's setting, 0.25)."
        ),
    ] = None,
    generate_with: GenerateWithArg = "auto",
) -> DivergenceOut | InputRequiredResult:
    """Step 3: measure idea divergence, i.e. how many genuinely different algorithmic ideas the sampled
    solutions of a candidate use (0 = all the same idea, 1 = every pair differs). A good open-ended problem
    keeps divergence high: no single strategy dominates. Semantic divergence is the share of solution
    pairs a judge says use different ideas; behavioural divergence is the mean distance between the
    solutions' per-test score vectors, available after run_verifier. The estimate is stored with the
    candidate and published with it. Who judges ideas: `labels` you pass, else your client's model through
    sampling or the server's configured model; the offline provider labels only the built-in catalog's
    solutions (by their recorded strategies). Behavioural divergence needs no model.

    """
    backend = _backend(ctx)
    store = backend.store()
    scale = backend.settings.thresholds(behavioural_scale=behavioural_scale).behavioural_scale
    await progress(ctx, 0, 1, "estimating divergence")
    judge = None
    if mode != "behavioural" and labels is not None:
        judge = synthesis.AuthoredJudge.for_candidate(store, candidate_id, labels)
    result = await authored_or_generated(
        ctx,
        generate_with,
        mode == "behavioural" or judge is not None,
        lambda p: synthesis.estimate_divergence(
            store, candidate_id, mode, provider=judge or p, group_size=group_size, behavioural_scale=scale
        ),
    )
    if isinstance(result, InputRequiredResult):
        return result
    await progress(ctx, 1, 1, "divergence stored")
    return DivergenceOut.of(result)


async def generate_tests(
    ctx: Context,
    candidate_id: CandidateId,
    authored: Annotated[
        TestsDraft | None,
        Field(
            description="The generator and validator you wrote (they may be one program with both "
            "subcommands) and the distribution names. Leave it out to have them written for you."
        ),
    ] = None,
    feedback: Feedback = [],  # noqa: B006 - pydantic copies defaults
    seed: Annotated[int, Field(ge=0, description="Base seed passed to the generator.")] = 0,
    generate_with: GenerateWithArg = "auto",
) -> TestsOut | InputRequiredResult:
    """Step 4: build the candidate's test inputs. The generator runs in the sandbox once per distribution
    and seed; every input must pass the validator. The new tests replace the candidate's previous build
    (the server keeps only the last few builds). ok=false lists what failed: fix the programs and call
    again. The server bounds the plan (at most 20 distributions and 200 tests by default) and each input
    (16 MiB) and refuses a plan over them before anything runs. Checks, the same with or without a model:
    the validator accepts every input and reports its sizes ({"n": 37}); the largest tests reach at least
    half of each size bound the statement states; `gen example 0` gives a tiny valid input for the
    statement's example (not needed for an interactive problem).

    """
    backend = _backend(ctx)
    store = backend.store()
    async with backend.sandbox_slot(ctx, "generate_tests"):
        await progress(ctx, 0, 1, "generating and validating tests")
        result = await authored_or_generated(
            ctx,
            generate_with,
            authored is not None,
            lambda p: synthesis.generate_tests(
                store,
                candidate_id,
                provider=p,
                authored=authored,
                feedback=feedback,
                seed=seed,
                settings=backend.settings,
            ),
        )
        if isinstance(result, InputRequiredResult):
            return result
        await progress(ctx, 1, 1, f"{len(result.tests)} tests stored")
    return TestsOut.of(
        candidate_id,
        result.tests,
        result.failures,
        [len(store.blobs.get(t.input_hash)) for t in result.tests],
    )


async def run_verifier(
    ctx: Context,
    candidate_id: CandidateId,
    authored: Annotated[
        VerifierDraft | None,
        Field(
            description="The verifier, the baseline solution s* and the objective's sense (min or max) you "
            "wrote, and a feasibility-only checker written apart from the verifier. Leave it out to have them "
            "written for you."
        ),
    ] = None,
    feedback: Feedback = [],  # noqa: B006 - pydantic copies defaults
    min_kill_rate: Annotated[
        Share | None,
        Field(
            description="Share of corrupted outputs the verifier must reject or score lower than the original "
            "(default: the server's setting, 0.5)."
        ),
    ] = None,
    generate_with: GenerateWithArg = "auto",
) -> VerifierOut | InputRequiredResult:
    """Step 5: cross-validate a verifier and a baseline against the candidate's tests (generate_tests
    first) and sampled solutions, by code, and store the score matrix. Checks: every input is valid; the
    baseline runs and is accepted; the verifier is deterministic, rejects garbage and out-of-range outputs,
    never crashes on a solution's output; the baseline scores 0; the solutions' scores are not collapsed;
    the best sampled solution beats the baseline and an empty output scores 0; corrupted copies of the best
    outputs (a line dropped, a number perturbed, tokens swapped, truncated, emptied, duplicated) are killed
    at min_kill_rate or more; well-formed mutants (one value changed, two swapped, one element dropped,
    duplicated or moved) never crash it; where the seed can judge feasibility (the oracle), its verdict
    on every output above agrees with the verifier's as the mutation's axis says; your feasibility-only
    checker (`authored.feasibility`, the second opinion) gives the verifier's feasibility verdict on
    every one of them, and is required where no oracle (or only an output mutation's) says which
    well-formed mutants are feasible; probes where the mutation bites (structural mutants of the best
    outputs with whole items dropped, duplicated, merged or swapped; the seed's own answers run on these
    tests; a bounded search over edits of the sampled outputs) find no output the verifier accepts that a
    feasibility check calls infeasible, nor one it scores far above every sampled solution that no check
    you did not write calls feasible (your own checker can refute your verifier, never vouch for it); the
    scores use the scale (outputs whose objectives differ do not all score within 0.02: a baseline far below
    every real answer squeezes them); the baseline and a sampled solution's output on the statement's example
    are accepted; some test of an adversarial distribution lowers a sampled solution below its median
    elsewhere, and at most half the tests give every sampled solution the same score. Scores are
    (O − O_base) / (O_best − O_base) on each test, against the baseline's objective and the best a sampled
    solution reached, unless the server is set to the paper's normalisation. Every check runs in code, the
    same with or without a model. Each failed check names its owner: 'tests' failures go back to
    generate_tests, 'verifier' failures to a new run_verifier (pass them as feedback). ok=true means the
    candidate can be published.

    """
    backend = _backend(ctx)
    store = backend.store()
    async with backend.sandbox_slot(ctx, "run_verifier"):
        await progress(ctx, 0, 1, "cross-validating the verifier")
        result = await authored_or_generated(
            ctx,
            generate_with,
            authored is not None,
            lambda p: synthesis.run_verifier(
                store,
                candidate_id,
                provider=p,
                authored=authored,
                feedback=feedback,
                settings=backend.settings,
                min_kill_rate=min_kill_rate,
            ),
        )
        if isinstance(result, InputRequiredResult):
            return result
        await progress(ctx, 1, 1, "cross-validation done")
    return VerifierOut.of(candidate_id, result)


async def publish_candidate(
    ctx: Context,
    candidate_id: CandidateId,
    force: Annotated[
        bool,
        Field(
            description="Publish even when the divergence estimate fails a gate below (recorded on the task)."
        ),
    ] = False,
    min_semantic: Annotated[
        Share | None, Field(description="Semantic divergence gate (default: the server's setting, 0.3).")
    ] = None,
    min_behavioural: Annotated[
        Share | None, Field(description="Behavioural divergence gate (default: the server's setting, 0.005).")
    ] = None,
    min_separating_tests: Annotated[
        Tests | None,
        Field(
            description="Tests on which the sampled scores differ, needed before a tie at the top rejects "
            "(default: the server's setting, 3)."
        ),
    ] = None,
    min_top_ties: Annotated[
        Ties | None,
        Field(
            description="Sampled solutions scoring the best on every test that show an exact algorithm "
            "(default: the server's setting, 2)."
        ),
    ] = None,
) -> TaskOut:
    """Step 6: publish a candidate whose verifier passed cross-validation (run_verifier ok=true) as a task:
    a runnable problem with tests, verifier and baseline that solvers can `submit` to, and a new seed for
    further mutation. Its divergence estimate (estimate_divergence with mode 'both', after run_verifier)
    must pass the pipeline's gates: the solutions use different ideas, score differently, and several of them do
    not tie at the best score on every test (an exact algorithm's signature); force=true publishes past them,
    and the task records it. Its lineage back to the seed is kept with it.

    A published task never changes. Publishing the same package again returns the same task; after a new
    run_verifier or generate_tests, publishing makes a new task that supersedes the previous one (which
    keeps its submissions and leaderboard)."""
    backend = _backend(ctx)
    store = backend.store()
    thresholds = backend.settings.thresholds(
        min_semantic=min_semantic,
        min_behavioural=min_behavioural,
        min_separating_tests=min_separating_tests,
        min_top_ties=min_top_ties,
    )
    task = await synthesis.publish_candidate(store, candidate_id, thresholds=thresholds, force=force)
    replaced = [parent for parent, relation in store.lineage.parents(task.id) if relation == SUPERSEDES]
    return TaskOut.of(task, replaced[0] if replaced else None)


async def get_candidate(ctx: Context, candidate_id: CandidateId) -> CandidateOut:
    """A stored candidate: its mutated problem (full statement), parent, axis, status, who proposed it, and its
    task card (computed from its current tests, cross-validation report and divergence)."""
    store = _backend(ctx).store()
    out = CandidateOut.of(store.candidates.get(candidate_id))
    out.card = synthesis.card_of(store, candidate_id)
    return out


async def list_candidates(
    ctx: Context,
    status: Annotated[
        CandidateStatus | None,
        Field(description="Only candidates in this status: proposed, kept, rejected or accepted."),
    ] = None,
    parent_id: Annotated[str | None, Field(description="Only candidates mutated from this id.")] = None,
) -> CandidateList:
    """Candidates in the store, oldest first, to resume a synthesis session or pick one to work on."""
    found = _backend(ctx).store().candidates.list(status=status, parent_id=parent_id)
    return CandidateList(candidates=[CandidateOut.of(c) for c in found])


async def synthesize_targeted(
    ctx: Context,
    solver: Annotated[
        str,
        Field(
            description="The solver whose frontier to synthesise at (its defect map must be stored: call "
            "evaluate_solver and diagnose first): catalog:weak|medium|strong, model:NAME, agent:NAME, "
            "command:PATH."
        ),
    ],
    per_round: Annotated[int, Field(ge=1, le=32, description="Targeted candidates to propose.")] = 4,
    band_low: Annotated[
        float, Field(ge=0, le=1, description="The learning band's low end (share of best).")
    ] = 0.2,
    band_high: Annotated[float, Field(ge=0, le=1, description="The learning band's high end.")] = 0.8,
    seed: Annotated[int, Field(ge=0, description="Everything random in the round derives from this.")] = 0,
) -> RoundReport:
    """One round of targeted synthesis: for the solver's defect clusters, mutation operators beside the three
    axes (boundary injection, constraint stacking, algorithm replacement, scale-up) edit the problem's
    structured spec; the candidates go through the pipeline's validation (sampling, divergence, tests and
    verifier cross-validation) and those the solver near-solves (its expected score inside the learning
    band of the best known) are published. Returns the round's frontier measures, rewards and tasks. The
    server's provider writes the candidates (offline: realised on the built-in catalog)."""
    backend = _backend(ctx)
    if band_low >= band_high:
        raise InvalidInputError("band_low must be below band_high; the default band is 0.2 to 0.8.")
    provider, _bridge = choose_provider(ctx, backend.settings, "server")
    async with backend.sandbox_slot(ctx, "synthesize_targeted"):
        await progress(ctx, 0, 1, "synthesising at the frontier")
        report = await targeted(
            backend.store(),
            solver,
            provider,
            per_round=per_round,
            band=(band_low, band_high),
            seed=seed,
            settings=backend.settings,
        )
        await progress(ctx, 1, 1, f"published {len(report.published)}")
    return report


def register(mcp: MCPServer) -> None:
    """Add the synthesis tools to ``mcp``, each described by its docstring and the paragraphs it needs."""
    mcp.add_tool(mutate_problem, description=_doc(mutate_problem, GENERATION))
    mcp.add_tool(sample_solutions, description=_doc(sample_solutions, PROGRAM_CONTRACT, GENERATION))
    mcp.add_tool(estimate_divergence, description=_doc(estimate_divergence, GENERATION))
    mcp.add_tool(generate_tests, description=_doc(generate_tests, PROGRAM_CONTRACT, GENERATION))
    mcp.add_tool(run_verifier, description=_doc(run_verifier, PROGRAM_CONTRACT, GENERATION))
    mcp.add_tool(synthesize_targeted, description=_doc(synthesize_targeted))
    for tool in (publish_candidate, get_candidate, list_candidates):
        mcp.add_tool(tool, description=_doc(tool))


def _doc(fn: Callable[..., Any], *extras: str) -> str:
    """A tool's description: its docstring, then the shared paragraphs it needs."""
    return "\n\n".join([inspect.cleandoc(fn.__doc__ or ""), *extras])


def _sample_out(store: Store, candidate_id: str) -> SampleOut:
    solutions = []
    for s in synthesis.sampled(store, candidate_id):
        failed = store.events.list(s.id, kind="solution.compile_error")
        solutions.append(SolutionOut.of(s, failed[-1].payload.get("message", "") if failed else None))
    return SampleOut(candidate_id=candidate_id, solutions=solutions)
