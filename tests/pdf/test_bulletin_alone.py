"""A bulletin made alone (its own task, gather.prepare_event with_pages=False) skips the
explanations and the rounds' tie-breaks: it must print the very same PDF."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from trfsite.pages.config import EventConfig
from trfsite.pages.gather import prepare_event
from trfsite.pages.plan import EventJob
from trfsite.render.page_meta import SiteInfo
from trfsite.site.event_build import make_pdf

ROOT = Path(__file__).resolve().parents[2]


def _generated_swiss() -> bytes:
    """A 40-player, 6-round Swiss with byes and forfeits (benchmarks/generate.py)."""
    spec = importlib.util.spec_from_file_location("generate", ROOT / "benchmarks/generate.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("generate", module)  # its dataclasses look their module up
    spec.loader.exec_module(module)
    text: str = module.generate_individual_swiss(40, 6, 3)
    return text.encode("utf-8")


@pytest.mark.parametrize(
    "name",
    [
        "swiss.trf",  # a Swiss: the scores before each round order the boards
        "mcmahon-frankfurt-2023.h9",  # McMahon: start scores before round 1
    ],
)
def test_a_bulletin_alone_prints_what_the_pages_task_prints(name: str) -> None:
    site = SiteInfo("Results", "en", "", "2024-05-01", "trfsite")
    if name == "swiss.trf":
        data = _generated_swiss()
    else:
        data = (ROOT / "sample_reports" / name).read_bytes()
    job = EventJob(data, name, "event", "", EventConfig(), site, True)
    with_pages = prepare_event(job).bulletin
    alone = prepare_event(job, with_pages=False).bulletin
    assert with_pages is not None and alone is not None
    # What it skipped: the rounds' tie-breaks, and the final standings' explanations
    # (a chess event's pages task makes none either: its page workers do).
    assert any(row.tiebreaks for s in with_pages.round_standings[:-1] for row in s.rows)
    assert not any(row.tiebreaks for s in alone.round_standings[:-1] for row in s.rows)
    if name.endswith(".h9"):
        assert any(row.explanations for row in with_pages.standings.rows)
    assert not any(row.explanations for row in alone.standings.rows)
    assert make_pdf(alone) == make_pdf(with_pages)
