"""Standings checks: declared ranks against computed ones, and the tie-break list itself.

* ``tiebreak-unknown`` (error): a code of record 202/212 that trfsite cannot read.
* ``standings-rank-mismatch`` (warning): a 001 rank (columns 86-89) that the
  results and the file's own tie-break list do not give, judged by the cells'
  or the declared points, whichever fits the ranks better (the order the
  producer ranked by), with the rule set and list the declared ranks show when
  one reproduces them (``standings.declared_ranks``). Without a list (no 202/212) only the score
  group is checked: the declared rank must lie among the places of the players
  with the same points. Declared points are checked, once each, by
  ``declared.check_points``.
* ``tiebreak-buchholz-round-robin`` (warning): the Buchholz family in a round
  robin, which C.07 2026 forbids.
* ``tiebreak-rating-unrated`` (warning): rating tie-breaks while unrated
  players take part; their values are undefined unless a rating for unrated
  players is published (C.07 Art. 10).
* ``standings-rules-no-date`` (warning): no readable start date, so the 2026
  rules apply by default.
"""

from __future__ import annotations

import click

from trfsite.findings import Finding, Severity
from trfsite.model import EventKind, Game, Player, Span, Tournament
from trfsite.results import N_, Note, Standings
from trfsite.scoring.codes import strip_pts
from trfsite.scoring.declared_points import declared_differences
from trfsite.scoring.registry import BUCHHOLZ_FAMILY, RATING_TIEBREAKS, Tiebreak, resolve
from trfsite.standings.choices import choose_rules, choose_system
from trfsite.standings.declared_ranks import can_judge, declared_ranks
from trfsite.standings.individual import ranked_individual
from trfsite.standings.options import StandingsOptions
from trfsite.validate.structure import finding, record_span


def check_standings(t: Tournament, name: str) -> list[Finding]:
    """Every standings check; individual chess events only."""
    if t.game is not Game.CHESS or t.kind is not EventKind.INDIVIDUAL or not t.players:
        return []
    out: list[Finding] = []
    record = t.tiebreak_record or "202"
    where = record_span(t, record)
    listed: list[Tiebreak] = []
    readable = True
    for code in strip_pts([c.strip() for c in t.tiebreaks if c.strip()]):
        try:
            listed.append(resolve(code, f"record {record}")[1])
        except click.ClickException as exc:
            readable = False
            out.append(
                finding(Severity.ERROR, "tiebreak-unknown", exc.format_message(), name, where)
            )
    rules, _ = choose_rules(t, StandingsOptions())
    swiss, _ = choose_system(t, StandingsOptions())
    if t.start_date is None and t.rounds:
        out.append(
            finding(
                Severity.WARNING,
                "standings-rules-no-date",
                Note(
                    "no readable start date (record 042): tie-breaks follow the FIDE C.07 2026 "
                    "rules; expected a start date, or choose the rules with --rules",
                ),
                name,
                record_span(t, "042"),
            )
        )
    for tb in listed:
        if tb.acronym in BUCHHOLZ_FAMILY and not swiss and rules == "2026":
            out.append(
                finding(
                    Severity.WARNING,
                    "tiebreak-buchholz-round-robin",
                    Note(
                        "record {record} lists {acronym} for a round robin; FIDE C.07 2026 "
                        "does not allow the Buchholz family in round robins",
                        record=record,
                        acronym=tb.acronym,
                    ),
                    name,
                    where,
                )
            )
    unrated = [p for p in t.players if not p.rating]
    rating_codes = sorted({tb.acronym for tb in listed if tb.acronym in RATING_TIEBREAKS})
    if rating_codes and unrated:
        out.append(
            finding(
                Severity.WARNING,
                "tiebreak-rating-unrated",
                Note(
                    "record {record} lists {codes} but {count} player(s) "
                    "are unrated; C.07 Art. 10 drops rating tie-breaks then, unless a rating for "
                    "unrated players was published (trfsite --unrated-rating N); their values "
                    "are undefined",
                    record=record,
                    codes=", ".join(rating_codes),
                    count=len(unrated),
                ),
                name,
                where,
            )
        )
    if readable and t.rounds:
        out += _ranks(t, name, bool(listed))
    return out


def _ranks(t: Tournament, name: str, has_list: bool) -> list[Finding]:
    """Declared ranks against the standings the file's points give.

    Where declared totals (columns 81-84) contradict the cells, the ranks are judged
    by both and by the points that fit them better: the producer ranked by its own
    totals, or a total is a typo in a file ranked by the real points. Either way a
    wrong total is one ``player-points-mismatch`` at its own line
    (``declared.check_points``): no rank warning for that player, nor for every
    player its group pushes aside.
    """
    if not can_judge(t):
        return []
    best: list[Finding] | None = None
    wrong_total: set[int] = set()
    for source in ("cells", "declared"):
        try:
            # A default build's final standings are these (cells): they are not ranked again.
            standings = ranked_individual(t, StandingsOptions(points_source=source))
        except click.ClickException:
            return []
        if source == "cells":
            wrong_total = set(declared_differences(t, {r.id: r.points for r in standings.rows}))
        found = _rank_findings(t, name, has_list, standings, wrong_total)
        # On equal counts the declared totals win: the producer's own order.
        if best is None or len(found) <= len(best):
            best = found
        if not wrong_total:
            break  # both give the same standings
    return best or []


def _rank_findings(
    t: Tournament, name: str, has_list: bool, standings: Standings, wrong_total: set[int]
) -> list[Finding]:
    players = t.player_index()
    declared = declared_ranks(t)
    # Players the file leaves unranked (rank 0 or blank, e.g. withdrawn before
    # the first round) take no place, so places are counted among the others.
    ranked = [row for row in standings.rows if row.id in declared]
    block_places: dict[int, tuple[int, int]] = {}  # computed rank -> places among the ranked
    places: dict[float, tuple[int, int]] = {}  # points -> places among the ranked
    for position, row in enumerate(ranked, start=1):
        first, _ = block_places.get(row.rank, (position, position))
        block_places[row.rank] = (first, position)
        first, _ = places.get(row.points, (position, position))
        places[row.points] = (first, position)
    out: list[Finding] = []
    for row in ranked:
        if row.id in wrong_total:
            continue  # its points error is reported at its line; its rank follows from it
        player = players[row.id]
        rank = declared[row.id]
        first, last = block_places[row.rank] if has_list else places[row.points]
        if first <= rank <= last:
            continue  # players still tied may be ordered any way (drawing of lots, 4.2)
        if has_list:
            gives = (
                Note("gives rank {rank}", rank=first)
                if first == last
                else Note(
                    "gives one of places {first}-{last} (tied after every tie-break)",
                    first=first,
                    last=last,
                )
            )
            out.append(_mismatch(player, name, gives, row.points))
            continue
        where = (
            Note("place {first}", first=first)
            if first == last
            else Note("places {first}-{last}", first=first, last=last)
        )
        out.append(
            _mismatch(
                player,
                name,
                Note(
                    "puts the players with {points} on {where} "
                    "(the file names no tie-break list, record 202/212, so only the "
                    "score group is checked)",
                    points=_points(row.points),
                    where=where,
                ),
                row.points,
            )
        )
    return out


def _points(value: float) -> str:
    """``1 point``, ``0 points``, ``1.5 points``: singular only for exactly one."""
    return Note(_ONE_POINT if value == 1 else _POINTS, points=value)


_ONE_POINT = N_("{points:g} point")
_POINTS = N_("{points:g} points")


def _mismatch(player: Player, name: str, computed: str, points: float) -> Finding:
    shown = (
        Note("with {points}", points=_points(player.declared_points))
        if player.declared_points is not None
        else Note("without points")
    )
    span = Span(player.source.line, 86 if player.source.line else 0)
    return finding(
        Severity.WARNING,
        "standings-rank-mismatch",
        Note(
            "player {id} ({name!r}) declares rank {declared_rank} "
            "{shown} (columns 81-89), but the computed standings ({points}) "
            "{computed}; expected the same",
            id=player.id,
            name=player.name,
            declared_rank=str(player.declared_rank),
            shown=shown,
            points=_points(points),
            computed=computed,
        ),
        name,
        span,
    )
