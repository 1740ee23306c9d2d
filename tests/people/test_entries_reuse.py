"""A person entry's rating change and TPR: taken from the event's awards only when equal."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from trfsite.awards.event import event_awards
from trfsite.awards.settings import AwardSettings
from trfsite.formats import read_bytes
from trfsite.model import Tournament
from trfsite.pages.config import EventConfig
from trfsite.people import collect
from trfsite.people.entries import EventEntries
from trfsite.people.listing import entries_for
from trfsite.results import Standings
from trfsite.standings.compute import compute_standings

SAMPLES = Path(__file__).resolve().parents[2] / "sample_reports"


def _event(name: str) -> tuple[Tournament, Standings]:
    t = read_bytes((SAMPLES / name).read_bytes(), name).tournament
    assert t is not None
    return t, compute_standings(t, EventConfig().options(explain=True))


def _entries(t: Tournament, config: EventConfig, final: Standings, reuse: bool) -> EventEntries:
    awards = event_awards(final, config.awards, True, config.unrated_rating) if reuse else None
    return entries_for(t, config, "f.trf", "f", final, None, awards)


@pytest.mark.parametrize("name", ["karl-mala-open-2005.trf", "club-championship-2024.trf"])
def test_the_awards_ratings_are_the_ones_the_people_compute(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    t, final = _event(name)
    config = EventConfig()
    computed = _entries(t, config, final, reuse=False)
    assert any(e.rating_change is not None for e in computed.entries)
    assert any(e.performance is not None for e in computed.entries)

    def not_again(*args: object, **kwargs: object) -> None:
        raise AssertionError("computed again although the awards have it")

    monkeypatch.setattr(collect, "event_rating_changes", not_again)
    monkeypatch.setattr(collect, "_performances", not_again)
    assert _entries(t, config, final, reuse=True) == computed


def test_an_event_with_k_overrides_computes_its_own() -> None:
    # The event page's K override (here K 40 for start number 1) is not the person
    # page's business (B.02 8.3.3 from the file): the person keeps the file's K.
    t, final = _event("karl-mala-open-2005.trf")
    plain = EventConfig()
    config = plain._replace(awards=replace(AwardSettings(), k_factors=((1, 40),)))
    overridden = event_awards(final, config.awards, True, None).ratings[1].change.value
    assert overridden != event_awards(final, plain.awards, True, None).ratings[1].change.value
    found = _entries(t, config, final, reuse=True)
    assert found == _entries(t, plain, final, reuse=False)
    assert found.entries[0].rating_change != overridden
