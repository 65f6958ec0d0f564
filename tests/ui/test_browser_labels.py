"""Nothing the Review page labels is cut off, in Spanish and beside the open sidebar (buttons such as
"Completar", "Ir a", "Borrar", page links, tabs); the code keys show the situation's name with the clause
beside it, a coach's own label in its place where they gave one (kept in the workspace's code-window
record); the frame's number is said against the last one ("0 to 598"), not as a count."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from browser_app import CHROMIUM, chromium_page, name_the_reviewer, running_app
from ui_fixtures import make_workspace

from review_app.model.coding import checked_window, default_window, save_window
from review_app.store import open_records

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian chromium is not installed at /usr/bin/chromium"),
]
SHOTS = Path(os.environ["POLO_REVIEW_SHOTS"]) if os.environ.get("POLO_REVIEW_SHOTS") else None

CUT = """() => {
  const out = [];
  const seen = (el) => el.offsetParent !== null && el.getBoundingClientRect().width > 0;
  for (const el of document.querySelectorAll(
      '[data-testid="stBaseButton-secondary"] p, [data-testid="stBaseButton-primary"] p, '
      + '[data-testid="stPageLink"] p, [data-testid="stPageLink"] span, button[role="tab"] p, '
      + '[data-testid="stExpander"] summary p, [data-testid="stWidgetLabel"] p')) {
    if (seen(el) && el.scrollWidth > el.clientWidth + 1) out.push(el.textContent);
  }
  return out;
}"""


def test_spanish_labels_are_whole_and_code_keys_name_the_situation(tmp_path):
    ws = make_workspace(tmp_path / "ws")
    rows = [c.to_dict() for c in default_window().codes]
    rows[1]["label"] = "Bocha rota del club"  # key 2: the coach's own words
    save_window(open_records(ws["data"] / "code-windows.json"), "Carla Coach",
                checked_window({"codes": rows, "lead_s": 5, "lag_s": 5}))
    args = ["--footage", str(ws["footage"]), "--annotations", str(ws["annotations"]), "--data", str(ws["data"])]
    with running_app(args, {"POLO_REVIEW_CACHE": str(tmp_path / "cache")}, tmp_path / "server.log") as url, \
            chromium_page(1280, 900) as page:
        page.goto(url)
        name_the_reviewer(page, "Carla Coach")  # signed in (issue 38), then the page in Spanish
        page.get_by_text("Español").first.click()
        page.locator("[data-polo-frame='0']").first.wait_for()
        page.get_by_text("Fotograma 0 (0 a 199)").first.wait_for()  # 200 frames, numbered 0 to 199
        keys = page.locator("button[data-code]")

        def key(n: int) -> tuple[str, str]:
            """(what the key is called, the clause beside it)"""
            button = keys.nth(n)
            clause = button.locator(".code-clause").inner_text()
            return button.inner_text().removesuffix(clause).strip(), clause

        assert key(0) == ("1 Foul", "21.b")
        assert key(1) == ("2 Bocha rota del club", "21.c")
        assert key(4) == ("5 Casco perdido", "21.h")
        page.locator("[data-polo-frame]").first.click()
        page.keyboard.press("1")  # a coded tag: the "to complete" list and its button
        page.get_by_text("Por completar (1)").wait_for()
        page.get_by_test_id("stExpandSidebarButton").click()  # the narrowest the side panel gets
        page.get_by_text("Idioma").wait_for()
        page.wait_for_timeout(1000)
        if SHOTS is not None:
            page.screenshot(path=str(SHOTS / "review-spanish-labels.png"))
        assert page.get_by_role("button", name="Completar").is_visible()
        assert page.evaluate(CUT) == []
