"""What a player card reads of the event's standings after each round (issue 39).

A split build's part makes half of an open's cards: the cards' kit (made once per
event and part) put every player's (points, rank) of every round by player first,
22,000 rows of a 2,000-player open for each part, of which the part's cards read half.
A card now reads its own player's row of each round. Counted through the rows' index.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from trfsite.pages import cards, gather
from trfsite.pages.config import EventConfig
from trfsite.pages.plan import EventJob
from trfsite.render.page_meta import SiteInfo

EVENT = Path(__file__).resolve().parents[1] / "data" / "trf" / "individual-2026.trf"


class _CountedRows(dict[int, Any]):
    """A round's rows by player id, counting the rows handed out."""

    read: list[int] = []

    def get(self, key: int, default: Any = None) -> Any:
        self.read.append(key)
        return super().get(key, default)

    def items(self) -> Any:
        self.read.extend(self)
        return super().items()

    def __iter__(self) -> Any:
        self.read.extend(super().__iter__())
        return super().__iter__()


def test_a_card_reads_its_own_player_s_row_of_each_round(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    site = SiteInfo("Results", "en", "https://example.org/", "2024-05-01", "t")
    job = EventJob(EVENT.read_bytes(), EVENT.name, EVENT.stem, "", EventConfig(), site, False)
    prepared = gather.prepare_event(job)
    data = prepared.data
    assert data is not None
    card_of_one = next(p for p in prepared.plans if p.path.endswith("/players/1.html"))
    expected = card_of_one.build().context

    real = cards.rows_by_id
    monkeypatch.setattr(cards, "rows_by_id", lambda standings: _CountedRows(real(standings)))
    cards.card_kit.forget()
    _CountedRows.read = []
    assert card_of_one.build().context == expected
    rounds = len(data.after_round)
    assert rounds > 1 and len(data.tournament.players) > 2
    assert _CountedRows.read == [1] * (rounds + 1)  # and its final row
