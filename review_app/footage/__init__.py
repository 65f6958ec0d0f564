"""The footage layer: exact frames by index or time, the frame-time index, thumbnails, clips."""
