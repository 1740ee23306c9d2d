"""Builders of the model's most numerous objects, for the readers.

A reader makes every player, cell and span of a file: 46,000 objects for a 2,000-player
open. A frozen instance's slots are written past its __setattr__ guard, one call per
field (object.__setattr__, or the slot setters of model.py). These classes have the same
slots without the guard, so ``self.x = x`` is a plain slot store, and each instance
then becomes the frozen type: ``__class__`` may be assigned between classes whose slots
are the same. 5-7 ms of the 44 ms the TRF reader took for that open.
``tests/test_model_init.py`` keeps their slots and signatures equal to the types'.
The TRF reader's loop over round cells goes one step further: it makes a ``SpanBuilder``
and a ``RoundEntryBuilder`` with ``object.__new__``, stores their slots and assigns
``__class__`` itself, without the two calls of ``__init__`` a cell.
"""

from __future__ import annotations

from dataclasses import fields
from typing import TYPE_CHECKING, Protocol, cast

from trfsite.model import Color, Outcome, Player, RoundEntry, Span


class SpanBuilder:
    __slots__ = ("line", "column", "end_column")

    def __init__(self, line: int, column: int, end_column: int) -> None:
        self.line = line
        self.column = column
        self.end_column = end_column
        self.__class__ = Span  # type: ignore[assignment]


class RoundEntryBuilder:
    __slots__ = ("round", "opponent", "color", "outcome", "handicap", "raw", "source")

    def __init__(
        self,
        round: int,
        opponent: int | None,
        color: Color,
        outcome: Outcome,
        handicap: int | None,
        raw: str,
        source: Span,
    ) -> None:
        self.round = round
        self.opponent = opponent
        self.color = color
        self.outcome = outcome
        self.handicap = handicap
        self.raw = raw
        self.source = source
        self.__class__ = RoundEntry  # type: ignore[assignment]


class _PlayerBuilder:
    # The slots are the fields, in their order.
    __slots__ = tuple(f.name for f in fields(Player))

    def __init__(
        self,
        id: int,
        name: str,
        sex: str,
        title: str,
        rating: int | None,
        federation: str,
        fide_id: str,
        birth_date: str,
        declared_points: float | None,
        declared_rank: int | None,
        rounds: tuple[RoundEntry, ...],
        source: Span,
    ) -> None:
        self.id = id
        self.name = name
        self.sex = sex
        self.title = title
        self.rating = rating
        self.federation = federation
        self.fide_id = fide_id
        self.birth_date = birth_date
        self.declared_points = declared_points
        self.declared_rank = declared_rank
        self.rounds = rounds
        self.grade = ""
        self.club = ""
        self.declared_scores = ()
        self.egd_pin = ""
        self.source = source
        self.__class__ = Player  # type: ignore[assignment]


if TYPE_CHECKING:  # a Protocol costs a class at import; only mypy needs it

    class _MakesTrfPlayer(Protocol):
        """``_PlayerBuilder``'s parameters, which may be given in order (unlike Player's, where
        the Go fields come before ``source``)."""

        def __call__(
            self,
            id: int,
            name: str,
            sex: str,
            title: str,
            rating: int | None,
            federation: str,
            fide_id: str,
            birth_date: str,
            declared_points: float | None,
            declared_rank: int | None,
            rounds: tuple[RoundEntry, ...],
            source: Span,
        ) -> Player: ...


# Called as the types are, every field given (a TRF player: none of the Go fields).
new_span = cast("type[Span]", SpanBuilder)
new_round_entry = cast("type[RoundEntry]", RoundEntryBuilder)
new_trf_player = cast("_MakesTrfPlayer", _PlayerBuilder)
