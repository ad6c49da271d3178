"""MCP tools for synthesis drivers: the steps of Algorithm 1 (mutate, sample, divergence, tests, verifier,
publish) and candidate lookups, each a thin adapter over ``frontiersmith.tools.synthesis``."""

from __future__ import annotations

import inspect
from functools import partial
from typing import Annotated, Literal

from mcp.server import MCPServer
from mcp.server.mcpserver import Context
from mcp.types import InputRequiredResult
from pydantic import Field

from frontiersmith.errors import InvalidInputError
from frontiersmith.models import Axis, CandidateStatus
from frontiersmith.store.records import SUPERSEDES
from frontiersmith.tools import synthesis
from frontiersmith.tools.llm import MutationDraft, SolutionDraft, TestsDraft, VerifierDraft
from frontiersmith.tools.llm.base import problem_from_draft
from frontiersmith.tools.llm.prompts import PROGRAM_CONTRACT

from .backend import Backend, progress
from .sampling import AuthoredJudge, GenerateWith, choose_provider, run_sampled
from .schemas import (
    CandidateList,
    CandidateOut,
    CheckOut,
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


def register(mcp: MCPServer, backend: Backend) -> None:
    settings = backend.settings

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
        generate_tests, run_verifier and publish_candidate on the returned candidate_id. The coarse judge
        rejects mutations that are still closed, have a dominant strategy or cannot be scored continuously
        (kept=false, with the reason); with an authored mutation only its structural checks run. Calling
        again with the same arguments returns the stored candidate."""
        store = backend.store()
        if authored is not None:
            result = await synthesis.mutate_problem(store, parent_id, axis, authored=authored, index=index)
        else:
            provider, bridge = choose_provider(ctx, settings, generate_with)

            async def ask_both() -> None:
                draft = await provider.mutate(
                    synthesis.load_problem(store, parent_id), Axis(axis), index=index
                )
                await provider.coarse_judge(problem_from_draft("draft", draft, {}))

            result = await run_sampled(
                bridge,
                lambda: synthesis.mutate_problem(store, parent_id, axis, provider=provider, index=index),
                [ask_both],
            )
            if isinstance(result, InputRequiredResult):
                return result
        out = CandidateOut.of(result.candidate)
        return MutateOut(**out.model_dump(), kept=result.kept)

    mcp.add_tool(mutate_problem, description=_doc(mutate_problem, GENERATION))

    async def sample_solutions(
        ctx: Context,
        candidate_id: CandidateId,
        n: Annotated[
            int, Field(ge=1, le=64, description="How many independent solutions to write for you.")
        ] = 4,
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
        result lists them all.

        """
        store = backend.store()
        async with backend.sandbox_slot(ctx, "sample_solutions"):
            await progress(ctx, 0, 2, "writing solutions")
            if authored:
                await synthesis.sample_solutions(
                    store, candidate_id, len(authored), authored=authored, settings=settings
                )
            else:
                provider, bridge = choose_provider(ctx, settings, generate_with)
                problem = synthesis.load_problem(store, candidate_id)
                result = await run_sampled(
                    bridge,
                    lambda: synthesis.sample_solutions(
                        store, candidate_id, n, provider=provider, settings=settings
                    ),
                    [partial(provider.solve, problem, index=i) for i in range(n)],
                )
                if isinstance(result, InputRequiredResult):
                    return result
            await progress(ctx, 2, 2, "solutions stored")
        solutions = synthesis.sampled(store, candidate_id)
        return SampleOut(
            candidate_id=candidate_id,
            solutions=[SolutionOut.of(s, _compile_error(store, s.id)) for s in solutions],
        )

    mcp.add_tool(sample_solutions, description=_doc(sample_solutions, PROGRAM_CONTRACT, GENERATION))

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
        generate_with: GenerateWithArg = "auto",
    ) -> DivergenceOut | InputRequiredResult:
        """Step 3: measure idea divergence, i.e. how many genuinely different algorithmic ideas the sampled
        solutions of a candidate use (0 = all the same idea, 1 = every pair differs). A good open-ended problem
        keeps divergence high: no single strategy dominates. Semantic divergence is the share of solution
        pairs a judge says use different ideas; behavioural divergence is the mean distance between the
        solutions' per-test score vectors, available after run_verifier. The estimate is stored with the
        candidate and published with it.

        """
        store = backend.store()
        await progress(ctx, 0, 1, "estimating divergence")
        provider, bridge = None, None
        if mode != "behavioural":
            if labels is not None:
                provider = _authored_judge(store, candidate_id, labels)
            else:
                provider, bridge = choose_provider(ctx, settings, generate_with)
        result = await run_sampled(
            bridge,
            lambda: synthesis.estimate_divergence(
                store, candidate_id, mode, provider=provider, group_size=group_size
            ),
        )
        if isinstance(result, InputRequiredResult):
            return result
        await progress(ctx, 1, 1, "divergence stored")
        return DivergenceOut(
            candidate_id=candidate_id,
            semantic=result.semantic,
            behavioural=result.behavioural,
            combined=result.combined,
            labels=result.labels,
            mean_scores=result.mean_scores,
            judge=result.judge,
        )

    mcp.add_tool(estimate_divergence, description=_doc(estimate_divergence, GENERATION))

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
        (16 MiB) and refuses a plan over them before anything runs.

        """
        store = backend.store()
        async with backend.sandbox_slot(ctx, "generate_tests"):
            await progress(ctx, 0, 1, "generating and validating tests")
            provider, bridge = (
                (None, None) if authored is not None else choose_provider(ctx, settings, generate_with)
            )
            result = await run_sampled(
                bridge,
                lambda: synthesis.generate_tests(
                    store,
                    candidate_id,
                    provider=provider,
                    authored=authored,
                    feedback=feedback,
                    seed=seed,
                    settings=settings,
                ),
            )
            if isinstance(result, InputRequiredResult):
                return result
            await progress(ctx, 1, 1, f"{len(result.tests)} tests stored")
        return TestsOut(
            candidate_id=candidate_id,
            ok=bool(result.tests) and not result.failures,
            tests=[TestsOut.test(t, len(store.get_blob(t.input_hash))) for t in result.tests],
            failures=result.failures,
        )

    mcp.add_tool(generate_tests, description=_doc(generate_tests, PROGRAM_CONTRACT, GENERATION))

    async def run_verifier(
        ctx: Context,
        candidate_id: CandidateId,
        authored: Annotated[
            VerifierDraft | None,
            Field(
                description="The verifier, the baseline solution s* and the objective's sense (min or max) you "
                "wrote. Leave it out to have them written for you."
            ),
        ] = None,
        feedback: Feedback = [],  # noqa: B006 - pydantic copies defaults
        generate_with: GenerateWithArg = "auto",
    ) -> VerifierOut | InputRequiredResult:
        """Step 5: cross-validate a verifier and a baseline against the candidate's tests (generate_tests
        first) and sampled solutions, by code, and store the score matrix. Checks: every input is valid; the
        baseline runs and is accepted; the verifier is deterministic, rejects garbage and out-of-range outputs,
        never crashes on a solution's output; the baseline scores 0; the solutions' scores are not collapsed
        into one narrow band. Each failed check names its owner: 'tests' failures go back to generate_tests,
        'verifier' failures to a new run_verifier (pass them as feedback). ok=true means the candidate can be
        published.

        """
        store = backend.store()
        async with backend.sandbox_slot(ctx, "run_verifier"):
            await progress(ctx, 0, 1, "cross-validating the verifier")
            provider, bridge = (
                (None, None) if authored is not None else choose_provider(ctx, settings, generate_with)
            )
            result = await run_sampled(
                bridge,
                lambda: synthesis.run_verifier(
                    store,
                    candidate_id,
                    provider=provider,
                    authored=authored,
                    feedback=feedback,
                    settings=settings,
                ),
            )
            if isinstance(result, InputRequiredResult):
                return result
            await progress(ctx, 1, 1, "cross-validation done")
        report = result.report
        return VerifierOut(
            candidate_id=candidate_id,
            ok=result.ok,
            verifier_id=result.verifier.id,
            baseline_solution_id=result.baseline.id,
            checks=[
                CheckOut(name=c.name, owner=c.owner, passed=c.passed, detail=c.detail) for c in report.checks
            ],
            tests_failures=report.failures("tests"),
            verifier_failures=report.failures("verifier"),
            scores={
                sid: {name: cell.score for name, cell in cells.items()} for sid, cells in report.cells.items()
            },
        )

    mcp.add_tool(run_verifier, description=_doc(run_verifier, PROGRAM_CONTRACT, GENERATION))

    @mcp.tool()
    async def publish_candidate(candidate_id: CandidateId) -> TaskOut:
        """Step 6: publish a candidate whose verifier passed cross-validation (run_verifier ok=true) as a task:
        a runnable problem with tests, verifier and baseline that solvers can `submit` to, and a new seed for
        further mutation. Its divergence estimate and its lineage back to the seed are kept with it.

        A published task never changes. Publishing the same package again returns the same task; after a new
        run_verifier or generate_tests, publishing makes a new task that supersedes the previous one (which
        keeps its submissions and leaderboard)."""
        store = backend.store()
        task = await synthesis.publish_candidate(store, candidate_id)
        replaced = [parent for parent, relation in store.parents(task.id) if relation == SUPERSEDES]
        return TaskOut(
            task_id=task.id,
            candidate_id=task.candidate_id,
            title=task.problem.title,
            tests=len(task.test_ids),
            divergence=task.divergence,
            supersedes=replaced[0] if replaced else None,
        )

    @mcp.tool()
    async def get_candidate(candidate_id: CandidateId) -> CandidateOut:
        """A stored candidate: its mutated problem (full statement), parent, axis, status and who proposed it."""
        return CandidateOut.of(backend.store().get_candidate(candidate_id))

    @mcp.tool()
    async def list_candidates(
        status: Annotated[
            CandidateStatus | None,
            Field(description="Only candidates in this status: proposed, kept, rejected or accepted."),
        ] = None,
        parent_id: Annotated[str | None, Field(description="Only candidates mutated from this id.")] = None,
    ) -> CandidateList:
        """Candidates in the store, oldest first, to resume a synthesis session or pick one to work on."""
        found = backend.store().list_candidates(status=status, parent_id=parent_id)
        return CandidateList(candidates=[CandidateOut.of(c) for c in found])


def _doc(fn, *extras: str) -> str:
    """A tool's description: its docstring, then the shared paragraphs it needs."""
    return "\n\n".join([inspect.cleandoc(fn.__doc__ or ""), *extras])


def _compile_error(store, solution_id: str) -> str | None:
    events = store.list_events(solution_id, kind="solution.compile_error")
    return events[-1].payload.get("message", "") if events else None


def _authored_judge(store, candidate_id: str, labels: dict[str, int]) -> AuthoredJudge:
    solutions = synthesis.sampled(store, candidate_id)
    missing = [s.id for s in solutions if s.id not in labels]
    if missing:
        raise InvalidInputError(
            f"labels has no label for {', '.join(missing[:3])}; give one integer per sampled solution id."
        )
    return AuthoredJudge({(s.code, s.language.value, s.strategy): labels[s.id] for s in solutions})
