"""The rules before C.07 2023 (``--rules pre2023``): the virtual opponent and unplayed games.

FIDE's tie-break regulations before 2023, as issue 47 quotes them: a player who has no
opponent in round R meets a virtual opponent with the same points at the start of the round
who draws all later rounds, so ``Svon = SPR + (1 - SfPR) + 0.5 (n - R)`` after n rounds; for
the round itself the forfeit result counts as a normal result; all unplayed games in which a
player is indirectly involved (an opponent's) count as draws. Every expected value below is
worked out by hand in its comment.
"""

from __future__ import annotations

from trfsite.model import ScoringSystem
from trfsite.scoring.registry import resolve
from trfsite.scoring.unplayed import dummy_score, dummy_text

from .builders import event
from .events import context, round_robin_event


def _nine_rounds(player_1: list[str], player_3: list[str]) -> dict[int, str]:
    """Four players, nine rounds; 1 and 3 as given, 2 and 4 mirror them where they meet."""
    rows: dict[int, list[str]] = {1: player_1, 3: player_3, 2: [], 4: []}
    mirror = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}
    for r in range(9):
        for pid in (1, 3):
            token = rows[pid][r]
            opponent, colour, result = int(token[:-2]), token[-2], token[-1]
            if opponent in (2, 4):
                back = f"{pid}{'b' if colour == 'w' else 'w'}{mirror[result]}"
                rows[opponent].append(back)
        for pid in (2, 4):
            if len(rows[pid]) == r:  # 1 and 3 met each other: 2 and 4 play
                rows[pid].append(f"{6 - pid}{'w' if pid == 2 else 'b'}=")
    return {pid: " ".join(cells) for pid, cells in rows.items()}


def test_fide_example_1_absent_in_round_3() -> None:
    # FIDE's example 1: player P (1) did not show up in round 3 of 9 with 1.5 points after
    # 2 rounds (a win and a draw against 2; a forfeit loss against 3 in round 3).
    # After round 3: Svon = 1.5 + (1 - 0) + 0.5 x (3 - 3) = 2.5.
    # At the end:    Svon = 1.5 + (1 - 0) + 0.5 x (9 - 3) = 5.5.
    t = event(
        _nine_rounds(
            ["2w1", "2b=", "3w-", "2w=", "2b=", "2w=", "2b=", "2w=", "2b="],
            ["4w=", "4b=", "1b+", "4w=", "4b=", "4w=", "4b=", "4w=", "4b="],
        )
    )
    assert dummy_score(context(t, "pre2023", rounds=3), 0, 2) == 2.5
    end = context(t, "pre2023")
    assert dummy_score(end, 0, 2) == 5.5
    assert dummy_text(end, 0, 2) == (
        "unplayed (forfeit loss): virtual opponent with 1.5 before round 3, 1 in it and a "
        "draw in each of the 6 later round(s): 1.5 + 1 + 0.5 x 6 = 5.5 (rules before 2023: "
        "virtual opponent)"
    )
    # C.07 2023 16.4, for contrast: the dummy has P's own final score, 1.5 + 6 x 0.5 = 4.5.
    assert dummy_score(context(t, "2023"), 0, 2) == 4.5


def test_fide_example_2_opponent_did_not_show_up_in_round_6() -> None:
    # FIDE's example 2: P (1) has 3.5 points after 5 rounds (3 wins, a draw, a loss against
    # 2), and P's opponent (3) does not show up in round 6 of 9.
    # After round 6: Svon = 3.5 + (1 - 1) + 0.5 x (6 - 6) = 3.5.
    # At the end:    Svon = 3.5 + (1 - 1) + 0.5 x (9 - 6) = 5.0.
    t = event(
        _nine_rounds(
            ["2w1", "2b1", "2w1", "2b=", "2w0", "3w+", "2b=", "2w=", "2b="],
            ["4w=", "4b=", "4w=", "4b=", "4w=", "1b-", "4w=", "4b=", "4w="],
        )
    )
    assert dummy_score(context(t, "pre2023", rounds=6), 0, 5) == 3.5
    assert dummy_score(context(t, "pre2023"), 0, 5) == 5.0


def test_opponents_unplayed_games_count_as_draws() -> None:
    # Example 2's opponent 3: 4 draws, a forfeit loss in round 6, 3 draws = 4.0 points; its
    # opponents see the forfeit as a draw: 4.0 - 0 + 0.5 = 4.5. P (1) scored 3.5 + 1
    # (forfeit) + 1.5 = 6.0 and is seen with 6.0 - 1 + 0.5 = 5.5.
    t = event(
        _nine_rounds(
            ["2w1", "2b1", "2w1", "2b=", "2w0", "3w+", "2b=", "2w=", "2b="],
            ["4w=", "4b=", "4w=", "4b=", "4w=", "1b-", "4w=", "4b=", "4w="],
        )
    )
    ctx = context(t, "pre2023")
    assert ctx.score[2] == 4.0 and ctx.adjusted[2] == 4.5
    assert ctx.score[0] == 6.0 and ctx.adjusted[0] == 5.5
    # C.07 2023 16.3.1: a forfeit counts with the points awarded (category 16.2.4).
    assert context(t, "2023").adjusted[2] == 4.0


def test_virtual_opponent_in_a_three_one_zero_event() -> None:
    # Record 162 3-1-0: P (1) won round 1 (3 points), lost by forfeit in round 2 of 3.
    # The virtual opponent scored the other side of the result: a win, 3 points; then a
    # draw, 1 point: Svon = 3 + 3 + 1 x (3 - 2) = 7. P's half-point bye would be a draw's
    # 1 point for the virtual opponent too.
    t = event(
        {1: "2w1 3w- 2b=", 2: "1b0 4w= 1w=", 3: "4b= 1b+ 4w=", 4: "3w= 2b= 3b="},
        scoring=ScoringSystem(win=3.0, draw=1.0, loss=0.0),
    )
    assert dummy_score(context(t, "pre2023"), 0, 1) == 7.0


def test_round_robin_forfeits_are_unplayed_before_2023() -> None:
    # round_robin_event: 2 beat 3 by forfeit in R1; 2 lost to 1, beat 4; 1, 2, 3 have 2.
    # The rules before 2023 had no 15.2: the forfeit is an unplayed game in a round robin.
    # 2's virtual opponent in R1: 0 + (1 - 1) + 0.5 x (3 - 1) = 1.0; 1 is seen with 2.0
    # (no unplayed game), 4 with 0: BH(2) = 1.0 + 2.0 + 0 = 3.0.
    # 3 is seen with 2 - 0 + 0.5 = 2.5 and 2 with 2 - 1 + 0.5 = 1.5: BH(1) = 4 (0) +
    # 2 (1.5) + 3 (2.5) = 4.0. SB(2) = 1.0 x 1 + 2.0 x 0 + 0 x 1 = 1.0. WON(2): only the
    # R3 game is a game won: 1.
    t = round_robin_event()
    pre = context(t, "pre2023")
    assert [_value(pre, code, 2) for code in ("BH", "SB", "WON")] == [3.0, 1.0, 1.0]
    assert _value(pre, "BH", 1) == 4.0
    # C.07 2023 15.2: the forfeit is a regular game. BH(2) = 3 (2) + 1 (2) + 4 (0) = 4.0,
    # SB(2) = 2 x 1 + 2 x 0 + 0 x 1 = 2.0, WON(2) = 2.
    rr = context(t, "2023")
    assert [_value(rr, code, 2) for code in ("BH", "SB", "WON")] == [4.0, 2.0, 2.0]


def _value(ctx, code: str, pid: int) -> float | None:  # type: ignore[no-untyped-def]
    spec, tb = resolve(code)
    assert tb.compute is not None
    return tb.compute(ctx, spec).values[ctx.index[pid]]


def test_a_team_event_under_the_rules_before_2023_follows_2023_and_says_so() -> None:
    # The virtual opponent is implemented for players only. tests/data/real/README.md works
    # out BH:MP of swiss-manager-team.trf by hand under C.07 2023 (16.4: a PAB is a match
    # against a dummy team with the team's own final MP): T1 7, T2 10, T3 10, T4 9, T5 9.
    from pathlib import Path

    from trfsite.formats import read_bytes
    from trfsite.standings.compute import compute_standings
    from trfsite.standings.options import StandingsOptions

    path = Path(__file__).resolve().parents[1] / "data" / "real" / "swiss-manager-team.trf"
    t = read_bytes(path.read_bytes(), path.name).tournament
    assert t is not None
    s = compute_standings(t, StandingsOptions(rules="pre2023", tiebreaks=("BH:MP",)))
    assert s.rules == "2023"
    assert "for individual events only" in s.notes[0]
    assert {row.id: row.tiebreaks[0] for row in s.rows} == {1: 7, 2: 10, 3: 10, 4: 9, 5: 9}
