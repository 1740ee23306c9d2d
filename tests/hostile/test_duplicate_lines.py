"""Issue 50: a file of duplicated 001 lines (or Go rows) builds in proportion to its lines.

The fuzz run of seed 2026 found input #203: FIDE's 284-player example with some 500
of its 001 lines repeated (125 KB) took 75 s of CPU to build. Every card of a start
number seen before was "made again" and explained again alone: a whole ranking of
the event per duplicated line. Counts the rankings, never time.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import trfsite.standings.compute as compute
from trfsite.cli import cli
from trfsite.findings import Severity
from trfsite.formats import read_bytes
from trfsite.standings.options import StandingsOptions
from trfsite.validate import validate

from .data import CLEAN, DATA


def test_duplicated_lines_do_not_rank_the_event_once_per_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = CLEAN.rstrip("\n").splitlines()
    first_player = next(line for line in lines if line.startswith("001"))
    # clean.trf's 4 players, and player 1's line 30 more times: 34 lines, 4 start numbers.
    src = tmp_path / "src"
    src.mkdir()
    (src / "dup.trf").write_text("\n".join(lines + [first_player] * 30) + "\n", "utf-8")
    explained: list[frozenset[int]] = []
    original = compute.compute_standings

    def counting(t: object, options: StandingsOptions) -> object:
        if options.explain:
            explained.append(options.explained)
        return original(t, options)  # type: ignore[arg-type]

    monkeypatch.setattr(compute, "compute_standings", counting)
    out = tmp_path / "out"
    done = CliRunner().invoke(cli, ["build", str(src), "-o", str(out), "--no-pdf", "-j", "1"])
    assert done.exit_code in (0, 1), done.output
    assert (out / "dup" / "index.html").is_file()
    # The cards' explanations: one ranking for the part that builds them, not one more
    # per duplicated line of player 1 (31 before).
    assert 1 <= len(explained) <= 2, len(explained)


PAIRGOTH = (DATA / "egf" / "pairgoth.h9").read_text(encoding="utf-8")  # 4 rows, 2 rounds


def test_a_go_row_repeated_word_for_word_is_one_player() -> None:
    # Input #4520 of seed 2026: one row of a Go table pasted 458 times (1 MB) was 458
    # players, each claiming the same games (build 98.7 s of CPU and 1.2 GB). Here
    # pairgoth.h9's row 2 is pasted 30 more times right below itself: the table is
    # its 4 players again, rows 3 and 4 keep their numbers, and one error says so.
    lines = PAIRGOTH.rstrip("\n").splitlines()
    at = next(i for i, line in enumerate(lines) if line.lstrip().startswith("2 "))
    lines[at + 1 : at + 1] = [lines[at]] * 30
    result = read_bytes(("\n".join(lines) + "\n").encode(), "open.h9")
    t = result.tournament
    assert t is not None
    assert [p.name for p in t.players] == [
        "Novak Jiri", "Lukasiewicz Pawel", "Muller Jorg", "OBrien Sean",
    ]  # fmt: skip
    assert [p.id for p in t.players] == [1, 2, 3, 4]
    # Row 3 (Muller) played row 4 in round 1 and row 1 in round 2, as written.
    assert [e.opponent for e in t.players[2].rounds] == [4, 1]
    repeated = [f for f in result.findings if f.code == "egf-row-repeated"]
    assert len(repeated) == 1
    # The first copy is the line after row 2's (line 10 of the file: 8 header lines).
    assert (repeated[0].line, repeated[0].severity) == (at + 2, Severity.ERROR)
    assert "30 more lines" in str(repeated[0].message)
    assert not [f for f in validate(result, "open.h9") if f.code == "egf-opponent-unknown"]
