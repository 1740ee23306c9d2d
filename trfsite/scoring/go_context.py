"""What the Go tie-breaks read: each player's rounds reduced once, in a :class:`GoContext`.

The conventions (OpenGotha's, and the other programs' per kind of bye) are described
in :mod:`trfsite.scoring.go`, which holds the tie-breaks themselves.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial

from trfsite.formats.egf.grades import parse_grade
from trfsite.memo import ByIdentity
from trfsite.model import Color, Outcome, Player, RoundEntry
from trfsite.results import N_, Contribution, Note
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
from trfsite.scoring.go_groups import knockout_places

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
        sos = {p.id: sum(contribution_values(first.opponent_values(p.id))) for p in players}
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


def contribution_values(contributions: Sequence[Contribution]) -> list[float]:
    # 0.0 first, so that an empty sum is a float like every other value
    return [0.0] + [c.value for c in contributions if c.value is not None]


# --------------------------------------------------------------------------- tie-breaks
