"""The standings check reads a default build's final standings, not ranked again (issue 39).

``check_standings`` judges the declared ranks by the standings under the default options
(``points_source="cells"``): in a build with default settings those are its final
standings, made before the check runs (in the build's process, or before the checks'
helper is forked). It ranked the event once more: 142 M instructions for the 2,000-player
open. Counted here by the rankings made (``individual._standings_after``); the findings
must be those the check gives alone (``trfsite validate``), whatever the build's settings.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from trfsite.formats import read_bytes
from trfsite.memo import forget_all
from trfsite.pages.config import EventConfig
from trfsite.pages.event_standings import compute_final
from trfsite.validate import check_findings

DATA = Path(__file__).resolve().parents[1] / "data"
# Declared ranks wrong, right, and declared totals against the cells (judged both ways).
FILES = [
    DATA / "standings" / "swiss-pre2023-misranked.trf",
    DATA / "trf" / "individual-2026.trf",
    DATA / "trf" / "broken-structure.trf",
    DATA / "trf" / "broken-fields.trf",
    DATA / "fuzz" / "trf-duplicated-junk-lines.trf",
]


def _check_ranks(result: Any, name: str, made: list[int]) -> tuple[Any, int]:
    """The standings check's findings, and how many rankings it made."""
    before = len(made)
    found = check_findings(result, name, ranking=True)
    return found, len(made) - before


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
@pytest.mark.parametrize("explained", [False, True], ids=["split", "whole"])
def test_the_standings_check_reads_a_default_build_s_final_standings(
    path: Path, explained: bool, counted_rankings: list[int]
) -> None:
    result = read_bytes(path.read_bytes(), path.name)
    made = counted_rankings
    forget_all()
    # trfsite validate: no standings made before; by the cells, and by the declared
    # totals where they differ from the cells.
    alone, ranked_alone = _check_ranks(result, path.name, made)
    forget_all()
    compute_final(result.tournament, EventConfig(), for_pages=explained)
    found, ranked = _check_ranks(result, path.name, made)
    assert found == alone
    assert (ranked_alone, ranked) in {(1, 0), (2, 1)}  # the cells' ranking is the final's
    forget_all()


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_a_build_s_own_options_rank_the_check_s_standings_again(
    path: Path, counted_rankings: list[int]
) -> None:
    result = read_bytes(path.read_bytes(), path.name)
    made = counted_rankings
    forget_all()
    alone, ranked_alone = _check_ranks(result, path.name, made)
    forget_all()
    compute_final(result.tournament, EventConfig(rules="2023", tiebreaks=("DE", "WIN")))
    found, ranked = _check_ranks(result, path.name, made)
    assert found == alone
    assert ranked == ranked_alone  # the final standings are not the check's
    forget_all()
