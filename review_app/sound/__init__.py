"""The sound of a match: whistles and horns found in a recording's sound track, and the offset
between two recordings of one match found from their sound.

    sounds = detect_sounds("match.mp4")     # [Sound(kind, start_s, end_s, start_frame), ...]
    found = find_offset("a.mp4", "b.mp4")   # Offset(offset_s, confidence, ...): B's time minus A's

Times are in the video's own timeline (its first frame is 0 s) and frames are those the footage
layer shows at that time. Sound is decoded with PyAV to mono at `audio.ANALYSIS_RATE`.
"""

from review_app.sound import cache, matching
from review_app.sound.audio import ANALYSIS_RATE, Recording, decode_sound
from review_app.sound.detect import Heard, Sound, detect_sounds, find_sounds
from review_app.sound.errors import NoOverlap, NoSound, SoundError, TooShort
from review_app.sound.sync import Offset, find_offset, offset_between

__all__ = [
    "ANALYSIS_RATE",
    "Heard",
    "NoOverlap",
    "NoSound",
    "Offset",
    "Recording",
    "Sound",
    "SoundError",
    "TooShort",
    "cache",
    "matching",
    "decode_sound",
    "find_sounds",
    "detect_sounds",
    "find_offset",
    "offset_between",
]
