"""The app's plain modules (no streamlit): the frame viewer and its caches, times, tagging
changes and conflicts, uploads under safe names, escaping, the timeline, folders, i18n."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from ui_fixtures import document_data

from review_app.config import folders
from review_app.errors import PoloReviewError
from review_app.footage import Footage
from review_app.footage.frames import encode
from review_app.footage.uploads import UploadError, remember_name, shown_name, store_upload
from review_app.footage.viewer import FrameViewer, format_time, parse_time
from review_app.i18n import both
from review_app.model import document_from_data, load_document
from review_app.model.catalog import (
    link_footage,
    list_matches,
    relative_footage,
)
from review_app.model.edits import (
    TagError,
    build_event,
    changed_fields,
    commit,
    delete_event,
    differences,
    put_event,
    replay,
    undo_of,
)
from review_app.rules import PROVISIONS
from review_app.rules.search import search_provisions
from review_app.store import open_footage, open_matches
from review_app.textsafe import html_text, md


def kept_in(doc):
    """The match store `doc` was read from (the folder of its file): what a page hands `commit`."""
    return open_matches(doc.path.parent)

UI = Path(__file__).resolve().parents[2] / "review_app" / "ui"


# -- the viewer ----------------------------------------------------------------------------

def test_every_step_shows_the_exact_frame(small_video, tmp_path, monkeypatch):
    monkeypatch.setenv("POLO_REVIEW_CACHE", str(tmp_path))
    viewer, reference = FrameViewer(small_video), Footage(small_video)
    # forward, a long jump, then back frame by frame across a keyframe (25-frame GOP)
    for i in [0, 1, 2, 3, 120, 60, 59, 58, 51, 50, 49, 48, 30, 31, 199, 198]:
        assert viewer.image(i) == encode(reference.frame(i).image), i
    assert viewer.image(5, "png")[:8] == b"\x89PNG\r\n\x1a\n"


def test_positions_stay_inside_the_footage_and_a_clip_ends_at_the_moment(small_video, tmp_path, monkeypatch):
    monkeypatch.setenv("POLO_REVIEW_CACHE", str(tmp_path))
    v = FrameViewer(small_video)
    assert v.index_at(3.5) == 87 and v.index_at(-1) == 0 and v.index_at(1e9) == 199
    assert (v.clamp(-5), v.clamp(500)) == (0, 199)
    clip = v.clip_until(100, tmp_path / "clips", before_s=4.0)
    assert Footage(clip).frame_count == 101  # frames 0..100: up to and including the moment


@pytest.mark.parametrize("text,seconds", [("41.2", 41.2), ("41,5 s", 41.5), ("0:41.2", 41.2), ("1:02:05", 3725.0),
                                          (" 7 ", 7.0)])
def test_parse_time(text, seconds):
    assert parse_time(text) == pytest.approx(seconds)


@pytest.mark.parametrize("text", ["", "soon", "1:2:3:4", "-3", "nan", "0:75", "1:99:99", "0:60"])
def test_parse_time_refuses(text):
    with pytest.raises(PoloReviewError):
        parse_time(text)


def test_format_time():
    assert (format_time(41.5), format_time(3725, 0), format_time(5.04, 3)) == ("0:41.50", "1:02:05", "0:05.040")


# -- tagging ----------------------------------------------------------------------------------

def test_search_by_clause_or_name_in_either_language():
    assert [p.id for p in search_provisions("21.f(3)", "en")] == ["21.f(3)"]
    assert [p.id for p in search_provisions("broken tack", "en")] == ["21.g"]
    assert [p.id for p in search_provisions("montura ROTA", "es")] == ["21.g"]
    assert "21.h" in [p.id for p in search_provisions("casco", "es")]
    assert [p.id for p in search_provisions("", "en")] == [p.id for p in PROVISIONS]  # all, in the registry's order


def test_search_in_the_other_language_by_id_without_punctuation_and_in_the_text():
    ids = lambda q, lang="en": [p.id for p in search_provisions(q, lang)]
    assert ids("casco") == ["21.h"] and ids("lost helmet", "es") == ["21.h"]  # a name in the other language
    assert ids("21f4") == ids("21 f 4") == ids("21.F(4)") == ["21.f(4)"]
    assert ids("21.g") == ["21.g", "21.g.equipment"]  # not 21.general.*
    assert ids("21.f")[0] == "21.f(1)(i)" and len(ids("21.f")) == 6
    assert ids("girth")[0] == ids("cincha")[0] == "21.g"  # found in the rulebook's words and the facts' choices
    assert ids("lesión")[0] == "21.d"  # titles before text
    assert ids("zzz") == []


def test_the_name_a_code_key_shows_finds_its_situation_first():
    """The walk on a 50 fps HEVC match: the trainee (and the coach) typed "injured", the word on the code window's
    "Player injured" (21.d) and in the search's own example, and Enter picked 21.f(1)(i), a mount's injury;
    "player injured" picked 21.f(4). Each key name, in either language, finds its own situation first."""
    ids = lambda q, lang="en": [p.id for p in search_provisions(q, lang)]
    assert ids("injured")[0] == ids("player injured")[0] == ids("lesionado", "es")[0] == "21.d"
    for p in PROVISIONS:
        for lang, name in both(p.key_name).items():
            assert ids(name, lang)[0] == p.id, (p.id, lang, name, ids(name, lang)[:3])


def test_build_event_keeps_only_what_was_recorded():
    e = build_event(event_id="e9", frame=10, time_s=0.4, situation="21.j",
                    facts={"period_time_expired": True, "unrelated": 1}, call={"whistle": "at_once", "card": None},
                    period=2, clock=" 6:30 ", players=[{"team": "A", "number": 2, "mount": " "}, {"team": None}],
                    umpire="", mount=None, reviewer="Ana", notes="  ")
    assert e == {"id": "e9", "position": {"frame": 10, "time_s": 0.4}, "situation": "21.j",
                 "facts": {"period_time_expired": True}, "call": {"whistle": "at_once"}, "period": 2,
                 "clock": "6:30", "involved": {"players": [{"team": "A", "number": 2}]}, "reviewer": "Ana",
                 "not_recorded": ["moments.whistle"]}  # a whistle without its moment: said, not guessed
    with_moment = build_event(event_id="e9", frame=10, time_s=0.4, situation="21.j", facts={},
                              call={"whistle": "at_once"}, moments={"whistle": {"frame": 12, "time_s": 0.48},
                                                                    "restart": None})
    assert with_moment["moments"] == {"whistle": {"frame": 12, "time_s": 0.48}} and "not_recorded" not in with_moment
    with pytest.raises(TagError, match="minutes:seconds"):
        build_event(event_id="e9", frame=0, time_s=0, situation="21.j", facts={}, call={}, clock="6.30")


def test_changes_undo_and_conflicts(tmp_path):
    path = tmp_path / "m.json"
    path.write_text(json.dumps(document_data(None)), "utf-8")
    doc = load_document(path)
    deleted = delete_event(doc, "e1")
    after = commit(doc, deleted, kept_in(doc))
    assert [e["id"] for e in after.events] == ["e2"] and after.loaded_revision == 1
    restored = commit(after, undo_of(deleted), kept_in(after))
    assert [e["id"] for e in restored.events] == ["e1", "e2"]
    stale = doc  # read at revision 1: e1 deleted and restored since, so my edit of it merges
    merged = commit(stale, put_event(stale, {**stale.events[0], "notes": "mine"}), kept_in(stale))
    assert merged.event("e1")["notes"] == "mine" and merged.revision == 3
    with pytest.raises(PoloReviewError) as err:  # the same field changed on both sides
        commit(stale, put_event(stale, {**stale.events[0], "notes": "other"}), kept_in(stale))
    diff = differences(err.value.mine, err.value.theirs)
    assert [d.what for d in diff] == ["e1"] and err.value.overlaps == ["events[e1].notes"]
    assert changed_fields({"call": {"whistle": "none", "restart": "x"}, "notes": "a"},
                          {"call": {"whistle": "at_once", "restart": "x"}}) == ["call.whistle", "notes"]
    edited = put_event(restored, {**restored.events[1], "notes": "edited"})
    assert "notes" not in undo_of(edited).event  # undoing an edit restores the event as it was


def test_making_my_new_tag_on_the_saved_version_never_replaces_theirs(tmp_path):
    path = tmp_path / "m.json"
    path.write_text(json.dumps(document_data(None)), "utf-8")
    mine, theirs = load_document(path), load_document(path)
    event = {"id": "e3", "position": {"frame": 10, "time_s": 0.4}, "situation": "21.j", "facts": {}, "call": {}}
    commit(theirs, put_event(theirs, {**event, "notes": "theirs"}), kept_in(theirs))
    change = put_event(mine, {**event, "notes": "mine"})
    saved = commit(mine, change, kept_in(mine))  # merged: two new tags, one id
    assert saved.renamed("e3") == "e4"
    assert {e["id"]: e.get("notes") for e in saved.events if e["id"] in ("e3", "e4")} == {"e3": "theirs",
                                                                                            "e4": "mine"}
    saved, made = replay(path, put_event(mine, {**event, "notes": "again"}), matches=open_matches(path.parent))
    assert made.event_id == "e5" and made.event["id"] == "e5" and saved.event("e3")["notes"] == "theirs"
    edit = put_event(saved, {**saved.event("e3"), "notes": "edited"})  # an edit keeps its id
    assert replay(path, edit, matches=open_matches(path.parent))[1].event_id == "e3"


# -- uploads, escaping ---------------------------------------------------------------------------

def test_an_upload_is_shown_by_the_name_it_came_with_never_stored_under_it(tmp_path):
    up = open_footage(tmp_path / "up")
    data = b"\x00\x00\x00\x18ftypmp42" + b"x" * 100
    stored = store_upload(io.BytesIO(data), "final chukker 3.mp4", len(data), up, max_bytes=10_000)
    assert shown_name(stored, up) == stored.name  # nothing remembered yet
    remember_name(stored, "C:\\video\\../final   chukker 3.mp4", up)
    assert shown_name(stored, up) == f"final chukker 3.mp4 · upload {stored.stem[:8]}"
    assert sorted(p.name for p in (tmp_path / "up").iterdir()) == [".names.json", stored.name]
    (tmp_path / "up" / ".names.json").write_text("{broken", "utf-8")
    assert shown_name(stored, up) == stored.name  # an unreadable list of names is only a missing label


def test_uploads_get_a_content_name_never_the_given_one(tmp_path):
    up = open_footage(tmp_path / "up")
    data = b"\x00\x00\x00\x18ftypmp42" + b"x" * 1000
    stored = store_upload(io.BytesIO(data), "../../etc/passwd.MP4", len(data), up, max_bytes=10_000)
    assert stored.parent == tmp_path / "up" and stored.suffix == ".mp4" and len(stored.stem) == 64
    assert stored.read_bytes() == data
    assert store_upload(io.BytesIO(data), "again.mp4", len(data), up, max_bytes=10_000) == stored
    with pytest.raises(UploadError, match="not a video file extension"):
        store_upload(io.BytesIO(data), "clip.mp4.exe", len(data), up, max_bytes=10_000)
    with pytest.raises(UploadError, match="limit"):
        store_upload(io.BytesIO(data), "big.mp4", len(data), up, max_bytes=100)
    assert sorted(p.name for p in (tmp_path / "up").iterdir()) == [stored.name]  # nothing half-written left


def test_user_text_is_escaped():
    assert md("![x](http://e/x.png) <b>hi</b> **b**") == \
        "\\!\\[x\\]\\(http\\://e/x\\.png\\) \\<b\\>hi\\</b\\> \\*\\*b\\*\\*"
    assert html_text("<script>'\"") == "&lt;script&gt;&#x27;&quot;"


def test_no_page_ever_renders_raw_html():
    for path in UI.rglob("*.py"):
        source = path.read_text("utf-8")
        assert "unsafe_allow_html=True" not in source, path
        assert "components.html" not in source or "html_text(" in source, path


# -- timeline, folders, documents ------------------------------------------------------------------

def test_folders_from_environment_or_bundled(tmp_path):
    f = folders({"POLO_REVIEW_FOOTAGE": str(tmp_path / "f"), "POLO_REVIEW_ANNOTATIONS": str(tmp_path / "a"),
                 "POLO_REVIEW_DATA": str(tmp_path / "d")})
    assert (f.footage, f.annotations, f.scores) == (tmp_path / "f", tmp_path / "a",
                                                    tmp_path / "d" / "training-scores.json")
    assert f.uploads == tmp_path / "f" / "uploads"
    default = folders({"XDG_DATA_HOME": str(tmp_path)})
    ws = tmp_path / "polo-review"
    assert (default.workspace, default.footage, default.annotations, default.data) == (
        ws, ws / "footage", ws / "matches", ws)
    assert default.demo.annotations.name == "annotations"  # the bundled samples: the demo, read-only


def test_new_match_and_linking_footage(tmp_path, small_video):
    from datetime import date

    from review_app.model.match_setup import Details, new_match_data
    from review_app.store import open_matches

    matches = open_matches(tmp_path / "ann")
    details = Details(name="final-1", day=date(2026, 3, 1), periods=4, umpires=["X", "Y"])
    doc = matches.create(new_match_data("final-1", details, teams=[{"name": "Red"}, {"name": "Blue"}]))
    assert doc.path == tmp_path / "ann" / "final-1.json" and doc.match["name"] == "final-1"
    with pytest.raises(PoloReviewError, match="exists already"):
        matches.create(new_match_data("final-1", details, teams=[{"name": "Red"}, {"name": "Blue"}]))
    with pytest.raises(PoloReviewError, match="no spaces"):
        new_match_data("bad id", details, teams=[{"name": "Red"}, {"name": "Blue"}])
    linked = link_footage(doc, small_video, Footage(small_video).info, matches=matches)
    # The footage folder the app is given is an allowed root, wherever it is.
    assert linked.footage_path([small_video.parent]) == small_video.resolve() and linked.footage["frame_count"] == 200
    assert relative_footage(tmp_path / "ann" / "x.json", tmp_path / "f" / "a.mp4") == "../f/a.mp4"
    [listed] = list_matches(open_matches(tmp_path / "ann"), (small_video.parent,))
    assert listed.has_footage and listed.label() == "final-1"
    [outside] = list_matches(open_matches(tmp_path / "ann"))
    assert not outside.has_footage and "leads outside the project" in outside.footage_error


def test_a_broken_document_is_listed_with_its_error(tmp_path):
    (tmp_path / "bad.json").write_text("{", "utf-8")
    [listed] = list_matches(open_matches(tmp_path))
    assert listed.error and "invalid JSON" in listed.error


# -- i18n ---------------------------------------------------------------------------------------------

def test_the_pages_words_come_from_the_catalogue_in_the_sessions_language(monkeypatch):
    from review_app.ui import context

    monkeypatch.setattr(context, "lang", lambda: "es")
    assert context._("Save") == "Guardar"
    assert context._("Signed in as {name}", name="Ana") == "Sesión iniciada como Ana"
    assert context._("Error: {message}", message="x") == "Error (detalle en inglés): x"  # a parameter named message
    assert context._("Not yet in the catalogue {x}", x=1) == "Not yet in the catalogue 1"  # English, never a key
    assert context.pgettext("one piece of evidence", "Evidence") == "Prueba" and context._("Evidence") == "Evidencia"
    assert context.ngettext("{n} provision · {edition}", "{n} provisions · {edition}", 1, edition="E") == (
        "1 disposición · E")
    assert context.ngettext("{n} provision · {edition}", "{n} provisions · {edition}", 3, edition="E") == (
        "3 disposiciones · E")
    assert context.rendered({"en": "x", "es": "y"}) == "y"
    monkeypatch.setattr(context, "lang", lambda: "en")
    assert context._("Save") == "Save" and context._("Signed in as {name}", name="Ana") == "Signed in as Ana"


def test_document_data_fixture_is_valid():
    document_from_data(document_data())


def test_every_fact_choice_and_call_value_has_a_label_in_both_languages():
    from review_app.rules import PROVISIONS, is_clause
    from review_app.rules.labels import value_label
    from review_app.rules.provision import CALL_FIELDS

    values = {c for p in PROVISIONS for f in p.facts for c in f.choices}
    values |= {c for spec in CALL_FIELDS.values() if isinstance(spec, tuple) for c in spec}
    for value in sorted(values - {v for v in values if is_clause(v)}):
        en, es = value_label(value, "en"), value_label(value, "es")
        assert "_" not in en and "_" not in es, value
        assert en != value.replace("_", " "), f"{value} has no label of its own"
