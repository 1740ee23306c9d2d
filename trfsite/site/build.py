"""The build pipeline: discover -> build each event (through an executor) -> index -> publish.

Everything is written into a new build folder beside OUT, which OUT is
switched to (an atomic symlink flip, see ``trfsite.site.publish``) only when
the whole build succeeded; a failed build leaves OUT as it was.
Each event's files come from ``build_event``, a pure function of a picklable
task, so ``--jobs N`` runs it in a process pool and ``--executor
dask://HOST:PORT`` on a Dask cluster; only the home page is made here, from the
events' summaries. Events whose inputs did not change since the last build are
not built again (see ``trfsite.site.cache``): their folders are hard-linked from
the previous build into the new one.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import functools
import logging
import os
import shutil
import time
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import field, replace
from pathlib import Path
from typing import NamedTuple

from trfsite import __version__
from trfsite.findings import Finding
from trfsite.input_files import shown_name
from trfsite.model.frozen import frozen_record
from trfsite.pages.config import SiteConfig, load_config
from trfsite.pages.plan import Fallback
from trfsite.render.page_meta import SiteInfo
from trfsite.render.theme import Theme, find_theme, theme_chain
from trfsite.site import cache, publish
from trfsite.site.archive_db import ArchiveEvent
from trfsite.site.build_checks import MARKER, check_event_sections, check_paths, published_events
from trfsite.site.build_sources import HELD_SOURCE_BYTES, LateReads, event_jobs, load_sources
from trfsite.site.discover import Discovery, discover
from trfsite.site.event_build import EventTask, make_pdf
from trfsite.site.events import Plan, Progress, build_events, log_outcomes, plan_events
from trfsite.site.executors import open_executor
from trfsite.site.failures import BuildError, reported_as_build_errors
from trfsite.site.language_pages import site_title, write_language_choice
from trfsite.site.lifetime import end_children_with_this_process
from trfsite.site.linking import Linking, Reused
from trfsite.site.lock import one_build_at_a_time
from trfsite.site.open_data import ArchiveStart
from trfsite.site.people_donor import PeopleTaking
from trfsite.site.site_wide import SiteWide
from trfsite.site.state import state_path
from trfsite.site.state_cache import SourceStore
from trfsite.site.web_files import write_sitemaps
from trfsite.site.writer import SiteWriter

__all__ = ["MARKER", "BuildError", "BuildOptions", "BuildReport", "build_site", "make_pdf"]

logger = logging.getLogger(__name__)


class BuildOptions(NamedTuple):
    src: Path
    out: Path
    theme: str | None = None  # overrides the config's theme
    pdf: bool = True
    jobs: int = 1  # the CLI's default is every core this process may use
    config_path: Path | None = None
    executor: str | None = None  # "local" (None) or "dask://HOST:PORT"
    cache: bool = True  # reuse unchanged events from the previous output
    keep: int = 1  # previous builds kept beside OUT for rollback
    # Older builds are removed by a process of their own, not waited for (the CLI).
    prune_later: bool = False
    # trfsite publish: each event's pages say when its file was saved (not reproducible),
    # and a file that cannot be read keeps the pages of its last readable version
    # (path under SRC, that version).
    live: bool = False
    fallbacks: tuple[tuple[str, Fallback], ...] = ()


class BuildReport(NamedTuple):
    events: int
    pages: int
    pdfs: int
    errors: int  # error findings over all files
    warnings: int
    files_with_errors: int
    files_with_warnings: int
    failed: tuple[str, ...]  # "source: reason" for events without standings
    pdf_failures: tuple[str, ...]
    seconds: float
    out: Path
    reused: int = 0  # events taken unchanged from the previous output
    # Files under SRC that were not read (a FIFO, an unreadable file, a link out of SRC...),
    # or changed while the build read them (``build_sources``)
    refused: tuple[Finding, ...] = ()

    def summary_line(self) -> str:
        reused = f" ({self.reused} unchanged)" if self.reused else ""
        counts = [
            counted(self.events, "event") + reused,
            counted(self.pages, "page"),
            counted(self.pdfs, "PDF"),
            counted(self.errors + len(self.refused), "error"),
            counted(self.warnings, "warning"),
        ]
        return f"{', '.join(counts)} in {self.seconds:.1f} s -> {self.out}"


def counted(n: int, noun: str) -> str:
    """``1 event``, ``2 events``: English nouns of the CLI's summaries."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def build_date() -> str:
    """Today, or the day of ``SOURCE_DATE_EPOCH`` (reproducible builds) when set."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch:
        try:
            return dt.datetime.fromtimestamp(int(epoch), tz=dt.UTC).date().isoformat()
        except (ValueError, OverflowError, OSError) as exc:
            raise BuildError(
                f"SOURCE_DATE_EPOCH is {epoch!r}; expected whole seconds since 1970"
            ) from exc
    return dt.date.today().isoformat()


def _pdf_available() -> bool:
    try:
        import trfsite.pdf  # noqa: F401
    except ImportError as exc:
        logger.warning("PDF bulletins skipped: trfsite.pdf cannot be imported (%s)", exc)
        return False
    return True


def _make_tmp(out: Path, prune_later: bool) -> Path:
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        return publish.make_build_folder(out, prune_later=prune_later)
    except OSError as exc:
        raise BuildError(
            f"-o {str(out)!r}: cannot create a build folder in "
            f"{str(publish.builds_dir(out))!r} ({exc.strerror or exc}); expected a writable folder"
        ) from None


def build_site(
    options: BuildOptions, progress: Progress | None = None, executor: Executor | None = None
) -> BuildReport:
    """Build the whole site into ``options.out``; raises BuildError/ConfigError before any swap."""
    end_children_with_this_process()
    # One build per OUT at a time (site/lock.py): a second one stops at once.
    with (
        reported_as_build_errors(shown_name(options.out)),
        one_build_at_a_time(options.out, publish.builds_dir(options.out)),
    ):
        return _build_site(options, progress, executor)


def _build_site(
    options: BuildOptions, progress: Progress | None, executor: Executor | None
) -> BuildReport:
    started = time.perf_counter()
    config = load_config(
        options.src if options.src.is_dir() else options.src.parent, options.config_path
    )
    theme = find_theme(options.theme or config.theme)
    chain = theme_chain(theme)
    check_paths(options.src, options.out)
    languages = config.site_languages()
    several = len(languages) > 1
    # The files unchanged since the last build are not read (state_cache); --no-cache reads all.
    first_state = state_path(options.out, languages[0] if several else "")
    sources = load_sources(first_state) if options.cache else None
    # The archive's bytes are not held for the whole build (HELD_SOURCE_BYTES; several
    # languages: a file read again is kept, so that each gets the same bytes).
    discovery = discover(
        options.src,
        exclude=(options.out, publish.builds_dir(options.out)),
        store=sources,
        hold_bytes=HELD_SOURCE_BYTES,
    )
    late = LateReads.of(discovery, options.src, hold=several)
    check_event_sections(discovery, config)
    if not discovery.files:
        published = published_events(options.out)
        if published:
            # A mistyped or not yet filled SRC must not replace a live site with nothing.
            raise BuildError(
                f"{str(options.src)!r} holds no tournament file, and {str(options.out)!r} "
                f"holds a built site with {published} event page(s); refusing to replace it with "
                "an empty site (expected TRF or EGF files in SRC; to empty the site, delete "
                "the output folder first)"
            )
        # A first build, or an event whose first file is yet to come (serve): build the
        # empty home page, but say so.
        logger.warning(
            "%r holds no tournament file; expected TRF files (.trf, or any text with "
            "'012 '/'001 ' records) or EGF tables (.h9, .h2, ...) in it or below it",
            str(options.src),
        )
    want_pdf = options.pdf and _pdf_available()
    tmp = _make_tmp(options.out, options.prune_later)
    live = publish.live_folder(options.out)
    donor = publish.donor_build(options.out, options.keep) if options.cache else None
    logger.debug("unchanged events taken from %s", donor or "the live build, by links")
    links: list[Linking] = []
    early: list[Linking] = []  # those of ``links`` moved from the donor already
    takings: list[PeopleTaking] = []

    def link_reused(
        reused: list[cache.CacheEntry], workers: Executor | None, prefix: str
    ) -> Linking | None:
        if live is None or not reused:
            return None
        folders = [Reused(prefix + e.slug, e.files.within(prefix)) for e in reused]
        linking = Linking(live, tmp, folders, workers, donor)
        links.append(linking)
        return linking

    try:
        pages = pdfs = 0
        first: tuple[list[cache.CacheEntry], Plan] | None = None
        for language in languages:
            # Several languages: each is a whole site of its own under OUT/<language>/
            # (its own build state, cache and reused events), all swapped in at once.
            prefix = f"{language}/" if several else ""
            has_people = config.people.has_pages(len(discovery.files))
            site = SiteInfo(
                site_title(config, language),
                language,
                config.base_url + prefix if config.base_url else "",
                build_date(),
                f"trfsite {__version__}",
                languages if several else (),
                config.base_url,
                has_people,
                tuple((s.key, s.title, s.events) for s in config.series) if has_people else (),
            )
            taking = PeopleTaking(
                donor / language if donor is not None and several else donor,
                tmp / language if several else tmp,
                options.out / language if several else options.out,
                state_path(options.out, language if several else ""),
            )
            takings.append(taking)
            part = _LanguageBuild(
                options._replace(out=options.out / language) if several else options,
                SiteWriter(tmp / language if several else tmp),
                site,
                functools.partial(link_reused, prefix=prefix),
                state_path(options.out, language if several else ""),
                taking,
                late,
                sources if first is None else None,
                early,
            )
            ordered, plan, made = _build_language(
                part, discovery, config, chain, want_pdf, executor, progress
            )
            pages += made
            pdfs += sum(1 for e in ordered if e.pdf)
            first = first or (ordered, plan)
        if several:
            pages += write_language_choice(SiteWriter(tmp), chain, config, languages, build_date())
        SiteWriter(tmp).write_text(MARKER, f"trfsite {__version__}\n")
        for linking in links:
            if linking not in early:
                linking.join()
        for linking in links:
            if linking not in early:
                linking.move_from_donor()
        for taking in takings:
            taking.move_in()
            taking.mark()
        write_sitemaps(tmp, config.base_url)
        publish.publish(tmp, options.out, options.keep, prune_later=options.prune_later)
    except BaseException:
        for linking in links:  # no thread may still write into tmp while it goes
            with contextlib.suppress(BaseException):
                linking.join()
            linking.return_to_donor()
        for taking in takings:
            taking.give_back()
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    assert first is not None  # languages is never empty
    ordered, plan = first
    if options.cache:  # the next build's donor, should it have none
        twin = publish.publish_twin(options.out, options.keep, len(ordered))
        if twin is not None:
            for taking in takings:
                taking.mark_twin(tmp, twin)
    refused = tuple(sorted((*discovery.refused, *late.findings), key=lambda f: f.file))
    log_outcomes(ordered, plan.reused)
    return BuildReport(
        events=len(ordered),
        pages=pages,
        pdfs=pdfs,
        errors=sum(e.errors for e in ordered),
        warnings=sum(e.warnings for e in ordered),
        files_with_errors=sum(1 for e in ordered if e.errors or e.failure)
        + len({f.file for f in refused}),
        files_with_warnings=sum(1 for e in ordered if e.warnings),
        failed=tuple(f"{e.summary.source_name}: {e.failure}" for e in ordered if e.failure),
        pdf_failures=tuple(e.pdf_failure for e in ordered if e.pdf_failure),
        seconds=time.perf_counter() - started,
        out=options.out,
        reused=len(plan.reused),
        refused=refused,
    )


@frozen_record
class _LanguageBuild:
    options: BuildOptions  # ``out`` is where this language's site goes
    writer: SiteWriter
    site: SiteInfo
    # Starts hard-linking the reused events' folders from the live build (see Linking),
    # on these local workers if given (the caller then joins it before they stop).
    link_reused: Callable[[list[cache.CacheEntry], Executor | None], Linking | None] = (
        lambda reused, workers: None
    )
    state_file: Path | None = None  # the build state's database (site/state.py)
    taking: PeopleTaking | None = None  # the donor's people folder (site/people_donor.py)
    late: LateReads | None = None  # the files discovery took unread (site/build_sources.py)
    sources: SourceStore | None = None  # saved with this language's cache (the first one)
    # The links whose folders the donor gave before the end of the build (see _build_language).
    moved_early: list[Linking] = field(default_factory=list)


def _build_language(
    part: _LanguageBuild,
    discovery: Discovery,
    config: SiteConfig,
    chain: tuple[Theme, ...],
    want_pdf: bool,
    executor: Executor | None,
    progress: Progress | None,
) -> tuple[list[cache.CacheEntry], Plan, int]:
    """One language's events, home page, static files and cache rows; (entries, plan, pages)."""
    theme_paths = tuple(t.path for t in chain)
    options = part.options
    jobs = event_jobs(discovery, config, part.site, want_pdf, options.live, options.fallbacks)
    tasks = [EventTask(job, theme_paths) for job in jobs]
    use_cache = options.cache and (options.out / MARKER).is_file()
    state_file = part.state_file or state_path(options.out)
    plan = plan_events(options.out, use_cache, tasks, want_pdf, state_file, part.late, part.sources)
    reused = [plan.reused[slug] for slug in sorted(plan.reused)]
    writer = part.writer
    entries = list(reused)
    fresh = not use_cache
    site_wide = SiteWide(writer, part.site, chain, state_file, use_cache, part.sources)
    if executor is not None:
        linking = part.link_reused(reused, None)
        entries += build_events(writer, executor, 2, plan, progress, local=False)
        entries = _rebuild_damaged(part, linking, tasks, plan, entries, executor, 2, False)
        ordered = _in_order(tasks, entries)
        archive = ArchiveStart(None, writer, state_file, fresh).now(
            lambda: _archived(ordered, plan, part)
        )
        people = _people(part, tasks, plan, config, executor, 2, False)
        pages = site_wide.write(discovery, ordered, plan, people)
        archive()
    else:
        if part.site.people:
            # The people pages' modules (not imported at start: most builds have no
            # people pages), before the pool forks: each of its workers writing people
            # pages would import them again.
            import trfsite.people.pages  # noqa: F401
        with open_executor(part.options.executor, part.options.jobs) as (own, workers):
            local = (part.options.executor or "local") == "local"
            pool = own if local and workers > 1 else None
            linking = part.link_reused(reused, pool)
            # On the pool, while it is open: the archive beside the people pages and the
            # site-wide files, which do not read it (waited for last: it grows with the
            # archive, 0.2 s of CPU per 1,000 events, and took longer than the people).
            # With no event reused (none damaged, then), it starts as soon as the built
            # events' files are written: beside a split event's end on one core too.
            start = ArchiveStart(pool, writer, state_file, fresh)
            early = start.early([t.job.slug for t in tasks], plan.keys, bool(plan.reused))
            entries += build_events(writer, own, workers, plan, progress, local, early)
            entries = _rebuild_damaged(part, linking, tasks, plan, entries, own, workers, local)
            ordered = _in_order(tasks, entries)
            archive = start.now(lambda: _archived(ordered, plan, part))
            if linking is not None:  # the donor's folders, a rename each (0.1 s at 3,000 events):
                linking.move_from_donor(pool)  # on the pool's other worker, if there is one
                part.moved_early.append(linking)
            people = _people(part, tasks, plan, config, own, workers, local)
            pages = site_wide.write(discovery, ordered, plan, people)
            archive()
            if linking is not None:
                linking.moves_done()
    return ordered, plan, pages


def _archived(
    ordered: list[cache.CacheEntry], plan: Plan, part: _LanguageBuild
) -> list[ArchiveEvent]:
    """The events of ``data/archive.sqlite``: a reused event's files are in the live build
    (moved in at the end), the others in this one."""
    live, root = part.options.out, part.writer.root
    reused = plan.reused
    return [ArchiveEvent(e.key, e.summary, live if e.slug in reused else root) for e in ordered]


def _in_order(tasks: list[EventTask], entries: list[cache.CacheEntry]) -> list[cache.CacheEntry]:
    """``entries`` in the order of ``tasks``."""
    by_slug = {e.slug: e for e in entries}
    return [by_slug[task.job.slug] for task in tasks]


def _rebuild_damaged(
    part: _LanguageBuild,
    linking: Linking | None,
    tasks: list[EventTask],
    plan: Plan,
    entries: list[cache.CacheEntry],
    executor: Executor,
    workers: int,
    local: bool,
) -> list[cache.CacheEntry]:
    """Wait for the reused events' links (before the workers stop); build the events whose
    folder in the live build was damaged, as if they had changed.

    Their people entries come from the cache as before, under the same key.
    """
    if linking is None:
        return entries
    prefix = f"{part.site.language}/" if part.site.languages else ""
    damaged = {folder.removeprefix(prefix) for folder in linking.join()}
    if not damaged:
        return entries
    for slug in damaged:
        del plan.reused[slug]
    late = part.late or LateReads({}, None)
    again = [
        replace(late.task(task), fingerprint=plan.fingerprint)
        for task in tasks
        if task.job.slug in damaged
    ]
    for task in again:  # the key of the bytes read (a file changed meanwhile)
        plan.keys[task.job.slug] = cache.event_key(plan.fingerprint, task)
    redo = Plan(plan.keys, {}, again, plan.fingerprint, plan.people, rounds=plan.rounds)
    kept = [entry for entry in entries if entry.slug not in damaged]
    return kept + build_events(part.writer, executor, workers, redo, None, local)


def _lacks_people(task: EventTask, plan: Plan, late: LateReads) -> bool:
    """The people step may read ``task``'s file: kept already, or built now without its
    people listed (they are read from the file, as for an event the state lacks)."""
    slug = task.job.slug
    return slug in late.read or (
        slug not in plan.reused and plan.keys[slug] not in plan.people and late.unread(task)
    )


def _people(
    part: _LanguageBuild,
    tasks: list[EventTask],
    plan: Plan,
    config: SiteConfig,
    executor: Executor,
    workers: int,
    local: bool,
) -> int:
    """Every person's page across the events (a site with people pages); pages made."""
    if not part.site.people:  # a site of one event has none, unless asked for
        return 0
    from trfsite.site.people import build_people
    from trfsite.site.people_files import PeopleRun

    options = part.options
    if part.late is not None:  # the bytes read late (for the people the state lacks)
        late = part.late
        tasks = [late.task(t) if _lacks_people(t, plan, late) else t for t in tasks]
    try:
        return build_people(
            part.writer,
            options.out,
            options.cache and (options.out / MARKER).is_file(),
            [(plan.keys[task.job.slug], task) for task in tasks],
            plan.people,
            config,
            PeopleRun(executor, workers, plan.fingerprint, local),
            part.state_file or state_path(options.out),
            part.taking,
            plan.rounds,
        )
    finally:
        if plan.rounds is not None:
            plan.rounds.close()
