"""Fixtures for the benchmark-generator and build-cache tests (no timings here)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
if str(BENCHMARKS) not in sys.path:
    sys.path.insert(0, str(BENCHMARKS))


@pytest.fixture(autouse=True)
def fixed_build_date(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1714521600")  # 2024-05-01 00:00 UTC
