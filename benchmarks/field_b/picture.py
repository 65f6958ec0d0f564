"""The picture beside the sound: a plain field with a moving ball, the picture's clock and frame number burnt in
as text, and the clock in milliseconds as a 24-bit bar code across the top, which `read_clock` reads back from a
decoded frame (so a test or a sync check knows a frame's true picture time without trusting timestamps).
"""

from __future__ import annotations

import math
from fractions import Fraction

import cv2
import numpy as np

CLOCK_BITS = 24  # milliseconds: 4.6 hours


def _bar_geometry(width: int, height: int) -> tuple[int, int, int]:
    """Bar code cell width, the code's left edge and its height."""
    cell = max(4, (width - 16) // (CLOCK_BITS + 2))
    return cell, (width - cell * (CLOCK_BITS + 2)) // 2, max(8, height // 14)


def draw_frame(index: int, fps: Fraction, width: int, height: int, label: str = "") -> np.ndarray:
    """Frame `index` of a recording at `fps`, as BGR bytes."""
    t = index / fps
    ms = int(round(float(t) * 1000))
    frame = np.empty((height, width, 3), np.uint8)
    frame[:] = (40, 110, 40)
    cell, left, bar_h = _bar_geometry(width, height)
    # a white start cell, the bits most significant first, a black stop cell: the reader finds its levels
    frame[:bar_h, left:left + cell] = 255
    frame[:bar_h, left + cell * (CLOCK_BITS + 1): left + cell * (CLOCK_BITS + 2)] = 0
    for bit in range(CLOCK_BITS):
        on = (ms >> (CLOCK_BITS - 1 - bit)) & 1
        x0 = left + cell * (bit + 1)
        frame[:bar_h, x0:x0 + cell] = 255 if on else 0
    phase = 2 * math.pi * float(t) / 4.0
    cx = int(width / 2 + 0.4 * width * math.sin(phase))
    cy = int(height * 0.6 + 0.2 * height * math.cos(phase * 1.7))
    cv2.circle(frame, (cx, cy), max(3, height // 20), (240, 240, 240), -1, lineType=cv2.LINE_AA)
    scale = height / 360.0
    minutes, seconds = divmod(float(t), 60.0)
    text = f"{int(minutes):02d}:{seconds:06.3f}  #{index}"
    cv2.putText(frame, text, (int(8 * scale), int(height - 14 * scale)), cv2.FONT_HERSHEY_SIMPLEX,
                1.0 * scale, (255, 255, 255), max(1, int(2 * scale)), cv2.LINE_AA)
    if label:
        cv2.putText(frame, label, (int(8 * scale), int(bar_h + 30 * scale)), cv2.FONT_HERSHEY_SIMPLEX,
                    0.8 * scale, (220, 220, 220), max(1, int(2 * scale)), cv2.LINE_AA)
    return frame


def read_clock(frame_bgr: np.ndarray) -> int | None:
    """The picture time in milliseconds a decoded frame carries in its bar code; None where it cannot be read
    (the start and stop cells not white and black)."""
    height, width = frame_bgr.shape[:2]
    cell, left, bar_h = _bar_geometry(width, height)
    gray = frame_bgr[: bar_h, :].mean(axis=2)
    rows = slice(bar_h // 4, max(bar_h // 4 + 1, 3 * bar_h // 4))

    def level(i: int) -> float:
        x0 = left + cell * i
        return float(gray[rows, x0 + cell // 4: x0 + max(cell // 4 + 1, 3 * cell // 4)].mean())

    white, black = level(0), level(CLOCK_BITS + 1)
    if white - black < 100:
        return None
    mid = (white + black) / 2.0
    value = 0
    for bit in range(CLOCK_BITS):
        value = (value << 1) | int(level(bit + 1) > mid)
    return value
