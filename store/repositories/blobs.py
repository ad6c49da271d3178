"""Blobs: test inputs and outputs, content-addressed by their sha256 and zlib-compressed when that makes them
smaller."""

from __future__ import annotations

import hashlib
import re
import time
import zlib
from collections.abc import Iterable, Sequence

from .base import Repository

# Blobs at least this big are zlib-compressed when that makes them smaller.
COMPRESS_FROM_BYTES = 1024
HEX_DIGEST = re.compile(r"[0-9a-f]{64}")  # how a blob is named
BlobRow = tuple[str, int, int, bytes, float]


class Blobs(Repository):
    """``store.blobs``: bytes by their sha256 hex digest."""

    def put(self, data: bytes) -> str:
        """Store bytes under their sha256 hex digest (idempotent) and return it."""
        return self.put_many([data])[0]

    def put_many(self, blobs: Sequence[bytes]) -> list[str]:
        """Store many blobs in one write (idempotent); their digests, in order."""
        return self.put_rows(self.prepare(blobs))

    def put_rows(self, rows: Sequence[BlobRow]) -> list[str]:
        """``put_many`` of ``prepare`` rows: what a bulk writer calls, having hashed and compressed
        them before it took the write lock."""
        if rows:
            self._conns.write(
                lambda conn: conn.executemany(
                    "INSERT OR IGNORE INTO blobs (hash, size, compressed, data, created_at) VALUES (?, ?, ?, ?, ?)",
                    rows,
                )
            )
        return [row[0] for row in rows]

    @staticmethod
    def prepare(blobs: Iterable[bytes]) -> list[BlobRow]:
        """The rows ``put_many`` writes for ``blobs``: (sha256 hex digest, size, compressed, data, created_at)."""
        rows = []
        now = time.time()
        for data in blobs:
            stored, compressed = data, 0
            if len(data) >= COMPRESS_FROM_BYTES:
                packed = zlib.compress(data, 6)
                if len(packed) < len(data):
                    stored, compressed = packed, 1
            rows.append((Blobs.digest(data), len(data), compressed, stored, now))
        return rows

    @staticmethod
    def digest(data: bytes) -> str:
        """The key a blob of ``data`` is stored under (its sha256 hex digest), without storing it."""
        return hashlib.sha256(data).hexdigest()

    def get(self, digest: str) -> bytes:
        """The bytes stored under ``digest``, decompressed; NotFoundError when no blob has it."""
        row = self._conns.read(
            lambda conn: conn.execute(
                "SELECT compressed, data FROM blobs WHERE hash = ?", (digest,)
            ).fetchone()
        )
        if row is None:
            raise self._not_found(f"blob with hash {digest!r}")
        return zlib.decompress(row[1]) if row[0] else bytes(row[1])

    def size(self, digest: str) -> int:
        """The size of a stored blob's bytes (as written, before compression), without reading them."""
        row = self._conns.read(
            lambda conn: conn.execute("SELECT size FROM blobs WHERE hash = ?", (digest,)).fetchone()
        )
        if row is None:
            raise self._not_found(f"blob with hash {digest!r}")
        return int(row[0])

    def has(self, digest: str) -> bool:
        """Whether a blob with this digest is stored, without reading it."""
        return bool(
            self._conns.read(
                lambda conn: conn.execute("SELECT 1 FROM blobs WHERE hash = ?", (digest,)).fetchone()
            )
        )
