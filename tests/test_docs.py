"""The README documents what a user can type: every subcommand, every option of `polo-review app`,
and every POLO_REVIEW_* environment variable the package reads."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from review_app.cli import build_parser

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text("utf-8")


def subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


@pytest.mark.parametrize("name", sorted(subcommands()))
def test_every_subcommand_is_in_the_readme(name):
    assert f"polo-review {name}" in README, f"`polo-review {name}` is not described in README.md"


@pytest.mark.parametrize("option", sorted(
    opt for a in subcommands()["app"]._actions for opt in a.option_strings if opt.startswith("--") and opt != "--help"))
def test_every_app_option_is_in_the_readme(option):
    assert re.search(rf"{re.escape(option)}\b", README), f"`polo-review app {option}` is not in README.md"


def environment_variables() -> set[str]:
    found = set()
    for path in (ROOT / "review_app").rglob("*.py"):
        found |= set(re.findall(r"POLO_REVIEW_[A-Z_]+", path.read_text("utf-8")))
    return found


def test_the_package_reads_environment_variables():
    assert "POLO_REVIEW_ANNOTATIONS" in environment_variables()


@pytest.mark.parametrize("name", sorted(environment_variables()))
def test_every_environment_variable_is_in_the_readme(name):
    assert name in README, f"{name} is read by the package but not described in README.md"
