"""The file primitives every writer uses: one atomic write, one lock, one hash, one directory fsync,
and one copy-hash-fsync-rename intake for received files.

Writing so that nothing already saved is lost: temporary file in the same folder, fsync, rename,
then fsync of the folder so the rename itself is durable.
"""

from __future__ import annotations

import contextlib
import errno
import glob
import hashlib
import json
import logging
import os
import queue
import re
import stat
import tempfile
import threading
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from filelock import FileLock

log = logging.getLogger(__name__)

CHUNK = 8 << 20  # bytes read at a time when copying or hashing a stream
READ_ONLY = 0o444


# -- directories -------------------------------------------------------------------------------
def fsync_dir(folder: str | os.PathLike) -> None:
    """Flush a folder's entries (a rename or a new file in it) to disk, where the platform allows."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError as exc:  # Windows cannot open a folder; the rename is as durable as it gets there
        log.debug("cannot open %s to fsync it: %s", folder, exc)
        return
    try:
        os.fsync(fd)
    except OSError as exc:  # some file systems refuse fsync on a folder; the data itself was synced
        log.debug("fsync of folder %s refused: %s", folder, exc)
    finally:
        os.close(fd)


# -- atomic writes -----------------------------------------------------------------------------
def _umask() -> int:
    # Linux says it without changing it; setting and restoring it (the portable way) would give
    # the app's other threads a wrong umask for that instant.
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _mode_for(path: Path) -> int:
    """The file keeps its mode when replaced; a new file gets what the umask gives, as an editor's
    would (a temporary file is created 0600, which would hide a shared match from other users)."""
    try:
        return path.stat().st_mode & 0o7777
    except FileNotFoundError:
        return 0o666 & ~_umask()


def _write_temp(path: Path, data: bytes) -> str:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(fd, _mode_for(path))
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return tmp


# A temporary file this old beside its target belongs to a writer that died (killed mid-save);
# a live writer renames its own within moments.
STALE_TEMP_S = 3600


def _clean_stale_temps(path: Path) -> None:
    import time

    for tmp in path.parent.glob(f".{glob.escape(path.name)}.*.tmp"):
        try:
            if time.time() - tmp.stat().st_mtime > STALE_TEMP_S:
                tmp.unlink()
                log.info("removed %s, left by a writer that did not finish", tmp)
        except OSError as exc:
            log.debug("could not remove stale %s: %s", tmp, exc)


def atomic_write_bytes(path: str | os.PathLike, data: bytes) -> None:
    """Replace `path` with `data` in one step; a crash leaves the old file or the new one, never half."""
    path = Path(path)
    tmp = _write_temp(path, data)
    try:
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    fsync_dir(path.parent)
    _clean_stale_temps(path)


def durable_replace(tmp: str | os.PathLike, path: str | os.PathLike) -> None:
    """Move a finished file written by someone else (an encoder) into `path` in one step, durably:
    fsync its content, rename, fsync the folder. For bytes in memory use `atomic_write_bytes`. A folder made
    whole beside `path` is put in place the same way (its files flushed by whoever wrote them)."""
    if not Path(tmp).is_dir():
        fd = os.open(tmp, os.O_RDONLY)  # a read-only file too (an original): POSIX flushes through any descriptor
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
    os.replace(tmp, path)
    fsync_dir(Path(path).parent)


def _place_new(tmp: str | os.PathLike, path: Path) -> None:
    """Give the complete file `tmp` the name `path` only if no file has it: FileExistsError otherwise.
    A hard link never replaces, even in a race; where the file system has no hard links, a rename
    after checking the name is free is the closest there is."""
    try:
        os.link(tmp, path)
    except FileExistsError:
        raise
    except OSError as exc:  # no hard links here (some network and FAT drives)
        log.debug("cannot hard-link %s (%s); renaming after checking the name is free", path, exc)
        if os.path.lexists(path):
            raise FileExistsError(errno.EEXIST, "file exists", str(path)) from None
        os.replace(tmp, path)
    else:
        Path(tmp).unlink()


def atomic_create_bytes(path: str | os.PathLike, data: bytes) -> None:
    """Write `path` whole, only if no file has that name: FileExistsError otherwise, even when two
    writers race for the same name (the complete file is hard-linked into place, which never replaces)."""
    path = Path(path)
    tmp = _write_temp(path, data)
    try:
        _place_new(tmp, path)
    finally:
        Path(tmp).unlink(missing_ok=True)
    fsync_dir(path.parent)


def atomic_write_text(path: str | os.PathLike, text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))


def json_bytes(obj: object) -> bytes:
    """The one JSON layout of every file the product keeps: UTF-8, indented, ending in a newline."""
    return (json.dumps(obj, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def atomic_write_json(path: str | os.PathLike, obj: object) -> None:
    atomic_write_bytes(path, json_bytes(obj))


# -- the lock ----------------------------------------------------------------------------------
def lock_path(path: str | os.PathLike) -> Path:
    path = Path(path)
    return path.with_name(f".{path.name}.lock")


def lock_for(path: str | os.PathLike, timeout: float = -1) -> FileLock:
    """The exclusive lock of a shared file (a hidden `.<name>.lock` beside it), for a read-change-write
    with no one in between: `with lock_for(path): ...`. Works across processes, and where fcntl is missing."""
    lock = lock_path(path)
    lock.parent.mkdir(parents=True, exist_ok=True)
    return FileLock(lock, timeout=timeout)


# -- the hash ----------------------------------------------------------------------------------
class _Counted:
    """A binary file that reports how much of it has been read (for hashlib.file_digest)."""

    def __init__(self, fh: BinaryIO, size: int, progress: Callable[[float], None]):
        self._fh, self._size, self._progress = fh, size, progress
        self._done = self._reported = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buf) -> int:
        n = self._fh.readinto(buf)
        self._done += n
        if n == 0 or self._done - self._reported >= CHUNK:
            self._reported = self._done
            self._progress(min(1.0, self._done / self._size) if self._size else 1.0)
        return n


def file_sha256(path: str | os.PathLike, progress: Callable[[float], None] | None = None) -> str:
    """The SHA-256 of a file's content (hex); `progress(fraction)` is told as it goes."""
    with open(path, "rb") as fh:
        if progress is None:
            return hashlib.file_digest(fh, "sha256").hexdigest()
        size = os.fstat(fh.fileno()).st_size
        return hashlib.file_digest(_Counted(fh, size, progress), "sha256").hexdigest()


class HashedReads:
    """A file opened for reading whose SHA-256 (the same as `file_sha256`) is taken from the reads
    another reader makes, so a reader that goes through the whole file (a demuxer building a frame
    index) and the hash read it from disk once.

    The hash takes bytes in file order: a read at the hashed point extends it; a read ahead of it (an
    MP4's index at the end, read first) is held, up to HOLD_BYTES, until the hash gets there; what no
    read covered, or was held past the limit, `sha256()` reads at the end. `progress(fraction)` is the
    share of the file hashed so far."""

    HOLD_BYTES = 64 * 2**20

    def __init__(self, path: str | os.PathLike, progress: Callable[[float], None] | None = None):
        self._fh = open(path, "rb")
        self.size = os.fstat(self._fh.fileno()).st_size
        self._digest = hashlib.sha256()
        # hashed on a thread of its own (hashlib lets go of the GIL): the reader and the hash use two cores
        self._queue: queue.Queue[bytes | None] = queue.Queue(maxsize=32)
        self._hasher = threading.Thread(target=self._hash_queued, name="polo-review hash", daemon=True)
        self._hasher.start()
        self._hashed = 0  # bytes 0..hashed-1 are handed to the digest
        self._held: dict[int, bytes] = {}  # offset -> bytes read ahead of the hashed point
        self._held_bytes = 0
        self._progress = progress
        self._reported = 0

    # the file object interface PyAV (and io) use
    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def seek(self, offset: int, whence: int = os.SEEK_SET) -> int:
        return self._fh.seek(offset, whence)

    def tell(self) -> int:
        return self._fh.tell()

    def read(self, n: int = -1) -> bytes:
        at = self._fh.tell()
        data = self._fh.read(n)
        self._take(at, data)
        return data

    def close(self) -> None:
        self._finish()
        self._fh.close()
        self._held.clear()

    def _hash_queued(self) -> None:
        while (data := self._queue.get()) is not None:
            self._digest.update(data)

    def _finish(self) -> None:
        if self._hasher.is_alive():
            self._queue.put(None)
            self._hasher.join()

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _take(self, at: int, data: bytes) -> None:
        end = at + len(data)
        if end <= self._hashed or not data:
            return  # read again: already in the digest
        if at > self._hashed:
            if self._held_bytes + len(data) <= self.HOLD_BYTES:
                self._held[at] = data
                self._held_bytes += len(data)
            return
        self._queue.put(data[self._hashed - at:] if at < self._hashed else data)
        self._hashed = end
        self._use_held()
        if self._progress and (self._hashed - self._reported >= CHUNK or self._hashed == self.size):
            self._reported = self._hashed
            self._progress(self._hashed / self.size if self.size else 1.0)

    def _use_held(self) -> None:
        moved = True
        while moved and self._held:
            moved = False
            for at in sorted(self._held):
                data = self._held[at]
                if at > self._hashed:
                    break
                del self._held[at]
                self._held_bytes -= len(data)
                if at + len(data) > self._hashed:
                    self._queue.put(data[self._hashed - at:] if at < self._hashed else data)
                    self._hashed = at + len(data)
                    moved = True

    def sha256(self) -> str:
        """The file's SHA-256 (hex), reading whatever the reads so far left out."""
        while self._hashed < self.size:
            before = self._hashed
            stop = min([at for at in self._held if at > before] + [self.size, before + CHUNK])
            self._fh.seek(before)
            self._take(before, self._fh.read(stop - before))
            if self._hashed == before:
                break  # the file got shorter while read: hash what is there
        self._finish()
        return self._digest.hexdigest()


# -- names received -----------------------------------------------------------------------------
_PLAIN_EXTENSION = re.compile(r"^\.[a-z0-9]{1,8}$")


def is_read_only(path: Path) -> bool:
    """Whether no one may write the file at `path` (as an original received is kept: READ_ONLY)."""
    return not (path.stat().st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))


def safe_extension(name: str | None, allowed: Collection[str] | None = None) -> str | None:
    """The extension of a name a file came with (lower case, with its dot) if it is a plain one and,
    given `allowed`, one of those; else None. This is all of a received name that reaches the file
    system: stored files are named by their content's hash."""
    ext = os.path.splitext(os.path.basename(name or ""))[1].lower()
    if not _PLAIN_EXTENSION.match(ext) or (allowed is not None and ext not in allowed):
        return None
    return ext


# -- intake: copy, hash, fsync, then rename to a name made from the hash ----------------------------
@dataclass
class Incoming:
    """A received file, complete and flushed under a temporary name in its destination folder."""

    tmp: Path
    sha256: str
    size: int
    placed: Path | None = None

    def place(self, target: Path, *, read_only: bool = False) -> Path:
        """Rename into `target` (in the same folder); never replaces a file already there."""
        if read_only:
            os.chmod(self.tmp, READ_ONLY)
        _place_new(self.tmp, target)  # FileExistsError rather than replace what is stored
        fsync_dir(target.parent)
        self.placed = target
        return target


@contextlib.contextmanager
def incoming(stream: BinaryIO, folder: Path, suffix: str = "", *, limit: int | None = None,
             refuse: Callable[[str], Exception] = OSError, expected: int | None = None,
             progress: Callable[[float], None] | None = None) -> Iterator[Incoming]:
    """Copy `stream` to a temporary file in `folder`, hashing what is copied; yield it for the caller to
    `place()` under its hash. Whatever is not placed is removed, also when the copy fails.

    More than `limit` bytes, or none at all, is refused with `refuse(message)`; `expected` (the size
    announced) is what `progress(fraction)` counts against.
    """
    folder.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(prefix=".incoming.", suffix=suffix, dir=folder)
    tmp = Path(name)
    try:
        digest, size = hashlib.sha256(), 0
        with os.fdopen(fd, "wb") as out:
            while chunk := stream.read(CHUNK):
                size += len(chunk)
                if limit is not None and size > limit:
                    raise refuse(f"the file is larger than the {limit / 2**20:.0f} MB limit")
                digest.update(chunk)
                out.write(chunk)
                if progress:
                    progress(min(1.0, size / expected) if expected else 1.0)
            out.flush()
            os.fsync(out.fileno())
        if size == 0:
            raise refuse("the file is empty")
        yield Incoming(tmp, digest.hexdigest(), size)
    finally:
        tmp.unlink(missing_ok=True)
