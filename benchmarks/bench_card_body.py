"""The player cards' bodies written in Python (``site/card_body.py``), apart from the
rest of a build: the cards of the first N events under SRC, written PASSES times.

    python benchmarks/bench_card_body.py /tmp/s12/a40 --events 10 --passes 5

Prints the cards and the CPU of the passes. Under load the CPU says little: count
instructions instead, the passes against none (the preparation alone), e.g.

    PYTHONHASHSEED=0 valgrind --tool=cachegrind --cache-sim=no \\
        python benchmarks/bench_card_body.py SRC --passes 0   # and --passes 5

(the difference, by the passes and the cards: a card's body in instructions). Two
trees compared at the same ``--passes`` differ by the passes and the first one.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from trfsite.pages import gather
from trfsite.pages.config import EventConfig
from trfsite.pages.contexts import PlayerCardPage
from trfsite.pages.plan import EventJob
from trfsite.render.environment import make_environment
from trfsite.render.page_meta import SiteInfo
from trfsite.render.theme import find_theme, theme_chain
from trfsite.site.card_body import CardParts


def _cards(src: Path, events: int) -> list[PlayerCardPage]:
    site = SiteInfo("Results", "en", "", "2024-05-01", "t")
    cards = []
    for path in sorted(src.rglob("*.trf"))[:events]:
        job = EventJob(path.read_bytes(), path.name, path.stem, "", EventConfig(), site, False)
        plans = gather.prepare_event(job).plans
        cards += [plan.build().context for plan in plans if plan.template == "player.html"]
    return cards


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("src", type=Path)
    parser.add_argument("--events", type=int, default=10)
    parser.add_argument("--passes", type=int, default=5)
    args = parser.parse_args()
    cards = _cards(args.src, args.events)
    env = make_environment(theme_chain(find_theme("default")), "en")
    parts = CardParts(env)
    for card in cards:  # once before the passes: the templates and macros loaded
        parts.body(card)
    start = time.process_time()
    for _ in range(args.passes):
        parts = CardParts(env)  # a writer a pass, as each event's cards get one
        for card in cards:
            parts.body(card)
    seconds = time.process_time() - start
    print(f"{len(cards)} cards x {args.passes} passes: {seconds:.3f} s of CPU")


if __name__ == "__main__":
    main()
