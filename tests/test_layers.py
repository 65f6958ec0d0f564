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
