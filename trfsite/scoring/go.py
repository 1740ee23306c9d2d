"""Go tie-breaks as pure functions over a :class:`GoContext`, with OpenGotha's conventions.

Scores (``points`` below) are the McMahon score MMS in McMahon events and the
number of wins NBW in Swiss events. Conventions, as OpenGotha computes them:

- NBW: +1 per win (also by default, ``!``) and per ``0+``, +½ per jigo and per ``0=``
  (some tables count ``0=`` as 0: ``free_draw``).
  With "round down free points" on, the free-round points (``0+``, ``0=``) are
  summed and rounded down: three ``0=`` add 1, not 1.5.
- MMS: the start score plus NBW's points.
- SOS: the sum over rounds of the opponent's final score. In McMahon events the
  opponent's MMS is adjusted for handicap: +h if the player was white, -h if black.
  A round without an opponent counts the player's own start MMS (0 in Swiss);
  other programs count 0 or the player's own final score (:class:`ByeInSos`).
  An option turns the handicap adjustment off (``go_handicap_adjusted_sos``).
  Games lost or won by default and games with an unknown result (``?``) count
  their opponent like any other game.
- SOS-1, SOS-2: SOS without the lowest one or two per-round values (OpenGotha's
  choice; pairgoth drops the highest instead, ``go_sos_cut_highest``).
- SOSOS: the sum of the opponents' SOS; a round without an opponent counts start
  MMS x number of rounds (McMahon) or 0 (Swiss); with ``ByeInSos.OWN``, own SOS.
- SODOS: the sum of the (handicap-adjusted) scores of the opponents beaten; a
  jigo counts half. Free rounds count nothing.
- CUSS: the sum of the player's score after each round (McMahon: MMS, so the start
  score counts once per round).
- DC: among players still tied on everything before DC in the list, the points
  scored in the games between them; the games of a cycle (A beat B, B beat C, C beat
  A) count nothing, as OpenGotha's DC drops them.
- KO: the place a knock-out stage gives (1 the winner, 2 the final's loser, 3 the
  semi-finals' losers, then 5, 9, 17, ...; everyone outside it shares the next).

Programs count the rounds without an opponent differently, and one table may count
its ``0+``, ``0=`` and ``0-`` rounds differently from each other: a :class:`ByeRule`
per kind says what such a round adds to the score, to a wins column, to SOS and to
SOSOS (:class:`ByeInSos`, :class:`ByeInSosos`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from trfsite.results import N_, Contribution, Note
from trfsite.scoring.codes import UnknownTiebreakError
from trfsite.scoring.go_context import GoContext, GoValue, contribution_values
from trfsite.scoring.go_groups import cyclic_wins


def mcmahon_score(ctx: GoContext, player: int) -> GoValue:
    return GoValue(ctx.mms(player), (Contribution(0, ctx.start[player], Note("start MMS")),))


def number_of_wins(ctx: GoContext, player: int) -> GoValue:
    return GoValue(ctx.nbw(player))


def sum_of_opponents_scores(ctx: GoContext, player: int) -> GoValue:
    if ctx.fast is not None:
        return GoValue(ctx.sos[player])
    values = ctx.opponent_values(player)
    return GoValue(sum(contribution_values(values)), tuple(values))


def _sos_without_lowest(ctx: GoContext, player: int, drop: int) -> GoValue:
    """SOS without the ``drop`` lowest values (the highest with ``cut_highest``)."""
    if ctx.fast is not None:
        unplayed = partial(ctx.unplayed_value, player)
        return GoValue(ctx.fast.sos_cut(player, unplayed, drop, ctx.cut_highest))
    values = ctx.opponent_values(player)
    sign = -1.0 if ctx.cut_highest else 1.0
    order = sorted(range(len(values)), key=lambda i: (sign * (values[i].value or 0.0), i))
    dropped = order[:drop]
    why = Note(N_("highest value dropped") if ctx.cut_highest else N_("lowest value dropped"))
    marked = tuple(
        Contribution(c.round, c.value, c.label, cut=True, why=why) if i in dropped else c
        for i, c in enumerate(values)
    )
    return GoValue(sum(c.value or 0.0 for c in marked if not c.cut), marked)


def sos_minus_1(ctx: GoContext, player: int) -> GoValue:
    return _sos_without_lowest(ctx, player, 1)


def sos_minus_2(ctx: GoContext, player: int) -> GoValue:
    return _sos_without_lowest(ctx, player, 2)


def sum_of_opponents_sos(ctx: GoContext, player: int) -> GoValue:
    if ctx.fast is not None:
        return GoValue(ctx.fast.sosos(player, ctx.sos, partial(ctx.unplayed_sos_value, player)))
    out: list[Contribution] = []
    for entry in ctx.history[player]:
        if entry.opponent is None:
            value = ctx.unplayed_sos_value(player, entry.kind)
            out.append(Contribution(entry.round, value, entry.label, why=Note("no opponent")))
        else:
            label = ctx.label(entry)
            out.append(Contribution(entry.round, ctx.sos[entry.opponent], label))
    return GoValue(sum(contribution_values(out)), tuple(out))


def sum_of_defeated_opponents_scores(ctx: GoContext, player: int) -> GoValue:
    if ctx.fast is not None:
        return GoValue(ctx.fast.sodos(player))
    out: list[Contribution] = []
    for entry, value in zip(ctx.history[player], ctx.opponent_values(player), strict=True):
        if entry.opponent is not None and entry.game_points:
            share = entry.game_points * (value.value or 0.0)
            out.append(Contribution(entry.round, share, value.label, why=value.why))
    return GoValue(sum(contribution_values(out)), tuple(out))


def cumulative_score_sum(ctx: GoContext, player: int) -> GoValue:
    base = ctx.start[player] if ctx.mcmahon else 0.0
    if ctx.fast is not None:
        after = ctx.nbw_after[player]
        return GoValue(0.0 + sum(after) + base * len(after))
    out = tuple(
        Contribution(r, base + nbw, Note("after round {n}", n=r))
        for r, nbw in enumerate(ctx.nbw_after[player], start=1)
    )
    return GoValue(sum(contribution_values(out)), out)


def direct_confrontation(ctx: GoContext, player: int, tied: frozenset[int]) -> GoValue:
    """Points scored against the other players of ``tied`` (0 when alone).

    The games of a cycle among them (A beat B, B beat C, C beat A) count nothing: they
    say nothing about who is ahead, and OpenGotha's DC drops them.
    """
    cyclic = cyclic_wins(ctx.history, tied)
    out = tuple(
        Contribution(e.round, e.game_points, ctx.label(e))
        for e in ctx.history[player]
        if e.opponent is not None
        and e.opponent != player
        and e.opponent in tied
        and (player, e.opponent) not in cyclic
    )
    return GoValue(sum(contribution_values(out)), out)


def knockout_place(ctx: GoContext, player: int) -> GoValue:
    place = float(ctx.knockout.get(player, 1))
    return GoValue(place, (Contribution(0, place, Note("knock-out place")),))


# --------------------------------------------------------------------------- registry
@dataclass(frozen=True, slots=True)
class GoTiebreak:
    """One Go criterion. DC needs the tied group, so it has ``compute_in_group`` instead."""

    short: str
    name: str
    aliases: tuple[str, ...] = ()
    compute: Callable[[GoContext, int], GoValue] | None = None
    compute_in_group: Callable[[GoContext, int, frozenset[int]], GoValue] | None = None
    lower_is_better: bool = False


GO_TIEBREAKS: list[GoTiebreak] = [
    GoTiebreak("MMS", Note("McMahon score"), ("MMS", "MCMAHON"), mcmahon_score),
    GoTiebreak("NBW", Note("Number of wins"), ("NBW", "WINS"), number_of_wins),
    GoTiebreak("SOS", Note("Sum of opponents' scores"), ("SOSM", "SOSW"), sum_of_opponents_scores),
    GoTiebreak("SOS-1", Note("SOS without the lowest value"), ("SOSM-1", "SOSW-1"), sos_minus_1),
    GoTiebreak(
        "SOS-2", Note("SOS without the two lowest values"), ("SOSM-2", "SOSW-2"), sos_minus_2
    ),
    GoTiebreak(
        "SOSOS", Note("Sum of opponents' SOS"), ("SOSOSM", "SOSOSW", "SSOS"), sum_of_opponents_sos
    ),
    GoTiebreak(
        "SODOS",
        Note("Sum of defeated opponents' scores"),
        ("SODOSM", "SODOSW", "SDOS"),
        sum_of_defeated_opponents_scores,
    ),
    GoTiebreak("CUSS", Note("Cumulative sum of scores"), ("CUSSM", "CUSSW"), cumulative_score_sum),
    GoTiebreak("DC", Note("Direct confrontation"), (), compute_in_group=direct_confrontation),
    GoTiebreak("KO", Note("Knock-out place"), ("PLACE",), knockout_place, lower_is_better=True),
]


def find_go_tiebreak(name: str) -> GoTiebreak:
    """Look a Go criterion up by name or alias, in any case (``sos-1``, ``SSOS``)."""
    wanted = name.strip().upper().replace(" ", "")
    for tiebreak in GO_TIEBREAKS:
        if wanted == tiebreak.short or wanted in tiebreak.aliases:
            return tiebreak
    raise UnknownTiebreakError(
        name, (t.short for t in GO_TIEBREAKS), detail=(f"unknown Go tie-break {name!r}")
    )
