"""CPU of a site's standings: the final ones (with explanations) and those after each round.

Reads the tournament files first (not timed), then, best of ``--runs``:

* ``final``: ``compute_standings(explain=True)`` per event;
* ``one by one``: ``compute_standings(after_round=n)`` for every round n, as
  ``pages/gather.py compute_all`` did before ``compute_round_standings``;
* ``at once``: ``compute_round_standings(t, options, rounds, final)``.

    python benchmarks/bench_round_standings.py SRC...          # files or folders
    python benchmarks/bench_round_standings.py --open 2000 11  # a generated open

CPU time (``time.process_time``), so that other work on the machine counts little.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from generate import generate_individual_swiss  # noqa: E402

from trfsite.formats import read_bytes  # noqa: E402
from trfsite.model import Tournament  # noqa: E402
from trfsite.results import Standings  # noqa: E402
from trfsite.standings.compute import compute_round_standings, compute_standings  # noqa: E402
from trfsite.standings.options import StandingsOptions  # noqa: E402


def _tournaments(paths: list[Path]) -> list[Tournament]:
    files = [f for p in paths for f in (sorted(p.rglob("*")) if p.is_dir() else [p])]
    found = []
    for f in files:
        if f.is_file() and f.suffix.lower() in (".trf", ".txt", ".h9", ".h4"):
            t = read_bytes(f.read_bytes(), str(f)).tournament
            if t is not None:
                found.append(t)
    return found


def _cpu(run: object) -> float:
    started = time.process_time()
    run()  # type: ignore[operator]
    return time.process_time() - started


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=Path)
    parser.add_argument("--open", nargs=2, type=int, metavar=("PLAYERS", "ROUNDS"))
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    if args.open:
        text = generate_individual_swiss(args.open[0], args.open[1], 1)
        events = [read_bytes(text.encode(), "open.trf").tournament]
        tournaments = [t for t in events if t is not None]
    else:
        tournaments = _tournaments(args.paths)
    options = StandingsOptions()
    finals: list[Standings] = []

    def final() -> None:
        finals[:] = [compute_standings(t, replace(options, explain=True)) for t in tournaments]

    def one_by_one() -> None:
        for t, f in zip(tournaments, finals, strict=True):
            for n in range(1, f.after_round + 1):
                compute_standings(t, replace(options, after_round=n))

    def at_once() -> None:
        for t, f in zip(tournaments, finals, strict=True):
            compute_round_standings(t, options, range(1, f.after_round + 1), f)

    runs = (("final", final), ("one by one", one_by_one), ("at once", at_once))
    best = {name: min(_cpu(run) for _ in range(args.runs)) for name, run in runs}
    rounds = sum(max(f.after_round, 0) for f in finals)
    print(f"{len(tournaments)} event(s), {rounds} round standings; CPU s, best of {args.runs}")
    for name, seconds in best.items():
        print(f"  {name:<11} {seconds:7.3f}")


if __name__ == "__main__":
    main()
