"""One page per round: pairings and results, byes, absentees, team matches."""

from __future__ import annotations

from functools import partial

from trfsite.pages.common import BYE_NAMES, player_refs, ref_in, rounds_near
from trfsite.pages.contexts import RoundPage
from trfsite.pages.lookups import players_by_id
from trfsite.pages.pairings import cells_in_board_order, points_before, result_text
from trfsite.pages.plan import EventData, PagePlan, meta_for
from trfsite.pages.rows import ByeLine, MatchView, PairingLine
from trfsite.progress import round_progress


def round_page(data: EventData, round_no: int) -> RoundPage:
    t = data.tournament
    players = players_by_id(t)
    refs = player_refs(t)
    before = points_before(data.after_round, round_no)
    cells = cells_in_board_order(t, data.after_round, round_no)
    pairings = []
    for board, pair in enumerate(cells.pairings, start=1):
        white, black = players[pair.white], players[pair.black]
        pairings.append(
            PairingLine(
                board=board,
                white=refs[pair.white],
                white_rating=white.rating or None,
                white_before=before.get(pair.white, 0.0) if before or round_no == 1 else None,
                result=result_text(
                    pair.white_outcome, pair.black_outcome, data.is_go, pair.colours_known
                ),
                black=refs[pair.black],
                black_rating=black.rating or None,
                black_before=before.get(pair.black, 0.0) if before or round_no == 1 else None,
                handicap=pair.handicap,
                forfeit=not pair.white_outcome.is_game and pair.white_outcome.value != "?",
                game=data.games.page_of(round_no, pair.white),
            )
        )
    pending = round_progress(t).is_pending(round_no)
    byes = tuple(
        ByeLine(ref_in(refs, pid), BYE_NAMES[outcome], t.scoring.points(outcome))
        for pid, outcome in cells.byes
    )
    absent = tuple(ref_in(refs, pid) for pid in cells.absent)
    rounds = data.header.rounds
    date = t.round_dates[round_no - 1] if round_no - 1 < len(t.round_dates) else None
    matches: tuple[MatchView, ...] = ()
    if data.is_team:  # the team views, imported by a team event's pages only
        from trfsite.pages.teamview import round_matches

        matches = round_matches(data, round_no)
    return RoundPage(
        meta=meta_for(data.job, data.header.name, f"rounds/{round_no}.html", "rounds"),
        event=data.header,
        number=round_no,
        date=date,
        pairings=() if matches else tuple(pairings),
        byes=() if matches else byes,
        absentees=() if matches else absent,
        matches=matches,
        previous=round_no - 1 if round_no - 1 in rounds else None,
        next=round_no + 1 if round_no + 1 in rounds else None,
        is_go=data.is_go,
        pending=pending,
        nav_rounds=rounds_near(rounds, round_no),
        games_pgn=f"games/round-{round_no}.pgn" if data.games.of_round(round_no) else "",
    )


def round_pages(data: EventData) -> list[PagePlan]:
    return [
        PagePlan(f"{data.job.slug}/rounds/{n}.html", "round.html", partial(round_page, data, n))
        for n in data.header.rounds
    ]
