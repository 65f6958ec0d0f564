"""What every store refuses to keep, on files as in the database, so that anything one store holds
another can hold too: text with a NUL character (PostgreSQL's text and jsonb cannot hold U+0000, so a
files store holding one could never be copied into a database), and training attempts beyond the
length limits every other text has.

Refused with one line naming where the character is (`match.teams[0].name`), before anything is
written. Plain module.
"""

from __future__ import annotations

import json

from review_app.errors import PoloReviewError

NUL = "\x00"
MAX_TEXT = 5000  # characters of one text in an attempt: as a note's (evidence.admit.MAX_NOTE, the tag forms')
MAX_ATTEMPT_BYTES = 64 * 1024  # one training attempt as JSON: a quiz answer is a few hundred bytes
MAX_QUESTION = 400  # "<match id>/<event id>": two ids


class TextRefused(PoloReviewError):
    """Text a store does not keep (a NUL character, or longer than the limit)."""


def nul_at(value: object, where: str = "") -> str | None:
    """Where in `value` (JSON-like: dicts, lists, strings) a NUL character is, as a path; None if nowhere."""
    if isinstance(value, str):
        return (where or "the text") if NUL in value else None
    if isinstance(value, dict):
        for key, item in value.items():
            here = f"{where}.{key}" if where else str(key)
            if NUL in str(key):
                return here.replace(NUL, "\\0")
            found = nul_at(item, here)
            if found:
                return found
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            found = nul_at(item, f"{where}[{i}]")
            if found:
                return found
    return None


def refuse_nul(value: object, what: str, path: object | None = None) -> None:
    """TextRefused naming `what` and where in it a NUL character is, if one is."""
    found = nul_at(value)
    if found:
        raise TextRefused(f"{what} holds a NUL character (\\u0000) at {found}, which a database store cannot keep; "
                          "remove it and try again", path=path)


def refuse_nul_body(body: bytes, what: str, path: object | None = None) -> None:
    """The same for a document's bytes: the JSON they hold (bytes that are not JSON: the NUL byte itself)."""
    try:
        data = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        if b"\x00" in body:
            raise TextRefused(f"{what} holds a NUL byte, which a database store cannot keep", path=path) from None
        return
    refuse_nul(data, what, path)


def checked_attempt(attempt: dict) -> dict:
    """A training attempt within the limits: every text at most MAX_TEXT characters, the whole at most
    MAX_ATTEMPT_BYTES as JSON, no NUL."""
    refuse_nul(attempt, "the training attempt")

    def texts(value):
        if isinstance(value, str):
            yield value
        elif isinstance(value, dict):
            for k, v in value.items():
                yield str(k)
                yield from texts(v)
        elif isinstance(value, (list, tuple)):
            for v in value:
                yield from texts(v)

    if any(len(t) > MAX_TEXT for t in texts(attempt)):
        raise TextRefused(f"a text of the training attempt is longer than {MAX_TEXT} characters")
    try:
        size = len(json.dumps(attempt, ensure_ascii=False, default=str).encode("utf-8"))
    except (TypeError, ValueError) as exc:
        raise TextRefused(f"the training attempt cannot be kept as JSON ({exc})") from None
    if size > MAX_ATTEMPT_BYTES:
        raise TextRefused(f"the training attempt is {size} bytes; at most {MAX_ATTEMPT_BYTES} are kept")
    return attempt


def checked_question(question: str) -> str:
    """A teaching example's id ("<match id>/<event id>"), within its limit, no NUL."""
    text = str(question or "")
    refuse_nul(text, "the teaching example's id")
    if not text or len(text) > MAX_QUESTION:
        raise TextRefused(f"a teaching example's id is 1 to {MAX_QUESTION} characters")
    return text
