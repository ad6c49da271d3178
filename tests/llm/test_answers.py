"""The one parsing layer, on the answers real models give: a program in the wrong language, no strategy, Python
that does not parse, a module missing a function, a JSON answer of the wrong length. Each is a ProviderError
with one sentence saying what was wrong; a good answer becomes the draft the pipeline stores. A model's
tests and verifier module run under the catalog harness in a real sandbox. No model is asked here."""

from __future__ import annotations

import json

import jinja2
import pytest
from model_answers import family_module, module

from frontiersmith.drafts import SolutionDraft
from frontiersmith.errors import ProviderError
from frontiersmith.models import Language, Program, Sense, Verdict
from frontiersmith.sandbox.base import Sandbox
from frontiersmith.tools.catalog import get_family
from frontiersmith.tools.catalog.model_programs import model_program
from frontiersmith.tools.judging.testgen import build_tests
from frontiersmith.tools.llm import prompts
from frontiersmith.tools.llm.answers import parse_structured, read_solution, read_tests, read_verifier
from frontiersmith.tools.llm.endpoints import _constrained_to
from frontiersmith.tools.llm.llama_server import as_written

pytestmark = pytest.mark.anyio

PYTHON = "Strategy: Greedy by ratio.\n```python\nprint(input())\n```"


def test_a_solution_answer_becomes_a_draft_with_its_strategy() -> None:
    draft = read_solution("Here it is.\n" + PYTHON + "\nIt runs in O(n).", "python")
    assert draft == SolutionDraft(
        code="print(input())\n", language=Language.PYTHON, strategy="Greedy by ratio."
    )
    cpp = read_solution("**Strategy:** Local search.\n```cpp\nint main() {}\n```", "any")
    assert cpp.language is Language.CPP and cpp.strategy == "Local search."


@pytest.mark.parametrize(
    ("answer", "language", "reason"),
    [
        (
            "Strategy: x\n```cpp\nint main() {}\n```",
            "python",
            "The program is cpp, but this run writes Python 3.",
        ),
        ("```python\nprint(1)\n```", "python", 'The answer names no strategy: begin it with "Strategy:'),
        ("Strategy: x\n```python\ndef f(:\n```", "python", "The program is not valid Python: "),
        ("Strategy: greedy, but I will not write it.", "python", "The answer has no code:"),
        ("Strategy: x\n```rust\nfn main() {}\n```", "any", "The answer has wrong language: rust"),
    ],
)
def test_an_unusable_solution_says_why_and_keeps_the_raw_answer(
    answer: str, language: str, reason: str
) -> None:
    with pytest.raises(ProviderError) as caught:
        read_solution(answer, language)  # type: ignore[arg-type]
    assert str(caught.value).startswith(reason) and caught.value.raw == answer


def test_a_module_missing_what_the_step_needs_is_unusable() -> None:
    with pytest.raises(ProviderError, match=r"defines no validate\(\)"):
        read_tests(module('DISTRIBUTIONS = ["a"]\ndef generate(dist, rng):\n    return "1\\n"'))
    with pytest.raises(ProviderError, match="needs DISTRIBUTIONS"):
        read_tests(module("def generate(dist, rng):\n    return ''\ndef validate(text):\n    pass"))
    # A name in ADVERSARIAL that is no distribution (a strategy, say) marks nothing: it is left out.
    code = 'DISTRIBUTIONS = ["a", "c"]\nADVERSARIAL = ["b", "c", "Greedy"]\ndef generate(d, r):\n    pass\ndef validate(t):\n    pass'
    assert read_tests(module(code)).adversarial == ["c"]
    problem = get_family("min_true_2sat").problem()
    with pytest.raises(ProviderError, match=r"defines no feasible\(\), baseline\(\)"):
        read_verifier(module("def verify(i, o):\n    return True, 1, ''"), problem)


def test_a_json_answer_of_the_wrong_length_is_unusable_and_the_schema_decodes_the_right_one() -> None:
    labels = prompts.labels_for(3)
    with pytest.raises(ProviderError, match="at least 3 items"):
        parse_structured('{"explanation": "two ideas", "labels": [0, 1]}', labels)
    # llama.cpp's grammar gets the array's length, but never a string's (it unrolls one rule per character)
    schema = _constrained_to(labels)["response_format"]["schema"]
    assert schema["properties"]["labels"]["minItems"] == schema["properties"]["labels"]["maxItems"] == 3
    assert "maxLength" not in json.dumps(_constrained_to(prompts.MutationAnswer))
    # a raw newline inside a string (a small model's multi-line field) is read, not refused
    read = parse_structured('{"explanation": "one\nper line", "labels": [0, 1, 0]}', labels)
    assert read.explanation == "one\nper line" and read.labels == [0, 1, 0]


def test_the_prompt_shows_its_worked_example_as_an_earlier_turn_and_the_schema_only_without_one() -> None:
    turns = prompts.COARSE_JUDGE.messages(prompts.SYSTEM, None, problem="THE CANDIDATE")
    assert [t["role"] for t in turns] == ["system", "user", "assistant", "user"]
    assert "THE CANDIDATE" in turns[-1]["content"] and "THE CANDIDATE" not in turns[1]["content"]
    assert json.loads(turns[2]["content"])["reason"] == "ok"
    assert "JSON schema" not in turns[-1]["content"]
    spec = prompts.WRITE_SPEC.messages(prompts.SYSTEM, prompts.WRITE_SPEC.answer, problem="P")
    assert len(spec) == 2 and "JSON schema of your answer" in spec[-1]["content"]


def test_messages_reach_an_escaping_chat_template_as_written() -> None:
    """llama.cpp's chatml-function-calling renders messages through a template that HTML-escapes them; the
    served format marks them safe, and shows a tool's answer as a user turn."""
    template = jinja2.Environment(autoescape=True).from_string("{{ m.role }}: {{ m.content }}")
    code = 'if a < b and s == "x": print(a & b)'
    assert template.render(m={"role": "user", "content": code}) != f"user: {code}"
    assert template.render(m=as_written({"role": "user", "content": code})) == f"user: {code}"
    tool = as_written({"role": "tool", "content": '{"ok": false}', "tool_call_id": "1"})
    assert template.render(m=tool) == 'user: The tool answered:\n{"ok": false}'


async def test_a_models_tests_and_verifier_modules_run_under_the_harness(sandbox: Sandbox) -> None:
    """A catalog family written as a model writes it (plain functions): its generator and validator build
    tests, and its verifier, feasibility checker and baseline agree on the baseline's output."""
    from model_answers import family_module

    fam = get_family("min_true_2sat")
    answer = module(family_module(fam))
    tests = read_tests(answer)
    assert tests.distributions == list(fam.distributions) and tests.generator == tests.validator
    built = await build_tests(sandbox, tests)
    assert built.failures == [] and len(built.tests) == len(fam.distributions) * tests.tests_per_distribution

    draft = read_verifier(answer, fam.problem())
    assert draft.sense is Sense.MIN and draft.feasibility is not None
    first = built.tests[0].input

    async def run(program: Program, **how: object) -> str:
        compiled = await sandbox.compile(program.code, program.language)
        assert compiled.ok and compiled.program is not None, compiled.message
        result = await sandbox.run(compiled.program, **how)  # type: ignore[arg-type]
        assert result.verdict is Verdict.OK, result
        return result.stdout.decode()

    output = await run(draft.baseline, stdin=first)
    files = {"input.txt": first, "output.txt": output.encode()}
    for checker in (draft.verifier, draft.feasibility):
        verdict = await run(checker, args=["verify", "input.txt", "output.txt"], files=files)
        assert json.loads(verdict)["feasible"] is True


async def test_the_served_model_reads_the_messages_an_openai_client_sends_after_a_tool_call() -> None:
    """The Agents SDK's turn after a tool call: an assistant turn with null content and a tool answer as a
    list of text parts. llama.cpp's server refuses both; the served app reads them as plain strings."""
    import httpx
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import JSONResponse
    from starlette.routing import Route

    from frontiersmith.tools.llm.llama_server import CHAT_PATH, OpenAIMessages

    async def echo(request: Request) -> JSONResponse:
        return JSONResponse(await request.json())

    app = OpenAIMessages(Starlette(routes=[Route(CHAT_PATH, echo, methods=["POST"])]))
    call = {"id": "c1", "type": "function", "function": {"name": "generate_tests", "arguments": "{}"}}
    body = {
        "model": "m",
        "messages": [
            {"role": "user", "content": "build the tests"},
            {"role": "assistant", "content": None, "tool_calls": [call]},
            {"role": "tool", "tool_call_id": "c1", "content": [{"type": "text", "text": '{"ok": true}'}]},
        ],
    }
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://x") as client:
        read = (await client.post(CHAT_PATH, json=body)).json()
    assert [m["content"] for m in read["messages"]] == ["build the tests", "", '{"ok": true}']
    assert read["messages"][1]["tool_calls"] == [call] and read["messages"][2]["tool_call_id"] == "c1"


async def test_a_program_that_failed_its_checks_is_shown_back_to_the_model_to_fix() -> None:
    """Scripted model: the provider remembers a step's last program and, asked again with the checks it failed,
    puts that program in the conversation as the model's own turn with the failures after it; an answer that
    repeats it unchanged is unusable."""
    from frontiersmith.tools.llm.chat import ChatProvider

    fam = get_family("min_true_2sat")
    first_try = module(family_module(fam))
    fixed = module(family_module(fam) + "\n# fixed\n")
    answers = [first_try, fixed, fixed, fixed, first_try]
    seen: list[list[dict]] = []

    async def complete(messages: list[dict], schema: object) -> str:
        seen.append(messages)
        return answers[len(seen) - 1]

    provider = ChatProvider(complete, name="scripted")
    problem = fam.problem()
    await provider.write_tests(problem, [], [])
    failure = "the generator emitted an input the validator rejects (`gen random 2`): ValueError"
    await provider.write_tests(problem, [], [failure])
    first, second = seen
    assert second[: len(first)] == first  # the same task, with no feedback folded in
    assert second[-2] == {"role": "assistant", "content": first_try}
    assert second[-1]["content"].startswith(prompts.REPAIR_OPENING) and failure in second[-1]["content"]

    # The same program again, twice: the model is told it repeats the failed code, then the step gives up.
    with pytest.raises(ProviderError, match="repeats the code that failed these checks unchanged"):
        await provider.write_tests(problem, [], [failure])
    assert len(seen) == 4 and "repeats the code" in seen[-1][-1]["content"]

    # A provider that never answered this step (a resumed run) says the failures in the task instead.
    fresh = ChatProvider(complete, name="scripted")
    await fresh.write_tests(problem, [], [failure])
    assert seen[-1][-1]["role"] == "user" and failure in seen[-1][-1]["content"]
    assert len(seen[-1]) == len(first) and seen[-1][-1] != first[-1]


async def test_a_generator_wrong_on_every_seed_is_one_failure_that_quotes_its_input(sandbox: Sandbox) -> None:
    """The test author reads one line per mistake: the count of tests it broke and the start of what its
    generator printed (here a Python tuple where numbers were meant). A generator may return its input's lines."""
    code = (
        'DISTRIBUTIONS = ["one", "pair", "lines"]\n'
        "def generate(dist, rng):\n"
        '    if dist == "lines":\n'
        "        return [2, [1, (2, 3)], [(4, 5), [6, 7]]]  # lines: a value, values, a list of pairs\n"
        '    return str((1, 2)) if dist == "pair" else "1 2\\n"\n'
        "def validate(text):\n"
        "    [int(t) for t in text.split()]\n"
    )
    built = await build_tests(sandbox, read_tests(module(code)))
    assert {t.distribution: t.input for t in built.tests} == {
        "one": b"1 2\n",
        "lines": b"2\n1 2 3\n4 5\n6 7\n",
    }
    (failure,) = built.failures
    assert "the validator rejects (`gen pair 1`)" in failure and "invalid literal for int()" in failure
    assert "that input began '(1, 2)' (a Python list or tuple printed whole" in failure
    assert "[2 of the 2 tests of `pair` failed this way]" in failure


async def test_a_baseline_may_return_its_output_as_lines(sandbox: Sandbox) -> None:
    """baseline() under the harness prints a string as it is, and a list as its lines (values space-separated)."""
    for returned, printed in (
        ('"7\\n"', "7\n"),
        ("[2, [1, (2, 3)], [(4, 5), (6, 7)]]", "2\n1 2 3\n4 5\n6 7\n"),
    ):
        program = model_program(f"def baseline(input_text):\n    return {returned}\n", "baseline")
        compiled = await sandbox.compile(program.code, program.language)
        assert compiled.ok and compiled.program is not None, compiled.message
        result = await sandbox.run(compiled.program, stdin=b"1\n")
        assert result.verdict is Verdict.OK and result.stdout.decode() == printed, result


async def test_a_model_function_named_like_a_catalog_helper_is_the_one_its_module_calls(
    sandbox: Sandbox,
) -> None:
    """A strong model's verifier defined its own read_grid, and the catalog's helper of that name (another
    signature) replaced it; the model's own definition wins, and a `from __future__` import still comes first."""
    module = (
        "from __future__ import annotations\n\n"
        "def read_grid(text):\n    return text.split()\n\n"
        "def verify(input_text, output_text):\n"
        "    return True, float(len(read_grid(output_text))), 'counted'\n\n"
        "def feasible(input_text, output_text):\n    return True, 'any'\n"
    )
    program = model_program(module, "verifier")
    compiled = await sandbox.compile(program.code, program.language)
    assert compiled.ok and compiled.program is not None, compiled.message
    files = {"in.txt": b"1\n", "out.txt": b"a b c\n"}
    result = await sandbox.run(compiled.program, args=["verify", "in.txt", "out.txt"], files=files)
    assert result.verdict is Verdict.OK and '"objective": 3.0' in result.stdout.decode(), result
