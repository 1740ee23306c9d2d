"""A split event's first rounds ranked by a forked helper while this process ranks the last.

A split build's other core waits while this process prepares the event
(``site/split_event``), and the rankings after each round were the longest step of
that preparation (0.17 s of the generated 2,000-player open's 0.4 s). Once the final
standings exist, a helper forked here ranks the first rounds while this process makes
the awards and ranks the last ones. The helper sends back each row's rank, id, points
and tie-breaks; the names and displayed facts are the final standings' rows' (the
same player's in every ranking). Pickled whole, ``Standings`` (their rows, notes and
tournament: 3.5 MB for the open's rounds) took longer to load than to rank.

Anything the compact rows cannot carry (a row with explanations, match points or a
start score, a ranking by points alone) is ranked here instead: the helper sends
nothing then.
"""

from functools import partial
from typing import NamedTuple

from trfsite.formats.limits import MAX_ROUND_RANKINGS
from trfsite.model import EventKind, Tournament
from trfsite.pages.config import EventConfig
from trfsite.pages.event_standings import compute_rounds
from trfsite.pages.forked_call import ForkedCall
from trfsite.results import StandingRow, Standings, TiebreakColumn, new_individual_row

# Below this many player-rounds ranked (players x the rounds summed), an estimate: the
# fork (a few ms for the build process's pages) costs about what it takes off here.
MIN_RANKED_BESIDE = 10_000

# The share of the rounds the helper ranks: this process makes the awards beside it
# (about two rankings of the open's) and ranks the rest; the later rounds cost more
# (each reads every earlier round). Measured on the open, the rounds' wait for the
# helper (a busy machine, 5 builds each): the helper 7 of 10, 0.04-0.31 s (median
# 0.16); 6 of 10, 0.03-0.16 s (median 0.03): this process no longer waits, mostly.
HELPER_SHARE = 0.6


class CompactStandings(NamedTuple):
    """One ranking as sent back: what ``Standings`` holds but the tournament and the
    rows' names and displayed facts."""

    rules: str
    columns: tuple[TiebreakColumn, ...]
    after_round: int
    notes: tuple[str, ...]
    round_robin: bool
    rows: list[tuple[int, int, float, tuple[float | None, ...]]]  # rank, id, points, tie-breaks


class RoundsBeside(NamedTuple):
    """The rounds a forked helper ranks and those left to this process."""

    helper_rounds: tuple[int, ...]
    own_rounds: tuple[int, ...]
    call: ForkedCall[tuple[CompactStandings, ...] | None]


def rank_rounds_beside(t: Tournament, config: EventConfig, final: Standings) -> RoundsBeside | None:
    """Start ranking the first rounds of an individual chess event in a forked helper.

    None when it does not pay (a small event) or cannot be done (no fork here, an
    event ranked by points alone after each round): ``compute_rounds`` ranks them all.
    """
    rounds = tuple(range(1, max(final.after_round, 0) + 1))
    ranked = len(t.players) * sum(rounds)
    # Beyond the budget the rounds are ranked by points alone; counted over each share
    # of the rounds it could decide otherwise than over all of them: not split then.
    if ranked < MIN_RANKED_BESIDE or ranked > MAX_ROUND_RANKINGS.limit:
        return None
    if final.kind is not EventKind.INDIVIDUAL or final.tournament is not t:
        return None
    # The final round is the final standings' (compute_round_standings reuses them).
    helper_rounds = rounds[: int((len(rounds) - 1) * HELPER_SHARE)]
    if not helper_rounds:
        return None
    call = ForkedCall(partial(_compact_rounds, t, config, final, helper_rounds))
    call.fork()
    if call.helper is None:  # no helper: nothing gained by ranking them in two calls
        return None
    return RoundsBeside(helper_rounds, rounds[len(helper_rounds) :], call)


def ranked_rounds(
    t: Tournament,
    config: EventConfig,
    final: Standings,
    for_pages: bool,
    beside: RoundsBeside | None,
) -> tuple[Standings, ...]:
    """The standings after each round (``compute_rounds``): with ``beside`` (started for
    the pages only, so with their tie-breaks), the last ranked here and the first the
    helper's."""
    if beside is None:
        return compute_rounds(t, config, final, for_pages)
    try:
        own = compute_rounds(t, config, final, rounds=beside.own_rounds)
    except Exception:
        beside.call.cancel()  # not left waiting to send what no one reads
        raise
    sent = beside.call.result()
    first = _restored(t, final, sent) if sent is not None else None
    if first is None:  # the helper could not send them: ranked here
        first = compute_rounds(t, config, final, rounds=beside.helper_rounds)
    return (*first, *own)


def _compact_rounds(
    t: Tournament, config: EventConfig, final: Standings, rounds: tuple[int, ...]
) -> tuple[CompactStandings, ...] | None:
    """The standings after ``rounds`` as compact rows (in the helper); None when a row
    holds more than the compact rows carry."""
    names = {row.id: (row.name, row.extra) for row in final.rows}
    sent = []
    for standings in compute_rounds(t, config, final, rounds=rounds):
        if standings.kind is not EventKind.INDIVIDUAL or standings.points_label != "Pts":
            return None
        rows = []
        for row in standings.rows:
            if not _compact(row, names):
                return None
            rows.append((row.rank, row.id, row.points, row.tiebreaks))
        sent.append(
            CompactStandings(
                standings.rules,
                standings.columns,
                standings.after_round,
                standings.notes,
                standings.round_robin,
                rows,
            )
        )
    return tuple(sent)


def _compact(row: StandingRow, names: dict[int, tuple[str, tuple[tuple[str, str], ...]]]) -> bool:
    """The row is what its compact form and the final standings' row of its player make."""
    return (
        row.match_points is None
        and row.game_points is None
        and row.start_points == 0.0
        and not row.explanations
        and names.get(row.id) == (row.name, row.extra)
    )


def _restored(
    t: Tournament, final: Standings, sent: tuple[CompactStandings, ...]
) -> tuple[Standings, ...]:
    names = {row.id: (row.name, row.extra) for row in final.rows}
    restored = []
    for compact in sent:
        rows = []
        for rank, pid, points, tiebreaks in compact.rows:
            name, extra = names[pid]
            rows.append(
                new_individual_row(
                    rank=rank,
                    id=pid,
                    name=name,
                    points=points,
                    tiebreaks=tiebreaks,
                    explanations=(),
                    extra=extra,
                )
            )
        restored.append(
            Standings(
                tournament=t,
                rules=compact.rules,
                columns=compact.columns,
                after_round=compact.after_round,
                rows=tuple(rows),
                kind=EventKind.INDIVIDUAL,
                notes=compact.notes,
                round_robin=compact.round_robin,
            )
        )
    return tuple(restored)
