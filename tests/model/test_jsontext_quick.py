"""The strict reader's two ways agree: orjson's quick reading with its checks on the bytes, and the careful
reading with Python's parser that names the problem. Whatever the quick one is unsure of goes to the careful
one, so a text must come out the same value or the same error either way."""

from __future__ import annotations

import json

import pytest

from review_app.model import jsontext

TEXTS = [
    '{"a": 1, "a": 2}',  # a key given twice, at the top
    '{"events": [{"id": "x", "facts": {"fell": true, "fell": false}}]}',  # ... and deep inside
    '{"a:b": 1, "a:b": 2}',  # a key holding a colon
    '{"note": "\\u003a", "a": 1, "a": 2}',  # an escaped colon beside a key given twice
    '{"clock": "12:30", "when": "10:00:00", "x": [1, 2]}',  # colons in strings, no key twice
    '{"k\\\\": "v\\"]", "k2": [1, {"a": "b:c"}]}',  # escaped backslash and quote, a bracket in a string
    "[NaN]", "[Infinity]", "[-Infinity]", "[1e999]", "[-1e999]",
    "[123456789012345678901]", "[-9223372036854775809]",  # integers past 64 bits stay integers
    "[" * 64 + "]" * 64, "[" * 65 + "]" * 65,
    '{"a":' * 64 + "1" + "}" * 64, '{"a":' * 65 + "1" + "}" * 65,
    '["]]]]", ' + "[" * 70 + "]" * 70 + ', "[[[["]',  # brackets in strings do not hide the nesting
    '"\\ud800"', "\ufeff{}", '{"a": 1,}', "", "[-0, 1.5e308, 0.1, 1E-400, 1e-7]",
    '{"name": "Inés Gómez", "n": 3}',
]


def _outcome(read, text):
    try:
        return "value", read(text)
    except (jsontext.JSONTextError, json.JSONDecodeError) as exc:
        return type(exc).__name__, str(exc)


@pytest.mark.parametrize("text", TEXTS)
def test_the_quick_reading_gives_what_the_careful_one_gives(text):
    assert _outcome(jsontext.loads, text) == _outcome(jsontext._careful, text)


def test_a_plain_document_is_read_the_quick_way(monkeypatch):
    # Were every document read the careful way, the check would cost four times the parse it needs.
    monkeypatch.setattr(jsontext, "_careful", lambda text: pytest.fail("read the careful way"))
    text = json.dumps({"schema_version": "2.1", "match": {"id": "m", "clock": "7:30"},
                       "events": [{"id": f"e{i}", "facts": {"x": i / 3}} for i in range(50)]})
    assert jsontext.loads(text) == json.loads(text)


@pytest.mark.parametrize("text", ['{"a": 1, "a": 2}', "[" * 65 + "]" * 65, "[NaN]"])
def test_what_the_quick_reading_cannot_vouch_for_is_refused(text):
    with pytest.raises(jsontext.JSONTextError):
        jsontext.loads(text)
