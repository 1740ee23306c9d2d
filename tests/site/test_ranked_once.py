"""An individual chess event built whole is ranked once after its last round (issue 46).

Its final standings were ranked without explanations, then again with them for its
player cards (``cards.CardExplanations``): now ranked once, explained, the cards take
the rows' explanations. A split event still ranks once here without them, and each part
explains the players of its cards. Counted by the calls of ``compute_standings`` and
``individual.explain_individual`` (a part's explanations without the rows).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from trfsite.pages import gather
from trfsite.pages.config import EventConfig
from trfsite.pages.plan import EventJob, PageOut
from trfsite.render.page_meta import SiteInfo
from trfsite.standings import compute, individual

EVENT = Path(__file__).resolve().parents[1] / "data" / "trf" / "individual-2026.trf"


def _pages(monkeypatch: pytest.MonkeyPatch, split: bool) -> tuple[list[bool], dict[str, PageOut]]:
    """Each final ranking made (explained or not), and the event's pages."""
    made: list[bool] = []
    real = compute.compute_standings

    def counting(t: Any, options: Any) -> Any:
        made.append(options.explain)
        return real(t, options)

    monkeypatch.setattr(compute, "compute_standings", counting)
    explain_alone = individual.explain_individual

    def explaining(t: Any, options: Any) -> Any:
        made.append(options.explain)
        return explain_alone(t, options)

    monkeypatch.setattr(individual, "explain_individual", explaining)
    site = SiteInfo("Results", "en", "https://example.org/", "2024-05-01", "t")
    job = EventJob(EVENT.read_bytes(), EVENT.name, EVENT.stem, "", EventConfig(), site, False)
    plans = gather.prepare_event(job, check_beside=split).plans
    return made, {plan.path: plan.build() for plan in plans}


def test_an_event_built_whole_is_ranked_once_with_its_explanations(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made, whole = _pages(monkeypatch, split=False)
    assert made == [True]
    made, split = _pages(monkeypatch, split=True)
    assert made == [False, True]  # the event's process, then the (one) part's cards
    assert whole == split
    card = whole["individual-2026/players/1.html"].context
    assert card.explanations and card.rating_card is not None  # type: ignore[attr-defined]
    assert card.rating_card.performance.notes  # type: ignore[attr-defined]
