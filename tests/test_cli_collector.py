"""``trfsite standings`` runs with the cyclic collector off (cli/shared.py).

Called in the same process (tests), it gives the collector back as it found it;
under ``main``, whose process exits next, it leaves it off.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from trfsite.cli import cli, shared

SAMPLE = Path(__file__).resolve().parent / "data" / "samples" / "fide-example1-trf16.trf"


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
