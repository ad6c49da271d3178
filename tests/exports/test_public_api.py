"""The public API (``import frontiersmith as fs``): cheap to import, every name documented, docs/reference/api.md
generated from the docstrings (``python tests/exports/test_public_api.py --write`` writes it), and the examples of
that page and of the README run as written, on a store with published tasks (this folder's ``published``)."""

from __future__ import annotations

import dataclasses
import enum
import inspect
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))

from doc_blocks import blocks, doc_block  # noqa: E402

PAGE = ROOT / "docs" / "reference" / "api.md"
BEGIN = "<!-- generated from the docstrings: python tests/exports/test_public_api.py --write -->"
END = "<!-- end of the generated reference -->"


def _members(obj: type) -> str:
    """The fields a user reads off a public type, as one line."""
    if issubclass(obj, enum.Enum):
        return "Members: " + ", ".join(f"`{m.value}`" for m in obj) + "."
    fields = getattr(obj, "model_fields", None)
    names = list(fields) if fields is not None else []
    if dataclasses.is_dataclass(obj):
        names = [f.name for f in dataclasses.fields(obj)]
    if len(names) > 20:  # the settings: their page says what each is
        return "Fields: every setting of [the settings page](settings.md)."
    return "Fields: " + ", ".join(f"`{n}`" for n in names) + "." if names else ""


def _signature(name: str, obj: object) -> str:
    """``name(arg: type = default, ...) -> type``, annotations as written (they are strings here)."""
    sig = inspect.signature(obj)  # type: ignore[arg-type]
    empty = inspect.Parameter.empty

    def shown(annotation: object) -> str:
        return annotation if isinstance(annotation, str) else inspect.formatannotation(annotation)

    parts: list[str] = []
    for p in sig.parameters.values():
        if p.kind is p.KEYWORD_ONLY and not any(t.startswith("*") for t in parts):
            parts.append("*")
        star = {p.VAR_POSITIONAL: "*", p.VAR_KEYWORD: "**"}.get(p.kind, "")
        text = star + p.name + (f": {shown(p.annotation)}" if p.annotation is not empty else "")
        parts.append(text + (f" = {p.default!r}" if p.default is not empty else ""))
    returns = "" if sig.return_annotation is empty else f" -> {shown(sig.return_annotation)}"
    return f"{name}({', '.join(parts)}){returns}"


def _markdown(doc: str) -> str:
    """A Google-style docstring as Markdown: each ``Section:`` a bold label, its indented entries a list."""
    out: list[str] = []
    section = ""
    for line in doc.splitlines():
        stripped = line.strip()
        indented = line.startswith("    ") and stripped
        if (
            indented
            and (line.startswith("        ") or section == "Returns")
            and out[-1] not in ("", "**Returns**")
        ):
            out[-1] += " " + stripped  # an entry's continuation, or the Returns paragraph's
        elif indented:
            out.append(stripped if section == "Returns" else f"- {stripped}")
        elif stripped.endswith(":") and stripped[:-1] in {"Args", "Attributes", "Returns", "Raises"}:
            section = stripped[:-1]
            out += ["", f"**{section}**", ""]
        else:
            section = "" if not stripped else section
            out.append(line)
    return "\n".join(out).replace("\n\n\n", "\n\n")


def _entry(name: str, obj: object) -> str:
    doc = _markdown(inspect.cleandoc(inspect.getdoc(obj) or ""))
    if inspect.isclass(obj):
        head = f"### `fs.{name}` (class)"
        return "\n\n".join(part for part in (head, doc, _members(obj)) if part)
    kind = "async function" if inspect.iscoroutinefunction(obj) else "function"
    return f"### `fs.{name}` ({kind})\n\n```text\n{_signature(name, obj)}\n```\n\n{doc}"


def generated() -> str:
    """The reference part of the page: every public name, functions first, in ``__all__``'s order."""
    import frontiersmith as fs

    names = [n for n in fs.__all__ if n != "__version__"]
    objects = {n: getattr(fs, n) for n in names}
    order = sorted(names, key=lambda n: (inspect.isclass(objects[n]), fs.__all__.index(n)))
    return "\n\n".join([BEGIN, *(_entry(n, objects[n]) for n in order), END])


def _page_reference() -> str:
    text = PAGE.read_text()
    return text[text.index(BEGIN) : text.index(END) + len(END)]


def write() -> None:
    text = PAGE.read_text()
    PAGE.write_text(text.replace(_page_reference(), generated()))


def test_import_frontiersmith_loads_only_its_version() -> None:
    code = (
        "import sys, frontiersmith as fs\n"
        "print(sorted(m for m in sys.modules if m.startswith(('frontiersmith', 'pydantic', 'anyio'))))\n"
        "print(fs.Program.__module__, sorted(m for m in sys.modules if m.startswith('frontiersmith.tools')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout.splitlines()
    assert out[0] == "['frontiersmith', 'frontiersmith.version']"
    # A type is imported when first used, with no more than its own module's imports.
    assert out[1] == "frontiersmith.models.problem []"


def test_every_public_name_resolves_has_a_docstring_and_an_unknown_name_is_an_attribute_error() -> None:
    import frontiersmith as fs

    undocumented = [n for n in fs.__all__ if n != "__version__" and not inspect.getdoc(getattr(fs, n))]
    assert not undocumented
    assert set(fs.__all__) == {"__version__", *fs._HOMES} and set(fs.__all__) <= set(dir(fs))
    try:
        fs.no_such_name  # noqa: B018
    except AttributeError as exc:
        assert "no_such_name" in str(exc)
    else:
        raise AssertionError("an unknown name must raise AttributeError")


def test_the_api_reference_is_generated_from_the_docstrings() -> None:
    assert _page_reference() == generated(), "run: python tests/exports/test_public_api.py --write"


def test_the_api_page_and_readme_examples_run_as_written(published, tmp_path: Path) -> None:
    from suite_env import child_env

    shutil.copytree(published.data_dir, tmp_path / "data")
    env = child_env()
    env.update(FRONTIERSMITH_DATA_DIR=str(tmp_path / "data"), FRONTIERSMITH_SANDBOX_BACKEND="process")
    examples = [body for language, body in blocks("docs/reference/api.md") if language == "python"]
    examples.append(doc_block("README.md", "import frontiersmith as fs"))
    assert len(examples) >= 3
    for code in examples:
        ran = subprocess.run(
            [sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600
        )
        assert ran.returncode == 0, f"{code}\n{ran.stderr[-2000:]}"
        assert ran.stdout.strip(), f"{code} printed nothing"


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    write()
