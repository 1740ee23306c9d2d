"""What every page builder gets and gives: the event's job and data, and page plans.

Below ``gather`` and the page builders: ``gather`` imports the builders, and the
builders import only these types, never ``gather``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from trfsite.findings import Finding
from trfsite.model import EventKind, Game, Tournament
from trfsite.pages.config import EventConfig
from trfsite.pages.contexts import EventHeader, PageContext, PageMeta, SiteInfo
from trfsite.results import Standings

if TYPE_CHECKING:
    from trfsite.awards.event import EventAwards
    from trfsite.teams.data import TeamEventData


@dataclass(frozen=True, slots=True)
class EventJob:
    """Everything one event's pages depend on."""

    data: bytes
    source_name: str  # path under SRC, as findings and pages show it
    slug: str
    notes_markdown: str
    config: EventConfig
    site: SiteInfo
    want_bulletin: bool


@dataclass(frozen=True, slots=True)
class PageOut:
    path: str  # under OUT, POSIX, e.g. "open-2024/rounds/3.html"
    template: str
    context: PageContext


@dataclass(frozen=True, slots=True)
class PagePlan:
    """A page whose context is made only when its part of the event is built."""

    path: str
    template: str
    make: Callable[[], PageContext]

    def build(self) -> PageOut:
        return PageOut(self.path, self.template, self.make())


def ready(path: str, template: str, context: PageContext) -> PagePlan:
    """A plan for a context that is already made."""
    return PagePlan(path, template, lambda: context)


@dataclass(frozen=True, slots=True)
class EventData:
    """What the page builders share for one event (internal to the pages package)."""

    job: EventJob
    tournament: Tournament
    final: Standings
    after_round: tuple[Standings, ...]  # index 0 is after round 1
    individual: Standings | None  # team events: the players ranked individually
    header: EventHeader
    findings: tuple[Finding, ...]
    notes_html: str
    team_data: TeamEventData | None = None  # team events: the reconstructed matches
    awards: EventAwards | None = None  # rating changes, categories, prizes (chess)

    @property
    def is_team(self) -> bool:
        return self.final.kind is EventKind.TEAM

    @property
    def is_go(self) -> bool:
        return self.tournament.game is Game.GO


def meta_for(job: EventJob, title: str, page: str, current: str) -> PageMeta:
    """Meta for ``page`` (a path inside the event folder, e.g. ``rounds/3.html``)."""
    depth = page.count("/")
    base = "../" * depth
    return PageMeta(job.site, title, "../" + base, base, current, f"{job.slug}/{page}")
