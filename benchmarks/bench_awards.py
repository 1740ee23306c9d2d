"""Time the awards of one event (rating change, TPR, ARO, categories, prizes, rankings)
on a generated open, next to the standings they start from.

Prints the best and median of several runs, in seconds, for the standings alone and
for the awards computed from them.

    python benchmarks/bench_awards.py [--players 2000] [--rounds 11] [--runs 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from decimal import Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from generate import generate_individual_swiss  # noqa: E402

from trfsite.awards.categories import parse_category  # noqa: E402
from trfsite.awards.event import event_awards  # noqa: E402
from trfsite.awards.prizes import Prize, PrizeRule  # noqa: E402
from trfsite.awards.settings import AwardSettings  # noqa: E402
from trfsite.formats import read_bytes  # noqa: E402
from trfsite.standings.compute import compute_standings
from trfsite.standings.options import StandingsOptions


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    text = generate_individual_swiss(args.players, args.rounds)
    t = read_bytes(text.encode(), "bench.trf").tournament
    assert t is not None
    settings = AwardSettings(
        categories=tuple(parse_category(c) for c in ("women", "U18", "S50", "U2000")),
        prize_rule=PrizeRule.HORT,
        prizes=tuple(Prize("overall", k, Decimal(1000 - 100 * k)) for k in range(1, 9)),
    )
    times: dict[str, list[float]] = {"standings": [], "awards": [], "awards, explained": []}
    for _ in range(args.runs):
        start = time.perf_counter()
        standings = compute_standings(t, StandingsOptions())
        times["standings"].append(time.perf_counter() - start)
        start = time.perf_counter()
        event_awards(standings, settings, explain=False)
        times["awards"].append(time.perf_counter() - start)
        start = time.perf_counter()
        event_awards(standings, settings, explain=True)
        times["awards, explained"].append(time.perf_counter() - start)
    print(f"{args.players} players, {args.rounds} rounds, {args.runs} runs")
    for name, found in times.items():
        print(f"{name:18} best {min(found):.3f} s, median {statistics.median(found):.3f} s")


if __name__ == "__main__":
    main()
