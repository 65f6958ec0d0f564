"""Messages made of other messages, for sentences whose parts are listed at run time (the facts
missing from a verdict, the facts that would lift a time allowance). Each part is translated in
the reader's language before it is joined, so a list never mixes languages."""

from __future__ import annotations

from collections.abc import Iterable
from functools import reduce
from typing import Any

from review_app.i18n import DEFAULT_LANGUAGE, Message, translate


class Joined(Message):
    """Parts (messages, ids or plain text) joined by a separator that is the same in every language."""

    __slots__ = ()

    def __init__(self, parts: Iterable[Any], sep: str = "; "):
        super().__init__("", parts=tuple(parts), sep=sep)

    def render(self, lang: str = DEFAULT_LANGUAGE) -> str:
        # A list, not a generator, for join: an event's reasons are joined in each language of every report.
        return self.params["sep"].join([_render(p, lang) for p in self.params["parts"]])


class LowerFirst(Message):
    """A message with its first letter in lower case, to stand inside a sentence."""

    __slots__ = ()

    def __init__(self, message: Any):
        super().__init__("", message=message)

    def render(self, lang: str = DEFAULT_LANGUAGE) -> str:
        text = _render(self.params["message"], lang)
        return text[:1].lower() + text[1:]


def any_of(parts: Iterable[Any]) -> Any:
    """'a or b or c', with the 'or' of the reader's language."""
    return reduce(lambda a, b: Message("{first} or {second}", first=a, second=b), parts)


def _render(part: Any, lang: str) -> str:
    return translate(part, lang) if isinstance(part, Message) else str(part)


class UpperFirst(Message):
    """A sentence with its first letter in upper case, whatever parameter it opens with."""

    __slots__ = ()

    def __init__(self, message: Any):
        super().__init__("", message=message)

    def render(self, lang: str = DEFAULT_LANGUAGE) -> str:
        text = _render(self.params["message"], lang)
        return text[:1].upper() + text[1:]
