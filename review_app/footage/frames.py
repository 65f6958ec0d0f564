"""Frames for browsers: each recording as exact frames by index, encoded as JPEG, shared by every
viewer of it, and the registry that finds a recording by the token in a frame's address.

A `FrameSource` opens at once: the first frame is decoded straight from the file and the frame
index and SHA-256 are built in a background thread, from one read of the file
(`index.scan_file`); until they are, only frame 0 can be had. A file seen before opens from the
cached index, ready at once. Decoding is one decoder per recording behind a lock; encoded frames live in one
process-wide cache.

Memory bounds (server): encoded frames at most CACHE_BYTES for the whole process; at most
MAX_OPEN recordings open (least recently used closed, their frames dropped); a step back decodes
from the keyframe and encodes at most BACK_KEEP frames before the target, one picture at a time.
Plain module: no streamlit.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import secrets
import threading
from collections import OrderedDict, deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import numpy as np

from review_app.errors import PoloReviewError
from review_app.footage import cache
from review_app.footage.errors import FootageError
from review_app.footage.footage import Footage, first_picture
from review_app.footage.source import check_file

log = logging.getLogger(__name__)

# JPEG at this quality is ~17 ms for a 1080p frame here; lossless PNG is ~100 ms and four times the
# bytes, so PNG is offered on request for close inspection, JPEG is the default. While playing, a
# browser asks for previews: the same frame at most PREVIEW_SIDE pixels a side, a quarter of the work
# (decoding, encoding, sending and decoding again) of a 1080p frame, so 1x and 2x keep time on two cores.
JPEG_QUALITY = 92
PREVIEW_QUALITY = 85
PREVIEW_SIDE = 960
PNG_COMPRESSION = 1
FORMATS = {"jpeg": "image/jpeg", "png": "image/png", "preview": "image/jpeg"}

CACHE_BYTES = 96 * 2**20  # encoded frames kept, all recordings together (~300 frames of 1080p)
MAX_OPEN = 6  # recordings open at once (a decoder each)
BACK_KEEP = 48  # frames before a back-step target kept from the same decoding run
FORWARD_KEEP = 4  # a request a few frames ahead keeps the frames decoded on the way
ENCODE_AHEAD = 3  # decoded pictures waiting for an encoder, at most (6 MB each at 1080p)
# What a browser viewer may hold decoded (4 bytes a pixel); stated here beside the server's bounds.
BROWSER_FRAME_BYTES = 160 * 2**20

Progress = Callable[[str, float], None]


class NotReady(FootageError):
    """The frame index is still being built: only the first frame can be had yet."""


def encode(image: np.ndarray, fmt: str = "jpeg") -> bytes:
    """`image` (BGR) as "jpeg", "png", or a "preview" (a smaller JPEG, for playing)."""
    import cv2

    if fmt == "preview":
        height, width = image.shape[:2]
        scale = PREVIEW_SIDE / max(height, width)
        if scale < 1:
            image = cv2.resize(image, (max(2, round(width * scale)), max(2, round(height * scale))),
                               interpolation=cv2.INTER_AREA)
        ok, buf = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, PREVIEW_QUALITY])
    elif fmt == "png":
        ok, buf = cv2.imencode(".png", image, [cv2.IMWRITE_PNG_COMPRESSION, PNG_COMPRESSION])
    else:
        ok, buf = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])
    if not ok:
        raise PoloReviewError(f"could not encode the frame as {fmt}")
    return buf.tobytes()


class _Cache:
    """Encoded frames by (token, index, format), least recently used dropped past `limit` bytes."""

    def __init__(self, limit: int):
        self.limit = limit
        self.size = 0
        self._items: OrderedDict[tuple[str, int, str], bytes] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple[str, int, str]) -> bytes | None:
        with self._lock:
            data = self._items.get(key)
            if data is not None:
                self._items.move_to_end(key)
            return data

    def put(self, key: tuple[str, int, str], data: bytes) -> None:
        with self._lock:
            old = self._items.pop(key, None)
            self.size += len(data) - (len(old) if old else 0)
            self._items[key] = data
            while self.size > self.limit and len(self._items) > 1:
                _, dropped = self._items.popitem(last=False)
                self.size -= len(dropped)

    def drop(self, token: str) -> None:
        with self._lock:
            for key in [k for k in self._items if k[0] == token]:
                self.size -= len(self._items.pop(key))


CACHE = _Cache(CACHE_BYTES)
# JPEG encoding (OpenCV releases the GIL) beside the decoding: two cores' worth
_ENCODERS = ThreadPoolExecutor(max_workers=2, thread_name_prefix="polo-review-encode")


def _done(data: bytes | None) -> Future:
    future: Future = Future()
    future.set_result(data)
    return future


class FrameSource:
    """One recording served by frame index. Thread-safe; shared by every viewer of the file."""

    def __init__(self, path: str | Path, token: str):
        self.path = Path(path)
        self.token = token
        self._lock = threading.Lock()  # the decoder: one request at a time
        self._done = threading.Event()
        self._progress = ("index", 0.0)
        self._footage: Footage | None = None
        self._error: PoloReviewError | None = None
        self._last = -1  # the frame the decoder took last
        self._encoding: dict[tuple[str, int, str], Future] = {}  # pictures being encoded
        if cache.has(cache.identity(self.path)):  # seen before: opened from the cached index, at once
            self._open()
            if self._error is not None:
                raise self._error
            self.width, self.height = self._footage.info.width, self._footage.info.height
            self._first = b""
            return
        image = first_picture(self.path)  # a file that is no video fails here, at once
        self.height, self.width = image.shape[:2]
        self._first = encode(image)  # served until the index is built; then frame 0 is decoded by it
        threading.Thread(target=self._open, name=f"polo-review index {self.path.name}", daemon=True).start()

    # -- opening -------------------------------------------------------------------------
    def _open(self) -> None:
        try:
            footage = Footage(self.path, progress=self._note)
        except PoloReviewError as exc:
            self._error = exc
        except Exception as exc:
            log.exception("%s: opening failed", self.path)
            self._error = FootageError(f"could not be opened ({type(exc).__name__}: {exc})", path=self.path)
        else:
            with self._lock:
                self._footage = footage
        finally:
            self._progress = ("index", 1.0)
            self._done.set()

    def _note(self, stage: str, fraction: float) -> None:
        self._progress = (stage, fraction)

    @property
    def ready(self) -> bool:
        """The index is built (or opening failed: see `error`)."""
        return self._done.is_set()

    @property
    def progress(self) -> tuple[str, float]:
        return self._progress

    @property
    def error(self) -> PoloReviewError | None:
        return self._error

    @property
    def closed(self) -> bool:
        """Closed by the registry (too many open): `open_source` opens the file again."""
        return self._done.is_set() and self._error is None and self._footage is None

    def wait(self, timeout: float | None = None, progress: Progress | None = None) -> bool:
        """Wait for the index (up to `timeout` seconds), telling `progress` meanwhile; True once built."""
        step = 0.1 if progress else timeout
        while not self._done.wait(step if timeout is None else min(step, timeout)):
            if progress:
                progress(*self._progress)
            if timeout is not None:
                timeout -= step
                if timeout <= 0:
                    return False
        return True

    @property
    def footage(self) -> Footage:
        """The open recording (index built), or the error that stopped it. Decoding from it must
        hold `decoding()`; its index (times, counts) may be read freely."""
        self._done.wait()
        if self._error is not None:
            raise self._error
        if self._footage is None:
            raise FootageError("is closed (too many recordings were open at once); open it again", path=self.path)
        return self._footage

    @contextmanager
    def decoding(self) -> Iterator[Footage]:
        """The recording, for decoding with nobody else using its decoder."""
        footage = self.footage
        with self._lock:
            yield footage
            self._last = -1  # the caller moved the decoder

    # -- frames ----------------------------------------------------------------------------
    def image(self, index: int, fmt: str = "jpeg", back_keep: int = BACK_KEEP) -> bytes:
        """Frame `index` encoded as `fmt` (see `encode`). Before the index is built only frame 0. `back_keep`: how
        many frames before a back-step target are encoded too (fewer while requests wait for this recording)."""
        if fmt not in FORMATS:
            raise FootageError(f"no frame format {fmt!r} ({', '.join(FORMATS)})", path=self.path)
        key = (self.token, index, fmt)
        data = CACHE.get(key)
        if data is not None:
            return data
        if not self._done.is_set():
            if index == 0 and fmt == "jpeg":
                return self._first
            _stage, fraction = self._progress
            raise NotReady(f"is still being indexed ({fraction:.0%}); frame {index} comes when that is done",
                           path=self.path)
        footage = self.footage
        footage.time_of(index)  # an index outside the footage: its own one-line error
        with self._lock:
            data = CACHE.get(key)  # made while this request waited
            if data is not None:
                return data
            pending = self._encoding.get(key) or self._decode(footage, index, fmt, back_keep)
        # encoded outside the lock: the next request decodes meanwhile (a core each)
        return pending.result()

    def _decode(self, footage: Footage, index: int, fmt: str, back_keep: int = BACK_KEEP) -> Future:
        """Decode up to frame `index` (under the lock), handing each picture kept to the encoders;
        the future of frame `index`."""
        last = self._last
        if last < index <= last + FORWARD_KEEP:
            first = last + 1  # requests arriving out of order: keep the frames on the way
        elif index < last <= index + BACK_KEEP:
            # a step back: the seek decodes from the keyframe anyway; keep the frames before the target (a jump
            # further back is no step: encoding 48 frames for it made every random request 48 times the work)
            first = max(footage.keyframe_before(index), index - back_keep)
        else:
            first = index
        running: deque[Future] = deque()
        for frame in footage.frames(first, index + 1):
            while len(running) >= ENCODE_AHEAD:  # at most a few pictures waiting: memory stays bounded
                running.popleft().result()
            key = (self.token, frame.index, fmt)
            if CACHE.get(key) is None and key not in self._encoding:
                future = _ENCODERS.submit(self._encode, key, frame.image, fmt)
                self._encoding[key] = future
                running.append(future)
        self._last = index
        return self._encoding.get((self.token, index, fmt)) or _done(CACHE.get((self.token, index, fmt)))

    def _encode(self, key: tuple[str, int, str], image: np.ndarray, fmt: str) -> bytes:
        try:
            data = encode(image, fmt)
            CACHE.put(key, data)
            return data
        finally:
            self._encoding.pop(key, None)

    def times(self) -> bytes:
        """Every frame's time in seconds from the first (float64, little-endian), by index."""
        return self.footage.times().astype("<f8").tobytes()

    def close(self) -> None:
        """Free the decoder and this recording's cached frames (after the index is built)."""
        self._done.wait()
        with self._lock:
            if self._footage is not None:
                self._footage.close()
                self._footage = None
        CACHE.drop(self.token)


# -- the registry ----------------------------------------------------------------------------
_SECRET = secrets.token_bytes(16)  # tokens cannot be guessed, nor carried over from another run
_registry_lock = threading.Lock()
_open: OrderedDict[str, FrameSource] = OrderedDict()  # least recently used first
_known: OrderedDict[str, Path] = OrderedDict()  # every token handed out (bounded), to reopen a closed one
_KNOWN_MAX = 256


def _token(path: Path) -> str:
    ident = cache.identity(path)  # path, size, modification time: an edited file gets a new token
    return hmac.new(_SECRET, json.dumps(ident).encode(), hashlib.sha256).hexdigest()[:32]


def open_source(path: str | Path) -> FrameSource:
    """The shared source for the recording at `path`, opened (index in the background) if needed.
    Raises VideoOpenFailure at once when the file is no video."""
    path = Path(path)
    check_file(path)
    token = _token(path)
    with _registry_lock:
        source = _open.get(token)
        if source is not None and not source.closed:  # a failed one stays failed until the file changes
            _open.move_to_end(token)
            return source
        source = FrameSource(path, token)
        _open[token] = source
        _known[token] = path
        _known.move_to_end(token)
        while len(_known) > _KNOWN_MAX:
            _known.popitem(last=False)
        closing = []
        while len(_open) > MAX_OPEN:
            closing.append(_open.popitem(last=False)[1])
    for old in closing:
        threading.Thread(target=old.close, daemon=True).start()  # waits for its indexing, if any
    return source


def find(token: str) -> FrameSource | None:
    """The source a frame address names, opened again if it was closed; None if unknown, or if the
    file changed since the address was given (its frames would no longer be the ones numbered)."""
    with _registry_lock:
        source = _open.get(token)
        path = _known.get(token)
    if path is None:
        return None
    try:
        if _token(path) != token:
            return None
        return source if source is not None and not source.closed else open_source(path)
    except (OSError, PoloReviewError):
        return None
