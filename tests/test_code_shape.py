"""The shape the code keeps: layers that import only downward (docs/design.md, "Layers"), one judging engine,
one per-test record, short functions.

These scan the source (ast), so an upward import, a second copy of the judge loop or a 300-line closure fails
here before review."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAX_FUNCTION_LINES = 80
MAX_MODULE_LINES = 700  # a room holds one concept (docs/design.md)
SHORT = ("tools", "server", "agents")
# The design card's folders, each a sub-package of the one import package (setup.py).
PACKAGES = {"frontiersmith": "frontiersmith", "store": "frontiersmith.store", "tools": "frontiersmith.tools"}
PACKAGES |= {
    "sandbox": "frontiersmith.sandbox",
    "server": "frontiersmith.server",
    "agents": "frontiersmith.agents",
}
# The package itself (frontiersmith/__init__.py): the public API's names, imported when first used.
PUBLIC = "frontiersmith"
# The layers, lowest first, each the folders (prefixes of module names) it holds; layers of one rank are peers,
# which import neither each other nor anything above them. A module is in the layer of the longest prefix that
# names it (docs/design.md, "Layers").
LAYERS: tuple[dict[str, tuple[str, ...]], ...] = (
    {"core": ("frontiersmith",)},  # models, drafts, settings, thresholds, errors, metering, locks
    {"sandbox": ("frontiersmith.sandbox",), "store": ("frontiersmith.store",)},
    {"judging": ("frontiersmith.tools.judging",)},
    {"catalog": ("frontiersmith.tools.catalog",)},
    {"problems": ("frontiersmith.tools.problems",)},
    {"seeds": ("frontiersmith.tools.seeds",), "rewards": ("frontiersmith.rewards",)},
    {"llm": ("frontiersmith.tools.llm",)},
    {"synthesis": ("frontiersmith.tools.synthesis",)},
    {"exports": ("frontiersmith.tools.exports",)},
    {"frontier": ("frontiersmith.tools.frontier",)},
    {"server": ("frontiersmith.server",)},
    {"agents": ("frontiersmith.agents",)},
    # The public API (frontiersmith/api.py, and PUBLIC, which re-exports it) is a peer of the CLI: both stand
    # on everything below, and neither is imported by anything of the package.
    {"cli": ("frontiersmith.cli", "frontiersmith.commands"), "api": ("frontiersmith.api",)},
)
# Programs shipped into the sandbox, not modules of the package.
PROGRAMS = ("tools/catalog/families/", "tools/catalog/solvers/")


def _modules(*folders: str) -> list[Path]:
    return sorted(p for folder in folders for p in (ROOT / folder).rglob("*.py") if "families" not in p.parts)


def _functions(path: Path) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    tree = ast.parse(path.read_text(), filename=str(path))
    return [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]


def _calls(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            f = node.func
            names.add(f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else "")
    return names


def test_no_function_in_tools_server_or_agents_is_over_80_lines() -> None:
    long = [
        f"{path.relative_to(ROOT)}:{fn.lineno} {fn.name} ({fn.end_lineno - fn.lineno + 1} lines)"
        for path in _modules(*SHORT)
        for fn in _functions(path)
        if fn.end_lineno is not None and fn.end_lineno - fn.lineno + 1 > MAX_FUNCTION_LINES
    ]
    assert not long, "split these by what they do:\n" + "\n".join(long)


def test_no_module_of_the_package_is_over_700_lines() -> None:
    """The catalog's families and solvers are programs shipped into the sandbox, not rooms of the house."""
    layers = ("frontiersmith", "store", "sandbox", "tools", "server", "agents")
    big = [
        f"{path.relative_to(ROOT)} ({n} lines)"
        for path in _modules(*layers)
        if not str(path.relative_to(ROOT)).startswith(PROGRAMS)
        and (n := len(path.read_text().splitlines())) > MAX_MODULE_LINES
    ]
    assert not big, "split these by concept:\n" + "\n".join(big)


def test_only_the_judging_engine_reads_a_verifiers_verdict() -> None:
    readers = {
        str(path.relative_to(ROOT))
        for path in _modules(*SHORT, "frontiersmith")
        if _calls(path) & {"interpret_native", "interpret_checker", "run_verifier_retrying"}
    }
    assert readers == {"tools/judging/judge.py"}


def test_there_is_one_per_test_result_record() -> None:
    # The shapes the judge's TestResult replaced: the protocol's Cell, the catalog's TestRun, submit's
    # TestVerdict.
    classes = {
        f"{path.relative_to(ROOT)}:{node.name}"
        for path in _modules(*SHORT, "frontiersmith")
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.ClassDef) and node.name in {"TestResult", "Cell", "TestRun", "TestVerdict"}
    }
    assert classes == {"frontiersmith/models/judging.py:TestResult"}


def test_there_is_one_cross_validation_loop() -> None:
    # The loops tools/synthesis/crossval/loop.cross_validation_loop replaced: synthesis's provider-driven one and the agents'
    # own (agent_cross_validation_loop); authors plug into the one loop instead.
    loops = {
        f"{path.relative_to(ROOT)}:{fn.name}"
        for path in _modules(*SHORT, "frontiersmith")
        for fn in _functions(path)
        if fn.name.endswith("cross_validation_loop")
    }
    assert loops == {"tools/synthesis/crossval/loop.py:cross_validation_loop"}


def _package_modules() -> dict[str, Path]:
    """Every module of the import package by name (``frontiersmith.tools.judging.judge``)."""
    modules = {}
    for folder, package in PACKAGES.items():
        for path in (ROOT / folder).rglob("*.py"):
            relative = path.relative_to(ROOT / folder)
            if path.relative_to(ROOT).as_posix().startswith(PROGRAMS) or (
                folder == "frontiersmith" and relative.parts[0] in PACKAGES
            ):
                continue
            parts = list(relative.with_suffix("").parts)
            modules[".".join([package, *parts[:-1]] + ([] if parts[-1] == "__init__" else [parts[-1]]))] = (
                path
            )
    return modules


def _imports(name: str, path: Path, known: set[str]) -> set[tuple[str, int]]:
    """The modules of the package ``name`` imports, wherever the import stands (inside functions and
    ``TYPE_CHECKING`` blocks too), each with its line: ``from x import y`` names the module ``x.y`` when there
    is one, else ``x``."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            targets = [f"{module}.{a.name}" if f"{module}.{a.name}" in known else module for a in node.names]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add((target, node.lineno))
    return found


def _layer(name: str) -> tuple[int, str]:
    """The rank and name of ``name``'s layer (the package ``frontiersmith.tools`` itself holds nothing)."""
    if name == "frontiersmith.tools":
        return 0, "core"
    if name == PUBLIC:  # the package, not its modules: placed by exact name, not as every module's prefix
        return len(LAYERS) - 1, "api"
    placed = [
        (len(prefix), rank, layer)
        for rank, layers in enumerate(LAYERS)
        for layer, prefixes in layers.items()
        for prefix in prefixes
        if name == prefix or name.startswith(prefix + ".")
    ]
    _, rank, layer = max(placed)
    return rank, layer


def test_every_module_imports_only_its_own_layer_or_the_layers_below() -> None:
    modules = _package_modules()
    unplaced = sorted(m for m in modules if m.startswith("frontiersmith.tools.") and _layer(m)[1] == "core")
    assert not unplaced, "put these in a layer folder (LAYERS): " + ", ".join(unplaced)
    upward = [
        f"{modules[name].relative_to(ROOT)}:{line} ({_layer(name)[1]}) imports {target} ({_layer(target)[1]})"
        for name in sorted(modules)
        for target, line in sorted(_imports(name, modules[name], set(modules)))
        if _layer(target)[0] > _layer(name)[0]
        or (_layer(target)[0] == _layer(name)[0] and _layer(target) != _layer(name))
    ]
    assert not upward, "a layer imports only itself and the layers below it:\n" + "\n".join(upward)


def test_the_modules_import_no_cycle() -> None:
    # Imports inside functions count: a lazy import is for start-up speed, never to hide a cycle.
    modules = _package_modules()
    graph = {name: {t for t, _ in _imports(name, path, set(modules))} for name, path in modules.items()}
    cycles = [sorted(component) for component in _strongly_connected(graph) if len(component) > 1]
    assert not cycles, f"modules that import each other: {cycles}"


def _strongly_connected(graph: dict[str, set[str]]) -> list[set[str]]:
    """Tarjan's strongly connected components of ``graph`` (iterative: the graph is deep)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[set[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            nxt = next((t for t in edges if t not in index or t in on_stack), None)
            if nxt is not None and nxt not in index:
                index[nxt] = low[nxt] = len(index)
                stack.append(nxt)
                on_stack.add(nxt)
                work.append((nxt, iter(sorted(graph[nxt]))))
                continue
            if nxt is not None:
                low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                components.append(component)
    return components
