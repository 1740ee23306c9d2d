"""One part's player cards of a split build, apart from the rest: every other card of
the event in FILE, its tie-break, TPR and ARO explanations prepared
(``CardExplanations.prepare``), its contexts built and its bodies written
(``site/card_body.py``), as a part of ``--jobs 2`` does them.

    python benchmarks/bench_card_part.py /tmp/lead/open/open.trf

Prints the CPU of each step. Under load the CPU says little: count instructions
instead, the part against none (the event's preparation alone), e.g.

    PYTHONHASHSEED=0 valgrind --tool=cachegrind --cache-sim=no \\
        python benchmarks/bench_card_part.py FILE --none   # and without --none

(the difference: the part's cards in instructions).
"""

from __future__ import annotations

import argparse
import gc
import time
from pathlib import Path
from typing import cast

from trfsite.pages import gather
from trfsite.pages.config import EventConfig
from trfsite.pages.contexts import PlayerCardPage
from trfsite.pages.plan import EventJob, prepare_batches
from trfsite.render.environment import make_environment
from trfsite.render.page_meta import SiteInfo
from trfsite.render.theme import find_theme, theme_chain
from trfsite.site.card_body import CardParts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", type=Path)
    parser.add_argument("--none", action="store_true", help="prepare the event only")
    args = parser.parse_args()
    site = SiteInfo("Results", "en", "", "2024-05-01", "t")
    source: Path = args.file
    job = EventJob(source.read_bytes(), source.name, source.stem, "", EventConfig(), site, False)
    prepared = gather.prepare_event(job, check_beside=True)  # as a split build prepares it
    plans = [p for p in prepared.plans if p.template == "player.html"][0::2]
    parts = CardParts(make_environment(theme_chain(find_theme("default")), "en"))
    if args.none:
        return
    gc.disable()  # as a part runs (event_build.paused_collector)
    start = time.process_time()
    prepare_batches(plans)
    prepared = time.process_time()
    contexts = [cast(PlayerCardPage, plan.build().context) for plan in plans]
    built = time.process_time()
    written = sum(len(parts.body(card)) for card in contexts)
    done = time.process_time()
    print(
        f"{len(plans)} cards ({written:,} characters): explanations {prepared - start:.3f} s, "
        f"contexts {built - prepared:.3f} s, bodies {done - built:.3f} s, "
        f"total {done - start:.3f} s of CPU"
    )


if __name__ == "__main__":
    main()
