"""What every page builder gets and gives: the event's job and data, and page plans.

Below ``gather`` and the page builders: ``gather`` imports the builders, and the
builders import only these types, never ``gather``.
"""

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple, Protocol

from trfsite.findings import Finding
from trfsite.model import EventKind, Game, Tournament
from trfsite.pages.config import EventConfig
from trfsite.pages.contexts import EventHeader, PageContext
from trfsite.pages.game_types import NO_GAMES, EventGames
from trfsite.render.page_meta import PageMeta, SiteInfo
from trfsite.results import Standings

if TYPE_CHECKING:
    from trfsite.awards.event import EventAwards
    from trfsite.norms.event import NormsReport
    from trfsite.teams.data import TeamEventData


class Fallback(NamedTuple):
    """A file's last version that read as a tournament: its pages stay online while the
    latest version cannot be read (a half-written export, a broken one)."""

    data: bytes
    updated: str  # when that version was saved (ISO date and time)


class EventJob(NamedTuple):
    """Everything one event's pages depend on."""

    data: bytes
    source_name: str  # path under SRC, as findings and pages show it
    slug: str
    notes_markdown: str
    config: EventConfig
    site: SiteInfo
    want_bulletin: bool
    # The PGN files of its games: (path under SRC, bytes, cut at MAX_PGN_BYTES + 1).
    games: tuple[tuple[str, bytes], ...] = ()
    # sha256 of each of ``games``' bytes, hex, in their order, when discovery knows them
    # (``site.game_files``): the cache key takes them, so an unchanged PGN need not be
    # read; with ``games_unread`` its bytes are empty until the event is built.
    game_digests: tuple[str, ...] = ()
    games_unread: bool = False
    # ``trfsite publish``: when the file was last saved (ISO date and time, shown on
    # the event's pages), and its last version that read as a tournament.
    updated: str = ""
    fallback: Fallback | None = None
    # sha256 of ``data``, hex, when discovery knows it (``site.discover``): the cache key
    # takes it, so an unchanged file need not be read; then ``data`` is empty until the
    # event is built.
    digest: str = ""


class PageOut(NamedTuple):
    path: str  # under OUT, POSIX, e.g. "open-2024/rounds/3.html"
    template: str
    context: PageContext


class Batch(Protocol):
    """Work that the plans of one kind share, done once for the plans a part builds."""

    def prepare(self, keys: Sequence[int]) -> None: ...


class PagePlan(NamedTuple):
    """A page whose context is made only when its part of the event is built.

    ``batch``: shared work (the card explanations of the players a part builds),
    prepared by :func:`build_plans` with the ``key`` of each plan it builds.
    """

    path: str
    template: str
    make: Callable[[], PageContext]
    batch: Batch | None = None
    key: int = 0

    def build(self) -> PageOut:
        return PageOut(self.path, self.template, self.make())


def prepare_batches(plans: Sequence[PagePlan]) -> None:
    """Prepare each batch of ``plans`` for the plans given, once."""
    batches: dict[int, tuple[Batch, list[int]]] = {}
    for plan in plans:
        if plan.batch is not None:
            batches.setdefault(id(plan.batch), (plan.batch, []))[1].append(plan.key)
    for batch, keys in batches.values():
        batch.prepare(keys)


def build_plans(plans: Sequence[PagePlan]) -> tuple[PageOut, ...]:
    """The pages of ``plans``, each batch prepared first for the plans given."""
    prepare_batches(plans)
    return tuple(plan.build() for plan in plans)


def ready(path: str, template: str, context: PageContext) -> PagePlan:
    """A plan for a context that is already made."""
    return PagePlan(path, template, lambda: context)


class EventData(NamedTuple):
    """What the page builders share for one event (internal to the pages package)."""

    job: EventJob
    tournament: Tournament
    final: Standings
    after_round: tuple[Standings, ...]  # index 0 is after round 1
    individual: Standings | None  # team events: the players ranked individually
    header: EventHeader
    findings: tuple[Finding, ...]
    notes_html: str
    team_data: "TeamEventData | None" = None  # team events: the reconstructed matches
    awards: "EventAwards | None" = None  # rating changes, categories, prizes (chess)
    # The final standings and the awards' TPR and ARO carry values only: the player
    # cards explain them for the players a part builds (cards.CardExplanations).
    cards_explain: bool = False
    games: EventGames = NO_GAMES  # the PGN files' games, matched to pairings
    norms: "NormsReport | None" = None  # title norms (chess): their pages when there are any
    # Within MAX_EVENT_CELLS: the cards explain and chart each round (detail_budget).
    in_full: bool = True

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
