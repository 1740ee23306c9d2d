"""A ``trfsite publish`` process for the tests, and what it published."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

LIVE = Path(__file__).resolve().parents[1] / "data" / "live"
CLUB = LIVE / "club-round2-partial.trf"
WAIT = 180.0  # seconds: generous, for a busy machine; never an assertion on time


def git(*args: str) -> str:
    return subprocess.run(["git", *args], capture_output=True, text=True, check=True).stdout


def commits(repo: Path, branch: str = "gh-pages") -> int:
    done = subprocess.run(
        ["git", "-C", str(repo), "rev-list", "--count", branch],
        capture_output=True,
        text=True,
        check=False,
    )
    return int(done.stdout.strip() or 0) if done.returncode == 0 else 0


def shown(repo: Path, path: str, branch: str = "gh-pages") -> str:
    return git("-C", str(repo), "show", f"{branch}:{path}")


def files(repo: Path, branch: str = "gh-pages") -> set[str]:
    return set(git("-C", str(repo), "ls-tree", "-r", "--name-only", branch).split())


def enter(trf: Path, *results: tuple[str, str]) -> None:
    """Round 2's results written into the file, in one write as a pairing program does:
    each (cell before, cell after) of the players' lines."""
    text = trf.read_text(encoding="utf-8")
    for before, after in results:
        assert before in text, before
        text = text.replace(before, after)
    trf.write_text(text, encoding="utf-8")


# Round 2 of the club file (README of tests/data/live): board 2 is 4 (white) - 2, board 3
# is 5 (white) - 3. Their result cells are blank until entered.
BOARD_2_WHITE_WINS = (("   2 w\n", "   2 w 1\n"), ("   4 b\n", "   4 b 0\n"))
BOARD_3_DRAWN = (("   3 w\n", "   3 w =\n"), ("   5 b    0000", "   5 b =  0000"))


class Publishing:
    """``trfsite -v publish ARGS`` in a process of its own, its stderr read as it comes."""

    def __init__(self, *args: str, env: dict[str, str] | None = None, session: bool = False):
        self.process = subprocess.Popen(
            [sys.executable, "-m", "trfsite", "-v", "publish", *args],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, **(env or {})},
            start_new_session=session,
        )
        self.lines: list[str] = []
        self._more = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            with self._more:
                self.lines.append(line.rstrip("\n"))
                self._more.notify_all()
        with self._more:
            self.lines.append("<end>")
            self._more.notify_all()

    def wait_for(self, pattern: str, start: int = 0) -> int:
        """The index of the first line from ``start`` that matches ``pattern``."""
        found = re.compile(pattern)

        def seen() -> int | None:
            for at in range(start, len(self.lines)):
                if found.search(self.lines[at]):
                    return at
            return None

        with self._more:
            self._more.wait_for(lambda: seen() is not None or "<end>" in self.lines, WAIT)
            at = seen()
        assert at is not None, f"no line matching {pattern!r} in:\n" + "\n".join(self.lines)
        return at

    def until(self, condition: Callable[[], bool]) -> None:
        """Wait (polling) until ``condition`` holds, while the process runs."""
        deadline = time.monotonic() + WAIT
        while not condition():
            assert self.process.poll() is None, self.output()
            assert time.monotonic() < deadline, self.output()
            time.sleep(0.05)

    def count(self, pattern: str, start: int = 0, end: int | None = None) -> int:
        found = re.compile(pattern)
        with self._more:
            return sum(1 for line in self.lines[start:end] if found.search(line))

    def signal(self, sig: int = signal.SIGTERM, group: bool = False) -> None:
        if group:  # as Ctrl-C in a terminal reaches every process of its group
            os.killpg(self.process.pid, sig)
        else:
            self.process.send_signal(sig)

    def end(self) -> int:
        code = self.process.wait(timeout=WAIT)
        self.wait_for("<end>")
        return code

    def output(self) -> str:
        with self._more:
            return "\n".join(self.lines)

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
