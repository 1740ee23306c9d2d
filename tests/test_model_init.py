"""The model types that write their own ``__init__`` (for speed) still match their fields.

So do the builders (``new_span``, ``new_round_entry``, ``new_trf_player`` for readers,
``new_individual_row`` for the chess engine, ``new_contribution`` and ``new_explanation``
for the explanations): same slots, same parameters, and what they make equals what the
types make.
"""

from __future__ import annotations

import dataclasses
import inspect
from typing import Any

import pytest

from trfsite.formats.builders import new_round_entry, new_span, new_trf_player
from trfsite.model import Color, Outcome, Player, RoundEntry, Span
from trfsite.results import (
    Contribution,
    Explanation,
    StandingRow,
    new_contribution,
    new_explanation,
    new_individual_row,
)

HAND_WRITTEN = (Span, RoundEntry)


@pytest.mark.parametrize("cls", HAND_WRITTEN, ids=lambda c: c.__name__)
def test_signature_lists_the_fields_with_their_defaults(cls: type) -> None:
    params = list(inspect.signature(cls).parameters.values())
    fields = dataclasses.fields(cls)
    assert [p.name for p in params] == [f.name for f in fields]
    for param, fld in zip(params, fields, strict=True):
        expected = inspect.Parameter.empty if fld.default is dataclasses.MISSING else fld.default
        assert param.default == expected, fld.name


def test_every_field_is_set_and_stays_frozen() -> None:
    span = Span(7, 92, 99)
    entry = RoundEntry(3, 12, Color.WHITE, Outcome.WIN, 2, "  12 w 1", span)
    assert (span.line, span.column, span.end_column) == (7, 92, 99)
    assert dataclasses.astuple(entry)[:6] == (3, 12, Color.WHITE, Outcome.WIN, 2, "  12 w 1")
    assert entry.source is span
    assert Span(5) == Span(5, 1, 0)
    # raw and source take no part in equality (a re-read file compares equal).
    assert entry == RoundEntry(3, 12, Color.WHITE, Outcome.WIN, 2)
    assert hash(entry) == hash(RoundEntry(3, 12, Color.WHITE, Outcome.WIN, 2))
    assert dataclasses.replace(entry, opponent=5).opponent == 5
    with pytest.raises(dataclasses.FrozenInstanceError):
        entry.round = 4  # type: ignore[misc]


BUILDERS = [
    (new_span, Span, ()),
    (new_round_entry, RoundEntry, ()),
    (new_trf_player, Player, ("grade", "club", "declared_scores", "egd_pin")),
    (new_individual_row, StandingRow, ("match_points", "game_points", "start_points")),
    (new_contribution, Contribution, ("cut", "why", "rounds")),
    (new_explanation, Explanation, ()),
]


@pytest.mark.parametrize(
    ("builder", "cls", "unset"), BUILDERS, ids=lambda x: getattr(x, "__name__", "")
)
def test_a_builder_has_the_types_slots_and_fields(
    builder: type, cls: type, unset: tuple[str, ...]
) -> None:
    assert builder.__slots__ == cls.__slots__  # type: ignore[attr-defined]
    params = list(inspect.signature(builder).parameters)
    assert params == [f.name for f in dataclasses.fields(cls) if f.name not in unset]


def _player(make: type) -> Player:
    span = Span(4, 1, 120)
    cell = RoundEntry(1, 2, Color.BLACK, Outcome.DRAW, None, "   2 b =", Span(4, 92, 99))
    made: Player = make(
        id=1, name="A", sex="w", title="IM", rating=2400, federation="GER", fide_id="12",
        birth_date="1990/01/01", declared_points=0.5, declared_rank=1, rounds=(cell,),
        source=span,
    )  # fmt: skip
    return made


def test_builders_make_the_frozen_types_themselves() -> None:
    made: list[tuple[Any, Any]] = [
        (new_span(3, 92, 99), Span(3, 92, 99)),
        (
            new_round_entry(2, 7, Color.WHITE, Outcome.WIN, None, "   7 w 1", new_span(3, 92, 99)),
            RoundEntry(2, 7, Color.WHITE, Outcome.WIN, None, "   7 w 1", Span(3, 92, 99)),
        ),
        (_player(new_trf_player), _player(Player)),
        (
            new_individual_row(1, 7, "A", 5.5, (20.0, None), (), (("rating", "2400"),)),
            StandingRow(1, 7, "A", 5.5, (20.0, None), extra=(("rating", "2400"),)),
        ),
        (
            new_contribution(3, 4.5, "opponent 7: score 4.5"),
            Contribution(3, 4.5, "opponent 7: score 4.5"),
        ),
        (new_contribution(2, None, "unrated"), Contribution(2, None, "unrated")),
        # Two alike lines summarised as Explanation's __post_init__ does.
        (
            new_explanation("SB", 3.0, (Contribution(1, 1.5, "a"), Contribution(2, 1.5, "a"))),
            Explanation("SB", 3.0, (Contribution(1, 1.5, "a"), Contribution(2, 1.5, "a"))),
        ),
        (new_explanation("TPR", None), Explanation("TPR", None)),
    ]
    for built, plain in made:
        assert type(built) is type(plain)
        assert dataclasses.astuple(built) == dataclasses.astuple(plain)  # every slot is set
        assert built == plain and hash(built) == hash(plain) and repr(built) == repr(plain)
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(built, dataclasses.fields(built)[0].name, 4)
