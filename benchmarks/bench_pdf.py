"""Time the PDF bulletin of a generated individual Swiss (default 2000 players, 9 rounds).

Prints the wall and CPU time of each step (read, standings, HTML, WeasyPrint
layout, PDF writing), the page count, the size and the peak memory. The
bulletin is the one ``trfsite build`` makes: with the rating-change table
(default award settings), its HTML laid out as one document. CPU time is the
figure to compare on a shared machine.

    python benchmarks/bench_pdf.py [--players 2000] [--rounds 9] [--out bulletin.pdf]
"""

from __future__ import annotations

import argparse
import gc
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from generate import generate_individual_swiss  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)

    from trfsite.awards.event import event_awards
    from trfsite.awards.settings import AwardSettings
    from trfsite.formats import read_bytes
    from trfsite.pages.contexts import BulletinData
    from trfsite.pdf import STATIC_BASE, _make_fetcher, bulletin_html, static_folders
    from trfsite.render.environment import make_environment
    from trfsite.render.theme import find_theme, theme_chain
    from trfsite.standings.compute import compute_standings
    from trfsite.standings.options import StandingsOptions

    text = generate_individual_swiss(args.players, args.rounds, args.seed)
    marks: list[tuple[float, float]] = [(time.perf_counter(), time.process_time())]

    def mark() -> None:
        marks.append((time.perf_counter(), time.process_time()))

    from weasyprint import HTML

    mark()
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
    html = bulletin_html(data, env)
    mark()
    parsed = HTML(string=html, base_url=STATIC_BASE, url_fetcher=_make_fetcher(static_folders(env)))
    document = parsed.render()
    mark()
    # dated and signed as trfsite.pdf writes it
    document.metadata.created = document.metadata.modified = data.build_date
    document.metadata.generator = "trfsite"
    pdf = document.write_pdf(pdf_identifier=True)
    mark()
    if args.out is not None:
        args.out.write_bytes(pdf)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"players {args.players}, rounds {args.rounds}, pages {len(document.pages)}")
    names = ("import", "read", "standings", "html", "layout", "write")
    notes = (
        "(weasyprint)",
        "",
        "(and awards)",
        f"({len(html) / 1e6:.1f} MB)",
        "(and parse)",
        f"({len(pdf) / 1e6:.2f} MB)",
    )
    for name, note, (w0, c0), (w1, c1) in zip(names, notes, marks[:-1], marks[1:], strict=True):
        print(f"{name:10} {w1 - w0:7.2f} s wall {c1 - c0:7.2f} s cpu  {note}")
    (w0, c0), (w1, c1) = marks[3], marks[-1]
    print(f"bulletin   {w1 - w0:7.2f} s wall {c1 - c0:7.2f} s cpu  (html + layout + write)")
    print(f"peak RSS   {peak:7.0f} MB")


if __name__ == "__main__":
    main()
