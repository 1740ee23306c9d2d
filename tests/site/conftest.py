"""Fixtures for the site tests (``make_src`` is shared: tests/conftest.py)."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.fixture(autouse=True)
def fixed_build_date(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1714521600")  # 2024-05-01 00:00 UTC


@pytest.fixture
def counted_rankings(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A list that grows by one entry each time an event is ranked."""
    from trfsite.standings import individual

    made: list[int] = []
    real = individual._standings_after

    def counting(*args: Any) -> Any:
        made.append(1)
        return real(*args)

    monkeypatch.setattr(individual, "_standings_after", counting)
    return made
