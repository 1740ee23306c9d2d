"""Checks of Go (EGF) tables: both sides of every game, rounds, handicaps, the file's columns.

The reader already reports what it cannot read (unknown grades and tokens); these
checks look at the model as a whole.
"""

from __future__ import annotations

from trfsite.findings import Capped, Finding, Severity
from trfsite.formats.egf.grades import parse_grade
from trfsite.formats.limits import MAX_FINDINGS_PER_CODE
from trfsite.model import Color, Game, Outcome, Player, RoundEntry, Tournament
from trfsite.results import N_, Note, join_notes
from trfsite.standings.go import start_scores
from trfsite.standings.go_columns import read_go_columns
from trfsite.standings.options import StandingsOptions
from trfsite.validate.egf_columns import COLUMN_CODES, check_declared_columns

__all__ = ["COLUMN_CODES", "check_declared_columns", "check_egf"]

MAX_HANDICAP = 9
_BOTH = {Outcome.WIN, Outcome.FORFEIT_WIN}
_NEITHER = {Outcome.LOSS, Outcome.FORFEIT_LOSS}


def check_egf(t: Tournament, name: str) -> list[Finding]:
    """Every Go check; nothing for chess events."""
    if t.game is not Game.GO:
        return []
    findings: list[Finding] = []
    findings += check_games(t, name)
    findings += check_round_counts(t, name)
    findings += check_handicaps(t, name)
    findings += check_never_played(t, name)
    findings += check_declared_columns(t, name)
    return findings


def _where(player: Player, entry: RoundEntry | None = None) -> tuple[int, int]:
    if entry is not None and entry.source.line:
        return entry.source.line, entry.source.column
    return player.source.line, player.source.column if player.source.line else 0


def _cell(entry: RoundEntry | None) -> str:
    return repr(entry.raw) if entry is not None and entry.raw else Note("no token")


# --------------------------------------------------------------------------- games
def check_games(t: Tournament, name: str) -> list[Finding]:
    """Every game on both players' lines, with matching colour, handicap and result."""
    index = t.player_index()
    found = Capped(MAX_FINDINGS_PER_CODE.limit)
    for player in t.players:
        for entry in player.rounds:
            if entry.opponent is None:
                continue
            other = index.get(entry.opponent)
            if other is None:
                if found.wants("egf-opponent-unknown"):
                    line, column = _where(player, entry)
                    found.add(
                        Finding(
                            Severity.ERROR,
                            "egf-opponent-unknown",
                            Note(
                                "{head} names row {opponent}, but the table has no such row "
                                "(expected a row number from 1 to {count})",
                                head=_head(player, entry),
                                opponent=entry.opponent,
                                count=len(t.players),
                            ),
                            name,
                            line,
                            column,
                        )
                    )
                continue
            back = other.entry(entry.round)
            if back is None or back.opponent != player.id:
                if found.wants("egf-game-one-sided"):
                    line, column = _where(player, entry)
                    found.add(
                        Finding(
                            Severity.ERROR,
                            "egf-game-one-sided",
                            Note(
                                "{head} names row {opponent} as the opponent, but row "
                                "{opponent}'s round {round} is {cell}; expected a "
                                "token for row {id}",
                                head=_head(player, entry),
                                opponent=entry.opponent,
                                round=entry.round,
                                cell=_cell(back),
                                id=player.id,
                            ),
                            name,
                            line,
                            column,
                        )
                    )
                continue
            if player.id < other.id:
                found.extend(_compare_sides(player, entry, other, back, name))
    return found.kept()


def _head(player: Player, entry: RoundEntry) -> Note:
    return Note("row {id}, round {round}: {raw!r}", id=player.id, round=entry.round, raw=entry.raw)


def _compare_sides(
    player: Player, entry: RoundEntry, other: Player, back: RoundEntry, name: str
) -> list[Finding]:
    colours = entry.color is not Color.NONE and back.color is not Color.NONE
    if not (
        (colours and entry.color is not back.color.opposite)
        or (entry.handicap is not None and back.handicap not in (None, entry.handicap))
        or entry.outcome.complement is not back.outcome
    ):
        return []  # the usual case: nothing to say, no message made
    line, column = _where(player, entry)
    pair = Note(
        "round {round}: row {id} {raw!r} and row {other} {back!r}",
        round=entry.round,
        id=player.id,
        raw=entry.raw,
        other=other.id,
        back=back.raw,
    )
    out: list[Finding] = []
    if (
        entry.color is not Color.NONE
        and back.color is not Color.NONE
        and entry.color is not back.color.opposite
    ):
        out.append(
            Finding(
                Severity.ERROR,
                "egf-game-colour",
                Note(
                    "{pair} give the same colour; expected one white (w) and one black (b)",
                    pair=pair,
                ),
                name,
                line,
                column,
            )
        )
    if entry.handicap is not None and back.handicap is not None and entry.handicap != back.handicap:
        out.append(
            Finding(
                Severity.ERROR,
                "egf-game-handicap",
                Note(
                    "{pair} give different handicaps ({handicap} and {back_handicap}); "
                    "expected the same number of stones on both tokens",
                    pair=pair,
                    handicap=entry.handicap,
                    back_handicap=back.handicap,
                ),
                name,
                line,
                column,
            )
        )
    if entry.outcome.complement is not back.outcome:
        both = {entry.outcome, back.outcome}
        odd = both <= _BOTH or both <= _NEITHER
        template = _RESULTS_MISFIT
        if odd:
            template = _BOTH_WON if both <= _BOTH else _BOTH_LOST
        out.append(
            Finding(
                Severity.WARNING if odd else Severity.ERROR,
                "egf-game-result",
                Note(template, pair=pair),
                name,
                line,
                column,
            )
        )
    return out


_BOTH_WON = N_(
    "{pair}: both won (OpenGotha's rare 'both win'/'both lose' result); "
    "expected complementary results (+ and -, = and =, ? and ?)"
)
_BOTH_LOST = N_(
    "{pair}: both lost (OpenGotha's rare 'both win'/'both lose' result); "
    "expected complementary results (+ and -, = and =, ? and ?)"
)
_RESULTS_MISFIT = N_(
    "{pair} do not fit together; expected complementary results (+ and -, = and =, ? and ?)"
)
# Language-neutral: the items are translated one by one.
_ITEMS_TEMPLATE = "{first}; {rest}"


def check_round_counts(t: Tournament, name: str) -> list[Finding]:
    """Every player has one token per round."""
    expected = t.rounds
    return [
        Finding(
            Severity.ERROR,
            "egf-rounds-count",
            Note(
                "row {id} ({name}) has {count} result token(s); expected {expected}, "
                "one per round like the other rows",
                id=p.id,
                name=p.name,
                count=len(p.rounds),
                expected=expected,
            ),
            name,
            *_where(p),
        )
        for p in t.players
        if len(p.rounds) != expected
    ]


def check_never_played(t: Tournament, name: str) -> list[Finding]:
    return [
        Finding(
            Severity.WARNING,
            "egf-never-played",
            Note(
                "row {id} ({name}) played no game in {rounds} round(s); expected at least "
                "one opponent (remove players who did not take part)",
                id=p.id,
                name=p.name,
                rounds=t.rounds,
            ),
            name,
            *_where(p),
        )
        for p in t.players
        if t.rounds and all(e.opponent is None for e in p.rounds)
    ]


# --------------------------------------------------------------------------- handicaps
def check_handicaps(t: Tournament, name: str) -> list[Finding]:
    """Handicaps against the header's HA rule and the grades (not against a mere suffix).

    A handicap also passes when it fits the start McMahon scores, because OpenGotha
    can base handicaps on MMS (so players above a bar play even games).
    """
    if t.go is None or t.go.handicap_rule is None or t.go.handicap_rule_source != "HA":
        return []
    rule = t.go.handicap_rule
    reading = read_go_columns(t, StandingsOptions())
    starts = start_scores(reading.tournament, reading.options, reading.conventions, [])
    index = t.player_index()
    wrong: list[str] = []
    first: tuple[int, int] | None = None
    for player in t.players:
        for entry in player.rounds:
            other = index.get(entry.opponent) if entry.opponent is not None else None
            if other is None or player.id > other.id or entry.outcome.is_forfeit:
                continue
            problem = _handicap_problem(player, entry, other, rule, starts)
            if problem:
                wrong.append(problem)
                first = first or _where(player, entry)
    if not wrong:
        return []
    line, column = first or (0, 0)
    return [
        Finding(
            Severity.WARNING,
            "egf-handicap-rule",
            Note(
                "{count} game(s) contradict HA[h{rule}] and the grades: {games}",
                count=len(wrong),
                rule=rule,
                games=join_notes(wrong, _ITEMS_TEMPLATE),
            ),
            name,
            line,
            column,
        )
    ]


def _expected_stones(difference: float, rule: int) -> int:
    if rule == MAX_HANDICAP:
        return 0
    return int(max(0, min(MAX_HANDICAP, abs(difference) - rule)))


def _handicap_problem(
    player: Player, entry: RoundEntry, other: Player, rule: int, starts: dict[int, float]
) -> str:
    mine, theirs = parse_grade(player.grade), parse_grade(other.grade)
    if mine is None or theirs is None or entry.handicap is None:
        return ""
    by_grade = _expected_stones(mine.rank - theirs.rank, rule)
    by_mms = _expected_stones(starts[player.id] - starts[other.id], rule)
    # The game's description only for a problem: a table has thousands of games.
    if entry.handicap not in (by_grade, by_mms):
        return Note(
            "{game}: {stones} stone(s), expected {by_grade}",
            game=_game(player, entry, other),
            stones=entry.handicap,
            by_grade=by_grade,
        )
    if entry.handicap and entry.color is not Color.NONE and mine.rank != theirs.rank:
        stronger_is_white = (mine.rank > theirs.rank) == (entry.color is Color.WHITE)
        if not stronger_is_white:
            return Note(
                "{game}: the weaker player has white in a handicap game",
                game=_game(player, entry, other),
            )
    return ""


def _game(player: Player, entry: RoundEntry, other: Player) -> Note:
    return Note(
        "round {round}, rows {id}-{other} ({grade} v {other_grade})",
        round=entry.round,
        id=player.id,
        other=other.id,
        grade=player.grade,
        other_grade=other.grade,
    )
