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
  scored in the games between them.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import click

from trfsite.formats.egf.grades import parse_grade
from trfsite.memo import ByIdentity
from trfsite.model import Color, Outcome, Player, RoundEntry
from trfsite.results import N_, Contribution, Note
from trfsite.scoring.codes import UnknownTiebreakError
from trfsite.scoring.go_fast import FastValues, Prefixes, prefixes

_WIN_POINTS = {
    Outcome.WIN: 1.0,
    Outcome.FORFEIT_WIN: 1.0,
    Outcome.WIN_UNRATED: 1.0,
    Outcome.DRAW: 0.5,
    Outcome.DRAW_UNRATED: 0.5,
}
_FREE_POINTS = {Outcome.FULL_BYE: 1.0, Outcome.HALF_BYE: 0.5, Outcome.PAIRING_BYE: 1.0}
HALF = 0.5  # what '0=' adds by the EGF's description and OpenGotha


class ByeInSos(enum.Enum):
    """What a round without an opponent adds to SOS."""

    START = "start"  # own start MMS in McMahon, 0 in Swiss (OpenGotha)
    ZERO = "zero"
    OWN = "own"  # the player's own final score


def find_bye_in_sos(name: str) -> ByeInSos:
    for convention in ByeInSos:
        if convention.value == name:
            return convention
    known = ", ".join(c.value for c in ByeInSos)
    raise click.ClickException(f"unknown SOS convention for byes {name!r}; known: {known}")


@dataclass(frozen=True, slots=True)
class GoRound:
    """One round from one player's view, reduced to what the tie-breaks need."""

    round: int
    opponent: int | None  # None: no game (free round, absence, unreadable token)
    game_points: float  # 1 win, ½ jigo, 0 otherwise
    free_points: float  # 1 for 0+, ½ for 0=, 0 otherwise
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
    nbw_after: Mapping[int, tuple[float, ...]]  # NBW after rounds 1..rounds
    sos: Mapping[int, float]
    # Other programs' conventions; the defaults are OpenGotha's.
    handicap_adjusted: bool = True
    bye_in_sos: ByeInSos = ByeInSos.START
    cut_highest: bool = False
    names: Mapping[int, str] = field(default_factory=dict)  # row -> player, for explanations
    explain: bool = True  # label every contribution (False: values only, for speed)
    fast: FastValues | None = None  # without explanations: the values summed in C
    # Each player's per-round values, made once: SOS, SOS-1, SOS-2 and SODOS all read them.
    made: dict[int, list[Contribution]] = field(default_factory=dict, compare=False)

    def unplayed_value(self, player: int) -> float:
        """What a round without opponent adds to SOS."""
        if self.bye_in_sos is ByeInSos.OWN:
            return self.score(player)
        return self.start[player] if self.mcmahon and self.bye_in_sos is ByeInSos.START else 0.0

    def unplayed_sos_value(self, player: int) -> float:
        """What a round without opponent adds to SOSOS."""
        if self.bye_in_sos is ByeInSos.OWN:
            return self.sos.get(player, 0.0)
        return self.unplayed_value(player) * self.rounds

    def nbw(self, player: int) -> float:
        after = self.nbw_after[player]
        return after[-1] if after else 0.0

    def mms(self, player: int) -> float:
        return self.start[player] + self.nbw(player)

    def score(self, player: int) -> float:
        """The primary score: MMS (McMahon) or NBW (Swiss)."""
        return self.mms(player) if self.mcmahon else self.nbw(player)

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
                value = self.unplayed_value(player)
                why: str = Note(
                    N_("no opponent: own score")
                    if self.bye_in_sos is ByeInSos.OWN
                    else N_("no opponent: own start MMS")
                    if value
                    else N_("no opponent: 0")
                )
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
    bye_in_sos: ByeInSos = ByeInSos.START,
    cut_highest: bool = False,
    free_draw: float = HALF,
    explain: bool = True,
) -> GoContext:
    """Reduce the players' first ``rounds`` rounds to what the tie-breaks need.

    ``free_draw`` is what a ``0=`` round adds (½, or 0 in some tables). Every round
    of the table is reduced once per ``players`` (the standings after each round
    take a slice of it), and each player's cells are looked up by round once.
    """
    table = _whole_table(players, free_draw, round_down)
    history: dict[int, tuple[GoRound, ...]] = {}
    nbw_after: dict[int, tuple[float, ...]] = {}
    for player in players:
        whole = table.history[player.id]
        nbw = table.nbw[player.id]
        if rounds <= len(whole):
            history[player.id], nbw_after[player.id] = whole[:rounds], nbw[:rounds]
        else:  # rounds beyond every cell: the player was absent
            absent = tuple(_absent(r) for r in range(len(whole) + 1, rounds + 1))
            last = nbw[-1] if nbw else 0.0
            history[player.id] = whole + absent
            nbw_after[player.id] = nbw + (last,) * len(absent)
    names = {p.id: p.name for p in players}
    conventions = (handicap_adjusted, bye_in_sos, cut_highest, names, explain)
    partial = GoContext(mcmahon, rounds, round_down, start, history, nbw_after, {}, *conventions)
    if explain:
        sos = {p.id: sum(_values(partial.opponent_values(p.id))) for p in players}
        return GoContext(
            mcmahon, rounds, round_down, start, history, nbw_after, sos, *conventions, None,
            partial.made,
        )  # fmt: skip
    scores = {p.id: partial.score(p.id) for p in players}
    fast = FastValues(rounds, table.prefixes, scores, mcmahon and handicap_adjusted)
    sos = {p.id: fast.sos(p.id, partial.unplayed_value(p.id)) for p in players}
    return GoContext(
        mcmahon, rounds, round_down, start, history, nbw_after, sos, *conventions, fast
    )


def _absent(round_no: int) -> GoRound:
    return GoRound(round_no, None, 0.0, 0.0, 0, _ABSENT)


_ABSENT = Note("absent")  # one note for every absent round (a damaged table has 100,000s)


@dataclass(frozen=True, slots=True)
class _Table:
    """Every round of every player reduced, for one way of counting free rounds."""

    history: dict[int, tuple[GoRound, ...]]
    nbw: dict[int, tuple[float, ...]]
    prefixes: dict[int, Prefixes]


def _whole_table(players: Sequence[Player], free_draw: float, round_down: bool) -> _Table:
    made = _TABLES(players)
    key = (free_draw, round_down)
    if key not in made:
        # The rounds themselves depend on free_draw alone: reduced once for both ways
        # of rounding (the table's columns are fitted under several conventions).
        other = made.get((free_draw, not round_down))
        if other is None:
            made[key] = _reduce_table(players, free_draw, round_down)
        else:
            nbw = {pid: cumulative_nbw(rounds, round_down) for pid, rounds in other.history.items()}
            made[key] = _Table(other.history, nbw, other.prefixes)
    return made[key]


def _reduce_table(players: Sequence[Player], free_draw: float, round_down: bool) -> _Table:
    ids = {p.id for p in players}
    ranks = {p.id: (g.rank if (g := parse_grade(p.grade)) else None) for p in players}
    cells = {p.id: _cells_by_round(p) for p in players}
    last = max((r for found in cells.values() for r in found), default=0)
    history: dict[int, tuple[GoRound, ...]] = {}
    nbw: dict[int, tuple[float, ...]] = {}
    rows: dict[int, Prefixes] = {}
    for player in players:
        found = cells[player.id]
        reduced = tuple(
            _reduce(player, found.get(r), r, ids, ranks, free_draw) for r in range(1, last + 1)
        )
        history[player.id] = reduced
        nbw[player.id] = cumulative_nbw(reduced, round_down)
        rows[player.id] = prefixes([(e.opponent, e.game_points, e.handicap_shift) for e in reduced])
    return _Table(history, nbw, rows)


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
_TABLES: ByIdentity[Sequence[Player], dict[tuple[float, bool], _Table]] = ByIdentity(
    lambda players: {}, keep=4
)


def cumulative_nbw(history: Sequence[GoRound], round_down: bool) -> tuple[float, ...]:
    """NBW after each round; free-round points rounded down when asked."""
    games = free = 0.0
    out: list[float] = []
    for entry in history:
        games += entry.game_points
        free += entry.free_points
        out.append(games + (math.floor(free) if round_down else free))
    return tuple(out)


def entry_points(entry: RoundEntry, free_draw: float = HALF) -> tuple[float, float]:
    """(points from the game, points from a free round) of one round cell."""
    if entry.opponent is None:
        if entry.outcome is Outcome.HALF_BYE:
            return 0.0, free_draw
        return 0.0, _FREE_POINTS.get(entry.outcome, 0.0)
    return _WIN_POINTS.get(entry.outcome, 0.0), 0.0


def _reduce(
    player: Player,
    entry: RoundEntry | None,
    round_no: int,
    ids: set[int],
    ranks: Mapping[int, int | None],
    free_draw: float,
) -> GoRound:
    if entry is None:
        return GoRound(round_no, None, 0.0, 0.0, 0, _ABSENT)
    label = entry.raw or entry.outcome.name.lower()
    game, free = entry_points(entry, free_draw)
    # A row number that names no player keeps its result but has no opponent to count.
    opponent = entry.opponent if entry.opponent in ids else None
    if opponent is None:
        return GoRound(round_no, None, game, free, 0, label)
    color = entry.color
    stones = entry.handicap or 0
    if color is Color.NONE and stones:
        color = _handicap_color(ranks.get(player.id), ranks.get(opponent))
    shift = stones if color is Color.WHITE else -stones if color is Color.BLACK else 0
    return GoRound(round_no, opponent, game, 0.0, shift, label)


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
        unplayed = ctx.unplayed_value(player)
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
        return GoValue(ctx.fast.sosos(player, ctx.sos, ctx.unplayed_sos_value(player)))
    out: list[Contribution] = []
    for entry in ctx.history[player]:
        if entry.opponent is None:
            value = ctx.unplayed_sos_value(player)
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
    """Points scored against the other players of ``tied`` (0 when alone)."""
    out = tuple(
        Contribution(e.round, e.game_points, ctx.label(e))
        for e in ctx.history[player]
        if e.opponent is not None and e.opponent != player and e.opponent in tied
    )
    return GoValue(sum(_values(out)), out)


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
