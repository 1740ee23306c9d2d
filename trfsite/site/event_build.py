"""One event, from its file's bytes to the bytes of every file it puts in the site.

``build_event`` is a pure function of its picklable ``EventTask``: read,
validate, rank, make the PDF bulletin, render every page. Nothing is written to
disk, so it runs unchanged in this process, in a process pool (``--jobs``) or on
a Dask cluster (``--executor dask://HOST:PORT``); only the site index is put
together afterwards from the outputs' summaries.
"""

from __future__ import annotations

import contextlib
import gc
import logging
import threading
from collections.abc import Iterable, Iterator
from dataclasses import replace
from itertools import chain
from pathlib import Path
from typing import TYPE_CHECKING

from trfsite.formats.limits import MAX_EVENT_OUTPUT_BYTES
from trfsite.memo import forget_all
from trfsite.model.frozen import frozen_record
from trfsite.pages.common import warn_part_failed
from trfsite.pages.contexts import (
    AwardsPage,
    BulletinData,
    CrosstablePage,
    DownloadFile,
    GamePage,
    IndexPage,
    PlayerCardPage,
    PlayersPage,
    RoundPage,
    StandingsPage,
    StartListPage,
)
from trfsite.pages.gather import EventResult, PreparedEvent, part_of, prepare_event
from trfsite.pages.plan import EventJob, PageOut
from trfsite.pages.rows import EventSummary
from trfsite.site.offline_zip import Packed, pack

if TYPE_CHECKING:
    import jinja2

    from trfsite.people.entries import EventEntries

logger = logging.getLogger(__name__)

# Environments are costly to make (every template compiles on first use), so each
# worker keeps one per (theme folders, language, build fingerprint); the fingerprint
# hashes the theme files, so a long-lived worker (Dask, ``trfsite serve``) sees edits.
_ENVIRONMENTS: dict[tuple[tuple[Path, ...], str, str], jinja2.Environment] = {}
_KEEP = 4
_LOCK = threading.Lock()
_PAUSED = 0  # builds of events or people pages running now (see paused_collector)
_WAS_ENABLED = True


@frozen_record
class EventTask:
    job: EventJob
    theme_paths: tuple[Path, ...]  # the site theme's chain, nearest first
    # Where to write the files (a pool on this machine); None: return their bytes (Dask).
    out_root: Path | None = None
    fingerprint: str = ""  # trfsite and the themes (see cache.build_fingerprint)
    only_bulletin: bool = False  # the bulletin alone, made beside the pages (split_event)


@frozen_record
class EventOutput:
    """Everything one event adds to the site (paths under OUT, POSIX)."""

    slug: str
    summary: EventSummary
    files: tuple[tuple[str, bytes], ...]  # not yet written (empty when the task wrote them)
    sizes: tuple[tuple[str, int], ...]  # every file of the event (this part), with its size
    pages: int
    pdf: bool  # the bulletin is among the files
    errors: int
    warnings: int
    failure: str  # "" when the event built completely
    pdf_failure: str  # "" when no bulletin was wanted or it was made
    people: EventEntries | None = None  # its players for the people pages
    # Its files as the offline copy holds them, deflated where they were made (offline_zip).
    packed: tuple[Packed, ...] = ()


def environment(
    theme_paths: tuple[Path, ...], language: str, fingerprint: str = ""
) -> jinja2.Environment:
    """This process's environment for a theme chain and a language (made once)."""
    key = (theme_paths, language, fingerprint)
    with _LOCK:
        env = _ENVIRONMENTS.get(key)
        if env is None:
            from trfsite.render.environment import make_environment
            from trfsite.render.theme import load_theme
            from trfsite.site.template_cache import template_cache

            chain = tuple(load_theme(path) for path in theme_paths)
            env = make_environment(chain, language)
            # Templates do not change during a build: skip the per-render file checks
            # (``{% from "macros.html" import ... %}`` looks the macros up on every page).
            env.auto_reload = False
            # Each worker would compile its templates again: keep them between builds.
            env.bytecode_cache = template_cache(language)
            _ENVIRONMENTS[key] = env
            while len(_ENVIRONMENTS) > _KEEP:
                del _ENVIRONMENTS[next(iter(_ENVIRONMENTS))]
    return env


def warm_environment(task: EventTask) -> None:
    """Make ``task``'s environment here and load its templates, before workers fork.

    Each forked worker otherwise imported Jinja, made the environment and loaded the
    templates again: 0.08 s of CPU for a split 2000-player open, against 0.03 s here.
    Each template is loaded by the name pages ask for: ``"!theme/x.html"``, by which a
    theme extends the one it builds on (``render.environment.make_loader``), is another
    copy of the same template, loaded where a theme asks for it (the default theme's
    templates were loaded twice here, 33 of 66 loads, on the one core that works then).
    """
    import jinja2

    env = environment(task.theme_paths, task.job.site.language, task.fingerprint)
    for name in env.list_templates(filter_func=_page_template):
        try:
            env.get_template(name)
        except jinja2.TemplateError:  # told with its file and line when a page uses it
            continue


def _page_template(name: str) -> bool:
    """An HTML template by its own name, not ``"!theme/x.html"`` (see ``warm_environment``)."""
    return name.endswith(".html") and not name.startswith("!")


def make_pdf(data: BulletinData, fingerprint: str = "", *, in_two: bool = False) -> bytes:
    """One bulletin (pure: builds its own environment, so it can run in a worker).

    ``in_two``: a long bulletin's documents are laid out by forks of this process
    (:mod:`trfsite.pdf.documents`); only for a process of its own, with no threads.
    """
    from trfsite import pdf
    from trfsite.render.theme import find_theme, theme_chain

    paths = tuple(t.path for t in theme_chain(find_theme("bulletin")))
    return pdf.render_bulletin(
        data, environment(paths, data.language, fingerprint), parallel=in_two
    )


def _safe_pdf(data: BulletinData, fingerprint: str, in_two: bool = False) -> bytes | str:
    """The PDF, or the reason it failed (one bad bulletin must not stop the build)."""
    try:
        return make_pdf(data, fingerprint, in_two=in_two)
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}"


def _without_pdf_link(result: EventResult) -> EventResult:
    """Pages must not link to a bulletin that failed: drop the link from every header."""
    pages = []
    for page in result.pages:
        context = page.context
        if not isinstance(context, IndexPage | DownloadFile) and context.event.pdf:
            context = context._replace(event=context.event._replace(pdf=""))
        pages.append(page._replace(context=context))
    return replace(result, pages=tuple(pages))


@contextlib.contextmanager
def paused_collector() -> Iterator[None]:
    """Pause Python's cycle collector while one event (or the people pages) is built.

    An event's model, standings and page contexts are millions of long-lived
    objects made in one go; the collector would scan them again and again (a
    quarter of a 2000-player build) to find almost nothing: they are freed by
    reference counting once the event is done. The PDF bulletin runs paused too:
    the collector took 1.5 s of WeasyPrint's 6.5 s of layout on a 2000-player
    bulletin; the layout's cycles (580,000 objects, 8 MB more at the peak) are
    left to the collector's next run once it is back on. The count makes
    overlapping tasks (Dask runs them in threads) restore it when the last ends.
    """
    global _PAUSED, _WAS_ENABLED
    with _LOCK:
        if _PAUSED == 0:
            _WAS_ENABLED = gc.isenabled()
            gc.disable()
        _PAUSED += 1
    try:
        yield
    finally:
        with _LOCK:
            _PAUSED -= 1
            if _PAUSED == 0 and _WAS_ENABLED:
                gc.enable()


def build_event(task: EventTask, in_two: bool = False) -> EventOutput:
    """Every file of one event (or its bulletin alone). Never raises for bad input.

    The collector stays paused from reading to the last page, and resumes only once
    the event's objects are gone (the caches by identity emptied too): resumed while
    they live, it went over the whole model and standings (1.6 s of the 300-event
    archive's 24 s of CPU in one process, in 79 passes).
    """
    with paused_collector():
        try:
            # In a function of its own: the event goes with its frame, before the
            # collector resumes (were it still held here, the pass the resumed collector
            # owes its count would go over all of it to free nothing).
            return _built(task, in_two)
        finally:
            forget_all()  # its objects go now, freed as they are dropped


def _built(task: EventTask, in_two: bool) -> EventOutput:
    prepared = prepare_event(task.job, with_pages=not task.only_bulletin)
    output = render_event(task, part_of(prepared), task.job.want_bulletin, in_two)
    if task.only_bulletin:
        return output
    return replace(output, people=event_people(prepared))


def event_people(prepared: PreparedEvent) -> EventEntries | None:
    """The event's players for the people pages (None for a site without them, and
    with a warning should listing them fail: the event's pages stand without them)."""
    data, job = prepared.data, prepared.job
    if data is None or not job.site.people:
        return None
    from trfsite.people.listing import entries_for

    try:
        return entries_for(
            data.tournament,
            job.config,
            job.source_name,
            job.slug,
            data.final,
            data.individual,
            data.awards,
            data.games.pages,
        )
    except Exception as exc:  # the event's pages stand without its people entries
        warn_part_failed(logger, job.source_name, "its players could not be listed", exc)
        return None


def build_event_alone(task: EventTask) -> EventOutput:
    """``build_event`` in a process that ends with this task (a split event's bulletin).

    The collector stays off afterwards: turned back on, it went over the layout's
    cycles (see paused_collector) before the result could go back, 0.4-0.5 s at the
    end of a 2000-player build. The process's exit drops them at once. A long
    bulletin is laid out in two processes here (see make_pdf).
    """
    gc.disable()
    return build_event(task, in_two=True)


def render_event(
    task: EventTask,
    result: EventResult,
    bulletin: bool,
    in_two: bool = False,
    more: Iterable[EventResult] = (),
    of_split: bool = False,
) -> EventOutput:
    """The pages of ``result`` and (``bulletin``) its bulletin, written or kept.

    ``more``: further pages of the event, each result built as it is asked for (the
    pages a split event's part takes while it is free: ``split_event``), rendered into
    the same frames. The output fails when any of them failed. ``of_split``: one part of
    a split event, whose output budget ``split_event`` checks on the parts together.
    """
    from trfsite.render.environment import render_page
    from trfsite.site.awards_body import AWARDS_TEMPLATE, AwardsFrames
    from trfsite.site.card_body import CARD_TEMPLATE, CardFrames
    from trfsite.site.crosstable_body import CROSSTABLE_TEMPLATE, CrosstableFrames
    from trfsite.site.game_frame import GAME_TEMPLATE, GameFrames
    from trfsite.site.page_frame import PageFrames
    from trfsite.site.players_body import (
        PLAYERS_TEMPLATE,
        START_LIST_TEMPLATE,
        PlayersFrames,
        StartListFrames,
    )
    from trfsite.site.round_body import ROUND_TEMPLATE, RoundFrames
    from trfsite.site.standings_body import STANDINGS_TEMPLATE, StandingsFrames

    files: list[tuple[str, bytes]] = []
    packed: list[Packed] = []
    pdf_failure = ""
    if task.only_bulletin:
        result = replace(result, pages=())
    if result.bulletin is not None and bulletin:
        made = _safe_pdf(result.bulletin, task.fingerprint, in_two)
        if isinstance(made, bytes):
            files.append((f"{result.slug}/{result.slug}.pdf", made))
        else:
            pdf_failure = f"{result.summary.source_name}: PDF failed: {made}"
            logger.warning("%s: the PDF bulletin failed: %s", result.summary.source_name, made)
            result = _without_pdf_link(result)
    env = environment(task.theme_paths, task.job.site.language, task.fingerprint)
    # The pages an event has many of, each kind rendered into one frame (page_frame).
    frames: dict[str, tuple[type, PageFrames]] = {
        GAME_TEMPLATE: (GamePage, GameFrames(env)),
        CARD_TEMPLATE: (PlayerCardPage, CardFrames(env)),
        STANDINGS_TEMPLATE: (StandingsPage, StandingsFrames(env)),
        ROUND_TEMPLATE: (RoundPage, RoundFrames(env)),
        CROSSTABLE_TEMPLATE: (CrosstablePage, CrosstableFrames(env)),
        PLAYERS_TEMPLATE: (PlayersPage, PlayersFrames(env)),
        START_LIST_TEMPLATE: (StartListPage, StartListFrames(env)),
        AWARDS_TEMPLATE: (AwardsPage, AwardsFrames(env)),
    }
    sizes = [(path, len(data)) for path, data in files]
    # A failed event has no offline copy (see events.build_events).
    offline = not result.summary.failed
    base_url = task.job.site.base_url
    if offline:
        packed.extend(pack(path, data, result.slug, base_url) for path, data in files)
    writer = None
    if task.out_root is not None:
        from trfsite.site.writer import SiteWriter

        # Each page is written as soon as it is made: an event's pages are not all
        # held in memory at once (a 2000-player open makes 90 MB of them).
        writer = SiteWriter(task.out_root)
        for path, data in files:
            writer.write_bytes(path, data)
        files = []

    def rendered(page: PageOut) -> list[tuple[str, bytes]]:
        """The files of one page: (path, bytes)."""
        context = page.context
        if isinstance(context, DownloadFile):
            return [
                (page.path, context.text.encode("utf-8")),
                *((path, text.encode("utf-8")) for path, text in context.also),
            ]
        if (framed := frames.get(page.template)) and isinstance(context, framed[0]):
            return [(page.path, framed[1].render(context).encode())]
        return [(page.path, render_page(env, page.template, context).encode())]

    failure, count = result.failure, 0
    for part in chain((result,), more):
        failure = failure or part.failure
        if part.failure and part is not result:
            continue  # a page taken later failed: the event is built again whole
        count += len(part.pages)
        for path, data in chain.from_iterable(map(rendered, part.pages)):
            sizes.append((path, len(data)))
            if offline:
                packed.append(pack(path, data, result.slug, base_url))
            if writer is None:
                files.append((path, data))
            else:
                writer.write_bytes(path, data)
    over_budget = 0 if of_split else over_output_budget(result.summary.source_name, sizes)
    return EventOutput(
        slug=result.slug,
        summary=result.summary,
        files=tuple(files),
        sizes=tuple(sizes),
        pages=count,
        pdf=result.bulletin is not None and bulletin and not pdf_failure,
        errors=result.errors,
        warnings=result.warnings + over_budget,
        failure=failure,
        pdf_failure=pdf_failure,
        packed=tuple(packed),
    )


def over_output_budget(source_name: str, sizes: Iterable[tuple[str, int]]) -> int:
    """1 (and a warning) when the event's files exceed the output budget, else 0.

    The readers' budgets keep events in proportion; this is the net under them.
    """
    total = sum(size for _, size in sizes)
    if total <= MAX_EVENT_OUTPUT_BYTES.limit:
        return 0
    logger.warning(
        "%s: the event's files take %.0f MB; expected at most %.0f MB per event: check the "
        "file's findings for damage [%s]",
        source_name,
        total / 1e6,
        MAX_EVENT_OUTPUT_BYTES.limit / 1e6,
        MAX_EVENT_OUTPUT_BYTES.code,
    )
    return 1
