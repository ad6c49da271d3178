"""Ids and hashing: the canonical JSON every content hash and id is taken of, and ``Record``, the common shape
of a stored record (a stable id, a content hash). Ids derive from content (and parents), so re-running a step
makes the same id and a resumed run never stores a duplicate.
"""

from __future__ import annotations

import hashlib
import json
import time
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field

# The canonical JSON every hash and id is taken of: sorted keys, no spaces, UTF-8 as is.
_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
# ``JSONEncoder.encode`` builds a C encoder on every call, which is most of the cost of hashing a small record
# (a bulk import hashes ~20 records per row); this one is built once, with the same arguments and so the same
# output (tests/store/test_content_hash.py checks), and without the cycle check: hashed payloads are JSON data, acyclic.
_make_encoder = getattr(json.encoder, "c_make_encoder", None)
_C_CANONICAL = (
    _make_encoder(None, str, json.encoder.encode_basestring, None, ":", ",", True, False, True)
    if _make_encoder is not None
    else None
)


def canonical_json(payload: Any) -> str:
    """``payload`` as the canonical JSON (what ``content_hash`` hashes)."""
    if _C_CANONICAL is None:
        return _CANONICAL.encode(payload)
    return "".join(_C_CANONICAL(payload, 0))


def content_hash(payload: Any) -> str:
    """sha256 of the canonical JSON of ``payload`` (pydantic models are dumped first)."""
    if isinstance(payload, BaseModel):
        payload = payload.model_dump(mode="json")
    return hashlib.sha256(canonical_json(payload).encode()).hexdigest()


def make_id(prefix: str, *parts: Any) -> str:
    """A stable id: ``prefix_`` + 16 hex digits of the hash of ``parts``."""
    return f"{prefix}_{content_hash(list(parts))[:16]}"


class Record(BaseModel):
    """Common shape of stored records."""

    model_config = ConfigDict(use_enum_values=False)

    id: str
    created_at: float = Field(default_factory=time.time)
    # Fields added after stores were written: left out of the hash while unset, so a stored row keeps its hash.
    HASH_SKIPS_UNSET: ClassVar[frozenset[str]] = frozenset()

    def hash(self) -> str:
        """The record's content hash: every field but ``id`` and ``created_at`` (and the later fields still
        unset)."""
        unset = {name for name in self.HASH_SKIPS_UNSET if getattr(self, name) is None}
        return content_hash(self.model_dump(mode="json", exclude={"id", "created_at", *unset}))
