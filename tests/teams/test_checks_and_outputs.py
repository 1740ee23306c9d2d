"""Team validation (declared ranks), individual results, and 801/802 written back."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from trfsite.formats import read_bytes
from trfsite.formats.trf import read_trf
from trfsite.formats.trf.team_summary import team_summary_records
from trfsite.scoring.team_individual import best_by_board, individual_results
from trfsite.teams import reconstruct_matches
from trfsite.validate.team_checks import _team_at, check_team_matches

from . import events
from .builder import team_line

SAMPLE_FILE = (
    Path(__file__).resolve().parents[1] / "data" / "samples"
    / "fide-grandmommys-cup-trf26-team.trf"
)  # fmt: skip


def with_ranks(ranks: dict[int, int], tiebreaks: tuple[str, ...] = ("EDE",)):
    t = events.basic()
    teams = tuple(replace(team, declared_rank=ranks.get(team.id)) for team in t.teams)
    return replace(t, teams=teams, tiebreaks=tiebreaks, tiebreak_record="202")


def test_declared_rank_reported_with_both_values_and_the_deciding_tiebreak() -> None:
    # Computed with 202 EDE: T2 (4 MP), T4 (3 MP, beat T1), T1 (3 MP), T3 (2 MP).
    t = with_ranks({2: 1, 1: 2, 4: 3, 3: 4})
    found = [f for f in check_team_matches(t, "cup.trf") if f.code == "team-rank-differs"]
    assert [(f.file, f.line, f.column) for f in found] == [
        ("cup.trf", team_line(1), 69),
        ("cup.trf", team_line(4), 69),
    ]
    assert "declared rank 2 but computes to rank 3" in found[0].message
    assert "EDE decides against team 4" in found[0].message
    assert "2 v 1 (lower is better)" in found[0].message
    assert "declared rank 3 but computes to rank 2" in found[1].message


def test_declared_rank_decided_by_points() -> None:
    t = with_ranks({3: 1})  # T3 has 2 MP, the fewest
    found = [f for f in check_team_matches(t, "cup.trf") if f.code == "team-rank-differs"]
    assert len(found) == 1
    assert "MP decides against team 2" in found[0].message and "2 v 4" in found[0].message


def test_unknown_202_code_is_an_error_not_a_crash() -> None:
    t = with_ranks({2: 1}, tiebreaks=("EDE", "NOPE"))
    found = check_team_matches(t, "cup.trf")
    assert [f.code for f in found] == ["tiebreak-unknown"]
    assert "NOPE" in found[0].message


def test_individual_results_and_performance() -> None:
    t = events.basic()
    ratings = {1: 2150, 4: 2000, 7: 2100, 10: 2200}
    t = replace(t, players=tuple(replace(p, rating=ratings.get(p.id)) for p in t.players))
    data = reconstruct_matches(t)
    results = {r.player: r for r in individual_results(t, data)}
    one = results[1]
    # Player 1, board 1 every round: beat 4 (R1), beat 7 (R2), drew 10 (R3) -> 2.5 of 3.
    assert (one.score, one.games, one.board, one.team) == (2.5, 3, 1, 1)
    # C.07 10.2: ARO (2000 + 2100 + 2200) / 3 = 2100; p = 2.5 / 3 = 0.83; dp(0.83) = 273.
    assert (one.average_opponent_rating, one.performance) == (2100, 2373)
    # The reserve never played: no board, no performance.
    reserve = results[3]
    assert (reserve.games, reserve.board, reserve.performance) == (0, None, None)
    # Board 1 (players 1, 4, 7, 10), by performance (table 8.1(a), ARO rounded half up):
    # P4: 2150 (lost), 2200 (won), 2100 (won): ARO 2150, p 0.67, dp 125 -> 2275.
    # P10: 2100 (=), 2000 (lost), 2150 (=): ARO 6250/3 = 2083, p 0.33, dp -125 -> 1958.
    # P7: 2200 (=), 2150 (lost), 2000 (lost): ARO 6350/3 = 2117, p 0.17, dp -273 -> 1844.
    board_one = best_by_board(tuple(results.values()), data.boards)[0]
    assert board_one.board == 1
    assert [(r.player, r.performance) for r in board_one.players] == [
        (1, 2373),
        (4, 2275),
        (10, 1958),
        (7, 1844),
    ]


def test_summary_records_written_and_read_back() -> None:
    t = events.basic()
    data = reconstruct_matches(t)
    lines = team_summary_records(t, data)
    assert len(lines) == 8  # one 801 and one 802 per team
    # 802 of team 1 (fixed columns): R1 v 2 white 1.5, R2 v 3 white 1.0, R3 v 4 white 0.5.
    line = lines[4]
    assert line[0:3] == "802" and line[4:7] == "  1" and line[8:13] == "T1   "
    assert line[14:20] == "   3.0" and line[21:27] == "   3.0"  # MP 15-20, GP 22-27
    assert (line[28:31], line[32], line[34:38], line[38]) == ("  2", "w", " 1.5", " ")
    assert (line[41:44], line[45], line[47:51]) == ("  3", "w", " 1.0")  # round 2 at 42
    assert (line[54:57], line[58], line[60:64]) == ("  4", "w", " 0.5")  # round 3 at 55
    # 801: $T = 1 digit, $M = 1 (3 rounds × 2 MP = 6), $G = 1 + 2 (3 × 2 boards = 6, with
    # decimals); round 1: opponent 2, colour w, results "1=", roster positions "12".
    assert lines[0] == "801 1  T1    3 3.0  2 w 1= 12  3 w 10 12  4 w =0 12"


def test_sample_summaries_round_trip_through_the_reader() -> None:
    result = read_bytes(SAMPLE_FILE.read_bytes(), SAMPLE_FILE.name)
    t = result.tournament
    assert t is not None
    lines = team_summary_records(t, reconstruct_matches(t))
    text = SAMPLE_FILE.read_bytes().decode("utf-8").replace("\r\n", "\n")
    kept = [line for line in text.split("\n") if not line.startswith(("801", "802"))]
    again = read_trf("\n".join(kept + lines) + "\n", "rewritten.trf").tournament
    assert again is not None and len(again.team_summaries) == 100
    # The written 801/802 agree with the reconstruction (the sample's nine 801 errors gone).
    assert reconstruct_matches(again).findings == ()


class _CountingRanks(dict[int, list[int]]):
    """Counts the ranks asked for one by one."""

    asked = 0

    def __contains__(self, key: object) -> bool:
        type(self).asked += 1
        return super().__contains__(key)


def test_a_declared_rank_of_fifteen_digits_is_checked_at_once() -> None:
    """A damaged 013/310 line may declare any rank the field holds: the team computed
    nearest above it is found among the computed ranks, not by counting down (the old
    loop asked every rank from 10**15 down: a validate that never ended)."""
    ranks = _CountingRanks({1: [2], 2: [4], 3: [1], 4: [3]})
    assert _team_at(ranks, 10**6) == 3  # rank 4 is the nearest computed rank above it
    assert _team_at(ranks, 3) == 1
    assert _team_at(ranks, 0) is None
    assert _CountingRanks.asked < 10
    t = with_ranks({3: 10**15})  # T3 computes to rank 4 (2 MP, the fewest)
    found = [f for f in check_team_matches(t, "cup.trf") if f.code == "team-rank-differs"]
    assert len(found) == 1
    assert "declared rank 1000000000000000 but computes to rank 4" in found[0].message
