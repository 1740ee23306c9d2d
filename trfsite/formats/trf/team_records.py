"""Records 013, 310, 300, 330, 320, 240, 250, 260 and 299.

Each record is read on its TRF-2026 columns when the line fits them, else
on the draft's columns (``draft.py``), else word by word; every fallback is
reported. A line that cannot be read at all is kept as written.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from trfsite.formats.numbers import is_whole
from trfsite.formats.trf import draft
from trfsite.formats.trf.fields import Sink, SourceLine
from trfsite.formats.trf.layout import Cut, Field, FieldError, Layout, words
from trfsite.model import (
    AbnormalPoints,
    Acceleration,
    ByeKind,
    ByeRecord,
    ForfeitedMatch,
    MatchForfeit,
    OutOfOrder,
    PairingByeRecord,
    ProhibitedPairing,
    Team,
)
from trfsite.results import Note

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Context:
    """What a record needs to know about the rest of the file."""

    is_team: bool
    boards: int  # length of record 352, 0 if unknown


FromCut = Callable[[Cut, SourceLine, Context], T]
FromWords = Callable[[list[Field], SourceLine, Context], T]


def read_record(
    line: SourceLine,
    sink: Sink,
    context: Context,
    layouts: Sequence[tuple[Layout, FromCut[T]]],
    from_words: FromWords[T] | None,
) -> T | None:
    """Read ``line`` on the first layout it fits (TRF-2026 first, then the draft's)."""
    first_error: FieldError | None = None
    for index, (layout, build) in enumerate(layouts):
        cut = layout.cut(line.text)
        if cut is None:
            continue
        try:
            value = build(cut, line, context)
        except FieldError as exc:
            first_error = first_error or exc
            continue
        if index > 0:
            draft.report(sink, line)
        return value
    if from_words is not None:
        try:
            value = from_words(words(line.text), line, context)
        except FieldError as exc:
            first_error = first_error or exc
        else:
            sink.warning(
                "record-columns-deviant",
                line.number,
                1,
                Note(
                    "record {code} is not on the columns TRF-2026 gives it "
                    "({text!r}); it was read word by word",
                    code=line.code,
                    text=line.text.rstrip(),
                ),
            )
            return value
    column = first_error.column if first_error else 1
    detail = first_error.message if first_error else "its fields are not on the expected columns"
    sink.error(
        "record-unreadable",
        line.number,
        column,
        Note(
            "record {code} cannot be read: {detail}; the line is kept as written",
            code=line.code,
            detail=detail,
        ),
    )
    return None


def _ids(fields: Sequence[Field], what: str) -> tuple[int, ...]:
    """Non-blank ids; 0 and blank fields are skipped."""
    out: list[int] = []
    for item in fields:
        value = item.int_or_none(what)
        if value:
            out.append(value)
    return tuple(out)


def _firsts(cut: Cut) -> list[Field]:
    return [block[0] for block in cut.blocks]


def _require(fields: Sequence[Field], count: int, line: SourceLine) -> None:
    if len(fields) < count:
        raise FieldError(
            1,
            Note(
                "{text!r} has {count} field(s); expected at least {needed}",
                text=line.text.rstrip(),
                count=len(fields),
                needed=count,
            ),
        )


# --------------------------------------------------------------------------- 240
BYE_KINDS = {"F": ByeKind.FULL, "H": ByeKind.HALF, "Z": ByeKind.ZERO}
LAYOUT_240 = Layout(((5, 5), (7, 9)), ((0, 4),), 11, 5)


def bye_kind(item: Field) -> ByeKind:
    kind = BYE_KINDS.get(item.text.upper())
    if kind is None:
        raise FieldError(
            item.column,
            Note(
                "the type of bye is {text!r}; expected F, H or Z",
                text=item.text,
            ),
        )
    return kind


def bye_from_cut(cut: Cut, line: SourceLine, context: Context) -> ByeRecord:
    kind, round_no = cut.fixed
    return ByeRecord(
        bye_kind(kind),
        round_no.int(Note("the round")),
        _ids(_firsts(cut), Note("an id")),
        line.span(),
    )


def bye_from_words(fields: list[Field], line: SourceLine, context: Context) -> ByeRecord:
    _require(fields, 3, line)
    return ByeRecord(
        bye_kind(fields[0]),
        fields[1].int(Note("the round")),
        _ids(fields[2:], Note("an id")),
        line.span(),
    )


def read_240(line: SourceLine, sink: Sink, context: Context) -> ByeRecord | None:
    return read_record(line, sink, context, [(LAYOUT_240, bye_from_cut)], bye_from_words)


# --------------------------------------------------------------------------- 250
LAYOUT_250 = Layout(((5, 8), (10, 13), (15, 17), (19, 21), (23, 26), (28, 31)))


def acceleration_from_cut(cut: Cut, line: SourceLine, context: Context) -> Acceleration:
    mp, gp, first_round, last_round, first_id, last_id = cut.fixed
    first = first_id.int(Note("the first id"))
    return Acceleration(
        mp.points(Note("the match points")),
        gp.points(Note("the game points")),
        first_round.int(Note("the first round")),
        last_round.int_or_none(Note("the last round")) or first_round.int(Note("the first round")),
        first,
        last_id.int_or_none(Note("the last id")) or first,
        line.span(),
    )


def acceleration_from_words(
    fields: list[Field], line: SourceLine, context: Context
) -> Acceleration:
    _require(fields, 5, line)
    if len(fields) >= 6:
        mp = fields[0].points(Note("the match points"))
        gp = fields[1].points(Note("the game points"))
        rest = fields[2:6]
    else:
        # One points value: match points for teams, points for individuals.
        value = fields[0].points(Note("the points"))
        mp, gp = (value, None) if context.is_team else (None, value)
        rest = fields[1:5]
    return Acceleration(
        mp,
        gp,
        rest[0].int(Note("the first round")),
        rest[1].int(Note("the last round")),
        rest[2].int(Note("the first id")),
        rest[3].int(Note("the last id")),
        line.span(),
    )


def read_250(line: SourceLine, sink: Sink, context: Context) -> Acceleration | None:
    layouts = [(LAYOUT_250, acceleration_from_cut), (draft.LAYOUT_250, acceleration_from_cut)]
    return read_record(line, sink, context, layouts, acceleration_from_words)


# --------------------------------------------------------------------------- 260
LAYOUT_260 = Layout(((5, 7), (9, 11)), ((0, 4),), 13, 5)


def prohibited_from_cut(cut: Cut, line: SourceLine, context: Context) -> ProhibitedPairing:
    first, last = cut.fixed
    return ProhibitedPairing(
        first.int(Note("the first round")),
        last.int_or_none(Note("the last round")) or first.int(Note("the first round")),
        _ids(_firsts(cut), Note("an id")),
        line.span(),
    )


def prohibited_from_words(
    fields: list[Field], line: SourceLine, context: Context
) -> ProhibitedPairing:
    _require(fields, 3, line)
    return ProhibitedPairing(
        fields[0].int(Note("the first round")),
        fields[1].int(Note("the last round")),
        _ids(fields[2:], Note("an id")),
        line.span(),
    )


def read_260(line: SourceLine, sink: Sink, context: Context) -> ProhibitedPairing | None:
    return read_record(
        line, sink, context, [(LAYOUT_260, prohibited_from_cut)], prohibited_from_words
    )


# --------------------------------------------------------------------------- 299
ABNORMAL_KINDS = frozenset("WDLFHZ+-")
LAYOUT_299 = Layout(((5, 5), (8, 11), (14, 17), (20, 22)), ((0, 4),), 24, 5)


def _abnormal_kind(item: Field) -> str:
    kind = item.text.upper()
    if kind and kind not in ABNORMAL_KINDS:
        raise FieldError(
            item.column,
            Note(
                "the type of assignment is {text!r}; expected W, D, L, F, H, Z, +, - or blank",
                text=item.text,
            ),
        )
    return kind


def abnormal_from_cut(cut: Cut, line: SourceLine, context: Context) -> AbnormalPoints:
    kind, mp, gp, round_no = cut.fixed
    return AbnormalPoints(
        _abnormal_kind(kind),
        mp.points(Note("the match points")),
        gp.points(Note("the points")),
        round_no.int_or_none(Note("the round")) or 0,
        _ids(_firsts(cut), Note("an id")),
        line.span(),
    )


def abnormal_from_words(fields: list[Field], line: SourceLine, context: Context) -> AbnormalPoints:
    kind = ""
    if fields and len(fields[0].text) == 1 and fields[0].text.upper() in ABNORMAL_KINDS:
        kind = _abnormal_kind(fields[0])
        fields = fields[1:]
    _require(fields, 1, line)
    mp: float | None = None
    if context.is_team:
        # Teams: match points, game points, round, ids.
        mp = fields[0].points(Note("the match points"))
        fields = fields[1:]
    # Individuals have no match points: points, round, ids.
    gp = fields[0].points(Note("the points")) if fields else None
    round_no = fields[1].int(Note("the round")) if len(fields) > 1 else 0
    return AbnormalPoints(kind, mp, gp, round_no, _ids(fields[2:], Note("an id")), line.span())


def read_299(line: SourceLine, sink: Sink, context: Context) -> AbnormalPoints | None:
    layouts = [(LAYOUT_299, abnormal_from_cut), (draft.LAYOUT_299, abnormal_from_cut)]
    return read_record(line, sink, context, layouts, abnormal_from_words)


# --------------------------------------------------------------------------- 300
LAYOUT_300 = Layout(((5, 7), (9, 11), (13, 15)), ((0, 4),), 17, 5)


def _boards(fields: Sequence[Field], context: Context) -> tuple[int | None, ...]:
    boards = [item.int_or_none(Note("a board's player")) or None for item in fields]
    while len(boards) < context.boards:
        boards.append(None)
    return tuple(boards)


def out_of_order_from_cut(cut: Cut, line: SourceLine, context: Context) -> OutOfOrder:
    round_no, team, opponent = cut.fixed
    return OutOfOrder(
        round_no.int(Note("the round")),
        team.int(Note("the team")),
        opponent.int_or_none(Note("the opponent")) or None,
        _boards(_firsts(cut), context),
        line.span(),
    )


def out_of_order_from_words(fields: list[Field], line: SourceLine, context: Context) -> OutOfOrder:
    _require(fields, 4, line)
    return OutOfOrder(
        fields[0].int(Note("the round")),
        fields[1].int(Note("the team")),
        fields[2].int(Note("the opponent")) or None,
        _boards(fields[3:], context),
        line.span(),
    )


def read_300(line: SourceLine, sink: Sink, context: Context) -> OutOfOrder | None:
    return read_record(
        line, sink, context, [(LAYOUT_300, out_of_order_from_cut)], out_of_order_from_words
    )


# --------------------------------------------------------------------------- 320
LAYOUT_320 = Layout(((5, 8), (10, 13)), ((0, 3),), 15, 4)


def pairing_bye_from_cut(cut: Cut, line: SourceLine, context: Context) -> PairingByeRecord:
    mp, gp = cut.fixed
    teams = tuple(item.int_or_none(Note("a team")) or None for item in _firsts(cut))
    return PairingByeRecord(
        mp.points(Note("the match points")), gp.points(Note("the game points")), teams, line.span()
    )


def pairing_bye_from_words(
    fields: list[Field], line: SourceLine, context: Context
) -> PairingByeRecord:
    _require(fields, 2, line)
    teams = tuple(item.int(Note("a team")) or None for item in fields[2:])
    return PairingByeRecord(
        fields[0].points(Note("the match points")),
        fields[1].points(Note("the game points")),
        teams,
        line.span(),
    )


def read_320(line: SourceLine, sink: Sink, context: Context) -> PairingByeRecord | None:
    layouts = [(LAYOUT_320, pairing_bye_from_cut), (draft.LAYOUT_320, pairing_bye_from_cut)]
    return read_record(line, sink, context, layouts, pairing_bye_from_words)


# --------------------------------------------------------------------------- 330 / 340
FORFEITS = {kind.value: kind for kind in MatchForfeit}
LAYOUT_330 = Layout(((5, 6), (8, 10), (12, 14), (16, 18)))


def _forfeit_kind(item: Field) -> MatchForfeit:
    kind = FORFEITS.get(item.text)
    if kind is None:
        raise FieldError(
            item.column,
            Note(
                "the type of forfeit is {text!r}; expected +-, -+ or --",
                text=item.text,
            ),
        )
    return kind


def forfeit_from_cut(cut: Cut, line: SourceLine, context: Context) -> ForfeitedMatch:
    kind, round_no, white, black = cut.fixed
    return ForfeitedMatch(
        _forfeit_kind(kind),
        round_no.int(Note("the round")),
        white.int(Note("the white team")),
        black.int(Note("the black team")),
        line.span(),
    )


def forfeit_from_words(fields: list[Field], line: SourceLine, context: Context) -> ForfeitedMatch:
    _require(fields, 4, line)
    return ForfeitedMatch(
        _forfeit_kind(fields[0]),
        fields[1].int(Note("the round")),
        fields[2].int(Note("the white team")),
        fields[3].int(Note("the black team")),
        line.span(),
    )


def read_330(line: SourceLine, sink: Sink, context: Context) -> ForfeitedMatch | None:
    return read_record(line, sink, context, [(LAYOUT_330, forfeit_from_cut)], forfeit_from_words)


# --------------------------------------------------------------------------- 013 / 310
LAYOUT_013 = Layout(((5, 36),), ((0, 4),), 37, 5, check_from=37)
LAYOUT_310 = Layout(
    ((5, 7), (9, 40), (42, 46), (48, 53), (55, 60), (62, 67), (69, 71)), ((0, 4),), 74, 5, 48
)


def old_team_from_cut(cut: Cut, line: SourceLine, context: Context) -> Team:
    (name,) = cut.fixed
    return Team(
        0, name.text, _ids(_firsts(cut), Note("a player")), record="013", source=line.span()
    )


def old_team_from_words(fields: list[Field], line: SourceLine, context: Context) -> Team:
    # The name may hold spaces: the roster is the run of numbers at the end.
    split = len(fields)
    while split > 0 and is_whole(fields[split - 1].text):
        split -= 1
    name = " ".join(item.text for item in fields[:split])
    return Team(0, name, _ids(fields[split:], Note("a player")), record="013", source=line.span())


def read_013(line: SourceLine, sink: Sink, context: Context) -> Team | None:
    return read_record(line, sink, context, [(LAYOUT_013, old_team_from_cut)], old_team_from_words)


def _strength(item: Field) -> float | None:
    return item.points(Note("the strength factor"))


def team_from_cut(cut: Cut, line: SourceLine, context: Context) -> Team:
    team_id, name, nickname, strength, mp, gp, rank = cut.fixed
    if " " in line.text[4:7].strip():
        raise FieldError(
            5,
            Note(
                "the team number is {text!r}; expected a number",
                text=line.text[4:7],
            ),
        )
    return Team(
        id=team_id.int(Note("the team number")),
        name=name.text,
        roster=_ids(_firsts(cut), Note("a player")),
        nickname=nickname.text,
        strength=_strength(strength),
        declared_match_points=mp.points(Note("the match points")),
        declared_game_points=gp.points(Note("the game points")),
        declared_rank=rank.int_or_none(Note("the rank")),
        record="310",
        source=line.span(),
    )


def team_from_words(fields: list[Field], line: SourceLine, context: Context) -> Team:
    _require(fields, 1, line)
    tail = words(line.text, 48)
    numbers = [item for item in tail if is_whole(item.text.replace(".", "", 1))]
    if len(numbers) < 4:
        raise FieldError(
            48,
            Note(
                "{text!r} is not strength, points, rank and players",
                text=line.text[47:].strip(),
            ),
        )
    return Team(
        id=fields[0].int(Note("the team number")),
        name=line.cut(9, 40),
        roster=_ids(numbers[4:], Note("a player")),
        nickname=line.cut(42, 46),
        strength=_strength(numbers[0]),
        declared_match_points=numbers[1].points(Note("the match points")),
        declared_game_points=numbers[2].points(Note("the game points")),
        declared_rank=numbers[3].int(Note("the rank")),
        record="310",
        source=line.span(),
    )


def read_310(line: SourceLine, sink: Sink, context: Context) -> Team | None:
    layouts = [(LAYOUT_310, team_from_cut), (draft.LAYOUT_310, team_from_cut)]
    return read_record(line, sink, context, layouts, team_from_words)
