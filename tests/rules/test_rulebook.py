"""The encoded rules quote the rulebook, cite their clauses, and stay free of UI and video code."""

from __future__ import annotations

import ast

import pytest
from match_docs import ROOT

from review_app.i18n import translate
from review_app.rules import PROVISIONS, parameters
from review_app.rules.rulebook import paragraphs, rulebook_text

SHARED = ROOT.parent / "shared" / "rulebook" / "uspa-2026-rule-21.txt"


@pytest.mark.skipif(not SHARED.exists(), reason="no shared/ beside this checkout")
def test_the_packaged_rulebook_is_the_shared_one():
    assert rulebook_text() == SHARED.read_text("utf-8")


def test_every_paragraph_of_the_rule_is_encoded_somewhere():
    used = " ".join(p.text["en"] for p in PROVISIONS)
    for para in paragraphs()[:-1]:  # the last paragraph holds the worked examples
        if para.en.endswith(":"):  # headings such as "Fallen or Injured Mount:"
            continue
        assert para.en[:60] in used, para.en[:60]


def test_every_provision_quotes_both_languages_and_every_parameter_cites_a_clause():
    ids = {p.id for p in PROVISIONS}
    for p in PROVISIONS:
        assert p.text["en"] and p.text["es"] and translate(p.summary, "en") and translate(p.summary, "es")
    for param in parameters.newest():
        assert param.clause in ids and param.quote and translate(param.label, "es") != param.label.id
        # verbatim: each stretch of the quote (an ellipsis leaves words out) stands in the rulebook's English
        assert all(words.strip() in rulebook_text() for words in param.quote.split("...")), param.name


def test_the_rules_import_neither_streamlit_nor_opencv():
    banned = {"streamlit", "cv2", "av"}
    for path in [p for layer in ("rules", "model", "checker") for p in (ROOT / "review_app" / layer).glob("*.py")]:
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
                [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            for name in names:
                assert name.split(".")[0] not in banned, f"{path.name} imports {name}"


def test_every_reading_the_encoding_makes_quotes_the_rulebook_word_for_word():
    """`review_app/rules/READINGS.md` lists the debatable readings, each with the sentence it rests on: a
    quotation that is not in the rulebook would make a reading rest on nothing."""
    import re

    text = (ROOT / "review_app" / "rules" / "READINGS.md").read_text("utf-8")
    quotes = re.findall(r'^\s*- Rulebook: "(.*)"\s*$', text, flags=re.MULTILINE)
    assert len(quotes) >= 50
    book = rulebook_text()
    missing = [q for q in quotes if q not in book]
    assert not missing, missing
