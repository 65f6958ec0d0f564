"""docs/layout.md's worked example, "Adding a provision with one parameter", run against the rules as they are: its
provision's code in its clause module's namespace, its number appended to the shipped parameters, judged; and the
files it names, six, each one that exists. (Followed literally on a copy of the checkout, the example touches those six
files and the rules, model and catalogue tests pass: the issue 40 report gives the count.)"""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

import pytest

from review_app import rules
from review_app.rules import Case, MatchContext, judge_case, players
from review_app.rules.parameters import PARAMETERS_FILE, load
from review_app.rules.rulebook import rulebook_text

ROOT = Path(__file__).resolve().parents[2]
LAYOUT = ROOT / "docs" / "layout.md"


def _section() -> str:
    text = LAYOUT.read_text("utf-8")
    start = text.index("### Adding a provision with one parameter")
    return text[start:text.index("\n## ", start)]


def _block(kind: str) -> str:
    found = re.search(rf"```{kind}\n(.*?)```", _section(), re.S)
    assert found, f"no {kind} block in the worked example"
    return "\n".join(line[3:] if line.startswith("   ") else line for line in found.group(1).splitlines())


@pytest.fixture(scope="module")
def example(tmp_path_factory):
    namespace = dict(vars(players))
    exec(compile(_block("python"), str(LAYOUT), "exec"), namespace)  # the documentation's own code
    # The provision the example's code made (also where the example has been followed: then it is made again).
    made = [v for k, v in namespace.items() if isinstance(v, rules.Provision) and v is not vars(players).get(k)]
    shipped, number = PARAMETERS_FILE.read_text("utf-8"), _block("toml")
    path = tmp_path_factory.mktemp("parameters") / "parameters.toml"
    path.write_text(shipped if number.splitlines()[0] in shipped.splitlines() else shipped + "\n" + number, "utf-8")
    (values,) = load(path)
    return made[-1], values


def test_the_examples_provision_judges_with_the_number_it_is_handed(example):
    provision, values = example
    (name,) = provision.parameters
    assert values[name].clause == provision.id and values[name].quote in rulebook_text()

    def judged(allowed: float, **call) -> str:
        case = Case(provision.id, {"removal_needed_more_time": False},
                    {"whistle": "at_once", "time_allowed_s": allowed, **call}, 2, MatchContext(day=date(2026, 6, 14)))
        return judge_case(provision, case, values).verdict

    limit = values[name].value
    assert judged(limit - 60) == "consistent" and judged(limit + 60) == "inconsistent"
    assert judged(limit + 60, extra_time_granted=True) == "consistent"


def test_the_examples_provision_takes_its_place_in_the_registry(example):
    provision, _values = example
    ids = [p.id for p in rules._registry((*(p for p in rules.PROVISIONS if p.id != provision.id), provision))]
    assert ids.index(provision.id) == ids.index("21.d") + 1  # its words stand in 21.d's paragraph, after 21.d's own
    assert provision.text["en"].startswith("The game shall be continued") and provision.text["es"]


def test_the_example_names_six_files_each_one_that_exists():
    steps = re.findall(r"^\d\.(?: and \d\.)? (.*)$", _section(), re.M)
    named = [path for step in steps for path in re.findall(r"`((?:review_app|schemas|tests)/[^`]+\.[a-z]+)`",
                                                            step.split(":")[0])]
    assert len(named) == len(set(named)) == 6, named
    assert all((ROOT / path).is_file() for path in named), named
