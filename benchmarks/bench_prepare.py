"""An event's preparation and page contexts, apart from rendering and writing: each
tournament file under SRC read, validated, ranked (final, after each round), its
awards made and every page context built (``gather.prepare_event`` then each plan),
in this process, as a ``--jobs 1`` build does them, without the templates.

    python benchmarks/bench_prepare.py /tmp/s12/a40 --limit 10

Prints the CPU of the whole. To compare two trees, count instructions instead, e.g.

    PYTHONHASHSEED=0 valgrind --tool=cachegrind --cache-sim=no \\
        python benchmarks/bench_prepare.py SRC --limit 10
"""

from __future__ import annotations

import argparse
import gc
import time
from pathlib import Path

from trfsite.memo import forget_all
from trfsite.pages import gather
from trfsite.pages.config import EventConfig
from trfsite.pages.plan import EventJob
from trfsite.render.page_meta import SiteInfo


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("src", type=Path)
    parser.add_argument("--limit", type=int, default=0, help="the first N files only")
    args = parser.parse_args()
    files = sorted(Path(args.src).rglob("*.trf"))
    if args.limit:
        files = files[: args.limit]
    site = SiteInfo("Results", "en", "", "2024-05-01", "t")
    gc.disable()  # as a build prepares an event (event_build.paused_collector)
    start = time.process_time()
    pages = 0
    for source in files:
        job = EventJob(
            source.read_bytes(), source.name, source.stem, "", EventConfig(), site, False
        )
        pages += len([plan.build() for plan in gather.prepare_event(job).plans])
        forget_all()
    spent = time.process_time() - start
    print(f"{len(files)} events, {pages} page contexts: {spent:.3f} s of CPU")


if __name__ == "__main__":
    main()
