"""Lookups of many keys in the build state, a few queries each: one query per
chunk of keys (``WHERE key IN (?, ...)``), not one per key. A rebuild looks up
thousands of people and entries, and each query costs the interpreter and
SQLite more than the rows it returns."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

FEW = 500  # keys bound by one query (SQLite allows 32,766 parameters)


def select_in(
    db: sqlite3.Connection, query: str, keys: Iterable[Any], first: Sequence[Any] = ()
) -> Iterator[Any]:
    """The rows of ``query`` for ``keys`` (each once, sorted), ``FEW`` keys at a time:
    its ``{keys}`` becomes their placeholders, bound after ``first`` (the query's
    other parameters). The rows come in no promised order."""
    wanted = sorted(set(keys))
    for start in range(0, len(wanted), FEW):
        chunk = wanted[start : start + FEW]
        yield from db.execute(query.format(keys=", ".join("?" * len(chunk))), (*first, *chunk))
