"""The model types that write their own ``__init__`` (for speed) still match their fields."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

from trfsite.model import Color, Outcome, RoundEntry, Span

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
