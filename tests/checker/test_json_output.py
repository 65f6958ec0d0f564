"""The JSON report reads back as what the check found, whatever the strings hold, and what orjson cannot write
is still written."""

from __future__ import annotations

import json

import msgspec
import pytest
from match_docs import ROOT

from review_app.checker import CheckResult, EventResult
from review_app.checker.formats import to_json, to_json_bytes
from review_app.checker.summary import summary
from review_app.i18n import Message, both
from review_app.rules import VERDICTS

AWKWARD = ["Ñandú \"Zoë\" <b>&</b>", "tab\there\nnew line\r\x00\x1f\x7f", "\u2028\u2029 emoji 😀", "back\\slash", ""]


def result_with(**fields) -> CheckResult:
    base = dict(match="m1", event="e1", clause="21.a", verdict=VERDICTS[0], explanation=Message("Why {x}.", x="y"),
                missing=["a", "b"], mandatory=False, cites=["21.a"], frame=10, time_s=0.4, period=None,
                clock="3:00", umpire="Ana", reviewer=None, document="/tmp/m1.json")
    return CheckResult(events=[EventResult(**{**base, **fields})], errors=["x.json: bad"], matches=["m1"])


def expected(result: CheckResult) -> dict:
    """The report as plain data, made here field by field rather than by the report's own code."""
    events = []
    for e in result.events:
        row = {name: getattr(e, name) for name in e.__struct_fields__}
        row["explanation"] = both(e.explanation)
        events.append({k: v for k, v in row.items() if v or k not in OPTIONAL})
    return {"events": events, "findings": [f.to_dict() for f in result.findings], "errors": list(result.errors),
            "summary": summary(result)}


OPTIONAL = {"wrong", "measured", "findings", "reading", "edition", "penalty_to"}


@pytest.mark.parametrize("text", AWKWARD)
def test_the_report_reads_back_as_what_the_check_found(text):
    result = result_with(umpire=text, reviewer=text, clock=text, time_s=1234.56789)
    assert json.loads(to_json(result)) == expected(result)
    assert to_json_bytes(result) == to_json(result).encode("utf-8")
    assert to_json(result).startswith('{\n  "events": [\n    {\n      "match": "m1",')  # indented by two spaces


def with_findings_and_repeated_messages() -> CheckResult:
    """Three events, two of one case sharing its verdict's message, one whose message has a list for a parameter
    (no key for a table of messages), and two findings, one saying the same sentence as an event."""
    from review_app.checker.sequence import Finding

    shared = Message("Why {x}.", x="y")
    result = result_with(explanation=shared)
    first = result.events[0]
    result.events += [msgspec.structs.replace(first, event="e2"),
                      msgspec.structs.replace(first, event="e3", explanation=Message("{names}.", names=["a", "b"]))]
    result.findings = [Finding("m1", "second_courtesy_change", "21.d", "error", ["e2"], Message("Why {x}.", x="y")),
                       Finding("m1", "unconscious", "21.d", "mandatory", ["e3"], Message("Other {x}.", x=["z"]),
                               details={"n": 1})]
    return result


@pytest.mark.parametrize("awkward", [{}, {"reviewer": "lone \ud800 surrogate"}], ids=["orjson", "stdlib"])
def test_findings_and_repeated_messages_are_written_whole_in_both_languages(awkward):
    result = with_findings_and_repeated_messages()
    result.events[0] = msgspec.structs.replace(result.events[0], **awkward)
    report = json.loads(to_json_bytes(result))
    assert report == expected(result)
    assert [e["explanation"]["en"] for e in report["events"]] == ["Why y.", "Why y.", "['a', 'b']."]
    assert [f["explanation"]["en"] for f in report["findings"]] == ["Why y.", "Other ['z']."]


def test_messages_equal_as_numbers_but_written_otherwise_are_each_written_as_they_read():
    """30, 30.0 and True are equal numbers: messages with each for a parameter are not the same message."""
    result = result_with()
    first = result.events[0]
    result.events = [msgspec.structs.replace(first, event=f"e{n}", explanation=Message("{s} s allowed", s=value))
                     for n, value in enumerate([30, 30.0, True, 30])]
    report = json.loads(to_json_bytes(result))
    assert [e["explanation"]["en"] for e in report["events"]] == ["30 s allowed", "30.0 s allowed", "True s allowed",
                                                                 "30 s allowed"]


@pytest.mark.parametrize("fields", [{"frame": 2**70}, {"reviewer": "lone \ud800 surrogate"}],
                         ids=["big-int", "surrogate"])
def test_what_orjson_refuses_is_written_by_the_standard_library(fields):
    result = result_with(**fields)
    assert json.loads(to_json_bytes(result)) == expected(result)


def test_an_event_in_the_report_carries_every_field_and_leaves_out_only_empty_optional_ones():
    """`EventResult.to_dict` names its fields one by one: a field added to the result and not to the report
    would be lost silently."""
    from msgspec.structs import fields

    full = result_with(wrong=["penalty_to"], measured={"whistle_delay_s": 1.2}, findings=["second_courtesy_change"],
                       reading={"excused_under": "21.f(3)"}, edition="USPA 2026", penalty_to="blue").events[0].to_dict()
    assert list(full) == [f.name for f in fields(EventResult)]
    assert full["explanation"] == {"en": "Why y.", "es": full["explanation"]["es"]}
    bare = result_with().events[0].to_dict()
    assert set(full) - set(bare) == {"wrong", "measured", "findings", "reading", "edition", "penalty_to"}


def test_an_events_result_carries_each_part_of_the_event_in_its_own_field(doc_factory, tmp_path):
    """Each field of an event's result holds what its name says."""
    from match_docs import event

    from review_app.checker.run import check_event
    from review_app.model import document_from_data

    data = doc_factory([event("e7", 250, "21.f(3)", {"mount_sound": True},
                              {"whistle": "at_once", "mount_excused": False}, period=3,
                              players=[{"team": "red", "number": 1}], umpire="Ana Umpire")], match_id="m-order")
    data["events"][0]["clock"] = "4:10"
    data["events"][0]["moments"] = {"whistle": {"frame": 300, "time_s": 12.0}}
    doc = document_from_data(data, tmp_path / "m-order.json")
    r = check_event(doc, doc.events[0], doc.context())
    assert (r.match, r.event, r.clause, r.frame, r.time_s, r.period, r.clock, r.umpire, r.reviewer) == (
        "m-order", "e7", "21.f(3)", 250, 10.0, 3, "4:10", "Ana Umpire", "Test Coach")
    assert r.document == str(tmp_path / "m-order.json") and r.edition == "USPA 2026"
    assert r.verdict == "inconsistent" and r.mandatory is False and "21.f(3)" in r.cites
    assert r.measured == {"whistle_delay_s": 2.0, "whistle": "delayed"} and r.findings == () and r.reading == {}
    assert "whistle" in r.wrong and r.missing == () and isinstance(r.explanation, Message)


def test_a_file_name_that_is_not_utf8_is_reported_escaped_on_standard_output_and_in_a_file(tmp_path, capfdbinary):
    """Python reads the byte 0xff of a file name as a lone surrogate, which no UTF-8 can hold: the report names the
    document with it escaped (valid JSON, read back as the same name), never a traceback."""
    import os

    from review_app.cli import main

    folder = tmp_path / "season"
    folder.mkdir()
    name = os.fsdecode(b"bad\xff.json")
    (folder / name).write_bytes((ROOT / "annotations" / "sample-safety.json").read_bytes())
    out = tmp_path / "report.json"
    assert main(["check", str(folder), "--format", "json", "--out", str(out)]) == 0
    assert main(["check", str(folder), "--format", "json"]) == 0
    for raw in (out.read_bytes(), capfdbinary.readouterr().out):
        report = json.loads(raw.decode("utf-8"))
        assert [e["document"] for e in report["events"]] == [str(folder / name)]
