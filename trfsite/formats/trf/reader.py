"""Read a TRF16 or TRF-2026 file into the model, loss-free, reporting what is wrong.

Lines are first sorted by record code (keeping file order within a code),
then read section by section, because some records need others to be read
first (801 needs the number of teams and 352's number of boards). Anything
that cannot be read is kept as written in ``unknown_records``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import field
from typing import TYPE_CHECKING, TypeVar

from trfsite.findings import Finding, Severity, sort_findings
from trfsite.formats.limits import MAX_LINE_LENGTH, MAX_PLAYERS, within_line_length
from trfsite.formats.text import split_lines
from trfsite.formats.trf.bye_lines import split_bye_placeholders
from trfsite.formats.trf.fields import Sink, SourceLine, parse_int
from trfsite.formats.trf.legacy_records import legacy_meaning
from trfsite.formats.trf.player_records import PlayerNotes, read_national_rating, read_player
from trfsite.formats.trf.round_cells import CELL_WIDTH, FIRST_CELL, blank_cell
from trfsite.formats.trf.round_count import (
    cells_by_length,
    cut_to_rounds,
    event_rounds,
    plausible_declared,
    reading_limit,
)
from trfsite.formats.trf.tournament_records import (
    TOURNAMENT_CODES,
    Header,
    pairing_system_hint,
    read_tournament_record,
)
from trfsite.model import (
    AbnormalPoints,
    Acceleration,
    ByeRecord,
    ForfeitedMatch,
    NationalRating,
    OutOfOrder,
    PairingByeRecord,
    Player,
    ProhibitedPairing,
    RawRecord,
    ReadResult,
    SourceFormat,
    Team,
    TeamSummary,
    Tournament,
)
from trfsite.model.frozen import mutable_record
from trfsite.results import Note

if TYPE_CHECKING:
    from trfsite.formats.trf.team_records import Context

T = TypeVar("T")

TEAM_CODES = frozenset({"013", "310", "300", "330", "340", "320", "240", "250", "260", "299"})
KNOWN_CODES = TOURNAMENT_CODES | TEAM_CODES | {"001", "801", "802"}
TRF26_ONLY = frozenset(
    {"142", "162", "172", "182", "192", "202", "212", "222", "310", "250", "260", "240"}
    | {"320", "330", "300", "299", "801", "802", "352", "362"}
)


@mutable_record
class Sorted:
    """The file's lines, sorted by kind, each kind in file order."""

    header: list[SourceLine] = field(default_factory=list)
    by_code: dict[str, list[SourceLine]] = field(default_factory=dict)
    national: list[SourceLine] = field(default_factory=list)
    legacy: list[SourceLine] = field(default_factory=list)
    unknown: list[SourceLine] = field(default_factory=list)
    comments: list[SourceLine] = field(default_factory=list)
    first_tab: int = 0
    too_long: list[Finding] = field(default_factory=list)

    def lines(self, code: str) -> list[SourceLine]:
        return self.by_code.get(code, [])


def _is_national(text: str) -> bool:
    code = text[:3]
    return (
        len(code) == 3
        and code.isascii()
        and code.isalpha()
        and code.isupper()
        and not code.startswith("XX")
        and text[3:4] == " "
        and parse_int(text[4:8].strip()) is not None
    )


def sort_lines(text: str, name: str = "") -> Sorted:
    out = Sorted()
    limit = MAX_LINE_LENGTH.limit  # longer lines are cut, with an error
    # A BOM the decoder left, and the ^Z that DOS programs put at the end of a file.
    text = text.removeprefix("\ufeff").rstrip().rstrip("\x1a")
    for number, raw in enumerate(split_lines(text), start=1):
        if "\t" in raw:
            out.first_tab = out.first_tab or number
            raw = raw.replace("\t", " ")
        raw = raw.rstrip()  # trailing blanks carry nothing in TRF
        if len(raw) > limit:
            raw, too_long = within_line_length(raw, number, name)
            if too_long:
                out.too_long.append(too_long)
        if not raw:
            continue
        line = SourceLine(number, raw)
        code = raw[:3]
        if code == "###":
            out.comments.append(line)
        elif code in KNOWN_CODES and raw[3:4] in (" ", ""):
            if code in TOURNAMENT_CODES:
                out.header.append(line)
            else:
                out.by_code.setdefault(code, []).append(line)
        elif code.startswith("XX"):
            out.legacy.append(line)
        elif _is_national(raw):
            out.national.append(line)
        else:
            out.unknown.append(line)
    return out


def sniff(text: str) -> bool:
    """Does this text look like a TRF file? (a 001 or 012 record, or two known records)"""
    known: set[str] = set()
    for raw in split_lines(text[:60000].lstrip("\ufeff"))[:400]:
        code = raw[:3]
        if code in KNOWN_CODES and raw[3:4] in (" ", ""):
            if code == "012" or (code == "001" and parse_int(raw[4:8].strip())):
                return True
            known.add(code)
    return len(known) >= 2


def read_trf(text: str, name: str = "") -> ReadResult:
    """Read TRF text. Never raises on bad input; unreadable text gives one error."""
    sink = Sink(name)
    lines = sort_lines(text, name)
    sink.findings.extend(lines.too_long)
    if not lines.header and not lines.by_code:
        finding = Finding(
            Severity.ERROR,
            "file-not-trf",
            Note(
                "the text has no TRF record (lines such as '012 Tournament name' or "
                "'001    1 m    Player'); expected a TRF16 or TRF-2026 file: nothing was read",
            ),
            name,
            0,
            0,
        )
        return ReadResult(None, (finding,))
    tournament = _build(lines, sink)
    return ReadResult(tournament, tuple(sort_findings(sink.kept())))


def _build(lines: Sorted, sink: Sink) -> Tournament:
    header = Header()
    for line in lines.header:
        read_tournament_record(line, header, sink)
    kept: list[RawRecord] = list(header.duplicates)
    declared_rounds, initial_color = legacy_meaning(lines.legacy, header, sink)
    players, declared_rounds = _players(lines, sink, kept, declared_rounds, header)
    national: list[NationalRating] = []
    notes = PlayerNotes()
    for line in lines.national:
        rating = read_national_rating(line, sink, notes)
        _keep_or_add(rating, national, line, kept)
    notes.report(sink)
    legacy = [RawRecord(line.code, line.text, line.span()) for line in lines.legacy]
    teams: tuple[Team, ...] = ()
    summaries_: tuple[TeamSummary, ...] = ()
    byes: list[ByeRecord] = []
    forfeits: list[ForfeitedMatch] = []
    accelerations: list[Acceleration] = []
    prohibited: list[ProhibitedPairing] = []
    pairing_byes: list[PairingByeRecord] = []
    out_of_order: list[OutOfOrder] = []
    abnormal: list[AbnormalPoints] = []
    # Without a team, bye or summary record (most individual opens) their readers are
    # not even imported: 1 ms of the command's start-up.
    if lines.by_code.keys() & _SECTION_CODES:
        from trfsite.formats.trf import team_records
        from trfsite.formats.trf.record_rounds import RoundRecords, keep_within_rounds
        from trfsite.formats.trf.team_records import Context

        context = Context(
            is_team=bool(lines.lines("310") or lines.lines("013")),
            boards=len(header.board_colors.strip()),
        )
        teams = _teams(lines, sink, context, kept, legacy)
        byes = _many(lines.lines("240"), team_records.read_240, sink, context, kept)
        forfeits = _forfeits(lines, sink, context, kept, byes)
        summaries_ = _summaries(lines, sink, context, teams, kept)
        accelerations = _many(lines.lines("250"), team_records.read_250, sink, context, kept)
        prohibited = _many(lines.lines("260"), team_records.read_260, sink, context, kept)
        pairing_byes = _many(lines.lines("320"), team_records.read_320, sink, context, kept)
        out_of_order = _many(lines.lines("300"), team_records.read_300, sink, context, kept)
        abnormal = _many(lines.lines("299"), team_records.read_299, sink, context, kept)
        found = RoundRecords(byes, forfeits, pairing_byes, out_of_order, abnormal)
        found = keep_within_rounds(found, players, declared_rounds, teams, lines.lines, sink, kept)
        byes, forfeits, pairing_byes = found.byes, found.forfeits, found.pairing_byes
        out_of_order, abnormal = found.out_of_order, found.abnormal
    players, placeholders = split_bye_placeholders(
        players, sink, frozenset(pid for team in teams for pid in team.roster)
    )
    if lines.unknown:
        from trfsite.formats.trf.unknown_lines import report_unknown

        for line in lines.unknown:
            report_unknown(line, sink)
            kept.append(RawRecord(line.code, line.text, line.span()))
    if lines.first_tab:
        sink.info(
            "line-has-tab",
            lines.first_tab,
            1,
            Note(
                "the file has tab characters (first on this line); expected spaces: "
                "each tab was read as one blank column",
            ),
        )
    codes = {line.code for line in lines.header} | set(lines.by_code)
    fmt = SourceFormat.TRF26 if codes & TRF26_ONLY else SourceFormat.TRF16
    kept.sort(key=lambda record: record.source.line)
    return Tournament(
        source_format=fmt,
        name=header.name,
        city=header.city,
        federation=header.federation,
        start_date=header.start_date,
        end_date=header.end_date,
        declared_players=header.declared_players,
        declared_active_players=header.declared_active_players,
        declared_rated_players=header.declared_rated_players,
        declared_teams=header.declared_teams,
        tournament_type=header.tournament_type,
        chief_arbiter=header.chief_arbiter,
        deputy_arbiters=tuple(header.deputy_arbiters),
        time_control=header.time_control,
        round_dates=header.round_dates,
        declared_rounds=declared_rounds,
        initial_color=initial_color,
        scoring=header.scoring,
        starting_rank_methods=tuple(header.starting_rank_methods),
        pairing_controller=header.pairing_controller,
        type_code=header.type_code,
        tiebreaks=header.tiebreaks,
        tiebreak_record=header.tiebreak_record,
        time_control_code=header.time_control_code,
        board_colors=header.board_colors,
        team_scoring=header.team_scoring,
        players=players,
        bye_placeholders=placeholders,
        national_ratings=tuple(national),
        teams=teams,
        accelerations=tuple(accelerations),
        prohibited_pairings=tuple(prohibited),
        byes=tuple(byes),
        pairing_byes=tuple(pairing_byes),
        forfeited_matches=tuple(forfeits),
        out_of_order=tuple(out_of_order),
        abnormal_points=tuple(abnormal),
        team_summaries=summaries_,
        legacy_records=tuple(legacy),
        unknown_records=tuple(kept),
        comments=tuple(RawRecord("###", line.text, line.span()) for line in lines.comments),
        pairing_system=pairing_system_hint(header.type_code, header.tournament_type),
        record_spans=tuple(header.spans),
    )


# The records after the players': the team section, byes, accelerations, bans,
# abnormal points, summaries (and the legacy 013 teams).
_SECTION_CODES = TEAM_CODES | {"801", "802"}


def _keep_or_add(value: T | None, into: list[T], line: SourceLine, kept: list[RawRecord]) -> None:
    if value is None:
        kept.append(RawRecord(line.code, line.text, line.span()))
    else:
        into.append(value)


def _many(
    lines: list[SourceLine],
    read: Callable[[SourceLine, Sink, Context], T | None],
    sink: Sink,
    context: Context,
    kept: list[RawRecord],
) -> list[T]:
    out: list[T] = []
    for line in lines:
        _keep_or_add(read(line, sink, context), out, line, kept)
    return out


def _forfeits(
    lines: Sorted, sink: Sink, context: Context, kept: list[RawRecord], byes: list[ByeRecord]
) -> list[ForfeitedMatch]:
    """330 records, and the draft's 330 byes (added to ``byes``) and 340 forfeits."""
    from trfsite.formats.trf import draft, team_records

    out: list[ForfeitedMatch] = []
    for line in lines.lines("330"):
        if draft.is_draft_bye_330(line):
            layouts = [(draft.LAYOUT_330_BYES, team_records.bye_from_cut)]
            bye = team_records.read_record(line, sink, context, layouts, None)
            if bye is not None:
                draft.report(sink, line, Note("a bye record (TRF-2026 record 240)"))
            _keep_or_add(bye, byes, line, kept)
        else:
            _keep_or_add(team_records.read_330(line, sink, context), out, line, kept)
    for line in lines.lines("340"):
        forfeit = team_records.read_330(line, sink, context)
        if forfeit is not None:
            draft.report(sink, line, Note("a forfeited match (TRF-2026 record 330)"))
        _keep_or_add(forfeit, out, line, kept)
    return out


def _players(
    lines: Sorted, sink: Sink, kept: list[RawRecord], declared: int | None, header: Header
) -> tuple[tuple[Player, ...], int | None]:
    """The players, each with the event's rounds; and the declared rounds, if plausible."""
    notes = PlayerNotes()
    players: list[Player] = []
    player_lines = lines.lines("001")
    if len(player_lines) > MAX_PLAYERS.limit:
        sink.error(
            MAX_PLAYERS.code,
            player_lines[MAX_PLAYERS.limit].number,
            1,
            Note(
                "the file has {count:,} player lines; expected at most "
                "{limit:,} (TRF's four-digit starting ranks): the player lines "
                "from this one on are not read",
                count=len(player_lines),
                limit=MAX_PLAYERS.limit,
            ),
        )
        player_lines = player_lines[: MAX_PLAYERS.limit]
    where = next((span for code, span in header.spans if code == "142"), None)
    if where is None:
        where = next((line.span() for line in lines.legacy if line.code == "XXR"), None)
    cell_counts = [cells_by_length(line.text) for line in player_lines]
    declared = plausible_declared(cell_counts, declared, where, sink)
    limit = reading_limit(cell_counts, declared)
    written: dict[int, int] = {}  # line -> its cells, for lines cut before reading
    for line, cells in zip(player_lines, cell_counts, strict=True):
        if cells > limit:
            written[line.number] = cells
            line = SourceLine(line.number, line.text[: FIRST_CELL - 1 + limit * CELL_WIDTH])
        player = read_player(line, sink, notes)
        if player is None:  # _keep_or_add, without a call per player
            kept.append(RawRecord(line.code, line.text, line.span()))
        else:
            players.append(player)
    notes.report(sink)
    cut_to_rounds(players, event_rounds(players, declared), sink, written)
    most = max((len(p.rounds) for p in players), default=0)
    # A line that stops before the last round has blank (0000 - Z) cells there.
    for index, player in enumerate(players):
        if len(player.rounds) < most:
            missing = tuple(
                blank_cell(player.source.line, r) for r in range(len(player.rounds) + 1, most + 1)
            )
            players[index] = dataclasses.replace(player, rounds=player.rounds + missing)
    return tuple(players), declared


def _teams(
    lines: Sorted,
    sink: Sink,
    context: Context,
    kept: list[RawRecord],
    legacy: list[RawRecord],
) -> tuple[Team, ...]:
    from trfsite.formats.trf import team_records

    teams: list[Team] = []
    for line in lines.lines("310"):
        _keep_or_add(team_records.read_310(line, sink, context), teams, line, kept)
    old: list[tuple[SourceLine, Team]] = []
    for line in lines.lines("013"):
        team = team_records.read_013(line, sink, context)
        if team is None:
            kept.append(RawRecord(line.code, line.text, line.span()))
        else:
            old.append((line, dataclasses.replace(team, id=len(old) + 1)))
    if not teams:
        return tuple(team for _, team in old)
    # Both: 310 defines the teams; the phased-out 013 lines are kept as written and compared.
    by_name = {team.name.casefold(): team for team in teams}
    for line, team in old:
        legacy.append(RawRecord("013", line.text, line.span()))
        match = by_name.get(team.name.casefold())
        if match is None or match.roster != team.roster:
            sink.warning(
                "team-013-mismatch",
                line.number,
                5,
                Note(
                    "the 013 record of team {name!r} (players {roster}) does not "
                    "match any 310 record; expected the same name and players as its 310 record",
                    name=team.name,
                    roster=str(list(team.roster)),
                ),
            )
    legacy.sort(key=lambda record: record.source.line)
    return tuple(teams)


def _summaries(
    lines: Sorted,
    sink: Sink,
    context: Context,
    teams: tuple[Team, ...],
    kept: list[RawRecord],
) -> tuple[TeamSummary, ...]:
    from trfsite.formats.trf import summaries

    out: list[TeamSummary] = []
    numbers = [team.id for team in teams]
    for line in lines.lines("801"):
        first = line.text[4:].split()[:1]
        number = parse_int(first[0]) if first else None
        if number is not None:
            numbers.append(number)
    width = len(str(max(numbers, default=1)))
    for line in lines.lines("801"):
        _keep_or_add(summaries.read_801(line, sink, width, context.boards), out, line, kept)
    for line in lines.lines("802"):
        _keep_or_add(summaries.read_802(line, sink, context), out, line, kept)
    return tuple(out)
