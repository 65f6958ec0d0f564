"""The Panel, Agreement and Assessment pages, through the app's entry point on the test workspace."""

from __future__ import annotations

import json

from ui_fixtures import make_app


def page(name: str, reviewer: str = "Tester", lang: str = "en"):
    at = make_app(reviewer=reviewer, lang=lang)
    at.switch_page(f"app_pages/{name}.py").run()
    assert not at.exception, at.exception
    return at


def saved(workspace) -> dict:
    return json.loads(workspace["document"].read_text("utf-8"))


def test_a_coach_opens_a_panel_and_members_submit_blind(workspace):
    at = page("panel", reviewer="Coach")
    assert [t.value for t in at.title] == ["Panel review"]
    at.selectbox(key="panel.tag").select("e2").run()
    at.multiselect(key="panel.members").select("Tester").run()
    at.button(key="panel.open").click().run()
    assert not at.exception, at.exception
    assert saved(workspace)["panels"]["e2"]["members"] == ["Tester"]
    assert saved(workspace)["panels"]["e2"]["opened_by"] == "Coach"

    member = page("panel", reviewer="Tester")
    member.selectbox(key="panel.tag").select("e2").run()
    assert "Entries" not in [s.value for s in member.subheader]  # blind: nothing to see before submitting
    prefix = "panel.entry.test-match.e2"
    member.selectbox(key=f"{prefix}.situation").select("21.l").run()
    member.selectbox(key=f"{prefix}.fact.21.l.fair_play_possession_applies").select(False).run()
    member.selectbox(key=f"{prefix}.call.whistle").select("at_once").run()
    member.selectbox(key=f"{prefix}.call.restart").select("free_hit").run()
    member.button(key=f"{prefix}.submit").click().run()
    assert not member.exception, member.exception
    entry = saved(workspace)["panels"]["e2"]["entries"]["Tester"]
    assert entry["situation"] == "21.l" and entry["call"] == {"whistle": "at_once", "restart": "free_hit"}
    assert entry["facts"] == {"fair_play_possession_applies": False}
    subheaders = [s.value for s in member.subheader]
    assert "Entries" in subheaders and "Verdicts side by side" in subheaders
    outcome = next(d.value for d in member.dataframe if "Panel's majority" in d.value.columns)
    assert outcome.iloc[0].tolist() == ["Situation", "21.l — Inadvertent whistle", "1", "unanimous"]
    original = next(d.value for d in member.dataframe if "Coach" in d.value.columns)  # the tag, as an entry
    assert original["Coach"].to_dict() == {"Situation": "21.l — Inadvertent whistle",
                                           "Rule 22.h (Fair Play Possession) applies": "No", "Whistle": "At once",
                                           "Restart": "Free hit"}


def test_the_panel_page_in_spanish(workspace):
    at = page("panel", lang="es")
    assert [t.value for t in at.title] == ["Revisión en panel"]


def test_agreement_needs_two_reviewers_then_shows_the_statistics(workspace):
    at = page("agreement")
    assert "Agreement needs two reviewers" in at.info[0].value
    data = saved(workspace)
    data["events"] += [dict(e, id=f"{e['id']}b", reviewer="Second", position={
        "frame": e["position"]["frame"] + 10, "time_s": e["position"]["time_s"] + 0.4}) for e in data["events"]]
    workspace["document"].write_text(json.dumps(data), "utf-8")
    at = page("agreement")
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Incidents"] == "2" and metrics["Tagged by two or more"] == "2"
    table = next(d.value for d in at.dataframe if "Raw agreement" in d.value.columns)
    assert table.iloc[0].tolist()[:3] == ["Situation", 2, "100%"]
    at.number_input(key="agreement.tolerance").set_value(0.0).run()
    assert {m.label: m.value for m in at.metric}["Tagged by two or more"] == "0"


def test_assessment_shows_the_umpires_incidents_and_saves_development_points(workspace):
    at = page("assessment", reviewer="Head Coach")
    assert [t.value for t in at.title] == ["Umpire assessment"]
    at.selectbox(key="assessment.umpire").select("Umpire Two").run()
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Key incidents"] == "1" and metrics["Incorrect calls"] == "1"
    at.text_area(key="assessment.test-match.points").input("Whistle the free hit only when...").run()
    at.button(key="assessment.test-match.save").click().run()
    assert not at.exception, at.exception
    record = saved(workspace)["assessments"]["Umpire Two"]
    assert record["development_points"] == "Whistle the free hit only when..." and record["by"] == "Head Coach"
    assert {d.key for d in at.get("download_button")} >= {"assessment.html", "assessment.csv"}

