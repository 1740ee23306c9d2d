"""Geometry for the inline SVG charts; templates draw them, so labels stay escaped."""

import functools
import math
from typing import NamedTuple

from trfsite.memo import keep_within
from trfsite.results import Note


class Tick(NamedTuple):
    """One axis tick. A named tuple, not a dataclass: the axes are the key of the memoized
    ``chart_grid`` macro on every card, and a tuple is hashed and compared in C (a
    dataclass's ``__hash__`` and ``__eq__`` are Python calls: 20 us a chart)."""

    position: float  # x for the x axis, y for the y axis
    label: str


class Dot(NamedTuple):
    x: float
    y: float
    label: str  # tooltip, e.g. "Round 3: rank 7"


class LineChart(NamedTuple):
    title: str
    width: int
    height: int
    left: int  # plot area
    top: int
    right: int
    bottom: int
    polyline: str  # "x,y x,y ..."
    dots: tuple[Dot, ...]
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]
    x_label: str
    y_label: str


class Bar(NamedTuple):
    label: str
    value_text: str
    x: float
    y: float
    width: float
    height: float
    label_y: float


class BarChart(NamedTuple):
    title: str
    width: int
    height: int
    baseline: float
    bars: tuple[Bar, ...]


def _nice_step(span: float, wanted: int) -> float:
    """A round tick step (1, 2, 5 times a power of ten) giving about ``wanted`` ticks."""
    if span <= 0:
        return 1.0
    raw = span / max(wanted, 1)
    power = 1.0
    while power * 10 <= raw:
        power *= 10
    while power > raw:
        power /= 10
    for factor in (1, 2, 5, 10):
        if power * factor >= raw:
            return max(power * factor, 1.0)
    return max(power * 10, 1.0)


# A number in a label: a note, so that the page spells it in its language (``2,5``).
_NUMBER = "{value}"


def _fmt(value: float) -> str:
    return Note(_NUMBER, value=int(value) if value == int(value) else value)


def rank_axis_end(worst: float, last: float) -> float:
    """The bottom of a rank chart's axis (1 is on top): the player's worst rank rounded
    up to the ticks' step, at most the last place. Over 1..2000, a player who went
    from 38th to 9th drew a flat line at the top."""
    step = _nice_step(worst - 1, 5)
    return min(last, math.ceil(worst / step) * step)


# The plot area of every line chart (viewBox 480 x 220).
_WIDTH, _HEIGHT = 480, 220
_LEFT, _TOP, _RIGHT, _BOTTOM = 44, 14, _WIDTH - 14, _HEIGHT - 38


def _x_position(x: float, x_lo: float, x_hi: float) -> float:
    return round(_LEFT + (x - x_lo) * (_RIGHT - _LEFT) / (x_hi - x_lo), 1)


def _y_position(y: float, lo: float, hi: float, inverted: bool) -> float:
    share = (y - lo) / (hi - lo)
    if not inverted:
        share = 1 - share
    return round(_TOP + share * (_BOTTOM - _TOP), 1)


# Every player card of an event has charts over the same rounds and (for ranks) the
# same range: their ticks are computed once.
@functools.lru_cache(maxsize=256, typed=True)
def _x_ticks(x_lo: float, x_hi: float) -> tuple[Tick, ...]:
    x_step = _nice_step(x_hi - x_lo, 10)
    x_ticks = []
    tick = float(x_lo)
    while tick <= x_hi + 1e-9:
        x_ticks.append(Tick(_x_position(tick, x_lo, x_hi), _fmt(tick)))
        tick += x_step
    return tuple(x_ticks)


@functools.lru_cache(maxsize=256, typed=True)
def _y_ticks(lo: float, hi: float, inverted: bool) -> tuple[Tick, ...]:
    y_step = _nice_step(hi - lo, 5)
    y_ticks = [Tick(_y_position(lo, lo, hi, inverted), _fmt(lo))]
    start = y_step * int(lo / y_step)
    tick = start if start > lo else start + y_step
    if (tick - lo) < y_step / 2:  # too close to the first label
        tick += y_step
    while tick <= hi + 1e-9:
        y_ticks.append(Tick(_y_position(tick, lo, hi, inverted), _fmt(tick)))
        tick += y_step
    return tuple(y_ticks)


# A dot's fields given whole, in order (x, y, label), without the named tuple's argument
# handling: 22 dots a player card.
_dot = tuple.__new__


@functools.lru_cache(maxsize=256, typed=True)
def _x_positions(x_lo: int, x_hi: int) -> dict[int, float]:
    """Round -> its x on an axis from ``x_lo`` to ``x_hi`` (filled as asked): alike on
    every card of an event."""
    return {}


def _draw_point(
    x: int,
    y: float,
    x_lo: int,
    x_hi: int,
    lo: float,
    hi: float,
    inverted: bool,
    dot_label: str,
) -> tuple[str, Dot]:
    """The point's ``x,y`` for the polyline, and its dot."""
    xs = _x_positions(x_lo, x_hi)
    px = xs.get(x)
    if px is None:
        px = xs[x] = _x_position(x, x_lo, x_hi)
    py = _y_position(y, lo, hi, inverted)
    shown = int(y) if y == int(y) else y
    return f"{px},{py}", _dot(Dot, (px, py, Note(dot_label, x=x, y=shown)))


_POINTS_KEPT = 8192  # points drawn kept per axes


@functools.lru_cache(maxsize=256, typed=True)
def _points_on(
    x_lo: int, x_hi: int, lo: float, hi: float, inverted: bool, dot_label: str
) -> dict[tuple[int, float, type], tuple[str, Dot]]:
    """(x, y) -> the point drawn on these axes (filled as asked): the same (round, value)
    point recurs on many cards of an event (a score of 3 after round 4, over the same
    rounds and range), its position and label made once, looked up by two values."""
    return {}


def line_chart(
    title: str,
    values: list[tuple[int, float]],
    x_label: str,
    y_label: str,
    inverted: bool = False,
    y_min: float | None = None,
    y_max: float | None = None,
    dot_label: str = "{x}: {y}",
    distinct_points: bool = False,
) -> LineChart | None:
    """A line through (round, value) points; ``inverted`` puts low values on top (ranks).

    ``distinct_points``: no other chart of the event has these points (a rank after a
    round is one player's), so they are drawn without the cache, where they would only
    miss and push out the points that recur."""
    if not values:
        return None
    xs = [x for x, _ in values]
    ys = [y for _, y in values]
    lo = min(ys) if y_min is None else min(y_min, min(ys))
    hi = max(ys) if y_max is None else max(y_max, max(ys))
    if hi == lo:
        hi = lo + 1
    x_lo, x_hi = min(xs), max(xs)
    if x_hi == x_lo:
        x_hi = x_lo + 1
    if distinct_points:
        drawn = [_draw_point(x, y, x_lo, x_hi, lo, hi, inverted, dot_label) for x, y in values]
    else:
        known = _points_on(x_lo, x_hi, lo, hi, inverted, dot_label)
        drawn = []
        for x, y in values:
            # The key holds y's class: the label spells 3 and 3.0 apart (typed, as the
            # cache of points this replaces).
            key = (x, y, y.__class__)
            point = known.get(key)
            if point is None:
                point = _draw_point(x, y, x_lo, x_hi, lo, hi, inverted, dot_label)
                keep_within(known, key, point, _POINTS_KEPT)
            drawn.append(point)
    points = " ".join(text for text, _ in drawn)
    dots = tuple(dot for _, dot in drawn)
    return LineChart(
        title,
        _WIDTH,
        _HEIGHT,
        _LEFT,
        _TOP,
        _RIGHT,
        _BOTTOM,
        points,
        dots,
        _x_ticks(x_lo, x_hi),
        _y_ticks(lo, hi, inverted),
        x_label,
        y_label,
    )


def bar_chart(title: str, items: list[tuple[str, float, str]]) -> BarChart | None:
    """Vertical bars for (label, value, value text); empty input draws nothing."""
    if not items:
        return None
    count = len(items)
    slot = max(28.0, min(72.0, 600 / count))
    # Wide labels ("2200–2399") need their own room, or neighbours run together.
    slot = max(slot, 8.5 * max(len(label) for label, _, _ in items) + 8)
    width = int(slot * count) + 16
    height = 200
    baseline = height - 40
    top = 18
    highest = max(value for _, value, _ in items) or 1
    bars = []
    for index, (label, value, text) in enumerate(items):
        bar_height = round((baseline - top) * value / highest, 1)
        x = round(8 + index * slot + slot * 0.15, 1)
        bars.append(
            Bar(
                label,
                text,
                x,
                round(baseline - bar_height, 1),
                round(slot * 0.7, 1),
                bar_height,
                round(baseline + 16, 1),
            )
        )
    return BarChart(title, width, height, baseline, tuple(bars))
