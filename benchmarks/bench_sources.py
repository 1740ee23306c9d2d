"""What a rebuild with nothing changed spends finding its sources (issue 46): the CPU of
discovery and of the events' jobs (where each event's PGN is looked for and read), and
the PGN files it opens.

OUT must hold a settled build of SRC (two builds, the files older than 2 s), so that
the build state holds the files' signatures. Each run builds OUT again in this process.

    python benchmarks/bench_sources.py SRC OUT --runs 5
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from trfsite.site import build as build_module  # noqa: E402
from trfsite.site.build import BuildOptions, build_site  # noqa: E402


def _timed(spent: list[float], step: Callable[..., Any]) -> Callable[..., Any]:
    def run(*args: Any, **kwargs: Any) -> Any:
        started = time.process_time()
        try:
            return step(*args, **kwargs)
        finally:
            spent.append(time.process_time() - started)

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("src", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    opened: list[str] = []
    open_file = Path.open

    def counted(path: Path, *a: Any, **k: Any) -> Any:
        if path.suffix.lower() == ".pgn":
            opened.append(path.name)
        return open_file(path, *a, **k)

    Path.open = counted  # type: ignore[assignment,method-assign]
    discover, jobs = build_module.discover, build_module.event_jobs
    best: dict[str, float] = {}
    for _ in range(args.runs):
        spent: dict[str, list[float]] = {"discover": [], "event_jobs": []}
        build_module.discover = _timed(spent["discover"], discover)  # type: ignore[assignment]
        build_module.event_jobs = _timed(spent["event_jobs"], jobs)  # type: ignore[assignment]
        opened.clear()
        report = build_site(BuildOptions(args.src, args.out, pdf=False))
        for name, times in spent.items():
            best[name] = min(best.get(name, float("inf")), sum(times))
    print(f"events {report.events}, reused {report.reused}, PGN files opened {len(opened)}")
    for name, seconds in best.items():
        print(f"{name}: {seconds * 1000:.1f} ms CPU (best of {args.runs})")


if __name__ == "__main__":
    main()
