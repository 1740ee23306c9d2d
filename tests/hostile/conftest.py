"""Fixtures for issue 50's tests: hostile inputs, file-system faults, concurrent builds."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[1] / "data"


@pytest.fixture(autouse=True)
def _quiet_build(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1714521600")  # 2024-05-01: reproducible pages
    monkeypatch.setenv("TRFSITE_CACHE_DIR", "")  # no compiled templates kept between tests


@pytest.fixture
def make_src(tmp_path: Path) -> Callable[[dict[str, str | bytes]], Path]:
    def make(files: dict[str, str | bytes]) -> Path:
        src = tmp_path / "src"
        src.mkdir(exist_ok=True)
        for name, content in files.items():
            path = src / name
            path.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, bytes):
                path.write_bytes(content)
            else:
                path.write_text(content, encoding="utf-8")
        return src

    return make
