"""An event's numbers as open data: ``EVENT/data/{standings,rounds,players}.{json,csv}``.

They are pages of the event (``DownloadFile``s), so they are built and cached with
it. ``standings.json`` is what ``trfsite standings FILE --format json`` prints with
the event's settings (one function makes both); ``rounds`` and ``players`` carry
``"version": DATA_VERSION``; their shapes are the JSON Schemas under
``data/schema/`` (shipped with the site, see ``site/open_data.py``). A field once
published keeps its meaning: a change of meaning is a new version.

Privacy: no birth date, sex or national rating line; an anonymised player (see
``people/privacy``) is "Anonymous" with no id, title, rating, grade or club.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import TYPE_CHECKING

from trfsite.formats.csv_cells import csv_writer, safe_cell
from trfsite.formats.json_text import indented_json
from trfsite.memo import ByIdentity
from trfsite.model import Outcome, Player, Tournament
from trfsite.model.frozen import frozen_record
from trfsite.pages.contexts import DownloadFile
from trfsite.pages.pairings import cells_in_board_order, result_text
from trfsite.pages.plan import EventData, PagePlan
from trfsite.progress import round_progress

if TYPE_CHECKING:
    from trfsite.awards.gor import GorChange
    from trfsite.awards.performance import PlayerRatings

DATA_VERSION = 1
DATA_FOLDER = "data"
DATA_FILES = ("standings", "rounds", "players")


def outcome_name(outcome: Outcome) -> str:
    """``win``, ``draw``, ``forfeit-loss``, ``pairing-bye``... (the enum's name, spelled out)."""
    return outcome.name.lower().replace("_", "-")


def data_pages(data: EventData) -> list[PagePlan]:
    """The event's data files, each a plan made when the event's pages are built: a
    table's JSON and CSV are one plan, so that one process makes the values both take
    (the rating columns, the rounds' games) once."""
    folder = f"{data.job.slug}/{DATA_FOLDER}"
    tables = {"standings": _standings, "rounds": _rounds, "players": _players}
    return [
        PagePlan(
            f"{folder}/{name}.json", "", partial(_json_and_csv, data, make, f"{folder}/{name}.csv")
        )
        for name, make in tables.items()
    ]


def _json_and_csv(
    data: EventData, make: Callable[[EventData, str], DownloadFile], csv_path: str
) -> DownloadFile:
    """A table's JSON, with its CSV written beside it."""
    return DownloadFile(make(data, "json").text, also=((csv_path, make(data, "csv").text),))


def _rating_columns(data: EventData) -> tuple[dict[int, PlayerRatings], dict[int, GorChange]]:
    from trfsite.standings.output import rating_columns

    if data.awards is not None and data.awards.ratings:
        # The awards' ratings, made from the same standings, K factors and unrated rating:
        # the columns are their values (rating change, TPR, ARO), not counted again.
        return data.awards.ratings, {}
    config = data.job.config
    return rating_columns(data.final, config.awards.k_overrides, False, config.unrated_rating)


# The JSON and the CSV of a table are made from the same values: computed once per event.
_ratings_of: ByIdentity[EventData, tuple[dict[int, PlayerRatings], dict[int, GorChange]]] = (
    ByIdentity(_rating_columns)
)


def _standings(data: EventData, fmt: str) -> DownloadFile:
    from trfsite.standings.output import render_csv, render_json

    final = data.final
    ratings, gor = _ratings_of(data)
    if fmt == "json":
        return DownloadFile(render_json(final, False, ratings, gor))
    return DownloadFile(render_csv(final, ratings, gor))


def _json(body: dict[str, object]) -> DownloadFile:
    return DownloadFile(indented_json(body) + "\n")


def _csv(header: Sequence[str], rows: Iterable[Sequence[object]]) -> DownloadFile:
    buffer = io.StringIO()
    writer = csv_writer(buffer)
    writer.writerow(header)
    for row in rows:
        writer.writerow([_cell(value) for value in row])
    return DownloadFile(buffer.getvalue())


def _cell(value: object) -> object:
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else value


def _event(data: EventData) -> dict[str, object]:
    t = data.tournament
    return {"slug": data.job.slug, "name": data.header.name, "rounds": t.rounds}


# --------------------------------------------------------------------------- rounds
@frozen_record
class _RoundTables:
    """The rounds as ``rounds.json`` lists them and as the lines of ``rounds.csv``."""

    items: list[dict[str, object]]
    lines: list[tuple[object, ...]]  # in _ROUND_COLUMNS' order, every cell safe


def round_items(data: EventData) -> list[dict[str, object]]:
    """Each round's games in board order, its byes and its absent players."""
    return _round_tables(data).items


def _round_tables(data: EventData) -> _RoundTables:
    # One pass per game makes its JSON item and its CSV line. Each text a line holds
    # (a name, a result, an outcome) is made and made safe for a spreadsheet once per
    # event, not once per cell: the open's 10,762 games have 2,000 names and a few
    # results, where a guard per cell checked 120,000 cells.
    t = data.tournament
    go = data.is_go
    progress = round_progress(t)
    names = {p.id: p.name for p in t.players}
    safe_names = {pid: safe_cell(name) for pid, name in names.items()}
    results: dict[tuple[Outcome, Outcome, bool], tuple[str, object]] = {}
    rounds: list[dict[str, object]] = []
    lines: list[tuple[object, ...]] = []
    for round_no in range(1, t.rounds + 1):
        cells = cells_in_board_order(t, data.after_round, round_no)
        games: list[dict[str, object]] = []
        for board, pair in enumerate(cells.pairings, start=1):
            white_outcome, black_outcome = pair.white_outcome, pair.black_outcome
            result_key = (white_outcome, black_outcome, pair.colours_known)
            result = results.get(result_key)
            if result is None:
                text = result_text(white_outcome, black_outcome, go, pair.colours_known)
                result = results[result_key] = (text, safe_cell(text))
            forfeit = white_outcome.is_forfeit or black_outcome.is_forfeit
            white_name, white_cell = _OUTCOME_NAMES[white_outcome]
            black_name, black_cell = _OUTCOME_NAMES[black_outcome]
            games.append(
                {
                    "board": board,
                    "white": pair.white,
                    "white_name": names.get(pair.white, ""),
                    "black": pair.black,
                    "black_name": names.get(pair.black, ""),
                    "white_outcome": white_name,
                    "black_outcome": black_name,
                    "result": result[0],
                    "forfeit": forfeit,
                    "handicap": pair.handicap,
                    "colours_known": pair.colours_known,
                }
            )
            lines.append(
                (
                    round_no,
                    board,
                    pair.white,
                    safe_names.get(pair.white, ""),
                    pair.black,
                    safe_names.get(pair.black, ""),
                    result[1],
                    white_cell,
                    black_cell,
                    "true" if forfeit else "false",
                    "" if pair.handicap is None else pair.handicap,
                )
            )
        byes: list[dict[str, object]] = []
        for pid, outcome in cells.byes:  # a bye is a line with no Black
            name, cell = _OUTCOME_NAMES[outcome]
            byes.append({"player": pid, "name": names.get(pid, ""), "outcome": name})
            lines.append((round_no, "", pid, safe_names.get(pid, ""), "", "", "", cell, "", "", ""))
        rounds.append(
            {
                "round": round_no,
                "complete": round_no <= progress.complete,
                "games": games,
                "byes": byes,
                "absent": list(cells.absent),
            }
        )
    return _RoundTables(rounds, lines)


# Each outcome's name, and its CSV cell (the name made safe, see formats/csv_cells).
_OUTCOME_NAMES = {
    outcome: (outcome_name(outcome), safe_cell(outcome_name(outcome))) for outcome in Outcome
}

_ROUND_COLUMNS = (
    "round",
    "board",
    "white",
    "white_name",
    "black",
    "black_name",
    "result",
    "white_outcome",
    "black_outcome",
    "forfeit",
    "handicap",
)


_round_tables_of: ByIdentity[EventData, _RoundTables] = ByIdentity(_round_tables)


def _rounds(data: EventData, fmt: str) -> DownloadFile:
    tables = _round_tables_of(data)
    if fmt == "json":
        return _json({"version": DATA_VERSION, "event": _event(data), "rounds": tables.items})
    buffer = io.StringIO()
    writer = csv_writer(buffer)
    writer.writerow(_ROUND_COLUMNS)
    writer.writerows_made_safe(tables.lines)  # each text made safe once, above
    return DownloadFile(buffer.getvalue())


# --------------------------------------------------------------------------- players
_PLAYER_COLUMNS = (
    "id",
    "name",
    "title",
    "federation",
    "rating",
    "fide_id",
    "grade",
    "egd_pin",
    "club",
    "team",
)


def player_items(t: Tournament) -> list[dict[str, object]]:
    """The start list as the pages show it: no birth date; anonymised players anonymous."""
    hidden = frozenset(t.anonymised)
    teams = {pid: team.id for team in t.teams for pid in team.roster}
    return [_player(p, p.id in hidden, teams.get(p.id)) for p in sorted(t.players, key=_by_id)]


def _by_id(p: Player) -> int:
    return p.id


def _player(p: Player, anonymous: bool, team: int | None) -> dict[str, object]:
    return {
        "id": p.id,
        "name": p.name,
        "title": "" if anonymous else p.title,
        "federation": p.federation,
        "rating": None if anonymous else p.rating,
        "fide_id": "" if anonymous else p.fide_id,
        "grade": "" if anonymous else p.grade,
        "egd_pin": "" if anonymous else p.egd_pin,
        "club": "" if anonymous else p.club,
        "team": team,
    }


def _players(data: EventData, fmt: str) -> DownloadFile:
    t = data.tournament
    players = player_items(t)
    if fmt == "csv":
        return _csv(_PLAYER_COLUMNS, [[item[key] for key in _PLAYER_COLUMNS] for item in players])
    teams = [{"id": team.id, "name": team.name, "roster": list(team.roster)} for team in t.teams]
    return _json(
        {"version": DATA_VERSION, "event": _event(data), "players": players, "teams": teams}
    )
