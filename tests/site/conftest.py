"""Fixtures for the site tests (``make_src`` is shared: tests/conftest.py)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def fixed_build_date(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1714521600")  # 2024-05-01 00:00 UTC
