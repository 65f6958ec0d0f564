"""Which Rule 21 situation a file's code stands for, and which label of another tool is which part
of a call: a mapping the user keeps in a small TOML file and edits.

    # polo-review import mapping
    [codes]                      # the code in the file = the situation (clause id; see `polo-review rules`)
    "Safety" = "21.a"
    "FOUL" = "21.b"
    "Kick-off" = ""              # "" : not a Rule 21 situation; left out, and listed as left out

    [labels]                     # "Group: Text" (or "Text" for a label with no group) = "group=value"
    "Card: Yellow" = "call.card=yellow"
    "Whistle: Late" = "call.whistle=delayed"

Without a file, and under it, a code that is a clause id ("21.b") or a provision's title in
English or Spanish ("Ball hit across end line (Safety)") maps to that clause. Codes are compared
without regard to case or repeated spaces. A code nothing maps is never dropped in silence: the
importer lists it with its instances, and `suggestion` writes the lines to add to the file.
"""

from __future__ import annotations

import functools
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from review_app.exchange.errors import ExchangeError
from review_app.exchange.timeline import Label
from review_app.i18n import LANGUAGES, translate
from review_app.rules import PROVISIONS, is_clause

MAX_MAPPING_BYTES = 1 << 20


def key(text: str | None) -> str:
    """How codes and labels are compared: case and runs of white space do not matter."""
    return re.sub(r"\s+", " ", (text or "").strip()).casefold()


@functools.cache
def _defaults() -> dict[str, str]:
    out: dict[str, str] = {}
    for p in PROVISIONS:
        out[key(p.id)] = p.id
        for lang in LANGUAGES:
            out.setdefault(key(translate(p.title, lang)), p.id)
    return out


@dataclass
class Mapping:
    codes: dict[str, str] = field(default_factory=dict)  # key(code) -> clause, or "" to leave out
    labels: dict[str, Label] = field(default_factory=dict)  # key("Group: Text") -> our label
    source: str | None = None

    def situation(self, code: str) -> str | None:
        """The clause `code` maps to; "" for a code the user left out on purpose; None: not mapped."""
        k = key(code)
        if k in self.codes:
            return self.codes[k]
        return _defaults().get(k)

    def label(self, label: Label) -> Label | None:
        """Our label for another tool's label, if the mapping names one."""
        if label.group:
            found = self.labels.get(key(f"{label.group}: {label.text}"))
            if found is not None:
                return found
        return self.labels.get(key(label.text)) if not label.group else None


def load(path: str | Path | None) -> Mapping:
    """The mapping in `path` (TOML); no path: the defaults alone. ExchangeError names the file and what is wrong."""
    if path is None:
        return Mapping()
    path = Path(path)
    if not path.is_file():
        raise ExchangeError("no such mapping file", path=path)
    raw = path.read_bytes()
    if len(raw) > MAX_MAPPING_BYTES:
        raise ExchangeError("larger than 1 MB; not a mapping file", path=path)
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise ExchangeError("not UTF-8 text", path=path) from None
    except tomllib.TOMLDecodeError as exc:
        raise ExchangeError(f"not a TOML mapping: {exc}", path=path) from None
    unknown = set(data) - {"codes", "labels"}
    if unknown:
        raise ExchangeError(f"unknown table {sorted(unknown)[0]!r}: a mapping has [codes] and [labels]", path=path)
    mapping = Mapping(source=str(path))
    for code, clause in (data.get("codes") or {}).items():
        if not isinstance(clause, str) or (clause and not is_clause(clause)):
            raise ExchangeError(f"[codes] {code!r} = {clause!r}: not a clause id (see `polo-review rules`) "
                                "nor \"\" to leave the code out", path=path)
        mapping.codes[key(code)] = clause
    for theirs, ours in (data.get("labels") or {}).items():
        group, sep, value = ours.partition("=") if isinstance(ours, str) else ("", "", "")
        if not sep or not group.strip():
            raise ExchangeError(f"[labels] {theirs!r} = {ours!r}: write it as \"group=value\", "
                                "e.g. \"call.card=yellow\"", path=path)
        mapping.labels[key(theirs)] = Label(group.strip(), value.strip())
    return mapping


def _toml_string(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    return '"' + "".join(ch if ch.isprintable() else f"\\u{ord(ch):04x}" for ch in escaped) + '"'


def suggestion(codes: list[str]) -> str:
    """The lines to add under [codes] for codes nothing maps, commented out: the user writes the clause
    (or "" to leave the code out) and removes the '#'."""
    return "[codes]\n" + "".join(f"# {_toml_string(code)} = \"21.?\"\n" for code in dict.fromkeys(codes))
