"""What the tests of the page parts written in Python share (player cards, standings,
round pages, crosstable): an event's page contexts on a site whose texts need escaping."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from trfsite.pages import gather
from trfsite.pages.config import EventConfig
from trfsite.pages.plan import EventJob
from trfsite.render.page_meta import SiteInfo

DATA = Path(__file__).resolve().parents[1] / "data"
AWKWARD = 'O\'Brien & <Sons>, "Ann"\x01'  # escaped, and a control character cleaned


@cache
def event_pages(event: str, language: str, template: str) -> tuple[Any, ...]:
    """The contexts of ``template``'s pages of ``tests/data/<event>`` in ``language``."""
    site = SiteInfo("Results & <Co>", language, "https://example.org/r&s/", "2024-05-01", "t")
    path = DATA / event
    job = EventJob(path.read_bytes(), path.name, path.stem, "", EventConfig(), site, False)
    plans = gather.prepare_event(job).plans
    return tuple(plan.build().context for plan in plans if plan.template == template)
