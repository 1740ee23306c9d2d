"""The small values every record is made of: where it was read (``Span``), colours,
outcomes, byes and the scoring systems of records 162 and 362."""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import field

from trfsite.model.frozen import frozen_record


def _slot_setters(cls: type, names: str) -> tuple[Callable[[object, object], None], ...]:
    """The slots' own setters, which a frozen instance's ``__init__`` may call directly."""
    return tuple(cls.__dict__[name].__set__ for name in names.split())


# The hot types (a 2,000-player open has 22,000 cells, each with its span) write their own
# ``__init__``: a frozen dataclass's generated one goes through object.__setattr__ per
# field, which takes twice as long. ``tests/test_model_init.py`` keeps the signatures
# equal to the fields.


# --------------------------------------------------------------------------- locations
@frozen_record
class Span:
    """Where something came from: 1-based line, 1-based first and last column."""

    line: int
    column: int = 1
    end_column: int = 0

    def __init__(self, line: int, column: int = 1, end_column: int = 0) -> None:
        _set_line(self, line)
        _set_column(self, column)
        _set_end_column(self, end_column)


_set_line, _set_column, _set_end_column = _slot_setters(Span, "line column end_column")

NO_SPAN = Span(0, 0, 0)


def _span() -> Span:
    return field(default=NO_SPAN, compare=False, repr=False)  # type: ignore[return-value]


# --------------------------------------------------------------------------- enums
class SourceFormat(enum.Enum):
    TRF16 = "trf16"
    TRF26 = "trf26"
    EGF = "egf"


class EventKind(enum.Enum):
    INDIVIDUAL = "individual"
    TEAM = "team"


class Game(enum.Enum):
    """Which game the event is of."""

    CHESS = "chess"
    GO = "go"


class PairingSystem(enum.Enum):
    SWISS = "swiss"
    ROUND_ROBIN = "round-robin"
    MCMAHON = "mcmahon"


class Color(enum.Enum):
    WHITE = "w"
    BLACK = "b"
    NONE = "-"

    # Enum's __hash__ is Python code (the hash of the name), run for every lookup of a
    # member in a dict or set: 319,000 times in a 2000-player build. Members are
    # singletons, equal only to themselves, so the identity hash (in C) is exact.
    __hash__ = object.__hash__

    @property
    def opposite(self) -> Color:
        if self is Color.WHITE:
            return Color.BLACK
        if self is Color.BLACK:
            return Color.WHITE
        return Color.NONE


class Outcome(enum.Enum):
    """A round's result from one participant's point of view.

    Values are the TRF result letters (upper case) so that the TRF reader and
    writer need no second table. ``UNKNOWN`` is Go's ``?`` (not yet played or
    unknown); TRF has no cell code for it.
    """

    WIN = "1"
    DRAW = "="
    LOSS = "0"
    FORFEIT_WIN = "+"
    FORFEIT_LOSS = "-"
    WIN_UNRATED = "W"  # game lasted less than one move
    DRAW_UNRATED = "D"
    LOSS_UNRATED = "L"
    HALF_BYE = "H"
    FULL_BYE = "F"
    PAIRING_BYE = "U"
    ZERO_BYE = "Z"
    UNKNOWN = "?"

    __hash__ = object.__hash__  # as Color's

    @property
    def is_game(self) -> bool:
        """A game was started over the board (rated or not)."""
        return self in _OVER_THE_BOARD

    @property
    def is_forfeit(self) -> bool:
        return self in (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS)

    @property
    def is_bye(self) -> bool:
        return self in _BYES

    @property
    def is_rated(self) -> bool:
        return self in (Outcome.WIN, Outcome.DRAW, Outcome.LOSS)

    @property
    def score_letter(self) -> str:
        """The record-162 letter whose value this outcome scores (W D L A P X)."""
        return _SCORE_LETTER[self]

    @property
    def complement(self) -> Outcome:
        """The opponent's outcome for a paired game (1<->0, =, +<->-, W<->L, D)."""
        return _COMPLEMENT.get(self, self)


_OVER_THE_BOARD = frozenset(
    {
        Outcome.WIN,
        Outcome.DRAW,
        Outcome.LOSS,
        Outcome.WIN_UNRATED,
        Outcome.DRAW_UNRATED,
        Outcome.LOSS_UNRATED,
    }
)
_BYES = frozenset({Outcome.HALF_BYE, Outcome.FULL_BYE, Outcome.PAIRING_BYE, Outcome.ZERO_BYE})
_SCORE_LETTER = {
    Outcome.WIN: "W",
    Outcome.WIN_UNRATED: "W",
    Outcome.FORFEIT_WIN: "W",
    Outcome.FULL_BYE: "W",
    Outcome.DRAW: "D",
    Outcome.DRAW_UNRATED: "D",
    Outcome.HALF_BYE: "D",
    Outcome.LOSS: "L",
    Outcome.LOSS_UNRATED: "L",
    Outcome.FORFEIT_LOSS: "A",
    Outcome.ZERO_BYE: "A",
    Outcome.PAIRING_BYE: "P",
    Outcome.UNKNOWN: "X",
}
_COMPLEMENT = {
    Outcome.WIN: Outcome.LOSS,
    Outcome.LOSS: Outcome.WIN,
    Outcome.FORFEIT_WIN: Outcome.FORFEIT_LOSS,
    Outcome.FORFEIT_LOSS: Outcome.FORFEIT_WIN,
    Outcome.WIN_UNRATED: Outcome.LOSS_UNRATED,
    Outcome.LOSS_UNRATED: Outcome.WIN_UNRATED,
}


class ByeKind(enum.Enum):
    """Kinds of bye in record 240 (and 320 for the team PAB)."""

    FULL = "F"
    HALF = "H"
    ZERO = "Z"
    PAIRING = "P"


# --------------------------------------------------------------------------- scoring
@frozen_record
class ScoringSystem:
    """Record 162: points per result letter. Defaults are FIDE's 1-½-0.

    ``pairing_bye`` and ``unknown`` are None when the file leaves them at their
    defaults, which follow ``win`` and ``draw`` respectively.
    """

    win: float = 1.0
    draw: float = 0.5
    loss: float = 0.0
    absence: float = 0.0
    pairing_bye: float | None = None
    unknown: float | None = None

    def value(self, letter: str) -> float:
        """Points for a record-162 letter (W, D, L, A, P or X)."""
        if letter == "W":
            return self.win
        if letter == "D":
            return self.draw
        if letter == "L":
            return self.loss
        if letter == "A":
            return self.absence
        if letter == "P":
            return self.win if self.pairing_bye is None else self.pairing_bye
        if letter == "X":
            return self.draw if self.unknown is None else self.unknown
        raise ValueError(f"unknown scoring letter {letter!r}; expected one of W D L A P X")

    def points(self, outcome: Outcome) -> float:
        return self.value(outcome.score_letter)


@frozen_record
class TeamScoring:
    """Record 362: match points for a team win, draw and loss (default 2-1-0)."""

    win: float = 2.0
    draw: float = 1.0
    loss: float = 0.0
