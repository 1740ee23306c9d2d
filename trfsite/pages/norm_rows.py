"""Display-ready rows of the norms pages (below ``contexts``, which holds the pages)."""

from typing import NamedTuple

from trfsite.pages.rows import Ref


class NormGameRow(NamedTuple):
    """A game the norm uses: the opponent as the certificate lists them."""

    round: int
    opponent: Ref
    title: str
    federation: str
    fide_id: str
    rating: int | None  # as in the file; None: unrated
    rating_used: int  # unrated at the edition's rating, the lowest raised to the floor
    raised: bool  # this opponent was raised to the floor
    result: str  # "1", "½", "0"


class NormLeftRow(NamedTuple):
    """A round the norm does not use: a game left out, or no game at all."""

    round: int
    why: str  # a Note, translated by the page
    opponent: Ref | None
    result: str


class RequirementRow(NamedTuple):
    label: str  # a Note
    detail: str  # e.g. the level titles, "" when none
    actual: int
    needed: int
    at_most: bool
    met: bool
    exempt: bool


class NormView(NamedTuple):
    anchor: str
    player: Ref
    title: str
    federation: str
    fide_id: str
    rating: int | None
    norm: str  # "IM norm" (a text the page translates)
    code: str  # "IM"
    games: int
    score: float
    percent: int
    ra: int
    rp: int
    performance: int  # the Rp the norm needs
    average: int  # the Ra the norm needs
    least_score: float | None
    credited: int
    eight_of_nine: bool
    share_games: int
    exempt: str  # why the federation rules are lifted (a Note), "" when they are not
    used: tuple[NormGameRow, ...]
    left: tuple[NormLeftRow, ...]
    requirements: tuple[RequirementRow, ...]


class ForecastRow(NamedTuple):
    player: Ref
    title: str
    norm: str
    code: str
    points: float  # needed
    games: int  # from these games
    first_round: int
    last_round: int
    ra: int
    assumed_rating: int | None
    titled_more: int
    level_more: int
    level_titles: str
    other_federations_more: int


class ConditionRow(NamedTuple):
    asked: str
    shown: str  # what the file shows, "" when nothing


class SettingRow(NamedTuple):
    key: str
    question: str  # a text the page translates
    value: str


class EventFacts(NamedTuple):
    """What the norm certificate asks about the event."""

    name: str
    city: str
    federation: str
    rounds: int
    system: str  # "swiss", "round-robin"
    chief_arbiter: str
    deputy_arbiters: tuple[str, ...]
    time_control: str
