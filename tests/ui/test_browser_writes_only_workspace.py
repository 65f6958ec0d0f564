"""`polo-review app --workspace DIR` on a fresh machine (an empty HOME, an empty temp folder, no
POLO_REVIEW_* variables) writes nothing outside DIR, its cache included: a session that opens a demo
match (its frame index is built and cached), tags on it and saves lists every file written, and all
are in DIR. Its start-up lines say where, in plain words, and give an address that is right for how
it listens, with none of Streamlit's own URL lines."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from browser_app import CHROMIUM, choose, chromium_page, name_the_reviewer, running_app

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian chromium is not installed at /usr/bin/chromium"),
]


def files_under(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*") if p.is_file())


def fresh_machine(tmp_path: Path) -> dict[str, str]:
    env = {name: "" for name in os.environ if name.startswith("POLO_REVIEW_")}
    env.update({"HOME": str(tmp_path / "home"), "TMPDIR": str(tmp_path / "tmp"), "XDG_DATA_HOME": "",
                "XDG_CACHE_HOME": "", "XDG_CONFIG_HOME": "", "XDG_STATE_HOME": "", "POLO_REVIEW_CACHE": ""})
    (tmp_path / "home").mkdir()
    (tmp_path / "tmp").mkdir()
    return env


def test_the_app_writes_only_into_its_workspace_and_says_where(tmp_path):
    ws = tmp_path / "club workspace"
    env = fresh_machine(tmp_path)
    log = tmp_path / "server.log"
    with running_app(["--workspace", str(ws)], env, log) as url, chromium_page() as page:
        page.goto(url)
        name_the_reviewer(page, "Ana Coach")
        choose(page, "Match", "Demo (read-only) · Sample: Safety (Rule 21.a) (sample-safety)")
        page.locator("[data-polo-frame]").first.wait_for()
        page.get_by_role("button", name="Tag here").click()
        page.get_by_text("This is your own copy of the demo match").wait_for()
        page.get_by_role("button", name="Save").click()
        page.get_by_text("Saved e2").wait_for()
    written_outside = files_under(tmp_path / "home") + files_under(tmp_path / "tmp")
    assert written_outside == []
    inside = [p.relative_to(ws).as_posix() for p in files_under(ws)]
    assert "matches/sample-safety.json" in inside
    assert any(name.startswith("cache/index/") and name.endswith(".npz") for name in inside), inside

    said = log.read_text(errors="replace")
    assert "Network URL" not in said and "External URL" not in said and "Local URL" not in said
    lines = said.splitlines()
    assert f"polo-review: everything the app writes goes into its workspace, {ws}:" in lines
    for name, folder in (("match documents", ws / "matches"), ("footage received", ws / "footage" / "uploads"),
                         ("training scores, people and code keys", ws), ("evidence cases", ws / "evidence"),
                         ("cache (safe to delete)", ws / "cache")):
        assert any(line.split() [:len(name.split())] == name.split() and line.endswith(str(folder))
                   for line in lines), name
    assert not any(line.strip().startswith("scores ") for line in lines)  # no bare "scores FOLDER"
    # started with --address 127.0.0.1 (browser_app): the address it gives is the one it answers on
    assert any("open http://127.0.0.1:" in line and "only this computer" in line for line in lines)
