"""The tag form in the browser (review_app/ui/review/form_view.js), in headless Chromium, on the two-minute 29.97 fps
recording with eight whistles (tests/ui/whistle_match.py, not a sample): T at a whistle opens it; the situation,
the facts and the call are filled from the keyboard alone ("foul", Enter, a digit for the foul's kind, O1 for the
offender, Tab, Enter); the app hears nothing until Save, one message on Save, and answers with the verdict. The
browser's situation search picks what the app's own search (rules.search.search_provisions) picks. Screenshots
with POLO_REVIEW_SHOTS=DIR."""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path

import browser_app
import pytest
import whistle_match
from test_browser import (  # noqa: F401
    CHROMIUM,
    FRAME,
    app_on,
    browser,
    go_to_frame,
    on_screen,
    open_page,
)

from review_app.checker import check_document
from review_app.model import load_document
from review_app.rules.search import search_provisions

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian chromium is not installed at /usr/bin/chromium"),
]
SHOTS = os.environ.get("POLO_REVIEW_SHOTS")
FORM = "[data-testid='polo-tag-form']"
# what has the focus, inside the component's shadow root
FOCUSED = ("(document.activeElement.shadowRoot ? document.activeElement.shadowRoot.activeElement"
           " : document.activeElement)")
QUERIES = ["21.b", "foul", "Foul", "21f4", "21.f(1)(ii)", "casco", "lesion", "period ends", "broken tack", "helmet",
           "dead ball", "safety", "penalty", "21.g", "girth", "cincha", "falta", "21", "zzz", "  foul  ",
           "injured mount", "time-out", "Árbitro", "21.general"]


def shot(page, name: str, form: bool = False) -> None:
    """The page as a PNG in POLO_REVIEW_SHOTS; `form`: scrolled to the tag form's situation and facts first."""
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        if form:
            page.get_by_test_id("polo-tag-form-situation").evaluate("(e) => e.scrollIntoView({block: 'start'})")
            page.wait_for_timeout(300)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"))


def sent_to_the_app(page) -> list:
    """Every message the page sends the app from now on (Streamlit's one websocket, /_stcore/stream)."""
    sent: list = []

    def on_socket(ws) -> None:
        if "/_stcore/stream" in ws.url:
            ws.on("framesent", lambda payload: sent.append(payload))

    page.on("websocket", on_socket)
    return sent


def open_the_form_at(page, whistle: int, n: int) -> None:
    """Go to the whistle's frame (navigation, not counted) and press T: the form opens with the search focused."""
    go_to_frame(page, whistle)
    page.locator(FRAME).click()
    page.keyboard.press("t")
    page.get_by_text(f"New tag e{n} at frame {whistle} ").wait_for()
    page.wait_for_function(f"() => {FOCUSED} && {FOCUSED}.classList.contains('tf-search')", timeout=10_000)
    time.sleep(2.5)  # the frame view's settled position, told once the focus left it, lands before counting


def the_search_is_the_apps(page) -> None:
    """The browser's search picks what the app's search (rules.search.search_provisions) picks."""
    situations = page.evaluate("() => window.__poloReviewTagForm.data.situations")
    for q in QUERIES:
        assert page.evaluate("([s, q]) => window.__poloReviewTagSearch(s, q)", [situations, q]) == \
            [p.id for p in search_provisions(q)], q


def fill_and_save(page, sent: list, whistle: int, n: int, offender: str) -> dict:
    """The stoppage's tag from the keyboard alone: the situation ("foul", Enter; later tags start on the 21.b of
    the tag before, Enter), the foul's kind (2), the offender (O1/O2), the umpire on the first (U1, pre-filled on
    the next ones as the one last tagged), Ctrl+Enter. Returns its keys, messages and the wait for the verdict."""
    before = len(sent)
    keys = ["t"]
    typed = 0
    if n == 1:
        page.keyboard.type("foul")
        typed = 1
        assert page.locator(f"{FORM} .tf-results [role=option]").first.inner_text().startswith("21.b — Foul")
        shot(page, "form-1-search-foul")
    for k in ["Enter", "2", "o", offender] + (["u", "1"] if n == 1 else []):
        keys.append(k)
        page.keyboard.press(k)
    assert "21.b — Foul called" in page.get_by_test_id("polo-tag-form-situation").inner_text()
    if n == 2:
        shot(page, "form-2-with-its-key-hints", form=True)
    assert len(sent) == before, [re.findall(rb"[ -~]{6,}", bytes(m)) for m in sent[before:]]
    # nothing typed reached the frame view ("foul" holds L, play; the digits are its code keys, O its loop out)
    assert page.locator(FRAME).get_attribute("data-polo-frame") == str(whistle)
    assert page.evaluate("() => !window.__poloReviewActiveView.playing")
    prefilled = page.get_by_test_id("polo-tag-form-prefilled").inner_text()
    assert "Restart: Penalty" in prefilled and "Whistle: At once" in prefilled, prefilled
    if n > 1:
        assert "Umpire who made the call: Umpire One" in prefilled, prefilled  # the one last tagged
    keys.append("Control+Enter")
    start = time.monotonic()
    page.keyboard.press("Control+Enter")
    page.get_by_text(f"Saved e{n}:").wait_for()
    waited = time.monotonic() - start
    time.sleep(1.0)  # anything the page would send after the answer is counted too
    verdict = page.get_by_text(f"Saved e{n}:").inner_text()
    assert "Consistent" in verdict, verdict
    return {"whistle": whistle, "keys": keys, "typed_fields": typed, "clicks": 0,
            "actions": len(keys) + typed, "messages_filling": 0, "messages_on_save": len(sent) - before,
            "wait_s": round(waited, 2)}


def test_tags_from_the_keyboard_in_one_round_trip_each(app_on, browser, match_video):  # noqa: F811
    url, ws = app_on(match_video, tags=False)
    whistles = whistle_match.whistle_frames()[1:5]
    page = browser.new_page(viewport={"width": 1500, "height": 1100})
    page.set_default_timeout(60_000)
    sent = sent_to_the_app(page)  # from the page's first message on
    page.goto(url)
    browser_app.name_the_reviewer(page, "Browser Coach")
    # the sound listened to: its progress (a fragment the page reruns on a timer) is over
    page.get_by_text("Whistles not yet reviewed (8 of 8)").wait_for(timeout=180_000)
    rows = []
    for n, whistle in enumerate(whistles, 1):
        open_the_form_at(page, whistle, n)
        if n == 1:
            the_search_is_the_apps(page)
        rows.append(fill_and_save(page, sent, whistle, n, "1" if n % 2 else "2"))
        if n == 1:
            page.get_by_text("Saved e1:").scroll_into_view_if_needed()
            shot(page, "form-3-verdict-after-save")
    page.locator(FRAME).click()  # a form opened and given up: Escape, nothing saved
    page.keyboard.press("t")
    page.get_by_text(f"New tag e5 at frame {whistles[-1]} ").wait_for()
    page.wait_for_function(f"() => {FOCUSED} && {FOCUSED}.classList.contains('tf-search')", timeout=10_000)
    page.keyboard.press("Escape")
    page.get_by_text("New tag e5 at frame").wait_for(state="detached")
    doc = load_document(ws["document"])
    assert len(doc.events) == 4
    teams = [t["id"] for t in doc.match["teams"]]
    results = {r.event: r.verdict for r in check_document(doc)[0]}
    for n, tag in enumerate(sorted(doc.events, key=lambda e: e["position"]["frame"]), 1):
        offender = teams[(n + 1) % 2]
        assert tag["situation"] == "21.b" and tag["position"]["frame"] == whistles[n - 1]
        assert tag["involved"] == {"offender": {"team": offender}, "umpire": "Umpire One"}
        assert tag["call"]["penalty_to"] != offender and tag["call"]["whistle"] == "at_once"
        assert tag["reviewer"] == "Browser Coach" and results[tag["id"]] == "consistent"
    print("\nstoppage | whistle | keys | typed fields | clicks | actions | messages filling | on Save | wait s")
    for n, r in enumerate(rows, 1):
        print(f"{n} | {r['whistle']} | {' '.join(r['keys'])} | {r['typed_fields']} | 0 | {r['actions']} | "
              f"0 | {r['messages_on_save']} | {r['wait_s']}")
    print(f"load {os.getloadavg()}")
    if SHOTS:
        (Path(SHOTS) / "tag-form-stoppages.json").write_text(json.dumps({"rows": rows, "load": os.getloadavg()},
                                                                        indent=2))
    assert all(r["messages_on_save"] == 1 for r in rows), rows


def test_the_form_in_spanish_with_its_keys(app_on, browser):  # noqa: F811
    """The same form in Spanish: its words from the catalogue, the keys the same, the verdict in Spanish."""
    url, ws = app_on(None)
    page = browser.new_page(viewport={"width": 1500, "height": 1100})
    page.set_default_timeout(60_000)
    page.goto(url)
    browser_app.name_the_reviewer(page, "Carla Coach")  # and at once to Spanish (open_page waits for the frame)
    page.get_by_text("Español").first.click()
    page.get_by_text("Fotograma 0 (0 a 199)").first.wait_for()
    go_to_frame(page, 150, "Ir al fotograma")
    page.locator(FRAME).click()
    page.keyboard.press("t")
    page.get_by_text("Nueva etiqueta e3 en el fotograma 150").wait_for()
    page.get_by_label("Buscar la situación (disposición o nombre)").wait_for()
    page.wait_for_function(f"() => {FOCUSED}.classList.contains('tf-search')", timeout=10_000)
    page.keyboard.type("casco")
    assert page.locator(f"{FORM} .tf-results [role=option]").first.inner_text().startswith("21.h — ")
    page.keyboard.press("Control+A")  # a search typed anew
    page.keyboard.type("foul")
    page.keyboard.press("Enter")
    kinds = page.get_by_role("listbox", name="Tipo de foul")
    assert kinds.evaluate("(e) => e === e.getRootNode().activeElement")
    page.keyboard.press("1")
    page.keyboard.press("o")
    page.keyboard.press("2")
    assert "Rellenado con lo que se sabe" in page.get_by_test_id("polo-tag-form-prefilled").inner_text()
    page.get_by_label("Notas").fill("gancho")
    shot(page, "form-4-in-spanish", form=True)
    # the frame view plays and pauses: the page reruns (its position told), and what was typed stays
    runs = page.evaluate("() => window.__poloReviewTagForm.token")
    page.locator(FRAME).click()
    page.keyboard.press("l")
    page.wait_for_timeout(1500)
    page.keyboard.press("k")
    page.wait_for_timeout(3500)
    assert page.evaluate("() => window.__poloReviewTagForm.token") == runs
    assert kinds.get_by_role("option", selected=True).inner_text().endswith("Foul peligroso")
    assert page.get_by_label("Notas").input_value() == "gancho"
    assert "21.b — " in page.get_by_test_id("polo-tag-form-situation").inner_text()
    kinds.focus()
    page.keyboard.press("Control+Enter")
    page.get_by_text("Guardada e3:").wait_for()
    page.get_by_text("Guardada e3:").scroll_into_view_if_needed()
    shot(page, "form-5-verdict-in-spanish")
    doc = load_document(ws["document"])
    e3 = next(e for e in doc.events if e["id"] == "e3")
    assert e3["situation"] == "21.b" and e3["facts"]["kind"] == "dangerous"
    assert e3["involved"]["offender"] == {"team": "B"} and e3["call"]["penalty_to"] == "A"
    assert e3["notes"] == "gancho"


def test_t_again_moves_the_open_tag_its_pre_fills_follow_and_what_was_typed_stays(app_on, browser,  # noqa: F811
                                                                                 match_video):
    url, ws = app_on(match_video, tags=False)
    whistles = whistle_match.whistle_frames()
    page = open_page(browser, url, width=1500, height=1100)
    page.get_by_text("Whistles not yet reviewed (8 of 8)").wait_for(timeout=180_000)
    open_the_form_at(page, whistles[-2] + 7, 1)  # 15 s before the last whistle: bound to it, delayed
    page.keyboard.type("foul")
    page.keyboard.press("Enter")
    page.keyboard.press("3")  # the foul's kind: mechanics
    prefilled = page.get_by_test_id("polo-tag-form-prefilled")
    assert "Whistle: Delayed" in prefilled.inner_text()
    go_to_frame(page, whistles[-1] + 7)  # after the last whistle: none to bind to
    page.locator(FRAME).click()
    page.keyboard.press("t")
    page.get_by_text(f"New tag e1 at frame {whistles[-1] + 7} ").wait_for()
    page.get_by_role("button", name="Whistle: not set").wait_for()
    until_text = time.monotonic() + 10
    while "Whistle:" in prefilled.inner_text() and time.monotonic() < until_text:
        time.sleep(0.1)
    assert "Whistle:" not in prefilled.inner_text(), prefilled.inner_text()  # the pre-fill followed
    kinds = page.get_by_role("listbox", name="Kind of foul")
    assert kinds.get_by_role("option", selected=True).inner_text().endswith("Mechanics")  # typed: kept


def a_foul_tagged_at_150(app_on, browser):  # noqa: F811
    """The page of the bundled match (and its workspace), the form opened by T at frame 150, 21.b chosen by keys."""
    url, ws = app_on(None)
    page = open_page(browser, url, width=1500, height=1100)
    go_to_frame(page, 150)
    page.locator(FRAME).click()
    page.keyboard.press("t")
    page.get_by_text("New tag e3 at frame 150").wait_for()
    page.wait_for_function(f"() => {FOCUSED}.classList.contains('tf-search')", timeout=10_000)
    page.keyboard.type("foul")
    page.keyboard.press("Enter")
    return page, ws


def test_the_tenth_offender_has_a_key_and_shows_it(app_on, browser):  # noqa: F811
    """The walk: the offender's choices are two teams (O1, O2) and eight players; with O1, O2 and 3-9 taken,
    Bravo #4 had no key. It has 0, shown on its choice, and 0 picks it."""
    page, ws = a_foul_tagged_at_150(app_on, browser)
    offender = page.get_by_role("listbox", name="Offence committed by (who the penalty or card is against)")
    last = offender.get_by_role("option").last
    assert last.inner_text().replace("\n", " ").strip() == "0 Bravo #4"
    offender.focus()
    page.keyboard.press("0")
    assert offender.get_by_role("option", selected=True).inner_text().endswith("Bravo #4")
    page.keyboard.press("Control+Enter")
    page.get_by_text("Saved e3:").wait_for()
    e3 = next(e for e in load_document(ws["document"]).events if e["id"] == "e3")
    assert e3["involved"]["offender"] == {"team": "B", "number": 4}


def test_who_a_card_was_shown_to_is_asked_once_a_card_is_shown(app_on, browser):  # noqa: F811
    """The walk: "Card shown to" took a Tab stop on every tag, though most stoppages show no card. It is out of sight
    (and of the Tab order) until a card is chosen, and stays in sight while it holds a player, so nothing the tag
    records is hidden."""
    page, _ws = a_foul_tagged_at_150(app_on, browser)
    card = page.get_by_role("listbox", name="Card", exact=True)
    shown_to = page.locator(f"{FORM} [data-field='call.card_to']")
    assert card.is_visible() and not shown_to.is_visible()
    card.focus()
    page.keyboard.press("Tab")  # from the card to the field after "Card shown to"
    assert page.evaluate(f"() => {FOCUSED}.dataset.name") not in ("call.card", "call.card_to")
    card.get_by_role("option", name="Yellow").click()
    shown_to.wait_for(state="visible")
    card.focus()
    page.keyboard.press("Tab")
    assert page.evaluate(f"() => {FOCUSED}.dataset.name") == "call.card_to"
    card.get_by_role("option", name="None").click()  # no card after all: the question goes again
    shown_to.wait_for(state="hidden")
    card.get_by_role("option", name="Red").click()
    shown_to.get_by_role("option").first.click()
    card.get_by_role("option", name="None").click()  # a player chosen stays in sight, to be taken back or kept
    assert shown_to.is_visible()
    shot(page, "form-card-shown-to", form=True)
