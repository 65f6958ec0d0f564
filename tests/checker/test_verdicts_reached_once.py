"""A check judges each distinct case once and gives its verdict to every event that makes that case
(`checker.run.Verdicts`): an event must get exactly the verdict it gets when judged alone, whatever
was judged before it in the same check, in its match or another."""

from __future__ import annotations

import copy

from match_docs import ROOT, event

from review_app.checker import check_documents
from review_app.checker.run import check_event
from review_app.checker.sequence import check_match
from review_app.model import document_from_data, find_documents, load_document
from review_app.rules.vocabulary import VerdictKind

RED1 = {"team": "red", "number": 1}
# A foul at the horn with no `final_period` typed: the period and the match's periods say whether it was the last.
AT_THE_HORN = ("21.general.foul-at-horn", {"at_or_slightly_after_horn": True},
               {"whistle": "at_once", "penalty": "appropriate_penalty", "penalty_to": "blue",
                "penalty_timing": "start_of_next_period", "restart": "penalty", "restart_point": "penalty_spot"})


def _alone(doc, ev):
    return check_event(doc, ev, doc.context()).to_dict()


def _each_event_as_alone(docs):
    """Each event's verdict, and each match's own findings, as each gets them checked alone."""
    result = check_documents(docs)
    by_match = {(r.match, r.event): r for r in result.events}
    compared = 0
    for doc in docs:
        # The match's own findings, as the match checked alone finds them.
        found = [f.to_dict() for f in result.findings
                 if f.match == doc.match_id and f.kind != "unconscious_player_played_that_day"]
        assert found == [f.to_dict() for f in check_match(doc)], doc.match_id
        for ev in doc.events:
            r = by_match[doc.match_id, ev["id"]]
            if r.findings:  # a match finding changed it after judging: not what the judge alone says
                continue
            assert r.to_dict() == _alone(doc, ev), (doc.match_id, ev["id"])
            compared += 1
    return result, compared


def test_the_same_foul_at_the_horn_is_judged_by_its_own_period_and_its_own_matchs_periods(doc_factory):
    situation, facts, call = AT_THE_HORN
    events = [event("e1", 10, situation, facts, call, period=4, players=[RED1]),
              event("e2", 20, situation, facts, call, period=6, players=[RED1])]
    six = document_from_data(doc_factory(events, match_id="six-periods"))
    four = document_from_data(doc_factory(events[:1], match_id="four-periods", periods=4))
    result, compared = _each_event_as_alone([six, four])
    assert compared == 3
    verdicts = {(r.match, r.event): r.verdict for r in result.events}
    assert verdicts == {("six-periods", "e1"): VerdictKind.CONSISTENT, ("six-periods", "e2"): VerdictKind.INCONSISTENT,
                        ("four-periods", "e1"): VerdictKind.INCONSISTENT}


def test_the_same_21f5_call_follows_what_each_matchs_register_shows(doc_factory):
    """Two matches with the same 21.f(5) event: in one the mount was excused before (21.f(3) unsound), in the
    other it never was. The derived excusal is part of the case."""
    excused = event("e1", 10, "21.f(3)", {"mount_sound": False}, {"whistle": "at_once", "mount_excused": True},
                    players=[{**RED1, "mount": "Pampa"}], mount="Pampa")
    ridden = event("e1", 10, "21.h", {}, {"whistle": "neutral_play"}, players=[{**RED1, "mount": "Pampa"}])
    again = event("e2", 50, "21.f(5)", {"detected_during_game": True}, {"whistle": "at_once", "penalty": "forfeiture"},
                  players=[{**RED1, "mount": "Pampa"}], mount="Pampa")
    docs = [document_from_data(doc_factory([excused, again], match_id="excused")),
            document_from_data(doc_factory([ridden, again], match_id="never-excused"))]
    result, _compared = _each_event_as_alone(docs)
    said = {r.match: r.to_dict() for r in result.events if r.event == "e2"}
    assert said["excused"]["explanation"] != said["never-excused"]["explanation"]


def test_the_bundled_documents_and_variants_of_them_checked_together_get_their_verdicts_alone():
    """The samples and the worked examples, then each again on another day, with another handicap, other
    announcements and other periods, all in one check: every event as it is judged alone."""
    docs = [load_document(p) for p in find_documents([ROOT / "annotations"])]
    variants = []
    for n, doc in enumerate(docs):
        data = copy.deepcopy(doc.data)
        match = data["match"]
        match["id"] = f"{match['id']}-variant"
        match["date"] = "2025-03-0" + str(1 + n % 9)  # before the 2026 edition: judged by the earliest held
        match["upper_handicap"] = 14 if match.get("upper_handicap", 6) <= 6 else 4
        announcements = match.setdefault("announcements", {})
        for name in ("courtesy_changes_allowed", "tack_provision_6_goal"):
            announcements[name] = not announcements.get(name, False)
        match["periods"] = max(1, max((e.get("period") or 1) for e in data["events"]))
        variants.append(document_from_data(data, doc.path))
    _result, compared = _each_event_as_alone(docs + variants)
    assert compared >= 0.9 * sum(len(d.events) for d in docs + variants)


def test_the_same_broken_girth_is_judged_by_each_matchs_handicap_and_announcement():
    """21.g's 6-goal provision needs both the upper handicap and its announcement: the same event, in three
    matches that differ only there, gets three verdicts of its own."""
    sample = load_document(ROOT / "annotations" / "sample-broken-girth.json")
    docs = []
    for n, (handicap, announced) in enumerate(((6, True), (14, True), (6, False))):
        data = copy.deepcopy(sample.data)
        data["match"].update(id=f"girth-{n}", upper_handicap=handicap)
        data["match"]["announcements"]["tack_provision_6_goal"] = announced
        for ev in data["events"]:
            ev.pop("moments", None)  # timed by its own moments, an event is judged on its own anyway
        docs.append(document_from_data(data))
    result, compared = _each_event_as_alone(docs)
    assert compared == len(result.events) == 3 * len(sample.events)
    assert [r.verdict for r in result.events if r.event == sample.events[0]["id"]] == [
        VerdictKind.CONSISTENT, VerdictKind.INCOMPLETE, VerdictKind.INCOMPLETE]


def test_time_allowances_checked_together_are_each_events_own(doc_factory):
    """The same injury time-out with ten and with eleven minutes allowed, one lifted by extra time granted, in two
    matches checked together: each event's allowance is found as its own (once over 21.d's ten minutes), whatever
    event of the same situation was checked before it."""
    no_lift = {"unconscious": False, "recurrence_of_same_injury": False, "extra_time_granted": False,
               "removal_needed_more_time": False}
    lifted = {**no_lift, "extra_time_granted": True}

    def injury(eid, frame, facts, seconds):
        return event(eid, frame, "21.d", facts, {"whistle": "at_once", "time_allowed_s": seconds}, players=[RED1])

    first = [injury("e1", 10, no_lift, 600), injury("e2", 20, no_lift, 660), injury("e3", 30, lifted, 660)]
    second = [injury("e1", 10, lifted, 660), injury("e2", 20, no_lift, 660), injury("e3", 30, no_lift, 600)]
    docs = [document_from_data(doc_factory(first, match_id="first")),
            document_from_data(doc_factory(second, match_id="second"))]
    result, _compared = _each_event_as_alone(docs)
    assert [(f.match, f.events) for f in result.findings if f.kind == "time_allowance_exceeded"] == [
        ("first", ["e2"]), ("second", ["e2"])]
