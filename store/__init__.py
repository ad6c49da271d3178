"""The SQLite store (WAL, numbered migrations, content-addressed blobs, lineage): ``open_store()`` returns a Store."""

from .migrations import LATEST_VERSION, MIGRATIONS, migrate
from .records import (
    CHAIN_RELATIONS,
    PRIMARY_RELATIONS,
    Event,
    Exchange,
    PipelineRun,
    PutOutcome,
    RecordSummary,
    RunProgress,
    StoreInfo,
)
from .repositories.records import PreparedRecords
from .repository import Store, demo_store_path, last_demo_store, open_store

__all__ = [
    "CHAIN_RELATIONS",
    "LATEST_VERSION",
    "MIGRATIONS",
    "PRIMARY_RELATIONS",
    "Event",
    "Exchange",
    "PipelineRun",
    "PreparedRecords",
    "PutOutcome",
    "RecordSummary",
    "RunProgress",
    "Store",
    "StoreInfo",
    "demo_store_path",
    "last_demo_store",
    "migrate",
    "open_store",
]
