"""Ids and content hashes are stored: the fast canonical encoder must write exactly what ``json.dumps`` with
the canonical arguments writes, or every stored id and hash would stop matching."""

from __future__ import annotations

import datetime
import json
import math

import pytest

from frontiersmith.models import Language, Solution, canonical_json, content_hash, make_id

PAYLOADS = [
    ["test", "seed_0123456789abcdef", "public-1", "a" * 64, None],
    {"b": [1.5, None, "é", True, False], "a": {"z": 2, "y": 1e20, "x": -0.0}, "c": 'tab\tquote"\\'},
    {"inf": math.inf, "ninf": -math.inf, "small": 1e-7, "big": 2**70, "unicode": "≤ 10^9 ✓ \u2028"},
    "a top-level string",
    3.25,
    [],
    {},
    {"when": datetime.date(2026, 12, 1)},  # not JSON: written through default=str, as before
]


@pytest.mark.parametrize("payload", PAYLOADS, ids=range(len(PAYLOADS)))
def test_canonical_json_writes_what_the_json_module_writes(payload):
    expected = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    assert canonical_json(payload) == expected


def test_ids_and_hashes_stay_the_values_stores_hold():
    # Values the store held before the encoder changed: an id or hash that drifts orphans every stored row.
    assert make_id("seed", "import", "abc") == "seed_31ce738386873bb8"
    assert (
        content_hash({"b": [1.5, None, "é"], "a": math.inf})
        == "212ca883fe527ff38b3243a2b45b27c772d90f4649c1940ef675787a156b4241"
    )
    solution = Solution(
        id="sol_x", created_at=1.0, problem_id="seed_x", code="print(1)\n", language=Language.PYTHON
    )
    assert solution.hash() == "44556ff355f484b49f3352e80ecb68a6210feebd1ceb3335686bd7d66d2818e6"
