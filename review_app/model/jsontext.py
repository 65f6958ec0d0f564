"""Reading JSON text as strictly as a record of a match deserves.

Python's `json` module accepts what JSON does not (NaN, Infinity), keeps the last of two equal keys
without a word (so `"mount_excused": true, "mount_excused": false` silently flips a verdict), turns
1e999 into infinity, and recurses once per nesting level (a 6 KB file of nested arrays raises
RecursionError). Here each of those is refused with one line naming the key or the line.

A document is read first by msgspec, which refuses NaN, Infinity and 1e999 by itself, keeps integers past
64 bits exactly and parses in C; what it cannot see (a key given twice, nesting past MAX_DEPTH) is checked
with a C string pass over the bytes and over orjson's indented text of the value. Only text that fails one
of these is read again the careful way below, which names the problem, so the errors are the same as ever.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

import msgspec
import orjson

# A match document nests about six levels deep; far more is no match document, and is refused
# before the parser would recurse into it.
MAX_DEPTH = 64
EXCERPT = 60  # characters of a value quoted in an error line

_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')
_BARE_STRING = re.compile(r'"[^"\n]*"')
# What nesting, keys and lines are made of; bytes.translate drops the rest in C (UTF-8 keeps these
# bytes out of every multi-byte character), so the structure is read without a parser's recursion.
_KEEP = b'[]{}":\n'
_DROP = bytes(set(range(256)) - set(_KEEP))


def _structure(text: str) -> str:
    """The text reduced to brackets, line breaks and 's' for each string ('s:' for each key)."""
    # Escaped backslashes first, then escaped quotes: what is left of a string is "..." plainly.
    plain = text.replace("\\\\", "").replace('\\"', "")
    return _BARE_STRING.sub("s", plain.encode("utf-8").translate(None, _DROP).decode("ascii"))


class JSONTextError(ValueError):
    """What makes the text no acceptable JSON; `str()` is the one line to show."""


def excerpt(value: object, limit: int = EXCERPT) -> str:
    """A value as an error line may quote it: its start, never megabytes."""
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= limit else text[:limit] + f"… ({len(text):,} characters)"


def _without_strings(text: str) -> str:
    # Strings hold no raw newline in JSON, so blanking them keeps every line where it was.
    return _STRING.sub('""', text)


def _line_of(bare: str, token: str) -> int | None:
    found = re.search(rf"(?<![\w.+-]){re.escape(token)}(?![\w.])", bare)
    return bare.count("\n", 0, found.start()) + 1 if found else None


def _check_depth(structure: str) -> None:
    """Refuse nesting deeper than MAX_DEPTH, counted outside strings, before any parser recurses."""
    depth = 0
    for position, char in enumerate(structure):
        if char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                line = structure.count("\n", 0, position) + 1
                raise JSONTextError(f"line {line}: nested more than {MAX_DEPTH} levels deep; not a match document")
        elif char in "]}":
            depth -= 1


def _keys_in(value: Any) -> int:
    stack, count = [value], 0
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            count += len(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return count


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise JSONTextError(f"the key {excerpt(key)!r} appears twice in one object; keep one")
        out[key] = value
    return out


class _BadNumber(Exception):
    def __init__(self, token: str):
        self.token = token


def _constant(token: str) -> float:
    raise _BadNumber(token)


def _float(token: str) -> float:
    value = float(token)
    if not math.isfinite(value):
        raise _BadNumber(token)
    return value


# orjson's text indented by two spaces has its line breaks only between values (a string's is escaped) and puts a
# container nested in MAX_DEPTH others on a line of its own, indented this far: a text with no such line nests at
# most MAX_DEPTH deep. (A value at that depth that is no container is on such a line too: unsure, not refused.)
_DEEP = b"\n" + b" " * (2 * MAX_DEPTH)
_UNSURE = object()
_DECODE = msgspec.json.Decoder().decode


def _quick(raw: bytes) -> Any:
    """The value of UTF-8 bytes as msgspec reads them, or _UNSURE where the careful reading must decide. msgspec
    decodes every string as Python's strict UTF-8 decoder does and takes nothing else but ASCII, so bytes it reads
    are UTF-8 text."""
    try:
        # msgspec reads the bytes as they are: every string decoded as Python's strict UTF-8 decoder does (what
        # the docstring above relies on), duplicate keys kept as the last, which the count below finds.
        value = _DECODE(raw)
    except (msgspec.DecodeError, RecursionError):
        return _UNSURE
    # msgspec keeps the last of two equal keys. Every key is followed by one colon; the other colons of the
    # text are in strings, written as they are (an escaped \u003a aside), and orjson writes them back
    # unescaped: a text with no fewer keys than it has colons outside its strings re-serialises to as many
    # colons, and a key dropped takes its colon (and those of its value's strings) with it.
    try:
        again = orjson.dumps(value, option=orjson.OPT_INDENT_2)  # also how deep it nests: `_DEEP`
    except orjson.JSONEncodeError:  # an integer past 64 bits, a lone surrogate
        return _UNSURE
    if (b"\\" in raw and b"\\u003" in raw) or raw.count(b":") != again.count(b":"):
        return _UNSURE
    return _UNSURE if _DEEP in again else value


def loads(text: str | bytes) -> Any:
    """The value of `text`, refusing NaN, Infinity, numbers out of range, duplicate keys and
    nesting deeper than `MAX_DEPTH`. Errors are `JSONTextError` (or `json.JSONDecodeError` for
    text that is not JSON at all). `text` may be UTF-8 bytes as read (not encoded again): they are
    decoded only where the careful reading must look at them (UnicodeDecodeError if they are not UTF-8)."""
    raw = text if isinstance(text, bytes) else text.encode("utf-8")
    value = _quick(raw)
    if value is not _UNSURE:
        return value
    return _careful(text.decode("utf-8") if isinstance(text, bytes) else text)


def _careful(text: str) -> Any:
    """`loads` with Python's parser and hooks: slower, and able to say what is wrong and where."""
    structure = _structure(text)
    _check_depth(structure)
    try:
        value = json.loads(text, parse_constant=_constant, parse_float=_float)
        # A key given twice leaves fewer keys parsed than written; only then look at each object.
        if structure.count("s:") != _keys_in(value):
            value = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_constant, parse_float=_float)
        return value
    except _BadNumber as exc:
        line = _line_of(_without_strings(text), exc.token)
        where = f"line {line}: " if line else ""
        raise JSONTextError(f"{where}{excerpt(exc.token)} is not a number JSON allows (finite numbers only)") from None
    except ValueError as exc:
        if isinstance(exc, json.JSONDecodeError | JSONTextError):
            raise
        # An integer of thousands of digits: Python refuses to convert it.
        raise JSONTextError(f"a number out of range ({excerpt(str(exc))})") from None
