"""A value reads in its own field's words: "other" is "Other" as a kind of foul, "Someone else" as who stopped
play and "Elsewhere" only as a restart's point; the tag form never calls a fact the checker may ask for
"optional"."""

from __future__ import annotations

from review_app.rules.labels import value_label


def test_other_reads_in_each_fields_own_words():
    assert value_label("other", "en", "kind") == "Other"
    assert value_label("other", "en", "stopped_by") == "Someone else"
    assert value_label("other", "en", "restart_point") == "Elsewhere"
    assert value_label("other", "es", "kind") != value_label("other", "es", "restart_point")
    assert value_label("penalty_3", "en", "penalty") == "Penalty 3"
    assert value_label("at_once", "en") == "At once"  # without a field: the first word any field has
