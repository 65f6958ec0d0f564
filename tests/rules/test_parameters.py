"""The rulebook's numbers as data: `rules/data/parameters.toml`, keyed by edition date, each number with its
clause and the rulebook's own words, loaded into typed values and handed to the judges."""

from __future__ import annotations

from datetime import date

import pytest

from review_app.rules import PROVISIONS, judge_on, parameters_on
from review_app.rules.parameters import PARAMETERS_FILE, USPA_2026, Edition, ParameterError, Parameters, load, newest
from review_app.rules.rulebook import rulebook_text

GOOD = '''
[editions]
2026-01-01 = "USPA 2026"
2027-03-01 = "USPA 2027"

[TACK_REPAIR]
clause = "21.g"
unit = "seconds"
label = "Most time allowed to rectify broken tack or change mounts"
values.2026-01-01 = { value = 300, quote = "a maximum of five (5) minutes" }
values.2027-03-01 = { value = 240, quote = "a maximum of four (4) minutes" }

[LATER_ONLY]
clause = "21.g"
unit = "seconds"
label = "x"
values.2027-03-01 = { value = 1, quote = "x" }
'''


def test_every_number_quotes_the_rulebook_verbatim_and_cites_a_provision():
    text, ids = rulebook_text(), {p.id for p in PROVISIONS}
    for p in newest():
        assert p.clause in ids, p.name
        assert all(words.strip() in text for words in p.quote.split("...")), f"{p.name}: {p.quote!r}"


def test_the_shipped_file_holds_the_packaged_editions_numbers():
    (only,) = load()
    assert only.edition == USPA_2026 and only["INJURY_RECOVERY"].value == 600 and only["SAFETY_PENALTY"].value == 6
    assert isinstance(only["TACK_REPAIR"].value, int)  # an integer stays one (a report's limit_s: 300, not 300.0)


def test_every_number_a_provision_names_is_in_every_edition():
    for values in load():
        for p in PROVISIONS:
            assert [q.name for q in p.parameters_in(values)] == list(p.parameters), p.id


def test_an_edition_keeps_the_numbers_it_does_not_set(tmp_path):
    path = tmp_path / "parameters.toml"
    path.write_text(GOOD, "utf-8")
    first, later = load(path)
    assert later.edition == Edition(date(2027, 3, 1), "USPA 2027")
    assert (first["TACK_REPAIR"].value, later["TACK_REPAIR"].value) == (300, 240)
    assert later["TACK_REPAIR"].quote == "a maximum of four (4) minutes"
    assert "LATER_ONLY" not in first and later["LATER_ONLY"].edition == later.edition


@pytest.mark.parametrize(("text", "said"), [
    ("[editions", "cannot be read as TOML"),
    ("[X]\nclause='21.g'", "no \\[editions\\]"),
    ("[editions]\nlater = 'x'", "'later' is not a date"),
    ("[editions]\n2026-01-01 = 'a'\n[X]\nclause = '21.g'\nunit = 's'\nlabel = 'x'\nvalues.2025-01-01 = "
     "{ value = 1, quote = 'x' }", "2025-01-01 is the date of no edition"),
    ("[editions]\n2026-01-01 = 'a'\n[X]\nunit = 's'\nvalues.2026-01-01 = { value = 1, quote = 'x' }",
     "missing clause, label"),
    ("[editions]\n2026-01-01 = 'a'\n[X]\nclause = '21.g'\nunit = 's'\nlabel = 'x'\nvalues.2026-01-01 = "
     "{ value = 'ten', quote = 'x' }", "needs a number"),
])
def test_a_bad_file_is_one_line_naming_it_and_the_problem(tmp_path, text, said):
    path = tmp_path / "parameters.toml"
    path.write_text(text, "utf-8")
    with pytest.raises(ParameterError, match=said) as raised:
        load(path)
    assert str(path) in str(raised.value) and "\n" not in str(raised.value)


def test_the_judges_are_handed_the_numbers_of_the_matchs_day():
    assert isinstance(parameters_on(date(2026, 6, 14)), Parameters)
    assert parameters_on(date(2026, 6, 14)).edition == USPA_2026
    assert judge_on(date(2026, 6, 14)) is not judge_on(date(2026, 6, 14))  # bound per call, no module state read


def test_no_rule_module_reads_a_number_from_a_module():
    """Judges and checks are handed their numbers (`values[...]`): no `parameters.X` constant is read in rules/."""
    rules = PARAMETERS_FILE.parents[1]
    # The newest edition's numbers only where nothing is judged: a report's provision, a coded tag's suggestion.
    allowed = {"parameters.py", "provision.py", "implied.py"}
    for path in rules.glob("*.py"):
        text = path.read_text("utf-8")
        assert "import parameters as" not in text, path.name
        assert "newest()" not in text or path.name in allowed, path.name


def test_the_shipped_editions_date_is_the_packaged_rulebooks():
    """READINGS 49: the packaged text names the 2026 rulebook, assumed in force from 1 January 2026; the data file
    keys its numbers by that day."""
    assert [values.edition for values in load()] == [USPA_2026]
