"""Where the HTML of one event goes: CPU seconds and megabytes per template.

Reads and ranks the event once, then makes every page of it ``--runs`` times in
this process (templates compiled beforehand, the cycle collector paused as in a
build; game pages and player cards through their shared frame, as a build makes
them) and prints, per template, the pages, the CPU seconds per run of their
contexts (the page builders) and of their templates, and the megabytes made.
Nothing is written to disk. Also prints the CPU of each part when the event is
split between two workers (``--parts``).

    python benchmarks/bench_render.py --open 2000 11   # the issue's open
    python benchmarks/bench_render.py FILE.trf --parts

CPU time (``time.process_time``) is used so that other work on the machine
counts less; compare the same command before and after a change.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from generate import generate_individual_swiss  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", type=Path, help="a tournament file")
    parser.add_argument("--open", nargs=2, type=int, metavar=("PLAYERS", "ROUNDS"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--pgn", type=Path, help="a PGN beside it (issue 42)")
    parser.add_argument("--parts", action="store_true", help="CPU of each of two parts")
    args = parser.parse_args(argv)
    if (args.file is None) == (args.open is None):
        parser.error("give FILE or --open PLAYERS ROUNDS")
    os.environ.setdefault("SOURCE_DATE_EPOCH", "1700000000")

    from trfsite.pages.config import load_config
    from trfsite.pages.gather import prepare_event
    from trfsite.pages.plan import EventJob, prepare_batches
    from trfsite.people.links import event_splits
    from trfsite.render.environment import render_page
    from trfsite.render.page_meta import SiteInfo
    from trfsite.render.theme import find_theme, theme_chain
    from trfsite.site.card_body import CardFrames
    from trfsite.site.crosstable_body import CrosstableFrames
    from trfsite.site.event_build import EventTask, build_event, environment
    from trfsite.site.game_frame import GameFrames
    from trfsite.site.round_body import RoundFrames
    from trfsite.site.standings_body import StandingsFrames

    with tempfile.TemporaryDirectory() as tmp:
        if args.file is None:
            players, rounds = args.open
            data = generate_individual_swiss(players, rounds, args.seed).encode("utf-8")
            name = "open.trf"
        else:
            data, name = args.file.read_bytes(), args.file.name
        config = load_config(Path(tmp), None)
        # The site of this one event, as `trfsite build` makes it: no people pages.
        site = SiteInfo("Results", "en", "", "2025-01-01", "trfsite", (), "", people=False)
        games = ((args.pgn.name, args.pgn.read_bytes()),) if args.pgn else ()
        job = EventJob(
            data, name, "event", "", config.for_stem(Path(name).stem), site, False, games
        )
        gc.disable()
        started = time.process_time()
        prepared = prepare_event(job)
        print(f"read, rank and plan: {time.process_time() - started:.2f} s CPU")
        paths = tuple(t.path for t in theme_chain(find_theme(config.theme)))
        env = environment(paths, "en")
        for plan in prepared.plans:
            if plan.template:
                env.get_template(plan.template)
        contexts: dict[str, float] = defaultdict(float)
        seconds: dict[str, float] = defaultdict(float)
        sizes: dict[str, int] = defaultdict(int)
        counts: dict[str, int] = defaultdict(int)
        shared = 0.0
        # Game pages and player cards as the build renders them (site/event_build.py).
        frames = {
            "game.html": GameFrames(env),
            "player.html": CardFrames(env),
            "standings.html": StandingsFrames(env),
            "round.html": RoundFrames(env),
            "crosstable.html": CrosstableFrames(env),
        }
        for run in range(args.runs):
            if run:  # a card hands its explanations over: the next run starts afresh
                prepared = prepare_event(job)
            started = time.process_time()
            prepare_batches(prepared.plans)  # as part_of does: the cards' explanations
            shared += time.process_time() - started
            for plan in prepared.plans:
                started = time.process_time()
                # as part_of builds them
                with event_splits(dict(job.config.people_splits), job.site.people):
                    page = plan.build()
                made = time.process_time()
                if not page.template:  # a download (the games' PGN): its text is the page
                    contexts["(download)"] += time.process_time() - started
                    counts["(download)"] += 1
                    seconds["(download)"] += 0.0
                    continue
                framed = frames.get(page.template)
                if framed is None:
                    html = render_page(env, page.template, page.context)
                else:
                    html = framed.render(page.context)
                contexts[plan.template] += made - started
                seconds[plan.template] += time.process_time() - made
                sizes[plan.template] += len(html.encode("utf-8"))
                counts[plan.template] += 1
        runs = args.runs
        print(f"shared work of the pages (card explanations): {shared / runs:.2f} s CPU per run")
        print(
            f"contexts: {sum(contexts.values()) / runs:.2f} s CPU per run, "
            f"render: {sum(seconds.values()) / runs:.2f} s, "
            f"{sum(sizes.values()) / runs / 1e6:.1f} MB"
        )
        for template in sorted(seconds, key=lambda t: -(seconds[t] + contexts[t])):
            print(
                f"  {template:<20} {counts[template] // runs:5d} pages "
                f"context {contexts[template] / runs:6.3f} s  "
                f"render {seconds[template] / runs:6.3f} s {sizes[template] / runs / 1e6:6.1f} MB"
            )
        gc.enable()
        if args.parts:
            for part in (0, 1):
                out = Path(tmp) / f"part{part}"
                started = time.process_time()
                build_event(EventTask(job, paths, out, part, 2))
                spent = time.process_time() - started
                print(f"part {part} of 2 (read to written): {spent:.2f} s CPU")


if __name__ == "__main__":
    main()
