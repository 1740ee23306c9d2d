"""The numbers of FIDE B.01 (edition of 1 January 2024) a norm check needs.

From ``spec/fide-title-norms.md``: the thresholds (section 1), the shares of titled
opponents (1.4.5) and the federation limits (1.4.3, 1.4.4), the unrated rating
(1.4.6), and the rounding of Ra and p (1.4.7, 1.4.8): half up, computed exactly
in integers, never with floats.
"""

import datetime as _dt
import enum
from typing import NamedTuple

from trfsite.formats.trf.player_records import LEGACY_TITLES
from trfsite.results import N_
from trfsite.scoring.rating_tables import DP_BY_PERCENT


class NormTitle(enum.Enum):
    GM = "GM"
    IM = "IM"
    WGM = "WGM"
    WIM = "WIM"


class NormRule(NamedTuple):
    """One norm's thresholds (B.01 section 1): Rp, Ra, the floor and its level titles."""

    norm: NormTitle
    performance: int  # Rp at least
    average: int  # Ra at least
    floor: int  # the single lowest opponent is raised to this
    level_titles: frozenset[str]  # titles that count towards the 1/3 share
    women_only: bool = False

    @property
    def code(self) -> str:
        return self.norm.value


# Highest first: a player's highest norm is the first one met.
NORM_RULES: tuple[NormRule, ...] = (
    NormRule(NormTitle.GM, 2600, 2380, 2200, frozenset({"GM"})),
    NormRule(NormTitle.IM, 2450, 2230, 2050, frozenset({"GM", "IM"})),
    NormRule(NormTitle.WGM, 2400, 2180, 2000, frozenset({"GM", "IM", "WGM"}), women_only=True),
    NormRule(
        NormTitle.WIM, 2250, 2030, 1850, frozenset({"GM", "IM", "WGM", "WIM"}), women_only=True
    ),
)

NORM_NAMES = {
    NormTitle.GM: N_("GM norm"),
    NormTitle.IM: N_("IM norm"),
    NormTitle.WGM: N_("WGM norm"),
    NormTitle.WIM: N_("WIM norm"),
}


def find_norm(code: str) -> NormRule:
    """The rule of a norm by its code (GM, IM, WGM, WIM); ValueError naming the known ones."""
    for rule in NORM_RULES:
        if rule.code == code.strip().upper():
            return rule
    known = ", ".join(rule.code for rule in NORM_RULES)
    raise ValueError(f"{code!r} is not a norm; expected one of {known}")


# 1.4.5: the titles that make an opponent "titled" (CM and WCM do not).
TITLED = frozenset({"GM", "IM", "FM", "WGM", "WIM", "WFM"})
# The titles from the highest down, as B.01 lists them: a player holding a title at or
# above a norm's (an IM for an IM norm, an FM for a WIM norm) gets no such norm.
TITLE_ORDER = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
MIN_SCORE_PERCENT = 35  # 1.4.8
MIN_GAMES = 9  # 1.4.1a
MIN_LEVEL_TITLED = 3  # 1.4.5: at least 1/3 of the opponents, and at least 3
MIN_OTHER_FEDERATIONS = 2  # 1.4.3
CREDITED_GAMES_CAP = 13  # section 8: an event of more than 13 rounds counts as 13 games
DOUBLE_ROUND_ROBIN_MIN_PLAYERS = 6  # section 5
WOMEN = frozenset({"w", "f"})


def normal_title(title: str) -> str:
    """A title as B.01 spells it (``GM``), from TRF-2026 or TRF16's letters (``g``)."""
    clean = title.strip()
    return LEGACY_TITLES.get(clean, LEGACY_TITLES.get(clean.lower(), clean.upper()))


def holds_title_or_higher(title: str, rule: NormRule) -> bool:
    """The player already holds the norm's title or a higher one: no such norm."""
    held = normal_title(title)
    if held not in TITLE_ORDER:
        return False
    return TITLE_ORDER.index(held) <= TITLE_ORDER.index(rule.code)


def round_half_up(numerator: int, denominator: int) -> int:
    """numerator / denominator to the nearest whole number, .5 up (B.01 1.4.7, 1.4.8).

    Exact, in integers (denominator > 0): floor(n/d + 1/2) = floor((2n + d) / 2d); no
    float ever rounds 2229.5 down, and the search's many sets stay cheap.
    """
    return (2 * numerator + denominator) // (2 * denominator)


def average_rating(total: int, games: int) -> int:
    """Ra: the adjusted ratings' average, rounded half up."""
    return round_half_up(total, games)


def score_percent(half_points: int, games: int) -> int:
    """p: the score as a whole percentage, half up (1/8 = 12.5 % gives 13)."""
    return round_half_up(100 * half_points, 2 * games)


def rating_difference(percent: int) -> int:
    """dp for a whole percentage: table 8.1(a) of the rating regulations (1.4.9)."""
    return DP_BY_PERCENT[percent]


def least_percent(ra: int, rule: NormRule) -> int | None:
    """The smallest p (at least 35) at which Ra gives the norm's Rp; None when none does."""
    for percent in range(MIN_SCORE_PERCENT, 101):
        if ra + DP_BY_PERCENT[percent] >= rule.performance:
            return percent
    return None


def least_half_points(percent: int, games: int) -> int:
    """The fewest half points whose p in ``games`` games is at least ``percent``:
    round_half_up(100 h, 2 g) >= p  <=>  h >= g (2p - 1) / 100."""
    return max(0, -(-games * (2 * percent - 1) // 100))


def titled_needed(games: int) -> int:
    """1.4.5: at least 50 % of the opponents titled, rounded up."""
    return -(-games // 2)


def level_needed(games: int) -> int:
    """1.4.5: at least 1/3 of the opponents with a level title, rounded up, and at least 3."""
    return max(MIN_LEVEL_TITLED, -(-games // 3))


def own_federation_most(games: int) -> int:
    """1.4.4: at most 3/5 of the opponents from the player's federation, rounded down."""
    return 3 * games // 5


def one_federation_most(games: int) -> int:
    """1.4.4: at most 2/3 of the opponents from any one federation, rounded down."""
    return 2 * games // 3


class Edition(NamedTuple):
    """An edition of B.01, applied to events that start on or after ``first_day``."""

    name: str
    first_day: _dt.date
    unrated_rating: int  # 1.4.6: what an unrated opponent counts as


# The editions trfsite knows, oldest first. The spec states the 2024 edition only; an
# event that started earlier is not checked unless the settings name an edition.
EDITIONS: tuple[Edition, ...] = (Edition("2024", _dt.date(2024, 1, 1), 1400),)


def find_edition(name: str) -> Edition:
    for edition in EDITIONS:
        if edition.name == name:
            return edition
    known = ", ".join(e.name for e in EDITIONS)
    raise ValueError(f"{name!r} is not an edition of the title regulations; expected {known}")


def edition_for(start: _dt.date | None) -> Edition | None:
    """The edition in force when an event starting on ``start`` began; None before the
    first one trfsite knows. A file without a start date gets the newest."""
    if start is None:
        return EDITIONS[-1]
    found = None
    for edition in EDITIONS:
        if edition.first_day <= start:
            found = edition
    return found


def floor_adjusted(ratings: list[int], floor: int) -> tuple[int, int | None]:
    """(sum, index raised): if any rating is below ``floor``, only the single lowest (the
    first of equals) is raised to it (1.4.6); the others count as they are."""
    if not ratings:
        return 0, None
    lowest = min(range(len(ratings)), key=ratings.__getitem__)
    total = sum(ratings)
    if ratings[lowest] < floor:
        return total + floor - ratings[lowest], lowest
    return total, None
