"""An event's pairings are read back from its players' cells in one pass (issue 39).

``pages.pairings`` read each round apart: the players sorted again and every cell looked
for again (``Player.entry``, twice per game) in each round: 11 passes over a 2,000-player
open, in each part of a split build (~75 ms each). Now the players are sorted once and
each player's cells are put by round once. Counted by the calls, not timed; the rounds
must be what reading them round by round gives.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from games.gamehelpers import small_event
from trfsite.formats import read_bytes
from trfsite.memo import ByIdentity
from trfsite.model import Outcome, Player, Tournament
from trfsite.pages import gather, pairings, stats
from trfsite.pages.config import EventConfig
from trfsite.pages.plan import EventJob
from trfsite.render.page_meta import SiteInfo


def _event() -> Tournament:
    """small_event with a fifth player: a half-point bye, a blank cell, a forfeit win."""
    text = small_event()
    head = f"001    5 m    {'Epsilon,Eve':<33} 1600 GER    24000005 {'':<10}  1.5    5"
    cells = "  0000 - H            0000 - +"
    t = read_bytes((text + head + cells + "\n").encode(), "small.trf").tournament
    assert t is not None
    return t


def _round_by_round(t: Tournament) -> dict[int, tuple[Any, ...]]:
    """Each round's pairings, byes and absent players, found round by round."""
    found = {}
    for round_no in range(1, t.rounds + 1):
        seen: set[frozenset[int]] = set()
        games, byes, absent = [], [], []
        for player in sorted(t.players, key=lambda p: p.id):
            cell = player.entry(round_no)
            if cell is None:
                absent.append(player.id)
            elif cell.opponent is None:
                byes.append((player.id, cell.outcome))
            elif frozenset((player.id, cell.opponent)) not in seen:
                seen.add(frozenset((player.id, cell.opponent)))
                games.append((player.id, cell.opponent))
        found[round_no] = (games, byes, absent)
    return found


def _as_found(cells: pairings.RoundCells) -> tuple[Any, ...]:
    games = [(min(p.white, p.black), max(p.white, p.black)) for p in cells.pairings]
    return (games, list(cells.byes), list(cells.absent))


def test_the_players_are_sorted_once_for_every_round(monkeypatch: pytest.MonkeyPatch) -> None:
    t = _event()
    sorts: list[int] = []

    def counted(*args: Any, **kwargs: Any) -> list[Any]:
        sorts.append(1)
        return sorted(*args, **kwargs)

    monkeypatch.setattr(pairings, "sorted", counted, raising=False)
    made = pairings._all_rounds(t)
    assert len(sorts) == 1  # round by round: once per round, 3
    assert {n: _as_found(cells) for n, cells in made.items()} == _round_by_round(t)
    byes = [cells.byes for cells in made.values()]
    assert byes == [((5, Outcome.HALF_BYE),), ((5, Outcome.ZERO_BYE),), ((5, Outcome.FORFEIT_WIN),)]


def test_cells_in_round_order_are_not_looked_for_again(monkeypatch: pytest.MonkeyPatch) -> None:
    t = _event()
    looked: list[int] = []
    entry = Player.entry

    def counted(player: Player, round_no: int) -> Any:
        looked.append(round_no)
        return entry(player, round_no)

    monkeypatch.setattr(Player, "entry", counted)
    pairings._all_rounds(t)
    # 5 players, 3 rounds: round by round, 15 cells looked for and 6 opponents' cells.
    assert looked == []


def test_cells_out_of_round_order_give_the_same_rounds() -> None:
    t = _event()
    shuffled = replace(
        t, players=tuple(replace(p, rounds=tuple(reversed(p.rounds))) for p in t.players)
    )
    assert pairings._all_rounds(shuffled) == pairings._all_rounds(t)
    assert {n: _as_found(c) for n, c in pairings._all_rounds(t).items()} == _round_by_round(t)


def test_the_statistics_count_the_rounds_without_putting_them_in_board_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The statistics page counts each round's results: its order of boards (sorted by
    the ratings in each pair) was made for nothing, 11 sorts of ~1,000 games in the open."""
    site = SiteInfo("Results", "en", "", "2024-05-01", "t")
    job = EventJob(small_event().encode(), "small.trf", "small", "", EventConfig(), site, False)
    data = gather.prepare_event(job).data
    assert data is not None

    def board_order(t: Tournament) -> dict[int, int]:
        raise AssertionError("put in board order")

    monkeypatch.setattr(pairings, "_ratings", ByIdentity(board_order))
    counted = stats.round_stats(data)
    assert [(s.games, s.white_wins, s.draws, s.black_wins) for s in counted] == [
        (2, 1, 1, 0),
        (2, 0, 1, 1),
        (2, 1, 0, 1),
    ]
