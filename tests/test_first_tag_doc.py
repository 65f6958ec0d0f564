"""The "first tag in five steps" walkthrough: linked from the README's first screen, five steps, one
screenshot each, every picture present and small."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "first-tag.md"


def test_the_walkthrough_has_five_steps_each_with_its_screenshot():
    text = DOC.read_text("utf-8")
    steps = re.split(r"^## ", text, flags=re.M)[1:]
    assert [s.split(".")[0] for s in steps] == ["1", "2", "3", "4", "5"]
    for step in steps:
        [picture] = re.findall(r"!\[[^\]]+\]\(([^)]+)\)", step)
        path = DOC.parent / picture
        assert path.is_file() and path.stat().st_size < 150_000, picture


def test_the_readme_links_it_on_its_first_screen():
    first_screen = "\n".join(ROOT.joinpath("README.md").read_text("utf-8").splitlines()[:15])
    assert "(docs/first-tag.md)" in first_screen
