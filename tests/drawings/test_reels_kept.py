"""The Report page's reels folder keeps only the newest reels, and never the one just made."""

from __future__ import annotations

import os

from review_app.reels.kept import prune_reels


def test_only_the_newest_reels_are_kept_and_the_one_just_made_stays(tmp_path):
    paths = []
    for i in range(8):
        p = tmp_path / f"reel-{i:02d}.mp4"
        p.write_bytes(b"x")
        os.utime(p, (1_000_000 + i, 1_000_000 + i))  # reel-07 newest
        paths.append(p)
    other = tmp_path / "notes.txt"
    other.write_text("not a reel")
    current = paths[0]  # the oldest by time, e.g. made again with the same content and name
    removed = prune_reels(tmp_path, keep=3, current=current)
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == ["notes.txt", "reel-00.mp4", "reel-05.mp4", "reel-06.mp4", "reel-07.mp4"]
    assert sorted(p.name for p in removed) == [f"reel-{i:02d}.mp4" for i in range(1, 5)]
    assert prune_reels(tmp_path, keep=3, current=current) == []  # nothing more to remove
