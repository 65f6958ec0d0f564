"""Reels: one browser-playable H.264 MP4 of many tags, each window in order after a title card
(situation, call, verdict, clause) in the reader's language, with the tags' drawings and slow motion
where the coach asks for it.

    cards: a title card drawn with Pillow (Unicode text)
    reel:  the plan of a reel (`ReelItem`, `Slow`) and its rendering (`make_reel`)
"""

from review_app.reels.reel import ReelError, ReelItem, ReelResult, Slow, make_reel, parse_slow

__all__ = ["ReelError", "ReelItem", "ReelResult", "Slow", "make_reel", "parse_slow"]
