"""Pages and page parts of the awards: starting list by rating (with K), categories,
prizes, federation and club rankings, and a player card's rating change."""

from __future__ import annotations

import re
from functools import partial

from trfsite.awards.categories import parse_category
from trfsite.awards.event import EventAwards
from trfsite.awards.performance import PlayerRatings
from trfsite.awards.prizes import money_note
from trfsite.awards.rankings import GroupLine
from trfsite.awards.rating_change import event_year, k_factor
from trfsite.pages.card_values import RatingCard, RatingGameLine
from trfsite.pages.common import player_refs
from trfsite.pages.contexts import (
    AwardsPage,
    CategoryRow,
    CategoryView,
    GroupRow,
    PrizeLine,
    StartLine,
    StartListPage,
)
from trfsite.pages.lookups import players_by_id
from trfsite.pages.plan import EventData, PagePlan, meta_for
from trfsite.pages.rows import ExplanationView, Ref, StandingLine
from trfsite.results import Explanation, Note

PRIZE_RULE_NAMES = {"one-prize": "One prize per player", "hort": "Hort system"}


def award_pages(data: EventData) -> list[PagePlan]:
    awards = data.awards
    if awards is None or not awards.ratings:
        return []
    slug = data.job.slug
    pages = [PagePlan(f"{slug}/startlist.html", "startlist.html", partial(start_list_page, data))]
    if data.header.has_awards:
        pages.append(PagePlan(f"{slug}/awards.html", "awards.html", partial(awards_page, data)))
    return pages


def start_list_page(data: EventData) -> StartListPage:
    t = data.tournament
    refs = player_refs(t)
    year = event_year(t)
    overrides = data.awards.settings.k_overrides if data.awards else {}
    rows = []
    for player in sorted(t.players, key=lambda p: (-(p.rating or 0), p.id)):
        k = k_factor(player, year, overrides.get(player.id))
        fide_id = player.fide_id.strip()
        rows.append(
            StartLine(
                player.id,
                refs[player.id],
                player.title.strip(),
                player.rating or None,
                player.federation.strip(),
                fide_id if fide_id not in ("", "0") else "",
                k.value if k else None,
                k.reason if k else "",
            )
        )
    return StartListPage(
        meta=meta_for(data.job, data.header.name, "startlist.html", "players"),
        event=data.header,
        rows=tuple(rows),
        has_fide_ids=any(r.fide_id for r in rows),
    )


def _group_rows(lines: tuple[GroupLine, ...], refs: dict[int, Ref]) -> tuple[GroupRow, ...]:
    return tuple(
        GroupRow(
            line.rank,
            line.name,
            line.total,
            tuple((refs[pid], pts) for pid, pts in line.counted),
            tuple((refs[pid], pts) for pid, pts in line.others),
        )
        for line in lines
    )


def awards_page(data: EventData) -> AwardsPage:
    from trfsite.pages.birth import shown_births, shows_year

    awards = data.awards or EventAwards(settings=data.job.config.awards)
    t = data.tournament
    refs = player_refs(t)
    players = players_by_id(t)
    births = shown_births(data)
    views = []
    for ranking in awards.categories:
        rows = []
        for line in ranking.lines:
            player = players[line.player_id]
            rows.append(
                CategoryRow(
                    line.category_rank,
                    line.overall_rank,
                    refs[line.player_id],
                    player.title.strip(),
                    player.rating or None,
                    player.federation.strip(),
                    births.get(line.player_id, ""),
                    line.points,
                )
            )
        code, label = ranking.category.code, ranking.category.label
        anchor = "cat-" + re.sub(r"[^a-z0-9]+", "-", code.lower()).strip("-")
        telling = any(row.birth not in ("", code) for row in rows)
        views.append(CategoryView(code, label, anchor, tuple(rows), telling))
    prizes: list[PrizeLine] = []
    if awards.prizes is not None:
        for award in awards.prizes.awards:
            prize = award.prize
            prizes.append(
                PrizeLine(
                    parse_category(prize.category).label,
                    prize.place,
                    prize.shown,
                    refs[award.player_id],
                    award.points,
                    award.prize.name if award.amount is None else money_note(award.amount),
                    award.how,
                )
            )
        for prize in awards.prizes.unawarded:
            label = parse_category(prize.category).label
            prizes.append(
                PrizeLine(label, prize.place, prize.shown, None, None, "", Note("nobody qualified"))
            )
    return AwardsPage(
        meta=meta_for(data.job, data.header.name, "awards.html", "awards"),
        event=data.header,
        prize_rule=awards.prizes.rule.value if awards.prizes else "",
        prizes=tuple(prizes),
        categories=tuple(views),
        cutoff=awards.settings.age_cutoff,
        ranking_best=awards.settings.ranking_best,
        federations=_group_rows(awards.federations, refs),
        clubs=_group_rows(awards.clubs, refs),
        birth_is_year=shows_year(data),
    )


# A rating card's lines and views, their fields given whole in order, without the
# constructors' argument handling (a part's 1,000 cards of an open: 11,000 lines).
_game_line = tuple.__new__


def _view(explanation: Explanation, name: str) -> ExplanationView:
    # Its fields given whole (see ``_game_line``): two a card.
    return _game_line(
        ExplanationView,
        (explanation.code, name, explanation.value, explanation.contributions, explanation.notes),
    )


# The rating card's explanations' names, the same on every card.
_PERFORMANCE = Note("Performance (TPR)")
_AVERAGE_RATING = Note("Average rating of opponents")


def rating_card(
    data: EventData, player_id: int, explained: PlayerRatings | None = None
) -> RatingCard | None:
    """The player's rating card; ``explained``: its ratings explained for the card
    (``cards.CardExplanations``), else the awards' own."""
    found = explained
    if found is None:
        found = (data.awards.ratings if data.awards else {}).get(player_id)
    if found is None:
        return None
    refs = player_refs(data.tournament)
    change = found.change
    games = tuple(
        _game_line(
            RatingGameLine,
            (
                g.round,
                refs[g.opponent_id],
                g.opponent_rating,
                g.difference,
                g.score,
                g.expected,
                g.delta,
                g.change,
            ),
        )
        for g in change.games
    )
    return RatingCard(
        rating=change.rating,
        k=change.k.value if change.k else None,
        change=change.value,
        games=games,
        notes=change.notes,
        performance=_view(found.performance, _PERFORMANCE),
        average_opponent_rating=_view(found.average_opponent_rating, _AVERAGE_RATING),
    )


def rating_changes(card: RatingCard | None) -> dict[int, float]:
    """Round -> K x (W - We) of each rated game on the card."""
    if card is None:
        return {}
    return {g.round: g.change for g in card.games}


def with_ratings(data: EventData, lines: tuple[StandingLine, ...]) -> tuple[StandingLine, ...]:
    """Standings lines with each player's rating change and performance."""
    ratings = data.awards.ratings if data.awards else {}
    if not ratings:
        return lines
    found = []
    for line in lines:
        rated = ratings.get(line.ref.id)
        if rated is None:
            found.append(line)
            continue
        value = rated.change.value
        found.append(
            line._replace(
                rating_change=value,
                performance=rated.performance.value,
            )
        )
    return tuple(found)
