"""Issue 50, items 3 and 4: distinct tie-breaks capped, large files refused or bounded.

Record 202 listing about 940 tie-break variants made 1.25 GB of explanations and
293 MB of pages; a 50 MB upload of garbage lines took 11.8 GB to validate. Each
budget is in ``trfsite/formats/limits.py``; these tests check counts, not time.
"""

from __future__ import annotations

import itertools
from pathlib import Path

from click.testing import CliRunner

from trfsite.cli import cli
from trfsite.findings import Severity
from trfsite.formats import read_bytes
from trfsite.standings.compute import compute_standings
from trfsite.standings.options import StandingsOptions

from .data import CLEAN, DATA, with_lines

FIDE = (DATA / "samples" / "fide-example1-trf16.trf").read_text(encoding="utf-8")
_NAMES = ("BH", "SB", "ARO", "AOB", "PS", "KS", "DE", "WIN", "BPG", "BWG", "REP", "GE")
_MODIFIERS = ("", "/P", "/C1", "/C2", "/M1", "/M2", "/L", "/K")


def test_record_202_with_96_distinct_tie_breaks_keeps_the_first_20() -> None:
    codes = [name + mod for name, mod in itertools.product(_NAMES, _MODIFIERS)]  # 12 x 8 = 96
    result = read_bytes(with_lines(FIDE, "202 " + ",".join(codes)).encode(), "open.trf")
    found = [f for f in result.findings if f.code == "tiebreaks-too-many"]
    assert len(found) == 1 and found[0].severity is Severity.ERROR
    assert found[0].message.startswith("record 202 lists 96 different tie-breaks; expected at")
    t = result.tournament
    assert t is not None and list(t.tiebreaks) == codes[:20]
    assert len(compute_standings(t, StandingsOptions()).columns) <= 20


def test_repeats_do_not_count_against_the_budget() -> None:
    # 500 x "BH": one tie-break (the engines skip the repeats with a note).
    result = read_bytes(with_lines(CLEAN, "202 " + ",".join(["BH"] * 500)).encode(), "t.trf")
    assert not [f for f in result.findings if f.code == "tiebreaks-too-many"]


def test_a_tie_break_option_of_21_different_codes_is_a_usage_error(tmp_path: Path) -> None:
    path = tmp_path / "t.trf"
    path.write_text(CLEAN, encoding="utf-8")
    codes = ",".join(name + mod for name, mod in itertools.product(_NAMES[:7], ("", "/P", "/C1")))
    done = CliRunner().invoke(cli, ["standings", str(path), "--tiebreaks", codes])
    assert done.exit_code == 2
    assert "21 different tie-breaks; expected at most 20" in done.output


def test_a_file_beyond_the_size_budget_is_one_finding(tmp_path: Path) -> None:
    big = tmp_path / "big.trf"
    # 2 MiB + 1 byte of player lines: one more than MAX_FILE_BYTES (2,097,152).
    line = (CLEAN.splitlines()[11] + "\n").encode()
    big.write_bytes((line * (2 * 1024 * 1024 // len(line) + 1))[: 2 * 1024 * 1024 + 1])
    done = CliRunner().invoke(cli, ["validate", str(big)])
    assert done.exit_code == 1
    assert "big.trf: error: has 2,097,153 bytes or more; expected at most 2,097,152" in (
        done.output
    )
    assert "[file-too-large]" in done.output
    done = CliRunner().invoke(cli, ["standings", str(big)])
    assert done.exit_code == 1 and "[file-too-large]" in done.output


def test_the_reader_keeps_200_findings_of_a_code_and_counts_the_rest() -> None:
    from trfsite.formats.trf.fields import Sink

    sink = Sink("junk.trf")
    for line in range(1, 1001):
        sink.error("round-colour-unknown", line, 97, "colour 'x'")
    assert len(sink.findings) == 200  # memory in proportion to the budget, not the file
    kept = sink.kept()
    assert len(kept) == 201
    assert kept[-1].code == "findings-capped"
    assert kept[-1].message.startswith("800 more findings [round-colour-unknown] are not listed")


def test_damaged_go_games_are_checked_into_200_findings_and_a_count() -> None:
    from trfsite.validate.egf_checks import check_games

    # 300 rows each naming row 1 as its opponent in round 1; row 1 names row 2: 298 rows
    # (3 to 300) name an opponent who does not name them back.
    rows = ["; EV[Junk]", "; Pl Name Rk Co Club"]
    rows += [f"{n:4d} P{n:<6d} 1d XX C  {2 if n == 1 else 1}+/w0" for n in range(1, 301)]
    t = read_bytes("\n".join(rows).encode(), "junk.h9").tournament
    assert t is not None
    found = check_games(t, "junk.h9")
    one_sided = [f for f in found if f.code == "egf-game-one-sided"]
    assert len(one_sided) == 200
    (note,) = [f for f in found if f.code == "findings-capped"]
    assert note.message.startswith("98 more findings [egf-game-one-sided]")


def test_a_go_table_of_more_than_999_rounds_is_read_as_999() -> None:
    tokens = "  ".join(["0+"] * 1100)
    rows = ["; EV[Long]", "; Pl Name Rk Co Club"]
    rows += [f"{n:4d} P{n:<6d} 1d XX C  {tokens}" for n in (1, 2, 3)]
    result = read_bytes("\n".join(rows).encode(), "long.h9")
    assert result.tournament is not None and result.tournament.rounds == 999
    (found,) = [f for f in result.findings if f.code == "round-cells-too-many"]
    assert "read as 1,100 rounds; expected at most 999" in found.message


def test_boards_per_match_are_at_most_the_players_of_the_largest_team() -> None:
    from trfsite.teams import reconstruct_matches

    from .data import TEAM

    # team-2026.trf: 352 WB (2 boards), 3 teams of 2 players. A stretched 352 line of
    # 1,000 boards made every match 1,000 boards and the team pages quadratic in them.
    stretched = TEAM.replace("352 WB", "352 " + "WB" * 500)
    result = read_bytes(stretched.encode(), "cup.trf")
    found = [f for f in result.findings if f.code == "team-boards-too-many"]
    t = result.tournament
    assert t is not None
    teams = reconstruct_matches(t)
    found += [f for f in teams.findings if f.code == "team-boards-too-many"]
    assert len(found) == 1
    assert found[0].message.startswith("the file gives 1,000 boards per match")
    assert teams.boards == 2
