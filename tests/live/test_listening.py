"""The live page's ear: a feed's sound as it arrives, listened to in the short window the Live page uses
(`listening.WINDOW_S`, every `EVERY_S`), logs each simulated camera's whistle once, where it was blown.
The sound goes through AAC as a camera's does (the codec roughens a pea whistle's pitch track: an
earlier detector, a tone tracker, once dropped such whistles, and the live feeds never logged one)."""

from __future__ import annotations

import numpy as np
import pytest

from review_app.footage.writer import write_audio_file
from review_app.live import listening
from review_app.samples import sound
from review_app.sound import decode_sound

RATE = 48000
BLOWN_S = 1.0
SECONDS = 3.0  # a simulated block


def _camera_sound(tmp_path, seed: int):
    """What `simulate.make_block` puts in a block's sound: quiet noise and one whistle at BLOWN_S."""
    rng = np.random.default_rng(seed)
    track = 0.01 * rng.standard_normal(int(SECONDS * RATE))
    sound.place(track, 0.5 * sound.whistle(RATE, rng), BLOWN_S, RATE)
    return decode_sound(write_audio_file(tmp_path / f"feed{seed}.m4a", track.astype(np.float32), RATE, "aac"))


@pytest.mark.parametrize("seed", range(1, 13))
def test_a_camera_whistle_is_logged_once_where_it_was_blown(tmp_path, seed):
    rec = _camera_sound(tmp_path, seed)
    buffer = listening.SoundBuffer(rec.rate)
    heard: list[tuple[float, float]] = []
    watch = listening.WhistleWatch(buffer, lambda a, b: heard.append((a, b)), stop=None)
    step = int(listening.EVERY_S * rec.rate)
    for i in range(0, len(rec.samples), step):  # arriving as the segments do, listened to after each
        buffer.add(rec.samples[i:i + step], rec.start_s + i / rec.rate)
        watch.listen()
    assert len(heard) == 1, heard
    assert heard[0][0] == pytest.approx(BLOWN_S, abs=0.02)
