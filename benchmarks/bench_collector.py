"""What Python's cycle collector costs a build: its passes, their CPU, what they freed.

Runs ``trfsite build SRC -o OUT --no-pdf --jobs 1`` in this process, with the
collector set up as the ``trfsite`` program sets it (``cli.main``), and records each
pass (``gc.callbacks``): by generation, the passes, their CPU and the objects they
found unreachable. Objects left in reference cycles are freed only by these passes,
each of which goes over every object of its generation: a build whose events leave
cycles behind pays for them once an event (issue 46: the page writers' cycle, ~13,000
objects an event of ``/tmp/s12/a40``).

    python benchmarks/bench_collector.py SRC OUT
"""

from __future__ import annotations

import argparse
import gc
import time
from collections import defaultdict


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("src")
    parser.add_argument("out")
    args = parser.parse_args()

    passes: dict[int, list[float]] = defaultdict(lambda: [0, 0.0, 0])
    started = [0.0]

    def record(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started[0] = time.process_time()
            return
        found = passes[info["generation"]]
        found[0] += 1
        found[1] += time.process_time() - started[0]
        found[2] += info["collected"]

    from trfsite.cli import cli

    # As trfsite's main() does before its command.
    gc.freeze()
    gc.set_threshold(10_000, 20, 20)
    gc.enable()
    gc.callbacks.append(record)
    begin = time.process_time()
    try:
        cli(
            ["-q", "build", args.src, "-o", args.out, "--no-pdf", "--jobs", "1"],
            prog_name="trfsite",
            standalone_mode=False,
        )
    finally:
        gc.callbacks.remove(record)
        total = time.process_time() - begin
    print(f"build: {total:.2f} s of CPU")
    for generation, (count, cpu, collected) in sorted(passes.items()):
        print(
            f"  generation {generation}: {count:4d} passes, {cpu:6.3f} s of CPU "
            f"({cpu / total:5.1%}), {collected:8d} objects freed"
        )


if __name__ == "__main__":
    main()
