"""Footage received, with a database: the registry (SHA-256, extension, where the bytes are, the name
they came with) is in PostgreSQL; the bytes are in the uploads folder of the shared storage every
server mounts, named by their hash exactly as the file store names them."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from review_app.store.filestore import FileFootageStore, footage_label
from review_app.store.postgres.db import Database


class DatabaseFootageStore:
    def __init__(self, db: Database, folder: str | os.PathLike):
        self.db = db
        self.folder = Path(folder)
        self._files = FileFootageStore(self.folder)  # the bytes: the same intake, read-only, hash-named

    def _register(self, stored: Path, name: str | None = None) -> None:
        sha, _, ext = stored.name.partition(".")
        with self.db.connection() as conn:
            conn.execute("INSERT INTO footage (sha256, ext, location, name) VALUES (%s, %s, %s, %s) "
                         "ON CONFLICT (sha256, ext) DO UPDATE SET name = coalesce(EXCLUDED.name, footage.name)",
                         (sha, f".{ext}" if ext else "", str(stored), name))

    def receive(self, stream: BinaryIO, ext: str, *, limit: int | None = None, expected: int | None = None,
                refuse: Callable[[str], Exception] = OSError,
                progress: Callable[[float], None] | None = None) -> Path:
        stored = self._files.receive(stream, ext, limit=limit, expected=expected, refuse=refuse, progress=progress)
        self._register(stored)
        return stored

    def receive_file(self, path: Path, ext: str, name: str | None = None) -> Path:
        stored = self._files.receive_file(path, ext)  # the bytes only: the label goes in the registry
        self._register(stored, footage_label(name) or None)
        return stored

    def remember_name(self, stored: Path, given: str) -> None:
        name = footage_label(given)
        if name:
            self._register(Path(stored), name)

    def names(self) -> dict[str, str]:
        with self.db.connection() as conn:
            rows = conn.execute("SELECT sha256 || ext, name FROM footage WHERE name IS NOT NULL").fetchall()
        return dict(rows)

    def name_of(self, stored: Path) -> str | None:
        return self.names().get(Path(stored).name)

    def located(self) -> list[tuple[str, str, str | None]]:
        """(stored file name, where its bytes are, the name it came with) for every footage registered."""
        with self.db.connection() as conn:
            return [tuple(r) for r in conn.execute("SELECT sha256 || ext, location, name FROM footage ORDER BY 1")]
