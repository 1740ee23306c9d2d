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
