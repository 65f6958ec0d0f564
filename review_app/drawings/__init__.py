"""Drawings on a tag's frame: lines, arrows, circles, freehand strokes, text and the line of the
ball, stored with the tag in fractions of the frame's width and height (independent of the size the
frame is shown at), and rendered onto a still for reports, reels and the evidence pack.

    shapes: what a drawing is, checked and cleaned (`clean`); added, changed and removed on a tag by the model's
        edits (`model.edits.add_drawing`, `update_drawing`, `remove_drawing`)
    render: drawings painted onto a BGR picture with Pillow (real Unicode text)
"""

from review_app.drawings.shapes import KINDS, DrawingError, clean, drawings_on

__all__ = ["KINDS", "DrawingError", "clean", "drawings_on"]
