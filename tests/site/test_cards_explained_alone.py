"""A split event's part explains its cards' players without making the standings' rows
(issue 39).

``CardExplanations.prepare`` ranked the whole event again with explanations and kept the
rows of its players: each part of the 2,000-player open made 2,000 rows, the notes and
the declared ranks' comparison for nothing (46 M instructions of a part's 1,147 M).
``individual.explain_individual`` ranks it (direct encounter is explained by the
ranking) and gives the explanations alone: they must be those of the whole explained
standings, for any subset of the players.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from trfsite.formats import read_bytes
from trfsite.pages import gather
from trfsite.pages.config import EventConfig
from trfsite.pages.plan import EventJob
from trfsite.render.page_meta import SiteInfo
from trfsite.standings.individual import compute_individual_standings, explain_individual
from trfsite.standings.options import StandingsOptions

DATA = Path(__file__).resolve().parents[1] / "data"
# Forfeits, byes, ties broken or left by direct encounter, a round robin, duplicated lines.
FILES = [
    DATA / "standings" / "swiss-direct-encounter.trf",
    DATA / "standings" / "swiss-forfeits.trf",
    DATA / "standings" / "swiss-byes.trf",
    DATA / "standings" / "roundrobin-forfeit.trf",
    DATA / "samples" / "fide-example1-trf16.trf",
    DATA / "norms" / "norm-open.trf",
    DATA / "trf" / "broken-structure.trf",
    DATA / "fuzz" / "trf-duplicated-junk-lines.trf",
]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
@pytest.mark.parametrize("rules", ["auto", "pre2023"])
def test_a_subset_s_explanations_are_the_whole_explanation_s(path: Path, rules: str) -> None:
    t = read_bytes(path.read_bytes(), path.name).tournament
    assert t is not None
    options = StandingsOptions(rules=rules, explain=True)
    whole: dict[int, Any] = {}
    for row in compute_individual_standings(t, options).rows:
        whole[row.id] = row.explanations  # a repeated start number: its last row's
    ids = sorted(whole)
    for subset in (ids[0::2], ids[1::2], ids[:1], ids[-3:], ids):
        explained = explain_individual(t, replace(options, explained=frozenset(subset)))
        assert explained == {pid: whole[pid] for pid in subset}


def test_a_part_s_cards_make_no_standings_rows(counted_rankings: list[int]) -> None:
    path = DATA / "standings" / "swiss-direct-encounter.trf"
    site = SiteInfo("Results", "en", "https://example.org/", "2024-05-01", "t")
    job = EventJob(path.read_bytes(), path.name, path.stem, "", EventConfig(), site, False)
    prepared = gather.prepare_event(job, check_beside=True)
    made = counted_rankings
    del made[:]  # the final ranking, made in preparing the event
    pages = gather.part_of(prepared, 0, 2).pages
    card = next(page for page in pages if "/players/" in page.path).context
    assert card.explanations  # type: ignore[attr-defined]
    assert made == []
