"""The SQLite store (WAL, numbered migrations, content-addressed blobs, lineage): ``open_store()`` returns a Store."""

from .migrations import LATEST_VERSION, MIGRATIONS, migrate
from .records import (
    CHAIN_RELATIONS,
    PRIMARY_RELATIONS,
    Event,
    PipelineRun,
    PutOutcome,
    RecordSummary,
    StoreInfo,
)
from .repository import PreparedRecords, Store, open_store

__all__ = [
    "CHAIN_RELATIONS",
    "LATEST_VERSION",
    "MIGRATIONS",
    "PRIMARY_RELATIONS",
    "Event",
    "PipelineRun",
    "PreparedRecords",
    "PutOutcome",
    "RecordSummary",
    "Store",
    "StoreInfo",
    "migrate",
    "open_store",
]
