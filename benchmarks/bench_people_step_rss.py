"""The people step of a cold build replayed without rendering, the process's VmRSS at
each moment and its VmHWM (issue 46: the largest process of a 3,000-event build).

No build needed (a cold 3,000-event build takes 15-60 minutes on a shared machine): the
archive's events are read from its files by a child process (``read_archive``, ~2
minutes at 3,000 events), which streams them to a temporary file; this process packs
them one at a time, as a build does when they come from its workers, then resolves,
plans every person page (a digest of its inputs; one in ten made and pickled, as sent
to a worker), makes the listing rows and the listing pages (digested, pickled)::

    python benchmarks/bench_people_step_rss.py /work/data/a3000

Unlike a build, each entry keeps its rounds (a build keeps them on disk): the first
figure is higher (~25 MiB at 3,000 events), the steps after it compare. Run it with each
tree's interpreter, with ``PYTHONHASHSEED=0``, to compare them.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import pickle
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path

from trfsite.people.entries import EventEntries, SharedValues
from trfsite.people.identity import Person, resolve
from trfsite.people.listings import (
    GroupInput,
    every_group,
    listed,
    listing_pages,
    namesakes_pages,
)
from trfsite.people.pages import PeoplePlanner, PersonPlan
from trfsite.people.rows import person_rows
from trfsite.render.page_meta import SiteInfo
from trfsite.site.people import read_archive
from trfsite.site.people_digests import group_digest, listing_digest


def _status(name: str) -> float:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith(name):
                return int(line.split()[1]) / 1024
    return 0.0


def _say(moment: str) -> None:
    print(f"{moment}: VmRSS {_status('VmRSS'):.1f} MiB, VmHWM {_status('VmHWM'):.1f}", flush=True)


def _dump(source: Path, stream: Path) -> None:
    with stream.open("wb") as out:
        for event in read_archive(source).events:
            pickle.dump(event, out, protocol=pickle.HIGHEST_PROTOCOL)


def _packed(stream: Path) -> list[EventEntries]:
    shared = SharedValues()
    events = []
    with stream.open("rb") as source:
        while True:
            try:
                events.append(shared.event(pickle.load(source)))
            except EOFError:
                return events


def _plan_every_page(planner: PeoplePlanner, people: Iterable[Person]) -> int:
    """Every person page planned (no plan outlives this: each holds the planner)."""
    planned = 0
    for person in people:
        for item in planner.person_pages(person):
            if isinstance(item, PersonPlan):
                hashlib.sha256(item.inputs.encode("utf-8", "surrogatepass")).hexdigest()
                if planned % 10 == 0:
                    pickle.dumps(item.cut(), protocol=pickle.HIGHEST_PROTOCOL)
                planned += 1
    return planned


def _replay(stream: Path) -> None:
    events = _packed(stream)
    gc.collect()
    _say(f"{len(events)} events packed")
    resolution = resolve(events, key_of=False)  # as a cold build
    _say(f"resolved ({len(resolution.people)} people)")
    site = SiteInfo("Results", "en", "", "2024-05-01", "trfsite")
    planner = PeoplePlanner(resolution, site, {e.file: f"k{i}" for i, e in enumerate(events)})
    _say("planner")
    planned = _plan_every_page(planner, resolution.people)
    _say(f"person pages planned ({planned})")
    # As a build: what the listings read of the entries, the planner let go of, the
    # rows, then the entries let go of (the build's state holds them by then:
    # ``BuildState.put_events``).
    for page in namesakes_pages(planner):
        listing_digest("", "", page.template, page.context)
        pickle.dumps(page, protocol=pickle.HIGHEST_PROTOCOL)
    shown = listed(planner)
    del planner
    rows = person_rows(resolution, resolution.people)
    _say("listing rows")
    del resolution
    events.clear()
    gc.collect()
    _say("the events' entries let go of")
    for page in listing_pages(shown, every_group(rows)).pages:
        if isinstance(page, GroupInput):  # made on a worker, from its rows
            group_digest("", "", page)
        else:
            listing_digest("", "", page.template, page.context)
        pickle.dumps(page, protocol=pickle.HIGHEST_PROTOCOL)
    _say("listing pages digested and pickled")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=Path, help="an archive's folder (e.g. /work/data/a3000)")
    parser.add_argument("--dump", type=Path, help=argparse.SUPPRESS)  # the child's part
    parser.add_argument(
        "--events",
        type=Path,
        help="the events read kept in this file, read from it when it exists (a replay of"
        " another tree: the same events, without reading the archive again)",
    )
    args = parser.parse_args()
    if args.dump is not None:
        _dump(args.source, args.dump)
        return
    if args.events is not None:
        if not args.events.exists():
            _read_apart(args.source, args.events)
        _replay(args.events)
        return
    with tempfile.TemporaryDirectory() as folder:
        stream = Path(folder) / "events.pickle"
        _read_apart(args.source, stream)
        _replay(stream)


def _read_apart(source: Path, stream: Path) -> None:
    # Read apart: parsing every file leaves this process's heap larger than a build's.
    subprocess.run([sys.executable, __file__, str(source), "--dump", str(stream)], check=True)


if __name__ == "__main__":
    main()
