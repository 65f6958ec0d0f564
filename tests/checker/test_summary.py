"""The JSON summary counts verdicts without pandas, and says exactly what the pandas tables of the
text, CSV and HTML reports say: the same rows in the same order, the same counts."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest
from match_docs import ROOT

from review_app.checker import CheckResult, EventResult
from review_app.checker.summary import summary
from review_app.checker.tables import counts_by, events_frame
from review_app.i18n import Message
from review_app.rules import PROVISIONS, VERDICTS

UMPIRES = ["Ana", "ana", "Ángela", "Zoë", "Ben Umpire", "", None]


def results(seed: int, n: int, periods) -> CheckResult:
    rng = random.Random(seed)
    events = [EventResult(
        match=rng.choice(["m-10", "m-2", "M-1", "ñandú"]), event=f"e{i}", clause=rng.choice(PROVISIONS).id,
        verdict=rng.choice(VERDICTS), explanation=Message("Why."), missing=[], mandatory=False, cites=[],
        frame=i, time_s=i / 25, period=rng.choice(periods), clock=None, umpire=rng.choice(UMPIRES),
        reviewer=None, document=None) for i in range(n)]
    return CheckResult(events=events)


def as_table(result: CheckResult, key: str) -> dict:
    table = counts_by(events_frame(result), key)
    return {str(idx): {c: int(n) for c, n in row.items()} for idx, row in table.iterrows()}


@pytest.mark.parametrize("periods", [[1, 2, 3, 10], [1, 2, None], [None], [1, 2.0]],
                         ids=["recorded", "some-missing", "none", "one-written-as-float"])
@pytest.mark.parametrize("seed", range(3))
def test_the_summary_counts_what_the_tables_count(seed, periods):
    result = results(seed, 300, periods)
    s = summary(result)
    for key in ("clause", "umpire", "match", "period"):
        assert list(s[f"by_{key}"].items()) == list(as_table(result, key).items()), key
    assert s["verdicts"] == {v: sum(e.verdict == v for e in result.events) for v in VERDICTS}
    assert s["events"] == 300


def test_a_period_missing_beside_recorded_ones_is_named_as_the_tables_name_it():
    s = summary(results(0, 50, [1, None]))
    assert set(s["by_period"]) == {"1", "—"}  # never "1.0"


def test_an_empty_check_has_empty_summaries():
    s = summary(CheckResult())
    assert (s["events"], s["by_clause"], s["by_umpire"], s["by_match"], s["by_period"]) == (0, {}, {}, {}, {})
    assert s["verdicts"] == dict.fromkeys(VERDICTS, 0)


def test_check_as_json_of_valid_documents_imports_neither_pandas_nor_the_python_validator():
    code = ("import contextlib, io, sys\n"
            "from review_app.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            "    main(['check', 'annotations', '--format', 'json'])\n"
            "print(sorted(m for m in ('pandas', 'numpy', 'jinja2', 'jsonschema') if m in sys.modules))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
