"""Read a whole EGF tournament table into the format-neutral model."""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, field, replace

from trfsite.findings import Capped, Finding, Severity
from trfsite.formats.egf.columns import Positions, all_columns, pairing_system_of
from trfsite.formats.egf.header import (
    HeaderColumns,
    column_names,
    find_tags,
    is_column_header,
    is_known_column,
    is_known_tag,
    parse_date,
    parse_handicap_rule,
    split_place,
    suffix_handicap_rule,
)
from trfsite.formats.egf.layout import Layout, find_layout, split_rows
from trfsite.formats.egf.lines import PlayerLine, parse_player_line
from trfsite.formats.egf.players import (
    carry_tied_places,
    fill_handicaps,
    read_player,
    within_repeats,
    within_scores,
)
from trfsite.formats.limits import MAX_FINDINGS_PER_CODE, MAX_ROUNDS, within_line_length
from trfsite.formats.numbers import decimal, reason_note
from trfsite.formats.text import split_lines
from trfsite.model import (
    Game,
    GoInfo,
    Player,
    RawRecord,
    ReadResult,
    SourceFormat,
    Span,
    Tournament,
)
from trfsite.results import Note

_MULTI_TAGS = ("CM",)


@dataclass(slots=True)
class _Header:
    tags: dict[str, list[tuple[str, int, int]]] = field(default_factory=dict)
    columns: HeaderColumns | None = None
    comments: list[RawRecord] = field(default_factory=list)

    def first(self, tag: str) -> tuple[str, int, int] | None:
        found = self.tags.get(tag)
        return found[0] if found else None


def read_egf(text: str, name: str = "") -> ReadResult:
    """Read an EGF tournament table; never raises on bad input."""
    findings = Capped(MAX_FINDINGS_PER_CODE.limit)
    header = _Header()
    raw_lines: list[tuple[int, str]] = []
    for number, whole_line in enumerate(split_lines(text), start=1):
        line, too_long = within_line_length(whole_line, number, name)
        if too_long:
            findings.add(too_long)
        stripped = line.strip()
        if not stripped:
            continue
        if stripped.startswith(";"):
            _read_comment(line, number, header, findings, name)
        else:
            raw_lines.append((number, line))
    raw_lines = _without_repeated_rows(raw_lines, findings, name)
    parsed: list[PlayerLine] = []
    for row, (number, line) in enumerate(raw_lines, start=1):
        player_line, line_findings = parse_player_line(
            line, number, row, header.columns.has_club if header.columns else None, name
        )
        findings.extend(line_findings)
        if player_line is not None:
            parsed.append(player_line)
    if not parsed:
        findings.add(
            Finding(
                Severity.ERROR,
                "egf-no-players",
                Note(
                    "no player lines were found; expected lines such as "
                    "'1 Surname Firstname 2d FR Club 3+/w0 5-/b0'",
                ),
                name,
            )
        )
    named = header.columns.names if header.columns else None
    found = find_layout(
        parsed,
        len(raw_lines),
        len(named) if named is not None else None,
        header.columns.labels_at if header.columns else None,
    )
    layout = _within_rounds(found, parsed, findings, name)
    if parsed and not layout.rounds:
        findings.add(
            Finding(
                Severity.ERROR,
                "egf-no-rounds",
                Note(
                    "no result cells were found in any of the {count} player rows, so the "
                    "table has 0 rounds; expected one cell per round such as '4+', '12-/b2', "
                    "'0=' or '?'",
                    count=len(parsed),
                ),
                name,
                parsed[0].line,
                1,
            )
        )
    rule, rule_source = _handicap_rule(header, name, findings)
    whole = [
        within_scores(split, p, name, findings)
        for p, split in zip(parsed, split_rows(parsed, layout, len(raw_lines)), strict=True)
    ]
    splits = [
        within_repeats(split, p, name, findings) for p, split in zip(parsed, whole, strict=True)
    ]
    if sum(len(split.cells) for split in splits) < sum(len(split.cells) for split in whole):
        # As for TRF lines, the event's rounds follow the rows once their copies are cut.
        layout = replace(layout, rounds=max(len(split.cells) for split in splits))
    positions = Positions(layout, splits, header.columns)
    players = [
        read_player(p, split, positions, name, findings)
        for p, split in zip(parsed, splits, strict=True)
    ]
    players = fill_handicaps(carry_tied_places(players), rule)
    columns = all_columns(positions, header.columns, name, findings)
    tournament = _tournament(header, players, layout.rounds, rule, rule_source, name, findings)
    if tournament.go is not None:
        tournament = replace(tournament, go=replace(tournament.go, columns=columns))
    return ReadResult(tournament, tuple(findings.kept()))


def _without_repeated_rows(
    raw_lines: list[tuple[int, str]], findings: Capped, name: str
) -> list[tuple[int, str]]:
    """Each row once: a row repeated word for word (a paste gone wrong) is one player.

    Ids are row numbers, so each copy would be one more player claiming the same games
    (458 copies of a 300-round row took 130 s of CPU and 1.2 GB). Copies are left out
    before the rows are numbered: the rows below keep the numbers the cells give them.
    """
    first_row: dict[str, tuple[int, int]] = {}  # words -> (row, line) of its first copy
    copies: dict[str, list[int]] = {}  # words -> the lines of its later copies
    kept: list[tuple[int, str]] = []
    for number, line in raw_lines:
        words = " ".join(line.split())
        if words in first_row:
            copies.setdefault(words, []).append(number)
            continue
        first_row[words] = (len(kept) + 1, number)
        kept.append((number, line))
    for words, lines in copies.items():
        if not findings.wants("egf-row-repeated"):
            continue
        row, first_line = first_row[words]
        findings.add(
            Finding(
                Severity.ERROR,
                "egf-row-repeated",
                Note(
                    "row {row} (line {line}) is repeated word for word on {count:,} more "
                    "lines; expected each player's row once: the copies are not read, and "
                    "the rows below are numbered without them",
                    row=row,
                    line=first_line,
                    count=len(lines),
                ),
                name,
                lines[0],
                1,
            )
        )
    return kept


def _within_rounds(layout: Layout, parsed: list[PlayerLine], findings: Capped, name: str) -> Layout:
    """At most MAX_ROUNDS rounds, as in a TRF file: more is damage (rows run together),
    and every player would be scored and explained in each of them."""
    limit = MAX_ROUNDS.limit
    if layout.rounds <= limit:
        return layout
    findings.add(
        Finding(
            Severity.ERROR,
            MAX_ROUNDS.code,
            Note(
                "the rows are read as {rounds:,} rounds; expected at most {limit} (TRF's "
                "three-digit rounds): the table looks damaged and only the {limit} result "
                "cells next to the scores are read",
                rounds=layout.rounds,
                limit=limit,
            ),
            name,
            parsed[0].line,
            1,
        )
    )
    return replace(layout, rounds=limit)


# --------------------------------------------------------------------------- header
def _read_comment(line: str, number: int, header: _Header, findings: Capped, name: str) -> None:
    body_at = line.index(";") + 1
    body = line[body_at:]
    header.comments.append(RawRecord(";", body.strip(), Span(number, body_at, len(line))))
    tags = find_tags(body)
    for tag, value, offset in tags:
        column = body_at + offset + 1
        if is_known_tag(tag):
            header.tags.setdefault(tag, []).append((value, number, column))
        else:
            findings.add(
                Finding(
                    Severity.INFO,
                    "egf-tag-unknown",
                    Note(
                        "unknown header tag {tag!r} kept as a comment; known "
                        "tags: TC CL EV PC DT HA KM TM TA CM",
                        tag=tag + "[" + value + "]",
                    ),
                    name,
                    number,
                    column,
                )
            )
    words = body.split()
    if not tags and header.columns is None and is_column_header(words):
        header.columns = column_names(words)
        _report_unknown_columns(header.columns.names, body, number, body_at, name, findings)


def _report_unknown_columns(
    columns: list[str], body: str, number: int, body_at: int, name: str, findings: Capped
) -> None:
    """Each name trfsite does not know, once, with the score column it stands over."""
    upper = body.upper()
    reported: set[str] = set()
    for position, column in enumerate(columns, start=1):
        if is_known_column(column) or column in reported:
            continue
        reported.add(column)
        at = upper.find(column.upper())
        findings.add(
            Finding(
                Severity.INFO,
                "egf-column-unknown",
                Note(
                    "column name {column!r} (score column {position}) is not known; its values "
                    "are read and shown but not checked (known: MMS, NBW, SOS, SOS-1, SOS-2, "
                    "SOSOS, SODOS, CUSS, DC and their spellings such as Wins, MM, SSOS, SDOS)",
                    column=column,
                    position=position,
                ),
                name,
                number,
                body_at + at + 1 if at >= 0 else 0,
            )
        )


def _handicap_rule(header: _Header, name: str, findings: Capped) -> tuple[int | None, str]:
    found = header.first("HA")
    if found is not None:
        value, line, column = found
        rule = parse_handicap_rule(value)
        if rule is not None:
            return rule, "HA"
        findings.add(
            Finding(
                Severity.WARNING,
                "egf-tag-value",
                Note(
                    "unreadable handicap rule HA[{value}]; expected 'h' and one digit, e.g. "
                    "HA[h9] (no handicap) or HA[h1] (grade difference minus 1)",
                    value=value,
                ),
                name,
                line,
                column,
            )
        )
    rule = suffix_handicap_rule(name)
    return (rule, "suffix") if rule is not None else (None, "")


def _number(header: _Header, tag: str, name: str, findings: Capped) -> float | None:
    found = header.first(tag)
    if found is None:
        return None
    value, line, column = found
    number = decimal(value.strip().replace(",", "."))
    if number is None:
        findings.add(
            Finding(
                Severity.WARNING,
                "egf-tag-value",
                Note(
                    "{tag}[{value}] is not a number; expected e.g. {tag}[6.5]{reason}",
                    tag=tag,
                    value=value,
                    reason=reason_note(value),
                ),
                name,
                line,
                column,
            )
        )
        return None
    return number


def _tournament(
    header: _Header,
    players: list[Player],
    rounds: int,
    rule: int | None,
    rule_source: str,
    name: str,
    findings: Capped,
) -> Tournament:
    def text(tag: str) -> str:
        found = header.first(tag)
        return found[0].strip() if found else ""

    country, city = split_place(text("PC"))
    start, end = _dates(header, name, findings)
    adjusted = _number(header, "TM", name, findings)
    if adjusted is None:
        adjusted = _number(header, "TA", name, findings)
    columns = tuple(header.columns.names if header.columns else ())
    go = GoInfo(
        handicap_rule=rule,
        komi=_number(header, "KM", name, findings),
        tournament_class=text("CL"),
        egd_code=text("TC"),
        place=text("PC"),
        adjusted_time=adjusted,
        comments=tuple(v.strip() for tag in _MULTI_TAGS for v, _, _ in header.tags.get(tag, [])),
        columns=columns,
        handicap_rule_source=rule_source,
    )
    return Tournament(
        source_format=SourceFormat.EGF,
        name=text("EV"),
        game=Game.GO,
        city=city,
        federation=country,
        start_date=start,
        end_date=end,
        declared_players=None,
        declared_rounds=rounds,
        players=tuple(players),
        comments=tuple(header.comments),
        go=go,
        pairing_system=pairing_system_of(columns),
    )


def _dates(header: _Header, name: str, findings: Capped) -> tuple[_dt.date | None, _dt.date | None]:
    found = header.first("DT")
    if found is None:
        return None, None
    value, line, column = found
    parts = [p for p in value.split(",") if p.strip()]
    dates = [parse_date(p) for p in parts]
    if not dates or any(d is None for d in dates):
        findings.add(
            Finding(
                Severity.WARNING,
                "egf-tag-value",
                Note(
                    "unreadable dates DT[{value}]; expected DT[YYYY-MM-DD,YYYY-MM-DD]",
                    value=value,
                ),
                name,
                line,
                column,
            )
        )
        return None, None
    return dates[0], dates[-1]
