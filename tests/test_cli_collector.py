"""How ``trfsite standings`` runs and ends (cli/shared.py).

It runs with the cyclic collector off. Called in the same process (tests), it gives
the collector back as it found it; under ``main``, whose process exits next, it leaves
it off; the process ends with the command's output and exit code, atexit functions run.
"""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from trfsite.cli import cli, shared

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "tests" / "data" / "samples" / "fide-example1-trf16.trf"
BROKEN = ROOT / "tests" / "data" / "trf" / "broken-structure.trf"


@pytest.fixture
def collector_on() -> Iterator[None]:
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


def _standings() -> None:
    result = CliRunner().invoke(cli, ["standings", str(SAMPLE)])
    assert result.exit_code == 0, result.output


@pytest.mark.usefixtures("collector_on")
def test_an_in_process_caller_gets_the_collector_back() -> None:
    _standings()
    assert gc.isenabled()


@pytest.mark.usefixtures("collector_on")
def test_under_main_the_collector_stays_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shared, "_restore_collector", True)
    shared.process_ends_with_command()
    _standings()
    assert not gc.isenabled()


_PROBE = """
import atexit, sys
atexit.register(lambda: print("atexit ran", file=sys.stderr))
sys.argv = ["trfsite", *sys.argv[1:]]
import runpy
runpy.run_module("trfsite", run_name="__main__")
"""


@pytest.mark.parametrize(("sample", "code"), [(SAMPLE, 0), (BROKEN, 1)], ids=["clean", "errors"])
def test_the_process_ends_with_the_output_and_code_of_the_command(sample: Path, code: int) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, "standings", str(sample)],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    in_process = CliRunner().invoke(cli, ["standings", str(sample)])
    assert done.returncode == in_process.exit_code == code
    assert done.stdout == in_process.stdout
    assert done.stderr == in_process.stderr + "atexit ran\n"
