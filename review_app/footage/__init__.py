"""The footage layer: exact frames by index or time, the frame-time index, thumbnails, clips.

    with Footage("match.mp4") as video:
        video.info.frame_count, video.info.fps
        f = video.frame(1234)        # f.index, f.time_s, f.image (BGR, rotated as shown)
        g = video.frame_at(41.2)     # the frame on screen 41.2 s after the first frame
        strip = video.filmstrip(count=40, height=72)
    export_clip("match.mp4", "foul.mp4", start_s=40, end_s=46, overlay=True, caption="Foul 3")
"""

from review_app.footage.clip import export_clip
from review_app.footage.errors import (
    DecodeError,
    FootageError,
    FrameOutOfRange,
    SeekError,
    VideoOpenFailure,
)
from review_app.footage.filmstrip import Thumbnail
from review_app.footage.footage import Footage, FootageInfo, Frame
from review_app.footage.writer import VideoWriter

__all__ = [
    "DecodeError",
    "Footage",
    "FootageError",
    "FootageInfo",
    "Frame",
    "FrameOutOfRange",
    "SeekError",
    "Thumbnail",
    "VideoOpenFailure",
    "VideoWriter",
    "export_clip",
]
