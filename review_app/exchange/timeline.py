"""The neutral form every interchange format is read into and written from (after kloppy's code
dataset): instances, each a window with a code and labels, and the colour of each code's row.

Times are seconds from the first frame of the footage, as Sportscode counts them ("from the
movie's start") and as a match document's `time_s` does.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol


@dataclass(frozen=True)
class Label:
    """One label of an instance: `group` may be missing (Sportscode allows it) and may repeat."""

    group: str | None
    text: str


@dataclass
class Instance:
    id: str
    start: float
    end: float
    code: str
    labels: list[Label] = field(default_factory=list)

    def texts(self, group: str) -> list[str]:
        """The texts of every label in `group`, in order."""
        return [label.text for label in self.labels if label.group == group]


@dataclass(frozen=True)
class Row:
    """A code's row colour (Sportscode's ROWS block), 8 bits per channel."""

    code: str
    rgb: tuple[int, int, int]


@dataclass
class Timeline:
    instances: list[Instance] = field(default_factory=list)
    rows: list[Row] = field(default_factory=list)
    source: str | None = None  # the file it was read from, for messages


class FrameTimes(Protocol):
    """The match's frames as a writer sees them (`timebase.for_export`): where the frame on screen at a time
    ends, so that a format without zero-length spans (EAF) writes an instant as that frame and no longer."""

    def end_of(self, seconds: float) -> float: ...
