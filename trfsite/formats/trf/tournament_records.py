"""The tournament section: records 012-132, 142-222, 352, 362 (the ``??2`` records)."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import field

from trfsite.formats.trf.fields import (
    Sink,
    SourceLine,
    date_parts,
    parse_date,
    parse_int,
    parse_points,
    tokens,
)
from trfsite.formats.trf.tiebreak_budget import within_tiebreak_budget
from trfsite.formats.trf.timecontrol import TimeControlError, decode_time_control
from trfsite.model import (
    Color,
    PairingSystem,
    RawRecord,
    ScoringSystem,
    Span,
    StartingRankMethod,
    TeamScoring,
)
from trfsite.model.frozen import mutable_record
from trfsite.results import Note

# Records whose text starts at column 5 and is kept as a string.
_TEXT_FIELDS = {
    "012": "name",
    "022": "city",
    "032": "federation",
    "092": "tournament_type",
    "102": "chief_arbiter",
    "122": "time_control",
    "182": "pairing_controller",
    "192": "type_code",
    "222": "time_control_code",
    "352": "board_colors",
}
TOURNAMENT_CODES = frozenset(
    set(_TEXT_FIELDS)
    | {"042", "052", "062", "072", "082", "112", "132", "142", "152", "162", "172", "202"}
    | {"212", "362"}
)
_SCORING_LETTERS = ("W", "D", "L", "A", "P", "X")
_TEAM_SCORING_CODES = ("TW", "TD", "TL")


@mutable_record
class Header:
    """The ``??2`` records as read so far (mutable while reading)."""

    name: str = ""
    city: str = ""
    federation: str = ""
    start_date: dt.date | None = None
    end_date: dt.date | None = None
    declared_players: int | None = None
    declared_active_players: int | None = None
    declared_rated_players: int | None = None
    declared_teams: int | None = None
    tournament_type: str = ""
    chief_arbiter: str = ""
    deputy_arbiters: list[str] = field(default_factory=list)
    time_control: str = ""
    round_dates: tuple[dt.date | None, ...] = ()
    declared_rounds: int | None = None
    initial_color: Color = Color.NONE
    scoring: ScoringSystem = ScoringSystem()
    starting_rank_methods: list[StartingRankMethod] = field(default_factory=list)
    pairing_controller: str = ""
    type_code: str = ""
    tiebreaks: tuple[str, ...] = ()
    tiebreak_record: str = ""
    time_control_code: str = ""
    board_colors: str = ""
    team_scoring: TeamScoring = TeamScoring()
    seen: set[str] = field(default_factory=set)
    spans: list[tuple[str, Span]] = field(default_factory=list)
    duplicates: list[RawRecord] = field(default_factory=list)


def read_tournament_record(line: SourceLine, header: Header, sink: Sink) -> None:
    """Read one ``??2`` record into ``header``; a repeated one is kept raw and reported."""
    code = line.code
    if code in header.seen and code not in ("112", "172"):
        sink.warning(
            "record-duplicate",
            line.number,
            1,
            Note(
                "record {code} appears a second time ({text!r}); "
                "expected it once: the first one is used and this line is kept as written",
                code=code,
                text=line.cut(5, len(line.text)),
            ),
        )
        header.duplicates.append(RawRecord(code, line.text, line.span()))
        return
    if code in ("202", "212") and header.tiebreak_record:
        sink.warning(
            "tiebreak-records-both",
            line.number,
            1,
            Note(
                "record {code} follows record {tiebreak_record}; expected only one of "
                "202 and 212: the first one is used and this line is kept as written",
                code=code,
                tiebreak_record=header.tiebreak_record,
            ),
        )
        header.duplicates.append(RawRecord(code, line.text, line.span()))
        return
    header.seen.add(code)
    header.spans.append((code, line.span()))
    text = line.cut(5, len(line.text))
    attr = _TEXT_FIELDS.get(code)
    if code == "032" and text and not (len(text) == 3 and text.isalpha()):
        sink.warning(
            "tournament-federation-invalid",
            line.number,
            5,
            Note(
                "the federation (032) is {text!r}; expected a 3-letter FIDE code like 'GER'",
                text=text,
            ),
        )
    if attr is not None:
        setattr(header, attr, text)
        _check_text(line, text, sink)
        return
    reader = _READERS[code]
    reader(line, text, header, sink)
    attr = _VALUE_FIELDS.get(code)
    if attr and text and getattr(header, attr) in (None, Color.NONE):
        # Unreadable: keep the line as written (so an export loses nothing) and let a
        # later, readable copy of the record count.
        header.seen.discard(code)
        header.spans.pop()
        header.duplicates.append(RawRecord(code, line.text, line.span()))


# Records with one value; when it cannot be read, the line is kept as written.
_VALUE_FIELDS = {
    "042": "start_date",
    "052": "end_date",
    "062": "declared_players",
    "072": "declared_rated_players",
    "082": "declared_teams",
    "142": "declared_rounds",
    "152": "initial_color",
}


def _check_text(line: SourceLine, text: str, sink: Sink) -> None:
    if line.code == "222" and text:
        try:
            decode_time_control(text)
        except TimeControlError as exc:
            # The Note it was raised with, so that the page can translate it.
            message = exc.args[0] if exc.args and isinstance(exc.args[0], Note) else str(exc)
            sink.warning("time-control-code-unreadable", line.number, 5, message)
    elif line.code == "352" and text and not set(text.upper()) <= {"W", "B"}:
        sink.warning(
            "board-colours-invalid",
            line.number,
            5,
            Note(
                "the board colours (352) are {text!r}; expected one W or B per board, like 'WBWB'",
                text=text,
            ),
        )


def _date(line: SourceLine, text: str, sink: Sink, what: str) -> dt.date | None:
    if not text:
        return None
    value = parse_date(text)
    if value is None:
        parts = date_parts(text)
        problem = (
            Note(
                "year {year}, month {month}, day {day} is not a calendar date",
                year=parts[0],
                month=parts[1],
                day=parts[2],
            )
            if parts is not None
            else Note("expected a date like '2024/08/01'")
        )
        sink.warning(
            "tournament-date-unreadable",
            line.number,
            5,
            Note("the {what} is {text!r}: {problem}", what=what, text=text, problem=problem),
        )
    return value


def _start(line: SourceLine, text: str, header: Header, sink: Sink) -> None:
    header.start_date = _date(line, text, sink, Note("start date (042)"))


def _end(line: SourceLine, text: str, header: Header, sink: Sink) -> None:
    header.end_date = _date(line, text, sink, Note("end date (052)"))


def _count(line: SourceLine, text: str, what: str, sink: Sink) -> int | None:
    if not text:
        return None
    value = parse_int(text)
    if value is None:
        sink.error(
            "tournament-number-not-number",
            line.number,
            5,
            Note(
                "the {what} ({code}) is {text!r}; expected a whole number",
                what=what,
                code=line.code,
                text=text,
            ),
        )
    return value


_TWO_COUNTS = re.compile(r"^(\d+)\s*\(\s*(\d+)\s*\)$")


def _players(line: SourceLine, text: str, header: Header, sink: Sink) -> None:
    both = _TWO_COUNTS.match(text)
    if both:  # Swiss-Manager: "129 (88)", all players (those who took part in a game)
        header.declared_players = int(both.group(1))
        header.declared_active_players = int(both.group(2))
        return
    header.declared_players = _count(line, text, Note("number of players"), sink)


def _rated(line: SourceLine, text: str, header: Header, sink: Sink) -> None:
    header.declared_rated_players = _count(line, text, Note("number of rated players"), sink)


def _teams(line: SourceLine, text: str, header: Header, sink: Sink) -> None:
    header.declared_teams = _count(line, text, Note("number of teams"), sink)


def _rounds(line: SourceLine, text: str, header: Header, sink: Sink) -> None:
    header.declared_rounds = _count(line, text, Note("number of rounds"), sink)


def _deputy(line: SourceLine, text: str, header: Header, sink: Sink) -> None:
    header.deputy_arbiters.append(text)


def _round_dates(line: SourceLine, text: str, header: Header, sink: Sink) -> None:
    """132: one date per 10 columns from column 92 (``YY/MM/DD``, any wild format read)."""
    if not text:
        return
    body = line.text
    fields: list[tuple[int, str]]
    if body[4:91].strip():
        # Dates that do not start at column 92: read them as tokens.
        sink.warning(
            "round-dates-misplaced",
            line.number,
            5,
            Note(
                "the round dates (132) start before column 92 ({text!r}...); "
                "expected round 1's date at columns 92-99: they were read one per word",
                text=text[:20],
            ),
        )
        fields = tokens(body, 4)
    else:
        fields = [
            (start + 1, body[start : start + 10].strip()) for start in range(91, len(body), 10)
        ]
        words = tokens(body, 91)
        if any(raw and parse_date(raw) is None for _, raw in fields) and all(
            parse_date(raw) for _, raw in words
        ):
            sink.warning(
                "round-dates-misplaced",
                line.number,
                92,
                Note(
                    "the round dates (132) are not every 10 columns from column 92 "
                    "({text!r}...); expected round 1 at 92-99, round 2 at 102-109...: "
                    "they were read one per word",
                    text=text[:30],
                ),
            )
            fields = words
    dates: list[dt.date | None] = []
    for column, raw in fields:
        if not raw:
            dates.append(None)
            continue
        value = parse_date(raw)
        if value is None:
            sink.warning(
                "round-date-unreadable",
                line.number,
                column,
                Note(
                    "round {round}'s date is {raw!r}; expected a date like '24/08/01'",
                    round=len(dates) + 1,
                    raw=raw,
                ),
            )
        dates.append(value)
    while dates and dates[-1] is None:
        dates.pop()
    header.round_dates = tuple(dates)


def _initial_colour(line: SourceLine, text: str, header: Header, sink: Sink) -> None:
    letter = text[:1].upper()
    if letter == "W":
        header.initial_color = Color.WHITE
    elif letter == "B":
        header.initial_color = Color.BLACK
    elif text:
        sink.error(
            "initial-colour-unknown",
            line.number,
            5,
            Note("the initial colour (152) is {text!r}; expected 'W' or 'B'", text=text),
        )


def letter_points(
    line: SourceLine, letters: tuple[str, ...], width: int, sink: Sink, what: str
) -> dict[str, float]:
    """Pairs like ``W 1.0`` of records 162 and 362, on their columns or as words."""
    found: dict[str, float] = {}
    words = tokens(line.text, 3)
    index = 0
    while index < len(words):
        column, word = words[index]
        letter = word[:width].upper()
        rest = word[width:]
        if letter not in letters:
            sink.error(
                "scoring-code-unknown",
                line.number,
                column,
                Note(
                    "{what} has {word!r}; expected one of {codes} followed by points",
                    what=what,
                    word=word,
                    codes=", ".join(letters),
                ),
            )
            # Skip the unknown code's points too.
            index += 2 if len(word) <= width and index + 1 < len(words) else 1
            continue
        if not rest and index + 1 < len(words):
            index += 1
            rest = words[index][1]
        value = parse_points(rest)
        if value is None:
            sink.error(
                "scoring-points-not-number",
                line.number,
                column,
                Note(
                    "{what} gives {letter} the points {rest!r}; expected points like '1.0'",
                    what=what,
                    letter=letter,
                    rest=rest,
                ),
            )
        elif letter in found:
            sink.warning(
                "scoring-code-repeated",
                line.number,
                column,
                Note(
                    "{what} gives {letter} points twice; expected each code once: "
                    "the first value is used",
                    what=what,
                    letter=letter,
                ),
            )
        else:
            found[letter] = value
        index += 1
    return found


def _scoring(line: SourceLine, text: str, header: Header, sink: Sink) -> None:
    values = letter_points(line, _SCORING_LETTERS, 1, sink, Note("the scoring system (162)"))
    base = ScoringSystem()
    header.scoring = ScoringSystem(
        win=values.get("W", base.win),
        draw=values.get("D", base.draw),
        loss=values.get("L", base.loss),
        absence=values.get("A", base.absence),
        pairing_bye=values.get("P"),
        unknown=values.get("X"),
    )


def _team_scoring(line: SourceLine, text: str, header: Header, sink: Sink) -> None:
    values = letter_points(
        line, _TEAM_SCORING_CODES, 2, sink, Note("the team scoring system (362)")
    )
    base = TeamScoring()
    header.team_scoring = TeamScoring(
        win=values.get("TW", base.win),
        draw=values.get("TD", base.draw),
        loss=values.get("TL", base.loss),
    )


_RANK_METHODS = frozenset({"FIDE", "NRO", "FIDON", "NIDOF", "HBFN", "LBFN", "OTHER"})


def _rank_method(line: SourceLine, text: str, header: Header, sink: Sink) -> None:
    words = text.split()
    federation = words[0] if words else ""
    method = " ".join(words[1:])
    if method.upper() not in _RANK_METHODS:
        sink.warning(
            "starting-rank-method-unknown",
            line.number,
            9,
            Note(
                "the starting-rank method (172) is {method!r}; expected one of {methods}",
                method=method,
                methods=", ".join(sorted(_RANK_METHODS)),
            ),
        )
    header.starting_rank_methods.append(StartingRankMethod(federation, method, line.span()))


def _tiebreaks(line: SourceLine, text: str, header: Header, sink: Sink) -> None:
    codes = [part.strip() for part in text.split(",")]
    codes = [c for c in codes if c]
    if line.code == "212" and codes and codes[0].upper() == "PTS":
        codes = codes[1:]
    codes = within_tiebreak_budget(codes, line, sink)
    header.tiebreaks = tuple(codes)
    header.tiebreak_record = line.code


_READERS = {
    "042": _start,
    "052": _end,
    "062": _players,
    "072": _rated,
    "082": _teams,
    "112": _deputy,
    "132": _round_dates,
    "142": _rounds,
    "152": _initial_colour,
    "162": _scoring,
    "172": _rank_method,
    "202": _tiebreaks,
    "212": _tiebreaks,
    "362": _team_scoring,
}

# ------------------------------------------------------------------ pairing-system hint
_ROUND_ROBIN_WORDS: tuple[str, ...] = (
    "ROUND ROBIN",
    "ROUND-ROBIN",
    "ROUNDROBIN",
    "ALL-PLAY-ALL",
    "BERGER",
)
_ROUND_ROBIN_WORDS += ("SCHEVENINGEN", "RUNDENTURNIER", "JEDER GEGEN JEDEN", "TOURNOI FERM")
_SWISS_WORDS = ("SWISS", "SCHWEIZER", "DUTCH", "BAKU", "DUBOV", "BURSTEIN", "MONRAD", "SUISSE")


def pairing_system_hint(type_code: str, tournament_type: str) -> PairingSystem | None:
    """The pairing system named by record 192 (preferred) or 092's free text."""
    for text in (type_code, tournament_type):
        upper = text.upper().replace("_", " ")
        if not upper:
            continue
        if any(word in upper for word in _ROUND_ROBIN_WORDS) or _has_word(upper, ("RR", "DRR")):
            return PairingSystem.ROUND_ROBIN
        if any(word in upper for word in _SWISS_WORDS):
            return PairingSystem.SWISS
    return None


def _has_word(text: str, words: tuple[str, ...]) -> bool:
    parts = set(text.replace("-", " ").replace("/", " ").split())
    return any(word in parts for word in words)
