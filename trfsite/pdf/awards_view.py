"""The bulletin's prizes, categories, federation/club rankings and rating changes."""

from __future__ import annotations

from dataclasses import dataclass

from trfsite.awards.categories import parse_category
from trfsite.awards.event import EventAwards
from trfsite.awards.prizes import money_note
from trfsite.awards.rankings import GroupLine
from trfsite.awards.rating_change import SIGNED_TWO, signed_note
from trfsite.model import Tournament
from trfsite.pdf.text import PointsFormat
from trfsite.results import Note, Standings


@dataclass(frozen=True, slots=True)
class PdfPrize:
    category: str
    place: int
    prize: str
    name: str
    points: str
    amount: str
    how: str


@dataclass(frozen=True, slots=True)
class PdfCategoryRow:
    category_rank: int
    overall_rank: int
    name: str
    rating: str
    points: str


@dataclass(frozen=True, slots=True)
class PdfCategory:
    label: str
    rows: tuple[PdfCategoryRow, ...]


@dataclass(frozen=True, slots=True)
class PdfGroup:
    rank: int
    name: str
    total: str
    counted: str  # "3 + 2½ + 2 (Name, Name, Name)"


@dataclass(frozen=True, slots=True)
class PdfRatingRow:
    """K x sum(W - We) spelled out, so the change can be checked on paper."""

    rank: int
    name: str
    rating: str
    k: str
    games: int
    delta_sum: str
    change: str
    performance: str
    average_opponent_rating: str


@dataclass(frozen=True, slots=True)
class AwardsPart:
    prize_rule: str  # "one-prize", "hort", "" without prizes
    prizes: tuple[PdfPrize, ...]
    categories: tuple[PdfCategory, ...]
    ranking_best: int
    federations: tuple[PdfGroup, ...]
    clubs: tuple[PdfGroup, ...]
    ratings: tuple[PdfRatingRow, ...]

    @property
    def has_awards(self) -> bool:
        """Prizes, categories or group rankings to print (rating changes are apart)."""
        return bool(self.prizes or self.categories or self.federations or self.clubs)


def _whole(value: float | None) -> str:
    return "" if value is None else str(round(value))


def awards_part(
    awards: EventAwards | None, t: Tournament, standings: Standings, fmt: PointsFormat
) -> AwardsPart | None:
    if awards is None or not awards.ratings:
        return None
    names = {p.id: p.name for p in t.players}
    ratings = {p.id: p.rating for p in t.players}
    prizes: list[PdfPrize] = []
    if awards.prizes is not None:
        for award in awards.prizes.awards:
            prizes.append(
                PdfPrize(
                    parse_category(award.prize.category).label,
                    award.prize.place,
                    award.prize.shown,
                    names.get(award.player_id, ""),
                    fmt(award.points),
                    award.prize.name if award.amount is None else money_note(award.amount),
                    award.how,
                )
            )
        for prize in awards.prizes.unawarded:
            label = parse_category(prize.category).label
            prizes.append(
                PdfPrize(label, prize.place, prize.shown, "", "", "", Note("nobody qualified"))
            )
    categories = tuple(
        PdfCategory(
            c.category.label,
            tuple(
                PdfCategoryRow(
                    line.category_rank,
                    line.overall_rank,
                    names.get(line.player_id, ""),
                    str(ratings.get(line.player_id) or ""),
                    fmt(line.points),
                )
                for line in c.lines
            ),
        )
        for c in awards.categories
    )

    def groups(lines: tuple[GroupLine, ...]) -> tuple[PdfGroup, ...]:
        found = []
        for line in lines:
            sums = " + ".join(fmt(points) for _, points in line.counted)
            who = ", ".join(names.get(pid, "") for pid, _ in line.counted)
            found.append(PdfGroup(line.rank, line.name, fmt(line.total), f"{sums} ({who})"))
        return tuple(found)

    rows = []
    for row in standings.rows:
        found = awards.ratings.get(row.id)
        if found is None:
            continue
        change = found.change
        rows.append(
            PdfRatingRow(
                row.rank,
                row.name,
                str(change.rating or ""),
                str(change.k.value) if change.k else "",
                len(change.games),
                Note(SIGNED_TWO, value=change.delta_sum) if change.k else "",
                signed_note(change.value) if change.value is not None else "",
                _whole(found.performance.value),
                _whole(found.average_opponent_rating.value),
            )
        )
    return AwardsPart(
        awards.prizes.rule.value if awards.prizes else "",
        tuple(prizes),
        categories,
        awards.settings.ranking_best,
        groups(awards.federations),
        groups(awards.clubs),
        tuple(rows),
    )
