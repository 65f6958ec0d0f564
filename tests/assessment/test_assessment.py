"""The umpire assessment over a match and a season: the key incidents, clear and obvious errors, required
calls missed, counts by clause, development points, the trend; HTML in both languages, CSV, and a PDF
printed by Chromium."""

from __future__ import annotations

import csv
import io
import itertools
import json
import math
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
from assessment_docs import season, write_season

from review_app.assessment.marks import AssessmentError, event_marks, with_marks
from review_app.assessment.output import to_csv, to_html, trend
from review_app.assessment.report import assess, umpires
from review_app.cli import main
from review_app.model import document_from_data, validate

CHROMIUM = Path("/usr/bin/chromium")
ROOT = Path(__file__).resolve().parents[2]
NOW = datetime(2026, 6, 20, 9, 0, tzinfo=UTC)


@pytest.fixture
def docs():
    return [document_from_data(d) for d in season()]


def test_incidents_correct_incorrect_missed_and_not_judged(docs):
    a = assess(docs, "Ana Umpire")
    assert [m.match for m in a.matches] == ["m-0601", "m-0608", "m-0615"]  # in date order
    second = {i.event: i for i in a.matches[1].incidents}
    assert set(second) == {"e1", "e2", "e3"}  # e4 is Ben Umpire's
    assert (second["e1"].correct, second["e1"].clear_error, second["e1"].affected_outcome) == (False, True, True)
    assert second["e2"].correct is False and second["e2"].missed  # an injured player, play not stopped
    assert second["e3"].correct is None and not second["e3"].missed  # the facts cannot judge it
    assert (a.total("correct"), a.total("incorrect"), a.total("not_judged")) == (3, 2, 1)
    assert (a.total("clear_errors"), a.total("missed"), a.total("unassessed")) == (1, 2, 1)
    by = {c.clause: (c.incidents, c.correct, c.incorrect, c.not_judged) for c in a.by_clause}
    assert by == {"21.a": (1, 0, 1, 0), "21.b": (2, 1, 0, 1), "21.d": (1, 0, 1, 0), "21.j": (2, 2, 0, 0)}
    assert [c.clause for c in a.by_clause] == ["21.a", "21.b", "21.d", "21.j"]  # the rulebook's order
    assert umpires(docs) == ["Ana Umpire", "Ben Umpire"]


def test_the_trend_places_each_match_by_its_share_of_correct_calls(docs):
    t = trend(assess(docs, "Ana Umpire").matches)
    shares = [p.share for p in t.points]
    assert shares == [1.0, 0.0, 1.0]
    assert t.points[0].y == t.top and t.points[1].y == t.bottom and t.points[1].clear_errors == 1
    assert t.points[0].x < t.points[1].x < t.points[2].x


@pytest.mark.parametrize("lang, words", [
    ("en", ["Umpire assessment: Ana Umpire", "Season: 3 matches, 2026-06-01 to 2026-06-15", "Clear and obvious errors",
            "Calls the rule required that were missed", "Call the rule requires", "Development points",
            "Trend across the season", "Not judged (facts missing)"]),
    ("es", ["Evaluación del Umpire: Ana Umpire", "Temporada: 3 partidos", "Errores claros y obvios",
            "Puntos de desarrollo", "Sin juzgar (faltan hechos)"]),
])
def test_html_in_each_language(docs, lang, words):
    html = to_html(assess(docs, "Ana Umpire"), lang, generated=NOW)
    for w in words:
        assert w in html, w
    assert "<svg" in html and "<polyline" in html and "<script" not in html.lower()
    # the coach's text and the match names are escaped, never markup
    assert "&lt;b&gt;stay wide&lt;/b&gt; &amp; watch" in html and "Gold v Green &amp; Co" in html
    assert "@media print" in html and "http://" not in html.replace('xmlns="http://www.w3.org/2000/svg"', "")


def test_one_match_has_no_trend(docs):
    html = to_html(assess(docs[1:2], "Ana Umpire"), "en", generated=NOW)
    assert "Gold v Green &amp; Co · 2026-06-08" in html and "<svg" not in html


def test_csv_rows_in_the_language_asked(docs):
    rows = list(csv.DictReader(io.StringIO(to_csv(assess(docs, "Ana Umpire"), "es"))))
    assert len(rows) == 6
    safety = next(r for r in rows if r["match"] == "m-0608" and r["event"] == "e1")
    assert safety["correct"] == "Incorrecta" and safety["clear_and_obvious"] == "Sí"
    assert safety["affected_outcome"] == "Sí" and safety["missed_required"] == "Sí"
    assert safety["call_made"].startswith("Silbato: ")


def test_the_coachs_marks_are_kept_in_the_match_document(docs):
    doc = with_marks(docs[1], "Ana Umpire", by="Head Coach", now=NOW,
                     events={"e2": {"clear_and_obvious": False, "affected_outcome": None}},
                     points="Blow the whistle for an injured player at once.")
    validate(doc.data)
    assert event_marks(doc, "Ana Umpire", "e2") == {"clear_and_obvious": False}
    assert event_marks(doc, "Ana Umpire", "e1") == {"clear_and_obvious": True, "affected_outcome": True}
    a = assess([doc], "Ana Umpire")
    assert a.matches[0].points == "Blow the whistle for an injured player at once." and a.total("unassessed") == 0
    with pytest.raises(AssessmentError, match="no tag 'nope'"):
        with_marks(doc, "Ana Umpire", by="x", now=NOW, events={"nope": {"clear_and_obvious": True}})


def test_cli_html_csv_and_a_wrong_umpire(tmp_path, capsys):
    folder = tmp_path / "season"
    write_season(folder)
    out = tmp_path / "ana.html"
    assert main(["assess", str(folder), "--umpire", "Ana Umpire", "--lang", "es", "--out", str(out)]) == 0
    assert "Evaluación del Umpire" in out.read_text("utf-8")
    assert main(["assess", str(folder), "--umpire", "Ana Umpire", "--format", "csv"]) == 0
    assert capsys.readouterr().out.startswith("umpire,match,date,event")
    assert main(["assess", str(folder), "--umpire", "Nobody"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no umpire 'Nobody'" in err and "Ana Umpire, Ben Umpire" in err


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian chromium is not installed at /usr/bin/chromium")
def test_chromium_prints_it_to_a_clean_pdf(docs, tmp_path):
    from playwright.sync_api import sync_playwright

    html = tmp_path / "report.html"
    html.write_text(to_html(assess(docs, "Ana Umpire"), "en", generated=NOW), "utf-8")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page()
        requests = []
        page.on("request", lambda r: requests.append(r.url))
        page.goto(html.as_uri())
        page.emulate_media(media="print")
        breaks = page.eval_on_selector_all("section.match", "els => els.map(e => getComputedStyle(e).breakBefore)")
        pdf = page.pdf(prefer_css_page_size=True, print_background=True)
        browser.close()
    assert requests == [html.as_uri()]  # self-contained: nothing else is fetched
    assert breaks[1:] == ["page", "page"]  # each match after the first starts a page
    assert pdf.startswith(b"%PDF-")
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    assert pages >= 3  # summary and first match, then one page per further match
    assert re.search(rb"/MediaBox\s*\[0 0 841", pdf)  # A4 landscape (841.89 x 595.28 pt), from @page


def test_a_second_reviewers_tags_are_not_counted_twice_when_one_reviewer_is_chosen(docs, tmp_path, capsys):
    data = season()
    second = data[1]
    second["events"] += [dict(e, id=f"{e['id']}-x", reviewer="Dario Panel") for e in second["events"]]
    twice = [document_from_data(d) for d in data]
    assert len(assess(twice, "Ana Umpire").incidents) == 9  # 6 + Dario's 3 of the same incidents
    assert len(assess(twice, "Ana Umpire", reviewer="Carla Coach").incidents) == 6
    folder = tmp_path / "twice"
    folder.mkdir()
    for d in data:
        (folder / f"{d['match']['id']}.json").write_text(__import__("json").dumps(d), "utf-8")
    assert main(["assess", str(folder), "--umpire", "Ana Umpire", "--format", "csv"]) == 0
    assert "Carla Coach, Dario Panel all tagged Ana Umpire's incidents" in capsys.readouterr().err


def one_match_of_seven() -> dict:
    """One match with seven of Ana Umpire's incidents: the season's six and a second wrong Safety."""
    data = season()
    match = data[1]
    events = [dict(e, id=f"{m['match']['id'][-2:]}-{e['id']}") for m in data for e in m["events"]
              if e["involved"]["umpire"] == "Ana Umpire"]
    events.append(dict(data[1]["events"][0], id="late-safety", position={"frame": 15000, "time_s": 600.0}))
    match["events"] = events
    match["assessments"]["Ana Umpire"]["events"] = {"08-e1": {"clear_and_obvious": True, "affected_outcome": True}}
    return match


def _pdf_pages(html: Path, pdf_path: Path) -> list[str]:
    """Chromium's PDF of `html`, each page's text as poppler's pdftotext reads it."""
    import shutil
    import subprocess

    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page()
        page.goto(html.as_uri())
        page.emulate_media(media="print")
        pdf_path.write_bytes(page.pdf(prefer_css_page_size=True, print_background=True))
        browser.close()
    if not shutil.which("pdftotext"):
        pytest.skip("poppler's pdftotext is not installed (apt-get install poppler-utils)")
    text = subprocess.run(["pdftotext", "-layout", str(pdf_path), "-"], capture_output=True, text=True,
                          check=True, timeout=120).stdout
    return text.split("\f")[:-1]  # a form feed ends each page


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian chromium is not installed at /usr/bin/chromium")
@pytest.mark.parametrize("lang, head, page", [
    ("en", "Umpire assessment: Ana Umpire · Gold v Green & Co", "Page {} of {}"),
    ("es", "Evaluación del Umpire: Ana Umpire · Gold v Green & Co", "Página {} de {}")])
def test_one_match_prints_on_two_pages_at_most_each_naming_the_umpire_and_numbered(tmp_path, lang, head, page):
    doc = document_from_data(one_match_of_seven())
    a = assess([doc], "Ana Umpire")
    assert len(a.incidents) == 7 and not a.season
    html = tmp_path / "one.html"
    html.write_text(to_html(a, lang, generated=NOW), "utf-8")
    pages = _pdf_pages(html, tmp_path / "one.pdf")
    assert 1 <= len(pages) <= 2
    for n, text in enumerate(pages, 1):
        assert head in text, (n, text[:200])
        assert page.format(n, len(pages)) in text, (n, text[-200:])
    assert all(f"{i.event}" in "".join(pages) for i in a.incidents)  # every incident is printed


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian chromium is not installed at /usr/bin/chromium")
def test_a_season_prints_no_page_for_a_match_with_nothing_to_say(docs, tmp_path):
    quiet = season()[0]
    quiet["match"].update(id="m-0620", name="Quiet match", date="2026-06-20")
    quiet["events"] = []
    a = assess([*docs, document_from_data(quiet)], "Ana Umpire")
    html = tmp_path / "season.html"
    html.write_text(to_html(a, "en", generated=NOW), "utf-8")
    pages = _pdf_pages(html, tmp_path / "season.pdf")
    assert "No tagged incidents of Ana Umpire and no development points in: Quiet match (2026-06-20)." in \
        " ".join(" ".join(p.split()) for p in pages)
    assert not any("No tagged incidents for this umpire in this match" in p for p in pages)
    for n, text in enumerate(pages, 1):
        assert "Umpire assessment: Ana Umpire" in text and f"Page {n} of {len(pages)}" in text


def test_the_trend_slants_its_labels_rather_than_overprint_them():
    """Ten matches on one date with long names: upright labels 57 units apart would overprint (a name is
    about 136 wide), so they slant, each a line's height clear of the next; thirty matches widen the chart."""
    from review_app.assessment.report import MatchAssessment

    def season_of(n):
        return [MatchAssessment(f"m{k}", f"Sample: a long match name {k}", "2026-06-14", [], "", None)
                for k in range(n)]

    few, ten, thirty = trend(season_of(3)), trend(season_of(10)), trend(season_of(30))
    assert not few.rotated and ten.rotated and thirty.rotated
    for t in (ten, thirty):
        gaps = {round(b.x - a.x, 6) for a, b in itertools.pairwise(t.points)}
        assert min(gaps) * math.sin(math.radians(40)) >= 14  # 11 px text, across the slant
        assert t.points[0].x - 30 * 6.2 * math.cos(math.radians(40)) >= 0  # the first label is not cut
    assert thirty.width > ten.width == 720
    ten_docs = []
    for k in range(10):
        data = season()[0]
        data["match"].update(id=f"m-{k}", name=f"Sample: a long match name {k}", date="2026-06-14")
        ten_docs.append(document_from_data(data))
    html = to_html(assess(ten_docs, "Ana Umpire"), "en", generated=NOW)
    assert html.count('transform="rotate(-40 ') == 10 and "2026-06-14 <tspan" in html


def test_a_forfeiture_the_committee_decided_after_the_game_is_not_the_umpires_call():
    """The walk: a 21.f(5) tag whose forfeiture the committee decided after the game (the tag form pre-filled the
    umpire of the tag before) counted as Carlos Medina's correct call. A decision after the game is not the
    umpire's: left out of his incidents and counts, and shown apart as whose it was."""
    data = json.loads((ROOT / "annotations" / "sample-excused-mount-returns.json").read_text("utf-8"))
    e2 = data["events"][1]
    e2["involved"]["umpire"] = "Carlos Medina"  # pre-filled by the tag form
    e2["facts"]["evidence_within_24_hours"] = True
    e2["call"].update(penalty="forfeiture", decided_by="committee")
    doc = document_from_data(data)
    a = assess([doc], "Carlos Medina")
    assert [i.event for i in a.incidents] == ["e1"]
    assert a.total("correct") + a.total("incorrect") + a.total("not_judged") == 1
    (match,) = a.matches
    assert [(i.event, i.decided_after_by) for i in match.after_game] == [("e2", "committee")]
    assert all(c.clause != "21.f(5)" for c in a.by_clause)
    from markupsafe import escape

    from review_app.assessment.output import after_game_text

    said = {"en": "Decided after the game under 21.f(5), not this umpire's call: e2, decided by ",
            "es": "Decidido después del partido según 21.f(5), no es una decisión de este Umpire: e2, decidido por "}
    for lang, text in said.items():
        assert after_game_text(match, lang).startswith(text), after_game_text(match, lang)
        assert str(escape(after_game_text(match, lang))) in to_html(a, lang)
