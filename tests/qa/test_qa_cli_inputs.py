"""validate / standings / export on files from the wild and broken ones.

Never a traceback (``run`` fails on any exception); exit codes as the README
documents them (0 ok, 1 the input has errors, 2 usage); messages name the
file, line and column and quote the bad value.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from qahelpers import EVIL, png_bytes, round_robin, run

GOOD = round_robin()
LINES = GOOD.splitlines()
FIRST_PLAYER = 10  # line number of player 1's 001 line in round_robin()


def _replace_line(number: int, new: str) -> bytes:
    lines = list(LINES)
    lines[number - 1] = new
    return ("\n".join(lines) + "\n").encode()


def _edit_line(number: int, edit: Callable[[str], str]) -> bytes:
    return _replace_line(number, edit(LINES[number - 1]))


_RANDOM = random.Random(7)
_NOISE = bytes(_RANDOM.randrange(256) for _ in range(3000))
NOT_TEXT: dict[str, tuple[bytes, str]] = {
    "empty": (b"", "file-empty"),
    "blank": (b"  \n\n \t\r\n", "file-empty"),
    "random-binary": (_NOISE, "file-binary"),
    "random-without-nul": (_NOISE.replace(b"\0", b"x"), "file-unknown-format"),
    "png": (png_bytes(), "file-binary"),
    "utf16-bom": (GOOD.encode("utf-16"), "file-encoding"),
    "utf16-le-no-bom": (GOOD.encode("utf-16-le"), "file-encoding"),
    "utf16-be-no-bom": (GOOD.encode("utf-16-be"), "file-encoding"),
}


@pytest.mark.parametrize("case", sorted(NOT_TEXT))
def test_not_a_text_file_is_one_clear_error(tmp_path: Path, case: str) -> None:
    data, code = NOT_TEXT[case]
    path = tmp_path / "event.trf"
    path.write_bytes(data)
    checked = run("validate", str(path))
    assert checked.code == 1
    assert f"{path}: error: " in checked.out and f"[{code}]" in checked.out
    assert checked.out.count("error:") == 1
    document = json.loads(run("validate", "--format", "json", str(path)).out)
    findings = document["files"][0]["findings"]
    assert [f["code"] for f in findings if f["severity"] == "error"] == [code]
    assert document["files"][0]["tournament"] is None
    for command in (("standings",), ("standings", "--format", "json"), ("export",)):
        done = run(*command, str(path))
        assert done.code == 1, command
        assert f"[{code}]" in done.err and done.out == ""


# (file bytes, expected "line:col: severity", code, a quoted value that must appear)
BROKEN: dict[str, tuple[bytes, str, str, str]] = {
    "start-number-0": (
        _edit_line(FIRST_PLAYER, lambda s: s.replace("001    1", "001    0")),
        f"{FIRST_PLAYER}:5: error",
        "player-id-not-number",
        "'0'",
    ),
    "rating-abcd": (
        _edit_line(FIRST_PLAYER, lambda s: s.replace(" 2000 ", " abcd ")),
        f"{FIRST_PLAYER}:49: error",
        "player-rating-not-number",
        "'abcd'",
    ),
    "duplicate-start-number": (
        _edit_line(FIRST_PLAYER + 3, lambda s: s.replace("001    4", "001    3")),
        f"{FIRST_PLAYER + 3}:5: error",
        "player-id-duplicate",
        "'Delta,Dora'",
    ),
    "unknown-opponent": (
        _edit_line(FIRST_PLAYER, lambda s: s.replace("   4 w 1", "  99 w 1")),
        f"{FIRST_PLAYER}:92: error",
        "round-opponent-unknown",
        "opponent 99",
    ),
    "same-colours": (
        _edit_line(FIRST_PLAYER + 3, lambda s: s.replace("   1 b 0", "   1 w 0")),
        f"{FIRST_PLAYER}:97: error",
        "game-colour-mismatch",
        "'4 w 1'",
    ),
    "both-won": (
        _edit_line(FIRST_PLAYER + 3, lambda s: s.replace("   1 b 0", "   1 b 1")),
        f"{FIRST_PLAYER}:99: error",
        "game-result-mismatch",
        "'1 b 1'",
    ),
    "negative-opponent": (
        _edit_line(FIRST_PLAYER, lambda s: s.replace("   4 w 1", "  -4 w 1")),
        f"{FIRST_PLAYER}:92: error",
        "round-opponent-not-number",
        "'  -4'",
    ),
    "result-letter-unknown": (
        _edit_line(FIRST_PLAYER, lambda s: s.replace("   4 w 1", "   4 w 7")),
        f"{FIRST_PLAYER}:99: error",
        "round-result-unknown",
        "'7'",
    ),
    "truncated-cell": (
        _edit_line(FIRST_PLAYER, lambda s: s[:95]),
        f"{FIRST_PLAYER}:99: warning",
        "round-result-missing",
        "'   4'",
    ),
    "tabs": (
        _edit_line(FIRST_PLAYER, lambda s: s.replace("    Alpha", "\tAlpha")),
        f"{FIRST_PLAYER}:1: info",
        "line-has-tab",
        "tab",
    ),
    "bad-202": (
        _replace_line(8, "202 BH/C9,XYZ"),
        "8:1: error",
        "tiebreak-unknown",
        "'XYZ'",
    ),
    "bad-start-date": (
        _replace_line(4, "042 2024/13/45"),
        "4:5: warning",
        "tournament-date-unreadable",
        "'2024/13/45'",
    ),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_broken_file_is_reported_compiler_style(tmp_path: Path, case: str) -> None:
    data, where, code, quoted = BROKEN[case]
    path = tmp_path / "broken event.trf"
    path.write_bytes(data)
    checked = run("validate", str(path))
    lines = [line for line in checked.out.splitlines() if line.endswith(f"[{code}]")]
    assert lines, checked.out
    assert any(line.startswith(f"{path}:{where}: ") and quoted in line for line in lines), lines
    assert checked.code == 1 or ("error" not in where and checked.code == 0)
    assert run("validate", "--strict", str(path)).code == 1
    document = json.loads(run("validate", "--format", "json", str(path)).out)
    found = [f for f in document["files"][0]["findings"] if f["code"] == code]
    line, column = (int(part) for part in where.split(":")[:2])
    assert any(f["line"] == line and f["column"] == column for f in found), found
    # The other commands never crash on it either.
    for command in (("standings",), ("standings", "--explain"), ("standings", "--format", "csv")):
        assert run(*command, str(path)).code in (0, 1)
    assert run("export", str(path)).code in (0, 1)


def test_standings_of_a_file_with_errors_prints_them_and_exits_1(tmp_path: Path) -> None:
    """README: exit 1 means the input has errors; the standings still go to stdout."""
    path = tmp_path / "dup.trf"
    path.write_bytes(BROKEN["duplicate-start-number"][0])
    done = run("standings", str(path))
    assert done.code == 1
    assert "[player-id-duplicate]" in done.err and "Alpha,Anna" in done.out


def test_standings_with_a_bad_202_record_skip_the_bad_codes_and_say_so(tmp_path: Path) -> None:
    """The file's own list: the readable codes are used, each bad one is named."""
    path = tmp_path / "list.trf"
    path.write_bytes(BROKEN["bad-202"][0])
    done = run("standings", str(path))
    assert "Alpha,Anna" in done.out
    assert "'BH/C9' from record 202 skipped" in done.out
    assert "'XYZ' from record 202 skipped" in done.out


def test_junk_after_the_cells_is_one_error_not_thousands_of_rounds(tmp_path: Path) -> None:
    """A damaged line (here 10 000 letters) once became ~1000 rounds of unreadable
    cells, thousands of findings, and a build that ran out of memory."""
    path = tmp_path / "junk.trf"
    path.write_bytes(_edit_line(FIRST_PLAYER, lambda s: s + "  " + "y" * 10_000))
    document = json.loads(run("validate", "--format", "json", str(path)).out)
    report = document["files"][0]
    assert report["tournament"]["rounds"] == 3
    junk = [f for f in report["findings"] if f["code"] == "round-cells-unreadable"]
    assert [(f["line"], f["column"]) for f in junk] == [(FIRST_PLAYER, 122)]
    assert "'yyyy" in junk[0]["message"]
    assert len(report["findings"]) < 10


def test_a_note_after_the_cells_keeps_the_cells(tmp_path: Path) -> None:
    path = tmp_path / "note.trf"
    path.write_bytes(_edit_line(FIRST_PLAYER, lambda s: s + "  see notes"))
    done = run("validate", "--format", "json", str(path))
    report = json.loads(done.out)["files"][0]
    assert report["tournament"]["rounds"] == 3
    assert {f["code"] for f in report["findings"] if f["severity"] == "error"} == {
        "round-cells-unreadable"
    }


def test_files_with_few_records(tmp_path: Path) -> None:
    only_name = tmp_path / "only012.trf"
    only_name.write_text("012 Only a name\n")
    no_header = tmp_path / "noheader.trf"
    no_header.write_text("\n".join(LINES[FIRST_PLAYER - 1 :]) + "\n")
    for path in (only_name, no_header):
        for command in ("validate", "standings", "export"):
            assert run(command, str(path)).code in (0, 1)
    checked = run("validate", str(no_header))
    assert f"{no_header}: warning: record 012 (the tournament name) is missing" in checked.out


def test_round_999_and_large_numbers_do_not_crash(tmp_path: Path) -> None:
    path = tmp_path / "r999.trf"
    path.write_bytes(_edit_line(FIRST_PLAYER, lambda s: s + "  0000 - U" * 996))
    document = json.loads(run("validate", "--format", "json", str(path)).out)
    # Issue 22: the other lines have 3 cells, so the event has 3 rounds; the 996 extra
    # cells of the stretched line are one error and are not scored.
    assert document["files"][0]["tournament"]["rounds"] == 3
    extra = [
        f for f in document["files"][0]["findings"] if f["code"] == "round-cells-beyond-rounds"
    ]
    assert [(f["line"], f["column"]) for f in extra] == [(FIRST_PLAYER, 92 + 3 * 10)]
    beyond = run("standings", "--after-round", "999", str(path))
    assert beyond.code == 2 and "has 3 round(s)" in beyond.err
    assert run("standings", "--after-round", "3", str(path)).code in (0, 1)


def test_json_output_is_valid_with_odd_names(tmp_path: Path) -> None:
    path = tmp_path / "odd.trf"
    path.write_text(round_robin(EVIL, 'Quote"Back\\slash', "Ctl\x1bX,\u202eY"), encoding="utf-8")
    document = json.loads(run("validate", "--format", "json", str(path)).out)
    assert document["files"][0]["tournament"]["name"] == EVIL
    table = json.loads(run("standings", "--format", "json", "--explain", str(path)).out)
    assert table["tournament"]["name"] == EVIL
    assert {row["name"] for row in table["standings"]} >= {'Quote"Back\\slash', "Ctl\x1bX,\u202eY"}


def test_folders_nested_and_non_tournament_files(tmp_path: Path) -> None:
    (tmp_path / "a" / "b").mkdir(parents=True)
    (tmp_path / "a" / "b" / "deep.trf").write_text(GOOD)
    (tmp_path / "a" / "notes.txt").write_text("not a tournament\n")
    (tmp_path / "a" / "photo.png").write_bytes(png_bytes())
    (tmp_path / "top.h9").write_text(GOOD)  # a TRF whatever its name says
    (tmp_path / "a" / "results.txt").write_text(GOOD)  # recognised by content
    (tmp_path / "a" / ".hidden.trf").write_text(GOOD)
    done = run("validate", "--format", "json", str(tmp_path))
    paths = [
        Path(f["path"]).relative_to(tmp_path).as_posix() for f in json.loads(done.out)["files"]
    ]
    assert paths == ["top.h9", "a/results.txt", "a/b/deep.trf"]
    assert done.code == 0
    # A broken file with a tournament suffix is reported, as build gives it a page.
    (tmp_path / "a" / "broken.trf").write_bytes(png_bytes())
    done = run("validate", str(tmp_path))
    assert done.code == 1 and f"{tmp_path / 'a' / 'broken.trf'}: error: " in done.out
    empty = tmp_path / "nothing"
    empty.mkdir()
    (empty / "readme.txt").write_text("hello\n")
    done = run("validate", str(empty))
    assert done.code == 1 and "no tournament file" in done.err


def test_paths_that_are_not_files(tmp_path: Path) -> None:
    missing = tmp_path / "missing.trf"
    broken_link = tmp_path / "link.trf"
    broken_link.symlink_to(tmp_path / "nowhere.trf")
    for path in (missing, broken_link):
        for command in ("validate", "standings", "export"):
            done = run(command, str(path))
            assert done.code == 2 and "does not exist" in done.err, (command, path)
    for command in ("standings", "export"):
        done = run(command, str(tmp_path))
        assert done.code == 2 and "is a directory" in done.err


@pytest.mark.parametrize(
    ("options", "code", "said"),
    [
        (("--after-round", "0"), 2, "--after-round"),
        (("--after-round", "99"), 2, "expected a number from 1 to 3"),
        (("--tiebreaks", "XYZ"), 2, "known tie-breaks: DE"),
        (("--tiebreaks", "BH/C9"), 2, "'/C9'"),
        (("--rules", "2030"), 2, "'2030'"),
        (("--unrated-rating", "-5"), 2, "-5"),
        (("--tiebreaks", ""), 0, ""),  # an empty list: points only
        (("--tiebreaks", "bh-c1,SB"), 0, ""),
    ],
)
def test_standings_options(tmp_path: Path, options: tuple[str, ...], code: int, said: str) -> None:
    path = tmp_path / "rr.trf"
    path.write_text(GOOD)
    done = run("standings", str(path), *options)
    assert done.code == code, done.err
    assert said in done.err


def test_export_of_a_file_with_errors_writes_everything_and_exits_1(tmp_path: Path) -> None:
    source = tmp_path / "zero.trf"
    source.write_bytes(BROKEN["start-number-0"][0])
    target = tmp_path / "out.trf"
    done = run("export", str(source), "-o", str(target))
    assert done.code == 1 and "[player-id-not-number]" in done.err
    assert "001    0 m    Alpha,Anna" in target.read_text()  # kept as written, not lost


def test_export_output_problems_are_usage_errors(tmp_path: Path) -> None:
    source = tmp_path / "rr.trf"
    source.write_text(GOOD)
    assert run("export", str(source), "-o", str(source)).code == 2
    assert run("export", str(source), "-o", str(tmp_path)).code == 2
    done = run("export", str(source), "-o", str(tmp_path / "no" / "such" / "x.trf"))
    assert done.code == 2 and "cannot write" in done.err
    assert source.read_text() == GOOD


def test_an_unknown_record_with_a_tournament_code_round_trips() -> None:
    """'2120 PTS,BH' is an unknown record, not a duplicate 212: the writer once added an
    empty '212' for it, which read back as an empty tie-break list (found by hypothesis)."""
    from trfsite.formats.trf import read_trf
    from trfsite.formats.trf.writer import write_trf

    t = read_trf(GOOD + "2120 PTS,BH\n", "t.trf").tournament
    assert t is not None and t.tiebreak_record == ""
    again = read_trf(write_trf(t), "again.trf").tournament
    assert again == t


def test_rank_mismatch_message_reads_well(tmp_path: Path) -> None:
    """Player 4 scored 0 (alone on place 4 of 4) but declares rank 1 and no points.
    The message once said 'with none points' and 'on places 4-4'."""
    path = tmp_path / "rank.trf"
    path.write_bytes(_edit_line(FIRST_PLAYER + 3, lambda s: s[:80] + " " * 8 + "1" + s[89:]))
    out = run("validate", str(path)).out
    line = next(x for x in out.splitlines() if x.endswith("[standings-rank-mismatch]"))
    assert line.startswith(f"{path}:{FIRST_PLAYER + 3}:86: warning: ")
    assert "declares rank 1 without points" in line
    assert "with 0 points on place 4 " in line


def test_no_finding_is_reported_twice() -> None:
    """A team file whose first player's name is one column too long (every field
    after it shifted): the board check once reported the same mismatch twice."""
    from qahelpers import DATA

    done = run("validate", str(DATA / "shifted-team.trf"))
    lines = done.out.splitlines()
    assert done.code == 1 and len(lines) > 10
    assert len(set(lines)) == len(lines)
