"""Live ingest: camera feeds recorded as they arrive, in segments, for review while the match is on.

    polo-review live MATCH --camera A=udp://0.0.0.0:5000 --camera B=rtsp://cam-b/stream

Each feed is remuxed (never re-encoded) by FFmpeg through PyAV into MPEG-TS segments that start at a
keyframe (`ingest`); each closed segment is logged with its frames' times, its SHA-256 and a chain hash
over all segments before it (`segments`); the sound is decoded as it arrives and listened to for
whistles (`listening`); the review page reads the log to show the frames recorded so far (`feed`).
After the game the segments become one file per camera, attached to the match (`finish`).
Plain modules: no streamlit.
"""
