"""The process that decodes a Parquet file's rows for ``readers.read_parquet``, under a memory limit.

A Parquet row can decode to far more than the file and than its metadata says (one dictionary value named
a million times, a zstd frame of zeros), so the importer never decodes one itself: this process does, with
its data segment limited (RLIMIT_DATA) to what it used at start plus ``max_decompressed_bytes``. A row group
that needs more fails here as a MemoryError, and the importer reads on. Rows go to stdout as an Arrow IPC
stream of batches, each within ``max_row_bytes`` with every value spelled out (``arrow_bytes``); an empty
batch's metadata marks where a row group begins or says how many rows were skipped and why.

Run as ``python parquet_child.py PATH ROW_BYTES DECOMPRESSED_BYTES FIRST_GROUP`` with
``ARROW_DEFAULT_MEMORY_POOL=system`` (``CHILD_ENV``): the C library's allocator maps what it is asked for,
while mimalloc and jemalloc reserve address space ahead, which RLIMIT_DATA counts as used. It imports
pyarrow and the standard library only, so it starts in a fraction of a second.
"""

from __future__ import annotations

import resource
import sys
from typing import Any

CHILD_ENV = {"ARROW_DEFAULT_MEMORY_POOL": "system"}
BATCH_ROWS = 64  # CodeContests rows carry their tests: a few MB each at most, so batches stay small
READ_BUFFER = 1 << 20  # pages are read through a buffer of this size, not a row group's column chunks whole
# The metadata keys of an empty batch: the row group it is about, and why rows were skipped.
GROUP, SKIPPED, WHY, SIZE = "group", "skipped", "why", "size"
BEGIN = "begin"  # WHY of the mark sent before a row group is decoded (nothing skipped)
TOO_BIG = "row"  # a row over max_row_bytes (SIZE: its bytes, spelled out or by the metadata)
OUT_OF_MEMORY = "memory"  # the rest of the row group needed more than max_decompressed_bytes to decode


def arrow_bytes(data: Any) -> int:
    """The bytes an Arrow batch or array holds once every value is spelled out, as ``to_pylist`` makes them: a
    dictionary's value is counted at each use, so a few bytes that name a 1 MB value a million times count
    as a TB. Computed from offsets and lengths, without converting anything."""
    import pyarrow as pa
    import pyarrow.compute as pc

    if isinstance(data, pa.RecordBatch):
        return sum(arrow_bytes(column) for column in data.columns)
    kind = data.type
    if pa.types.is_dictionary(kind):
        values = data.dictionary
        if _is_bytes(values.type):
            used = pc.sum(pc.take(pc.binary_length(values), data.indices)).as_py()
        else:
            used = len(data) * (values.nbytes // max(len(values), 1) + 1)
        return 4 * len(data) + int(used or 0)
    if pa.types.is_list(kind) or pa.types.is_large_list(kind) or pa.types.is_map(kind):
        offsets = data.offsets
        low, high = offsets[0].as_py(), offsets[len(offsets) - 1].as_py()
        return 4 * len(data) + arrow_bytes(data.values.slice(low, high - low))
    if pa.types.is_struct(kind) or pa.types.is_fixed_size_list(kind) or pa.types.is_list_view(kind):
        parts = data.flatten()
        return sum(arrow_bytes(p) for p in parts) if isinstance(parts, list) else arrow_bytes(parts)
    return int(data.nbytes)


def _is_bytes(kind: Any) -> bool:
    import pyarrow as pa

    return bool(
        pa.types.is_string(kind)
        or pa.types.is_binary(kind)
        or pa.types.is_large_string(kind)
        or pa.types.is_large_binary(kind)
    )


def schema_depth(kind: Any) -> int:
    """How deep an Arrow type nests (a string 0, a list of strings 1, ...)."""
    import pyarrow as pa

    if isinstance(kind, pa.Schema):
        return max((schema_depth(f.type) for f in kind), default=0)
    if pa.types.is_dictionary(kind):
        return schema_depth(kind.value_type)
    children = [kind.field(i).type for i in range(kind.num_fields)]
    return 1 + max(schema_depth(c) for c in children) if children else 0


def group_bytes(group: Any) -> int:
    """What a row group decodes to by the file's metadata: its column chunks' uncompressed bytes, and the
    offsets of its values (a run of empty or null values takes a few bytes in the file however long it is)."""
    columns = [group.column(i) for i in range(group.num_columns)]
    return sum(c.total_uncompressed_size for c in columns) + 8 * sum(c.num_values for c in columns)


def _data_bytes() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmData:"):
                return int(line.split()[1]) * 1024
    return 0


class _Sender:
    """The IPC stream to stdout: batches of rows, and empty batches that mark or skip."""

    def __init__(self, schema: Any):
        import pyarrow as pa

        self.empty = pa.RecordBatch.from_pylist([], schema=schema)
        self.writer = pa.ipc.new_stream(sys.stdout.buffer, schema)

    def rows(self, batch: Any) -> None:
        self.writer.write_batch(batch)

    def mark(self, group: int, why: str, skipped: int = 0, size: int = 0) -> None:
        meta = {GROUP: str(group), WHY: why, SKIPPED: str(skipped), SIZE: str(size)}
        self.writer.write_batch(self.empty, custom_metadata=meta)


def _send_group(send: _Sender, parquet: Any, group: int, row_bytes: int) -> None:
    """The rows of one row group, each batch within ``row_bytes`` (a row over it skipped), and the rest of the
    group skipped if decoding it runs out of memory."""
    import pyarrow as pa

    count = parquet.metadata.row_group(group).num_rows
    decoded = group_bytes(parquet.metadata.row_group(group))
    send.mark(group, BEGIN)
    if count == 1 and decoded > row_bytes:  # known before a byte of it is decoded
        send.mark(group, TOO_BIG, 1, decoded)
        return
    batch_rows = max(1, min(BATCH_ROWS, row_bytes * count // max(decoded, 1)))
    sent = 0  # rows sent or skipped
    try:
        for batch in parquet.iter_batches(batch_size=batch_rows, row_groups=[group], use_threads=False):
            if arrow_bytes(batch) <= row_bytes:
                send.rows(batch)
                sent += batch.num_rows
                continue
            for index in range(batch.num_rows):
                one = batch.slice(index, 1)
                size = arrow_bytes(one)
                if size <= row_bytes:
                    send.rows(one)
                else:
                    send.mark(group, TOO_BIG, 1, size)
                sent += 1
    except (MemoryError, pa.ArrowMemoryError):
        send.mark(group, OUT_OF_MEMORY, max(count - sent, 0))


def main(argv: list[str]) -> int:
    """Send every row group from ``FIRST_GROUP`` on to stdout under the memory limit; returns the exit status."""
    path, row_bytes, budget, first = argv[0], int(argv[1]), int(argv[2]), int(argv[3])
    import pyarrow.parquet as pq

    limit = _data_bytes() + budget
    resource.setrlimit(resource.RLIMIT_DATA, (limit, limit))
    parquet = pq.ParquetFile(path, pre_buffer=False, buffer_size=READ_BUFFER)
    send = _Sender(parquet.schema_arrow)
    for group in range(first, parquet.metadata.num_row_groups):
        _send_group(send, parquet, group, row_bytes)
    send.writer.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
