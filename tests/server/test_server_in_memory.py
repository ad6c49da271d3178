"""Every tool, resource and prompt through an in-memory ``mcp.Client``: listings, an authored synthesis session
ending in a submission to the published task, progress, resources, prompts, and malformed calls."""

from __future__ import annotations

import json

import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError
from mcp_helpers import CHEAP_FAMILY, CHEAP_PROBLEM, SEED, anneal_code, baseline_code, greedy_code, structured

from frontiersmith.server.backend import FrontierSmithServer
from frontiersmith.tools.catalog import get_family

pytestmark = pytest.mark.anyio

TOOLS = {
    "mutate_problem",
    "sample_solutions",
    "estimate_divergence",
    "generate_tests",
    "run_verifier",
    "submit",
    "list_problems",
    "get_problem",
    "publish_candidate",
    "leaderboard",
    "lineage",
    "get_candidate",
    "list_candidates",
    "add_seed",
    "list_seeds",
    "get_seed",
    "evaluate_solver",
    "diagnose",
    "export_tasks",
    "synthesize_targeted",
}


def authored_mutation() -> dict:
    fam = get_family(CHEAP_FAMILY)
    return {
        "title": "Fewest True Variables",
        "statement": fam.statement,
        "objective": fam.objective.model_dump(mode="json"),
        "input_spec": fam.input_spec.model_dump(mode="json"),
        "output_spec": fam.output_spec.model_dump(mode="json"),
    }


async def test_every_tool_resource_and_prompt_is_listed_with_a_description_and_schemas(
    server: FrontierSmithServer,
) -> None:
    async with Client(server) as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
        templates = {t.uri_template for t in (await client.list_resource_templates()).resource_templates}
        resources = {str(r.uri) for r in (await client.list_resources()).resources}
        prompts = {p.name for p in (await client.list_prompts()).prompts}
    assert set(tools) == TOOLS
    for tool in tools.values():
        assert tool.output_schema and tool.output_schema.get("properties"), tool.name
        assert len(tool.description or "") > 80, tool.name
    assert "verify INPUT_FILE OUTPUT_FILE" in (tools["run_verifier"].description or "")
    assert "sampling" in (tools["generate_tests"].description or "")
    assert tools["submit"].input_schema["required"] == ["problem_id", "code", "language"]
    assert templates == {
        "problem://{+problem_id}",
        "task://{task_id}/lineage",
        "seed://{seed_id}",
        "defects://{+solver}",
    }
    assert resources == {"catalog://families"}
    assert prompts == {"solve_problem", "mutate_seed", "write_verifier"}


def _formats(schema: object) -> set[str]:
    """Every ``format`` keyword anywhere in a JSON Schema."""
    if isinstance(schema, dict):
        found = {schema["format"]} if isinstance(schema.get("format"), str) else set()
        return found.union(*(_formats(v) for v in schema.values()))
    if isinstance(schema, list):
        return set().union(*(_formats(v) for v in schema))
    return set()


async def test_no_tool_schema_names_a_format_that_clients_warn_about(server: FrontierSmithServer) -> None:
    # Claude Code and the MCP Inspector warn `unknown format "base64url"` on every listing when a schema names
    # a format their validator does not know; the schemas are plain types with descriptions.
    async with Client(server) as client:
        tools = (await client.list_tools()).tools
    assert {t.name: _formats([t.input_schema, t.output_schema]) for t in tools} == {
        t.name: set() for t in tools
    }


async def test_authored_synthesis_session_publishes_a_task_that_takes_submissions(
    server: FrontierSmithServer,
) -> None:
    fam = get_family(CHEAP_FAMILY)
    updates: list[tuple[float, float | None, str | None]] = []

    async def on_progress(done: float, total: float | None, message: str | None) -> None:
        updates.append((done, total, message))

    async with Client(server) as client:
        mutated = structured(
            await client.call_tool(
                "mutate_problem", {"parent_id": SEED, "axis": "objective", "authored": authored_mutation()}
            )
        )
        cid = mutated["candidate_id"]
        assert mutated["kept"] and mutated["proposer"] == "caller" and mutated["status"] == "kept"
        assert structured(await client.call_tool("get_candidate", {"candidate_id": cid}))["problem"][
            "title"
        ] == ("Fewest True Variables")
        listed = structured(await client.call_tool("list_candidates", {"status": "kept", "parent_id": SEED}))
        assert [c["candidate_id"] for c in listed["candidates"]] == [cid]

        solutions = [
            {"code": greedy_code(), "language": "python", "strategy": "greedy false-first"},
            {"code": anneal_code(), "language": "cpp", "strategy": "simulated annealing"},
            {"code": baseline_code(), "language": "python", "strategy": "all false, then repair"},
            {"code": "int main( { }", "language": "cpp", "strategy": "broken"},
        ]
        sampled = structured(
            await client.call_tool(
                "sample_solutions",
                {"candidate_id": cid, "authored": solutions},
                progress_callback=on_progress,
            )
        )
        by_strategy = {s["strategy"]: s for s in sampled["solutions"]}
        assert by_strategy["broken"]["compiles"] is False and by_strategy["broken"]["compile_message"]
        assert (
            by_strategy["greedy false-first"]["compiles"]
            and by_strategy["greedy false-first"]["author"] == "caller"
        )

        labels = {
            s["solution_id"]: (0 if s["strategy"] == "broken" else i)
            for i, s in enumerate(sampled["solutions"])
        }
        semantic = structured(
            await client.call_tool(
                "estimate_divergence", {"candidate_id": cid, "mode": "semantic", "labels": labels}
            )
        )
        assert semantic["labels"] == labels and semantic["judge"] == "caller"
        assert 0.0 < semantic["semantic"] < 1.0  # three solutions, two sharing a label

        tests_draft = {
            "generator": fam.program.model_dump(mode="json"),
            "validator": fam.program.model_dump(mode="json"),
            "distributions": list(fam.distributions),
            "tests_per_distribution": 1,
        }
        tests = structured(
            await client.call_tool(
                "generate_tests",
                {"candidate_id": cid, "authored": tests_draft},
                progress_callback=on_progress,
            )
        )
        assert tests["ok"] and len(tests["tests"]) == len(fam.distributions)
        assert all(t["input_bytes"] > 0 for t in tests["tests"])

        assert fam.feasibility_program is not None
        verifier_draft = {
            "verifier": fam.program.model_dump(mode="json"),
            "baseline": {"code": baseline_code(), "language": "python"},
            "sense": "min",
            # authored without the catalog, the candidate has no seed checker: the second opinion is needed
            "feasibility": fam.feasibility_program.model_dump(mode="json"),
        }
        verified = structured(
            await client.call_tool(
                "run_verifier",
                {"candidate_id": cid, "authored": verifier_draft},
                progress_callback=on_progress,
            )
        )
        assert verified["ok"], verified["verifier_failures"] + verified["tests_failures"]
        assert {c["owner"] for c in verified["checks"]} == {"tests", "verifier"}
        # The probes where the mutation bites, each passed or skipped with why, and who wrote each check.
        probes = verified["probes"]
        assert [p["name"] for p in probes["results"]] == [
            "structural mutants",
            "seed's own answer",
            "reward hacking",
        ]
        assert {p["status"] for p in probes["results"]} <= {"passed", "skipped"}
        assert {
            "check": "your feasibility checker",
            "author": "the verifier's author",
            "independent": False,
            "confirms": False,
        } in probes["authors"]
        greedy_id = by_strategy["greedy false-first"]["solution_id"]
        assert max(verified["scores"][greedy_id].values()) > 0.0

        # The pipeline's divergence gates hold over MCP too: no behavioural estimate yet, no task ...
        refused = await client.call_tool("publish_candidate", {"candidate_id": cid})
        assert refused.is_error and "behavioural divergence gate" in refused.content[0].text
        assert "force=true" in refused.content[0].text
        # ... unless the caller forces it, which the task records.
        task = structured(await client.call_tool("publish_candidate", {"candidate_id": cid, "force": True}))
        tid = task["task_id"]
        assert task["divergence"]["semantic"] == semantic["semantic"]
        assert task["forced"] is True and task["gates"]["min_semantic"] == 0.3

        chain = structured(await client.call_tool("lineage", {"record_id": tid}))
        assert [(n["id"], n["kind"]) for n in chain["ancestors"]] == [
            (SEED, "seed"),
            (cid, "candidate"),
            (tid, "task"),
        ]
        resource = json.loads((await client.read_resource(f"task://{tid}/lineage")).contents[0].text)
        assert [n["id"] for n in resource["ancestors"]] == [SEED, cid, tid]
        assert "Fewest True Variables" in (await client.read_resource(f"problem://{tid}")).contents[0].text

        before = len(updates)
        result = structured(
            await client.call_tool(
                "submit",
                {"problem_id": tid, "code": greedy_code(), "language": "python", "author": "ada"},
                progress_callback=on_progress,
            )
        )
        assert result["score"] > 0.0 and result["verdicts"] == {"OK": len(tests["tests"])}
        assert [t["verdict"] for t in result["tests"]] == ["OK"] * len(tests["tests"])
        submit_updates = updates[before:]
        assert submit_updates[-1][0] == submit_updates[-1][1] == len(tests["tests"])  # every test judged
        board = structured(await client.call_tool("leaderboard", {"problem_id": tid}))
        assert [(e["rank"], e["author"], e["submission_id"]) for e in board["entries"]] == [
            (1, "ada", result["submission_id"])
        ]
        problems = structured(await client.call_tool("list_problems", {}))["problems"]
        assert {"id": tid, "kind": "task"}.items() <= next(p for p in problems if p["id"] == tid).items()
    assert {m for _, _, m in updates} >= {"writing solutions", "solutions stored", "cross-validation done"}


async def test_problem_resources_accept_catalog_ids_with_a_slash_plain_or_encoded(
    server: FrontierSmithServer,
) -> None:
    async with Client(server) as client:
        plain = (await client.read_resource(f"problem://{CHEAP_PROBLEM}")).contents[0]
        encoded = (await client.read_resource("problem://catalog%2Fmin_true_2sat")).contents[0]
        seed = (await client.read_resource(f"problem://{SEED}")).contents[0]
        catalog = json.loads((await client.read_resource("catalog://families")).contents[0].text)
        problem = structured(await client.call_tool("get_problem", {"problem_id": CHEAP_PROBLEM}))
        with pytest.raises(MCPError, match="No catalog family named 'no_such_family'"):
            await client.read_resource("problem://catalog/no_such_family")
        with pytest.raises(MCPError, match="task_nope"):
            await client.read_resource("task://task_nope/lineage")
    assert plain.text == encoded.text and plain.text.startswith("# Min-True 2-SAT")
    assert plain.mime_type == "text/markdown" and "**Objective:** optimise, minimise" in plain.text
    assert seed.text.startswith("# 2-SAT")
    rows = {r["name"]: r for r in catalog["families"]}
    assert rows["two_sat"]["problem_id"] == SEED and rows[CHEAP_FAMILY]["problem_id"] == CHEAP_PROBLEM
    assert rows[CHEAP_FAMILY]["mutated_from"] == "two_sat" and rows[CHEAP_FAMILY]["axis"] == "objective"
    assert problem["objective"].startswith("optimise (min)") and problem["time_limit_ms"] > 0


async def test_prompts_carry_the_statement_the_contract_and_the_tool_to_call(
    server: FrontierSmithServer,
) -> None:
    async with Client(server) as client:
        mutated = structured(
            await client.call_tool("mutate_problem", {"parent_id": SEED, "axis": "objective"})
        )
        solve = await client.get_prompt("solve_problem", {"problem_id": CHEAP_PROBLEM})
        mutate = await client.get_prompt("mutate_seed", {"seed_id": SEED, "axis": "input"})
        verify = await client.get_prompt("write_verifier", {"candidate_id": mutated["candidate_id"]})
        with pytest.raises(MCPError, match="'diagonal' is not a valid Axis"):
            await client.get_prompt("mutate_seed", {"seed_id": SEED, "axis": "diagonal"})
    solve_text, mutate_text, verify_text = (p.messages[0].content.text for p in (solve, mutate, verify))
    assert (
        "Min-True 2-SAT" in solve_text
        and "`submit`" in solve_text
        and "reads the input from standard input" in solve_text
    )
    assert (
        "# 2-SAT" in mutate_text
        and "change THE INPUT" in mutate_text
        and "`## Input`" in mutate_text
        and "`mutate_problem`" in mutate_text
    )
    assert "verify INPUT_FILE OUTPUT_FILE" in verify_text and mutated["candidate_id"] in verify_text


async def test_malformed_calls_are_one_sentence_tool_errors_and_the_server_keeps_serving(
    server: FrontierSmithServer,
) -> None:
    calls = [
        ("mutate_problem", {"parent_id": SEED, "axis": "sideways"}, "`axis`"),
        ("mutate_problem", {"parent_id": SEED, "axis": "objective", "authored": {"title": "x"}}, "`authored"),
        ("mutate_problem", {"parent_id": "seed_nope", "axis": "input"}, "seed_nope"),
        ("sample_solutions", {"candidate_id": "cand_nope", "n": 2}, "cand_nope"),
        ("sample_solutions", {"candidate_id": "cand_nope", "n": 0}, "`n`"),
        ("estimate_divergence", {"candidate_id": "cand_nope", "mode": "semantic"}, "cand_nope"),
        ("generate_tests", {"candidate_id": "cand_nope"}, "cand_nope"),
        ("run_verifier", {"candidate_id": "cand_nope"}, "cand_nope"),
        ("publish_candidate", {"candidate_id": "cand_nope"}, "cand_nope"),
        ("submit", {"problem_id": CHEAP_PROBLEM, "code": "print(1)"}, "`language`"),
        ("submit", {"problem_id": CHEAP_PROBLEM, "code": "print(1)", "language": "rust"}, "not supported"),
        (
            "submit",
            {"problem_id": CHEAP_PROBLEM, "code": "x" * 10_000_000, "language": "python"},
            "1000000 bytes",
        ),
        ("leaderboard", {"problem_id": "catalog/no_such_family"}, "no_such_family"),
        ("lineage", {"record_id": "task_nope"}, "task_nope"),
    ]
    async with Client(server) as client:
        mutated = structured(
            await client.call_tool("mutate_problem", {"parent_id": SEED, "axis": "objective"})
        )
        cid = mutated["candidate_id"]
        calls += [
            ("estimate_divergence", {"candidate_id": cid, "mode": "semantic"}, "sample_solutions"),
            ("run_verifier", {"candidate_id": cid}, "generate_tests first"),
            ("publish_candidate", {"candidate_id": cid}, "run_verifier"),
            ("estimate_divergence", {"candidate_id": cid, "labels": {"sol_x": 1}}, "sample_solutions"),
        ]
        for name, arguments, expected in calls:
            result = await client.call_tool(name, arguments)
            text = result.content[0].text
            assert result.is_error, (name, arguments)
            assert expected in text and "\n" not in text and "Traceback" not in text, (name, text)
        assert structured(await client.call_tool("list_problems", {}))["problems"]


async def test_an_unexpected_exception_is_reported_as_a_server_fault_and_serving_continues(
    server: FrontierSmithServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    from frontiersmith.tools.problems import submit as solving

    def broken(store: object) -> list:
        raise ZeroDivisionError("a bug")

    async with Client(server) as client:
        monkeypatch.setattr(solving, "list_problems", broken)  # fault injection: a bug inside a capability
        failed = await client.call_tool("list_problems", {})
        monkeypatch.undo()
        again = await client.call_tool("list_problems", {})
    assert failed.is_error
    assert "server fault" in failed.content[0].text and "ZeroDivisionError" in failed.content[0].text
    assert "a bug" not in failed.content[0].text  # internals stay in the server log
    assert not again.is_error and again.structured_content["problems"]
