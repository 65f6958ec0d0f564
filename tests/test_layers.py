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
