"""An event's TPR and ARO are counted twice per player, not three times (issue 39).

The awards count every player's rated games once (their values), the player cards
once more (with the explanations the cards print). ``data/standings.json`` and its
CSV print the same values: they take the awards', where they counted every player's
games a third time. Counted by the calls that gather one player's rated games
(``performance._counted``, and ``_plain_values`` for the values alone), not timed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from trfsite.awards import performance
from trfsite.pages import gather
from trfsite.pages.config import EventConfig
from trfsite.pages.plan import EventJob
from trfsite.render.page_meta import SiteInfo

EVENT = Path(__file__).resolve().parents[1] / "data" / "trf" / "individual-2026.trf"


def test_each_player_is_counted_by_the_awards_and_the_cards_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    counted: list[int] = []

    def counting(count):  # type: ignore[no-untyped-def]
        def call(player, *args):  # type: ignore[no-untyped-def]
            counted.append(player.id)
            return count(player, *args)

        return call

    monkeypatch.setattr(performance, "_counted", counting(performance._counted))
    monkeypatch.setattr(performance, "_plain_values", counting(performance._plain_values))
    site = SiteInfo("Results", "en", "https://example.org/", "2024-05-01", "t")
    job = EventJob(EVENT.read_bytes(), EVENT.name, EVENT.stem, "", EventConfig(), site, False)
    plans = gather.prepare_event(job).plans
    made = {plan.path: plan.build() for plan in plans}
    assert any(path.endswith("/data/standings.json") for path in made)
    # individual-2026.trf: 6 players (001 lines 1-6), each counted twice.
    assert sorted(counted) == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]
