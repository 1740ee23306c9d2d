"""The standings an event's pages need: final, after each round, and a team event's
individual standings."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace

from trfsite.model import EventKind, Tournament
from trfsite.pages.config import EventConfig
from trfsite.results import Standings

logger = logging.getLogger(__name__)


def compute_all(
    t: Tournament, config: EventConfig, for_pages: bool = True
) -> tuple[Standings, tuple[Standings, ...], Standings | None]:
    """Final standings, after each round, and individual for teams.

    Without ``for_pages`` (a bulletin alone) the final standings have no
    explanations, and the rounds' standings are ranked without tie-breaks: the
    bulletin prints only their points (the scores before each round).
    """
    final, individual = compute_final(t, config, for_pages)
    return final, compute_rounds(t, config, final, for_pages), individual


def compute_final(
    t: Tournament, config: EventConfig, for_pages: bool = True
) -> tuple[Standings, Standings | None]:
    """The final standings, and a team event's individual standings (see compute_all)."""
    from trfsite.standings.compute import compute_standings

    final = compute_standings(t, config.options(explain=for_pages))
    individual = None
    if final.kind is EventKind.TEAM:
        try:
            options = config.options(explain=False)
            individual = compute_standings(
                t,
                type(options)(
                    rules=options.rules,
                    unrated_rating=options.unrated_rating,
                    system=options.system,
                    points_source=options.points_source,
                    individual=True,
                ),
            )
        except Exception:
            logger.debug("individual standings of %s failed", t.name, exc_info=True)
    return final, individual


def compute_rounds(
    t: Tournament,
    config: EventConfig,
    final: Standings | None,
    for_pages: bool = True,
    rounds: Sequence[int] | None = None,
) -> tuple[Standings, ...]:
    """The standings after each round, or after each of ``rounds`` (see compute_all).

    ``final`` may be None when ``rounds`` are given (and do not include its round).
    """
    from trfsite.standings.compute import compute_round_standings

    if rounds is None:
        rounds = range(1, max(final.after_round, 0) + 1) if final is not None else range(0)
    options = config.options() if for_pages else replace(config.options(), tiebreaks=())
    # Every round at once: the event's choices are made once, the final round is reused.
    return compute_round_standings(t, options, rounds, final)
