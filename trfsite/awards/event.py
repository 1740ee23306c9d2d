"""Everything the awards add to one event, computed once from its final standings."""

from __future__ import annotations

from dataclasses import field

from trfsite.awards.categories import (
    Category,
    CategoryStandings,
    category_standings,
    default_categories,
    parse_category,
)
from trfsite.awards.performance import PlayerRatings, event_ratings, has_ratings
from trfsite.awards.prizes import PrizeList, award_prizes
from trfsite.awards.rankings import GroupBy, GroupLine, group_ranking
from trfsite.awards.rating_change import event_year
from trfsite.awards.settings import AwardSettings
from trfsite.model.frozen import frozen_record
from trfsite.results import Standings


@frozen_record
class EventAwards:
    settings: AwardSettings
    ratings: dict[int, PlayerRatings] = field(default_factory=dict)
    categories: tuple[CategoryStandings, ...] = ()
    prizes: PrizeList | None = None
    federations: tuple[GroupLine, ...] = ()
    clubs: tuple[GroupLine, ...] = ()


def event_awards(
    standings: Standings,
    settings: AwardSettings,
    explain: bool = True,
    unrated_rating: int | None = None,
) -> EventAwards:
    """Rating changes, categories, prizes and rankings of an individual chess event;
    an empty result for team and Go events. ``explain``: TPR and ARO with their notes."""
    if not has_ratings(standings):
        return EventAwards(settings)
    t = standings.tournament
    year = event_year(t)
    chosen = settings.categories
    categories = list(chosen if chosen is not None else default_categories(t, year))
    prized = [parse_category(code) for code in dict.fromkeys(p.category for p in settings.prizes)]
    extra: list[Category] = [c for c in prized if c.code not in {x.code for x in categories}]
    shown = category_standings(standings, categories, year, settings.age_cutoff)
    every = shown + category_standings(standings, extra, year, settings.age_cutoff)
    prizes = award_prizes(settings.prizes, every, settings.prize_rule) if settings.prizes else None
    federations = group_ranking(standings, GroupBy.FEDERATION, settings.ranking_best)
    clubs = group_ranking(standings, GroupBy.CLUB, settings.ranking_best)
    return EventAwards(
        settings,
        event_ratings(standings, settings.k_overrides, explain, unrated_rating),
        tuple(c for c in shown if c.lines),
        prizes,
        federations if len(federations) > 1 else (),
        clubs if len(clubs) > 1 else (),
    )
