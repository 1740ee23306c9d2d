"""Geometry for the inline SVG charts; templates draw them, so labels stay escaped."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Tick:
    position: float  # x for the x axis, y for the y axis
    label: str


@dataclass(frozen=True, slots=True)
class Dot:
    x: float
    y: float
    label: str  # tooltip, e.g. "Round 3: rank 7"


@dataclass(frozen=True, slots=True)
class LineChart:
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


@dataclass(frozen=True, slots=True)
class Bar:
    label: str
    value_text: str
    x: float
    y: float
    width: float
    height: float
    label_y: float


@dataclass(frozen=True, slots=True)
class BarChart:
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


def _fmt(value: float) -> str:
    return str(int(value)) if value == int(value) else f"{value:g}"


def line_chart(
    title: str,
    values: list[tuple[int, float]],
    x_label: str,
    y_label: str,
    inverted: bool = False,
    y_min: float | None = None,
    y_max: float | None = None,
    dot_label: str = "{x}: {y}",
) -> LineChart | None:
    """A line through (round, value) points; ``inverted`` puts low values on top (ranks)."""
    if not values:
        return None
    width, height = 480, 220
    left, top, right, bottom = 44, 14, width - 14, height - 38
    xs = [x for x, _ in values]
    ys = [y for _, y in values]
    lo = min(ys) if y_min is None else min(y_min, min(ys))
    hi = max(ys) if y_max is None else max(y_max, max(ys))
    if hi == lo:
        hi = lo + 1
    x_lo, x_hi = min(xs), max(xs)
    if x_hi == x_lo:
        x_hi = x_lo + 1

    def px(x: float) -> float:
        return round(left + (x - x_lo) * (right - left) / (x_hi - x_lo), 1)

    def py(y: float) -> float:
        share = (y - lo) / (hi - lo)
        if not inverted:
            share = 1 - share
        return round(top + share * (bottom - top), 1)

    points = " ".join(f"{px(x)},{py(y)}" for x, y in values)
    dots = tuple(Dot(px(x), py(y), dot_label.format(x=x, y=_fmt(y))) for x, y in values)
    x_step = _nice_step(x_hi - x_lo, 10)
    x_ticks = []
    tick = float(x_lo)
    while tick <= x_hi + 1e-9:
        x_ticks.append(Tick(px(tick), _fmt(tick)))
        tick += x_step
    y_step = _nice_step(hi - lo, 5)
    y_ticks = [Tick(py(lo), _fmt(lo))]
    start = y_step * int(lo / y_step)
    tick = start if start > lo else start + y_step
    if (tick - lo) < y_step / 2:  # too close to the first label
        tick += y_step
    while tick <= hi + 1e-9:
        y_ticks.append(Tick(py(tick), _fmt(tick)))
        tick += y_step
    return LineChart(
        title,
        width,
        height,
        left,
        top,
        right,
        bottom,
        points,
        dots,
        tuple(x_ticks),
        tuple(y_ticks),
        x_label,
        y_label,
    )


def bar_chart(title: str, items: list[tuple[str, float, str]]) -> BarChart | None:
    """Vertical bars for (label, value, value text); empty input draws nothing."""
    if not items:
        return None
    count = len(items)
    slot = max(28.0, min(72.0, 600 / count))
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
