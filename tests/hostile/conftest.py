"""Fixtures for issue 50's tests (``make_src`` is shared: tests/conftest.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[1] / "data"


@pytest.fixture(autouse=True)
def _quiet_build(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1714521600")  # 2024-05-01: reproducible pages
    monkeypatch.setenv("TRFSITE_CACHE_DIR", "")  # no compiled templates kept between tests
