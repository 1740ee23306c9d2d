"""Small helpers the page builders share: references, titles, standing lines."""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Sequence

from trfsite.memo import ByIdentity
from trfsite.model import Color, Game, Outcome, Player, Tournament
from trfsite.pages.lookups import players_by_id, team_of_player, teams_by_id
from trfsite.pages.plan import EventData
from trfsite.pages.rows import ColumnHead, PlayerRow, Ref, StandingLine
from trfsite.people.links import person_href
from trfsite.results import N_, Standings, TiebreakColumn

# TRF16 writes titles as single letters (g = GM, m = IM, ...); TRF-2026 spells them out.
_TITLES = {
    "g": "GM",
    "m": "IM",
    "f": "FM",
    "c": "CM",
    "wg": "WGM",
    "wm": "WIM",
    "wf": "WFM",
    "wc": "WCM",
}

RESULT_SYMBOL = {
    Outcome.WIN: "1",
    Outcome.DRAW: "\u00bd",
    Outcome.LOSS: "0",
    Outcome.FORFEIT_WIN: "+",
    Outcome.FORFEIT_LOSS: "\u2212",
    Outcome.WIN_UNRATED: "1",
    Outcome.DRAW_UNRATED: "\u00bd",
    Outcome.LOSS_UNRATED: "0",
    Outcome.HALF_BYE: "\u00bd",
    Outcome.FULL_BYE: "1",
    Outcome.PAIRING_BYE: "1",
    Outcome.ZERO_BYE: "0",
    Outcome.UNKNOWN: "",  # a chess game whose result is not in yet: nothing to show
}
GO_SYMBOL = {Outcome.WIN: "+", Outcome.LOSS: "\u2212", Outcome.DRAW: "=", Outcome.UNKNOWN: "?"}

BYE_NAMES = {
    Outcome.PAIRING_BYE: N_("Pairing-allocated bye"),
    Outcome.FULL_BYE: N_("Full-point bye"),
    Outcome.HALF_BYE: N_("Half-point bye"),
    Outcome.ZERO_BYE: N_("Zero-point bye"),
    Outcome.FORFEIT_WIN: N_("Win by forfeit, no opponent"),
}


# The one-letter colours pages show ("w"/"b"); "" when unknown.
COLOUR_LETTER = {Color.WHITE: "w", Color.BLACK: "b"}


@functools.lru_cache(maxsize=256)
def display_title(title: str) -> str:
    clean = title.strip()
    return _TITLES.get(clean.lower(), clean.upper() if len(clean) <= 4 else clean)


def outcome_css(outcome: Outcome) -> str:
    return _OUTCOME_CSS[outcome]


def _css_of(outcome: Outcome) -> str:
    if outcome.is_bye:
        return "bye"
    if outcome in (Outcome.WIN, Outcome.WIN_UNRATED, Outcome.FORFEIT_WIN):
        return "win"
    if outcome in (Outcome.DRAW, Outcome.DRAW_UNRATED):
        return "draw"
    if outcome in (Outcome.LOSS, Outcome.LOSS_UNRATED, Outcome.FORFEIT_LOSS):
        return "loss"
    return "none"


# Looked up for every cell of every crosstable, card and round page.
_OUTCOME_CSS = {outcome: _css_of(outcome) for outcome in Outcome}


def player_ref(t: Tournament, players: dict[int, Player], pid: int) -> Ref:
    player = players.get(pid)
    if player is None:
        return Ref(pid, f"#{pid}")
    title = player.grade if t.game is Game.GO else display_title(player.title)
    person = person_href(t, pid)
    return Ref(pid, player.name.strip() or f"#{pid}", f"players/{pid}.html", title, person)


def _player_refs(t: Tournament) -> dict[int, Ref]:
    players = players_by_id(t)
    return {pid: player_ref(t, players, pid) for pid in players}


# Every player's reference, made once per event (pages ask for them ~100,000 times).
player_refs: ByIdentity[Tournament, dict[int, Ref]] = ByIdentity(_player_refs)


def ref_in(refs: dict[int, Ref], pid: int) -> Ref:
    """``player_ref`` from the event's ``player_refs`` (an unknown id gets ``#id``)."""
    ref = refs.get(pid)
    return ref if ref is not None else Ref(pid, f"#{pid}")


def team_ref(t: Tournament, tid: int) -> Ref:
    team = teams_by_id(t).get(tid)
    if team is None:
        return Ref(tid, f"#{tid}")
    return Ref(tid, team.name.strip() or f"#{tid}", f"teams/{tid}.html")


def player_row(
    t: Tournament, player: Player, team_of: dict[int, int], birth: str = ""
) -> PlayerRow:
    """``birth``: what the page shows of it (``pages.birth``), never the file's date."""
    players = {player.id: player}
    team_id = team_of.get(player.id)
    return PlayerRow(
        ref=player_ref(t, players, player.id),
        title=display_title(player.title),
        rating=player.rating or None,
        federation=player.federation.strip(),
        fide_id=player.fide_id.strip() if player.fide_id.strip() not in ("", "0") else "",
        birth=birth,
        sex=player.sex.strip(),
        team=team_ref(t, team_id) if team_id is not None else None,
        grade=player.grade,
        club=player.club,
    )


def team_of_players(t: Tournament) -> dict[int, int]:
    """Player id -> team id, from the rosters (shared: do not change it)."""
    return team_of_player(t)


def column_heads(standings: Standings) -> tuple[ColumnHead, ...]:
    return tuple(
        ColumnHead(c.code, spelled_short(c), c.name or c.code, counts_points(c))
        for c in standings.columns
    )


_CODE_NAME = re.compile(r"\s*([A-Za-z]+)")

# Tie-breaks whose values are points (C.07 2023 13.1 MPvGP, 11.1.1-2 MPTS/GPTS, 13 PTS;
# 2026 STD): printed as 33½ like the points column, not 33.5 like a Buchholz.
POINTS_TIEBREAKS = frozenset({"PTS", "MPTS", "GPTS", "MPVGP", "STD"})


def spelled_short(column: TiebreakColumn) -> str:
    """The short form with the name in the code's own letters: ``MPvGP``, not ``MPVGP``."""
    short = column.short or column.code
    found = _CODE_NAME.match(column.code)
    if found is None:
        return short
    name = found.group(1)
    if short[: len(name)].upper() == name.upper():
        return name + short[len(name) :]
    return short


def counts_points(column: TiebreakColumn) -> bool:
    """Whether the column's values are points (see :data:`POINTS_TIEBREAKS`)."""
    found = _CODE_NAME.match(column.code)
    return found is not None and found.group(1).upper() in POINTS_TIEBREAKS


# A player's part of a standing line (link, title, rating, federation): the same on
# every standings page of the event (the open: 12 pages, the crosstable and the
# overview, 2,000 rows each), made once per event.
_PlayerParts = tuple[Ref, str, int | None, str]


def _player_parts(t: Tournament) -> dict[int, _PlayerParts]:
    refs = player_refs(t)
    return {
        pid: (refs[pid], display_title(p.title), p.rating or None, p.federation.strip())
        for pid, p in players_by_id(t).items()
    }


_player_parts_of: ByIdentity[Tournament, dict[int, _PlayerParts]] = ByIdentity(_player_parts)
# The final standings' lines are asked for by its page and by the crosstable: made once
# per standings (and event: the lines take the event's players).
_lines_of: ByIdentity[Standings, list[tuple[Tournament, tuple[StandingLine, ...]]]] = ByIdentity(
    lambda standings: []
)


def standing_lines(
    data: EventData, standings: Standings, first: int | None = None
) -> tuple[StandingLine, ...]:
    """The lines of ``standings``; ``first``: of its first rows only (the overview's
    leaders), not the whole table's."""
    if first is not None:
        return _standing_lines(data, standings, first)
    made = _lines_of(standings)
    for event, lines in made:
        if event is data.tournament:
            return lines
    lines = _standing_lines(data, standings, len(standings.rows))
    made.append((data.tournament, lines))
    return lines


def _standing_lines(data: EventData, standings: Standings, first: int) -> tuple[StandingLine, ...]:
    t = data.tournament
    is_team = data.is_team
    parts = {} if is_team else _player_parts_of(t)
    rows = standings.rows
    ranks = [row.rank for row in rows]
    lines = []
    for index, row in enumerate(rows[:first]):
        shared = (index > 0 and ranks[index - 1] == row.rank) or (
            index + 1 < len(ranks) and ranks[index + 1] == row.rank
        )
        if is_team:
            ref = team_ref(t, row.id)
            if ref.href == "":
                ref = Ref(row.id, row.name, "")
            lines.append(
                StandingLine(
                    row.rank,
                    shared,
                    ref,
                    "",
                    None,
                    "",
                    row.points,
                    row.tiebreaks,
                    row.match_points,
                    row.game_points,
                )
            )
            continue
        found = parts.get(row.id)
        ref, title, rating, federation = (
            found if found is not None else (Ref(row.id, row.name), "", None, "")
        )
        lines.append(
            StandingLine(
                row.rank,
                shared,
                ref,
                title,
                rating,
                federation,
                row.points,
                row.tiebreaks,
                row.match_points,
                row.game_points,
            )
        )
    return tuple(lines)


def rank_map(standings: Standings) -> dict[int, int]:
    return {row.id: row.rank for row in standings.rows}


def points_map(standings: Standings) -> dict[int, float]:
    return {row.id: row.points for row in standings.rows}


# Up to this many rounds every page links to each of them; a longer event (a damaged
# file can have 999 rounds) links to the first, the last and those near the page's own:
# otherwise each of its 999 pages held 999 links (40 MB of navigation).
ALL_ROUNDS_LINKED = 30
_NEAR = 10


def rounds_near(rounds: Sequence[int], current: int) -> tuple[int, ...]:
    """The rounds a page's navigation links to (all of them for a usual event)."""
    if len(rounds) <= ALL_ROUNDS_LINKED:
        return tuple(rounds)
    ends = {rounds[0], rounds[-1]}
    return tuple(r for r in rounds if r in ends or abs(r - current) <= _NEAR)


def warn_part_failed(log: logging.Logger, subject: str, what: str, exc: Exception) -> None:
    """A part of an event failed inside trfsite and the rest is built without it: one
    line for the user (``SUBJECT: WHAT (Error: message)``), the traceback for -vv only."""
    log.warning("%s: %s (%s: %s)", subject, what, type(exc).__name__, exc)
    log.debug("%s: %s", subject, what, exc_info=exc)
