"""LLM-backed tools through MCP sampling, with a client sampling callback. The client's model is scripted
(ScriptedSampler answers from the catalog); everything else is real: the server's prompts, the
InputRequiredResult rounds of the 2026-07-28 era, the mid-call requests of the 2025-11-25 era, the sandbox
and the store."""

from __future__ import annotations

import pytest
from mcp import Client
from mcp_helpers import SEED, structured
from scripted_sampling import FAMILY, ScriptedSampler

from frontiersmith.server.backend import FrontierSmithServer
from frontiersmith.settings import Settings
from frontiersmith.tools.catalog import get_family

pytestmark = pytest.mark.anyio


@pytest.fixture
def settings(settings: Settings) -> Settings:
    """The client's model may answer in either language: the family's Python and C++ solvers are its different
    ideas (under range normalisation one idea alone is 1 on every test, and no test could show it troubled)."""
    return settings.model_copy(update={"llm_language": "any"})


async def test_a_whole_synthesis_session_runs_on_the_clients_model_in_the_2026_era(
    server: FrontierSmithServer,
) -> None:
    """Scripted client model. mutate needs two answers in a row (mutation, then coarse judge), so two rounds;
    sample_solutions asks all n solutions in one round."""
    model = ScriptedSampler()
    async with Client(server, sampling_callback=model) as client:
        assert client.protocol_version == "2026-07-28"
        mutated = structured(
            await client.call_tool("mutate_problem", {"parent_id": SEED, "axis": "objective"})
        )
        assert mutated["kept"] and mutated["proposer"] == "mcp-sampling"
        assert model.steps() == ["mutate", "coarse"]
        cid = mutated["candidate_id"]

        sampled = structured(await client.call_tool("sample_solutions", {"candidate_id": cid, "n": 3}))
        assert len(sampled["solutions"]) == 3 and all(s["compiles"] for s in sampled["solutions"])
        assert {s["author"] for s in sampled["solutions"]} == {"mcp-sampling"}
        assert model.steps()[2:] == ["solve"] * 3  # each asked once: answers ride request_state

        divergence = structured(
            await client.call_tool("estimate_divergence", {"candidate_id": cid, "mode": "semantic"})
        )
        assert divergence["semantic"] == 1.0 and divergence["judge"] == "mcp-sampling"

        tests = structured(await client.call_tool("generate_tests", {"candidate_id": cid}))
        assert tests["ok"]
        verified = structured(await client.call_tool("run_verifier", {"candidate_id": cid}))
        assert verified["ok"], verified["verifier_failures"] + verified["tests_failures"]
        task = structured(await client.call_tool("publish_candidate", {"candidate_id": cid, "force": True}))
    assert task["candidate_id"] == cid
    assert model.steps().count("tests") == 1 and model.steps().count("verifier") == 1


async def test_the_2025_era_asks_the_clients_model_mid_call(server: FrontierSmithServer) -> None:
    """Scripted client model, legacy handshake: sampling requests go out during the tool call."""
    model = ScriptedSampler()
    async with Client(server, mode="legacy", sampling_callback=model) as client:
        assert client.protocol_version == "2025-11-25"
        mutated = structured(
            await client.call_tool("mutate_problem", {"parent_id": SEED, "axis": "objective"})
        )
        sampled = structured(
            await client.call_tool("sample_solutions", {"candidate_id": mutated["candidate_id"], "n": 2})
        )
    assert mutated["proposer"] == "mcp-sampling"
    assert [s["author"] for s in sampled["solutions"]] == ["mcp-sampling", "mcp-sampling"]
    assert model.steps() == ["mutate", "coarse", "solve", "solve"]


async def test_a_client_without_sampling_gets_the_servers_provider_or_a_clear_error(
    server: FrontierSmithServer,
) -> None:
    async with Client(server) as client:
        offline = structured(
            await client.call_tool("mutate_problem", {"parent_id": SEED, "axis": "objective"})
        )
        required = await client.call_tool(
            "mutate_problem",
            {"parent_id": SEED, "axis": "objective", "index": 1, "generate_with": "sampling"},
        )
    assert offline["proposer"] == "offline"
    assert required.is_error and "does not offer sampling" in required.content[0].text


async def test_server_generation_can_be_chosen_even_when_the_client_offers_sampling(
    server: FrontierSmithServer,
) -> None:
    model = ScriptedSampler()
    async with Client(server, sampling_callback=model) as client:
        mutated = structured(
            await client.call_tool(
                "mutate_problem", {"parent_id": SEED, "axis": "objective", "generate_with": "server"}
            )
        )
    assert mutated["proposer"] == "offline" and model.asked == []


async def test_an_authored_mutation_gets_the_coarse_judge_of_the_clients_model(
    server: FrontierSmithServer,
) -> None:
    """Scripted client model whose coarse judge calls every mutation still closed: a mutation the caller
    wrote is judged by it too (only the mutation itself is not asked for), and rejected with its reason."""
    model = ScriptedSampler()
    model.verdict = {"reason": "still_closed", "explanation": "a matching solves it exactly"}
    fam = get_family(FAMILY)
    authored = {
        "title": "Still a 2-SAT",
        "statement": fam.statement,
        "objective": fam.objective.model_dump(mode="json"),
        "input_spec": fam.input_spec.model_dump(mode="json"),
        "output_spec": fam.output_spec.model_dump(mode="json"),
    }
    async with Client(server, sampling_callback=model) as client:
        mutated = structured(
            await client.call_tool(
                "mutate_problem", {"parent_id": SEED, "axis": "objective", "authored": authored}
            )
        )
    assert model.steps() == ["coarse"]
    assert mutated["proposer"] == "caller" and mutated["kept"] is False
    assert mutated["status"] == "rejected" and "still_closed" in mutated["reason"]
