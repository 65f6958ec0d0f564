"""Turn a scenario into frames and encode them as real footage is encoded (H.264, B-frames,
a two-second GOP; one clip phone-like, with a variable frame rate and rotation metadata), with
the match's sound as an AAC track (`soundtrack`).

Frame times are decided first (constant 25 fps, or a phone's jittered 28-31 fps from a seeded
generator); every frame is drawn at its own presentation time, so what the picture shows
agrees with the timestamp a player reports for it, and each key moment is found as the first
frame shown at or after it.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from review_app.ground.files import durable_replace
from review_app.ground.files import file_sha256 as sha256_file  # the one file hash
from review_app.samples import hud
from review_app.samples.field import View, draw_field
from review_app.samples.scene import Footage, Scenario
from review_app.samples.sprites import (
    draw_ball,
    draw_marker,
    draw_prop,
    draw_rider,
    draw_umpire,
)
from review_app.samples.timing import (  # noqa: F401  (the generators and tests import them from here too)
    PHONE_FPS_RANGE,
    PHONE_TIME_BASE,
    MomentAt,
    Timing,
    locate_moments,
    timing,
)

GOP_SECONDS = 2
BFRAMES = 2
CRF = 20
# Mono AAC at 96 kb/s, as cameras record: at 64 kb/s the encoder's pre-echo put a whistle's first
# sound 8 ms before it (a frame early in player-falls); ten clips grow by about 1.3 MB.
AUDIO_BITRATE = 96000


def display_size(footage: Footage) -> tuple[int, int]:
    if footage.rotation % 180:
        return footage.height, footage.width
    return footage.width, footage.height


def render_frame(sc: Scenario, t: float, index: int, *, quiz: bool = False) -> np.ndarray:
    """The picture as a viewer sees it at time t (before any storage rotation). `quiz`: without the
    clause caption, the running captions and the cue boxes (WHISTLE, NEUTRAL PLAY, THROW-IN ...), which
    name the situation and the call a trainee is asked for."""
    width, height = display_size(sc.footage)
    img = np.empty((height, width, 3), np.uint8)
    cx, cy, scale = sc.camera.at(t)
    view = View(width, height, cx, cy, scale, sc.camera.portrait, top=hud.bar_height(width, height))
    draw_field(img, view)
    for m in sc.markers:
        if m.shape == "cross":
            draw_marker(img, view, m, t)
    whistles = {}
    for m in sc.moments:
        if m.by is not None and m.t <= t:
            whistles[id(m.by)] = t - m.t
    for r in sc.riders:
        draw_rider(img, view, r, t)
    for u in sc.umpires:
        draw_umpire(img, view, u, t, whistles.get(id(u)))
    for prop in sc.props:  # over the riders: the point of the scene must not hide under a horse
        draw_prop(img, view, prop, t)
    if sc.ball.visible(t):
        draw_ball(img, view, sc.ball.pos(t))
    for m in sc.markers:
        if m.shape != "cross":
            draw_marker(img, view, m, t)

    if sc.cut and sc.cut[0] <= t < sc.cut[0] + 0.8:
        hud.draw_card(img, sc.cut[1])
    caption = "" if quiz else f"Rule {sc.rule} - {sc.title}"
    hud.draw_bar(img, caption, sc.score_at(t), sc.period_at(t), sc.periods, sc.clock_at(t))
    shown = [] if quiz else sorted((m for m in sc.moments if m.cue and 0 <= t - m.t < hud.CUE_SECONDS),
                                   key=lambda m: -m.t)
    for row, m in enumerate(shown[:2]):  # the latest on top, the one before just under it
        hud.draw_cue(img, m.cue, t - m.t, row)
    hud.draw_captions(img, [] if quiz else [c.text for c in sc.captions if c.start <= t < c.end][-2:])
    hud.draw_timecode(img, t, index)
    return img


def to_storage(img: np.ndarray, rotation: int) -> np.ndarray:
    """The picture as stored: turned back so that a player's `rotation` (clockwise) shows it upright."""
    turn = {90: cv2.ROTATE_90_COUNTERCLOCKWISE, 180: cv2.ROTATE_180, 270: cv2.ROTATE_90_CLOCKWISE}
    return img if rotation % 360 == 0 else cv2.rotate(img, turn[rotation % 360])


@dataclass(frozen=True)
class Clip:
    """What was written: the file, its frames and where each key moment fell."""

    path: Path
    frame_count: int
    fps: float  # nominal rate; a phone clip's frames are irregular around it
    variable_frame_rate: bool
    duration_s: float
    sha256: str
    moments: dict[str, MomentAt]


def render_clip(sc: Scenario, out_dir: str | os.PathLike, *, limit_frames: int | None = None,
                quiz: bool = False) -> Clip:
    """Render and encode `sc` to `<out_dir>/<id>.mp4`, replacing any earlier file in one step."""
    from review_app.footage.writer import (
        VideoWriter,  # pins threads and x264 settings: same bytes each run
    )
    from review_app.samples.sound import SAMPLE_RATE
    from review_app.samples.soundtrack import soundtrack

    fp = sc.footage
    tm = timing(fp, sc.duration)
    count = len(tm) if limit_frames is None else min(len(tm), limit_frames)
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    final = out_dir / f"{sc.id}.mp4"
    partial = out_dir / f".{sc.id}.partial.mp4"
    nominal = sum(PHONE_FPS_RANGE) / 2 if fp.vfr_seed is not None else fp.fps
    duration = tm.seconds(count - 1) + 1 / nominal
    track, _ = soundtrack(sc, tm, duration, SAMPLE_RATE)
    try:
        with VideoWriter(partial, fp.width, fp.height, fps=nominal, codec="h264",
                         gop=int(round(GOP_SECONDS * nominal)), bframes=BFRAMES, crf=CRF,
                         rotation=fp.rotation, time_base=tm.time_base,
                         audio_rate=SAMPLE_RATE, audio_codec="aac", audio_bitrate=AUDIO_BITRATE) as writer:
            heard = 0  # samples of the track written so far: sound keeps pace with the pictures
            for i in range(count):
                t = tm.seconds(i)
                frame = to_storage(render_frame(sc, t, i, quiz=quiz), fp.rotation)
                writer.write(frame, pts_seconds=tm.ticks[i] * tm.time_base)
                upto = len(track) if i + 1 == count else int(round(tm.seconds(i + 1) * SAMPLE_RATE))
                writer.write_audio(track[heard:upto])
                heard = upto
        durable_replace(partial, final)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    return Clip(
        path=final,
        frame_count=count,
        fps=float(nominal),
        variable_frame_rate=fp.vfr_seed is not None,
        duration_s=round(duration, 6),
        sha256=sha256_file(final),
        moments=locate_moments(sc, tm),
    )
