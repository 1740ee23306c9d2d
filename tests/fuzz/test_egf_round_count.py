"""An EGF table's rounds are what most rows reach, not what one stretched row carries (issue 22)."""

from __future__ import annotations

from pathlib import Path

from trfsite.formats import read_bytes

FUZZ = Path(__file__).resolve().parent.parent / "data" / "fuzz"


def test_a_stretched_row_does_not_set_the_round_count() -> None:
    # pairgoth.h9 has 2 rounds; row 1 of this copy carries 300 more result cells.
    result = read_bytes((FUZZ / "egf-stretched-row.h9").read_bytes(), "egf-stretched-row.h9")
    assert result.tournament is not None
    assert result.tournament.rounds == 2
    assert all(len(p.rounds) <= 2 for p in result.tournament.players)
