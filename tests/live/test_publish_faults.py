"""``trfsite publish`` unattended (issue 48): a push that fails is retried and nothing
is lost; SIGTERM or Ctrl-C during a build or a push stops after that step with exit 0
and leaves no lock or temporary file; a second publish on one OUT is refused."""

from __future__ import annotations

import os
import shutil
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from trfsite.site.lock import LockedError, holding, lock_path

from .publishhelpers import (
    BOARD_2_WHITE_WINS,
    BOARD_3_DRAWN,
    CLUB,
    LIVE,
    Publishing,
    commits,
    enter,
    git,
    shown,
)

DASH = "\u2013"


def _hook(repo: Path, script: str) -> None:
    """A pre-receive hook of the bare repository: it decides whether a push lands."""
    hook = repo / "hooks" / "pre-receive"
    hook.write_text("#!/bin/sh\ncat >/dev/null\n" + script, encoding="utf-8")
    hook.chmod(hook.stat().st_mode | stat.S_IXUSR)


def _setup(tmp_path: Path, trf: Path = CLUB) -> tuple[Path, Path, Path, Path]:
    src = tmp_path / "src"
    src.mkdir()
    shutil.copy(trf, src / "club.trf")
    repo = tmp_path / "pages.git"
    git("init", "-q", "--bare", str(repo))
    temporary = tmp_path / "tmp"  # TMPDIR of the publish process: it must end empty
    temporary.mkdir()
    return src, src / "club.trf", repo, temporary


def _publish(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "trfsite", "publish", *args],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, **(env or {})},
    )


def _left(tmp_path: Path, out: Path, temporary: Path) -> list[str]:
    """What a stopped publish left that it should not have: locks, unfinished builds,
    temporary folders."""
    left = [p.name for p in tmp_path.iterdir() if p.name.endswith(".lock")]
    builds = out.parent / f"{out.name}.builds"
    left += [p.name for p in builds.iterdir() if p.name.startswith(".tmp-")]
    return left + [p.name for p in temporary.iterdir()]


def test_a_push_that_fails_twice_then_succeeds(tmp_path: Path) -> None:
    src, _, repo, _ = _setup(tmp_path)
    count = tmp_path / "refusals"
    count.write_text("0")
    # Refuses the first two pushes (as a network down or a full disk would), then lets in.
    _hook(repo, f'n=$(cat "{count}"); if [ "$n" -lt 2 ]; then echo $((n+1)) > "{count}"; '
                'echo "remote: disk full" >&2; exit 1; fi\n')  # fmt: skip
    out = tmp_path / "out"
    base = (str(src), "-o", str(out), "--git", str(repo), "--no-pdf", "--retry-pause", "0.1")
    given_up = _publish(*base, "--retries", "1")
    assert given_up.returncode == 1 and commits(repo) == 0
    assert "failed (attempt 1)" in given_up.stderr and "disk full" in given_up.stderr
    count.write_text("0")
    done = _publish(*base, "--retries", "3")
    assert done.returncode == 0, done.stderr
    assert "failed (attempt 1)" in done.stderr and "failed (attempt 2)" in done.stderr
    assert "first publish:" in done.stderr and commits(repo) == 1


def test_watch_retries_a_failed_push_and_the_next_one_sends_everything(tmp_path: Path) -> None:
    src, trf, repo, _ = _setup(tmp_path)
    closed = tmp_path / "closed"
    _hook(repo, f'if [ -e "{closed}" ]; then echo "remote: host unreachable" >&2; exit 1; fi\n')
    out = tmp_path / "out"
    run = Publishing(str(src), "-o", str(out), "--git", str(repo), "--watch", "--no-pdf",
                     "--debounce", "1", "--retry-pause", "0.2")  # fmt: skip
    try:
        at = run.wait_for(r"first publish: .*deployed")
        closed.touch()
        enter(trf, *BOARD_2_WHITE_WINS)
        at = run.wait_for(r"deploy to .* failed \(attempt 2\).*host unreachable", at)
        enter(trf, *BOARD_3_DRAWN)  # a further change while the host is away
        at = run.wait_for(r"club\.trf changed: .*failed|failed \(attempt 1\)", at + 1)
        closed.unlink()
        run.wait_for(r"deployed in", at)
        assert commits(repo) == 2  # the first publish, then one with both results
        page = shown(repo, "club/rounds/2.html")
        assert f"1{DASH}0" in page and f"\u00bd{DASH}\u00bd" in page
    finally:
        run.signal(signal.SIGTERM)
        code = run.end()
        run.kill()
    assert code == 0, run.output()


def test_sigterm_during_a_push_finishes_it_then_stops(tmp_path: Path) -> None:
    src, trf, repo, temporary = _setup(tmp_path)
    out = tmp_path / "out"
    pushing, go = tmp_path / "pushing", tmp_path / "go"
    run = Publishing(str(src), "-o", str(out), "--git", str(repo), "--watch", "--no-pdf",
                     "--debounce", "1", env={"TMPDIR": str(temporary)})  # fmt: skip
    try:
        at = run.wait_for(r"first publish: .*deployed")
        # The next push waits in the hook until the test lets it go.
        _hook(repo, f'touch "{pushing}"; while [ ! -e "{go}" ]; do sleep 0.1; done\n')
        enter(trf, *BOARD_2_WHITE_WINS)
        run.wait_for(r"INFO: deploying", at)
        run.until(pushing.exists)
        run.signal(signal.SIGTERM)
        go.touch()
        code = run.end()
    finally:
        go.touch()
        run.kill()
    assert code == 0, run.output()
    assert commits(repo) == 2 and f"1{DASH}0" in shown(repo, "club/rounds/2.html")
    assert "stopped (SIGTERM)" in run.output()
    assert _left(tmp_path, out, temporary) == []


@pytest.mark.parametrize(
    ("sig", "group"),
    [(signal.SIGINT, True), (signal.SIGTERM, False)],
    ids=["ctrl-c", "sigterm"],
)
def test_a_stop_during_a_build_stops_before_the_deploy(
    tmp_path: Path, sig: signal.Signals, group: bool
) -> None:
    # A 284-player open: its build takes seconds, the signal arrives while it runs.
    src, trf, repo, temporary = _setup(tmp_path, LIVE / "fide-round7-partial.trf")
    out = tmp_path / "out"
    run = Publishing(str(src), "-o", str(out), "--git", str(repo), "--watch", "--no-pdf",
                     "--debounce", "1", "--jobs", "2", env={"TMPDIR": str(temporary)},
                     session=True)  # fmt: skip
    try:
        at = run.wait_for(r"first publish: .*deployed")
        text = trf.read_text(encoding="utf-8")
        trf.write_text(text.replace("012 ", "012 Live: ", 1), encoding="utf-8")
        run.wait_for(r"INFO: club\.trf changed: building", at)
        # Ctrl-C in a terminal: SIGINT to publish and its build's workers alike;
        # a service manager's stop (KillMode=mixed): SIGTERM to publish alone.
        run.signal(sig, group=group)
        code = run.end()
    finally:
        run.kill()
    assert code == 0, run.output()
    assert "stopping before the deploy (the next publish sends it)" in run.output()
    assert f"stopped ({sig.name})" in run.output()
    assert commits(repo) == 1  # the build finished, its deploy was left to the next run
    assert "Live:" in (out / "club" / "index.html").read_text("utf-8")
    assert _left(tmp_path, out, temporary) == []
    assert "Traceback" not in run.output()


def test_the_lock_refuses_a_second_holder_and_goes_with_the_first(tmp_path: Path) -> None:
    out = tmp_path / "site"
    with holding(out, "publish") as path:
        assert path == lock_path(out, "publish") and path.read_text() == f"{os.getpid()}\n"
        held = rf"another trfsite publish \(process {os.getpid()}\)"
        with pytest.raises(LockedError, match=held), holding(out, "publish"):
            pass
    assert not path.exists()
    with holding(out, "publish"):  # free again
        pass
