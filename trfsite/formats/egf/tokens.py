"""Result tokens (``12+/w0``, ``22+!b``, ``0=``) and score-column values (``408½``)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from trfsite.formats.numbers import decimal
from trfsite.model import Color, Outcome

# <opponent row><result>[</ or !>[colour][handicap]]; handicap also as H4, or O for zero.
_TOKEN = re.compile(
    r"^(?P<opp>\d{1,5})(?P<res>[-+=?])"
    r"(?:(?P<sep>[/!])(?P<color>[wWbB?])?(?P<hcp>[hH]?\d{1,2}|[oO])?)?$",
    re.ASCII,
)
# A score column: 12, 12.5, 12,5, 408½ (½ is 0xBD in Latin-1, œ in ISO-8859-15), 408?, 408=
# (half points written as a jigo, issue 40) or ½.
_SCORE = re.compile(r"^(?P<int>-?\d+)(?:[.,](?P<frac>\d+))?(?P<half>[½œ?=])?$", re.ASCII)
_HALF_ALONE = frozenset({"½", "œ"})
UNKNOWN_CELL = "?"

_GAME_OUTCOMES = {"+": Outcome.WIN, "-": Outcome.LOSS, "=": Outcome.DRAW, "?": Outcome.UNKNOWN}
_DEFAULT_OUTCOMES = {
    "+": Outcome.FORFEIT_WIN,
    "-": Outcome.FORFEIT_LOSS,
    # No forfeit draw exists in the model; a jigo by default is an unplayed draw.
    "=": Outcome.DRAW_UNRATED,
    "?": Outcome.UNKNOWN,
}
_FREE_OUTCOMES = {
    "+": Outcome.FULL_BYE,
    "-": Outcome.ZERO_BYE,
    "=": Outcome.HALF_BYE,
    "?": Outcome.UNKNOWN,
}
_COLORS = {"w": Color.WHITE, "b": Color.BLACK, "?": Color.NONE}


@dataclass(frozen=True, slots=True)
class Token:
    """One round token as written. ``opponent`` 0 marks a round without a game."""

    text: str
    opponent: int
    result: str  # + - = ?
    by_default: bool  # written with ! instead of /
    color: Color
    handicap: int | None  # None when the token does not say

    @property
    def outcome(self) -> Outcome:
        if self.opponent == 0:
            return _FREE_OUTCOMES[self.result]
        if self.by_default:
            return _DEFAULT_OUTCOMES[self.result]
        return _GAME_OUTCOMES[self.result]


@lru_cache(maxsize=1 << 16)
def parse_token(text: str) -> Token | None:
    """A result token, or None if ``text`` is not one (cached: rows repeat tokens)."""
    if text == UNKNOWN_CELL:
        # Old tables write a lone '?' for a round whose result nobody knows.
        return Token(text, 0, "?", False, Color.NONE, None)
    match = _TOKEN.match(text)
    if not match:
        return None
    color_text = match.group("color")
    color = _COLORS[color_text.lower()] if color_text else Color.NONE
    hcp_text = match.group("hcp")
    handicap: int | None = None
    if hcp_text:
        digits = hcp_text.lstrip("hH")
        handicap = 0 if digits in ("o", "O") else int(digits)
    return Token(
        text=text,
        opponent=int(match.group("opp")),
        result=match.group("res"),
        by_default=match.group("sep") == "!",
        color=color,
        handicap=handicap,
    )


def cell_opponent(text: str) -> int | None:
    """The opponent row of a result token (0 for a round without a game), or None if
    ``text`` is not one: the layout asks this of every word of every row, so without
    building the token (a damaged row has a thousand distinct words)."""
    if text == UNKNOWN_CELL:
        return 0
    match = _TOKEN.match(text)
    return int(match.group("opp")) if match else None


def parse_score(text: str) -> float | None:
    """A score-column value (``32``, ``12.5``, ``408½``, ``408?``, ``½``), or None."""
    if text in _HALF_ALONE:
        return 0.5
    match = _SCORE.match(text)
    if not match:
        return None
    frac = match.group("frac")
    value = decimal(f"{match.group('int')}.{frac}" if frac else match.group("int"))
    if value is None:
        return None  # too many digits to be a score
    if match.group("half"):
        value += -0.5 if text.startswith("-") else 0.5
    return value
