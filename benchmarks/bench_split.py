"""The critical path of a split build, by process: CPU, not wall, so it holds under load.

A build of one event with two workers (``site/split_event.py``) runs in three steps:
this process prepares the event (``prepare_event``: reading, checks, rankings, plans)
while the other cores wait, then each forked worker renders every n-th page, then
this process finishes the site. Prints, per run, the CPU (user + sys) and minor page
faults of the preparation here and of its steps, of each worker's pages (``part_of``
and rendering), and of the whole build with its children; then the same build with
``--jobs 1``, whose pages are one process's (the workers' sum above it is what
splitting costs).

    python benchmarks/bench_split.py --open 2000 11 --runs 3

The preparation plus the slower worker is the part of the wall time that two cores
cannot shorten; the whole build's CPU is what a busy machine pays.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from generate import generate_individual_swiss  # noqa: E402


def _usage(who: int = resource.RUSAGE_SELF) -> tuple[float, int]:
    used = resource.getrusage(who)
    return used.ru_utime + used.ru_stime, used.ru_minflt


def _counted(real: Callable[..., Any], label: str, lines: list[str]) -> Callable[..., Any]:
    """``real``, its CPU and minor faults added to ``lines`` as "label cpu faults"."""

    def call(*args: Any, **kwargs: Any) -> Any:
        cpu, faults = _usage()
        try:
            return real(*args, **kwargs)
        finally:
            cpu_after, faults_after = _usage()
            lines.append(f"{label} {cpu_after - cpu:.3f} {faults_after - faults}")

    return call


_REAL_PART: list[Callable[..., Any]] = []
_START: list[float] = []  # the build's start, time.monotonic (one clock for every process)
# The steps on the timeline: (wall from, wall to: from the build's start; who; step; CPU).
_Step = tuple[float, float, str, str, float]
_TIMELINE: list[_Step] = []  # this process's steps
_SPANS: list[Path] = []  # the file the workers append their spans to


def _on_timeline(real: Callable[..., Any], step: str) -> Callable[..., Any]:
    """``real``, its wall span from the build's start and its CPU kept for the timeline."""

    def call(*args: Any, **kwargs: Any) -> Any:
        began, cpu = time.monotonic(), _usage()[0]
        try:
            return real(*args, **kwargs)
        finally:
            spent = _usage()[0] - cpu
            ended = time.monotonic() - _START[0]
            _TIMELINE.append((began - _START[0], ended, "build process", step, spent))

    return call


def _timed_part(*args: Any) -> Any:
    """A part's pages (split_event._render_part), its own line printed in a worker."""
    began = time.monotonic()
    cpu, faults = _usage()
    result = _REAL_PART[0](*args)
    cpu_after, faults_after = _usage()
    print(
        f"  worker {args[1]}: {cpu_after - cpu:.3f} s, {faults_after - faults} faults, "
        f"{result.pages} pages"
    )
    span: _Step = (
        began - _START[0],
        time.monotonic() - _START[0],
        f"worker {args[1]}" if args[1] else "build process",
        f"part {args[1]}",
        cpu_after - cpu,
    )
    if args[1]:  # a forked worker: its span printed, and kept for the waits
        print(f"  {_shown(span)}")
        with _SPANS[0].open("a", encoding="utf-8") as spans:
            spans.write(f"{span[0]} {span[1]}\n")
    else:
        _TIMELINE.append(span)
    return result


def _shown(step: _Step) -> str:
    began, ended, who, what, cpu = step
    return f"@{began:7.3f} {ended:7.3f}  {who:<14} {what:<24} cpu {cpu:.3f} s"


def _print_waits(timeline: list[_Step], spans: Path) -> None:
    """How long each core waits in a split build: the workers' core until their part
    starts (the checks' helper aside) and after it ends; this process at the join."""
    steps = {what: (began, ended) for began, ended, _, what, _ in timeline}
    if "part 0" not in steps or not spans.is_file():
        return
    workers = [tuple(map(float, line.split())) for line in spans.read_text("utf-8").splitlines()]
    build_from, build_to = steps["the build"]
    part_to = steps["part 0"][1]
    worker_from = min(began for began, _ in workers)
    worker_to = max(ended for _, ended in workers)
    print(
        f"  waits: the workers' core {worker_from - build_from:.3f} s before its part, "
        f"{build_to - worker_to:.3f} s after it; this process "
        f"{max(0.0, worker_to - part_to):.3f} s for the workers after its own part; "
        f"the parts ended {abs(part_to - worker_to):.3f} s apart, "
        f"{'this process' if part_to > worker_to else 'the workers'} last"
    )


def _run(src: Path, out: Path, jobs: int) -> None:
    """One build in a forked child, its lines printed (the patches die with it)."""
    # The previous build's 100 MB of pages are flushed first: left dirty, the later of
    # two builds took more CPU in 13 pairs of 15 (up to 1.1 s; either tree).
    os.sync()
    child = os.fork()
    if child:
        os.waitpid(child, 0)
        return
    try:
        _build_here(src, out, jobs)
    finally:
        sys.stdout.flush()
        os._exit(0)


def _build_here(src: Path, out: Path, jobs: int) -> None:
    _START[:] = [time.monotonic()]
    _SPANS[:] = [out.with_name(f"{out.name}-spans")]
    from trfsite.awards import event as awards_event
    from trfsite.pages import gather
    from trfsite.site import build, event_build, events, split_event
    from trfsite.site.build import BuildOptions, build_site

    lines: list[str] = []
    # The preparation's steps (the second core waits through them): the file read, the
    # final standings (the declared-ranks search in them), the awards, the standings
    # after each round, the pages planned.
    gather.reading.read_file = _counted(gather.reading.read_file, "  read", lines)
    gather.compute_final = _counted(gather.compute_final, "  final", lines)
    awards_event.event_awards = _counted(awards_event.event_awards, "  awards", lines)
    # This process's share of the rankings after each round (a split event's first
    # rounds are a forked helper's: their CPU is not counted here), and their wait.
    if hasattr(gather, "ranked_rounds"):
        gather.ranked_rounds = _on_timeline(
            _counted(gather.ranked_rounds, "  rounds", lines), "the rounds ranked here"
        )
    else:  # a tree before the helper
        gather.compute_rounds = _on_timeline(
            _counted(gather.compute_rounds, "  rounds", lines), "the rounds ranked here"
        )
    gather._all_pages = _counted(gather._all_pages, "  plans", lines)
    _REAL_PART.append(split_event._render_part)
    split_event._render_part = _timed_part  # the pool pickles it by name: module level
    split_event.prepare_event = _counted(split_event.prepare_event, "prepare", lines)
    event_build.prepare_event = _counted(event_build.prepare_event, "prepare", lines)
    event_build.part_of = _counted(event_build.part_of, "pages", lines)
    event_build.render_event = _counted(event_build.render_event, "pages", lines)
    # The wall timeline (a split build): this process's steps; the workers print theirs.
    split_event.prepare_event = _on_timeline(split_event.prepare_event, "the preparation")
    split_event.event_people = _on_timeline(split_event.event_people, "the event's people")
    split_event.build_split = _on_timeline(split_event.build_split, "the event, joined")
    events.build_split = split_event.build_split
    events.write_offline_zip = _on_timeline(events.write_offline_zip, "the offline copy")
    build.build_events = _on_timeline(build.build_events, "the events")
    build._people = _on_timeline(build._people, "the people pages")
    build.SiteWide.write = _on_timeline(build.SiteWide.write, "the site-wide files")
    _on_timeline(build_site, "the build")(BuildOptions(src, out, pdf=False, cache=False, jobs=jobs))
    for step in sorted(_TIMELINE):
        print(f"  {_shown(step)}")
    _print_waits(_TIMELINE, _SPANS[0])
    cpu, faults = _usage()
    children, child_faults = _usage(resource.RUSAGE_CHILDREN)
    sums: dict[str, list[float]] = {}
    for line in lines:
        label, spent, count = line.rsplit(maxsplit=2)
        sums.setdefault(label, [0.0, 0.0])
        sums[label][0] += float(spent)
        sums[label][1] += int(count)
    for label, (spent, count) in sums.items():
        print(f"  {label} here: {spent:.3f} s, {int(count)} faults")
    print(f"  build (--jobs {jobs}): {cpu + children:.3f} s, {faults + child_faults} faults")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--open", nargs=2, type=int, default=(2000, 11))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    os.environ.setdefault("SOURCE_DATE_EPOCH", "1700000000")
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "src"
        src.mkdir()
        players, rounds = args.open
        text = generate_individual_swiss(players, rounds, args.seed)
        (src / "open.trf").write_text(text, encoding="utf-8")
        for run in range(1, args.runs + 1):
            for jobs in (2, 1):
                print(f"run {run}, --jobs {jobs}:", flush=True)
                _run(src, Path(tmp) / f"out-{run}-{jobs}", jobs)


if __name__ == "__main__":
    main()
