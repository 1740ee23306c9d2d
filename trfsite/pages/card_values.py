"""The rating parts of a player card: its FIDE rating change (B.02) and a Go player's
GoR change, with the games each counts (contexts.PlayerCardPage holds them)."""

from typing import NamedTuple

from trfsite.pages.rows import ExplanationView, Ref


class RatingGameLine(NamedTuple):
    """One rated game on a player card: W, We (table 8.1(b)), W - We, K x (W - We)."""

    round: int
    opponent: Ref
    opponent_rating: int
    difference: int  # after the 400-point rule
    score: float
    expected: float
    delta: float
    change: float  # K x (W - We), shown signed, one decimal (the ``signed`` filter)


class RatingCard(NamedTuple):
    rating: int | None
    k: int | None
    change: float | None  # K x sum(W - We); None for unrated players
    games: tuple[RatingGameLine, ...]
    notes: tuple[str, ...]  # why this K, the sum
    performance: ExplanationView
    average_opponent_rating: ExplanationView


class GorGameLine(NamedTuple):
    """One game of the GoR change: the EGF formula's terms (trfsite.awards.gor)."""

    round: int
    opponent: Ref
    opponent_rating: int
    handicap: int
    colour: str  # "b"/"w" in a handicap game, "" in an even one
    own_adjusted: int  # r_A' (Black's handicap bonus in)
    opponent_adjusted: int  # r_B'
    expected: float  # Se
    score: float  # Sa
    con: float
    bonus: float
    change: float  # con (Sa - Se) + bonus, unrounded (shown with two decimals)


class GorCard(NamedTuple):
    rating: int | None  # GoR before the event
    weight: float | None  # the class weight (None: class X, not rated)
    change: float | None  # None when it cannot be estimated
    total: float  # the sum over the games before the weight
    games: tuple[GorGameLine, ...]
    notes: tuple[str, ...]
