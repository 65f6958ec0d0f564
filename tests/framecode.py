"""Draw a frame's number into the picture as big black/white blocks, and read it back.

A 4x4 grid of blocks: the top-left block is always white and the bottom-right always
black (so a picture shown upside down or sideways reads as garbage, not as another
number); the other 14 blocks carry the number in binary. Blocks a quarter of the
picture wide survive any lossy codec.
"""

from __future__ import annotations

import numpy as np

GRID = 4
BITS = GRID * GRID - 2
MAX_NUMBER = (1 << BITS) - 1


def _cells(height: int, width: int):
    for r in range(GRID):
        for c in range(GRID):
            y0, y1 = r * height // GRID, (r + 1) * height // GRID
            x0, x1 = c * width // GRID, (c + 1) * width // GRID
            yield r * GRID + c, (y0, y1, x0, x1)


def draw(number: int, width: int, height: int) -> np.ndarray:
    """A BGR picture (height x width) showing `number`."""
    if not 0 <= number <= MAX_NUMBER:
        raise ValueError(number)
    img = np.empty((height, width, 3), np.uint8)
    for cell, (y0, y1, x0, x1) in _cells(height, width):
        if cell == 0:
            on = True
        elif cell == GRID * GRID - 1:
            on = False
        else:
            on = bool(number >> (cell - 1) & 1)
        img[y0:y1, x0:x1] = 255 if on else 0
    return img


def read(image: np.ndarray) -> int | None:
    """The number drawn in `image`, or None if the markers are wrong (rotated, not a code)."""
    height, width = image.shape[:2]
    gray = image.mean(axis=2) if image.ndim == 3 else image
    bits = []
    for _, (y0, y1, x0, x1) in _cells(height, width):
        # sample the middle half of the block, away from edges blurred by compression
        dy, dx = (y1 - y0) // 4, (x1 - x0) // 4
        bits.append(gray[y0 + dy : y1 - dy, x0 + dx : x1 - dx].mean() > 128)
    if not bits[0] or bits[-1]:
        return None
    return sum(1 << i for i, b in enumerate(bits[1:-1]) if b)
