"""Each round is put in board order once per event (issue 42's cost goal).

The round pages, the data files (``rounds.json``) and the games' matching all number a
round's boards by the points before it (``pages.pairings``); each sorted the round anew.
``cells_in_board_order`` sorts it once for all of them. Counted by the calls that read a
round's pairings (``_unsorted_cells``), not timed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from games.gamehelpers import pgn, small_event
from trfsite.model import Tournament
from trfsite.pages import pairings
from trfsite.site.build import BuildOptions, build_site


def test_each_round_is_sorted_once_for_the_pages_the_data_files_and_the_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1714521600")
    read = pairings._unsorted_cells
    calls: list[int] = []

    def counted(t: Tournament) -> dict[int, pairings.RoundCells]:
        calls.append(1)
        return read(t)

    monkeypatch.setattr(pairings, "_unsorted_cells", counted)
    src = tmp_path / "src"
    src.mkdir()
    (src / "small.trf").write_text(small_event())
    (src / "small.pgn").write_bytes(pgn("small.pgn"))
    build_site(BuildOptions(src, tmp_path / "out", pdf=False, jobs=1))
    # small_event: 3 rounds. Each is read once in board order (shared by its round page,
    # rounds.json and the matching of its games) and once in the statistics page's own
    # order (no points): 2 x 3 = 6. Sorted for each reader, it was 4 x 3 = 12.
    assert len(calls) == 6
