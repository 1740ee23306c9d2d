"""Issue 12's figures: an archive of people recurring across events.

Called by ``bench.py --only people``; runs on its own too:

    python benchmarks/bench_people.py                       # 300 events from 6,000 people
    python benchmarks/bench_people.py --people-events 10000 # the identity step at scale
    python benchmarks/bench_people.py --people-events 10000 --people-full  # and the builds
    python benchmarks/bench_people.py --people-dask 30      # Dask == local, byte for byte
    python benchmarks/bench_people.py --people-scales 1000:12000,3000:30000 \
        --people-baseline /tmp/main-tree  # issue 46's goals, against another checkout

Figures: the cold build (default flags, ``--no-pdf``), the rebuild after one
changed event, peak memory, and the identity step alone (``resolve``) on the
entries of every event, which is what grows with the archive.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import TRFSITE, Run, _touch_one, report, run, scratch  # noqa: E402
from generate_people import generate_people_archive  # noqa: E402


def _tree(folder: Path) -> dict[str, str]:
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def bench_builds(
    events: int, people: int, seed: int, runs: int = 3, tree: Path | None = None
) -> tuple[list[Run], list[Run]]:
    """Cold builds and rebuilds after one changed event; ``tree``: another checkout
    of trfsite (``python -m trfsite`` run from it imports its own code)."""
    tmp = scratch("people-")  # kept to the end (see bench.scratch)
    src = Path(tmp) / "archive"
    generate_people_archive(src, events, people, seed)
    tag = f" [{tree.name}]" if tree else ""
    print(f"people archive: {events} events drawn from {people} people{tag}", flush=True)
    colds = []
    for number in range(runs):  # each into a folder of its own: the last is rebuilt below
        out = Path(tmp) / f"out-{number}"
        build = [*TRFSITE, "-q", "build", str(src), "-o", str(out), "--no-pdf"]
        colds.append(run(build, cwd=tree))
    report(f"people: cold build --no-pdf ({events} events){tag}", colds)
    pages = sum(1 for _ in (out / "people").rglob("*.html"))
    print(f"people: {pages} people pages", flush=True)
    rebuilds = []
    for generation in range(1, 4):
        _touch_one(src, generation)
        build = [*TRFSITE, "-q", "build", str(src), "-o", str(out), "--no-pdf"]
        rebuilds.append(run(build, cwd=tree))
    report(f"people: rebuild after one changed event ({events} events){tag}", rebuilds)
    return colds, rebuilds


def bench_scales(scales: list[tuple[int, int]], seed: int, tree: Path | None) -> None:
    """Issue 46's goals: the rebuild after one changed event <= 1.0 s, the cold build
    <= 30 ms per event, the largest process <= 250 MiB and <= 1.3x the smallest scale's."""
    for checkout in ([tree] if tree else []) + [None]:
        largest: list[float] = []
        for events, people in scales:
            colds, rebuilds = bench_builds(events, people, seed, 1, checkout)
            peak = max(r.max_rss_mib for r in colds + rebuilds)
            largest.append(peak)
            per_event = 1000 * min(r.wall for r in colds) / events
            print(
                f"people goals, {events} events{f' [{checkout.name}]' if checkout else ''}: "
                f"cold {per_event:.1f} ms/event (<= 30), rebuild best "
                f"{min(r.wall for r in rebuilds):.2f} s (<= 1.0), largest process "
                f"{peak:.0f} MiB (<= 250), {peak / largest[0]:.2f}x the {scales[0][0]}-event "
                "one (<= 1.3)",
                flush=True,
            )


def bench_resolve(events: int, people: int, seed: int) -> None:
    """The identity step on ``events`` events, in this process (no site)."""
    from generate_people import synthetic_entries

    from trfsite.people.identity import resolve
    from trfsite.people.rows import person_rows
    from trfsite.people.search import search_pieces
    from trfsite.site.people import read_archive

    started = time.perf_counter()
    if events <= 1000:
        with tempfile.TemporaryDirectory(prefix="trfsite-people-") as tmp:
            src = Path(tmp) / "archive"
            generate_people_archive(src, events, people, seed)
            started = time.perf_counter()
            found = list(read_archive(src).events)
        how = "read + ranked"
    else:
        found = synthetic_entries(events, people, seed)  # type: ignore[assignment]
        how = "made in memory"
    made = time.perf_counter() - started
    started, cpu = time.perf_counter(), time.process_time()
    resolution = resolve(found)
    took, cpu = time.perf_counter() - started, time.process_time() - cpu
    started = time.perf_counter()
    pieces = list(search_pieces(person_rows(resolution, resolution.people), "search"))
    search = time.perf_counter() - started
    tracemalloc.start()  # again, for its memory only (tracing slows it several times)
    resolve(found)
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    entries = sum(len(e.entries) for e in found)
    print(
        f"people: {events} events, {entries} entries -> {len(resolution.people)} people, "
        f"{len(resolution.findings)} findings; entries {how} in {made:.1f} s; "
        f"resolve {took:.2f} s (cpu {cpu:.2f} s, peak {peak:.0f} MiB); {len(pieces)} search pieces "
        f"in {search:.2f} s",
        flush=True,
    )


def bench_dask(events: int, people: int, seed: int) -> None:
    """The same archive built here and on a local Dask cluster: the trees must be equal."""
    import distributed

    with tempfile.TemporaryDirectory(prefix="trfsite-people-") as tmp:
        src = Path(tmp) / "archive"
        generate_people_archive(src, events, people, seed)
        local, remote = Path(tmp) / "local", Path(tmp) / "dask"
        alone = run([*TRFSITE, "-q", "build", str(src), "-o", str(local), "--no-pdf"])
        report(f"people: local build (default flags), {events} events", [alone])
        with distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address=None
        ) as cluster:
            address = cluster.scheduler_address.removeprefix("tcp://")
            timed = run(
                [
                    *TRFSITE,
                    "-q",
                    "build",
                    str(src),
                    "-o",
                    str(remote),
                    "--no-pdf",
                    "--executor",
                    f"dask://{address}",
                ]
            )
        report(f"people: Dask build, {events} events", [timed])
        same = _tree(local) == _tree(remote)
        print(f"people: Dask output byte-identical to the local build: {same}", flush=True)
        if not same:
            raise SystemExit("Dask and local builds differ")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--people-scales",
        default="",
        metavar="EVENTS:PEOPLE,...",
        help="issue 46's goals on these archives (e.g. 1000:12000,3000:30000)",
    )
    parser.add_argument(
        "--people-baseline",
        type=Path,
        default=None,
        metavar="DIR",
        help="with --people-scales: also measure the trfsite checked out in DIR, first",
    )
    parser.add_argument("--people-events", type=int, default=300, metavar="N")
    parser.add_argument("--people", type=int, default=6000, metavar="N", help="pool size")
    parser.add_argument(
        "--people-full",
        action="store_true",
        help="build the site even above 1,000 events (10,000: ~30 GB of output, ~20 min)",
    )
    parser.add_argument(
        "--people-dask",
        type=int,
        default=0,
        metavar="N",
        help="also build N events on a local Dask cluster and compare",
    )


def bench_people(args: argparse.Namespace) -> None:
    if args.people_scales:
        scales = [
            (int(events), int(people))
            for events, people in (part.split(":") for part in args.people_scales.split(","))
        ]
        bench_scales(scales, args.seed, args.people_baseline)
        return
    if args.people_events <= 1000 or args.people_full:
        runs = min(getattr(args, "runs", 3), 3) if args.people_events <= 1000 else 1
        bench_builds(args.people_events, args.people, args.seed, runs)
    bench_resolve(args.people_events, args.people, args.seed)
    if args.people_dask:
        bench_dask(args.people_dask, args.people, args.seed)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=3, help="cold builds timed")
    add_arguments(parser)
    bench_people(parser.parse_args(argv))


if __name__ == "__main__":
    main()
