"""Where a site build spends its time: CPU seconds per phase, in one process.

Builds SRC the way ``trfsite build --no-pdf --jobs 1`` does, with timers around
the phases of each event: reading and validating the file, the standings (final
and after each round), the page contexts, rendering the templates, and writing
the files. Prints the sum of each phase over all events; a phase whose share
grows is where to look first (then profile it, e.g. with pyinstrument).

    python benchmarks/bench_phases.py SRC            # a folder of tournament files
    python benchmarks/bench_phases.py --open 2000 11 # a generated open, built in a temp folder

CPU time (``time.process_time``) is used so that other work on the machine
does not count; the file system's own time shows as the gap between "write"
CPU and the wall time of the whole build.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
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
    "write",
)
# The CPU of timed calls still running, innermost last: a phase counts its own time
# only, not that of timed calls inside it (a person page's render is "render").
_RUNNING: list[float] = []


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


def measure(src: Path, out: Path) -> tuple[dict[str, float], float, float]:
    """(CPU seconds per phase, CPU of the whole build, wall time of the whole build)."""
    from trfsite.awards import event as awards
    from trfsite.pages import cards, gather, plan, reading
    from trfsite.people import pages as people_pages
    from trfsite.render import environment as render
    from trfsite.site import people, writer
    from trfsite.site.build import BuildOptions, build_site

    totals: dict[str, float] = defaultdict(float)
    with (
        _timed(reading, "read_file", "read+validate", totals),
        _timed(reading, "validate_file", "read+validate", totals),
        _timed(gather, "compute_final", "standings", totals),
        _timed(gather, "compute_rounds", "standings", totals),
        _timed(awards, "event_awards", "awards", totals),
        _timed(cards.CardExplanations, "prepare", "explanations", totals),
        _timed(plan.PagePlan, "build", "page contexts", totals),
        _timed(people_pages.PersonInput, "make", "people contexts", totals),
        _timed(render, "render_page", "render", totals),
        _timed(writer.SiteWriter, "write_bytes", "write", totals),
        _timed(people, "_place", "write", totals),
    ):
        cpu, wall = time.process_time(), time.perf_counter()
        build_site(BuildOptions(src, out, pdf=False, jobs=1, cache=False))
        return totals, time.process_time() - cpu, time.perf_counter() - wall


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("src", nargs="?", type=Path, help="folder of tournament files")
    parser.add_argument("--open", nargs=2, type=int, metavar=("PLAYERS", "ROUNDS"))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if (args.src is None) == (args.open is None):
        parser.error("give SRC or --open PLAYERS ROUNDS")
    os.environ.setdefault("SOURCE_DATE_EPOCH", "1700000000")
    with tempfile.TemporaryDirectory() as tmp:
        src = args.src
        if src is None:
            src = Path(tmp) / "src"
            src.mkdir()
            players, rounds = args.open
            text = generate_individual_swiss(players, rounds, args.seed)
            (src / "open.trf").write_text(text, encoding="utf-8")
        totals, cpu, wall = measure(src, Path(tmp) / "out")
    print(f"build of {src}: wall {wall:.2f} s, CPU {cpu:.2f} s")
    for phase in PHASES:
        share = totals[phase] / cpu if cpu else 0.0
        print(f"  {phase:<16} {totals[phase]:7.2f} s  {share:6.1%}")
    rest = cpu - sum(totals[p] for p in PHASES)
    other = rest / cpu if cpu else 0.0
    what = "(players listed, people resolved, home page, static files)"
    print(f"  {'other':<16} {rest:7.2f} s  {other:6.1%}  {what}")


if __name__ == "__main__":
    main()
