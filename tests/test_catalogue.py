"""One translation catalogue, complete: every message id the code and templates use is in the
Spanish catalogue, translated and not fuzzy; and a message renders in the reader's language."""

from __future__ import annotations

import pytest

from review_app import i18n
from review_app.i18n import Message, Plural, catalogue


def test_spanish_catalogue_translates_every_message_the_code_uses():
    problems = catalogue.problems("es")
    assert not problems, "\n".join(str(p) for p in problems[:40]) + (
        f"\n... and {len(problems) - 40} more" if len(problems) > 40 else "") + (
        "\nrun: python -m review_app.i18n.catalogue update, then translate in review_app/locale/es")


def test_message_parameters_are_translated_in_the_same_language(monkeypatch):
    fake = {"The ball struck {what}.": "La bocha golpeó {what}.", "a goal post": "un poste del arco",
            "{n} tag": "{n} etiqueta", "{n} tags": "{n} etiquetas"}

    class Fake:
        def gettext(self, m):
            return fake.get(m, m)

        def ngettext(self, s, p, n):
            return fake[s] if n == 1 else fake[p]

    monkeypatch.setattr(i18n, "translations", lambda lang: Fake() if lang == "es" else i18n._gettext.NullTranslations())
    reason = Message("The ball struck {what}.", what=Message("a goal post"))
    assert reason.render("es") == "La bocha golpeó un poste del arco."
    assert str(reason) == "The ball struck a goal post."
    assert i18n.translate(Plural("{n} tag", "{n} tags", n=3), "es") == "3 etiquetas"
    assert i18n.both(Plural("{n} tag", "{n} tags", n=1)) == {"en": "1 tag", "es": "1 etiqueta"}
    assert i18n.translate({"en": "x", "es": "y"}, "es") == "y" and i18n.translate(None, "es") == ""


def test_dates_and_durations_in_the_readers_language():
    import datetime

    assert i18n.format_date(datetime.date(2026, 6, 15), "es") == "15 de junio de 2026"
    assert i18n.format_duration(300, "es") == "5 minutos"
    assert i18n.format_duration(300, "en") == "5 minutes"


def test_a_number_with_a_fraction_is_written_with_the_readers_decimal_sign():
    # "14.1 s" on the Spanish page was Python's point: Spanish writes 14,1 (CLDR's decimal sign for es)
    delay = Message("Measured on the footage, the whistle came {delay:.1f} s after the incident ({timing}).",
                    delay=14.1, timing=Message("late"))
    assert i18n.translate(delay, "en").startswith("Measured on the footage, the whistle came 14.1 s after")
    assert " 14,1 s " in i18n.translate(delay, "es") and "14.1" not in i18n.translate(delay, "es")
    # only a float's text: an id with a point, a count and a plural's count stay as they are
    said = Message("{clause}: {n} events, {s} s", clause="21.f(1)(i)", n=1200, s=0.25)
    assert i18n.translate(said, "es") == "21.f(1)(i): 1200 events, 0,25 s"
    tags = Plural("{n} tag", "{n} tags", n=2)
    assert i18n.translate(tags, "es") == i18n.translate(tags, "en")


def test_the_compiled_catalogue_is_kept_by_its_source_and_read_back_the_same(tmp_path, monkeypatch):
    monkeypatch.setenv("POLO_REVIEW_CACHE", str(tmp_path))
    source = i18n.catalogue_path("es").read_bytes()
    first = i18n._compiled(source, "es")  # compiled from the .po, and kept
    kept = list((tmp_path / "catalogues").iterdir())
    assert len(kept) == 1 and kept[0].read_bytes() == first
    assert i18n._compiled(source, "es") == first  # read back, not compiled again
    # Another source is another file: a catalogue kept never stands in for a changed .po.
    changed = source.replace(b'msgstr "', b'msgstr "X', 1)
    assert i18n._compiled(changed, "es") != first
    assert len(list((tmp_path / "catalogues").iterdir())) == 2


def test_a_catalogue_that_cannot_be_kept_is_compiled_in_memory(tmp_path, monkeypatch):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("POLO_REVIEW_CACHE", str(blocked))
    source = i18n.catalogue_path("es").read_bytes()
    assert i18n._compiled(source, "es")


def test_equal_messages_hash_alike_and_a_pickled_copy_works_out_its_own_hash():
    """A message is a value: equal by its kind, id and parameters (in any order), hashed alike, its hash worked out
    once; a copy made by pickling (which could be read in another process, with other hashes) keeps none."""
    import pickle

    from review_app.rules.phrases import Joined

    one = Message("{a} and {b}", a=Message("x"), b=2)
    same = Message("{a} and {b}", b=2, a=Message("x"))
    assert one == same and hash(one) == hash(same) == hash(one)
    assert one != Message("{a} and {b}", a=Message("y"), b=2) and one != Plural("{a} and {b}", "p", n=2)
    assert one != Message("{a} and {b}", a=Message("x"), b=2.0)  # equal numbers, written otherwise
    for message in (one, Plural("{n} tag", "{n} tags", n=3), Joined([one, "plain"], sep="; ")):
        hash(message)
        copy = pickle.loads(pickle.dumps(message))
        assert copy._hash is None and copy == message and hash(copy) == hash(message)
        assert copy.render("es") == message.render("es")
    with pytest.raises(TypeError):  # a list for a parameter: no hash
        hash(Message("{names}", names=["a", "b"]))
