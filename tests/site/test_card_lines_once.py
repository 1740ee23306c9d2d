"""A player card's record lines take their parts from the event, made once (issue 39).

Each line of a card showed its outcome's points, symbol and style and its
opponent's rating and federation, worked out again for every line (the open:
22,000 lines, a dozen outcomes). They are made once per event, when the cards'
kit is: counted by the calls of ``outcome_css`` and ``ScoringSystem.points``, not timed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from trfsite.model import Outcome, ScoringSystem
from trfsite.pages import cards, gather
from trfsite.pages.config import EventConfig
from trfsite.pages.contexts import PlayerCardPage
from trfsite.pages.plan import EventJob, build_plans
from trfsite.render.page_meta import SiteInfo

EVENT = Path(__file__).resolve().parents[1] / "data" / "trf" / "individual-2026.trf"


def test_an_outcomes_parts_are_made_once_per_event(monkeypatch: pytest.MonkeyPatch) -> None:
    styled: list[Outcome] = []
    scored: list[Outcome] = []
    style = cards.outcome_css
    points = ScoringSystem.points

    def counting_style(outcome: Outcome) -> str:
        styled.append(outcome)
        return style(outcome)

    def counting_points(scoring: ScoringSystem, outcome: Outcome) -> float:
        scored.append(outcome)
        return points(scoring, outcome)

    site = SiteInfo("Results", "en", "https://example.org/", "2024-05-01", "t")
    job = EventJob(EVENT.read_bytes(), EVENT.name, EVENT.stem, "", EventConfig(), site, False)
    plans = gather.prepare_event(job).plans
    card_plans = [plan for plan in plans if "/players/" in plan.path]
    monkeypatch.setattr(cards, "outcome_css", counting_style)
    monkeypatch.setattr(ScoringSystem, "points", counting_points)
    made = [out.context for out in build_plans(card_plans)]
    assert all(isinstance(card, PlayerCardPage) for card in made)
    lines = [line for card in made if isinstance(card, PlayerCardPage) for line in card.record]
    # individual-2026.trf: 6 players, 3 rounds, every cell filled: 18 lines.
    assert len(lines) == 18
    # Once for each of the 13 outcomes, where every line asked again (18).
    assert set(styled) == set(Outcome) and len(styled) == len(Outcome) == 13
    # Points: once per outcome for the record lines, where every line asked again (18).
    # The cards no longer rank the event again for their tie-breaks (scoring/context,
    # 13 more): built whole, it was ranked once with its explanations (test_ranked_once).
    assert len(scored) == len(Outcome)
    # Player 3's round 1: a forfeit win against Nowak, Piotr (no rating, POL).
    by_path = dict(zip((plan.path for plan in card_plans), made, strict=True))
    smith = by_path["individual-2026/players/3.html"]
    assert isinstance(smith, PlayerCardPage)
    first = smith.record[0]
    assert (first.result, first.css, first.note) == ("+", "win", "Forfeit")
    assert (first.opponent_rating, first.opponent_federation) == (None, "POL")


def test_a_card_s_lines_are_made_without_their_constructors_argument_handling() -> None:
    """A record line (14 fields), a rating game's line (8) and an explanation's view (5)
    are made from their fields given whole, not through the named tuple's ``__new__``
    and its keywords (six times the cost: 11,000 lines of each for a part's cards of an
    open); the rating card's TPR and ARO names are two Notes, not two made per card."""
    import sys

    from trfsite.pages.card_values import RatingGameLine
    from trfsite.pages.rows import ExplanationView, RecordLine
    from trfsite.results import Note

    site = SiteInfo("Results", "en", "https://example.org/", "2024-05-01", "t")
    job = EventJob(EVENT.read_bytes(), EVENT.name, EVENT.stem, "", EventConfig(), site, False)
    card_plans = [plan for plan in gather.prepare_event(job).plans if "/players/" in plan.path]
    constructors = {
        RecordLine.__new__.__code__,
        RatingGameLine.__new__.__code__,
        ExplanationView.__new__.__code__,
    }
    calls: list[object] = []
    notes: list[object] = []
    note_new = Note.__new__.__code__

    def count(frame: object, event: str, arg: object) -> None:
        if event == "call":
            code = frame.f_code  # type: ignore[attr-defined]
            if code in constructors:
                calls.append(code)
            elif code is note_new and frame.f_locals.get("template", "").startswith(  # type: ignore[attr-defined]
                ("Performance", "Average rating")
            ):
                notes.append(code)

    sys.setprofile(count)
    try:
        made = [out.context for out in build_plans(card_plans)]
    finally:
        sys.setprofile(None)
    cards_made = [card for card in made if isinstance(card, PlayerCardPage)]
    lines = [line for card in cards_made for line in card.record]
    games = [game for card in cards_made if card.rating_card for game in card.rating_card.games]
    # individual-2026.trf: 6 players, 3 rounds: 18 record lines; its rated games.
    assert len(lines) == 18 and games
    assert all(type(line) is RecordLine and len(line) == 14 for line in lines)
    assert all(type(game) is RatingGameLine and len(game) == 8 for game in games)
    views = [view for card in cards_made for view in card.explanations]
    assert views and all(type(v) is ExplanationView and len(v) == 5 for v in views)
    assert calls == [] and notes == []
    first = lines[0]
    assert first == RecordLine(**first._asdict())
