"""The README and docs/ stay true to the code: every code block is run by a test (or says why it cannot be),
every reference to a page or a section of docs/ resolves, every path they name exists, every setting is on the
settings page, and the README reads in ten minutes."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from doc_blocks import ROOT, blocks

from frontiersmith.settings import Settings

README_LINES = 200
# Names the docs write like paths of the repository that are not: an MCP method, a file of a Harbor task.
ELSEWHERE = {"tools/list", "tests/test.sh"}
DOCS = ["README.md", *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "docs").rglob("*.md"))]
# Each code block of the docs that is a command or a program, by a line of it, and the test that runs it as
# written (reading it from the doc); a block no test can run says why. ```text blocks are output, not commands.
RUN_BY = {
    ("README.md", "make install"): "tests/examples/test_first_use.py",
    ("README.md", "claude mcp add frontiersmith --"): "tests/examples/test_first_use.py",
    ("README.md", "[mcp_servers.frontiersmith]"): "tests/examples/test_first_use.py",
    ("docs/reference/mcp.md", "frontiersmith serve --http"): "tests/examples/test_first_use.py",
    ("README.md", "examples/solve_catalog_problem.py"): "tests/examples/test_examples_connect.py",
    ("README.md", "--format frontiercs"): "tests/exports/test_export_readme.py",
    ("README.md", "files:Frontier-CS"): "tests/frontier/test_replay.py",
    ("README.md", "--format harbor"): "tests/exports/test_export_readme.py",
    ("README.md", "--format native"): "tests/exports/test_export_readme.py",
    ("README.md", "out/verl/reward.py"): "tests/exports/test_rewards_readme.py",
    ("README.md", "out/trl/reward.py"): "tests/exports/test_rewards_readme.py",
    ("README.md", "out/verifiers"): "tests/exports/test_rewards_readme.py",
    ("README.md", "out/hf"): "tests/exports/test_rewards_readme.py",
    ("README.md", "import frontiersmith as fs"): "tests/exports/test_public_api.py",
    ("docs/reference/api.md", "task = store.tasks.list()[0]"): "tests/exports/test_public_api.py",
    ("docs/reference/api.md", "print(fs.score(task_id"): "tests/exports/test_public_api.py",
    ("docs/reference/api.md", "except fs.NotFoundError"): "tests/exports/test_public_api.py",
    (
        "docs/reference/seeds.md",
        "seeds import examples/seeds/closed.jsonl      #",
    ): "tests/seeds/test_closed_corpus.py",
    ("docs/reference/seeds.md", "--check-tests"): "tests/seeds/test_closed_corpus.py",
    (
        "docs/reference/replay.md",
        "--replay tests/fixtures/replay/strong-model-k2.jsonl",
    ): "tests/pipeline/test_replay.py",
}
NOT_RUN = {
    ("docs/reference/replay.md", "bench/relay.py --port 8899"): (
        "a person answers every request by hand; tests/agents/test_relay_tool_calls.py drives the relay with a "
        "scripted person, and tests/pipeline/test_replay.py replays a run recorded so"
    ),
    ("docs/reference/local-model.md", "make local-model"): (
        "builds llama.cpp and pulls a model: CI runs `make local-model`, and tests/llm/test_real_model.py serves "
        "the model and runs a mutation and the judge on it"
    ),
}


def test_every_code_block_of_the_docs_is_run_by_a_test_or_says_why_not() -> None:
    known = {**RUN_BY, **NOT_RUN}
    unclaimed = []
    for doc in DOCS:
        for language, body in blocks(doc):
            if language == "text":
                continue
            claims = [key for key in known if key[0] == doc and key[1] in body]
            if len(claims) != 1:
                unclaimed.append(f"{doc}: {body.splitlines()[0][:80]!r} ({len(claims)} claims)")
    assert not unclaimed, (
        "name the test that runs each block in RUN_BY (or why none can in NOT_RUN):\n" + "\n".join(unclaimed)
    )
    stale = [key for key in known if not any(key[1] in body for _, body in blocks(key[0]))]
    assert not stale, f"no block holds these any more: {stale}"
    for (doc, _), test in RUN_BY.items():
        assert doc in (ROOT / test).read_text(), f"{test} does not read {doc}"


def _headings(doc: Path) -> set[str]:
    return {m.group(1).strip() for m in re.finditer(r"^#+ (.+)$", doc.read_text(), re.MULTILINE)}


def _slug(heading: str) -> str:
    return re.sub(r"[^\w\- ]", "", heading.lower()).strip().replace(" ", "-")


def _tracked() -> list[Path]:
    names = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    untracked = subprocess.run(
        ["git", "ls-files", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return [ROOT / n for n in {*names.split(), *untracked.split()} if (ROOT / n).is_file()]


def test_every_reference_to_a_page_or_section_of_the_docs_resolves() -> None:
    wrong = []
    for path in _tracked():
        if path.suffix not in (".py", ".md", ".toml", ".cc", ".h", ".sh") and path.name != "Makefile":
            continue
        text = re.sub(r"\s+", " ", path.read_text(errors="replace"))
        if "DESIGN §" in text and path != Path(__file__):
            wrong.append(f"{path.relative_to(ROOT)}: names a design section no reader has ('DESIGN §')")
        for page, section in re.findall(r'\b(docs/[\w./-]+\.md)(?:, ?"([^"]+)")?', text):
            if page.startswith("docs/benchmarks/"):
                continue  # where a bench writes its report when asked
            if not (ROOT / page).is_file():
                wrong.append(f"{path.relative_to(ROOT)}: {page} does not exist")
            elif section and section not in _headings(ROOT / page):
                wrong.append(f'{path.relative_to(ROOT)}: {page} has no section "{section}"')
    assert not wrong, "\n".join(wrong)


def test_every_link_and_path_the_docs_name_exists() -> None:
    wrong = []
    for doc in DOCS:
        source = ROOT / doc
        text = source.read_text()
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"[a-z]+:", target):
                continue  # a web page
            file, _, anchor = target.partition("#")
            linked = (source.parent / file).resolve() if file else source
            if not linked.exists():
                wrong.append(f"{doc}: the link {target} leads nowhere")
            elif anchor and anchor not in {_slug(h) for h in _headings(linked)}:
                wrong.append(f"{doc}: {file or doc} has no section #{anchor}")
        for named in re.findall(
            r"`((?:frontiersmith|tools|sandbox|store|server|agents|bench|examples|tests)/[\w./-]*)`", text
        ):
            base = named.rstrip("/")
            if base in ELSEWHERE:
                continue
            module = re.sub(r"\.\w+$", "", base)  # tools/x/y.function names the module tools/x/y.py
            if not any((ROOT / p).exists() for p in (base, f"{module}.py", module)):
                wrong.append(f"{doc}: {named} does not exist")
    assert not wrong, "\n".join(wrong)


def test_every_setting_is_on_the_settings_page() -> None:
    page = (ROOT / "docs" / "reference" / "settings.md").read_text()
    missing = [name for name in Settings.model_fields if f"`{name}`" not in page]
    assert not missing, f"docs/reference/settings.md lacks {missing}"


def test_the_readme_is_short() -> None:
    lines = (ROOT / "README.md").read_text().splitlines()
    assert len(lines) <= README_LINES, f"the README has {len(lines)} lines; move reference text to docs/"


def test_every_count_of_the_catalogs_families_is_the_catalogs() -> None:
    """A sentence like "the catalog's 13 closed families" says what the catalog holds today."""
    from frontiersmith.tools.catalog import list_families

    held = {kind: sum(f.kind == kind for f in list_families()) for kind in ("closed", "open", "pseudo-open")}
    wrong = [
        (doc, f"{n} {kind}")
        for doc in DOCS
        for n, kind in re.findall(
            r"\b(\d+) (closed|open|pseudo-open) (?:catalog )?famil", (ROOT / doc).read_text()
        )
        if int(n) != held[kind] and not (kind == "open" and doc == "docs/benchmarks.md")
    ]
    assert not wrong, f"the catalog holds {held}: {wrong}"
