"""How numbers and results are printed in the bulletin.

Kept apart so the bulletin and the website can share one spelling of
``6½`` and of results; the site's filter may replace :func:`points_text`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from trfsite.model import Outcome, Player

_HALF = "½"

# How points are spelled; the site's ``points`` filter is one (it knows the decimal mark).
PointsFormat = Callable[[float | None], str]


def points_text(value: float | None) -> str:
    """``6.5`` -> ``6½``, ``0.5`` -> ``½``, ``7.0`` -> ``7``; other fractions as decimals."""
    if value is None or math.isnan(value):
        return ""
    sign = "−" if value < 0 else ""
    magnitude = abs(value)
    whole = math.floor(magnitude + 1e-9)
    fraction = magnitude - whole
    if fraction < 1e-9:
        return f"{sign}{whole}"
    if abs(fraction - 0.5) < 1e-9:
        return f"{sign}{whole or ''}{_HALF}"
    return f"{sign}{magnitude:.2f}".rstrip("0").rstrip(".")


def number_text(value: float | None) -> str:
    """A tie-break value without trailing zeros (``14``, ``14.5``); a dash when undefined."""
    if value is None or math.isnan(value):
        return "–"
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


_SYMBOL = {
    Outcome.WIN: "1",
    Outcome.DRAW: _HALF,
    Outcome.LOSS: "0",
    Outcome.FORFEIT_WIN: "+",
    Outcome.FORFEIT_LOSS: "−",
    Outcome.WIN_UNRATED: "1",
    Outcome.DRAW_UNRATED: _HALF,
    Outcome.LOSS_UNRATED: "0",
    Outcome.HALF_BYE: "H",
    Outcome.FULL_BYE: "F",
    Outcome.PAIRING_BYE: "U",
    Outcome.ZERO_BYE: "Z",
    Outcome.UNKNOWN: "",  # a game of a pending round: no result yet
}


def result_symbol(outcome: Outcome | None) -> str:
    """One participant's result as a short symbol (``1``, ``½``, ``+``, ``F`` ...)."""
    if outcome is None:
        return ""
    return _SYMBOL[outcome]


def game_result(white: Outcome | None, black: Outcome | None) -> str:
    """A game's result as printed in pairings: ``1 – 0``, ``½ – ½``, ``+ – −``."""
    if white is None and black is None:
        return ""
    if white is Outcome.UNKNOWN and black in (Outcome.UNKNOWN, None):
        return ""  # a game of a pending round: an empty result, as on a pairing list
    left = result_symbol(white) if white is not None else "−"
    right = result_symbol(black) if black is not None else "−"
    return f"{left} – {right}"


def color_letter(color_value: str) -> str:
    """The model's colour value (``w``, ``b``, ``-``) as printed; nothing for no colour."""
    return color_value if color_value in ("w", "b") else ""


@dataclass(frozen=True, slots=True)
class Person:
    """A participant as printed in a table."""

    id: int
    name: str
    title: str = ""
    rating: str = ""
    federation: str = ""


def rating_text(player: Player | None) -> str:
    """The rating as printed; a Go player's grade stands in its place."""
    if player is None:
        return ""
    if player.grade:
        return player.grade
    return str(player.rating) if player.rating else ""


def federation_text(player: Player | None) -> str:
    """The federation as printed; a Go player's club stands in its place."""
    if player is None:
        return ""
    return player.federation or player.club


def person(player: Player) -> Person:
    return Person(
        player.id, player.name, player.title, rating_text(player), federation_text(player)
    )
