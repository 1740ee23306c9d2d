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

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial

from trfsite.formats.egf.grades import parse_grade
from trfsite.memo import ByIdentity
from trfsite.model import Color, Outcome, Player, RoundEntry
from trfsite.results import N_, Contribution, Note
from trfsite.scoring.codes import UnknownTiebreakError
from trfsite.scoring.go_byes import (
    OTHER,
    ZERO_BYE,
    ByeInSos,
    ByeInSosos,
    ByeRule,
    bye_kind,
    default_byes,
)
from trfsite.scoring.go_fast import FastValues, Prefixes, prefixes
from trfsite.scoring.go_groups import cyclic_wins, knockout_places

_WIN_POINTS = {
    Outcome.WIN: 1.0,
    Outcome.FORFEIT_WIN: 1.0,
    Outcome.WIN_UNRATED: 1.0,
    Outcome.DRAW: 0.5,
    Outcome.DRAW_UNRATED: 0.5,
}


@dataclass(frozen=True, slots=True)
class GoRound:
    """One round from one player's view, reduced to what the tie-breaks need."""

    round: int
    opponent: int | None  # None: no game (free round, absence, unreadable token)
    game_points: float  # 1 win, ½ jigo, 0 otherwise
    kind: str  # "" for a game; else the kind of round without opponent (BYE_KINDS)
    handicap_shift: int  # +h when the player was white, -h when black
    label: str  # the token as written


@dataclass(frozen=True, slots=True)
class GoContext:
    """Everything the tie-breaks read, computed once per standings."""

    mcmahon: bool
    rounds: int
    round_down: bool
    start: Mapping[int, float]  # start McMahon score per player id
    history: Mapping[int, tuple[GoRound, ...]]
    nbw_after: Mapping[int, tuple[float, ...]]  # points (without start) after rounds 1..rounds
    sos: Mapping[int, float]
    # Other programs' conventions; the defaults are OpenGotha's.
    handicap_adjusted: bool = True
    byes: Mapping[str, ByeRule] = field(default_factory=default_byes)
    cut_highest: bool = False
    names: Mapping[int, str] = field(default_factory=dict)  # row -> player, for explanations
    explain: bool = True  # label every contribution (False: values only, for speed)
    wins: Mapping[int, float] = field(default_factory=dict)  # a wins column's count
    ghost_sos: Mapping[str, float] = field(default_factory=dict)  # per kind of bye
    knockout: Mapping[int, int] = field(default_factory=dict)  # knock-out place per player
    fast: FastValues | None = None  # without explanations: the values summed in C
    # Each player's per-round values, made once: SOS, SOS-1, SOS-2 and SODOS all read them.
    made: dict[int, list[Contribution]] = field(default_factory=dict, compare=False)

    def unplayed_value(self, player: int, kind: str) -> float:
        """What a round without opponent of ``kind`` adds to SOS."""
        rule = self.byes[kind].sos
        if rule is ByeInSos.START:
            return self.start[player] if self.mcmahon else 0.0
        if rule is ByeInSos.OWN:
            return self.score(player)
        if rule is ByeInSos.OWN_MINUS:
            return self.score(player) - self.byes[kind].points
        if rule is ByeInSos.FIXED:
            return float(self.rounds // 2)
        return 0.0

    def unplayed_sos_value(self, player: int, kind: str) -> float:
        """What a round without opponent of ``kind`` adds to SOSOS."""
        rule = self.byes[kind].sosos
        if rule is ByeInSosos.START:
            return (self.start[player] if self.mcmahon else 0.0) * self.rounds
        if rule is ByeInSosos.OWN:
            return self.sos.get(player, 0.0)
        if rule is ByeInSosos.GHOST:
            return self.ghost_sos.get(kind, 0.0)
        if rule is ByeInSosos.FIXED:
            return float(self.rounds * (self.rounds // 2))
        return 0.0

    def nbw(self, player: int) -> float:
        """The number of wins: the score's points, or a wins column's own count."""
        if player in self.wins:
            return self.wins[player]
        after = self.nbw_after[player]
        return after[-1] if after else 0.0

    def points(self, player: int) -> float:
        after = self.nbw_after[player]
        return after[-1] if after else 0.0

    def mms(self, player: int) -> float:
        return self.start[player] + self.points(player)

    def score(self, player: int) -> float:
        """The primary score: MMS (McMahon) or NBW (Swiss)."""
        return self.mms(player) if self.mcmahon else self.points(player)

    def opponent_values(self, player: int) -> list[Contribution]:
        """The per-round values SOS adds up."""
        found = self.made.get(player)
        if found is None:
            found = self.made[player] = self._opponent_values(player)
        return found

    def _opponent_values(self, player: int) -> list[Contribution]:
        out: list[Contribution] = []
        for entry in self.history[player]:
            if entry.opponent is None:
                value = self.unplayed_value(player, entry.kind)
                why = _bye_why(self.byes[entry.kind].sos, value) if self.explain else ""
                out.append(Contribution(entry.round, value, entry.label, why=why))
                continue
            value = self.score(entry.opponent)
            why = ""
            if self.mcmahon and self.handicap_adjusted and entry.handicap_shift:
                value += entry.handicap_shift
                if self.explain:
                    why = Note("opponent's MMS {shift:+d} for handicap", shift=entry.handicap_shift)
            out.append(Contribution(entry.round, value, self.label(entry), why=why))
        return out

    def label(self, entry: GoRound) -> str:
        """The round's label in explanations; none when nobody reads them (it is costly)."""
        return row_label(entry, self.names) if self.explain else ""


_BYE_WHY = {
    ByeInSos.OWN: N_("no opponent: own score"),
    ByeInSos.OWN_MINUS: N_("no opponent: own score less the bye's points"),
    ByeInSos.FIXED: N_("no opponent: half the rounds"),
}


def _bye_why(rule: ByeInSos, value: float) -> str:
    if rule in _BYE_WHY:
        return Note(_BYE_WHY[rule])
    return Note(N_("no opponent: own start MMS") if value else N_("no opponent: 0"))


@dataclass(frozen=True, slots=True)
class GoValue:
    value: float
    contributions: tuple[Contribution, ...] = ()


def build_go_context(
    players: Sequence[Player],
    rounds: int,
    mcmahon: bool,
    start: Mapping[int, float],
    round_down: bool,
    *,
    handicap_adjusted: bool = True,
    byes: Mapping[str, ByeRule] | None = None,
    cut_highest: bool = False,
    explain: bool = True,
    knockout_from: int | None = None,
) -> GoContext:
    """Reduce the players' first ``rounds`` rounds to what the tie-breaks need.

    ``byes``: how each kind of round without opponent counts (default: OpenGotha's);
    ``knockout_from``: the first round of a knock-out stage, if the event has one.
    Every round of the table is reduced once per ``players`` (the standings after each
    round take a slice of it), and each player's cells are looked up by round once.
    """
    rules = dict(byes) if byes is not None else default_byes()
    table = _whole_table(players, rounds)
    points = table.points_after(rules, round_down)
    history = {p.id: table.history[p.id][:rounds] for p in players}
    nbw_after = {p.id: points[p.id][:rounds] for p in players}
    wins: dict[int, float] = {}
    if mcmahon and any(r.wins != r.points for r in rules.values()):
        counted = table.points_after(rules, round_down, wins=True)
        wins = {p.id: counted[p.id][rounds - 1] if rounds else 0.0 for p in players}
    names = {p.id: p.name for p in players}
    first = GoContext(
        mcmahon, rounds, round_down, start, history, nbw_after, {}, handicap_adjusted, rules,
        cut_highest, names, explain, wins,
    )  # fmt: skip
    knockout = knockout_places(history, knockout_from, rounds) if knockout_from else {}
    if explain:
        ghost = _ghost_sos(first)
        sos = {p.id: sum(_values(first.opponent_values(p.id))) for p in players}
        return replace(first, sos=sos, ghost_sos=ghost, knockout=knockout)
    scores = {p.id: first.score(p.id) for p in players}
    fast = FastValues(rounds, table.prefixes, scores, mcmahon and handicap_adjusted)
    sos = {p.id: fast.sos(p.id, partial(first.unplayed_value, p.id)) for p in players}
    return replace(first, sos=sos, ghost_sos=fast.ghost_sos(), knockout=knockout, fast=fast)


def _absent(round_no: int) -> GoRound:
    return GoRound(round_no, None, 0.0, ZERO_BYE, 0, _ABSENT)


_ABSENT = Note("absent")  # one note for every absent round (a damaged table has 100,000s)


@dataclass(frozen=True, slots=True)
class _Table:
    """Every round of every player reduced, and the points after each round per convention."""

    history: dict[int, tuple[GoRound, ...]]
    prefixes: dict[int, Prefixes]
    length: int  # rounds reduced: every cell's, or more (absent) when more were asked
    points: dict[tuple[frozenset[tuple[str, ByeRule]], bool, bool], dict[int, tuple[float, ...]]]

    def points_after(
        self, rules: Mapping[str, ByeRule], round_down: bool, wins: bool = False
    ) -> dict[int, tuple[float, ...]]:
        """Each player's points (or wins column) after every round, made once per rules."""
        key = (frozenset(rules.items()), round_down, wins)
        found = self.points.get(key)
        if found is None:
            found = {
                pid: cumulative_nbw(rounds, round_down, rules, wins=wins)
                for pid, rounds in self.history.items()
            }
            self.points[key] = found
        return found


def _whole_table(players: Sequence[Player], rounds: int) -> _Table:
    made = _TABLES(players)
    if rounds > made[0].length:  # rounds beyond every cell: the players were absent
        made[0] = _table(made[0].history, max(rounds, 2 * made[0].length))
    return made[0]


def _reduce_table(players: Sequence[Player]) -> list[_Table]:
    ids = {p.id for p in players}
    ranks = {p.id: (g.rank if (g := parse_grade(p.grade)) else None) for p in players}
    cells = {p.id: _cells_by_round(p) for p in players}
    last = max((r for found in cells.values() for r in found), default=0)
    history = {
        p.id: tuple(_reduce(p, cells[p.id].get(r), r, ids, ranks) for r in range(1, last + 1))
        for p in players
    }
    return [_table(history, last)]


def _table(history: Mapping[int, tuple[GoRound, ...]], length: int) -> _Table:
    longer = {
        pid: rounds + tuple(_absent(r) for r in range(len(rounds) + 1, length + 1))
        for pid, rounds in history.items()
    }
    rows = {
        pid: prefixes([(e.opponent, e.game_points, e.handicap_shift, e.kind) for e in rounds])
        for pid, rounds in longer.items()
    }
    return _Table(longer, rows, length, {})


def _cells_by_round(player: Player) -> dict[int, RoundEntry]:
    """``player.entry(r)`` for every round at once (one call each walked every cell of
    a row whose cells are out of order: a 2 MB table took minutes)."""
    found: dict[int, RoundEntry] = {}
    for cell in player.rounds:
        if cell.round > 0:
            found.setdefault(cell.round, cell)
    for index, cell in enumerate(player.rounds, start=1):
        if cell.round == index:  # Player.entry prefers the cell in its own place
            found[index] = cell
    return found


# The standings after each round ask for the same table: reduced once per players tuple.
# (A list of one: a longer table, once asked for, replaces it.)
_TABLES: ByIdentity[Sequence[Player], list[_Table]] = ByIdentity(_reduce_table, keep=4)


def _ghost_sos(ctx: GoContext) -> dict[str, float]:
    """Per kind of bye, the SOS of a ghost met in those rounds: its opponents' scores."""
    out: dict[str, float] = {}
    for player, history in ctx.history.items():
        for entry in history:
            if entry.opponent is None:
                out[entry.kind] = out.get(entry.kind, 0.0) + ctx.score(player)
    return out


def cumulative_nbw(
    history: Sequence[GoRound],
    round_down: bool,
    byes: Mapping[str, ByeRule] | None = None,
    wins: bool = False,
) -> tuple[float, ...]:
    """Points after each round; free-round points rounded down when asked.

    ``wins``: count the rounds without opponent as a wins column does (``ByeRule.wins``).
    """
    rules = byes if byes is not None else default_byes()
    games = free = 0.0
    out: list[float] = []
    for entry in history:
        games += entry.game_points
        if entry.opponent is None:
            rule = rules[entry.kind]
            free += rule.wins if wins else rule.points
        out.append(games + (math.floor(free) if round_down else free))
    return tuple(out)


def entry_points(
    entry: RoundEntry, byes: Mapping[str, ByeRule] | None = None
) -> tuple[float, float]:
    """(points from the game, points from a free round) of one round cell."""
    if entry.opponent is None:
        rules = byes if byes is not None else default_byes()
        return 0.0, rules[bye_kind(entry)].points
    return _WIN_POINTS.get(entry.outcome, 0.0), 0.0


def _reduce(
    player: Player,
    entry: RoundEntry | None,
    round_no: int,
    ids: set[int],
    ranks: Mapping[int, int | None],
) -> GoRound:
    if entry is None:
        return GoRound(round_no, None, 0.0, ZERO_BYE, 0, _ABSENT)
    label = entry.raw or entry.outcome.name.lower()
    # A row number that names no player keeps its result but has no opponent to count.
    opponent = entry.opponent if entry.opponent in ids else None
    if entry.opponent is None:
        return GoRound(round_no, None, 0.0, bye_kind(entry), 0, label)
    game = _WIN_POINTS.get(entry.outcome, 0.0)
    if opponent is None:
        return GoRound(round_no, None, game, OTHER, 0, label)
    color = entry.color
    stones = entry.handicap or 0
    if color is Color.NONE and stones:
        color = _handicap_color(ranks.get(player.id), ranks.get(opponent))
    shift = stones if color is Color.WHITE else -stones if color is Color.BLACK else 0
    return GoRound(round_no, opponent, game, "", shift, label)


def _handicap_color(mine: int | None, theirs: int | None) -> Color:
    """Without a written colour, the stronger player of a handicap game is white."""
    if mine is None or theirs is None or mine == theirs:
        return Color.NONE
    return Color.WHITE if mine > theirs else Color.BLACK


def row_label(entry: GoRound, names: Mapping[int, str]) -> str:
    """The round's token and the opponent it names: their name and row (placement number)."""
    row = entry.opponent or 0
    name = names.get(row, "")
    if not name:
        return Note("{token}: row {row}", token=entry.label, row=row)
    return Note("{token}: {name} (row {row})", token=entry.label, name=name, row=row)


def _values(contributions: Sequence[Contribution]) -> list[float]:
    # 0.0 first, so that an empty sum is a float like every other value
    return [0.0] + [c.value for c in contributions if c.value is not None]


# --------------------------------------------------------------------------- tie-breaks
def mcmahon_score(ctx: GoContext, player: int) -> GoValue:
    return GoValue(ctx.mms(player), (Contribution(0, ctx.start[player], Note("start MMS")),))


def number_of_wins(ctx: GoContext, player: int) -> GoValue:
    return GoValue(ctx.nbw(player))


def sum_of_opponents_scores(ctx: GoContext, player: int) -> GoValue:
    if ctx.fast is not None:
        return GoValue(ctx.sos[player])
    values = ctx.opponent_values(player)
    return GoValue(sum(_values(values)), tuple(values))


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
    return GoValue(sum(_values(out)), tuple(out))


def sum_of_defeated_opponents_scores(ctx: GoContext, player: int) -> GoValue:
    if ctx.fast is not None:
        return GoValue(ctx.fast.sodos(player))
    out: list[Contribution] = []
    for entry, value in zip(ctx.history[player], ctx.opponent_values(player), strict=True):
        if entry.opponent is not None and entry.game_points:
            share = entry.game_points * (value.value or 0.0)
            out.append(Contribution(entry.round, share, value.label, why=value.why))
    return GoValue(sum(_values(out)), tuple(out))


def cumulative_score_sum(ctx: GoContext, player: int) -> GoValue:
    base = ctx.start[player] if ctx.mcmahon else 0.0
    if ctx.fast is not None:
        after = ctx.nbw_after[player]
        return GoValue(0.0 + sum(after) + base * len(after))
    out = tuple(
        Contribution(r, base + nbw, Note("after round {n}", n=r))
        for r, nbw in enumerate(ctx.nbw_after[player], start=1)
    )
    return GoValue(sum(_values(out)), out)


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
    return GoValue(sum(_values(out)), out)


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
