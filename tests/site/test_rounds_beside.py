"""A split event's first rounds are ranked by a forked helper (issue 39).

The rankings after each round were the longest step of a split build's preparation,
which the other core waits for. Now a helper forked after the final standings ranks
the first rounds while this process makes the awards and ranks the last ones; the
helper's rows come back compact and are made whole here. Counted by the rounds
``compute_round_standings`` ranks in this process; the standings and the pages must be
those of the event built whole.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from typing import Any

import pytest
from sitehelpers import ROOT

from trfsite.pages import gather
from trfsite.pages.config import EventConfig
from trfsite.pages.forked_call import fork_context
from trfsite.pages.plan import EventJob
from trfsite.render.page_meta import SiteInfo
from trfsite.standings import compute

sys.path.insert(0, str(ROOT / "benchmarks"))
from generate import generate_individual_swiss  # noqa: E402

# 250 players, 9 rounds: 11,250 player-rounds ranked after the rounds, enough to fork.
OPEN = generate_individual_swiss(250, 9, 5).encode()


def _prepared(monkeypatch: pytest.MonkeyPatch, split: bool) -> tuple[list[int], Any]:
    """The rounds ranked in this process, and the event prepared."""
    here: list[int] = []
    real = compute.compute_round_standings
    parent = os.getpid()

    def counting(t: Any, options: Any, rounds: Any, final: Any = None) -> Any:
        if os.getpid() == parent:
            here.extend(n for n in rounds if final is None or n != final.after_round)
        return real(t, options, rounds, final)

    monkeypatch.setattr(compute, "compute_round_standings", counting)
    site = SiteInfo("Results", "en", "https://example.org/", "2024-05-01", "t")
    job = EventJob(OPEN, "open.trf", "open", "", EventConfig(), site, False)
    return here, gather.prepare_event(job, check_beside=split)


@pytest.mark.skipif(fork_context() is None, reason="helpers fork on Linux, 2+ cores")
def test_the_first_rounds_are_ranked_beside_and_come_back_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    here, whole = _prepared(monkeypatch, split=False)
    assert here == [1, 2, 3, 4, 5, 6, 7, 8]  # the ninth is the final standings'
    here, split = _prepared(monkeypatch, split=True)
    assert here == [5, 6, 7, 8]  # the helper ranked rounds 1 to 4
    assert split.data.after_round == whole.data.after_round
    for made, expected in zip(split.data.after_round, whole.data.after_round, strict=True):
        assert made.notes == expected.notes
        assert [(r.name, r.extra, r.explanations) for r in made.rows] == [
            (r.name, r.extra, r.explanations) for r in expected.rows
        ]
    pages = {plan.path: plan.build() for plan in split.plans if "/players/" not in plan.path}
    assert pages == {plan.path: plan.build() for plan in whole.plans if plan.path in pages}


@pytest.mark.skipif(fork_context() is None, reason="helpers fork on Linux, 2+ cores")
def test_rounds_failing_here_fail_the_event_and_end_the_helper(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = compute.compute_round_standings
    parent = os.getpid()

    def broken_here(t: Any, options: Any, rounds: Any, final: Any = None) -> Any:
        if os.getpid() == parent:
            raise RuntimeError("rounds broken")
        return real(t, options, rounds, final)

    monkeypatch.setattr(compute, "compute_round_standings", broken_here)
    site = SiteInfo("Results", "en", "https://example.org/", "2024-05-01", "t")
    job = EventJob(OPEN, "open.trf", "open", "", EventConfig(), site, False)
    prepared = gather.prepare_event(job, check_beside=True)
    assert prepared.failed is not None and "rounds broken" in prepared.failed.failure
    assert not multiprocessing.active_children()
