"""Time the PDF bulletin of a generated individual Swiss (default 2000 players, 9 rounds).

Prints the time of each step (read, standings, HTML, WeasyPrint layout, PDF
writing) and the page count. Target: <= 30 s for 2000 players on the 2-core
development machine.

    python benchmarks/bench_pdf.py [--players 2000] [--rounds 9] [--out bulletin.pdf]
"""

from __future__ import annotations

import argparse
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

    from weasyprint import HTML

    from trfsite.formats import read_bytes
    from trfsite.pages.contexts import BulletinData
    from trfsite.pdf import STATIC_BASE, _make_fetcher, bulletin_html, static_folders
    from trfsite.render.environment import make_environment
    from trfsite.render.theme import find_theme, theme_chain
    from trfsite.standings.compute import compute_standings
    from trfsite.standings.options import StandingsOptions

    text = generate_individual_swiss(args.players, args.rounds, args.seed)
    started = time.perf_counter()
    result = read_bytes(text.encode("utf-8"), "generated.trf")
    t = result.tournament
    assert t is not None
    read_done = time.perf_counter()
    standings = compute_standings(t, StandingsOptions())
    standings_done = time.perf_counter()
    env = make_environment(theme_chain(find_theme("bulletin")), "en")
    data = BulletinData(t, standings, (), len(result.findings), t.name, "2024-01-01", "", "en")
    html = bulletin_html(data, env)
    html_done = time.perf_counter()
    document = HTML(
        string=html, base_url=STATIC_BASE, url_fetcher=_make_fetcher(static_folders(env))
    ).render()
    layout_done = time.perf_counter()
    pdf = document.write_pdf(pdf_identifier=True)
    write_done = time.perf_counter()
    if args.out is not None:
        args.out.write_bytes(pdf)
    print(f"players {args.players}, rounds {args.rounds}, pages {len(document.pages)}")
    print(f"read       {read_done - started:7.2f} s")
    print(f"standings  {standings_done - read_done:7.2f} s")
    print(f"html       {html_done - standings_done:7.2f} s  ({len(html) / 1e6:.1f} MB)")
    print(f"layout     {layout_done - html_done:7.2f} s")
    print(f"write      {write_done - layout_done:7.2f} s  ({len(pdf) / 1e6:.1f} MB)")
    print(f"bulletin   {write_done - standings_done:7.2f} s  (html + layout + write)")


if __name__ == "__main__":
    main()
