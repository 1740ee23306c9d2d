"""Time the PDF bulletin of a generated individual Swiss (default 2000 players, 11 rounds).

Prints the wall and CPU time (this process and its workers) of reading, ranking,
the bulletin laid out document after document in this process, then laid out in
worker processes (``render_bulletin(parallel=True)``, as a build's bulletin in a
process of its own is), whether both gave the same bytes, the page count, the
size and the peak memory of a process. The bulletin is the one ``trfsite build``
makes: with the rating-change table (default award settings). CPU time is the
figure to compare on a shared machine; ``--one`` lays the whole HTML out as one
document instead, for comparison with how the bulletin is cut.

    python benchmarks/bench_pdf.py [--players 2000] [--rounds 11] [--out bulletin.pdf] [--one]
"""

from __future__ import annotations

import argparse
import gc
import io
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from generate import generate_individual_swiss  # noqa: E402


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--one", action="store_true", help="the HTML as one document")
    args = parser.parse_args(argv)

    import pypdf

    from trfsite.awards.event import event_awards
    from trfsite.awards.settings import AwardSettings
    from trfsite.formats import read_bytes
    from trfsite.pages.contexts import BulletinData
    from trfsite.pdf import bulletin_html, render_bulletin, static_folders
    from trfsite.pdf.layout import lay_out
    from trfsite.render.environment import make_environment
    from trfsite.render.theme import find_theme, theme_chain
    from trfsite.standings.compute import compute_standings
    from trfsite.standings.options import StandingsOptions

    text = generate_individual_swiss(args.players, args.rounds, args.seed)
    marks: list[tuple[float, float]] = [(time.perf_counter(), _cpu())]

    def mark() -> None:
        marks.append((time.perf_counter(), _cpu()))

    result = read_bytes(text.encode("utf-8"), "generated.trf")
    t = result.tournament
    assert t is not None
    mark()
    standings = compute_standings(t, StandingsOptions())
    awards = event_awards(standings, AwardSettings())
    mark()
    # a build draws the bulletin with the cycle collector paused (site.event_build)
    gc.disable()
    env = make_environment(theme_chain(find_theme("bulletin")), "en")
    data = BulletinData(
        t, standings, (), len(result.findings), t.name, "2024-01-01", "", "en", awards=awards
    )
    if args.one:
        html = bulletin_html(data, env)
        mark()
        pdf = lay_out(html, static_folders(env), data.build_date).pdf
        mark()
        steps = ["read", "standings", "html", "one document"]
        same = ""
    else:
        pdf = render_bulletin(data, env)
        mark()
        apart = render_bulletin(data, env, parallel=True)
        mark()
        steps = ["read", "standings", "in turn", "in parallel"]
        same = "the same bytes" if apart == pdf else "DIFFERENT bytes"
    if args.out is not None:
        args.out.write_bytes(pdf)
    pages = len(pypdf.PdfReader(io.BytesIO(pdf)).pages)
    print(f"players {args.players}, rounds {args.rounds}, pages {pages}, {len(pdf) / 1e6:.2f} MB")
    for name, (w0, c0), (w1, c1) in zip(steps, marks[:-1], marks[1:], strict=True):
        print(f"{name:12} {w1 - w0:7.2f} s wall {c1 - c0:7.2f} s cpu")
    if same:
        print(f"parallel and in turn: {same}")
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    workers = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"peak RSS     {own:7.0f} MB here, {workers:.0f} MB in the largest worker")


if __name__ == "__main__":
    main()
