"""A Go table's criteria under one reading of its conventions, as plain numbers.

Inferring what a table's columns mean tries many readings (which column holds the
McMahon score, what each kind of bye adds, over which rounds the tie-breaks run), so
each reading's values are computed here without explanations, in one pass per
criterion. The definitions are those of :mod:`trfsite.scoring.go`, which computes the
standings; ``tests/egf`` checks that both give the same numbers.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import accumulate

from trfsite.model import Player, Tournament
from trfsite.scoring.go_byes import ByeInSos, ByeInSosos, ByeRule, default_byes
from trfsite.scoring.go_context import GoRound, build_go_context
from trfsite.scoring.go_groups import knockout_places

CODES = ("MMS", "NBW", "SOS", "SOS-1", "SOS-2", "SOSOS", "SODOS", "CUSS", "Start")


@dataclass(frozen=True, slots=True)
class GoConventions:
    """One reading of a table: its system and how it counted.

    ``mms_at``: the score column the start scores come from (None: the grades);
    ``start_column``: that column holds start scores, not final McMahon scores.
    ``tiebreak_rounds``: the tie-breaks run over rounds 1..N only (None: every round);
    ``knockout_from``: the first round of a knock-out stage that ranks first.
    """

    mcmahon: bool = True
    round_down: bool = False
    handicap_adjusted: bool = True
    cut_highest: bool = False
    byes: tuple[tuple[str, ByeRule], ...] = field(
        default_factory=lambda: tuple(default_byes().items())
    )
    tiebreak_rounds: int | None = None
    knockout_from: int | None = None
    mms_at: int | None = None
    start_column: bool = False

    def rules(self) -> dict[str, ByeRule]:
        return dict(self.byes)

    def with_rule(self, kind: str, rule: ByeRule) -> GoConventions:
        return replace(self, byes=tuple((k, rule if k == kind else r) for k, r in self.byes))


@dataclass(frozen=True, slots=True)
class FitTable:
    """A table's rounds as index arrays: what every reading reuses."""

    players: tuple[Player, ...]
    rounds: int
    opponents: tuple[tuple[int, ...], ...]  # [player][round]: opponent's index, -1 none
    games: tuple[tuple[float, ...], ...]  # game points
    kinds: tuple[tuple[str, ...], ...]  # "" for a game, else the kind of bye
    shifts: tuple[tuple[int, ...], ...]  # +h white, -h black
    played: tuple[tuple[float, ...], ...]  # game points after rounds 0..rounds
    byes: tuple[tuple[tuple[int, str], ...], ...]  # (round index, kind) of each bye

    @classmethod
    def of(cls, t: Tournament, rounds: int) -> FitTable:
        ctx = build_go_context(t.players, rounds, True, {p.id: 0.0 for p in t.players}, False)
        index = {p.id: k for k, p in enumerate(t.players)}
        history: list[tuple[GoRound, ...]] = [ctx.history[p.id] for p in t.players]
        games = tuple(tuple(e.game_points for e in h) for h in history)
        kinds = tuple(tuple(e.kind for e in h) for h in history)
        return cls(
            t.players,
            rounds,
            tuple(
                tuple(index.get(e.opponent, -1) if e.opponent else -1 for e in h) for h in history
            ),
            games,
            kinds,
            tuple(tuple(e.handicap_shift for e in h) for h in history),
            tuple((0.0, *accumulate(g)) for g in games),
            tuple(tuple((r, k) for r, k in enumerate(row) if k) for row in kinds),
        )

    def present_kinds(self, upto: int | None = None) -> set[str]:
        end = self.rounds if upto is None else upto
        return {k for row in self.byes for r, k in row if r < end}

    def points(self, player: int, c: GoConventions, upto: int | None = None) -> float:
        """Game and free-round points over rounds 1..upto (every round: None)."""
        return self.points_with(player, c.rules(), c.round_down, upto)

    def points_with(
        self,
        player: int,
        rules: Mapping[str, ByeRule],
        round_down: bool,
        upto: int | None = None,
        wins: bool = False,
    ) -> float:
        end = self.rounds if upto is None else upto
        free = 0.0
        for r, kind in self.byes[player]:
            if r < end:
                free += rules[kind].wins if wins else rules[kind].points
        return self.played[player][end] + (math.floor(free) if round_down else free)


def starts_from(
    table: FitTable, c: GoConventions, column: Sequence[float | None], grade_starts: Sequence[float]
) -> list[float]:
    """Start scores: the column's values (less the points, for an MMS column), else the grades'."""
    rules = c.rules()
    out = []
    for k, value in enumerate(column):
        if value is None:
            out.append(grade_starts[k])
        elif c.start_column:
            out.append(value)
        else:
            out.append(value - table.points_with(k, rules, c.round_down))
    return out


def evaluate(table: FitTable, c: GoConventions, start: Sequence[float]) -> dict[str, list[float]]:
    """Every criterion of every player (index order) under reading ``c``."""
    n = len(table.players)
    rules = c.rules()
    down = c.round_down
    full = [table.points_with(k, rules, down) for k in range(n)]
    mms = [start[k] + full[k] for k in range(n)]
    wins = [table.points_with(k, rules, down, wins=True) for k in range(n)] if c.mcmahon else full
    rounds = min(c.tiebreak_rounds or table.rounds, table.rounds)
    at = (
        full
        if rounds == table.rounds
        else [table.points_with(k, rules, down, rounds) for k in range(n)]
    )
    score = [start[k] + at[k] for k in range(n)] if c.mcmahon else at
    ghost: dict[str, float] = {}
    for k in range(n):
        for r, kind in table.byes[k]:
            if r < rounds:
                ghost[kind] = ghost.get(kind, 0.0) + score[k]
    per_round = [_round_values(table, c, rules, k, rounds, score, start) for k in range(n)]
    sos = [sum(v) for v in per_round]
    sosos, sodos = [], []
    for k in range(n):
        total = beaten = 0.0
        opponents, games = table.opponents[k], table.games[k]
        for r in range(rounds):
            opponent = opponents[r]
            if opponent >= 0:
                total += sos[opponent]
                beaten += games[r] * per_round[k][r]
            else:
                kind = table.kinds[k][r] or "?"
                total += _virtual_sos(rules[kind], kind, c, k, rounds, sos, ghost, start)
        sosos.append(total)
        sodos.append(beaten)
    sign = -1.0 if c.cut_highest else 1.0
    ordered = [sorted(v, key=lambda x: sign * x)[:2] for v in per_round]
    return {
        "MMS": mms,
        "NBW": wins,
        "SOS": sos,
        "SOS-1": [s - sum(o[:1]) for s, o in zip(sos, ordered, strict=True)],
        "SOS-2": [s - sum(o[:2]) for s, o in zip(sos, ordered, strict=True)],
        "SOSOS": sosos,
        "SODOS": sodos,
        "CUSS": [_cuss(table, c, rules, k, rounds, start) for k in range(n)],
        "Start": list(start),
        "KO": _knockout(table, c),
    }


def _rounded(free: float, down: bool) -> float:
    return math.floor(free) if down else free


def _round_values(
    table: FitTable,
    c: GoConventions,
    rules: Mapping[str, ByeRule],
    k: int,
    rounds: int,
    score: Sequence[float],
    start: Sequence[float],
) -> list[float]:
    out = []
    for r in range(rounds):
        opponent = table.opponents[k][r]
        if opponent >= 0:
            shift = table.shifts[k][r] if c.mcmahon and c.handicap_adjusted else 0
            out.append(score[opponent] + shift)
            continue
        rule = rules[table.kinds[k][r] or "?"]
        if rule.sos is ByeInSos.START:
            out.append(start[k] if c.mcmahon else 0.0)
        elif rule.sos is ByeInSos.OWN:
            out.append(score[k])
        elif rule.sos is ByeInSos.OWN_MINUS:
            out.append(score[k] - rule.points)
        elif rule.sos is ByeInSos.FIXED:
            out.append(float(rounds // 2))
        else:
            out.append(0.0)
    return out


def _virtual_sos(
    rule: ByeRule,
    kind: str,
    c: GoConventions,
    k: int,
    rounds: int,
    sos: Sequence[float],
    ghost: Mapping[str, float],
    start: Sequence[float],
) -> float:
    if rule.sosos is ByeInSosos.START:
        return (start[k] if c.mcmahon else 0.0) * rounds
    if rule.sosos is ByeInSosos.OWN:
        return sos[k]
    if rule.sosos is ByeInSosos.GHOST:
        return ghost.get(kind, 0.0)
    if rule.sosos is ByeInSosos.FIXED:
        return float(rounds * (rounds // 2))
    return 0.0


def _cuss(
    table: FitTable,
    c: GoConventions,
    rules: Mapping[str, ByeRule],
    k: int,
    rounds: int,
    start: Sequence[float],
) -> float:
    base = start[k] if c.mcmahon else 0.0
    played = table.played[k]
    total = sum(played[1 : rounds + 1]) + base * rounds
    if table.byes[k]:
        free = 0.0
        cumulative = [0.0] * rounds
        byes = dict(table.byes[k])
        for r in range(rounds):
            kind = byes.get(r)
            free += rules[kind].points if kind else 0.0
            cumulative[r] = _rounded(free, c.round_down)
        total += sum(cumulative)
    return total


def _knockout(table: FitTable, c: GoConventions) -> list[float]:
    if c.knockout_from is None:
        return [1.0] * len(table.players)
    history = {
        k: tuple(
            GoRound(
                r + 1,
                table.opponents[k][r] if table.opponents[k][r] >= 0 else None,
                table.games[k][r],
                table.kinds[k][r],
                0,
                "",
            )
            for r in range(table.rounds)
        )
        for k in range(len(table.players))
    }
    places = knockout_places(history, c.knockout_from, table.rounds)
    return [float(places[k]) for k in range(len(table.players))]
