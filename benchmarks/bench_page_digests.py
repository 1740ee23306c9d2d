"""A rebuild's work on the people pages' digests in the build state (issue 46), alone.

    python benchmarks/bench_page_digests.py [--pages 118016] [--runs 5]

A state of PAGES stored pages (10,000 events have 118,016) is made in a temporary
folder; then, as a rebuild that resolves one event's part alone: the stored pages read,
300 looked at again (200 set to the same digest, 50 changed, 50 gone), 20 new, the
stamp, and the save (rolled back by making the state again). Prints the CPU seconds of
each step, best of RUNS. The tree measured is the one imported: run it with another
checkout's interpreter, or ``PYTHONPATH``, to compare (it knows main's calls too).
"""

from __future__ import annotations

import argparse
import random
import shutil
import tempfile
import time
from pathlib import Path

from trfsite.site.state import BuildState, Changes, Resolved

NOTHING = Resolved((), None, (), "", {})


def _stored(folder: Path, pages: int) -> tuple[Path, str]:
    """A state holding ``pages`` people pages; its path and stamp."""
    path = folder / "made.sqlite"
    rng = random.Random(1)
    with BuildState(path) as state:
        made = state.made_pages()
        for n in range(pages):
            made[f"people/{n % 97:02d}/{n:07d}.html"] = f"{rng.getrandbits(256):064x}"
        stamp = made.stamp()
        state.save(Changes({}, made, NOTHING, stamp))
        # Then one rebuild on it, which keeps what a rebuild keeps for the next one.
        made = state.made_pages()
        if hasattr(made, "on_stored"):
            made.on_stored(())
        else:
            made.update(state.page_digests(stamp))
        stamp = made.stamp()
        state.save(Changes({}, made, NOTHING, stamp))
    return path, stamp


def _rebuild(path: Path, stamp: str) -> dict[str, float]:
    """The steps' CPU seconds of one rebuild's page digests on the state at ``path``."""
    times: dict[str, float] = {}
    with BuildState(path) as state:
        start = time.process_time()
        incremental = hasattr(state, "page_paths")
        old = state.page_paths(stamp) if incremental else state.page_digests(stamp)
        times["read"] = time.process_time() - start
        rng = random.Random(2)  # what the people step finds (not measured)
        looked = rng.sample(sorted(old), 300)
        links = sorted(old.keys() - set(looked))
        read = time.process_time()
        made = state.made_pages()
        if incremental:
            made.on_stored(old.keys() - set(links))
            digests = state.digests_of(looked)
        else:
            made.update({p: old[p] for p in links})
            digests = {p: old[p] for p in looked}
        for n, path_looked in enumerate(looked[:250]):
            made[path_looked] = digests[path_looked] if n < 200 else "0" * 64
        for n in range(20):
            made[f"people/new/{n}.html"] = "1" * 64
        written = time.process_time()
        times["write"] = written - read
        new_stamp = made.stamp()
        stamped = time.process_time()
        times["stamp"] = stamped - written
        state.save(Changes({}, made, NOTHING, new_stamp))
        times["save"] = time.process_time() - stamped
    times["all"] = sum(times.values())
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=118_016)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="trfsite-digests-") as tmp:
        folder = Path(tmp)
        made, stamp = _stored(folder, args.pages)
        best: dict[str, float] = {}
        for _ in range(args.runs):
            copy = folder / "state.sqlite"
            shutil.copyfile(made, copy)
            for step, seconds in _rebuild(copy, stamp).items():
                best[step] = min(best.get(step, seconds), seconds)
    steps = "  ".join(f"{step} {seconds:.3f}" for step, seconds in best.items())
    print(f"{args.pages} stored pages, CPU s (best of {args.runs}): {steps}")


if __name__ == "__main__":
    main()
