"""The layers point one way, UI → library: `review_app/ui/` holds only what imports Streamlit,
and nothing outside it does; the rules never import streamlit or cv2."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "review_app"
UI = PACKAGE / "ui"


def imported(path: Path) -> set[str]:
    tree = ast.parse(path.read_text("utf-8"))
    names = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    names |= {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    return {n.split(".")[0] for n in names}


def has_code(path: Path) -> bool:
    """A package marker holding only its docstring is no module of its own."""
    body = ast.parse(path.read_text("utf-8")).body
    return any(not (isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)) for n in body)


def modules(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.py") if has_code(p))


@pytest.mark.parametrize("path", modules(UI), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_every_ui_module_imports_streamlit(path):
    assert "streamlit" in imported(path), f"{path} holds no Streamlit: it belongs in the library package that owns it"


@pytest.mark.parametrize("path", [p for p in modules(PACKAGE) if UI not in p.parents],
                         ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_library_module_imports_streamlit(path):
    assert "streamlit" not in imported(path)


@pytest.mark.parametrize("path", modules(PACKAGE / "rules"), ids=lambda p: p.name)
def test_rules_never_import_streamlit_or_cv2(path):
    assert not imported(path) & {"streamlit", "cv2"}


def _top_level_ui_imports(path: Path) -> set[str]:
    """The ui modules `path` imports when it is imported (imports inside functions run later)."""
    found = set()
    for node in ast.parse(path.read_text("utf-8")).body:
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("review_app.ui"):
            found |= {f"{node.module}.{a.name}" if node.module == "review_app.ui" else node.module for a in node.names}
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("review_app.ui")}
    return found


def test_the_ui_modules_import_one_another_without_a_cycle():
    # A cycle works only in the order the page happens to import it, and breaks a module imported alone
    # (a test, another page): review_pick -> review_frame -> review_drawings -> review_saves -> review_pick.
    graph = {}
    for path in modules(UI):
        name = "review_app." + ".".join(path.relative_to(PACKAGE).with_suffix("").parts)
        graph[name] = {m for m in _top_level_ui_imports(path) if m != name}
    visiting, done = [], set()

    def visit(node):
        if node in done:
            return
        assert node not in visiting, "import cycle: " + " -> ".join([*visiting[visiting.index(node):], node])
        visiting.append(node)
        for nxt in graph.get(node, ()):
            visit(nxt)
        visiting.pop()
        done.add(node)

    for node in graph:
        visit(node)


# -- packages point one way: UI and CLI -> store -> library -> ground ------------------------------------
# Every import counts, those inside functions too: an import deferred into a function is still a
# dependency, and a cycle through one only waits for the call that closes it.

def _unit(module: str) -> str | None:
    """The package (or top-level module) of review_app that `module` is in."""
    parts = module.split(".")
    return parts[1] if parts[0] == "review_app" and len(parts) > 1 else None


def _imports_of(path: Path) -> list[tuple[str, int]]:
    """Every module `path` imports, anywhere in it, with the line; relative imports resolved."""
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    package = parts[:-1]  # a module's package; for __init__.py, the package itself
    found = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            found += [(a.name, node.lineno) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join(base + [node.module] if node.module else base) if node.level else node.module or ""
            found.append((module, node.lineno))
            if module == "review_app":  # `from review_app import config`: the module named
                found += [(f"review_app.{a.name}", node.lineno) for a in node.names]
    return found


def package_graph() -> dict[str, dict[str, str]]:
    """{package: {package it imports: one place that does}} over every .py file of review_app."""
    graph: dict[str, dict[str, str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        here = _unit(".".join(p for p in parts if p != "__init__"))
        if here is None:
            continue
        for module, line in _imports_of(path):
            there = _unit(module)
            if there and there != here:
                graph.setdefault(here, {}).setdefault(there, f"{path.relative_to(PACKAGE.parent)}:{line}")
    return graph


def cycles(graph: dict[str, dict[str, str]]) -> list[list[str]]:
    """The groups of two or more packages that import one another, directly or not (Tarjan's components)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph.get(v, {}):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_the_cycle_finder_finds_a_cycle_through_an_import_inside_a_function():
    # the test below can fail: a -> b at the top, b -> c, and c -> a inside a function make one cycle
    assert cycles({"a": {"b": "x"}, "b": {"c": "y"}, "c": {"a": "z"}, "d": {"a": "w"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b": "x"}, "b": {"c": "y"}}) == []


def test_no_cycle_between_packages_counting_imports_inside_functions():
    graph = package_graph()
    found = cycles(graph)
    ties = ["; ".join(f"{a} -> {b} ({where})" for a in group for b, where in sorted(graph[a].items()) if b in group)
            for group in found]
    assert not found, "package cycles:\n" + "\n".join(ties)


def test_the_ground_floor_stands_on_nothing_of_the_product():
    # atomic write, lock, hash, intake, roles: every package may use them, so they may use none
    assert set(package_graph().get("ground", {})) <= {"errors"}


def test_only_the_ui_and_the_command_line_open_stores():
    # The library is handed the store it works on (as a scene detector is handed the video): a store
    # opened inside it would be one the caller cannot choose, test or share.
    opening = {f"{path.relative_to(PACKAGE.parent)}:{line}"
               for path in PACKAGE.rglob("*.py")
               if not {"ui", "_cli", "store"} & set(path.relative_to(PACKAGE).parts[:1])
               for module, line in _imports_of(path) if module == "review_app.store"
               or module.startswith("review_app.store.")}
    assert not opening, f"library code importing the store: {sorted(opening)}"


def test_the_store_never_imports_the_checker_and_the_model_never_the_store():
    graph = package_graph()
    assert "checker" not in graph.get("store", {}), graph["store"].get("checker")
    assert "store" not in graph.get("model", {}), graph["model"].get("store")


def test_the_checker_decodes_no_footage():
    # The check is the verdicts; the stills of the HTML report are `reports.consistency`'s (through drawings)
    graph = package_graph()
    assert not {"drawings", "footage", "reports", "sound"} & set(graph.get("checker", {})), graph.get("checker")
    libraries = {module.split(".")[0] for path in (PACKAGE / "checker").rglob("*.py")
                 for module, _ in _imports_of(path)}
    assert not libraries & {"av", "cv2"}


# -- short functions: none over 60 lines (the developers' guide; issue 40) -----------------------------------

MAX_FUNCTION_LINES = 60


def long_functions(root: Path, limit: int = MAX_FUNCTION_LINES) -> list[tuple[str, str, int]]:
    """(file relative to `root`, function, lines) of every function or method below `root` longer than `limit`
    lines, from its `def` (decorators not counted) to its last line."""
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = node.end_lineno - node.lineno + 1
                if lines > limit:
                    found.append((path.relative_to(root).as_posix(), node.name, lines))
    return found


def test_the_long_function_finder_counts_nested_functions_and_methods(tmp_path):
    # the test below can fail: a method, and a function nested in another, are each counted on their own
    def lines(n: int, indent: str) -> str:
        return "".join(f"{indent}x{i} = {i}\n" for i in range(n))

    (tmp_path / "m.py").write_text("class A:\n    def long(self):\n" + lines(60, " " * 8)
                                   + "def outer():\n    def inner():\n" + lines(60, " " * 8)
                                   + "def short():\n" + lines(59, " " * 4), "utf-8")
    assert sorted(long_functions(tmp_path)) == [("m.py", "inner", 61), ("m.py", "long", 61), ("m.py", "outer", 62)]


def test_no_function_in_review_app_is_over_60_lines():
    found = long_functions(PACKAGE)
    assert not found, f"functions over {MAX_FUNCTION_LINES} lines (split each into plainly named parts): " + \
        ", ".join(f"{f}:{name} ({n} lines)" for f, name, n in found)
