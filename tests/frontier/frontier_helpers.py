"""Shared by the frontier tests."""

from __future__ import annotations

CHEAP = "catalog/min_true_2sat"  # Python baseline and greedy: the quickest open family to judge
