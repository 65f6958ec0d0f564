"""Code keys name the situation as a coach calls it ("Foul", "Safety", "Helmet off"), in the reader's
language; a coach's own label replaces the name. (On screen, with the clause beside it and a label kept
in the workspace: tests/ui/test_browser_labels.py.)"""

from __future__ import annotations

from review_app.model.coding import KEY_NAMES, Code, key_name
from review_app.rules import PROVISIONS


def test_every_situation_has_a_key_name_in_both_languages():
    assert set(KEY_NAMES) == {p.id for p in PROVISIONS}
    assert key_name(Code("1", "21.b"), "en") == "Foul" and key_name(Code("2", "21.a"), "en") == "Safety"
    assert key_name(Code("5", "21.h"), "en") == "Helmet off"
    assert key_name(Code("5", "21.h"), "es") == "Casco perdido"
    assert all(len(key_name(Code("1", p.id), lang)) <= 26 for p in PROVISIONS for lang in ("en", "es"))  # a button


def test_a_coachs_own_label_takes_the_names_place():
    assert key_name(Code("1", "21.b", "Falta del club"), "en") == "Falta del club"
