"""Issue 42's goal: what a PGN of 2,000 games adds to the HTML build of the open.

Called by ``bench.py --only games`` (with ``--baseline REV`` or ``--baseline-tree DIR``
for an older code in the same run):

    nice -n 10 python benchmarks/bench.py --only games --runs 5 --games-pgn open.pgn \
        --baseline-tree /tmp/main

The same open is built without its PGN and with it, one right after the other (a
pair), and each code's pairs are interleaved with the other code's. The figure is
the CPU seconds of the whole process tree (user + system, every worker and helper
included), because on a shared machine the wall time measures the neighbours as
much as trfsite. Each pair gives one difference, games minus plain, as a share of
that pair's plain build; the verdict is the median of those shares. Why paired:
this machine's speed drifts by minutes (the same plain build took 13.2 to 19.9 s of
CPU across runs), and the two builds of a pair, seconds apart, share the drift,
where a median of all plain builds against a median of all games builds mixes
moments. The order inside a pair alternates (plain first, then games first), so
that a build that is always second (a warmer cache, a busier neighbour) favours
neither.

Beside the CPU seconds, each build's instructions (user mode, the whole process tree,
``perf stat -e instructions:u``) where the machine has the counter: the same work runs
about the same instructions however busy the machine is, where its CPU seconds grow
with the neighbours on the other hyperthread and in the shared caches. The verdict
line gives the added share by instructions too (median of the pairs).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

from bench import BASELINE, BASELINE_TAG, Run, _build, report, scratch
from bench_process import instruction_counter
from generate import generate_individual_swiss

GAMES_ADDED = 0.20  # issue 42: a 2,000-game event adds at most 20 % to the HTML build
SETTLE_S = 5.0  # the disk wait before each build (``bench.run``): the scratch is in RAM


@dataclass(frozen=True, slots=True)
class Pair:
    """One build without the PGN and one with it, back to back."""

    plain: Run
    games: Run

    @property
    def cpu_share(self) -> float:
        return self.games.cpu / self.plain.cpu - 1

    @property
    def wall_share(self) -> float:
        return self.games.wall / self.plain.wall - 1

    @property
    def instruction_share(self) -> float | None:
        if not self.plain.instructions or self.games.instructions is None:
            return None
        return self.games.instructions / self.plain.instructions - 1

    def shown(self) -> str:
        """The pair's line: CPU, instructions (when counted) and wall of both builds."""
        text = f"cpu {self.plain.cpu:.2f} -> {self.games.cpu:.2f} s ({self.cpu_share:+.1%}), "
        plain, games, share = (
            self.plain.instructions,
            self.games.instructions,
            self.instruction_share,
        )
        if plain is not None and games is not None and share is not None:
            text += f"instructions {plain / 1e9:.2f} -> {games / 1e9:.2f} G ({share:+.1%}), "
        return text + f"wall {self.plain.wall:.2f} -> {self.games.wall:.2f} s"


def instruction_verdict(pairs: list[Pair], uncounted: str = "") -> str:
    """The added share by instructions: median and range over the pairs."""
    shares = sorted(s for s in (pair.instruction_share for pair in pairs) if s is not None)
    if not shares:
        return f"instructions not counted ({uncounted or 'no count in these runs'})"
    within = sum(share <= GAMES_ADDED for share in shares)
    added = statistics.median(
        (pair.games.instructions or 0) - (pair.plain.instructions or 0) for pair in pairs
    )
    return (
        f"instructions {statistics.median(shares):+.1%} (median of {len(shares)} pairs; "
        f"pairs {shares[0]:+.1%} to {shares[-1]:+.1%}, {within} of {len(shares)} within; "
        f"{added / 1e9:+.2f} G)"
    )


def verdict(pairs: list[Pair], games: int, tag: str = "", uncounted: str = "") -> str:
    """The summary line: the median of the pairs' CPU shares against the goal, with the
    range of the shares and how many pairs were within it (the noise, in the same run)."""
    shares = sorted(pair.cpu_share for pair in pairs)
    median = statistics.median(shares)
    within = sum(share <= GAMES_ADDED for share in shares)
    added = statistics.median(pair.games.cpu - pair.plain.cpu for pair in pairs)
    walls = statistics.median(pair.wall_share for pair in pairs)
    return (
        f"summary: {'OK' if median <= GAMES_ADDED else 'MISS'} #42 {games} games add "
        f"cpu {median:+.1%} (median of {len(pairs)} pairs; pairs {shares[0]:+.1%} to "
        f"{shares[-1]:+.1%}, {within} of {len(pairs)} within; {added:+.2f} s of "
        f"{statistics.median(pair.plain.cpu for pair in pairs):.2f} s), wall {walls:+.0%} "
        f"(median of pairs), {instruction_verdict(pairs, uncounted)} to the HTML build "
        f"<= {GAMES_ADDED:+.0%}{tag}"
    )


def bench_games(args: argparse.Namespace) -> None:
    """Build the open with and without ``--games`` games, in pairs (see the module)."""
    from generate_games import generate_games

    text = generate_individual_swiss(args.players, 11, args.seed)
    tmp = scratch("games-")
    plain, with_games = tmp / "plain", tmp / "games"
    for folder in (plain, with_games):
        folder.mkdir()
        (folder / "open.trf").write_text(text, encoding="utf-8")
    if args.games_pgn:  # made before by generate_games.py for the same open (it takes long)
        pgn = Path(args.games_pgn).read_text(encoding="utf-8")
    else:
        pgn = generate_games(text, args.games, args.seed)
    (with_games / "open.pgn").write_text(pgn, encoding="utf-8")
    out = tmp / "out"
    trees: list[Path | None] = [None, *BASELINE]

    uncounted = instruction_counter()
    print(f"  instructions: {uncounted or 'counted by perf stat -e instructions:u'}", flush=True)

    def build(src: Path, tree: Path | None) -> Run:
        return _build(src, out, "--no-pdf", tree=tree, settle_s=SETTLE_S, count=not uncounted)

    for tree in trees:
        for src in (plain, with_games):
            build(src, tree)  # warm-up: the first build of a code compiles its bytecode
    pairs: dict[Path | None, list[Pair]] = {tree: [] for tree in trees}
    for number in range(args.runs):
        for tree in trees if number % 2 == 0 else trees[::-1]:
            if number % 2 == 0:
                first = build(plain, tree)
                pairs[tree].append(Pair(first, build(with_games, tree)))
            else:
                second = build(with_games, tree)
                pairs[tree].append(Pair(build(plain, tree), second))
            last = pairs[tree][-1]
            print(f"  pair {number + 1}{BASELINE_TAG if tree else ''}: {last.shown()}", flush=True)
    lines = []
    for tree in trees:
        tag = BASELINE_TAG if tree is not None else ""
        report(f"open{args.players}: build --no-pdf{tag}", [p.plain for p in pairs[tree]])
        report(
            f"open{args.players} + {args.games} games: build --no-pdf{tag}",
            [p.games for p in pairs[tree]],
        )
        lines.append(verdict(pairs[tree], args.games, tag, uncounted))
    for line in lines:
        print(line, flush=True)


# -- instructions counted by cachegrind (where perf has no counter) -----------------------
#
# ``valgrind --trace-children=yes`` writes one file per process, but a forked child's
# file holds its parent's count up to the fork as well: cachegrind copies its counters
# with the process (a Python child that only exits reported the 3.57 G its parent ran
# before forking). The games' replay helper is forked once the PGN is read, so summing
# the files counts the build's start twice (4.4 G of the open's 57 G). The helper's own
# count is its file's less that of a helper that exits at once (``IDLE_HELPER``): the
# same build, the same fork, nothing after it.

IDLE_HELPER = (
    "import gc; gc.disable()  # as trfsite/__main__.py, which the other builds run\n"
    "import os, sys; from trfsite.pages import game_replay\n"
    "def idle(ahead, sender):\n"
    "    sender.close(); os._exit(0)\n"
    "game_replay._run_helper = idle\n"
    "from trfsite.cli import main; sys.argv[0] = 'trfsite'; main()\n"
)


def cachegrind_counts(command: list[str], folder: Path, cwd: Path | None) -> list[int]:
    """Each process's instructions (its file's ``summary:``), largest first."""
    import subprocess

    folder.mkdir(parents=True)
    valgrind = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--trace-children=yes"]
    out = f"--cachegrind-out-file={folder}/cg-%p"
    subprocess.run([*valgrind, out, *command], cwd=cwd, check=True, capture_output=True)
    counts = []
    for path in folder.glob("cg-*"):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("summary:"):
                counts.append(int(line.split()[1]))
    return sorted(counts, reverse=True)


def cachegrind_share(plain: Path, games: Path, tree: Path | None, scratch_dir: Path) -> str:
    """The three builds counted (in parallel: each runs alone in its valgrind) and the
    games' added share of instructions, the helper's start not counted twice."""
    from concurrent.futures import ThreadPoolExecutor

    python = [sys.executable]
    build = ["-q", "build", "-o", "OUT", "--no-pdf", "--jobs", "1"]

    def command(src: Path, name: str, idle: bool) -> list[str]:
        args = [a if a != "OUT" else str(scratch_dir / f"out-{name}") for a in build]
        start = [*python, "-c", IDLE_HELPER] if idle else [*python, "-m", "trfsite"]
        return [*start, *args[:2], str(src), *args[2:]]

    runs = {"plain": (plain, False), "games": (games, False), "idle": (games, True)}
    with ThreadPoolExecutor(len(runs)) as pool:
        futures = {
            name: pool.submit(
                cachegrind_counts, command(src, name, idle), scratch_dir / f"cg-{name}", tree
            )
            for name, (src, idle) in runs.items()
        }
        counts = {name: future.result() for name, future in futures.items()}
    base = sum(counts["plain"])
    main_process, *helpers = counts["games"]
    prefork = counts["idle"][-1]  # the idle helper: the build's count at the fork
    own = [helper - prefork for helper in helpers]
    total = main_process + sum(own)
    share = total / base - 1
    return (
        f"instructions (cachegrind): plain {base / 1e9:.2f} G; with games {total / 1e9:.2f} G "
        f"(build {main_process / 1e9:.2f} G, replay helper {sum(own) / 1e9:.2f} G of its "
        f"file's {sum(helpers) / 1e9:.2f} G, {prefork / 1e9:.2f} G its parent's before the "
        f"fork): summary: {'OK' if share <= GAMES_ADDED else 'MISS'} #42 games add "
        f"{share:+.1%} instructions <= {GAMES_ADDED:+.0%}"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="issue 42's share counted by cachegrind")
    parser.add_argument("plain", type=Path, help="a folder with open.trf alone")
    parser.add_argument("games", type=Path, help="a folder with open.trf and open.pgn")
    parser.add_argument("--tree", type=Path, help="the code to count (its checkout)")
    parser.add_argument("--scratch", type=Path, required=True, help="a new folder for files")
    parsed = parser.parse_args()
    os.environ.setdefault("SOURCE_DATE_EPOCH", "0")
    # Random string hashing moved the plain build's count by 1.56 G between two runs.
    os.environ.setdefault("PYTHONHASHSEED", "0")
    print(
        cachegrind_share(
            parsed.plain.resolve(), parsed.games.resolve(), parsed.tree, parsed.scratch
        )
    )
