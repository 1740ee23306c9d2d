"""The SQL statements of every build state a test opens (to count a build's queries)."""

from __future__ import annotations

import sqlite3

import pytest

from trfsite.site.state import BuildState


def traced_statements(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The SQL statements of every build state opened from now on, as they run."""
    statements: list[str] = []
    opened = BuildState._open

    def traced(self: BuildState, fresh: bool) -> sqlite3.Connection:
        db = opened(self, fresh)
        db.set_trace_callback(statements.append)
        return db

    monkeypatch.setattr(BuildState, "_open", traced)
    return statements
