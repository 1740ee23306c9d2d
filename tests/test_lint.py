"""ruff and mypy are part of the suite: a lint failure is a test failure."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, check=False)


def test_ruff_check() -> None:
    if shutil.which("ruff") is None:
        pytest.fail("ruff is not installed; run scripts/install-test-deps.sh")
    done = _run("ruff", "check", "trfsite")
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy() -> None:
    done = _run(sys.executable, "-m", "mypy", "trfsite")
    assert done.returncode == 0, done.stdout + done.stderr
