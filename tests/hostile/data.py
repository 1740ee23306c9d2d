"""Small inputs for issue 50's tests, made from the files of tests/data."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from trfsite.cli import cli

DATA = Path(__file__).resolve().parents[1] / "data"
TEAM = (DATA / "trf" / "team-2026.trf").read_text(encoding="utf-8")  # 3 teams, 3 rounds (142)
CLEAN = (DATA / "trf" / "clean.trf").read_text(encoding="utf-8")  # 4 players, 3 rounds
FIDE_TEAM = (DATA / "samples" / "fide-grandmommys-cup-trf26-team.trf").read_text(encoding="utf-8")


def with_lines(text: str, *lines: str) -> str:
    return text.rstrip("\n") + "\n" + "\n".join(lines) + "\n"


def player(number: int, name: str, cells: list[str]) -> str:
    """A TRF 001 line: start number, name, and round cells from column 92."""
    head = f"001 {number:4d}      {name:<33}"
    return head.ljust(91) + "  ".join(cells)


def build_clean(tmp_path: Path) -> tuple[Path, str]:
    """``clean.trf`` built as event ``cup`` in one process: its folder and the CLI's output."""
    src = tmp_path / "src"
    src.mkdir()
    (src / "cup.trf").write_text(CLEAN, encoding="utf-8")
    out = tmp_path / "out"
    done = CliRunner().invoke(cli, ["build", str(src), "-o", str(out), "--no-pdf", "-j", "1"])
    assert done.exit_code in (0, 1), done.output
    return out / "cup", done.output


def go_table(players: int, rounds: int) -> str:
    """An EGF table: rows 1-2, 3-4, ... meet every round; the odd row wins, with White in
    odd rounds and Black in even ones (a repeated pairing alternates colours: the same
    cell more than 20 times in a row is cut, see test_repeated_go_games.py)."""
    lines = ["; EV[Long]", "; Pl Name Rk Co Club MMS"]
    for row in range(1, players + 1):
        odd = row % 2 == 1
        cells = [
            f"{row + 1}+/{'wb'[r % 2]}0" if odd else f"{row - 1}-/{'bw'[r % 2]}0"
            for r in range(rounds)
        ]
        score = rounds if odd else 0
        lines.append(f"{row:4d} Player{row} Test 1d FR Club {score:4d}  " + "  ".join(cells))
    return "\n".join(lines) + "\n"


def build_go_table(tmp_path: Path, players: int, rounds: int) -> Path:
    """``go_table`` built as event ``long`` in one process: its folder."""
    src = tmp_path / "src"
    src.mkdir()
    (src / "long.h9").write_text(go_table(players, rounds), encoding="utf-8")
    out = tmp_path / "out"
    done = CliRunner().invoke(cli, ["build", str(src), "-o", str(out), "--no-pdf", "-j", "1"])
    assert done.exit_code in (0, 1), done.output
    return out / "long"
