"""Shapes of real exports that are not errors (issue 19): Swiss-Manager's two player
counts in 062, its column ruler and template lines."""

from __future__ import annotations

from trfsite.findings import Severity
from trfsite.validate import validate

from .lines import player, read

GAMES = (player(1, "A", ["   2 w 1"]), player(2, "B", ["   1 b 0"]), player(3, "C", ["0000 - -"]))


def _codes(*lines: str) -> dict[str, Severity]:
    result = read(*lines)
    return {f.code: f.severity for f in validate(result, "t.trf")}


def test_062_with_a_second_count_in_parentheses() -> None:
    # 3 player lines; 2 of them took part in a game (player 3 never played).
    result = read("012 Cup", "062 3 (2)", *GAMES)
    assert result.tournament is not None
    assert (result.tournament.declared_players, result.tournament.declared_active_players) == (
        3,
        2,
    )
    assert "tournament-number-not-number" not in _codes("012 Cup", "062 3 (2)", *GAMES)
    assert "active-players-count-mismatch" not in _codes("012 Cup", "062 3 (2)", *GAMES)
    # A real mismatch of either number is still reported.
    assert "active-players-count-mismatch" in _codes("012 Cup", "062 3 (3)", *GAMES)
    assert "players-count-mismatch" in _codes("012 Cup", "062 4 (2)", *GAMES)
    assert "tournament-number-not-number" in _codes("012 Cup", "062 3 (x)", *GAMES)


def test_ruler_and_template_lines_are_notes_and_other_stray_lines_still_warnings() -> None:
    ruler = " " * 90 + "1         2"
    template = "DDD SSSS sTTT NNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN RRRR FFF IIIIIIIIIII BBBB/BB/BB"
    found = _codes("012 Cup", ruler, template, *GAMES)
    assert found["line-column-guide"] is Severity.INFO
    assert "line-not-a-record" not in found
    assert _codes("012 Cup", "hello there, this is no record", *GAMES)["line-not-a-record"] is (
        Severity.WARNING
    )
