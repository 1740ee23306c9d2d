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
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING

from trfsite.formats.limits import MAX_EVENT_OUTPUT_BYTES
from trfsite.memo import forget_all
from trfsite.pages.contexts import BulletinData, DownloadFile, IndexPage
from trfsite.pages.gather import EventResult, PreparedEvent, part_of, prepare_event
from trfsite.pages.plan import EventJob
from trfsite.pages.rows import EventSummary

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


class Share(Enum):
    """What one task of an event makes."""

    ALL = "all"  # this part's pages, and the bulletin (if wanted) when it is part 0
    BULLETIN = "bulletin"  # only the bulletin; PAGES tasks make every page meanwhile
    PAGES = "pages"  # only this part's pages, which link to the bulletin if wanted


@dataclass(frozen=True, slots=True)
class EventTask:
    job: EventJob
    theme_paths: tuple[Path, ...]  # the site theme's chain, nearest first
    # Where to write the files (a pool on this machine); None: return their bytes (Dask).
    out_root: Path | None = None
    # One event may be split between workers: this task renders every ``parts``-th page.
    part: int = 0
    parts: int = 1
    fingerprint: str = ""  # trfsite and the themes (see cache.build_fingerprint)
    share: Share = Share.ALL

    @property
    def makes_bulletin(self) -> bool:
        return self.job.want_bulletin and (
            self.share is Share.BULLETIN or (self.share is Share.ALL and self.part == 0)
        )

    @property
    def closes_event(self) -> bool:
        """The event's last task: its output completes the event's parts."""
        return self.share is not Share.BULLETIN and self.part + 1 == self.parts


@dataclass(frozen=True, slots=True)
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
    people: EventEntries | None = None  # its players for the people pages (part 0)


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

    Each forked worker (the people pages' and the pages') otherwise imported Jinja,
    made the environment and loaded the templates again: 0.08 s of CPU for a split
    2000-player open, against 0.03 s once here.
    """
    import jinja2

    env = environment(task.theme_paths, task.job.site.language, task.fingerprint)
    for name in env.list_templates(extensions=["html"]):
        try:
            env.get_template(name)
        except jinja2.TemplateError:  # told with its file and line when a page uses it
            continue


def make_pdf(data: BulletinData, fingerprint: str = "", *, in_two: bool = False) -> bytes:
    """One bulletin (pure: builds its own environment, so it can run in a worker).

    ``in_two``: a long bulletin is laid out by this process and a fork of it
    (:mod:`trfsite.pdf.parallel`); only for a process of its own, with no threads.
    """
    from trfsite import pdf
    from trfsite.render.theme import find_theme, theme_chain

    paths = tuple(t.path for t in theme_chain(find_theme("bulletin")))
    return pdf.render_bulletin(data, environment(paths, data.language, fingerprint), in_two=in_two)


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
            context = replace(context, event=replace(context.event, pdf=""))
        pages.append(replace(page, context=context))
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


# Events prepared by the parent process before it forked its workers (see share_event):
# every part of such an event builds its pages from it instead of ranking it again.
_SHARED: dict[str, PreparedEvent] = {}


def share_event(
    job: EventJob, on_people: Callable[[EventEntries], None] | None = None
) -> PreparedEvent:
    """Prepare ``job``'s event here, for the workers forked after this call.

    ``on_people``: see ``prepare_event``. A fork of this process checks the file
    and ranks the first rounds meanwhile (``site.ahead``, ``pages.first_rounds``).
    """
    from trfsite.site.ahead import in_a_fork

    with paused_collector():
        prepared = prepare_event(job, on_people=on_people, meanwhile=in_a_fork)
        prepared = replace(prepared, shared=True)
        # The prepared event lives until unshare_event and holds no reference cycles
        # (a full collection after dropping a 2000-player open's finds none). Turned
        # back on with it still young, the collector went over its 670,000 objects at
        # the next allocation: 0.16 s of that open's build, before its workers could
        # fork. Frozen (constant time) they are out of its view, the workers' too, and
        # still freed by reference counting; unshare_event puts them back in view.
        gc.freeze()
    _SHARED[job.slug] = prepared
    return prepared


# The last shared event, kept until the process exits (see process_ends_with_build).
_KEPT_TO_EXIT: list[PreparedEvent] = []
# The page contexts of the last part of a split event built in a process that ends
# with the build (the CLI's, and the pool workers forked from it), freed when the
# next task starts: a part is the last task of its worker in a one-event build, and
# freeing a 2000-player open's half of the cards' contexts took 30-40 ms between its
# last page and its result going back.
_LAST_PART: list[EventResult] = []
_ENDS_WITH_BUILD = False


def process_ends_with_build() -> None:
    """Say that this process ends when its build returns (the CLI's ``build``).

    The last split event prepared here is then kept instead of freed: freeing a
    2000-player open's 670,000 objects took 16 ms after its last page, for a
    process about to exit without freeing anything (``exit_without_teardown``).
    Earlier ones (another language's) are freed as ever, when the next is kept.
    The pool's workers, forked from this process, say it too (their pool ends with
    the build): each keeps the last part it built (``_LAST_PART``).
    """
    global _ENDS_WITH_BUILD
    _ENDS_WITH_BUILD = True


def unshare_event(slug: str) -> None:
    """Drop a shared event; with the last one, the caches by identity that hold the
    events go, and the collector sees what it froze again (a long-lived ``serve``
    may have frozen garbage cycles with them, which it would never collect)."""
    prepared = _SHARED.pop(slug, None)
    if prepared is not None and _ENDS_WITH_BUILD:
        _KEPT_TO_EXIT[:] = [prepared]
    if prepared is not None and not _SHARED:
        forget_all()
        gc.unfreeze()


def _prepared(task: EventTask) -> PreparedEvent:
    shared = _SHARED.get(task.job.slug)
    if shared is not None and shared.job == task.job:
        return shared
    # The bulletin task makes no page and leaves the people to the PAGES task of part 0.
    with_pages = task.share is not Share.BULLETIN
    return prepare_event(task.job, with_pages=with_pages, with_people=with_pages and task.part == 0)


def build_event(task: EventTask, in_two: bool = False) -> EventOutput:
    """Every file of one event (or of one part of it). Never raises for bad input.

    The collector stays paused from reading to the last page, and resumes only once
    the event's objects are gone (the caches by identity emptied too): resumed while
    they live, it went over the whole model and standings (1.6 s of the 300-event
    archive's 24 s of CPU in one process, in 79 passes).
    """
    with paused_collector():
        try:
            return _build_event(task, in_two)
        finally:
            forget_all()  # its objects go now, freed as they are dropped


def build_event_alone(task: EventTask) -> EventOutput:
    """``build_event`` in a process that ends with this task (a split event's bulletin).

    The collector stays off afterwards: turned back on, it went over the layout's
    cycles (see paused_collector) before the result could go back, 0.4-0.5 s at the
    end of a 2000-player build. The process's exit drops them at once. A long
    bulletin is laid out in two processes here (see make_pdf).
    """
    gc.disable()
    return build_event(task, in_two=True)


def _build_event(task: EventTask, in_two: bool = False) -> EventOutput:
    from trfsite.render.environment import render_page

    _LAST_PART.clear()
    prepared = _prepared(task)
    if task.share is Share.BULLETIN:  # the PAGES tasks build every page and the people
        prepared = replace(prepared, plans=(), people=None)
    result = part_of(prepared, task.part, task.parts)
    files: list[tuple[str, bytes]] = []
    pdf_failure = ""
    if task.share is Share.BULLETIN:
        result = replace(result, pages=())
    if result.bulletin is not None and task.makes_bulletin:
        made = _safe_pdf(result.bulletin, task.fingerprint, in_two)
        if isinstance(made, bytes):
            files.append((f"{result.slug}/{result.slug}.pdf", made))
        else:
            pdf_failure = f"{result.summary.source_name}: PDF failed: {made}"
            logger.warning("%s: the PDF bulletin failed: %s", result.summary.source_name, made)
            result = _without_pdf_link(result)
    env = environment(task.theme_paths, task.job.site.language, task.fingerprint)
    pages = result.pages
    sizes = [(path, len(data)) for path, data in files]
    writer = None
    if task.out_root is not None:
        from trfsite.site.writer import SiteWriter

        # Each page is written as soon as it is made: an event's pages are not all
        # held in memory at once (a 2000-player open makes 90 MB of them).
        writer = SiteWriter(task.out_root)
        for path, data in files:
            writer.write_bytes(path, data)
        files = []
    for page in pages:
        if isinstance(page.context, DownloadFile):
            html = page.context.text.encode("utf-8")
        else:
            html = render_page(env, page.template, page.context).encode("utf-8")
        sizes.append((page.path, len(html)))
        if writer is None:
            files.append((page.path, html))
        else:
            writer.write_bytes(page.path, html)
    over_budget = _over_output_budget(result.summary.source_name, tuple(sizes))
    if task.parts > 1 and _ENDS_WITH_BUILD:
        _LAST_PART[:] = [result]
        # Out of the collector's view: once it is back on, it would go over them all
        # (they are young) before the result goes back, 80-90 ms.
        gc.freeze()
    return EventOutput(
        slug=result.slug,
        summary=result.summary,
        files=tuple(files),
        sizes=tuple(sizes),
        pages=len(pages),
        pdf=result.bulletin is not None and task.makes_bulletin and not pdf_failure,
        errors=result.errors,
        warnings=result.warnings + over_budget,
        failure=result.failure,
        pdf_failure=pdf_failure,
        people=result.people,
    )


def _over_output_budget(source_name: str, sizes: tuple[tuple[str, int], ...]) -> int:
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


def merge_parts(outputs: list[EventOutput]) -> EventOutput:
    """One event's output from its parts (one of them made the bulletin, if any)."""
    first = outputs[0]
    return replace(
        first,
        files=tuple(f for o in outputs for f in o.files),
        sizes=tuple(f for o in outputs for f in o.sizes),
        pages=sum(o.pages for o in outputs),
        pdf=any(o.pdf for o in outputs),
        pdf_failure=next((o.pdf_failure for o in outputs if o.pdf_failure), ""),
        people=next((o.people for o in outputs if o.people is not None), None),
    )
