"""The one registry of interchange formats, as kloppy has its serializers: one class per format, over one
base with one signature, each in the format's own module. The registry finds them: every module of
`review_app.exchange` is imported once and every subclass of `Format` it defines is registered under its
`name`. The format list, `polo-review export/import --format`, docs/commands.md and the round-trip test
all read it, so a new format is its own module (and its test fixture) and nothing else.

    for fmt in formats().values(): fmt.name, fmt.extension, fmt.label
    data = get("eaf").write(instances, timebase.for_export(doc), media)
    timeline, problems = get("csv").read(path)
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache
from pathlib import Path
from typing import ClassVar

from review_app.exchange.errors import ExchangeError
from review_app.exchange.timeline import FrameTimes, Instance, Timeline


class Format:
    """One interchange format. A subclass in the format's module sets the class attributes and the two methods."""

    name: ClassVar[str]  # as `--format` names it
    extension: ClassVar[str]  # the extension it is written with, and recognised by on import
    label: ClassVar[str]  # the format's own name, in help texts ("Sportscode XML")
    tool: ClassVar[str] = ""  # the tool a file of this extension comes from, in the error naming extensions
    signature: ClassVar[bytes | None] = None  # what its first 4 KB hold when the extension says nothing
    links_media: ClassVar[bool] = False  # it records the footage's address (the export is given it)
    rank: ClassVar[int] = 100  # its place in lists

    def write(self, instances: list[Instance], frames: FrameTimes, media: str | None = None) -> bytes:
        """The instances as a file of this format; `media`: the footage's file:// address, if known."""
        raise NotImplementedError

    def read(self, path: Path) -> tuple[Timeline, list[str]]:
        """The instances a file of this format holds, and one line for each part that could not be read."""
        raise NotImplementedError


def _subclasses(cls: type) -> list[type]:
    return [c for sub in cls.__subclasses__() for c in (sub, *_subclasses(sub))]


@lru_cache(maxsize=1)
def formats() -> dict[str, Format]:
    """Every format, by name, in their ranks' order."""
    package = importlib.import_module("review_app.exchange")
    for module in pkgutil.iter_modules(package.__path__):
        importlib.import_module(f"review_app.exchange.{module.name}")
    found: dict[str, Format] = {}
    for cls in sorted(_subclasses(Format), key=lambda c: (c.rank, c.name)):
        if cls.name in found:
            raise TypeError(f"two interchange formats are named {cls.name!r}")
        found[cls.name] = cls()
    return found


def get(name: str) -> Format:
    try:
        return formats()[name]
    except KeyError:
        raise ExchangeError(f"unknown format {name!r}; one of {', '.join(formats())}") from None


def by_extension(suffix: str) -> Format | None:
    return next((f for f in formats().values() if f.extension == suffix.lower()), None)


def by_content(head: bytes) -> Format | None:
    """The format whose signature the file's head holds, the longest (most particular) signature first."""
    signed = sorted((f for f in formats().values() if f.signature), key=lambda f: -len(f.signature))
    return next((f for f in signed if f.signature in head), None)


def extensions_text() -> str:
    """'.xml (Sportscode), .eaf (ELAN) or .csv': the extensions an import recognises, for messages."""
    shown = [f"{f.extension} ({f.tool})" if f.tool else f.extension for f in formats().values()]
    return ", ".join(shown[:-1]) + " or " + shown[-1] if len(shown) > 1 else "".join(shown)


def labels_text() -> str:
    """'Sportscode XML, ELAN EAF or CSV'."""
    shown = [f.label for f in formats().values()]
    return ", ".join(shown[:-1]) + " or " + shown[-1] if len(shown) > 1 else "".join(shown)

