"""Write a Go event as an EGF tournament table the European Go Database accepts.

The header tags (``TC``, ``CL``, ``EV``, ``PC``, ``DT``, ``HA``, ``KM``, ``TM``,
``CM``), a column header, then one row per player in place order: place, name
(``Surname Firstname``, blanks inside a part written ``_``), grade, country, club,
the score columns the table ranks by, one cell per round (``12+/w2``: the
opponent's row, result, colour and handicap; ``0+``/``0=``/``0-`` without a game;
``?`` unknown) and the EGD PIN after ``|``. Opponent numbers are the rows of this
table. The ranking comes from the caller (the formats layer does not rank).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from trfsite.formats.egf.lines import parse_player_line
from trfsite.formats.text import split_lines
from trfsite.model import Color, Outcome, RoundEntry, Tournament

_RESULT = {
    Outcome.WIN: "+",
    Outcome.LOSS: "-",
    Outcome.DRAW: "=",
    Outcome.UNKNOWN: "?",
    Outcome.FORFEIT_WIN: "+",
    Outcome.FORFEIT_LOSS: "-",
    Outcome.DRAW_UNRATED: "=",
    Outcome.WIN_UNRATED: "+",
}
_FREE = {Outcome.FULL_BYE: "0+", Outcome.HALF_BYE: "0=", Outcome.ZERO_BYE: "0-"}
_COLOUR = {Color.WHITE: "w", Color.BLACK: "b"}
LINE_END = "\n"


@dataclass(frozen=True, slots=True)
class EgfRanking:
    """What the table is written in: players in place order, their places and scores."""

    order: tuple[int, ...]  # player ids, best first
    places: Mapping[int, int]  # player id -> place (shared by tied players)
    columns: tuple[str, ...]  # score-column names, the primary score first
    scores: Mapping[int, tuple[float | None, ...]]  # player id -> one value per column


def write_egf(t: Tournament, ranking: EgfRanking, original: str = "") -> str:
    """The table as text; ``original``: the file it was read from (names as written)."""
    row_of = {pid: k for k, pid in enumerate(ranking.order, start=1)}
    players = {p.id: p for p in t.players}
    names = _names_as_written(t, original)
    lines = _header(t)
    lines.append("; Pl Name Rk Co Club " + " ".join(ranking.columns))
    rounds = t.rounds
    for pid in ranking.order:
        player = players[pid]
        cells = [_cell(player.entry(r), row_of) for r in range(1, rounds + 1)]
        scores = [_number(v) for v in ranking.scores.get(pid, ())]
        words = [
            str(ranking.places[pid]),
            names.get(pid) or _name(player.name),
            player.grade or "30k",
            player.federation or "XX",
            player.club.replace(" ", "_") or "xxxx",
            *scores,
            *cells,
        ]
        line = " ".join(words)
        if player.egd_pin:
            line += f" |{player.egd_pin}"
        lines.append(line)
    return LINE_END.join(lines) + LINE_END


def _header(t: Tournament) -> list[str]:
    go = t.go
    out: list[str] = []

    def tag(name: str, value: str) -> None:
        if value:
            out.append(f"; {name}[{value.replace(']', ')')}]")

    if go is not None:
        tag("TC", go.egd_code)
        tag("CL", go.tournament_class)
    tag("EV", t.name)
    place = go.place if go is not None and go.place else ""
    if not place and (t.federation or t.city):
        place = f"{t.federation}, {t.city}".strip(", ")
    tag("PC", place)
    if t.start_date is not None:
        end = t.end_date or t.start_date
        tag("DT", f"{t.start_date.isoformat()},{end.isoformat()}")
    if go is not None:
        if go.handicap_rule is not None:
            tag("HA", f"h{go.handicap_rule}")
        if go.komi is not None:
            tag("KM", f"{go.komi:g}")
        if go.adjusted_time is not None:
            tag("TM", f"{go.adjusted_time:g}")
        for comment in go.comments:
            tag("CM", comment)
    return out


def _cell(entry: RoundEntry | None, row_of: Mapping[int, int]) -> str:
    if entry is None:
        return "0-"
    if entry.opponent is None or entry.opponent not in row_of:
        if entry.outcome in _FREE:
            return _FREE[entry.outcome]
        return "?" if entry.outcome is Outcome.UNKNOWN else "0-"
    result = _RESULT.get(entry.outcome, "?")
    separator = "!" if entry.outcome.is_forfeit or entry.outcome is Outcome.DRAW_UNRATED else "/"
    colour = _COLOUR.get(entry.color, "")
    handicap = "" if entry.handicap is None else str(entry.handicap)
    tail = f"{separator}{colour}{handicap}" if colour or handicap or separator == "!" else ""
    return f"{row_of[entry.opponent]}{result}{tail}"


def _number(value: float | None) -> str:
    if value is None:
        return "0"
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.4f}".rstrip("0").rstrip(".")


def _name(name: str) -> str:
    """``Surname Firstname`` from a name read with its blanks: the last word is the
    first name, the words before it the surname (``van_der_Berg Anna``)."""
    words = name.split()
    if len(words) <= 2:
        return " ".join(words) or "?"
    return "_".join(words[:-1]) + " " + words[-1]


def _names_as_written(t: Tournament, original: str) -> dict[int, str]:
    """Each player's name words as the original file wrote them (underscores kept)."""
    if not original:
        return {}
    lines = split_lines(original)
    out: dict[int, str] = {}
    for player in t.players:
        number = player.source.line
        if not 0 < number <= len(lines):
            continue
        parsed, _ = parse_player_line(lines[number - 1], number, player.id, None, "")
        # Only the line the player was read from (the text may be decoded otherwise).
        if parsed is not None and parsed.name == player.name and parsed.name_words:
            out[player.id] = " ".join(parsed.name_words)
    return out
