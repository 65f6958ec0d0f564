"""Schema 1.0 and 2.0 documents: `check` reads them by migrating in memory, `migrate` rewrites them as 2.1, and
nothing a 1.0 or 2.0 document said is lost on the way. The 1.0 corpus in `data/v1` is the bundled documents as
they were before 2.0; `data/verdicts-before-2.0.json` what the checker of that time said of them."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from review_app.checker import check_paths
from review_app.cli import main
from review_app.model import load_document, validate
from review_app.model.migrate import migrate

DATA = Path(__file__).parent / "data"
V1 = sorted((DATA / "v1").glob("*.json"))
# Where the verdict changed, and why: the old verdict hid an error the match shows.
CHANGED = {
    "sample-excused-mount-returns/e2": ("incomplete", "inconsistent",
                                        "the mandatory 21.f(5) finding falls on it: the excused mount is back in "
                                        "play and forfeiture was not exacted"),
}
# Where a reading of Rule 21 changed since (issue 20), and why: not a finding, the rule's own verdict.
READING_CHANGED = {
    key: ("discretionary", "consistent", "a 21.f(4) time-out handled as the rule says is consistent; when to stop "
                                         "is the Umpires' discretion, named in the explanation")
    for key in ("rulebook-worked-examples/hard-bump-check-mount", "rulebook-worked-examples/hard-bump-elects-to-change",
                "rulebook-worked-examples/tired-mount-timeout", "sample-excused-mount-returns/e1")
}
# Issue 39: one label for one kind of call (docs/rules.md): a permitted quicker change under 21.g meets 21.g's
# obligations with a choice, so it is consistent, as the 21.f(4) time-out above.
READING_CHANGED["rulebook-worked-examples/stirrup-hanger-change"] = (
    "discretionary", "consistent", "a 21.g change permitted because quicker meets every obligation of 21.g with a "
                                   "choice the example leaves to the Umpires: consistent, naming it")
EACH = ("umpires_agree", "referee_agrees", "committee_agrees")
# Where a 1.0 value moved in 2.0: (path in 1.0) -> (path in 2.0).
MOVED = {("facts", "excused_under"): ("reading", "excused_under"),
         # the officials' decisions, from the facts seen to the call
         **{("facts", d): ("call", d) for d in ("extra_time_granted", "play_waited_off_field", "officials_agree")}}


def _leaves(value, path=()):
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _leaves(v, (*path, i))
    else:
        yield path, value


def _at(value, path):
    for part in path:
        value = value[part]
    return value


@pytest.mark.parametrize("path", V1, ids=[p.stem for p in V1])
def test_migration_loses_no_field(path):
    old = json.loads(path.read_text("utf-8"))
    assert old["schema_version"] == "1.0"
    new = migrate(old)
    validate(new)
    assert new["schema_version"] == "2.1" and new["migrated_from"] == "1.0"
    for leaf, value in _leaves(old):
        if leaf == ("schema_version",):
            continue
        moved = next((leaf[:-2] + to for frm, to in MOVED.items() if leaf[-2:] == frm), leaf)
        if moved[-2:] == ("call", "officials_agree") and value is True:
            # 2.1: each of 21.k's officials agreeing, one by one
            assert [_at(new, moved[:-1] + (o,)) for o in EACH] == [True] * 3 and "officials_agree" not in \
                _at(new, moved[:-1]), leaf
        elif moved[-2:] == ("call", "restart") and value == "throw_in_toward_boards":
            # 2.1: the kind is a throw-in, its direction toward the boards
            call = _at(new, moved[:-1])
            assert (call["restart"], call["restart_direction"]) == ("throw_in", "toward_boards"), leaf
        else:
            assert _at(new, moved) == value, leaf
    assert old == json.loads(path.read_text("utf-8"))  # the 1.0 data itself is left as it was


def test_check_reads_1_0_documents_with_the_verdicts_it_gave_before_or_says_why(tmp_path):
    before = json.loads((DATA / "verdicts-before-2.0.json").read_text("utf-8"))
    result = check_paths(V1)
    assert not result.errors
    now = {f"{e.match}/{e.event}": e for e in result.events}
    assert set(now) == set(before)
    for key, old in before.items():
        if key in CHANGED:
            was, becomes, _why = CHANGED[key]
            assert (old, now[key].verdict) == (was, becomes)
            assert now[key].findings  # the finding that changed it is named on the event
        elif key in READING_CHANGED:
            was, becomes, _why = READING_CHANGED[key]
            assert (old, now[key].verdict) == (was, becomes)
        else:
            assert now[key].verdict == old, (key, now[key].explanation.render("en"))


def test_migrate_command_rewrites_in_place_and_a_second_run_has_nothing_to_do(tmp_path, capsys):
    folder = tmp_path / "annotations"
    folder.mkdir()
    for p in V1[:3]:
        shutil.copy(p, folder / p.name)
    assert main(["migrate", str(folder), "--dry-run"]) == 0
    assert "would migrate 1.0 -> 2.1" in capsys.readouterr().out
    assert all(json.loads(p.read_text("utf-8"))["schema_version"] == "1.0" for p in folder.glob("*.json"))
    assert main(["migrate", str(folder)]) == 0
    for p in folder.glob("*.json"):
        data = json.loads(p.read_text("utf-8"))
        assert data["schema_version"] == "2.1" and data["revision"] == 2
        load_document(p)
    capsys.readouterr()
    assert main(["migrate", str(folder)]) == 0
    assert capsys.readouterr().out.count("already 2.1") == 3


def test_migrate_reports_a_bad_document_in_one_line_and_goes_on(tmp_path, capsys):
    folder = tmp_path / "annotations"
    folder.mkdir()
    shutil.copy(V1[0], folder / V1[0].name)
    (folder / "broken.json").write_text('{"schema_version": "1.0", "match": ', "utf-8")
    assert main(["migrate", str(folder)]) == 2
    captured = capsys.readouterr()
    assert "broken.json" in captured.err and "Traceback" not in captured.err
    assert "migrated 1.0 -> 2.1" in captured.out


def test_a_2_0_document_saved_with_the_officials_decisions_as_facts_reads_them_in_the_call(tmp_path):
    """21.d's extra time granted, 21.g's play waiting off the field and 21.k's officials agreeing are decisions
    of the officials, part of the call. A 2.0 document saved while they were facts still reads, each in the
    call with its value, and judges as before."""
    from match_docs import base_document, event

    from review_app.model import document_from_data

    data = base_document()
    data["schema_version"] = "2.0"
    data["events"] = [
        event("e1", 100, "21.d", {"unconscious": False, "recurrence_of_same_injury": False,
                                  "extra_time_granted": True}, {"whistle": "at_once", "time_allowed_s": 700}),
        event("e2", 300, "21.k", {"reason": "other", "officials_agree": False}, {"whistle": "at_once"}),
    ]
    for team in data["match"]["teams"]:
        for p in team["players"]:
            p["id"] = p["name"].lower().replace(" ", "-")
    doc = document_from_data(data)
    assert doc.data["schema_version"] == "2.1" and doc.data["migrated_from"] == "2.0"
    e1, e2 = doc.events
    assert "extra_time_granted" not in e1["facts"] and e1["call"]["extra_time_granted"] is True
    assert e2["call"]["officials_agree"] is False and "officials_agree" not in e2["facts"]
    # a "no" from all three at once cannot say which official did not agree: each is left to record
    assert {f"call.{o}" for o in EACH} <= set(e2["not_recorded"])
    verdicts = {r.event: r.verdict for r in check_paths([_saved(tmp_path, data)]).events}
    assert verdicts == {"e1": "consistent", "e2": "inconsistent"}  # extra time granted: the Umpires' discretion


def _saved(tmp_path, data) -> Path:
    path = tmp_path / "decisions-as-facts.json"
    path.write_text(json.dumps(data), "utf-8")
    return path


def _v2_0(events, panels=None) -> dict:
    from match_docs import base_document

    data = base_document()
    data["schema_version"] = "2.0"
    data["events"] = events
    if panels:
        data["panels"] = panels
    for team in data["match"]["teams"]:
        for p in team["players"]:
            p["id"] = p["name"].lower().replace(" ", "-")
    return data


# Each 2.0 restart (kind, place) and the 2.1 parts it meant: (kind, direction, point).
RESTARTS_2_0 = [
    (("throw_in", "toward_boards"), ("throw_in", "toward_boards", "point_of_stoppage")),
    (("throw_in_toward_boards", "where_first_lodged"), ("throw_in", "toward_boards", "where_first_lodged")),
    (("throw_in_toward_boards", None), ("throw_in", "toward_boards", None)),
    (("throw_in", "point_of_stoppage"), ("throw_in", None, "point_of_stoppage")),
    (("penalty", "penalty_spot"), ("penalty", None, "penalty_spot")),
    (("knock_in", "end_line"), ("knock_in", None, "end_line")),
    (("throw_in", "centre"), ("throw_in", None, "centre")),
    (("throw_in", "other"), ("throw_in", None, "other")),
    (("lineup", None), ("lineup", None, None)),
]


@pytest.mark.parametrize(("v2_0", "v2_1"), RESTARTS_2_0, ids=[f"{k}-{p}" for (k, p), _ in RESTARTS_2_0])
def test_a_2_0_restart_becomes_its_kind_direction_and_point_in_2_1(v2_0, v2_1):
    """Schema 2.1 records the restart as kind, direction and point: 2.0's one place value and its kind
    "throw-in toward the boards" become the parts they said, nothing else in the call changing."""
    from match_docs import event

    kind, place = v2_0
    call = {"whistle": "at_once", "restart": kind, "penalty": "none",
            **({"restart_place": place} if place else {})}
    panel_call = dict(call)
    data = _v2_0([event("e1", 100, "21.l", {"fair_play_possession_applies": False}, call)],
                 panels={"e1": {"opened_by": "Ana", "members": ["Ana"],
                                "entries": {"Ana": {"situation": "21.l", "facts": {}, "call": panel_call}}}})
    new = migrate(data)
    validate(new)
    assert (new["schema_version"], new["migrated_from"]) == ("2.1", "2.0")
    for got in (new["events"][0]["call"], new["panels"]["e1"]["entries"]["Ana"]["call"]):
        assert (got["restart"], got.get("restart_direction"), got.get("restart_point")) == v2_1
        assert "restart_place" not in got
        assert {k: v for k, v in got.items() if not k.startswith("restart")} == {"whistle": "at_once",
                                                                                 "penalty": "none"}
    assert data["events"][0]["call"] == call  # the 2.0 data itself is left as it was


def test_a_2_0_document_judges_as_2_1_and_a_2_1_one_is_not_migrated_again(tmp_path):
    """21.l's throw-in toward the boards at the point of stoppage, recorded in 2.0's one value, judges the
    same migrated; and 21.k's "officials agree" (2.0) is each of them agreeing (2.1)."""
    from match_docs import event

    data = _v2_0([
        event("e1", 100, "21.l", {"fair_play_possession_applies": False},
              {"whistle": "at_once", "restart": "throw_in", "restart_place": "toward_boards"}),
        event("e2", 300, "21.k", {"reason": "other"}, {"whistle": "at_once", "officials_agree": True}),
    ])
    before = {r.event: r.verdict for r in check_paths([_saved(tmp_path, data)]).events}
    new = migrate(data)
    assert new["events"][1]["call"] == {"whistle": "at_once", "umpires_agree": True, "referee_agrees": True,
                                        "committee_agrees": True}
    path = tmp_path / "v2-1.json"
    path.write_text(json.dumps(new), "utf-8")
    after = {r.event: r.verdict for r in check_paths([path]).events}
    # 21.k for another reason the officials believe in: a condition met, consistent (issue 39, docs/rules.md).
    assert before == after == {"e1": "consistent", "e2": "consistent"}
    assert migrate(new) is new  # 2.1 already: nothing to do


def test_a_2_1_document_saved_with_the_officials_decisions_as_facts_reads_them_in_the_call():
    """The schema closes each clause's facts, so a 2.1 document holding a decision among them is one it refuses
    as it is: only such a document is looked through for them (`model.io.validate`), and it reads with each in the
    call, for every clause that has decisions."""
    from match_docs import base_document, event

    from review_app.model import document_from_data
    from review_app.model.io import fast_validator
    from review_app.model.migrate import _decisions

    data = base_document()
    data["schema_version"] = "2.1"
    for team in data["match"]["teams"]:
        for p in team["players"]:
            p["id"] = p["name"].lower().replace(" ", "-")
    # One event of every clause with decisions (the registry's), each decision recorded among the facts.
    decisions = sorted(_decisions().items())
    data["events"] = [event(f"e{n}", 100 * n, clause, {name: True for name in names if name != "officials_agree"},
                            {"whistle": "at_once"}) for n, (clause, names) in enumerate(decisions, 1)]
    assert {clause for clause, _names in decisions} >= {"21.b", "21.d", "21.g", "21.k"}
    assert data["schema_version"] == "2.1" and not fast_validator().is_valid(data)
    doc = document_from_data(data)
    for e, (_clause, names) in zip(doc.events, decisions, strict=True):
        for name in names:
            if name != "officials_agree":  # 2.0's one answer for 21.k's officials, not a 2.1 fact
                assert e["call"][name] is True and name not in e["facts"], (e["situation"], name)
    assert fast_validator().is_valid(doc.data)
