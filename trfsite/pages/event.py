"""The event-wide pages: overview, players, standings, crosstable."""

from __future__ import annotations

import logging
from functools import partial

from trfsite.formats.limits import MAX_ROUND_GRID_CELLS, MAX_ROUND_STANDINGS_ROWS
from trfsite.model import Tournament
from trfsite.pages.common import (
    column_heads,
    player_row,
    rank_map,
    rounds_near,
    standing_lines,
    team_of_players,
)
from trfsite.pages.contexts import (
    CrosstablePage,
    EventHeader,
    OverviewPage,
    PlayersPage,
    StandingsPage,
)
from trfsite.pages.crosscells import player_cell as _player_cell
from trfsite.pages.game_types import EventGames, event_pgn
from trfsite.pages.grid import CrossGrid
from trfsite.pages.lookups import players_by_id
from trfsite.pages.plan import EventData, EventJob, PagePlan, meta_for
from trfsite.pages.rows import CrossCell, CrossRow, Fact, Link
from trfsite.pages.stats import team_boards
from trfsite.progress import round_progress
from trfsite.results import N_, Note, Standings

logger = logging.getLogger(__name__)


def event_pages(data: EventData) -> list[PagePlan]:
    from trfsite.pages.stats import statistics_page

    slug = data.job.slug
    pages = [
        PagePlan(f"{slug}/index.html", "overview.html", partial(overview_page, data)),
        PagePlan(f"{slug}/players.html", "players.html", partial(players_page, data)),
        PagePlan(
            f"{slug}/standings.html",
            "standings.html",
            partial(standings_page, data, data.final, True),
        ),
    ]
    for standings in published_after_round(data):
        pages.append(
            PagePlan(
                f"{slug}/standings-{standings.after_round}.html",
                "standings.html",
                partial(standings_page, data, standings, False),
            )
        )
    pages.append(
        PagePlan(f"{slug}/crosstable.html", "crosstable.html", partial(crosstable_page, data))
    )
    pages.append(
        PagePlan(f"{slug}/statistics.html", "statistics.html", partial(statistics_page, data))
    )
    return pages


def _decoded_time_control(t: Tournament) -> str:
    if not t.time_control_code.strip():
        return ""
    try:
        from trfsite.formats.trf.timecontrol import decode_time_control

        return decode_time_control(t.time_control_code.strip())  # a Note: shown translated
    except Exception:  # an undecodable code is shown as written
        logger.debug("time control %r not decoded", t.time_control_code, exc_info=True)
        return ""


def _go_facts(t: Tournament) -> tuple[Fact, ...]:
    if t.go is None:
        return ()
    facts = []
    if t.go.komi is not None:
        # Notes, so that the page spells the number (6,5 in German) and the words.
        facts.append(Fact("Komi", Note("{komi:g}", komi=t.go.komi)))
    if t.go.handicap_rule is not None:
        rule = (
            Note("no handicap")
            if t.go.handicap_rule == 9
            else Note("grade difference minus {n}", n=t.go.handicap_rule)
        )
        facts.append(Fact("Handicap", rule))
    if t.go.tournament_class:
        facts.append(Fact(N_("EGF class"), t.go.tournament_class))
    if t.go.adjusted_time is not None:
        facts.append(Fact(N_("Adjusted time"), Note("{minutes:g} min", minutes=t.go.adjusted_time)))
    for comment in t.go.comments:
        facts.append(Fact(N_("Comment"), comment))
    return tuple(facts)


def _participants(t: Tournament) -> tuple[int, int]:
    rated = sum(1 for p in t.players if p.rating)
    return len(t.players), rated


def overview_page(data: EventData) -> OverviewPage:
    t = data.tournament
    participants, rated = _participants(t)
    system = t.pairing_system.value if t.pairing_system else ""
    current = round_progress(t).in_progress
    norms = data.norms
    linked = norms is not None and norms.worth_a_page
    return OverviewPage(
        meta=meta_for(data.job, data.header.name, "index.html", "overview"),
        event=data.header,
        federation=t.federation.strip(),
        tournament_type=t.tournament_type.strip(),
        pairing_system=system,
        participants=participants,
        rated=rated,
        teams=len(t.teams),
        chief_arbiter=t.chief_arbiter.strip(),
        deputy_arbiters=tuple(a.strip() for a in t.deputy_arbiters if a.strip()),
        time_control=t.time_control.strip(),
        time_control_decoded=_decoded_time_control(t),
        source_name=data.job.source_name,
        source_format=t.source_format.value,
        go_facts=_go_facts(t),
        tiebreaks=column_heads(data.final),
        rules=data.final.rules,
        standings_notes=data.final.notes,
        round_dates=tuple(
            (n, t.round_dates[n - 1] if n - 1 < len(t.round_dates) else None)
            for n in range(1, t.rounds + 1)
        ),
        leaders=standing_lines(data, data.final, first=3),
        points_label=data.final.points_label,
        notes_html=data.notes_html,
        failure="",
        in_progress=current.round if current else 0,
        after_round=data.final.after_round,
        games=len(data.games.games),
        games_pgn=event_pgn(data.job.slug) if data.games.games else "",
        norms=len(norms.norms) if norms is not None and linked else -1,
        norm_chances=len({f.player_id for f in norms.forecasts}) if norms is not None else 0,
    )


def failed_overview(
    job: EventJob, header: EventHeader, t: Tournament | None, notes_html: str, failure: str
) -> OverviewPage:
    participants, rated = _participants(t) if t else (0, 0)
    return OverviewPage(
        meta=meta_for(job, header.name, "index.html", "overview"),
        event=header,
        federation=t.federation.strip() if t else "",
        tournament_type=t.tournament_type.strip() if t else "",
        pairing_system="",
        participants=participants,
        rated=rated,
        teams=len(t.teams) if t else 0,
        chief_arbiter=t.chief_arbiter.strip() if t else "",
        deputy_arbiters=tuple(a.strip() for a in t.deputy_arbiters) if t else (),
        time_control=t.time_control.strip() if t else "",
        time_control_decoded="",
        source_name=job.source_name,
        source_format=t.source_format.value if t else "",
        go_facts=(),
        tiebreaks=(),
        rules="",
        standings_notes=(),
        round_dates=(),
        leaders=(),
        points_label="",
        notes_html=notes_html,
        failure=failure,
    )


def players_page(data: EventData) -> PlayersPage:
    from trfsite.pages.birth import shown_births, shows_year

    t = data.tournament
    team_of = team_of_players(t)
    births = shown_births(data)
    rows = tuple(
        player_row(t, p, team_of, births.get(p.id, ""))
        for p in sorted(t.players, key=lambda p: p.id)
    )
    alphabetical = tuple(sorted(rows, key=lambda r: (r.ref.name.casefold(), r.ref.id)))
    return PlayersPage(
        meta=meta_for(data.job, data.header.name, "players.html", "players"),
        event=data.header,
        rows=rows,
        alphabetical=alphabetical,
        is_go=data.is_go,
        has_teams=bool(t.teams),
        has_fide_ids=any(r.fide_id for r in rows),
        has_birth=any(r.birth for r in rows),
        has_start_list=bool(data.awards and data.awards.ratings),
        birth_is_year=shows_year(data),
    )


def standings_page(data: EventData, standings: Standings, final: bool) -> StandingsPage:
    page = "standings.html" if final else f"standings-{standings.after_round}.html"
    from trfsite.pages.awards import with_ratings

    current = round_progress(data.tournament).in_progress
    published = published_after_round(data)
    # As the round pages do: a page of each of 731 rounds linking every other made
    # 535,000 links (fuzz input 29,932, a 33 KB Go table: 10 s of its 14 s build).
    linked = rounds_near([s.after_round for s in published], standings.after_round)
    others = tuple(Link(f"standings-{r}.html", str(r)) for r in linked)
    rows = standing_lines(data, standings)
    # The rating change is of the whole event: shown with the final standings only.
    rated = final and bool(data.awards and data.awards.ratings)
    grid: tuple[int, ...] = ()
    notes = standings.notes
    if data.is_go and (final or _round_grids_fit(data)):
        from trfsite.pages.go_view import with_grid

        rows = with_grid(data, standings, rows)
        grid = tuple(range(1, standings.after_round + 1))
    elif data.is_go:
        notes += (_without_grid_note(data),)
    if len(published) < len(data.after_round):
        notes += (_earlier_rounds_note(data, published),)
    return StandingsPage(
        meta=meta_for(data.job, data.header.name, page, "standings"),
        event=data.header,
        after_round=standings.after_round,
        final=final,
        rules=standings.rules,
        points_label=standings.points_label,
        columns=column_heads(standings),
        rows=with_ratings(data, rows) if rated else rows,
        notes=notes,
        other_rounds=others,
        is_team=data.is_team,
        is_go=data.is_go,
        board_stats=team_boards(data) if final else (),
        in_progress=current.round if current else 0,
        has_ratings=rated,
        grid_rounds=grid,
        has_gor=data.is_go and final and any(r.rating_change is not None for r in rows),
    )


def published_after_round(data: EventData) -> tuple[Standings, ...]:
    """The standings after each round that get a page: the last ones, within
    MAX_ROUND_STANDINGS_ROWS rows over their pages (at least the last round's)."""
    rounds = data.after_round
    if not data.in_full:  # beyond MAX_EVENT_CELLS (detail_budget)
        return tuple(rounds[-1:])
    players = max(len(data.final.rows), 1)
    if players * len(rounds) <= MAX_ROUND_STANDINGS_ROWS.limit:
        return tuple(rounds)
    return tuple(rounds[-max(MAX_ROUND_STANDINGS_ROWS.limit // players, 1) :])


def _earlier_rounds_note(data: EventData, published: tuple[Standings, ...]) -> Note:
    return Note(
        "the standings after each round are published from round {first} on: {rows:,} rows "
        "over {count:,} rounds would be more than the {limit:,} made; the round pages still "
        "show the points before each round",
        first=published[0].after_round if published else 0,
        rows=len(data.final.rows) * len(data.after_round),
        count=len(data.after_round),
        limit=MAX_ROUND_STANDINGS_ROWS.limit,
    )


def _round_grid_cells(data: EventData) -> int:
    """The results grid's cells over every page of the standings after a round."""
    return len(data.tournament.players) * sum(s.after_round for s in data.after_round)


def _round_grids_fit(data: EventData) -> bool:
    # Each page after round r has players x r cells: a 999-round table of 8 players
    # made 500,000 cells (14 s of CPU for a 14 KB file). The final standings keep theirs.
    return _round_grid_cells(data) <= MAX_ROUND_GRID_CELLS.limit


def _without_grid_note(data: EventData) -> Note:
    return Note(
        "the standings after each round show no results grid: over their pages it would "
        "have {cells:,} cells, and at most {limit:,} are made; the final standings show it",
        cells=_round_grid_cells(data),
        limit=MAX_ROUND_GRID_CELLS.limit,
    )


def _team_cell(data: EventData, round_no: int, tid: int, ranks: dict[int, int]) -> CrossCell:
    from trfsite.pages.teamview import team_round_cell

    return team_round_cell(data, round_no, tid, ranks)


def _with_games(cells: tuple[CrossCell, ...], games: EventGames, pid: int) -> tuple[CrossCell, ...]:
    """A cell whose game has a page links to it rather than to the opponent's card."""
    return tuple(
        cell._replace(href=games.page_of(cell.round, pid) or cell.href, game=True)
        if games.page_of(cell.round, pid)
        else cell
        for cell in cells
    )


def crosstable_page(data: EventData) -> CrosstablePage:
    from trfsite.pages.crossgrid import build_grid

    final = data.final
    ranks = rank_map(final)
    rounds = data.header.rounds
    players = players_by_id(data.tournament)
    go = data.is_go
    pending = round_progress(data.tournament).pending_rounds
    rows = []
    for line in standing_lines(data, final):
        if data.is_team:
            cells = tuple(_team_cell(data, r, line.ref.id, ranks) for r in rounds)
        else:
            cells = tuple(_player_cell(players, go, r, line.ref.id, ranks, pending) for r in rounds)
            if data.games.games:
                cells = _with_games(cells, data.games, line.ref.id)
        rows.append(
            CrossRow(
                line.rank,
                line.ref,
                line.rating,
                line.federation,
                cells,
                line.points,
                line.tiebreaks,
                line.match_points,
                line.game_points,
            )
        )
    return CrosstablePage(
        meta=meta_for(data.job, data.header.name, "crosstable.html", "crosstable"),
        event=data.header,
        rounds=rounds,
        columns=column_heads(final),
        rows=tuple(rows),
        points_label=final.points_label,
        is_team=data.is_team,
        is_go=data.is_go,
        grid=_grid_with_games(build_grid(data.tournament, final, data.team_data), data),
    )


def _grid_with_games(grid: CrossGrid | None, data: EventData) -> CrossGrid | None:
    """The grid's games that have a page link to it."""
    games = data.games
    if grid is None or not games.games or data.is_team:
        return grid
    rows = tuple(
        row._replace(
            cells=tuple(
                cell._replace(
                    games=tuple(
                        game._replace(game=games.page_of(game.round, row.ref.id))
                        for game in cell.games
                    ),
                )
                for cell in row.cells
            ),
        )
        for row in grid.rows
    )
    return grid._replace(rows=rows)
