"""``trfsite publish --watch`` beside a pairing program (issue 48): each change leads to
exactly the expected published state, in a bare git repository and in a local rsync
folder. Results of the club file: tests/data/live/README.md."""

from __future__ import annotations

import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

from .publishhelpers import (
    BOARD_2_WHITE_WINS,
    BOARD_3_DRAWN,
    CLUB,
    Publishing,
    commits,
    enter,
    files,
    git,
    shown,
)

DASH = "\u2013"
CHANGED = r"{} changed: .*deployed"


def _source(tmp_path: Path) -> tuple[Path, Path]:
    src = tmp_path / "src"
    src.mkdir()
    trf = src / "club.trf"
    shutil.copy(CLUB, trf)
    return src, trf


def _no_leftovers(out: Path) -> None:
    """No lock, no unfinished build, nothing of a temporary folder beside OUT."""
    beside = sorted(p.name for p in out.parent.iterdir() if p.name.startswith(out.name))
    assert beside == [out.name, f"{out.name}.builds"], beside
    builds = out.parent / f"{out.name}.builds"
    assert [p.name for p in builds.iterdir() if p.name.startswith(".tmp-")] == []


def test_watch_publishes_each_change_to_a_git_branch(tmp_path: Path) -> None:
    src, trf = _source(tmp_path)
    repo = tmp_path / "pages.git"
    git("init", "-q", "--bare", str(repo))
    out = tmp_path / "out"
    run = Publishing(str(src), "-o", str(out), "--git", str(repo), "--watch", "--no-pdf",
                     "--debounce", "1", "--hold", "120")  # fmt: skip
    try:
        at = run.wait_for(r"first publish: .* -> ")
        assert commits(repo) == 1
        # Live pages: the round in progress and its pairings, as exported.
        assert "Round 2 in progress" in shown(repo, "club/index.html")
        assert "Pairings of round 2" in shown(repo, "club/index.html")
        assert "Delta" in shown(repo, "club/rounds/2.html")

        # Two publish runs on one OUT: the second refuses, saying who holds it.
        second = subprocess.run(
            [
                sys.executable,
                "-m",
                "trfsite",
                "publish",
                str(src),
                "-o",
                str(out),
                "--git",
                str(repo),
                "--no-pdf",
            ],  # fmt: skip
            capture_output=True,
            text=True,
            check=False,
        )
        assert second.returncode == 2, second.stderr
        assert f"another trfsite publish (process {run.process.pid}) is running" in second.stderr

        # An edited event: board 2 of round 2 ends 1-0.
        enter(trf, *BOARD_2_WHITE_WINS)
        at = run.wait_for(CHANGED.format(r"club\.trf"), at)
        assert commits(repo) == 2
        assert f"1{DASH}0" in shown(repo, "club/rounds/2.html")
        assert '<p class="updated muted">Updated ' in shown(repo, "club/index.html")  # saved at
        # Only what changed is sent: round 2, the two players' cards, the stamped pages;
        # round 1, the start list and the other players' cards stay as they were.
        sent = set(git("-C", str(repo), "diff", "--name-only", "gh-pages~1", "gh-pages").split())
        assert {"club/rounds/2.html", "club/players/2.html", "club/players/4.html",
                "club/index.html"} <= sent  # fmt: skip
        assert not sent & {"club/rounds/1.html", "club/startlist.html", "club/players/1.html"}

        # A half-written file: the pairing program writes the first lines, then the rest.
        enter(trf, *BOARD_3_DRAWN)
        whole = trf.read_text(encoding="utf-8")
        lines = whole.splitlines(keepends=True)
        trf.write_text("".join(lines[:5]), encoding="utf-8")  # 012, 042, XXR, players 1-2
        held = run.wait_for(r"club\.trf has 2 players, 6 before: waiting for the rest", at)
        with trf.open("a", encoding="utf-8") as rest:
            rest.write("".join(lines[5:]))
        at = run.wait_for(CHANGED.format(r"club\.trf"), held)
        assert commits(repo) == 3  # one commit: the half file was never published
        players = shown(repo, "club/players.html")
        assert all(name in players for name in ("Alpha", "Delta", "Foxtrot"))
        assert shown(repo, "club/rounds/2.html").count(f"\u00bd{DASH}\u00bd") == 1

        # A burst of edits: one build, one commit, the last version.
        start = len(run.lines)
        for number in range(1, 6):
            trf.write_text(whole.replace("Live club evening", f"Live club evening {number}"),
                           encoding="utf-8")  # fmt: skip
        at = run.wait_for(CHANGED.format(r"club\.trf"), start)
        assert commits(repo) == 4
        assert "Live club evening 5" in shown(repo, "club/index.html")

        # A new event file.
        (src / "second.trf").write_text(whole.replace("Live club evening", "Second evening"),
                                        encoding="utf-8")  # fmt: skip
        at = run.wait_for(CHANGED.format(r"second\.trf"), at)
        assert commits(repo) == 5
        published = files(repo)
        assert {"second/index.html", "club/index.html", "people/index.html"} <= published
        assert not [f for f in published if ".trfsite-" in f]
        assert run.count(CHANGED.format(r"club\.trf"), start, at) == 1  # the burst: once
    finally:
        run.signal(signal.SIGTERM)
        code = run.end()
        run.kill()
    assert code == 0, run.output()
    assert "stopped (SIGTERM)" in run.output() and "Traceback" not in run.output()
    _no_leftovers(out)


def test_watch_publishes_each_change_to_an_rsync_folder(tmp_path: Path) -> None:
    src, trf = _source(tmp_path)
    www = tmp_path / "www"
    out = tmp_path / "out"
    run = Publishing(str(src), "-o", str(out), "--rsync", str(www), "--watch", "--no-pdf",
                     "--debounce", "1")  # fmt: skip
    try:
        at = run.wait_for(r"first publish: .* -> ")
        assert (www / "club" / "index.html").is_file()
        enter(trf, *BOARD_2_WHITE_WINS)
        at = run.wait_for(CHANGED.format(r"club\.trf"), at)
        assert f"1{DASH}0" in (www / "club" / "rounds" / "2.html").read_text("utf-8")
        shutil.copy(CLUB, src / "second.trf")
        at = run.wait_for(CHANGED.format(r"second\.trf"), at)
        assert (www / "second" / "index.html").is_file()
        assert (www / "people" / "index.html").is_file()
        assert not [p for p in www.rglob("*") if p.name.startswith(".")]
    finally:
        run.signal(signal.SIGINT)  # Ctrl-C
        code = run.end()
        run.kill()
    assert code == 0, run.output()
    _no_leftovers(out)


def test_a_file_that_cannot_be_read_keeps_its_previous_pages(tmp_path: Path) -> None:
    src, trf = _source(tmp_path)
    repo = tmp_path / "pages.git"
    git("init", "-q", "--bare", str(repo))
    out = tmp_path / "out"
    run = Publishing(str(src), "-o", str(out), "--git", str(repo), "--watch", "--no-pdf",
                     "--debounce", "1", "--hold", "1")  # fmt: skip
    try:
        at = run.wait_for(r"first publish: .* -> ")
        trf.write_text("this is no tournament any more\n", encoding="utf-8")
        at = run.wait_for(r"club\.trf still cannot be read as a tournament", at)
        at = run.wait_for(CHANGED.format(r"club\.trf"), at)
        # The event's pages stay those of the last readable version ...
        assert "Foxtrot" in shown(repo, "club/standings.html")
        # ... and its validation page says why the latest one is not shown.
        validation = shown(repo, "club/validation.html")
        assert "The latest version of this file could not be read as a tournament" in validation
    finally:
        run.signal(signal.SIGTERM)
        code = run.end()
        run.kill()
    assert code == 0, run.output()


def test_a_broken_config_is_reported_and_waited_out(tmp_path: Path) -> None:
    src, trf = _source(tmp_path)
    www = tmp_path / "www"
    out = tmp_path / "out"
    config = src / "trfsite.toml"
    config.write_text('title = "Club"\nlanguage = "xx"\n', encoding="utf-8")
    run = Publishing(str(src), "-o", str(out), "--rsync", str(www), "--watch", "--no-pdf",
                     "--debounce", "1")  # fmt: skip
    try:
        at = run.wait_for(r"warning: first publish: build failed, the site stays as it was")
        assert "language: 'xx'" in run.lines[at] and not www.exists()
        config.write_text('title = "Club results"\n', encoding="utf-8")
        run.wait_for(CHANGED.format(r"trfsite\.toml"), at)
        assert "Club results" in (www / "index.html").read_text("utf-8")
    finally:
        run.signal(signal.SIGTERM)
        code = run.end()
        run.kill()
    assert code == 0, run.output()


def test_once_publishes_a_file_with_errors_exits_1_and_q_leaves_the_lines_to_the_log(
    tmp_path: Path,
) -> None:
    src, trf = _source(tmp_path)
    # Player 1's round-1 opponent becomes 9, whom no 001 line has: an error
    # [round-opponent-unknown] (and 4's cell no longer reciprocal); the file still reads.
    trf.write_text(trf.read_text("utf-8").replace("   4 w 1     6 b 1", "   9 w 1     6 b 1"),
                   encoding="utf-8")  # fmt: skip
    www, out, log = tmp_path / "www", tmp_path / "out", tmp_path / "publish.log"
    args = [sys.executable, "-m", "trfsite", "publish", str(src), "-o", str(out),
            "--rsync", str(www), "--no-pdf", "--log", str(log)]  # fmt: skip
    quiet = subprocess.run([*args, "-q"], capture_output=True, text=True, check=False)
    assert quiet.returncode == 1, quiet.stderr  # errors: exit 1, the site published all the same
    assert "round-opponent-unknown" in (www / "club" / "validation.html").read_text("utf-8")
    assert "first publish" not in quiet.stderr  # -q: warnings only
    loud = subprocess.run(args, capture_output=True, text=True, check=False)
    assert loud.returncode == 1, loud.stderr
    line = r"^\d\d:\d\d:\d\d first publish: 1 event( \(1 unchanged\))?, 2 errors, built in "
    assert re.search(line, loud.stderr, re.M)
    # The log keeps both runs' lines (appended), each with its date and time.
    stamped = r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d first publish: .* -> "
    assert len(re.findall(stamped, log.read_text("utf-8"), re.M)) == 2
