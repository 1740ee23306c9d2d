"""`trfsite validate` and `trfsite export` through click's CliRunner."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from click.testing import CliRunner

from trfsite.cli import cli
from trfsite.formats.trf import read_trf

from .lines import DATA

CLEAN = str(DATA / "clean.trf")
BROKEN = str(DATA / "broken-structure.trf")
LEGACY = str(DATA / "trf16-legacy.trf")  # warnings, no error
TEXT_LINE = re.compile(
    r"^(?P<file>.+?)(?::(\d+)(?::(\d+))?)?: (error|warning|info): .+ \[[a-z0-9-]+\]$"
)


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.stdout, result.stderr


def test_validate_clean_file_exits_0_even_with_strict() -> None:
    code, out, _ = _run("validate", "--strict", CLEAN)
    assert (code, out) == (0, "")


def test_validate_text_output_is_compiler_like() -> None:
    code, out, err = _run("validate", BROKEN)
    assert code == 1
    lines = out.splitlines()
    assert lines and all(TEXT_LINE.match(line) for line in lines)
    expected = (
        f"{BROKEN}:10:97: error: round 1: player 1 has '2 w 1' and player 2 has '1 w 0'; "
        "expected opposite colours [game-colour-mismatch]"
    )
    assert expected in lines
    assert "error(s)" in err


def test_validate_json_output_has_the_documented_shape() -> None:
    code, out, _ = _run("validate", "--format", "json", BROKEN, CLEAN)
    assert code == 1
    document = json.loads(out)
    assert list(document) == ["files"]
    broken, clean = document["files"]
    assert list(broken) == ["path", "format", "tournament", "findings"]
    assert broken["path"] == BROKEN
    assert broken["format"] == "trf26"  # it has a 142 record
    # 5 lines of 001 (one a duplicate); cells reach round 3 although 142 says 2.
    assert broken["tournament"] == {"name": "Broken Structure", "players": 5, "rounds": 3}
    finding = next(f for f in broken["findings"] if f["code"] == "rounds-declared-mismatch")
    assert finding == {
        "severity": "error",
        "code": "rounds-declared-mismatch",
        "line": 9,
        "column": 5,
        "message": finding["message"],
    }
    assert clean["findings"] == []
    assert clean["tournament"] == {"name": "Clean Cup", "players": 4, "rounds": 3}


def test_validate_warnings_fail_only_with_strict() -> None:
    assert _run("validate", LEGACY)[0] == 0
    assert _run("validate", "--strict", LEGACY)[0] == 0  # TRF16: no TRF-2026 rating warnings
    assert _run("validate", "--strict", BROKEN)[0] == 1


def test_validate_for_rating_lists_what_trf2026_needs() -> None:
    # trf16-legacy.trf has no FIDE id for players 3, 4 and 5 and no round dates (132).
    code, out = _run("validate", "--for-rating", LEGACY)[:2]
    assert code == 1
    assert "player-fide-id-missing" in out and "round-dates-missing" in out


def test_validate_usage_errors_exit_2() -> None:
    assert _run("validate")[0] == 2
    assert _run("validate", "--format", "xml", CLEAN)[0] == 2
    assert _run("validate", str(DATA / "no-such-file.trf"))[0] == 2


def test_validate_a_file_that_is_not_trf(tmp_path: Path) -> None:
    letter = tmp_path / "letter.trf"
    letter.write_bytes("Dear arbiter,\n".encode("utf-16"))
    code, out, _ = _run("validate", "--format", "json", str(letter))
    assert code == 1
    (entry,) = json.loads(out)["files"]
    assert (entry["format"], entry["tournament"]) == (None, None)
    assert [f["code"] for f in entry["findings"]] == ["file-encoding"]


def test_validate_a_folder_finds_tournament_files_by_content(tmp_path: Path) -> None:
    shutil.copy(DATA / "clean.trf", tmp_path / "results.txt")  # not named .trf
    (tmp_path / "sub").mkdir()
    shutil.copy(DATA / "broken-structure.trf", tmp_path / "sub" / "round3.dat")
    (tmp_path / "notes.md").write_text("# Notes\nnothing to see\n")
    (tmp_path / "logo.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    code, out, _ = _run("validate", "--format", "json", str(tmp_path))
    assert code == 1
    paths = [Path(f["path"]).relative_to(tmp_path).as_posix() for f in json.loads(out)["files"]]
    assert paths == ["results.txt", "sub/round3.dat"]


def test_validate_a_folder_without_tournament_files(tmp_path: Path) -> None:
    (tmp_path / "notes.md").write_text("# Notes\n")
    code, _, err = _run("validate", str(tmp_path))
    assert code == 1
    assert "no tournament file" in err


def test_export_writes_normalised_trf_to_stdout() -> None:
    result = CliRunner().invoke(cli, ["export", LEGACY, "--format", "trf"])
    assert result.exit_code == 0
    out = result.stdout_bytes.decode("utf-8")  # .stdout would turn CR LF into LF
    assert "042 2005/07/28\r\n" in out
    assert (
        read_trf(out, "x").tournament
        == read_trf((DATA / "trf16-legacy.trf").read_bytes().decode("latin-1"), "y").tournament
    )


def test_export_to_a_file_and_never_over_its_input(tmp_path: Path) -> None:
    target = tmp_path / "out.trf"
    code, out, _ = _run("export", CLEAN, "-o", str(target))
    assert (code, out) == (0, "")
    assert target.read_bytes().startswith(b"012 Clean Cup\r\n")
    copy = tmp_path / "in.trf"
    shutil.copy(DATA / "clean.trf", copy)
    before = copy.read_bytes()
    assert _run("export", str(copy), "-o", str(copy))[0] == 2
    assert copy.read_bytes() == before


def test_export_of_unreadable_input_exits_1(tmp_path: Path) -> None:
    empty = tmp_path / "empty.trf"
    empty.write_bytes(b"")
    code, out, err = _run("export", str(empty))
    assert (code, out) == (1, "")
    assert "file-empty" in err
