"""Schema 2.1's wait moments took the frame view's keys A, M, X and S (the player back on Another mount, the
Mount off the field, the player eXits, able to reSume or a Substitute on). A code window saved with codes on
those keys still opens, each such code moved to a key still free; a new window cannot take them."""

from __future__ import annotations

import json

import pytest

from review_app.model.coding import CODE_KEYS, CodingError, checked_window, load_window
from review_app.model.edits import MOMENT_KEYS
from review_app.store import open_records


def test_the_wait_moments_keys_are_the_frame_views_not_the_codes():
    keys = {key.lower() for _m, _label, key in MOMENT_KEYS if key}
    assert keys == set("wenamxs") and not keys & set(CODE_KEYS)
    with pytest.raises(CodingError, match="the key M is taken by the frame view"):
        checked_window({"codes": [{"key": "m", "situation": "21.b"}]})


def test_a_window_saved_with_a_code_on_a_key_taken_since_opens_with_the_code_moved(tmp_path):
    path = tmp_path / "code-windows.json"
    saved = {"codes": [{"key": "1", "situation": "21.b"}, {"key": "a", "situation": "21.e", "label": "Fall"},
                       {"key": "b", "situation": "21.h"}, {"key": "x", "situation": "21.d"}],
             "lead_s": 4, "lag_s": 6}
    path.write_text(json.dumps({"version": 1, "reviewers": {"ana": {"name": "Ana", "window": saved}}}), "utf-8")
    window = load_window(open_records(path), "Ana")
    by_situation = {c.situation: c for c in window.codes}
    assert set(by_situation) == {"21.b", "21.e", "21.h", "21.d"}  # no code lost
    assert by_situation["21.b"].key == "1" and by_situation["21.h"].key == "b"  # the others keep their keys
    moved = [by_situation["21.e"].key, by_situation["21.d"].key]
    assert moved == ["2", "3"] and by_situation["21.e"].label == "Fall"  # the first keys still free, in order
    assert (window.lead_s, window.lag_s) == (4, 6)
