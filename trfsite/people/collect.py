"""One event's players as ``PersonEntry`` values (pure: model and standings in)."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import NamedTuple

from trfsite.formats.numbers import is_whole
from trfsite.model import Color, EventKind, Game, Player, Tournament
from trfsite.people.entries import (
    EventEntries,
    GameRecord,
    KeyKind,
    PersonEntry,
    TeamPlace,
    pack_record,
)
from trfsite.people.names import birth_year, clear_of_site_pages, fold_name, name_key
from trfsite.results import Standings

logger = logging.getLogger(__name__)


def event_rating_changes(t: Tournament) -> dict[int, float]:
    """Each player's FIDE rating change in this event (B.02 8.3), after its last complete
    round, by start number; absent for Go, unrated players and players with no rated game.

    K comes from the file (age and rating); a per-event ``k_factor`` override in
    trfsite.toml is the event page's business, since one person page spans events with
    different configs. One pass per event: the per-player lookup indexes every player.
    """
    if t.game is not Game.CHESS:
        return {}
    from trfsite.awards.rating_change import rating_changes
    from trfsite.progress import default_after_round

    changes = rating_changes(t, after_round=default_after_round(t, t.rounds))
    return {
        pid: change.value
        for pid, change in changes.items()
        if change.games and change.value is not None
    }


def fide_key(fide_id: str) -> str:
    digits = fide_id.strip()
    return f"fide-{int(digits)}" if is_whole(digits) and int(digits) > 0 else ""


def own_key(player: Player, t: Tournament, national_ids: tuple[str, ...]) -> tuple[str, KeyKind]:
    """The key this entry alone gives: FIDE id, else EGD PIN, else national id, else name."""
    key = fide_key(player.fide_id)
    if key:
        return key, KeyKind.FIDE
    pin = player.egd_pin.strip()
    if is_whole(pin) and int(pin) > 0:
        return f"egd-{int(pin)}", KeyKind.EGD
    if national_ids:
        return f"nat-{national_ids[0].lower()}", KeyKind.NATIONAL
    parts = [name_key(player.name) if fold_name(player.name) else f"player-{player.id}"]
    federation = name_key(player.federation.strip().lower()) if player.federation.strip() else ""
    year = birth_year(player.birth_date)
    parts += [p for p in (federation, str(year) if year else "") if p]
    return clear_of_site_pages("-".join(parts), player.name), KeyKind.NAME


def link_stem(key: str, kind: KeyKind, year: int | None, name: str) -> str:
    """Where an event's pages link a player: ``key``'s page name, without the birth
    year a name key ends with (``[privacy]``: no address shows a birth year)."""
    suffix = f"-{year}"
    if kind is not KeyKind.NAME or year is None or not key.endswith(suffix):
        return key
    return clear_of_site_pages(key.removesuffix(suffix), name)


def national_ids(t: Tournament) -> dict[int, tuple[str, ...]]:
    """Start number -> "FED-NUMBER" from the National Rating Support lines."""
    found: dict[int, list[str]] = {}
    for line in t.national_ratings:
        number = "".join(ch for ch in line.number.strip() if ch.isalnum())
        if number and number.strip("0"):
            found.setdefault(line.player_id, []).append(f"{line.federation.upper()}-{number}")
    return {pid: tuple(sorted(set(ids))) for pid, ids in found.items()}


def _performances(t: Tournament) -> dict[int, int]:
    """The performance by start number, as the event's cards show it (awards.performance:
    over the games against rated opponents)."""
    if t.game is Game.GO:
        return {}
    from trfsite.awards.performance import performances

    try:
        return performances(t, t.rounds)
    except Exception:  # a performance is a courtesy: never lose the person for it
        logger.debug("performances of %s failed", t.name, exc_info=True)
        return {}


def _team_names(t: Tournament) -> dict[int, str]:
    return {pid: team.name.strip() for team in t.teams for pid in team.roster}


class KnownRatings(NamedTuple):
    """Rating changes and TPRs the caller already has, as this module computes them."""

    changes: Mapping[int, float]  # as event_rating_changes
    performances: Mapping[int, int]  # as _performances


def collect_event(
    t: Tournament,
    standings: Standings | None,
    file: str,
    slug: str,
    splits: Mapping[int, str] | None = None,
    known: KnownRatings | None = None,
    games: Mapping[tuple[int, int], str] | None = None,
    teams: Standings | None = None,
) -> EventEntries:
    """Every player of ``t``; ``standings`` ranks players (a team event's individual ones).

    ``splits`` maps start numbers to the keys ``[people] split`` gives them; ``known``
    spares computing the rating changes and TPRs again; ``games``: the page of each
    (round, start number) whose game the event shows (issue 42); ``teams``: a team
    event's team standings (a team series ranks its teams).
    """
    rows = {row.id: row for row in standings.rows} if standings is not None else {}
    if known is not None:
        performances, rating_changes = known.performances, known.changes
    else:
        performances = _performances(t) if standings is not None else {}
        rating_changes = event_rating_changes(t)
    nat = national_ids(t)
    team_names = _team_names(t)
    entries = []
    hidden = frozenset(t.anonymised)  # [privacy] anonymise: no person
    for player in sorted(t.players, key=lambda p: p.id):
        if player.id in hidden:
            continue
        ids = nat.get(player.id, ())
        key, kind = own_key(player, t, ids)
        if splits and player.id in splits:
            key, kind = splits[player.id], KeyKind.CONFIG
        row = rows.get(player.id)
        record = pack_record(
            GameRecord(
                cell.round,
                cell.opponent,
                cell.color.value if cell.color is not Color.NONE else "",
                cell.outcome.value,
            )
            for cell in player.rounds
        )
        entries.append(
            PersonEntry(
                start_number=player.id,
                name=player.name.strip() or f"#{player.id}",
                own_key=key,
                key_kind=kind,
                folded_name=fold_name(player.name),
                fide_id=key.removeprefix("fide-") if kind is KeyKind.FIDE else "",
                egd_pin=player.egd_pin.strip() if player.egd_pin.strip().strip("0") else "",
                national_ids=ids,
                federation=player.federation.strip().upper(),
                birth_year=birth_year(player.birth_date),
                title=player.title.strip(),
                club=player.club.strip(),
                rating=player.rating or None,
                grade=player.grade.strip(),
                # Game points: a McMahon row's score also holds the start score
                points=row.points - row.start_points if row is not None else None,
                rank=row.rank if row is not None else None,
                games=sum(1 for cell in player.rounds if cell.outcome.is_game),
                performance=performances.get(player.id),
                rating_change=rating_changes.get(player.id),
                line=player.source.line,
                record_text=record,
                team=team_names.get(player.id, ""),
                game_pages=" ".join(
                    games[(cell.round, player.id)].removeprefix("games/").removesuffix(".html")
                    for cell in player.rounds
                    if (cell.round, player.id) in games
                )
                if games
                else "",
                sex=player.sex.strip(),
            )
        )
    event_kind = "go" if t.game is Game.GO else t.kind.value
    participants = len(t.teams) if t.kind is EventKind.TEAM else len(t.players)
    return EventEntries(
        file=file,
        slug=slug,
        event=t.name.strip() or file,
        date=t.start_date,
        game=t.game.value,
        kind=event_kind,
        participants=participants,
        rounds=t.rounds,
        entries=tuple(entries),
        after_round=standings.after_round if standings is not None else None,
        teams=tuple(TeamPlace(row.name, row.rank, row.points) for row in teams.rows)
        if teams is not None and teams.kind is EventKind.TEAM
        else (),
    )
