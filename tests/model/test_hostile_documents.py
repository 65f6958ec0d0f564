"""A hostile or broken match document gets one short line naming the file and the key or line,
never a traceback, and the other documents of a batch are still checked."""

from __future__ import annotations

import json

import pytest
from match_docs import base_document, event

from review_app.checker import check_paths
from review_app.cli import main
from review_app.model import DocumentError, load_document


def doc_dict(match_id="test-match") -> dict:
    doc = base_document(match_id)
    doc["events"] = [event("e1", 50, "21.i", {"cannot_be_dropped_immediately": True}, {"whistle": "at_once"})]
    return doc


def _text_with(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, "utf-8")
    return path


def _good(tmp_path, name="good.json"):
    return _text_with(tmp_path, name, json.dumps(doc_dict(name.removesuffix(".json")), indent=2))


@pytest.mark.parametrize("token", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_a_number_json_does_not_allow_is_refused_with_its_line(tmp_path, token):
    text = json.dumps(doc_dict(), indent=2).replace('"revision": 1', f'"revision": {token}', 1)
    assert token in text
    path = _text_with(tmp_path, "m.json", text)
    with pytest.raises(DocumentError) as err:
        load_document(path)
    line = next(i for i, row in enumerate(text.splitlines(), 1) if token in row)
    assert str(path) in str(err.value) and f"line {line}" in str(err.value) and token in str(err.value)


def test_a_duplicated_key_is_refused_naming_the_key(tmp_path):
    text = json.dumps(doc_dict(), indent=2).replace('"revision": 1,', '"revision": 1, "revision": 2,', 1)
    with pytest.raises(DocumentError, match="'revision' appears twice"):
        load_document(_text_with(tmp_path, "m.json", text))


def test_deep_nesting_is_refused_before_parsing(tmp_path):
    path = _text_with(tmp_path, "deep.json", "[" * 3000 + "]" * 3000)
    with pytest.raises(DocumentError, match="nested more than"):
        load_document(path)


def test_a_huge_value_is_quoted_only_in_part(tmp_path):
    data = doc_dict()
    data["match"]["periods"] = "x" * 1_000_000
    path = _text_with(tmp_path, "big.json", json.dumps(data))
    with pytest.raises(DocumentError) as err:
        load_document(path)
    assert len(str(err.value)) < 600 and "characters" in str(err.value)


def test_one_bad_document_leaves_the_batch_checked(tmp_path, capsys):
    for i in range(3):
        _good(tmp_path, f"good{i}.json")
    _text_with(tmp_path, "nan.json", json.dumps(doc_dict()).replace('"revision": 1', '"revision": NaN'))
    _text_with(tmp_path, "deep.json", "[" * 5000 + "]" * 5000)
    result = check_paths(sorted(tmp_path.glob("*.json")))
    assert len(result.errors) == 2 and all("\n" not in e for e in result.errors)
    assert sorted(e.match for e in result.events) == ["good0", "good1", "good2"]
    code = main(["check", str(tmp_path), "--format", "json"])
    out, err = capsys.readouterr()
    assert code == 2 and "Traceback" not in err
    report = json.loads(out)  # the report is valid JSON, with every good document in it
    assert sorted(e["match"] for e in report["events"]) == ["good0", "good1", "good2"]


@pytest.mark.parametrize(("where", "value"), [
    (("match", "name"), "n" * 201),
    (("match", "umpires"), ["u" * 201]),
    (("events", 0, "reviewer"), "r" * 201),
    (("events", 0, "notes"), "x" * 20001),
])
def test_text_longer_than_its_field_allows_is_refused_naming_the_field_in_a_short_line(write_doc, where, value):
    doc = base_document()
    doc["events"] = [event("e1", 10, "21.i", {"cannot_be_dropped_immediately": True}, {"whistle": "at_once"})]
    holder = doc
    for part in where[:-1]:
        holder = holder[part]
    holder[where[-1]] = value
    path = write_doc(doc)
    with pytest.raises(DocumentError) as err:
        load_document(path)
    line = str(err.value)
    assert str(path) in line and len(line) < 500 and "\n" not in line
    assert ".".join(str(p) for p in where if not isinstance(p, int)).split(".")[-1] in line
