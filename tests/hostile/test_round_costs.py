"""Issue 50, item 2: the standings after every round are not made from scratch.

The pages rank an event after each of its rounds. Go rankings reduced every
earlier round of every player again for each round (a 16-player, 999-round table
took 86 s to build); chess rankings of long events (90 players x 999 rounds: 56 s)
now rank by points alone beyond ``MAX_ROUND_RANKINGS``. The team pages looked up
each team's bye by scanning every bye, per team and round.

The tests count the work (calls, passes over the byes), never time it.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

import trfsite.scoring.go_context as go_context
from trfsite.formats import read_bytes
from trfsite.model import Tournament
from trfsite.standings.compute import compute_round_standings, compute_standings
from trfsite.standings.options import StandingsOptions

from .data import TEAM, player

PLAYERS, ROUNDS = 16, 60


def _go_table() -> Tournament:
    """16 players of 1d, 60 rounds; every round row 2n-1 beats row 2n (no handicap; white
    in odd rounds, black in even ones: the same cell 21 times in a row would be cut).

    By hand (EGF conventions, trfsite.scoring.go; 1d starts at MMS 30): after round k,
    an odd row has NBW k and MMS 30 + k, an even row NBW 0 and MMS 30.
    SOS (the opponents' MMS): odd rows k x 30, even rows k x (30 + k).
    SOSOS (the opponents' SOS): odd rows k x k x (30 + k), even rows k x k x 30.
    """
    lines = ["; EV[Long table]", "; Pl Name          Rk Co Club"]
    for row in range(1, PLAYERS + 1):
        other, sign, colours = (row + 1, "+", "wb") if row % 2 else (row - 1, "-", "bw")
        tokens = "  ".join(f"{other}{sign}/{colours[r % 2]}0" for r in range(ROUNDS))
        lines.append(f"{row:4d} Player{row:<8d} 1d XX Club  {tokens}")
    result = read_bytes("\n".join(lines).encode(), "long.h9")
    assert result.tournament is not None and result.tournament.rounds == ROUNDS
    return result.tournament


def test_go_rounds_are_reduced_once_for_all_rankings(monkeypatch: pytest.MonkeyPatch) -> None:
    t = _go_table()
    calls = 0
    reduce = go_context._reduce

    def counted(*args: object) -> object:
        nonlocal calls
        calls += 1
        return reduce(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(go_context, "_reduce", counted)
    options = StandingsOptions(tiebreaks=("SOS", "SOSOS"))
    final = compute_standings(t, options)
    rankings = compute_round_standings(t, options, range(1, ROUNDS + 1), final)
    # Once per player and round (per way of counting free rounds the table's columns may
    # call for): at most 4 x 16 x 60 = 3,840. From scratch each ranking reduced every
    # earlier round again: 16 x (1 + 2 + ... + 60) = 29,280.
    assert calls <= 4 * PLAYERS * ROUNDS
    for k in (1, 7, ROUNDS):
        after = {row.id: (row.points, row.tiebreaks) for row in rankings[k - 1].rows}
        assert after[1] == (30 + k, (k * 30, k * k * (30 + k)))
        assert after[2] == (30, (k * (30 + k), k * k * 30))


def test_go_values_without_explanations_equal_the_explained_ones() -> None:
    # The per-round rankings sum in C (scoring/go_fast.py); --explain walks each round.
    t = _go_table()
    for k in (1, 30, ROUNDS):
        for codes in (("SOS", "SOSOS", "SODOS", "CUSS"), ("SOS-1", "SOS-2", "NBW", "MMS")):
            plain = compute_standings(t, StandingsOptions(tiebreaks=codes, after_round=k))
            told = compute_standings(
                t, StandingsOptions(tiebreaks=codes, after_round=k, explain=True)
            )
            assert [(r.id, r.tiebreaks) for r in plain.rows] == [
                (r.id, r.tiebreaks) for r in told.rows
            ]


CHESS_PLAYERS, CHESS_ROUNDS = 40, 160


def _long_chess_event() -> Tournament:
    """40 players, 160 rounds; every round 2n-1 (white) beats 2n.

    40 players x (1 + 2 + ... + 160) = 40 x 12,880 = 515,200 player rounds ranked:
    beyond MAX_ROUND_RANKINGS (500,000). By hand (1-½-0): after round k the odd
    players have k points and share place 1, the even ones 0 and share place 21.
    """
    lines = ["012 Long club match", "092 Individual: Round-Robin"]
    for n in range(1, CHESS_PLAYERS + 1):
        # Colours alternate: one game alike in 160 rounds is damage (round-cells-repeated).
        other, colours, result = (n + 1, "wb", "1") if n % 2 else (n - 1, "bw", "0")
        cells = [f"{other:4d} {colours[r % 2]} {result}" for r in range(CHESS_ROUNDS)]
        lines.append(player(n, f"Player {n}", cells))
    result = read_bytes("\n".join(lines).encode(), "long.trf")
    assert result.tournament is not None and result.tournament.rounds == CHESS_ROUNDS
    return result.tournament


def test_a_long_chess_event_is_ranked_by_points_after_each_round(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import trfsite.standings.individual as individual

    t = _long_chess_event()
    options = StandingsOptions()
    final = compute_standings(t, options)
    contexts = 0
    build = individual.build_context

    def counted(*args: object, **kwargs: object) -> object:
        nonlocal contexts
        contexts += 1
        return build(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(individual, "build_context", counted)
    rankings = compute_round_standings(t, options, range(1, CHESS_ROUNDS + 1), final)
    assert contexts == 0  # not one context (each reads every earlier round) per round
    assert len(rankings) == CHESS_ROUNDS
    assert rankings[-1] is not None and rankings[-1].columns == final.columns  # final kept
    for k in (1, 100, CHESS_ROUNDS - 1):
        after = rankings[k - 1]
        assert after.columns == ()
        assert any("ranked by points alone" in note for note in after.notes)
        by_id = {row.id: (row.rank, row.points) for row in after.rows}
        assert by_id[1] == (1, k) and by_id[39] == (1, k)
        assert by_id[2] == (21, 0) and by_id[40] == (21, 0)


def test_team_pages_look_byes_up_without_a_scan(monkeypatch: pytest.MonkeyPatch) -> None:
    from trfsite.pages import gather
    from trfsite.pages.config import EventConfig
    from trfsite.pages.plan import EventJob
    from trfsite.pages.teamview import team_matches, team_round_cell
    from trfsite.render.page_meta import SiteInfo

    captured = []
    monkeypatch.setattr(gather, "_all_pages", lambda data: captured.append(data) or [])
    site = SiteInfo("Results", "en", "", "2025-01-01", "trfsite", (), "")
    job = EventJob(TEAM.encode(), "cup.trf", "cup", "", EventConfig(), site, False)
    gather.prepare_event(job)
    (data,) = captured
    assert data.team_data is not None
    passes = 0

    class Counted(tuple):  # type: ignore[type-arg]
        def __iter__(self):  # type: ignore[no-untyped-def]
            nonlocal passes
            passes += 1
            return super().__iter__()

    teams = replace(data.team_data, byes=Counted(data.team_data.byes))
    data = data._replace(team_data=teams)
    byes = [(t, v.round) for t in teams.team_ids for v in team_matches(data, t) if not v.away]
    cells = {(t, r): team_round_cell(data, r, t, {}).css for t in teams.team_ids for r in (1, 2, 3)}
    # One pass builds the index; a scan per team and round made 3 x 3 = 9 or more.
    assert passes <= 2
    # team-2026.trf's 320 record "3 1 2": the pairing-allocated byes of rounds 1, 2, 3.
    assert byes == [(1, 2), (2, 3), (3, 1)]
    assert sorted(key for key, css in cells.items() if css == "bye") == byes
