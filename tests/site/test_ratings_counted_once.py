"""An event's TPR and ARO are counted once per player built whole, twice split (issues 39, 46).

Built whole, the awards count every player's rated games once, explained, and the
player cards print those (they counted them again, issue 46). Split between processes,
the awards count their values and each part's cards count their players' again, with
the explanations they print. ``data/standings.json`` and its CSV print the same values:
they take the awards', where they counted every player's games a third time. Counted by
the calls that gather one player's rated games (``performance._counted``, and
``_plain_values`` for the values alone), not timed.
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


@pytest.mark.parametrize(("split", "times"), [(False, 1), (True, 2)])
def test_each_player_is_counted_by_the_awards_and_the_cards_only(
    monkeypatch: pytest.MonkeyPatch, split: bool, times: int
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
    plans = gather.prepare_event(job, check_beside=split).plans
    made = {plan.path: plan.build() for plan in plans}
    assert any(path.endswith("/data/standings.json") for path in made)
    # individual-2026.trf: 6 players (001 lines 1-6).
    assert sorted(counted) == sorted([1, 2, 3, 4, 5, 6] * times)
