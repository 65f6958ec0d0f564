"""The manual in docs/ documents what a user can type: every command and subcommand with every option
(docs/commands.md, written from the parsers and current), every option of `polo-review app` in its
chapter, every POLO_REVIEW_* environment variable the package reads; the README keeps a newcomer's first
screen (the Quick start's two commands, the first tag, the commands table) and links every chapter."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from review_app._cli import reference
from review_app.cli import build_parser

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text("utf-8")
DOCS = ROOT / "docs"
MANUAL = "\n".join(p.read_text("utf-8") for p in sorted(DOCS.glob("*.md")))
COMMANDS = (DOCS / "commands.md").read_text("utf-8")
CHAPTERS = ("app", "rules", "match-document", "footage", "sound", "live", "evidence", "panels", "teaching",
            "assessment", "interchange", "database", "layout")


def subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


ALL = [(" ".join(words), parser) for words, parser, _ in reference.commands(build_parser())]


def test_the_commands_reference_is_current():
    assert reference.render() == COMMANDS, "docs/commands.md is behind: run python -m review_app._cli.reference"


def test_the_reference_fills_in_the_help_texts_as_help_does():
    # argparse's %(choices)s and %(default)s are filled in by --help; the reference once showed them raw
    assert "%(" not in COMMANDS
    assert "| the file's format, one of `sportscode-xml`, `eaf`, `csv` (default: from its name) |" in COMMANDS


@pytest.mark.parametrize("words", [w for w, _ in ALL])
def test_every_command_and_subcommand_has_its_page_in_the_reference(words):
    assert f"\n## polo-review {words}\n" in COMMANDS


@pytest.mark.parametrize("words, option", [
    (w, o) for w, p in ALL for a in p._actions for o in a.option_strings if o.startswith("--") and o != "--help"])
def test_every_option_is_documented_under_its_command(words, option):
    page = COMMANDS.split(f"\n## polo-review {words}\n", 1)[1].split("\n## ", 1)[0]
    assert re.search(rf"`{re.escape(option)}\b", page), f"`polo-review {words} {option}` is not in docs/commands.md"


@pytest.mark.parametrize("name", sorted(subcommands()))
def test_every_subcommand_is_in_the_readmes_commands_table(name):
    table = README.split("\n## Commands\n", 1)[1].split("\n## ", 1)[0]
    assert f"`polo-review {name}" in table, f"`polo-review {name}` is not in the README's commands table"


@pytest.mark.parametrize("option", sorted(
    opt for a in subcommands()["app"]._actions for opt in a.option_strings if opt.startswith("--") and opt != "--help"))
def test_every_app_option_is_in_the_apps_chapter(option):
    assert re.search(rf"{re.escape(option)}\b", (DOCS / "app.md").read_text("utf-8")), \
        f"`polo-review app {option}` is not in docs/app.md"


def test_the_apps_chapter_gives_the_address_the_app_listens_on_by_default():
    """Issue 40: docs/app.md said the app answers on every interface by default, where `--help` and the start-up
    lines say 127.0.0.1 (this computer only)."""
    from review_app._cli.app_cmd import LOCAL, address_lines, listen_address

    text = " ".join((DOCS / "app.md").read_text("utf-8").split())
    args = subcommands()["app"].parse_args([])
    assert listen_address(args, {}) == LOCAL and "only this computer" in address_lines(args)[0]
    assert "every interface (the default)" not in text
    assert f"By default it answers on `{LOCAL}`, this computer only" in text


def environment_variables() -> set[str]:
    found = set()
    for path in (ROOT / "review_app").rglob("*.py"):
        found |= set(re.findall(r"POLO_REVIEW_[A-Z_]+", path.read_text("utf-8")))
    return found


def test_the_package_reads_environment_variables():
    assert "POLO_REVIEW_ANNOTATIONS" in environment_variables()


@pytest.mark.parametrize("name", sorted(environment_variables()))
def test_every_environment_variable_is_in_the_manual(name):
    assert name in MANUAL, f"{name} is read by the package but not described in docs/"


def test_the_readme_is_a_newcomers_first_screen_and_links_every_chapter():
    lines = README.splitlines()
    block = README.split("```bash\n", 1)[1].split("```", 1)[0]
    assert block == "pip install -e . && polo-review app\npip install -e '.[test]' && pytest\n"  # Quick start, as ever
    headings = [ln for ln in lines if ln.startswith("## ")]
    assert headings[:3] == ["## Quick start", "## The first tag in five steps", "## Commands"]
    first_tag = lines.index("## The first tag in five steps")
    assert first_tag < 40 and "Press **T**" in "\n".join(lines[first_tag:first_tag + 12])
    for chapter in CHAPTERS:
        assert f"(docs/{chapter}.md)" in README and (DOCS / f"{chapter}.md").is_file(), chapter
    assert len(README.encode()) < 12_000


def test_every_link_between_the_pages_leads_to_a_page_and_a_heading_there():
    def anchor(title: str) -> str:
        return re.sub(r"[^\w\- ]", "", title.strip().lower()).replace(" ", "-")

    for page in [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]:
        for target, fragment in re.findall(r"\]\(([^)#\s]+\.md)(?:#([^)]+))?\)", page.read_text("utf-8")):
            linked = (page.parent / target).resolve()
            assert linked.is_file(), f"{page.name} links {target}, which is not there"
            if fragment:
                titles = re.findall(r"(?m)^#+ (.*)$", linked.read_text("utf-8"))
                assert fragment in {anchor(t) for t in titles}, f"{page.name} links {target}#{fragment}"
