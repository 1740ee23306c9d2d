"""The bulletin's title norms: each norm with the games it uses, and the live forecasts."""

from __future__ import annotations

from dataclasses import dataclass

from trfsite.model import Tournament
from trfsite.norms.event import NormsReport
from trfsite.norms.rules import NORM_NAMES
from trfsite.pdf.text import PointsFormat

_RESULT = {2: "1", 1: "½", 0: "0"}


@dataclass(frozen=True, slots=True)
class PdfNormGame:
    round: int
    name: str
    title: str
    federation: str
    rating: int  # as used for Ra
    unrated: bool  # counted at the edition's rating for unrated players
    raised: bool  # the single lowest, raised to the norm's floor
    result: str


@dataclass(frozen=True, slots=True)
class PdfNorm:
    name: str
    title: str
    federation: str
    norm: str  # an English message id ("IM norm")
    games: int
    score: str
    percent: int
    ra: int
    rp: int
    credited: int
    left_out: str  # rounds of games the norm leaves out, "" when none
    games_used: tuple[PdfNormGame, ...]


@dataclass(frozen=True, slots=True)
class PdfForecast:
    name: str
    norm: str
    points: str  # needed
    games: int  # from these games
    first_round: int
    last_round: int
    assumed_rating: str  # the unknown opponents' average, "" when all are known


@dataclass(frozen=True, slots=True)
class NormsPart:
    edition: str
    norms: tuple[PdfNorm, ...]
    forecasts: tuple[PdfForecast, ...]


def norms_part(report: NormsReport | None, t: Tournament, fmt: PointsFormat) -> NormsPart | None:
    """The section, when the event has a norm or a live chance of one."""
    if report is None or not report.worth_a_page or report.edition is None:
        return None
    names = {p.id: p.name for p in t.players}
    norms = tuple(
        PdfNorm(
            n.player.name,
            n.player.title.strip(),
            n.player.federation.strip(),
            NORM_NAMES[n.rule.norm],
            len(n.assessment.games),
            fmt(n.assessment.half_points / 2),
            n.assessment.percent,
            n.assessment.ra,
            n.assessment.rp,
            n.assessment.credited_games,
            ", ".join(map(str, n.assessment.left_out)),
            tuple(
                PdfNormGame(
                    g.round,
                    g.opponent.name,
                    g.opponent.title,
                    g.opponent.federation,
                    rating,
                    g.opponent.rating is None,
                    g.round == n.assessment.raised,
                    _RESULT[g.half_points],
                )
                for g, rating in zip(n.assessment.games, n.assessment.ratings, strict=True)
            ),
        )
        for n in report.norms
    )
    forecasts = tuple(
        PdfForecast(
            names.get(f.player_id, ""),
            NORM_NAMES[f.rule.norm],
            fmt(f.half_points / 2),
            f.games,
            f.first_round,
            f.last_round,
            str(f.assumed_rating) if f.assumed_rating is not None else "",
        )
        for f in report.forecasts
    )
    return NormsPart(report.edition.name, norms, forecasts)
