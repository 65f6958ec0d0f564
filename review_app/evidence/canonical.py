"""The canonical JSON form the case log is hashed over.

Canonical form (what `canonical(obj)` returns, and what each log line is, byte for byte):
- `json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)`,
  encoded as UTF-8: keys sorted by code point, no whitespace, non-ASCII kept as UTF-8;
- only JSON types: strings, integers, floats (Python's shortest round-trip repr), booleans, null,
  arrays, objects; NaN and infinities are refused;
- times are strings in UTC, ISO 8601 with a `Z` suffix (see `window.utc_text`), never floats.

An entry's `hash` is the SHA-256 (lower-case hex) of the canonical form of the entry without its
`hash` key; `prev` holds the previous entry's `hash` (64 zeros for the first entry).
"""

from __future__ import annotations

import hashlib
import json

GENESIS = "0" * 64


def canonical(obj: object) -> bytes:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode("utf-8")


def entry_hash(entry: dict) -> str:
    body = {k: v for k, v in entry.items() if k != "hash"}
    return hashlib.sha256(canonical(body)).hexdigest()

