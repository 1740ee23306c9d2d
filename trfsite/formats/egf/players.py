"""A Go table's player rows: their result cells, their score columns and their checks.

A row's findings go to a ``Capped`` collector and each is built only when it will be
kept: a damaged 1 MB table has some 100,000 bad words, and a reader needs the first
ones and the count.
"""

from __future__ import annotations

from dataclasses import replace

from trfsite.findings import Capped, Finding, Severity
from trfsite.formats.egf.columns import Positions, row_scores
from trfsite.formats.egf.grades import parse_grade
from trfsite.formats.egf.layout import RowSplit
from trfsite.formats.egf.lines import PlayerLine, Word
from trfsite.formats.egf.tokens import UNKNOWN_CELL, Token, parse_token
from trfsite.formats.limits import (
    MAX_REPEATED_GAMES,
    MAX_SCORE_COLUMNS,
    repeated_game_at,
    repeated_game_note,
)
from trfsite.formats.numbers import reason_note
from trfsite.model import Color, Outcome, Player, RoundEntry, Span
from trfsite.results import Note

MAX_HANDICAP = 9


def within_scores(split: RowSplit, p: PlayerLine, name: str, findings: Capped) -> RowSplit:
    """At most MAX_SCORE_COLUMNS score words, as a TRF line is cut at its length: more is
    damage (rows run together, garbage), and each would be a column of every player."""
    limit = MAX_SCORE_COLUMNS.limit
    count = len(split.before) + len(split.after)
    if count <= limit:
        return split
    before = split.before[:limit]
    after = split.after[: limit - len(before)]
    first = (split.before[limit:] or split.after[len(after) :])[0]
    if findings.wants(MAX_SCORE_COLUMNS.code):
        findings.add(
            Finding(
                Severity.ERROR,
                MAX_SCORE_COLUMNS.code,
                Note(
                    "row {row} has {count:,} words beside its result cells; expected at most "
                    "{limit} score columns (such as MMS, SOS, SOSOS): the row looks damaged "
                    "and its score words from {text!r} on are not read",
                    row=p.row,
                    count=count,
                    limit=limit,
                    text=first.text,
                ),
                name,
                p.line,
                first.column,
            )
        )
    return RowSplit(before, split.cells, after)


def _names_opponent(text: str) -> bool:
    """A game cell ('12+/w0'): free rounds ('0=', '0+', '?') name no opponent."""
    token = parse_token(text)
    return token is not None and token.opponent > 0


def within_repeats(split: RowSplit, p: PlayerLine, name: str, findings: Capped) -> RowSplit:
    """The row's cells up to a game repeated more than MAX_REPEATED_GAMES times in a row,
    as a TRF line is cut: a pairing that repeats alternates colours, so the same cell
    round after round is a paste gone wrong. The score words after the cells are kept."""
    at = repeated_game_at((word.text for word in split.cells), _names_opponent)
    if at is None:
        return split
    word = split.cells[at]
    findings.add(
        Finding(
            Severity.ERROR,
            MAX_REPEATED_GAMES.code,
            repeated_game_note(at + 1, word.text, word.column),
            name,
            p.line,
            word.column,
        )
    )
    return RowSplit(split.before, split.cells[:at], split.after)


def read_player(
    p: PlayerLine, split: RowSplit, positions: Positions, name: str, findings: Capped
) -> Player:
    entries = tuple(
        _entry(word, number, p, name, findings) for number, word in enumerate(split.cells, start=1)
    )
    scores = row_scores(positions.of(split), positions, p, name, findings)
    return Player(
        id=p.row,
        name=p.name,
        federation=p.country,
        declared_points=dict(scores).get(positions.primary),
        declared_rank=p.place,
        rounds=entries,
        grade=p.grade.text,
        club=p.club,
        declared_scores=scores,
        egd_pin=p.pin,
        source=Span(p.line, 1, 0),
    )


def _entry(word: Word, number: int, p: PlayerLine, name: str, findings: Capped) -> RoundEntry:
    span = Span(p.line, word.column, word.end_column)
    token = parse_token(word.text)
    if token is None:
        if findings.wants("egf-token-unknown"):
            findings.add(
                Finding(
                    Severity.ERROR,
                    "egf-token-unknown",
                    Note(
                        "row {row}, round {number}: unknown result token {text!r}; expected "
                        "e.g. '12+/w0', '7-/b3', '5=', '22+!w', '0+', '0-' or '0='"
                        "{reason}",
                        row=p.row,
                        number=number,
                        text=word.text,
                        reason=reason_note(word.text),
                    ),
                    name,
                    p.line,
                    word.column,
                )
            )
        return _unknown_entry(number, word.text, span)
    _check_token(token, number, p, word, name, findings)
    return RoundEntry(
        round=number,
        opponent=token.opponent or None,
        color=token.color,
        outcome=token.outcome,
        handicap=token.handicap,
        raw=word.text,
        source=span,
    )


def _unknown_entry(number: int, raw: str, span: Span) -> RoundEntry:
    return RoundEntry(number, None, Color.NONE, Outcome.UNKNOWN, None, raw, span)


def _check_token(
    token: Token, number: int, p: PlayerLine, word: Word, name: str, findings: Capped
) -> None:
    if (
        token.handicap is not None
        and token.handicap > MAX_HANDICAP
        and findings.wants("egf-token-handicap")
    ):
        findings.add(
            Finding(
                Severity.WARNING,
                "egf-token-handicap",
                Note(
                    "row {row}, round {number}: handicap {handicap} in {text!r}; "
                    "expected 0 to 9 stones",
                    row=p.row,
                    number=number,
                    handicap=token.handicap,
                    text=word.text,
                ),
                name,
                p.line,
                word.column,
            )
        )
    if (
        token.opponent == 0
        and token.result == "?"
        and token.text != UNKNOWN_CELL
        and findings.wants("egf-token-unknown")
    ):
        findings.add(
            Finding(
                Severity.WARNING,
                "egf-token-unknown",
                Note(
                    "row {row}, round {number}: {text!r} is not a free-round token; "
                    "expected '0+', '0-' or '0='",
                    row=p.row,
                    number=number,
                    text=word.text,
                ),
                name,
                p.line,
                word.column,
            )
        )
    if token.opponent == p.row and findings.wants("egf-token-self"):
        findings.add(
            Finding(
                Severity.ERROR,
                "egf-token-self",
                Note(
                    "row {row}, round {number}: {text!r} pairs the player with their own row {row}",
                    row=p.row,
                    number=number,
                    text=word.text,
                ),
                name,
                p.line,
                word.column,
            )
        )


def carry_tied_places(players: list[Player]) -> list[Player]:
    """OpenGotha writes a tied group's place on its first row only; the rest share it."""
    out: list[Player] = []
    last: int | None = None
    for player in players:
        if player.declared_rank is None and last is not None:
            player = replace(player, declared_rank=last)
        last = player.declared_rank
        out.append(player)
    return out


def fill_handicaps(players: list[Player], rule: int | None) -> list[Player]:
    """Tokens without a handicap take it from the rule and both grades."""
    if rule is None:
        return players
    grades = {p.id: parse_grade(p.grade) for p in players}
    filled: list[Player] = []
    for player in players:
        if all(e.handicap is not None or e.opponent is None for e in player.rounds):
            filled.append(player)
            continue
        entries = []
        for entry in player.rounds:
            if entry.handicap is None and entry.opponent is not None:
                mine, theirs = grades.get(player.id), grades.get(entry.opponent)
                if rule == MAX_HANDICAP:
                    entry = replace(entry, handicap=0)
                elif mine is not None and theirs is not None:
                    stones = abs(mine.rank - theirs.rank) - rule
                    entry = replace(entry, handicap=max(0, min(MAX_HANDICAP, stones)))
            entries.append(entry)
        filled.append(replace(player, rounds=tuple(entries)))
    return filled
