"""``trfsite standings`` end to end from TRF text, and the standings validation checks."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from trfsite.cli import cli
from trfsite.formats import read_bytes
from trfsite.validate.standings_checks import check_standings

from .trf_text import player_line, trf

SAMPLE = Path(__file__).resolve().parents[1] / "data" / "samples" / "fide-example1-trf16.trf"


def small_swiss(tiebreaks: str = "", start: str = "2025/05/01", ranks=(1, 2, 3, 4)) -> str:  # type: ignore[no-untyped-def]
    """4 players, 2 rounds (Swiss). R1: 1-3 1-0, 2-4 ½-½. R2: 2-1 0-1... see scores below.

    R1: 1 beat 3, 2 drew 4. R2: 1 beat 2, 3 beat 4 by forfeit.
    Scores: 1: 2.0; 2: 0.5; 3: 1.0; 4: 0.5.
    """
    header = ["012 Small Swiss", f"042 {start}", "092 Individual: Swiss-System", "142 2"]
    if tiebreaks:
        header.append(f"202 {tiebreaks}")
    r1, r2, r3, r4 = ranks
    players = [
        player_line(1, "One, A", 2100, 2.0, r1, ["   3 w 1", "   2 b 1"]),
        player_line(2, "Two, B", 2000, 0.5, r2, ["   4 b =", "   1 w 0"]),
        player_line(3, "Three, C", 1900, 1.0, r3, ["   1 b 0", "   4 w +"]),
        player_line(4, "Four, D", None, 0.5, r4, ["   2 w =", "   3 b -"]),
    ]
    return trf(header, players)


def run(tmp_path: Path, text: str, *args: str) -> tuple[int, str]:
    path = tmp_path / "event.trf"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(cli, ["standings", str(path), *args])
    return result.exit_code, result.output


def test_json_contract_from_record_202(tmp_path: Path) -> None:
    code, out = run(tmp_path, small_swiss("BH/C1,WIN"), "--format", "json")
    assert code == 0, out
    data = json.loads(out)
    assert data["rules"] == "2023"  # started 2025-05-01, before 2026-03-01
    assert data["tiebreaks"] == ["BH/C1", "WIN"]  # echoes the file's spelling
    assert data["after_round"] == 2
    first = data["standings"][0]
    # 1: opponents 3 (1.0) and 2 (0.5): BH 1.5, Cut-1 drops 0.5 -> 1.0; two wins.
    assert (first["rank"], first["id"], first["points"]) == (1, 1, 2.0)
    assert first["tiebreaks"] == {"BH/C1": 1.0, "WIN": 2.0}
    assert any("record 202" in note for note in data["notes"])


def test_shared_place_when_the_list_is_exhausted(tmp_path: Path) -> None:
    # 2 and 4 both have 0.5. WIN: 0 each. BH (2023): 2: 4 (0.5) + 1 (2.0) = 2.5;
    # 4: 2 (0.5) + forfeit loss dummy with own score 0.5 = 1.0 (C.07 16.4).
    code, out = run(tmp_path, small_swiss(), "--tiebreaks", "WIN", "--format", "json")
    rows = {r["id"]: r["rank"] for r in json.loads(out)["standings"]}
    assert rows == {1: 1, 3: 2, 2: 3, 4: 3}
    code, out = run(tmp_path, small_swiss(), "--tiebreaks", "WIN,BH", "--format", "json")
    assert [r["id"] for r in json.loads(out)["standings"]] == [1, 3, 2, 4]


def test_after_round_and_rules_override(tmp_path: Path) -> None:
    code, out = run(
        tmp_path, small_swiss(), "--after-round", "1", "--rules", "2026",
        "--tiebreaks", "BH", "--format", "json",
    )  # fmt: skip
    data = json.loads(out)
    assert (data["rules"], data["after_round"]) == ("2026", 1)
    # After round 1: 1: 1.0 (opponent 3 scored 0) -> BH 0; 2 and 4 drew: BH 0.5 each.
    points = {r["id"]: (r["points"], r["tiebreaks"]["BH"]) for r in data["standings"]}
    assert points == {1: (1.0, 0.0), 2: (0.5, 0.5), 4: (0.5, 0.5), 3: (0.0, 1.0)}


def test_unrated_player_and_rating_option(tmp_path: Path) -> None:
    # 2 met 4 (unrated) over the board: ARO undefined (null) without --unrated-rating.
    code, out = run(tmp_path, small_swiss(), "--tiebreaks", "ARO", "--format", "json")
    data = json.loads(out)
    aro = {r["id"]: r["tiebreaks"]["ARO"] for r in data["standings"]}
    # 1: (1900 + 2000) / 2 = 1950; 3: only the game against 1 (the forfeit is no game) = 2100.
    assert aro == {1: 1950, 2: None, 3: 2100, 4: 2000}
    assert any("unrated" in note and "null" in note for note in data["notes"])
    code, out = run(
        tmp_path, small_swiss(), "--tiebreaks", "ARO", "--unrated-rating", "1500",
        "--format", "json",
    )  # fmt: skip
    aro = {r["id"]: r["tiebreaks"]["ARO"] for r in json.loads(out)["standings"]}
    assert aro[2] == (2100 + 1500) / 2  # 1800


def test_unknown_code_is_a_usage_error_listing_known_codes(tmp_path: Path) -> None:
    code, out = run(tmp_path, small_swiss(), "--tiebreaks", "BH,NOPE")
    assert code == 2  # README: 2 = usage errors (a bad option value)
    assert "'NOPE'" in out and "known tie-breaks: DE, WIN" in out


def test_table_csv_and_explain(tmp_path: Path) -> None:
    code, out = run(tmp_path, small_swiss(), "--tiebreaks", "BH-C1", "--explain")
    assert code == 0, out
    assert "BH-C1: Buchholz Cut 1" in out
    # 4's forfeit loss: the dummy has 4's own 0.5 (2023); BH 1.0, Cut-1 removes the
    # forfeit loss first (C.07 16.5): 0.5 remains.
    assert "round 2: 0.5  unplayed (16.2.4 forfeit loss)" in out
    assert "[cut: C.07 16.5" in out
    code, out = run(tmp_path, small_swiss(), "--tiebreaks", "BH-C1", "--format", "csv")
    ratings = "rating_change,performance,average_opponent_rating"
    assert out.splitlines()[0] == f"rank,id,name,points,BH-C1,{ratings}"
    # Player 1 (2100, K 20, B.02 8.3.3) beat 3 (1900: D +200, We .76) and 2 (2000: D +100,
    # We .64): 20 x (.24 + .36) = 12. TPR: ARO (1900 + 2000) / 2 = 1950, p 1.00 -> +800.
    assert out.splitlines()[1] == '1,1,"One, A",2,1,12,2750,1950'


def test_sample_declared_points() -> None:
    result = read_bytes(SAMPLE.read_bytes(), SAMPLE.name)
    assert result.tournament is not None
    from trfsite.standings.compute import compute_standings
    from trfsite.standings.options import StandingsOptions

    s = compute_standings(result.tournament, StandingsOptions())
    players = result.tournament.player_index()
    # Started 28 July 2005, before C.07 2023 bound rated events (1 April 2024): the rules
    # before 2023 apply.
    assert s.rules == "pre2023" and s.after_round == 7
    assert all(players[r.id].declared_points == r.points for r in s.rows)
    # The winner, alone on 6.5 points, is declared first.
    assert s.rows[0].id == 5 and players[5].declared_rank == 1
    assert check_standings(result.tournament, SAMPLE.name) == []


def test_checks_rank_mismatch_and_rating_warning() -> None:
    # With 202 WIN,BH the order is 1, 3, 2, 4 (see above); the file swaps 2 and 4
    # and lists ARO while player 4 is unrated.
    text = small_swiss("WIN,BH,ARO", ranks=(1, 4, 2, 3))
    t = read_bytes(text.encode(), "x.trf").tournament
    assert t is not None
    found = check_standings(t, "x.trf")
    codes = sorted(f.code for f in found)
    assert codes == ["standings-rank-mismatch", "standings-rank-mismatch",
                     "tiebreak-rating-unrated"]  # fmt: skip
    mismatch = [f for f in found if f.code == "standings-rank-mismatch"][0]
    assert "declares rank 4" in mismatch.message and "gives rank 3" in mismatch.message
    assert mismatch.column == 86


def test_checks_unknown_code_round_robin_and_no_date() -> None:
    text = small_swiss("BH,XX", start="").replace("Swiss-System", "Round Robin")
    t = read_bytes(text.encode(), "x.trf").tournament
    assert t is not None
    codes = sorted(f.code for f in check_standings(t, "x.trf"))
    assert codes == ["standings-rules-no-date", "tiebreak-buchholz-round-robin",
                     "tiebreak-unknown"]  # fmt: skip
