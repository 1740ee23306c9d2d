"""Issue 48: the time from a pairing program's last write to the change being in the
repository, with ``trfsite publish --watch`` beside it, for the 2000-player open.

A generated 2000-player, 11-round open with its last round paired and no result
entered yet is published to a local bare repository; then, ``--runs`` times, one more
result is entered and the file written again in place, as a pairing program exports
it during the round. The time is taken from the end of that
write to the moment the branch holds a new commit, polling the repository every 20 ms.
publish's own status line gives the build and deploy time of that cycle; the rest is
the debounce (the files must be still for ``--debounce`` seconds) and the watcher.
Goal: under 5 s plus the build.

    python benchmarks/bench_publish.py [--players 2000] [--rounds 11] [--runs 3]
                                       [--debounce 1] [--pdf] [--jobs N]
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from generate import generate_individual_swiss  # noqa: E402

_STATUS = re.compile(r"built in ([\d.]+) s; (.*) in ([\d.]+) s")
_CELL = 91  # where player lines' round cells start (TRF 001, column 92)


def _points(line: str) -> float:
    return float(line[80:84])


def _with_points(line: str, points: float) -> str:
    return line[:80] + f"{points:4.1f}" + line[84:]


def start_last_round(text: str, rounds: int) -> str:
    """The file as a pairing program exports it once the last round is paired: every
    game's result blank (byes entered ahead stay), the declared points without them."""
    start = _CELL + 10 * (rounds - 1)
    games = {"1": 1.0, "=": 0.5, "0": 0.0}
    # Byes entered ahead count once the round is complete: not in the points yet.
    byes = {"+": 1.0, "U": 1.0, "F": 1.0, "H": 0.5}
    out = []
    for line in text.splitlines(keepends=True):
        cell = line[start : start + 10] if line.startswith("001 ") else ""
        opponent = cell[:4].strip()
        if opponent.isdigit() and int(opponent) and cell[7:8] in games:
            line = _with_points(line, _points(line) - games[cell[7]])
            line = line[: start + 7] + " " + line[start + 8 :]
        elif opponent.isdigit() and cell[7:8] in byes:
            line = _with_points(line, _points(line) - byes[cell[7]])
        out.append(line)
    return "".join(out)


def enter_next_result(text: str, rounds: int) -> str:
    """The file with one more game of the last round entered, as during the round: the
    first game still blank is won by its lower-numbered player (both cells, and the
    winner's declared points)."""
    lines = text.splitlines(keepends=True)
    at = {int(line[4:8]): n for n, line in enumerate(lines) if line.startswith("001 ")}
    start = _CELL + 10 * (rounds - 1)
    for player in sorted(at):
        line = lines[at[player]]
        cell = line[start : start + 10]
        opponent = cell[:4].strip()
        if not opponent.isdigit() or int(opponent) not in at or cell[7] != " ":
            continue
        other = lines[at[int(opponent)]]
        lines[at[player]] = _with_points(line[: start + 7] + "1" + line[start + 8 :],
                                         _points(line) + 1.0)  # fmt: skip
        lines[at[int(opponent)]] = other[: start + 7] + "0" + other[start + 8 :]
        return "".join(lines)
    raise SystemExit("every game of the last round has its result")


def _head(repo: Path) -> str:
    done = subprocess.run(
        ["git", "-C", str(repo), "rev-parse", "--verify", "-q", "gh-pages"],
        capture_output=True,
        text=True,
        check=False,
    )
    return done.stdout.strip()


class _Lines:
    """publish's stderr, read as it comes."""

    def __init__(self, stream: object) -> None:
        self.lines: list[str] = []
        self.changed = threading.Condition()
        threading.Thread(target=self._read, args=(stream,), daemon=True).start()

    def _read(self, stream: object) -> None:
        for line in stream:  # type: ignore[attr-defined]
            with self.changed:
                self.lines.append(line.rstrip("\n"))
                self.changed.notify_all()

    def wait(self, pattern: str, start: int, timeout: float = 1800.0) -> tuple[int, str]:
        found = re.compile(pattern)
        deadline = time.monotonic() + timeout
        with self.changed:
            while True:
                for n in range(start, len(self.lines)):
                    if found.search(self.lines[n]):
                        return n, self.lines[n]
                left = deadline - time.monotonic()
                if left <= 0:
                    raise SystemExit("publish said nothing matching " + pattern + ":\n"
                                     + "\n".join(self.lines))  # fmt: skip
                self.changed.wait(left)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--debounce", type=float, default=1.0)
    parser.add_argument("--pdf", action="store_true", help="with PDF bulletins")
    parser.add_argument("--jobs", type=int, default=0, help="publish --jobs (0: its default)")
    args = parser.parse_args(argv)

    text = start_last_round(generate_individual_swiss(args.players, args.rounds, 1), args.rounds)
    with tempfile.TemporaryDirectory(prefix="bench-publish-") as tmp:
        root = Path(tmp)
        src = root / "src"
        src.mkdir()
        trf = src / "open.trf"
        trf.write_text(text, encoding="utf-8")
        repo = root / "pages.git"
        subprocess.run(["git", "init", "-q", "--bare", str(repo)], check=True)
        command = [sys.executable, "-m", "trfsite", "publish", str(src), "-o",
                   str(root / "out"), "--git", str(repo), "--watch", "--debounce",
                   str(args.debounce), "--pdf" if args.pdf else "--no-pdf"]  # fmt: skip
        if args.jobs:
            command += ["--jobs", str(args.jobs)]
        publish = subprocess.Popen(
            command, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )  # fmt: skip
        lines = _Lines(publish.stderr)
        try:
            at, first = lines.wait(r"first publish: .*deployed", 0)
            print(f"{args.players} players x {args.rounds} rounds, --debounce {args.debounce} s, "
                  f"{'with' if args.pdf else 'without'} PDF")  # fmt: skip
            print(first.split(" ", 1)[1])
            totals, builds, deploys = [], [], []
            for run in range(1, args.runs + 1):
                before = _head(repo)
                text = enter_next_result(text, args.rounds)
                trf.write_text(text, encoding="utf-8")  # the export's last write
                written = time.perf_counter()
                while _head(repo) == before:
                    time.sleep(0.02)
                total = time.perf_counter() - written
                at, status = lines.wait(r"open\.trf changed: .*deployed", at + 1)
                found = _STATUS.search(status)
                build, deploy = (float(found.group(1)), float(found.group(3))) if found else (0, 0)
                totals.append(total)
                builds.append(build)
                deploys.append(deploy)
                print(f"run {run}: {total:.2f} s from the last write to the commit in the "
                      f"repository; publish's cycle: build {build:.1f} s, deploy {deploy:.1f} s "
                      f"({found.group(2) if found else '?'}), after the debounce of "
                      f"{args.debounce} s")  # fmt: skip
            beyond = [t - b for t, b in zip(totals, builds, strict=True)]
            met = sum(1 for b in beyond if b < 5)
            print(f"median: {statistics.median(totals):.2f} s, of which "
                  f"{statistics.median(beyond):.2f} s beside the build; goal (under 5 s plus "
                  f"the build) met in {met} of {len(beyond)} runs")  # fmt: skip
        finally:
            publish.terminate()
            publish.wait(timeout=600)


if __name__ == "__main__":
    main()
