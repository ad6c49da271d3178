"""What an agent connected over MCP reads: errors that name MCP tools and resources (not shell commands), catalog
ids wherever ids are taken, a null behavioural divergence that says why, languages by any common name, a
case-insensitive bearer scheme, descriptions without docstring indentation, and pseudo-open families marked."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import httpx2
import pytest
from mcp import Client
from mcp_helpers import (
    CHEAP_FAMILY,
    CHEAP_PROBLEM,
    HEADERS,
    INITIALIZE,
    SEED,
    baseline_code,
    greedy_code,
    http_server,
    structured,
)

from frontiersmith.drafts import SolutionDraft
from frontiersmith.errors import InvalidInputError
from frontiersmith.models import Language
from frontiersmith.server.backend import FrontierSmithServer
from frontiersmith.tools.catalog import get_family, list_families

pytestmark = pytest.mark.anyio

SHELL_COMMAND = re.compile(r"`?frontiersmith [a-z]")


async def test_mcp_errors_name_mcp_tools_and_resources_not_shell_commands(
    server: FrontierSmithServer,
) -> None:
    async with Client(server) as client:
        failed = await client.call_tool("get_problem", {"problem_id": "catalog/no_such_family"})
        assert failed.is_error
        message = failed.content[0].text
        assert not SHELL_COMMAND.search(message), message
        assert "list_problems" in message and "catalog://families" in message
        with pytest.raises(Exception) as raised:
            await client.read_resource("problem://catalog/no_such_family")
    assert not SHELL_COMMAND.search(str(raised.value)) and "list_problems" in str(raised.value)
    # The CLI keeps pointing at its own command.
    with pytest.raises(Exception, match="frontiersmith catalog list"):
        get_family("no_such_family")


async def test_lineage_accepts_a_catalog_id(server: FrontierSmithServer) -> None:
    family = get_family(CHEAP_FAMILY)
    async with Client(server) as client:
        out = structured(await client.call_tool("lineage", {"record_id": CHEAP_PROBLEM}))
        unknown = await client.call_tool("lineage", {"record_id": "catalog/no_such_family"})
    ancestors = out["ancestors"]
    assert [a["id"] for a in ancestors] == [f"seed_{family.parent}", CHEAP_PROBLEM]
    assert ancestors[0]["kind"] == "seed"
    last = ancestors[-1]
    assert (last["kind"], last["title"], last["axis"], last["status"]) == (
        "catalog",
        family.title,
        "objective",
        "open",
    )
    assert ancestors[-1]["relation"] == "mutation"
    assert unknown.is_error and "FRONTIERSMITH_DATA_DIR" not in unknown.content[0].text


async def test_estimate_divergence_before_run_verifier_gives_a_null_behavioural_score_with_the_reason(
    server: FrontierSmithServer,
) -> None:
    fam = get_family(CHEAP_FAMILY)
    mutation = {
        "title": "Fewest True Variables",
        "statement": fam.statement,
        "objective": fam.objective.model_dump(mode="json"),
        "input_spec": fam.input_spec.model_dump(mode="json"),
        "output_spec": fam.output_spec.model_dump(mode="json"),
    }
    solutions = [
        {"code": greedy_code(), "language": "python", "strategy": "greedy false-first"},
        {"code": baseline_code(), "language": "python", "strategy": "all false, then repair"},
    ]
    async with Client(server) as client:
        mutated = structured(
            await client.call_tool(
                "mutate_problem", {"parent_id": SEED, "axis": "objective", "authored": mutation}
            )
        )
        cid = mutated["candidate_id"]
        sampled = structured(
            await client.call_tool("sample_solutions", {"candidate_id": cid, "authored": solutions})
        )
        labels = {s["solution_id"]: i for i, s in enumerate(sampled["solutions"])}
        both = {"candidate_id": cid, "mode": "both", "labels": labels}
        before_tests = structured(await client.call_tool("estimate_divergence", both))
        tests_draft = {
            "generator": fam.program.model_dump(mode="json"),
            "validator": fam.program.model_dump(mode="json"),
            "distributions": list(fam.distributions),
            "tests_per_distribution": 1,
        }
        structured(await client.call_tool("generate_tests", {"candidate_id": cid, "authored": tests_draft}))
        before_verifier = structured(await client.call_tool("estimate_divergence", both))
        only_behavioural = await client.call_tool(
            "estimate_divergence", {"candidate_id": cid, "mode": "behavioural"}
        )
    assert before_tests["semantic"] == 1.0
    assert before_tests["behavioural"] is None and "generate_tests" in before_tests["behavioural_reason"]
    # Tests but no verifier run: every solution would read as scoring 0 everywhere, which is no estimate.
    assert before_verifier["behavioural"] is None and before_verifier["combined"] is None
    assert "run_verifier" in before_verifier["behavioural_reason"]
    assert only_behavioural.is_error and "run_verifier" in only_behavioural.content[0].text


@pytest.mark.parametrize("name", ["Python", "py", "PYTHON3", "c++", "cpp17", "C++", "g++17", "CPP"])
def test_languages_are_case_insensitive_with_the_usual_aliases(name: str) -> None:
    expected = Language.PYTHON if "py" in name.lower() else Language.CPP
    assert Language(name) is expected and Language.parse(name) is expected


def test_a_draft_an_agent_or_model_wrote_accepts_a_language_alias() -> None:
    # Agents and chat models answer with drafts; their JSON goes through the same Language parsing.
    draft = SolutionDraft.model_validate_json('{"code": "print(1)", "language": "Python3", "strategy": "x"}')
    assert draft.language is Language.PYTHON
    assert SolutionDraft(code="", language="C++17", strategy="x").language is Language.CPP


def test_an_unknown_language_is_one_sentence_naming_the_accepted_ones() -> None:
    with pytest.raises(InvalidInputError, match=r"^Language 'rust' is not supported; use cpp .* or python"):
        Language.parse("rust")


async def test_submit_over_mcp_accepts_a_language_alias(server: FrontierSmithServer) -> None:
    async with Client(server) as client:
        result = structured(
            await client.call_tool(
                "submit", {"problem_id": CHEAP_PROBLEM, "code": baseline_code(), "language": "Python"}
            )
        )
    assert result["score"] == 0.0 and set(result["verdicts"]) == {"OK"}


def test_the_bearer_scheme_is_case_insensitive(tmp_path: Path) -> None:
    token = "case-token-1"
    with http_server(tmp_path, token, tools="solve") as (url, _):
        answers = {
            scheme: httpx2.post(
                url, json=INITIALIZE, headers={**HEADERS, "Authorization": f"{scheme} {token}"}, timeout=60
            ).status_code
            for scheme in ("Bearer", "bearer", "BEARER", "Basic")
        }
    assert answers == {"Bearer": 200, "bearer": 200, "BEARER": 200, "Basic": 401}


async def test_no_tool_prompt_or_resource_description_carries_docstring_indentation(
    server: FrontierSmithServer,
) -> None:
    async with Client(server) as client:
        described = [
            *(await client.list_tools()).tools,
            *(await client.list_prompts()).prompts,
            *(await client.list_resources()).resources,
            *(await client.list_resource_templates()).resource_templates,
        ]
    assert len(described) > 15
    for item in described:
        text = item.description or ""
        assert text == inspect.cleandoc(text), item.name
        assert not re.search(r"\n {3,}", text), item.name


async def test_list_problems_marks_pseudo_open_catalog_families(server: FrontierSmithServer) -> None:
    async with Client(server) as client:
        listed = structured(await client.call_tool("list_problems", {}))["problems"]
    marked = {p["id"]: p.get("pseudo_open") for p in listed if p["id"].startswith("catalog/")}
    pseudo = {f"catalog/{f.name}" for f in list_families("pseudo-open")}
    assert pseudo and {i for i, m in marked.items() if m} == pseudo
    assert all(marked[i] is False for i in marked.keys() - pseudo)


async def test_feedback_says_why_an_output_failed_without_test_data_and_list_problems_fills_every_field(
    server: FrontierSmithServer,
) -> None:
    """An INVALID test names the rule the output broke (the verifier's reason, its numbers blanked); an
    accepted output no better than the baseline says so instead of "accepted"; the per-test fields say what
    they mean (``verifier_failed``, not ``counted``); and list_problems gives every problem its test count,
    its sense and whether it is interactive."""
    too_short = "import sys\nsys.stdin.read()\nprint(0)\n"  # one value where n are asked for
    async with Client(server) as client:
        listed = structured(await client.call_tool("list_problems", {}))["problems"]
        invalid = structured(
            await client.call_tool(
                "submit", {"problem_id": CHEAP_PROBLEM, "code": too_short, "language": "py"}
            )
        )
        base = structured(
            await client.call_tool(
                "submit", {"problem_id": CHEAP_PROBLEM, "code": baseline_code(), "language": "python"}
            )
        )
    assert all(p["tests"] and p["sense"] in ("min", "max") for p in listed), listed
    interactive = {p["id"] for p in listed if p["interactive"]}
    assert {
        f"catalog/{f.name}" for f in list_families() if f.interactive and f.kind != "closed"
    } == interactive
    assert interactive and all(get_family(i).interactive for i in interactive)
    for test in invalid["tests"]:
        assert test["verdict"] == "INVALID" and "counted" not in test and test["verifier_failed"] is False
        assert test["message"].startswith(
            "wrong answer: the verifier rejected the output: expected # values (# or #), found #"
        ), test["message"]
        assert test["reason"] == "expected # values (# or #), found #"
    assert base["score"] == 0.0 and {t["verdict"] for t in base["tests"]} == {"OK"}
    assert all("no better than the baseline" in t["message"] for t in base["tests"])


async def test_a_misnamed_argument_is_an_error_naming_the_arguments_the_tool_takes(
    server: FrontierSmithServer,
) -> None:
    """The SDK's argument models ignore unknown fields: `solutions` for `authored` would store nothing and say
    nothing. Over the real client it is an error that names what the tool takes, at the top and inside a draft."""
    code = {"code": "print(0)", "language": "python", "strategy": "nothing"}
    async with Client(server) as client:
        misnamed = await client.call_tool("sample_solutions", {"candidate_id": "cand_x", "solutions": [code]})
        nested = await client.call_tool(
            "sample_solutions", {"candidate_id": "cand_x", "authored": [{**code, "strategie": "typo"}]}
        )
    assert misnamed.is_error
    text = misnamed.content[0].text
    assert "no argument named 'solutions'" in text and "candidate_id, n, authored" in text
    assert nested.is_error and "strategie" in nested.content[0].text
