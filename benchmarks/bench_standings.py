"""Time ``trfsite standings`` as a whole process on a generated 2000-player, 11-round open.

Prints the best and median wall time of several runs and the peak RSS of the
child processes. Target: <= 0.4 s on the 2-core development machine. One
warm-up run first lets Python write its bytecode cache (as an installed
package would have it), so compile time is not measured.

    python benchmarks/bench_standings.py [--players 2000] [--rounds 11] [--runs 7]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from generate import generate_individual_swiss  # noqa: E402

TIEBREAKS = "BH-C1,BH,SB,PS,WIN"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    text = generate_individual_swiss(args.players, args.rounds, args.seed)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "open.trf"
        path.write_text(text, encoding="utf-8")
        command = [
            sys.executable, "-m", "trfsite", "standings", str(path), "--tiebreaks", TIEBREAKS,
        ]  # fmt: skip
        subprocess.run(command, env=env, check=True, capture_output=True)  # warm-up
        times = []
        cpu = []  # user + system time: less sensitive to other processes on the machine
        for _ in range(args.runs):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            subprocess.run(command, env=env, check=True, capture_output=True)
            times.append(time.perf_counter() - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    print(f"trfsite standings, {args.players} players x {args.rounds} rounds, {TIEBREAKS}")
    print(f"  best   {min(times):.3f} s")
    print(f"  median {statistics.median(times):.3f} s  ({args.runs} runs)")
    print(f"  CPU    {min(cpu):.3f} s best, {statistics.median(cpu):.3f} s median (user + sys)")
    print(f"  load average {os.getloadavg()[0]:.2f} (other processes slow the wall time)")
    print(f"  peak RSS {peak_kb / 1024:.1f} MiB")
    print(f"  target <= 0.400 s: {'met' if min(times) <= 0.4 else 'NOT met'}")


if __name__ == "__main__":
    main()
