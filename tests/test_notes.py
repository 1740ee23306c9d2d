"""Notes and explanation summaries (trfsite.results), which every tie-break makes."""

from __future__ import annotations

import datetime as dt

from trfsite.results import Contribution, Note, summarise


def test_note_text_template_and_values() -> None:
    note = Note("opponent {opponent}: score {score}", opponent="12 Kern, Gus", score=4.5)
    assert str(note) == "opponent 12 Kern, Gus: score 4.5"
    assert note.template == "opponent {opponent}: score {score}"
    assert note.values == {"opponent": "12 Kern, Gus", "score": 4.5}
    assert not note.dated


def test_a_date_anywhere_makes_a_note_dated() -> None:
    assert Note("played on {day}", day=dt.date(2026, 7, 28)).dated
    inner = Note("round {n} on {day}", n=3, day=dt.date(2026, 7, 28))
    assert Note("{reason}; see the pairings", reason=inner).dated
    assert not Note("{reason}; see the pairings", reason=Note("round {n}", n=3)).dated
    assert not Note("no values").dated


def test_summarise_groups_alike_lines_only() -> None:
    # Three unplayed rounds with the same account (value 0.5 each) become one line
    # worth 3 x 0.5 = 1.5 (rounds 2, 3, 4); the played round stays as it is.
    played = Contribution(1, 2.0, "opponent 7: score 2")
    dummy = [Contribution(r, 0.5, "dummy opponent: 0.5") for r in (2, 3, 4)]
    lines = summarise([played, *dummy])
    assert len(lines) == 2
    assert lines[0] is played
    assert lines[1].value == 1.5
    assert lines[1].rounds == (2, 3, 4)
    assert lines[1].rounds_text == "2-4"


def test_summarise_returns_distinct_lines_unchanged() -> None:
    lines = tuple(Contribution(r, float(r), f"opponent {r}") for r in (1, 2, 3))
    assert summarise(lines) == lines


class _CountedValue(float):
    """A line's value that counts how often it is hashed (a summary's key holds it)."""

    hashed = 0

    def __hash__(self) -> int:
        _CountedValue.hashed += 1
        return float.__hash__(self)


def test_summarise_passes_lines_with_distinct_labels_without_keys() -> None:
    """Lines whose labels all differ cannot be alike: they are kept as they are without a
    key (label, value, reason) made and hashed per line (7,000 explanations of 11 lines
    for a part's cards of an open); lines that share a label are still grouped."""

    distinct = tuple(Contribution(r, _CountedValue(1.0), f"opponent {r}") for r in (1, 2, 3))
    _CountedValue.hashed = 0
    assert summarise(distinct) is distinct
    assert _CountedValue.hashed == 0  # 3 before: one key a line
    alike = (*distinct, Contribution(4, _CountedValue(1.0), "opponent 1"))
    grouped = summarise(alike)
    assert [c.rounds for c in grouped] == [(1, 4), (), ()]
    assert grouped[0].value == 2.0 and grouped[1:] == distinct[1:]
