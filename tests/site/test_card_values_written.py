"""The values of a card's rating card written straight through ``_out``
(site/card_text.py, issue 46)."""

from __future__ import annotations

import sys

from framehelpers import event_pages

from trfsite.render.environment import make_environment
from trfsite.render.theme import find_theme, theme_chain
from trfsite.site.card_ratings import rating_card
from trfsite.site.card_text import CardText


class CountingText(CardText):
    """Counts the ``{{ value }}`` written."""

    outs = 0

    def _out(self, value: object) -> str:
        CountingText.outs += 1
        return super()._out(value)


def _text() -> CountingText:
    return CountingText(make_environment(theme_chain(find_theme("default")), "en"))


def test_a_rating_card_s_values_are_written_without_a_wrapper() -> None:
    """Each value of a rating card goes straight to ``_out``: no ``out`` frame that only
    calls it (a frame more for each of its ~45 values, 122,000 on a 40-event archive)."""
    pages = event_pages("trf/individual-2026.trf", "en", "player.html")
    cards = [card for card in pages if card.rating_card]
    assert cards
    text = _text()
    frames: list[str] = []

    def count(frame: object, event: str, arg: object) -> None:
        if event == "call":
            frames.append(frame.f_code.co_name)  # type: ignore[attr-defined]

    CountingText.outs = 0
    sys.setprofile(count)
    try:
        for card in cards:
            rating_card(text, [], card.rating_card, "../")
    finally:
        sys.setprofile(None)
    assert CountingText.outs > 10 * len(cards)  # a card writes its values
    assert frames.count("out") == 0
