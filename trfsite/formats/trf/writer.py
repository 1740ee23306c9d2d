"""Write the model as normalised TRF-2026.

Normalised means: every record on its TRF-2026 columns, dates as
``YYYY/MM/DD`` (132 as ``YY/MM/DD``), every round cell written out
(``0000 - Z`` for a blank one), byes in 240 and forfeits in 330 whatever
layout they were read from, and the records the model keeps as written
(legacy ``XX?``, 013 lines beside 310, unknown records, comments) at the end.
Reading the output again gives an equal model.

A TRF16 file comes out as TRF-2026: its rounds in 142 (from ``XXR``, which is
kept too), a 162 line even with FIDE's defaults (so the output is recognised
as TRF-2026), and its phased-out 013 teams as 310 records. The model read back
is equal to the original, because ``source_format`` and ``Team.record``
describe the source, not the tournament, and take no part in equality.
"""

from __future__ import annotations

import datetime as dt

from trfsite.formats.trf.fields import format_points
from trfsite.formats.trf.summaries import block_width
from trfsite.formats.trf.tournament_records import TOURNAMENT_CODES
from trfsite.model import (
    Color,
    NationalRating,
    Outcome,
    Player,
    ScoringSystem,
    Team,
    TeamScoring,
    TeamSummary,
    Tournament,
)

_COLOUR = {Color.WHITE: "w", Color.BLACK: "b", Color.NONE: "-"}
_SUMMARY_COLOUR = {Color.WHITE: "w", Color.BLACK: "b", Color.NONE: " "}
LINE_END = "\r\n"  # TRF: "each line shall have a CR as last character"


def write_trf(t: Tournament) -> str:
    """The whole file as text, lines ending in CR LF."""
    lines = _header(t)
    cells = _cell_count(t)
    players = t.players
    if t.bye_placeholders:  # back where the file had them
        players = tuple(sorted((*players, *t.bye_placeholders), key=lambda p: p.source.line))
    lines += [_player(p, cells) for p in players]
    lines += [_national(n) for n in t.national_ratings]
    lines += [_team(team) for team in t.teams]
    lines += _team_records(t)
    lines += _summaries(t)
    lines += [record.text for record in t.legacy_records]
    lines += [record.text for record in t.unknown_records]
    lines += [_comment(record.text) for record in t.comments]
    return "".join(line.rstrip() + LINE_END for line in lines)


def _comment(text: str) -> str:
    """A comment line; other formats' comments (EGF's ``;``) get TRF's ``###``."""
    return text if text.startswith("###") else f"### {text}"


def _cell_count(t: Tournament) -> int:
    return max((cell.round for p in t.players for cell in p.rounds), default=0)


# --------------------------------------------------------------------------- tournament
def _date(value: dt.date) -> str:
    return f"{value.year:04d}/{value.month:02d}/{value.day:02d}"


def _round_date(value: dt.date | None) -> str:
    if value is None:
        return " " * 8
    if 1969 <= value.year <= 2068:
        return f"{value.year % 100:02d}/{value.month:02d}/{value.day:02d}"
    return _date(value)  # outside YY's range: the full year fills the 10 columns


def _header(t: Tournament) -> list[str]:
    out: list[str] = []

    def text(code: str, value: str) -> None:
        if value:
            out.append(f"{code} {value}")

    text("012", t.name)
    text("022", t.city)
    text("032", t.federation)
    if t.start_date:
        out.append(f"042 {_date(t.start_date)}")
    if t.end_date:
        out.append(f"052 {_date(t.end_date)}")
    for code, number in (
        ("062", t.declared_players),
        ("072", t.declared_rated_players),
        ("082", t.declared_teams),
    ):
        if number is not None:
            out.append(f"{code} {number}")
    text("092", t.tournament_type)
    text("102", t.chief_arbiter)
    for deputy in t.deputy_arbiters:
        out.append(f"112 {deputy}")
    text("122", t.time_control)
    if t.round_dates:
        dates = "".join(_round_date(d).ljust(10) for d in t.round_dates)
        out.append("132" + " " * 88 + dates)
    if t.declared_rounds is not None:
        out.append(f"142 {t.declared_rounds}")
    if t.initial_color is not Color.NONE:
        out.append(f"152 {'W' if t.initial_color is Color.WHITE else 'B'}")
    # Always a 162, even with FIDE's defaults: it marks the output as TRF-2026.
    out.append(_scoring(t.scoring))
    for method in t.starting_rank_methods:
        out.append(f"172 {method.federation:<3} {method.method}")
    text("182", t.pairing_controller)
    text("192", t.type_code)
    out += _tiebreaks(t)
    text("222", t.time_control_code)
    text("352", t.board_colors)
    if t.team_scoring != TeamScoring():
        s = t.team_scoring
        pairs = (("TW", s.win), ("TD", s.draw), ("TL", s.loss))
        out.append("362 " + "".join(f"{c}{format_points(v)}   " for c, v in pairs))
    # A record kept as a duplicate is written at the end; if its first occurrence was
    # empty, write that empty record here so the kept one stays second when re-read.
    written = {_slot(line[:3]) for line in out}
    for record in t.unknown_records:
        # Only a real duplicate ("212 ..."); "2120 ..." is an unknown record of its own.
        duplicate = record.text[3:4].strip() == ""
        slot = _slot(record.code)
        if duplicate and record.code in TOURNAMENT_CODES and slot not in written:
            out.append(record.code)
            written.add(slot)
    return out


def _slot(code: str) -> str:
    """The record a kept duplicate follows: 202 and 212 are one (the reader uses the first)."""
    return "202" if code == "212" else code


def _scoring(scoring: ScoringSystem) -> str:
    pairs: list[tuple[str, float]] = [
        ("W", scoring.win),
        ("D", scoring.draw),
        ("L", scoring.loss),
        ("A", scoring.absence),
    ]
    if scoring.pairing_bye is not None:
        pairs.append(("P", scoring.pairing_bye))
    if scoring.unknown is not None:
        pairs.append(("X", scoring.unknown))
    # Letter at column 6, 15, 24...; its points in the next four columns.
    return "162 " + "".join(f" {letter}{format_points(value)}   " for letter, value in pairs)


def _tiebreaks(t: Tournament) -> list[str]:
    if not t.tiebreaks and not t.tiebreak_record:
        return []
    codes = list(t.tiebreaks)
    if t.tiebreak_record == "212" and "PTS" not in (c.upper() for c in codes):
        codes.insert(0, "PTS")
    return [f"{t.tiebreak_record or '202'} {','.join(codes)}"]


# --------------------------------------------------------------------------- players
def _static(
    code: str,
    number: int,
    sex: str,
    title: str,
    name: str,
    rating: int | None,
    federation: str,
    fide_id: str,
    birth: str,
) -> str:
    return (
        f"{code:<3} {number:>4} {sex[:1]:1}{title[:3]:>3} {name[:33]:<33} "
        f"{'' if rating is None else rating:>4} {federation[:3]:<3} {fide_id[:11]:>11} "
        f"{birth[:10]:<10}"
    )


def _player(p: Player, rounds: int) -> str:
    points = "" if p.declared_points is None else format_points(p.declared_points)
    rank = "" if p.declared_rank is None else p.declared_rank
    head = _static(
        "001", p.id, p.sex, p.title, p.name, p.rating, p.federation, p.fide_id, p.birth_date
    )
    cells = {cell.round: cell for cell in p.rounds}
    parts = [f"{head} {points:>4} {rank:>4}"]
    for round_no in range(1, rounds + 1):
        cell = cells.get(round_no)
        if cell is None:
            parts.append("  0000 - Z")
            continue
        opponent = "0000" if cell.opponent is None else f"{cell.opponent:>4}"
        result = " " if cell.outcome is Outcome.UNKNOWN else cell.outcome.value
        parts.append(f"  {opponent} {_COLOUR[cell.color]} {result}")
    return "".join(parts)


def _national(n: NationalRating) -> str:
    return _static(
        n.federation,
        n.player_id,
        n.sex,
        n.classification,
        n.name,
        n.rating,
        n.origin,
        n.number,
        n.birth_date,
    )


# --------------------------------------------------------------------------- teams
def _ids(ids: tuple[int, ...] | tuple[int | None, ...], width: int, empty: str) -> str:
    return "".join(f" {empty if i is None else i:>{width}}" for i in ids)


def _points(value: float | None, width: int) -> str:
    return " " * width if value is None else format_points(value, width)


def _team(team: Team) -> str:
    strength = "" if team.strength is None else f"{team.strength:g}"
    rank = "" if team.declared_rank is None else team.declared_rank
    return (
        f"310 {team.id:>3} {team.name[:32]:<32} {team.nickname[:5]:<5} {strength:>6} "
        f"{_points(team.declared_match_points, 6)} {_points(team.declared_game_points, 6)} "
        f"{rank:>3} " + _ids(team.roster, 4, "")
    )


def _team_records(t: Tournament) -> list[str]:
    out: list[str] = []
    for bye in t.byes:
        out.append(f"240 {bye.kind.value} {bye.round:>3}" + _ids(bye.ids, 4, ""))
    for a in t.accelerations:
        out.append(
            f"250 {_points(a.match_points, 4)} {_points(a.game_points, 4)} "
            f"{a.first_round:>3} {a.last_round:>3} {a.first_id:>4} {a.last_id:>4}"
        )
    for p in t.prohibited_pairings:
        out.append(f"260 {p.first_round:>3} {p.last_round:>3}" + _ids(p.ids, 4, ""))
    for ab in t.abnormal_points:
        out.append(
            f"299 {ab.kind:1}  {_points(ab.match_points, 4)}  {_points(ab.game_points, 4)}  "
            f"{ab.round:03d}" + _ids(ab.ids, 4, "")
        )
    for o in t.out_of_order:
        opponent = "000" if o.opponent is None else o.opponent
        out.append(f"300 {o.round:>3} {o.team:>3} {opponent:>3}" + _ids(o.boards, 4, "0000"))
    for pab in t.pairing_byes:
        out.append(
            f"320 {_points(pab.match_points, 4)} {_points(pab.game_points, 4)}"
            + _ids(pab.teams, 3, "000")
        )
    for f in t.forfeited_matches:
        out.append(f"330 {f.kind.value} {f.round:>3} {f.white_team:>3} {f.black_team:>3}")
    return out


# --------------------------------------------------------------------------- 801 / 802
def _summaries(t: Tournament) -> list[str]:
    full = [s for s in t.team_summaries if s.record == "801"]
    numbers = [team.id for team in t.teams] + [s.team for s in full]
    width = len(str(max(numbers, default=1)))
    boards = len(t.board_colors.strip()) or max(
        (len(r.board_results) for s in full for r in s.rounds), default=0
    )
    out: list[str] = []
    for summary in t.team_summaries:
        if summary.record == "801":
            out.append(_summary_801(summary, width, boards))
        else:
            out.append(_summary_802(summary))
    return out


def _compact(value: float | None) -> str:
    if value is None:
        return "0"
    return f"{value:.0f}" if value == int(value) else format_points(value, 0)


def _summary_801(s: TeamSummary, width: int, boards: int) -> str:
    head = (
        f"801 {s.team:>{width}} {s.nickname:<5} {_compact(s.match_points)} "
        f"{format_points(s.game_points or 0.0, 0)}  "
    )
    blocks: list[str] = []
    for r in s.rounds:
        opponent = "" if r.opponent is None else str(r.opponent)
        block = (
            f"{opponent:>{width}} {_SUMMARY_COLOUR[r.color]} "
            f"{r.board_results:<{boards}} {r.board_players:<{boards}}  "
        )
        blocks.append(block.ljust(block_width(width, boards)))
    return head + "".join(blocks)


def _summary_802(s: TeamSummary) -> str:
    head = (
        f"802 {s.team:>3} {s.nickname:<5} {_points(s.match_points, 6)} {_points(s.game_points, 6)} "
    )
    blocks: list[str] = []
    for r in s.rounds:
        opponent = r.bye or ("" if r.opponent is None else str(r.opponent))
        forfeit = "f" if r.forfeit else " "
        blocks.append(
            f"{opponent:>3} {_SUMMARY_COLOUR[r.color]} {_points(r.game_points, 4)}{forfeit}  "
        )
    return head + "".join(blocks)
