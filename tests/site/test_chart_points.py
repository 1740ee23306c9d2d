"""Line chart geometry, and its point cache keyed by everything a point depends on.

Plot area (pages/charts.py): x from 44 to 466, y from 14 (top) to 182 (bottom).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from trfsite.pages import gather
from trfsite.pages.config import EventConfig
from trfsite.pages.plan import EventJob
from trfsite.render import charts
from trfsite.render.charts import line_chart, rank_axis_end
from trfsite.render.page_meta import SiteInfo

EVENT = Path(__file__).resolve().parents[1] / "data" / "trf" / "individual-2026.trf"


def test_score_chart_points_by_hand() -> None:
    # Rounds 1..3 span x 44..466: round 2 is at 44 + 1 x 422 / 2 = 255.0.
    # Scores over 0..2 (y_min 0, highest 2), not inverted: y = 14 + (1 - s / 2) x 168,
    # so 0 -> 182.0, 1 -> 98.0, 2 -> 14.0.
    chart = line_chart("Score", [(1, 0.0), (2, 1.0), (3, 2.0)], "Round", "Pts", y_min=0)
    assert chart is not None
    assert chart.polyline == "44.0,182.0 255.0,98.0 466.0,14.0"
    assert [(d.x, d.y, d.label) for d in chart.dots] == [
        (44.0, 182.0, "1: 0"),
        (255.0, 98.0, "2: 1"),
        (466.0, 14.0, "3: 2"),
    ]


def test_the_same_point_in_another_range_is_placed_anew() -> None:
    # Score 1 after round 2, first over 0..2 (y 98.0, above), then over 0..4:
    # y = 14 + (1 - 1 / 4) x 168 = 140.0; and over rounds 1..5 x = 44 + 1 x 422 / 4 = 149.5.
    first = line_chart("Score", [(1, 0.0), (2, 1.0), (3, 2.0)], "Round", "Pts", y_min=0)
    second = line_chart("Score", [(1, 0.0), (2, 1.0), (5, 4.0)], "Round", "Pts", y_min=0)
    assert first is not None and second is not None
    assert first.dots[1].y == 98.0
    assert (second.dots[1].x, second.dots[1].y) == (149.5, 140.0)


def test_ranks_are_drawn_upside_down_with_their_own_label() -> None:
    # Inverted (ranks): rank 1 of 1..5 on top (14.0), rank 5 at the bottom (182.0);
    # rank 3: 14 + (3 - 1) / 4 x 168 = 98.0. The label template is part of the point.
    chart = line_chart(
        "Rank",
        [(1, 5.0), (2, 3.0), (3, 1.0)],
        "Round",
        "Rank",
        inverted=True,
        y_min=1,
        y_max=5.0,
        dot_label="Round {x}: {y}",
    )
    assert chart is not None
    assert chart.polyline == "44.0,182.0 255.0,98.0 466.0,14.0"
    assert chart.dots[1].label == "Round 2: 3"


def test_a_rank_axis_ends_near_the_players_worst_rank() -> None:
    # The worst rank rounded up to the ticks' step (_nice_step(worst - 1, 5): 1, 2, 5 or
    # 10 times a power of ten for about five ticks), never past the last place:
    # 38 -> step 10 (37 / 5 = 7.4) -> 40; 1500 -> step 500 (1499 / 5) -> 1500;
    # 1501 -> 2000; 9 of 10 -> step 2 (8 / 5 = 1.6) -> 10; always first -> 1.
    assert rank_axis_end(38, 2000) == 40
    assert rank_axis_end(1500, 2000) == 1500
    assert rank_axis_end(1501, 2000) == 2000
    assert rank_axis_end(9, 10) == 10
    assert rank_axis_end(3, 2000) == 3
    assert rank_axis_end(1, 2000) == 1
    # 1..40, inverted: ticks every 10 (39 / 5 = 7.8), 1 on top; rank 9 at
    # 14 + (9 - 1) / 39 x 168 = 48.5 (rounded to a tenth).
    chart = line_chart(
        "Rank",
        [(1, 38.0), (2, 9.0)],
        "Round",
        "Rank",
        inverted=True,
        y_min=1,
        y_max=rank_axis_end(38, 2000),
    )
    assert chart is not None
    assert [t.label for t in chart.y_ticks] == ["1", "10", "20", "30", "40"]
    assert chart.dots[1].y == 48.5


class _CountedPoints(dict):  # type: ignore[type-arg]
    """The points drawn on one chart's axes, counting its lookups."""

    lookups = 0

    def get(self, key, default=None):  # type: ignore[no-untyped-def]
        _CountedPoints.lookups += 1
        return super().get(key, default)


def test_rank_points_skip_the_cache_score_points_use_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rank after a round is one player's: no other chart has that point, so rank
    charts are drawn without the point cache, where they only missed and pushed out
    the score points that recur (the open: 22,000 rank points, 15,700 misses; issue 39).
    Counted by the cache's lookups, not timed."""
    site = SiteInfo("Results", "en", "https://example.org/", "2024-05-01", "t")
    job = EventJob(EVENT.read_bytes(), EVENT.name, EVENT.stem, "", EventConfig(), site, False)
    plans = [p for p in gather.prepare_event(job).plans if "/players/" in p.path]
    tables: dict[tuple[object, ...], _CountedPoints] = {}
    monkeypatch.setattr(
        charts, "_points_on", lambda *axes: tables.setdefault(axes, _CountedPoints())
    )
    _CountedPoints.lookups = 0
    for plan in plans:
        plan.build()
    # individual-2026.trf: 6 players, 3 rounds, each with a score after every round
    # (byes and absences included): 18 score points. The 18 rank points are not looked
    # up (with them: 36).
    assert _CountedPoints.lookups == 6 * 3


def test_points_are_drawn_without_the_dot_s_constructor_and_rounds_placed_once() -> None:
    """A chart's dots (22 a player card) are made from their fields given whole, not
    through the named tuple's ``__new__``; a round's x on an axis is worked out once,
    not once a point (both per point before)."""
    import sys

    from trfsite.render.charts import Dot

    calls: list[str] = []
    dot_new = Dot.__new__.__code__
    place = charts._x_position.__code__

    def count(frame: object, event: str, arg: object) -> None:
        if event == "call":
            code = frame.f_code  # type: ignore[attr-defined]
            if code is dot_new:
                calls.append("dot")
            elif code is place:
                calls.append("x")

    charts._x_positions.cache_clear()
    values = [[(1, 9.0), (2, 4.0), (3, 7.0)], [(1, 8.0), (2, 3.0), (3, 2.0)]]
    sys.setprofile(count)
    try:
        made = [
            line_chart("Rank", points, "Round", "Rank", inverted=True, y_min=1, y_max=10.0,
                       distinct_points=True)
            for points in values
        ]  # fmt: skip
    finally:
        sys.setprofile(None)
    assert all(chart is not None and len(chart.dots) == 3 for chart in made)
    # Rounds 1..3: three positions, for the first chart; none again for the second.
    assert calls == ["x", "x", "x"]
    first = made[0]
    assert first is not None and type(first.dots[0]) is Dot and first.dots[1].x == 255.0
    # Rank 4 of 1..10, inverted: y = 14 + (4 - 1) / 9 x 168 = 70.0.
    assert first.dots[1] == Dot(255.0, 70.0, "2: 4")
