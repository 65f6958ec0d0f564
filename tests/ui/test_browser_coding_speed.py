"""A whole clip at the speed of play, in headless Chromium, on a two-minute 29.97 fps recording made here
with eight whistles (tests/ui/whistle_match.py, not a sample): the product hears the eight at their frames;
T pressed at once after a jump and arrow steps tags the frame then painted; a code key pressed 0.6 s (of
footage) after each whistle, while the footage plays, binds its tag to the whistle just heard, and three
descriptor keys after it (2: right of way, O1/O2: the offender's team) complete it as a 21.b foul with its
whistle, restart and penalty to the fouled team, with no verdict incomplete. Each stoppage's keys and the
wait for the app to save it are printed (and kept as JSON beside the screenshots when POLO_REVIEW_SHOTS is
set)."""

from __future__ import annotations

import json
import os
import statistics
import time
from pathlib import Path

import pytest
import whistle_match
from browser_app import until
from test_browser import (  # noqa: F401
    CHROMIUM,
    app_on,
    browser,
    go_to_frame,
    on_screen,
    open_page,
    painted,
)

from review_app.checker import check_document
from review_app.model import load_document

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian chromium is not installed at /usr/bin/chromium"),
]
SHOTS = os.environ.get("POLO_REVIEW_SHOTS")
FPS = float(whistle_match.FPS)
KEY_AFTER_S = 0.6  # the coach presses the code key this long (of footage) after the whistle
HOLD_S = 1.5  # frame_timeline.js DESCRIBE_MS: a tag is sent this long after its last descriptor key


def shot(page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"))


def saved_by_the_app(page) -> bool:
    """The view has sent its codes and heard that the app saved them all."""
    return page.evaluate("() => { const c = window.__poloReviewActiveView.coding;"
                         " return c.open === null && c.pending.length === 0; }")


def t_tags_the_painted_frame(page, whistles: list[int]) -> list[tuple[int, int]]:
    """Go to a frame, step back with the arrow keys and press T at once: (frame painted, frame tagged)."""
    out = []
    for w in whistles:
        go_to_frame(page, w + 10)
        for _ in range(3):
            page.keyboard.press("ArrowLeft")
        page.keyboard.press("t")
        heading = page.get_by_text("New tag e1 at frame ")
        until(lambda w=w, heading=heading: f"at frame {w + 7} " in heading.inner_text(), f"the form on frame {w + 7}")
        out.append((painted(page), int(heading.inner_text().split("at frame ")[1].split()[0])))
    return out


def code_a_stoppage(page, whistle: int, offender: str) -> dict:
    """Play into the stoppage, press the foul's code key 0.6 s after its whistle and describe it; the keys and
    the wait for the app's save."""
    go_to_frame(page, whistle - 60)
    page.keyboard.press("l")
    until(lambda: painted(page) >= whistle + round(KEY_AFTER_S * FPS), "play to reach the key's moment", every=0.01)
    key_frame = painted(page)
    keys = ["1", "2", "o", offender]
    for k in keys:
        page.keyboard.press(k)
    sent = time.monotonic() + HOLD_S
    until(lambda: saved_by_the_app(page), "the app to save the coded tag")
    waited = max(0.0, time.monotonic() - sent)
    page.keyboard.press("k")
    return {"whistle": whistle, "key_frame": key_frame, "keys": len(keys), "clicks": 0, "typed_fields": 0,
            "actions": len(keys), "wait_s": round(waited, 2)}


def test_a_whole_clip_coded_from_the_keyboard_while_it_plays(app_on, browser, match_video):  # noqa: F811
    url, ws = app_on(match_video, tags=False)
    whistles = whistle_match.whistle_frames()
    page = open_page(browser, url, width=1500, height=1100)
    on_screen(page, 0)
    # the product hears the eight whistles, each at its frame
    page.get_by_text("Whistles not yet reviewed (8 of 8)").wait_for(timeout=180_000)
    buttons = page.get_by_role("button", name="Whistle at ")
    until(lambda: buttons.count() >= len(whistles), "the list's buttons after its title")  # drawn one by one
    listed = buttons.all_inner_texts()
    heard = [int(t.split("(frame ")[1].rstrip(")")) for t in listed]
    # each within a frame of its truth (issue 36's onset target; a whistle starting at a frame's very edge may be
    # heard in the frame before), and the stoppages are coded at the whistles as heard
    assert all(abs(h - w) <= 1 for h, w in zip(heard, whistles, strict=True)), (heard, whistles)
    whistles = heard

    # T after a jump and three steps back, pressed at once: the frame painted, never another
    stepped = t_tags_the_painted_frame(page, whistles[4:])
    assert all(shown == tagged for shown, tagged in stepped), stepped
    shot(page, "3-t-form-with-its-key-hints")
    prefilled = page.get_by_text("Pre-filled from what is known")
    # a rerun may show the old caption beside the new one for a moment: wait for the one form
    until(lambda: prefilled.count() == 1, "one pre-filled caption")
    prefilled.scroll_into_view_if_needed()
    assert "Restart: Penalty" in prefilled.inner_text()
    shot(page, "3b-t-form-call-pre-filled")
    page.get_by_role("button", name="Cancel").click()

    rows = []
    for n, w in enumerate(whistles):
        rows.append(code_a_stoppage(page, w, "1" if n % 2 == 0 else "2"))
        if n == 0:
            page.keyboard.press("l")  # the hint of the next stoppage's keys, shown while they are typed
            until(lambda w=w: painted(page) >= w + 40, "play to go on")
            page.keyboard.press("1")
            page.keyboard.press("2")
            page.keyboard.press("o")
            page.get_by_test_id("polo-code-hint").scroll_into_view_if_needed()
            shot(page, "1-code-key-and-its-descriptor-keys")
            page.keyboard.press("Escape")  # a slip: no tag
            page.keyboard.press("k")
    doc = load_document(ws["document"])
    results, _findings = check_document(doc)
    tags = sorted(doc.events, key=lambda e: e["position"]["frame"])
    assert len(tags) == 8, [e["position"] for e in tags]  # none from the code key given up with Escape
    teams = [t["id"] for t in doc.match["teams"]]
    for n, (tag, w) in enumerate(zip(tags, whistles, strict=True)):
        assert tag["situation"] == "21.b"
        assert tag["position"]["frame"] == w and tag["moments"]["whistle"]["frame"] == w  # the whistle just heard
        assert tag["call"]["whistle"] == "at_once" and tag["call"]["restart"] == "penalty"
        offender = teams[n % 2]
        assert tag["involved"]["offender"] == {"team": offender}
        assert tag["call"]["penalty_to"] == next(t for t in teams if t != offender)  # the fouled team
        assert "call" not in (tag.get("not_recorded") or [])
    verdicts = {r.event: r.verdict for r in results}
    assert not [e for e, v in verdicts.items() if v == "incomplete"], verdicts
    page.get_by_text("Whistles not yet reviewed (0 of 8)").wait_for()
    page.get_by_test_id("stDataFrame").last.scroll_into_view_if_needed()
    shot(page, "2-eight-tags-completed-from-the-keyboard-with-verdicts")
    page.get_by_role("button", name="Edit").click()  # e1, as the form shows it, and its verdict once saved
    page.get_by_text("Edit tag e1 at frame").wait_for()
    page.get_by_role("button", name="Save").click()
    page.get_by_text("Saved e1: Consistent").wait_for()
    page.get_by_text("Saved e1: Consistent").scroll_into_view_if_needed()
    shot(page, "4-verdict-of-a-tag-coded-from-the-keyboard")
    actions = statistics.median(r["actions"] for r in rows)
    wait = statistics.median(r["wait_s"] for r in rows)
    print("\nstoppage | whistle frame | key frame | keys | clicks | typed fields | actions | wait s")
    for n, r in enumerate(rows, 1):
        print(f"{n} | {r['whistle']} | {r['key_frame']} | {r['keys']} | 0 | 0 | {r['actions']} | {r['wait_s']}")
    print(f"median actions {actions}, median wait {wait} s, load {os.getloadavg()}")
    if SHOTS:
        (Path(SHOTS) / "stoppages.json").write_text(json.dumps({"rows": rows, "load": os.getloadavg(),
                                                                "t_tags": stepped}, indent=2))
    assert actions <= 4
