"""What the people step of a first build holds, part by part (issue 46: the build
process's memory grows with the archive).

Reads every event's entries from a build's state (``OUT.builds/.trfsite-state.sqlite``
of a cold build), then resolves, plans and makes the listing rows as the build does,
printing the Python memory (tracemalloc) each part keeps::

    python benchmarks/bench_people_held.py /tmp/out.builds/.trfsite-state.sqlite

Run it with each tree's interpreter (e.g. a ``git archive`` of main with its own venv)
on the same state to compare them.
"""

from __future__ import annotations

import argparse
import gc
import tracemalloc
from pathlib import Path

from trfsite.people.entries import SharedValues
from trfsite.people.identity import resolve
from trfsite.people.listings import every_group
from trfsite.people.pages import PeoplePlanner
from trfsite.people.rows import person_rows
from trfsite.render.page_meta import SiteInfo
from trfsite.site.state import BuildState


def _held() -> float:
    gc.collect()
    return tracemalloc.get_traced_memory()[0] / 2**20


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("state", type=Path, help="a build state (.trfsite-state.sqlite)")
    args = parser.parse_args()
    tracemalloc.start()
    start = _held()
    with BuildState(args.state) as state:
        events = state.events(sorted(state.known_events()), SharedValues())
    count = sum(len(event.entries) for event in events.values())
    read = _held()
    print(f"entries, packed, and their table: {read - start:.2f} MiB ({count} entries)")
    tracemalloc.reset_peak()
    resolution = resolve(events.values())
    resolved = _held()
    peak = tracemalloc.get_traced_memory()[1] / 2**20 - read
    print(
        f"resolution: +{resolved - read:.2f} MiB (peak +{peak:.2f}),"
        f" {len(resolution.people)} people"
    )
    site = SiteInfo("Results", "en", "", "2024-05-01", "trfsite")
    planner = PeoplePlanner(resolution, site, {e.file: key for key, e in events.items()})
    planned = _held()
    print(f"planner: +{planned - resolved:.2f} MiB")
    rows = person_rows(resolution, resolution.people)
    listed = _held()
    print(f"listing rows: +{listed - planned:.2f} MiB")
    groups = every_group(rows)
    print(f"groups: +{_held() - listed:.2f} MiB ({len(groups.counts)})")
    del planner  # alive to here: its maps are among what is measured


if __name__ == "__main__":
    main()
