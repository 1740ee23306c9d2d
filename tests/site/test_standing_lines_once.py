"""The final standings' lines are made once per event, and the overview's leaders
from the first rows only (issue 39).

The overview page showed three leaders from the lines of the whole table (the open:
2,000), and the final standings page and the crosstable each made the same 2,000
lines again. Counted by the ``StandingLine``s made, not timed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from trfsite.pages import common, gather
from trfsite.pages.config import EventConfig
from trfsite.pages.contexts import CrosstablePage, OverviewPage, StandingsPage
from trfsite.pages.plan import EventJob, build_plans
from trfsite.pages.rows import StandingLine
from trfsite.render.page_meta import SiteInfo

EVENT = Path(__file__).resolve().parents[1] / "data" / "trf" / "individual-2026.trf"
PAGES = ("index.html", "standings.html", "crosstable.html")


def test_the_final_lines_are_made_once_and_the_leaders_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made: list[int] = []

    def counting(*args: Any) -> StandingLine:
        made.append(args[2].id)  # the line's ref
        return StandingLine(*args)

    site = SiteInfo("Results", "en", "https://example.org/", "2024-05-01", "t")
    job = EventJob(EVENT.read_bytes(), EVENT.name, EVENT.stem, "", EventConfig(), site, False)
    plans = gather.prepare_event(job).plans
    wanted = [plan for plan in plans if plan.path in {f"individual-2026/{p}" for p in PAGES}]
    assert len(wanted) == 3
    monkeypatch.setattr(common, "StandingLine", counting)
    pages = {out.path.rsplit("/", 1)[1]: out.context for out in build_plans(wanted)}
    overview, standings, crosstable = (pages[name] for name in PAGES)
    assert isinstance(overview, OverviewPage) and isinstance(standings, StandingsPage)
    assert isinstance(crosstable, CrosstablePage)
    # individual-2026.trf's 6 players: the final lines once (6), the leaders' 3 apart;
    # main made 6 for each of the three pages (18).
    assert len(made) == 6 + 3
    assert len(overview.leaders) == 3 and len(standings.rows) == len(crosstable.rows) == 6
    # The leaders are the table's first three lines.
    assert [line.ref.id for line in overview.leaders] == [
        line.ref.id for line in standings.rows[:3]
    ]
