"""Where a site build spends its time: CPU seconds per phase, in one process.

Builds SRC the way ``trfsite build --no-pdf --jobs 1`` does, with timers around
the phases of each event: reading and validating the file, the standings (final
and after each round), the page contexts, rendering the templates, the offline
copy (deflating the pages, putting the zip together), writing the files, the
people step's own work (identity, build state), the site's open data and Python's
cycle collector (set as the ``trfsite`` program sets it: the build's own passes). Prints
the sum of each phase over all events, and per event built; a phase whose share
grows is where to look first (then profile it, e.g. with pyinstrument).
``--templates`` splits "render" by template: pages, CPU per page, bytes per page.
``--rebuild OUT`` builds into an existing output with its cache, as a rebuild after
one changed file does: the last phases (discovery, the cache plan and manifest, the
home page, ``data/archive.sqlite``, publishing) are what grows with an archive.

    python benchmarks/bench_phases.py SRC              # a folder of tournament files
    python benchmarks/bench_phases.py SRC --templates  # and the render by page kind
    python benchmarks/bench_phases.py --open 2000 11   # a generated open, built in a temp folder
    python benchmarks/bench_phases.py SRC --rebuild OUT  # a rebuild of OUT (built before)

CPU time (``time.process_time``) is used so that other work on the machine
does not count; the file system's own time shows as the gap between "write"
CPU and the wall time of the whole build.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from generate import generate_individual_swiss  # noqa: E402

PHASES = (
    "read+validate",
    "standings",
    "awards",
    "explanations",
    "page contexts",
    "people contexts",
    "render",
    "offline copy",
    "write",
    "people step",
    "open data",
    # What a rebuild does for the whole archive (issue 46): they should not grow with it.
    "discover",
    "plan (cache)",
    "cache write",
    "home page",
    "archive.sqlite",
    "publish",
    # Python's cycle collector, set as the ``trfsite`` program sets it (its passes fall
    # in whichever phase allocates; counted here, not there).
    "collector",
)
# The CPU of timed calls still running, innermost last: a phase counts its own time
# only, not that of timed calls inside it (a person page's render is "render").
_RUNNING: list[float] = []


@contextmanager
def _collector_timed(totals: dict[str, float]) -> Iterator[None]:
    """The collector as ``cli.main`` sets it (imports frozen, passes rarer), each pass's
    CPU in ``totals["collector"]`` and not in the phase it fell in."""
    started = [0.0]

    def record(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started[0] = time.process_time()
            return
        spent = time.process_time() - started[0]
        totals["collector"] += spent
        if _RUNNING:
            _RUNNING[-1] += spent

    was_enabled, threshold = gc.isenabled(), gc.get_threshold()
    gc.freeze()
    gc.set_threshold(10_000, 20, 20)
    gc.enable()
    gc.callbacks.append(record)
    try:
        yield
    finally:
        gc.callbacks.remove(record)
        gc.set_threshold(*threshold)
        gc.unfreeze()
        if not was_enabled:
            gc.disable()


@contextmanager
def _timed(owner: Any, name: str, phase: str, totals: dict[str, float]) -> Iterator[None]:
    """Wrap ``owner.name`` so that its own CPU time adds up in ``totals[phase]``."""
    original: Callable[..., Any] = getattr(owner, name)

    def timed(*args: Any, **kwargs: Any) -> Any:
        started = time.process_time()
        _RUNNING.append(0.0)
        try:
            return original(*args, **kwargs)
        finally:
            spent = time.process_time() - started
            inner = _RUNNING.pop()
            totals[phase] += spent - inner
            if _RUNNING:
                _RUNNING[-1] += spent

    setattr(owner, name, timed)
    try:
        yield
    finally:
        setattr(owner, name, original)


@dataclass(slots=True)
class Rendered:
    """One template's pages in a build."""

    pages: int = 0
    cpu: float = 0.0
    chars: int = 0


@contextmanager
def _by_template(owner: Any, frames: Any, templates: dict[str, Rendered]) -> Iterator[None]:
    """Count the pages, CPU and characters by template of ``owner.render_page``, of
    ``owner.page_pieces`` (a page written as it is made: an archive's home page) and of
    ``frames.render`` (``PageFrames``: game pages and player cards, most of them
    written in Python; a page rendered whole inside it counts once)."""
    original: Callable[..., str] = owner.render_page
    original_pieces: Callable[..., Iterator[str]] = owner.page_pieces
    original_framed: Callable[..., str] = frames.render
    inside = [False]

    def add(template: str, started: float, text: str) -> None:
        made = templates.setdefault(template, Rendered())
        made.pages += 1
        made.cpu += time.process_time() - started
        made.chars += len(text)

    def counted(env: Any, template: str, context: object) -> str:
        started = time.process_time()
        text = original(env, template, context)
        if not inside[0]:
            add(template, started, text)
        return text

    def pieces(env: Any, template: str, context: object) -> Iterator[str]:
        made = templates.setdefault(template, Rendered())
        made.pages += 1
        made_pieces = original_pieces(env, template, context)
        while True:  # the CPU of making each piece, not of writing it
            started = time.process_time()
            piece = next(made_pieces, None)
            made.cpu += time.process_time() - started
            if piece is None:
                return
            made.chars += len(piece)
            yield piece

    def framed(self: Any, page: object) -> str:
        started = time.process_time()
        inside[0] = True
        try:
            text = original_framed(self, page)
        finally:
            inside[0] = False
        add(self.template, started, text)
        return text

    owner.render_page = counted
    owner.page_pieces = pieces
    frames.render = framed
    try:
        yield
    finally:
        owner.render_page = original
        owner.page_pieces = original_pieces
        frames.render = original_framed


@dataclass(slots=True)
class Measured:
    totals: dict[str, float]  # CPU seconds per phase (its own time)
    cpu: float  # of the whole build
    wall: float
    events: int  # events built
    templates: dict[str, Rendered]


def measure(src: Path, out: Path, rebuild: bool = False) -> Measured:
    """CPU per phase and per template of one build of ``src`` into ``out`` (``rebuild``:
    with the cache of the build already there)."""
    from trfsite.awards import event as awards
    from trfsite.pages import cards, gather, plan, reading
    from trfsite.people import pages as people_pages
    from trfsite.render import environment as render
    from trfsite.site import (
        archive_work,
        build,
        cache,
        event_build,
        events,
        page_frame,
        people,
        people_files,
        publish,
        site_wide,
        writer,
    )
    from trfsite.site.build import BuildOptions, build_site

    totals: dict[str, float] = defaultdict(float)
    templates: dict[str, Rendered] = {}
    built = [0]
    wrappers = [
        _collector_timed(totals),
        _timed(reading, "read_file", "read+validate", totals),
        _timed(reading, "validate_file", "read+validate", totals),
        _timed(gather, "compute_final", "standings", totals),
        _timed(gather, "ranked_rounds", "standings", totals),
        _timed(awards, "event_awards", "awards", totals),
        _timed(cards.CardExplanations, "prepare", "explanations", totals),
        _timed(plan.PagePlan, "build", "page contexts", totals),
        _timed(people_pages.PersonInput, "make", "people contexts", totals),
        _by_template(render, page_frame.PageFrames, templates),
        _timed(render, "render_page", "render", totals),
        _timed(page_frame.PageFrames, "render", "render", totals),
        _timed(event_build, "pack", "offline copy", totals),
        _timed(events, "write_offline_zip", "offline copy", totals),
        _timed(writer.SiteWriter, "write_bytes", "write", totals),
        _timed(people_files, "_place", "write", totals),
        _timed(people, "build_people", "people step", totals),
        _timed(site_wide, "write_open_data", "open data", totals),
        _timed(build, "discover", "discover", totals),
        _timed(build, "plan_events", "plan (cache)", totals),
        _timed(cache, "save_entries", "cache write", totals),
        _timed(site_wide, "rows_of", "home page", totals),
        _timed(site_wide, "write_home", "home page", totals),
        _timed(archive_work, "write_archive", "archive.sqlite", totals),
        _timed(publish, "publish", "publish", totals),
    ]
    with ExitStack() as stack:
        for wrapper in wrappers:
            stack.enter_context(wrapper)
        counting = events.build_event

        def build_one(task: Any) -> Any:
            built[0] += 1
            return counting(task)

        events.build_event = build_one
        try:
            cpu, wall = time.process_time(), time.perf_counter()
            build_site(BuildOptions(src, out, pdf=False, jobs=1, cache=rebuild))
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        finally:
            events.build_event = counting
        return Measured(totals, cpu, wall, built[0], templates)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("src", nargs="?", type=Path, help="folder of tournament files")
    parser.add_argument("--open", nargs=2, type=int, metavar=("PLAYERS", "ROUNDS"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--templates", action="store_true", help="split render by template")
    parser.add_argument(
        "--rebuild",
        type=Path,
        metavar="OUT",
        help="build SRC into OUT (built before) with its cache, as a rebuild does",
    )
    args = parser.parse_args(argv)
    if (args.src is None) == (args.open is None):
        parser.error("give SRC or --open PLAYERS ROUNDS")
    if args.rebuild is not None:
        if args.src is None:
            parser.error("--rebuild needs SRC")
        # The build date as OUT's build had it (SOURCE_DATE_EPOCH or today): it is in
        # every event's cache key.
        report(args.src, measure(args.src, args.rebuild, rebuild=True), args.templates)
        return
    os.environ.setdefault("SOURCE_DATE_EPOCH", "1700000000")
    with tempfile.TemporaryDirectory() as tmp:
        src = args.src
        if src is None:
            src = Path(tmp) / "src"
            src.mkdir()
            players, rounds = args.open
            text = generate_individual_swiss(players, rounds, args.seed)
            (src / "open.trf").write_text(text, encoding="utf-8")
        measured = measure(src, Path(tmp) / "out")
    report(src, measured, args.templates)


def report(src: Path, m: Measured, by_template: bool) -> None:
    events = max(1, m.events)
    print(f"build of {src}: wall {m.wall:.2f} s, CPU {m.cpu:.2f} s, {m.events} event(s) built")
    print(f"  {'phase':<16} {'CPU s':>7}  {'share':>6}  {'ms/event':>8}")
    for phase in PHASES:
        spent = m.totals[phase]
        share = spent / m.cpu if m.cpu else 0.0
        print(f"  {phase:<16} {spent:7.2f}  {share:6.1%}  {1000 * spent / events:8.1f}")
    rest = m.cpu - sum(m.totals[p] for p in PHASES)
    other = rest / m.cpu if m.cpu else 0.0
    what = "(listing players, the home page, static files, planning, publishing)"
    print(f"  {'other':<16} {rest:7.2f}  {other:6.1%}  {1000 * rest / events:8.1f}  {what}")
    print(f"  {'all':<16} {m.cpu:7.2f}  {1:6.1%}  {1000 * m.cpu / events:8.1f}")
    if not by_template:
        return
    heads = f"{'pages':>6} {'CPU s':>7} {'ms/page':>8} {'KB/page':>8} {'ms/event':>8}"
    print(f"  {'template':<24} {heads}")
    for name, made in sorted(m.templates.items(), key=lambda item: -item[1].cpu):
        print(
            f"  {name:<24} {made.pages:6d} {made.cpu:7.2f} {1000 * made.cpu / made.pages:8.2f}"
            f" {made.chars / made.pages / 1000:8.1f} {1000 * made.cpu / events:8.1f}"
        )


if __name__ == "__main__":
    main()
