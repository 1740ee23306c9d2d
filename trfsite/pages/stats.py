"""The statistics page: who took part, and how the games went."""

from __future__ import annotations

from collections import Counter

from trfsite.model import Outcome
from trfsite.pages.common import display_title
from trfsite.pages.contexts import StatisticsPage
from trfsite.pages.pairings import cells_by_number
from trfsite.pages.plan import EventData, meta_for
from trfsite.pages.rows import BoardStat, CountRow, RoundStat
from trfsite.render.charts import bar_chart
from trfsite.results import N_

_WHITE_WINS = (Outcome.WIN, Outcome.WIN_UNRATED)
_DRAWS = (Outcome.DRAW, Outcome.DRAW_UNRATED)
_BLACK_WINS = (Outcome.LOSS, Outcome.LOSS_UNRATED)
_TITLE_ORDER = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")


def share_text(count: int, total: int) -> str:
    """``count`` of ``total`` as a whole percentage; never ``0 %`` for some, nor ``100 %``
    for not all: 1 of 284 is ``<1 %``, 283 of 284 is ``>99 %``; no total gives a dash."""
    if total <= 0:
        return "\u2013"
    percent = round(100 * count / total)
    if count > 0 and percent == 0:
        return "<1\u00a0%"
    if count < total and percent == 100:
        return ">99\u00a0%"
    return f"{percent}\u00a0%"


def _count_rows(counter: Counter[str], total: int, order: list[str]) -> tuple[CountRow, ...]:
    return tuple(
        CountRow(
            label,
            counter[label],
            counter[label] / total if total else 0.0,
            share_text(counter[label], total),
        )
        for label in order
    )


def _grade_key(grade: str) -> tuple[int, int]:
    """Go grades strongest first: 9p ... 1p, 9d ... 1d, 1k ... 30k."""
    text = grade.strip().lower()
    digits = "".join(ch for ch in text if ch in "0123456789") or "0"
    number = int(digits)
    if text.endswith("p"):
        return (0, -number)
    if text.endswith("d"):
        return (1, -number)
    return (2, number)


def round_stats(data: EventData) -> tuple[RoundStat, ...]:
    t = data.tournament
    stats = []
    for round_no in data.header.rounds:
        cells = cells_by_number(t, round_no)  # counted: in no order of boards
        white = draws = black = forfeits = 0
        for pairing in cells.pairings:
            if pairing.white_outcome is Outcome.UNKNOWN:
                continue  # a game of a pending round: no result to count yet
            if not pairing.white_outcome.is_game:
                forfeits += 1
            elif pairing.white_outcome in _WHITE_WINS:
                white += 1
            elif pairing.white_outcome in _DRAWS:
                draws += 1
            elif pairing.white_outcome in _BLACK_WINS:
                black += 1
        stats.append(
            RoundStat(
                round_no, white + draws + black, white, draws, black, forfeits, len(cells.byes)
            )
        )
    return tuple(stats)


def team_boards(data: EventData) -> tuple[BoardStat, ...]:
    """A team event's statistics per board; none, and the team views not imported, otherwise."""
    if not data.is_team:
        return ()
    from trfsite.pages.teamview import board_stats

    return board_stats(data)


def statistics_page(data: EventData) -> StatisticsPage:
    t = data.tournament
    players = t.players
    total = len(players)
    federations = Counter(p.federation.strip() or "\u2013" for p in players)
    fed_order = sorted(federations, key=lambda f: (-federations[f], f))
    titles = Counter(display_title(p.title) for p in players if p.title.strip())
    title_order = sorted(
        titles, key=lambda x: (_TITLE_ORDER.index(x) if x in _TITLE_ORDER else 99, x)
    )
    ratings = [p.rating for p in players if p.rating]
    if data.is_go:
        grades = Counter(p.grade.strip().lower() or "\u2013" for p in players)
        grade_order = sorted(grades, key=_grade_key)
        rating_rows = _count_rows(grades, total, grade_order)
    else:
        buckets: Counter[str] = Counter()
        for rating in ratings:
            low = rating // 200 * 200
            buckets[f"{low}\u2013{low + 199}"] += 1
        order = sorted(buckets, key=lambda b: int(b.split("\u2013")[0]), reverse=True)
        unrated = total - len(ratings)
        if unrated:
            buckets[N_("unrated")] = unrated
            order.append(N_("unrated"))
        rating_rows = _count_rows(buckets, total, order)
    per_round = round_stats(data)
    white = sum(r.white_wins for r in per_round)
    draws = sum(r.draws for r in per_round)
    black = sum(r.black_wins for r in per_round)
    games = white + draws + black

    results_chart = (
        bar_chart(
            N_("Results of the games"),
            [
                (N_("White wins"), float(white), share_text(white, games)),
                (N_("Draws"), float(draws), share_text(draws, games)),
                (N_("Black wins"), float(black), share_text(black, games)),
            ],
        )
        if games
        else None
    )
    fed_rows = _count_rows(federations, total, fed_order)
    return StatisticsPage(
        meta=meta_for(data.job, data.header.name, "statistics.html", "statistics"),
        event=data.header,
        participants=total,
        rated=len(ratings),
        average_rating=sum(ratings) / len(ratings) if ratings else None,
        federations=fed_rows,
        titles=_count_rows(titles, total, title_order),
        ratings=rating_rows,
        games=games,
        white_wins=white,
        draws=draws,
        black_wins=black,
        forfeits=sum(r.forfeits for r in per_round),
        byes=sum(r.byes for r in per_round),
        per_round=per_round,
        board_stats=team_boards(data),
        results_chart=results_chart,
        ratings_chart=bar_chart(
            "Grades" if data.is_go else "Ratings",
            [(row.label, float(row.count), str(row.count)) for row in rating_rows],
        ),
        federations_chart=bar_chart(
            "Federations", [(row.label, float(row.count), str(row.count)) for row in fed_rows[:12]]
        ),
        is_go=data.is_go,
    )
