"""Agreement between reviewers, against cases computed by hand (the working is in each test)."""

from __future__ import annotations

import copy

import pytest
from match_docs import base_document

from review_app.cli import main
from review_app.model import document_from_data
from review_app.panels.agreement import ALL, NO_TAG, agreement, match_units, ratings_of, to_csv, units_csv

FPS = 25
FACTS = {"21.a": {"last_hit_by_defender": True, "deflection": "none"}, "21.b": {"kind": "mechanics"},
         "21.j": {"period_time_expired": True}}


def tag(eid: str, reviewer: str, at_s: float, situation: str, **call) -> dict:
    return {"id": eid, "position": {"frame": round(at_s * FPS), "time_s": at_s}, "situation": situation,
            "facts": copy.deepcopy(FACTS[situation]), "call": call, "reviewer": reviewer}


def doc(events, match_id="m1", date="2026-06-14"):
    data = base_document(match_id, date=date)
    data["schema_version"] = "2.0"
    data["events"] = events
    return document_from_data(data)


def two_reviewers():
    """Six incidents. A tags five, B tags five, 0.8 s later than A where both tag one:

        unit  time  A      B
        u1    10    21.a   21.a
        u2    20    21.a   21.a
        u3    30    21.b   21.b
        u4    40    21.b   21.a
        u5    50    21.b   -        (only A)
        u6    60    -      21.b     (only B)
    """
    a = [tag("a1", "A", 10, "21.a"), tag("a2", "A", 20, "21.a"), tag("a3", "A", 30, "21.b"),
         tag("a4", "A", 40, "21.b"), tag("a5", "A", 50, "21.b")]
    b = [tag("b1", "B", 10.8, "21.a"), tag("b2", "B", 20.8, "21.a"), tag("b3", "B", 30.8, "21.b"),
         tag("b4", "B", 40.8, "21.a"), tag("b6", "B", 60.8, "21.b")]
    return doc(a + b)


def test_two_reviewers_situation_agreement_matches_the_hand_computation():
    result = agreement([two_reviewers()], tolerance_s=1.0)
    assert len(result.units) == 6 and result.matched_units == 4 and result.complete_units == 4
    assert (result.tags("A"), result.unmatched("A"), result.tags("B"), result.unmatched("B")) == (5, 1, 5, 1)
    row = result.row(ALL, "situation")
    # A: a a b b b n   B: a a b a n b   (n: no tag). Agree in u1-u3: raw 3/6.
    # Marginals A a2 b3 n1, B a3 b2 n1: chance = (2*3 + 3*2 + 1*1)/36 = 13/36;
    # kappa = (1/2 - 13/36) / (1 - 13/36) = 5/23.
    assert row.units == 6 and row.raw == pytest.approx(0.5)
    assert row.kappa == pytest.approx(5 / 23)
    # Coincidences (each unit's two ordered pairs, weight 1): o_aa 4, o_bb 2, o_ab=o_ba 1, o_bn=o_nb 2;
    # n_a 5, n_b 5, n_n 2, n 12: alpha = 1 - (n-1) * 6 / (2 * (25 + 10 + 10)) = 1 - 66/90 = 4/15.
    assert row.alpha == pytest.approx(4 / 15)


def test_per_situation_rows_take_the_units_someone_tagged_with_that_clause():
    row = agreement([two_reviewers()], tolerance_s=1.0).row("21.a", "situation")
    # u1, u2, u4: A a a b, B a a a: raw 2/3; kappa (2/3 - 2/3) / (1 - 2/3) = 0; alpha 1 - 5*2/(2*5*1) = 0
    assert row.units == 3 and row.raw == pytest.approx(2 / 3)
    assert row.kappa == pytest.approx(0.0) and row.alpha == pytest.approx(0.0)


def test_the_tolerance_decides_what_is_one_incident():
    result = agreement([two_reviewers()], tolerance_s=0.5)
    assert len(result.units) == 10 and result.matched_units == 0
    assert result.row(ALL, "situation").raw == 0.0


def test_three_reviewers_with_a_missing_rating_use_krippendorff_alpha():
    """Whistle over three incidents; C tags u2 but records no whistle:

        u1: A at_once, B at_once, C at_once
        u2: A at_once, B delayed, C -
        u3: A delayed, B delayed, C delayed

    Pairs: u1 3 agree, u2 1 disagrees, u3 3 agree: raw 6/7. Coincidences: u1 and u3 give o_xx = o_yy =
    6 * 1/2 = 3; u2 o_xy = o_yx = 1; n_x = n_y = 4, n = 8: alpha = 1 - 7 * 2 / (2 * 16) = 18/32.
    No kappa: that is for two reviewers."""
    events = [tag("a1", "A", 5, "21.j", whistle="at_once"), tag("b1", "B", 5.4, "21.j", whistle="at_once"),
              tag("c1", "C", 5.2, "21.j", whistle="at_once"),
              tag("a2", "A", 30, "21.j", whistle="at_once"), tag("b2", "B", 30.5, "21.j", whistle="delayed"),
              tag("c2", "C", 29.9, "21.j"),
              tag("a3", "A", 70, "21.j", whistle="delayed"), tag("b3", "B", 70, "21.j", whistle="delayed"),
              tag("c3", "C", 71, "21.j", whistle="delayed")]
    row = agreement([doc(events)], tolerance_s=2).row(ALL, "whistle")
    assert row.units == 3 and row.pairs == 7 and row.raw == pytest.approx(6 / 7)
    assert row.alpha == pytest.approx(18 / 32) and row.kappa is None


def test_a_match_only_one_reviewer_tagged_says_nothing_about_agreement():
    other = doc([tag("x1", "A", 10, "21.a"), tag("x2", "A", 80, "21.b")], match_id="m2", date="2026-06-20")
    season = agreement([two_reviewers(), other], tolerance_s=1.0)
    assert season.compared_matches == ["m1"] and season.matches == ["m1", "m2"]
    assert season.row(ALL, "situation").raw == pytest.approx(0.5)  # as in m1 alone
    assert season.unmatched("A") == 1  # the tags in m2 are not "unmatched": B did not review m2


def test_one_value_throughout_gives_no_kappa_or_alpha_rather_than_a_number():
    events = [tag("a1", "A", 10, "21.j", whistle="at_once"), tag("b1", "B", 10, "21.j", whistle="at_once")]
    row = agreement([doc(events)]).row(ALL, "whistle")
    assert row.raw == 1.0 and row.kappa is None and row.alpha is None


def test_each_reviewer_joins_the_nearest_incident_once():
    events = [tag("a1", "A", 10, "21.j"), tag("b1", "B", 11.5, "21.j"), tag("b2", "B", 10.2, "21.j")]
    ratings, _ = ratings_of([doc(events)])
    units = match_units(ratings, 2.0)
    assert [sorted(r.event for r in u.ratings.values()) for u in units] == [["a1", "b2"], ["b1"]]


def test_csv_exports_every_row_and_the_units(tmp_path, capsys):
    result = agreement([two_reviewers()], tolerance_s=1.0)
    text = to_csv(result)
    assert text.splitlines()[0].startswith("scope,field,units,pairs,agreeing_pairs,raw_agreement,cohen_kappa")
    assert "all,situation,6,6,3,0.5000,0.2174,0.2667,A; B,1,m1\r\n" in text
    units = units_csv(result)
    assert "m1,50,a5,21.b,,(no tag)" in units and NO_TAG in units


def test_cli(tmp_path, capsys):
    path = tmp_path / "m1.json"
    import json

    path.write_text(json.dumps(two_reviewers().data), "utf-8")
    assert main(["agreement", str(path), "--tolerance", "1", "--format", "csv"]) == 0
    assert "all,situation,6,6,3,0.5000,0.2174,0.2667" in capsys.readouterr().out
    assert main(["agreement", str(path), "--tolerance", "-1"]) == 2
    assert "--tolerance -1.0: give seconds" in capsys.readouterr().err


def test_a_negative_kappa_and_alpha_are_numbers_in_the_csv():
    """A a b, B b a: raw 0; chance (1*1 + 1*1)/4 = 1/2, kappa (0 - 1/2) / (1 - 1/2) = -1. Coincidences
    o_ab = o_ba = 2, n_a = n_b = 2, n = 4: alpha = 1 - 3 * 4 / (2 * 2 * 2) = -1/2."""
    import csv
    import io

    events = [tag("a1", "A", 10, "21.a"), tag("b1", "B", 10, "21.b"),
              tag("a2", "A", 20, "21.b"), tag("b2", "B", 20, "21.a")]
    text = to_csv(agreement([doc(events)], tolerance_s=1.0))
    row = next(r for r in csv.DictReader(io.StringIO(text)) if r["scope"] == ALL and r["field"] == "situation")
    assert (row["cohen_kappa"], row["krippendorff_alpha_nominal"]) == ("-1.0000", "-0.5000")
    assert float(row["cohen_kappa"]) == -1.0 and "'-" not in text


def test_a_field_whose_paired_ratings_hold_one_value_gives_no_alpha_and_no_warning():
    """u1: A at_once, B at_once; u2: A delayed, B tags it with no whistle: 'delayed' pairs with nothing."""
    import warnings

    events = [tag("a1", "A", 10, "21.j", whistle="at_once"), tag("b1", "B", 10, "21.j", whistle="at_once"),
              tag("a2", "A", 30, "21.j", whistle="delayed"), tag("b2", "B", 30, "21.j")]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # numpy's "invalid value encountered in scalar divide" fails the test
        row = agreement([doc(events)], tolerance_s=1.0).row(ALL, "whistle")
    assert row.units == 1 and row.raw == 1.0 and row.alpha is None
