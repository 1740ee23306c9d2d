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
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import click

from trfsite import __version__
from trfsite.pages.config import CONFIG_NAME, ConfigError, SiteConfig, load_config
from trfsite.pages.contexts import IndexPage, PageMeta, SiteInfo
from trfsite.pages.plan import EventJob
from trfsite.pages.rows import EventSummary
from trfsite.render.theme import Theme, find_theme, static_files, theme_chain
from trfsite.site import cache, publish
from trfsite.site.discover import Discovery, discover
from trfsite.site.event_build import (
    EventOutput,
    EventTask,
    Share,
    build_event,
    make_pdf,
    merge_parts,
)
from trfsite.site.executors import open_executor
from trfsite.site.language_pages import site_title, write_language_choice
from trfsite.site.people_build import PeopleRun
from trfsite.site.people_step import PeopleStep
from trfsite.site.writer import SiteWriter

if TYPE_CHECKING:
    from trfsite.people.entries import EventEntries

__all__ = ["BuildError", "BuildOptions", "BuildReport", "build_site", "make_pdf"]

logger = logging.getLogger(__name__)

MARKER = ".trfsite-build"  # marks a folder this program made, so that it may replace it
Progress = Callable[[str, int, int], None]  # (stage, done, total)
_T = TypeVar("_T")
_R = TypeVar("_R")


class BuildError(click.ClickException):
    """The build cannot start or finish; OUT is left untouched (usage error, exit 2)."""

    exit_code = 2


@dataclass(frozen=True, slots=True)
class BuildOptions:
    src: Path
    out: Path
    theme: str | None = None  # overrides the config's theme
    pdf: bool = True
    jobs: int = 1  # the CLI's default is every core this process may use
    config_path: Path | None = None
    executor: str | None = None  # "local" (None) or "dask://HOST:PORT"
    cache: bool = True  # reuse unchanged events from the previous output
    keep: int = 1  # previous builds kept beside OUT for rollback


@dataclass(frozen=True, slots=True)
class BuildReport:
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

    def summary_line(self) -> str:
        reused = f" ({self.reused} unchanged)" if self.reused else ""
        counts = [
            counted(self.events, "event") + reused,
            counted(self.pages, "page"),
            counted(self.pdfs, "PDF"),
            counted(self.errors, "error"),
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


def _check_paths(src: Path, out: Path) -> None:
    if not src.exists():
        raise BuildError(f"source {str(src)!r} does not exist; expected a folder or a file")
    source, target = src.resolve(), out.resolve()
    if source == target or source.is_relative_to(target):
        raise BuildError(
            f"output folder {str(out)!r} contains the source {str(src)!r}; "
            "expected a separate output folder (it is replaced on every build)"
        )
    if target.exists() and not target.is_dir():
        raise BuildError(f"output {str(out)!r} is a file; expected a folder")
    if target.is_dir() and any(target.iterdir()) and not (target / MARKER).is_file():
        raise BuildError(
            f"output folder {str(out)!r} is not empty and was not made by trfsite; "
            "refusing to replace it (choose a new or empty folder)"
        )


def _published_events(out: Path) -> int:
    """How many event pages a previous trfsite build left in ``out`` (0 if none)."""
    if not (out / MARKER).is_file():
        return 0
    # Event folders may be nested (an archive's year folders); the home page and the
    # theme's static files are not events.
    return sum(
        1
        for page in out.rglob("index.html")
        if page.parent != out
        and page.relative_to(out).parts[0] not in ("static", "people")
        and not page.relative_to(out).parts[0].startswith(".")
    )


def _check_event_sections(discovery: Discovery, config: SiteConfig) -> None:
    """A ``[events.NAME]`` section that names no tournament file is a typo, not a wish:
    its settings (tie-breaks, rules) would silently not apply."""
    stems = sorted({source.path.stem for source in discovery.files})
    unknown = [name for name, _ in config.events if name not in stems]
    if unknown and stems:
        raise ConfigError(
            config.path or CONFIG_NAME,
            [
                f"events.{name}: no tournament file named {name!r} under the source folder; "
                f"expected one of: {', '.join(stems)}"
                for name in unknown
            ],
        )


def _jobs(discovery: Discovery, config: SiteConfig, site: SiteInfo, pdf: bool) -> list[EventJob]:
    jobs = []
    for source in discovery.files:
        stem = source.path.stem
        notes = ""
        if source.notes_path is not None:
            notes = source.notes_path.read_text(encoding="utf-8", errors="replace")
        jobs.append(
            EventJob(
                data=source.path.read_bytes(),
                source_name=source.relative,
                slug=source.slug,
                notes_markdown=notes,
                config=config.for_stem(stem),
                site=site,
                want_bulletin=pdf,
            )
        )
    return jobs


def _pdf_available() -> bool:
    try:
        import trfsite.pdf  # noqa: F401
    except ImportError as exc:
        logger.warning("PDF bulletins skipped: trfsite.pdf cannot be imported (%s)", exc)
        return False
    return True


def _index_page(site: SiteInfo, summaries: list[EventSummary], notes_html: str) -> IndexPage:
    ordered = sorted(
        summaries,
        key=lambda s: (-(s.start_date or dt.date.min).toordinal(), s.name.casefold(), s.slug),
    )
    kinds = tuple(sorted({s.kind for s in ordered}))
    years = tuple(sorted({s.start_date.year for s in ordered if s.start_date}, reverse=True))
    meta = PageMeta(site, site.title, "", "", "home", "index.html")
    return IndexPage(meta, tuple(ordered), kinds, years, notes_html)


def _render_into(
    writer: SiteWriter,
    chain: tuple[Theme, ...],
    site: SiteInfo,
    summaries: list[EventSummary],
    index_notes: str,
) -> int:
    """The home page and the theme's static files (the events are written already)."""
    from trfsite.render.environment import make_environment, render_page

    env = make_environment(chain, site.language)
    writer.write_text(
        "index.html", render_page(env, "index.html", _index_page(site, summaries, index_notes))
    )
    for relative, source in static_files(chain):
        writer.copy_file(f"static/{relative}", source)
    return 1


def _make_tmp(out: Path) -> Path:
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        return publish.make_build_folder(out)
    except OSError as exc:
        raise BuildError(
            f"-o {str(out)!r}: cannot create a build folder in "
            f"{str(publish.builds_dir(out))!r} ({exc.strerror or exc}); expected a writable folder"
        ) from None


def _in_order(
    executor: Executor, workers: int, fn: Callable[[_T], _R], items: Iterable[_T]
) -> Iterator[_R]:
    """``fn`` over ``items`` with a few calls ahead, results in order (bounded memory)."""
    window = max(2, 2 * workers)
    pending: deque[Future[_R]] = deque()
    for item in items:
        pending.append(executor.submit(fn, item))
        if len(pending) >= window:
            yield pending.popleft().result()
    while pending:
        yield pending.popleft().result()


@dataclass(slots=True)
class _Plan:
    """Which events are reused from the previous output and which are built."""

    keys: dict[str, str]  # slug -> key
    reused: dict[str, cache.CacheEntry]  # slug -> entry
    build: list[EventTask]  # largest input first, for an even load at the end
    fingerprint: str = ""
    people: dict[str, EventEntries] = field(default_factory=dict)  # key -> entries built now


def _plan(options: BuildOptions, tasks: list[EventTask], bulletin: bool) -> _Plan:
    if not tasks:
        return _Plan({}, {}, [])
    bulletin_paths: tuple[Path, ...] = ()
    if bulletin:
        bulletin_paths = tuple(t.path for t in theme_chain(find_theme("bulletin")))
    fingerprint = cache.build_fingerprint(tasks[0].theme_paths, bulletin_paths)
    tasks = [replace(task, fingerprint=fingerprint) for task in tasks]
    keys = {task.job.slug: cache.event_key(fingerprint, task) for task in tasks}
    previous: dict[str, cache.CacheEntry] = {}
    if options.cache and (options.out / MARKER).is_file():
        previous = cache.load_manifest(options.out)
    reused = {}
    for task in tasks:
        entry = previous.get(keys[task.job.slug])
        if entry is not None and entry.slug == task.job.slug and cache.reusable(entry, options.out):
            reused[entry.slug] = entry
    build = [t for t in tasks if t.job.slug not in reused]
    build.sort(key=lambda t: -len(t.job.data))
    return _Plan(keys, reused, build, fingerprint)


def build_site(
    options: BuildOptions, progress: Progress | None = None, executor: Executor | None = None
) -> BuildReport:
    """Build the whole site into ``options.out``; raises BuildError/ConfigError before any swap."""
    started = time.perf_counter()
    config = load_config(
        options.src if options.src.is_dir() else options.src.parent, options.config_path
    )
    theme = find_theme(options.theme or config.theme)
    chain = theme_chain(theme)
    _check_paths(options.src, options.out)
    discovery = discover(options.src, exclude=(options.out, publish.builds_dir(options.out)))
    _check_event_sections(discovery, config)
    if not discovery.files:
        published = _published_events(options.out)
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
    languages = config.site_languages()
    several = len(languages) > 1
    tmp = _make_tmp(options.out)
    live = publish.live_folder(options.out)
    links: list[publish.Linking] = []

    def link_reused(slugs: list[str], prefix: str) -> None:
        if live is not None and slugs:
            links.append(publish.Linking(live, tmp, [prefix + slug for slug in slugs]))

    try:
        pages = pdfs = 0
        first: tuple[list[cache.CacheEntry], _Plan] | None = None
        for language in languages:
            # Several languages: each is a whole site of its own under OUT/<language>/
            # (its own manifest and reused events), all swapped in at once.
            prefix = f"{language}/" if several else ""
            site = SiteInfo(
                site_title(config, language),
                language,
                config.base_url + prefix if config.base_url else "",
                build_date(),
                f"trfsite {__version__}",
                languages if several else (),
                config.base_url,
            )
            part = _LanguageBuild(
                replace(options, out=options.out / language) if several else options,
                SiteWriter(tmp / language if several else tmp),
                site,
                functools.partial(link_reused, prefix=prefix),
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
            linking.join()
        publish.publish(tmp, options.out, options.keep)
    except BaseException:
        for linking in links:  # no thread may still write into tmp while it goes
            with contextlib.suppress(BaseException):
                linking.join()
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    assert first is not None  # languages is never empty
    ordered, plan = first
    for entry in ordered:  # -v: what happened to each event
        how = "reused from the previous build" if entry.slug in plan.reused else "built"
        pdf = ", PDF" if entry.pdf else ""
        logger.info(
            "%s -> %s/: %s, %d page(s)%s, %d error(s), %d warning(s)%s",
            entry.summary.source_name,
            entry.slug,
            how,
            entry.pages,
            pdf,
            entry.errors,
            entry.warnings,
            f" ({entry.failure})" if entry.failure else "",
        )
    return BuildReport(
        events=len(ordered),
        pages=pages,
        pdfs=pdfs,
        errors=sum(e.errors for e in ordered),
        warnings=sum(e.warnings for e in ordered),
        files_with_errors=sum(1 for e in ordered if e.errors or e.failure),
        files_with_warnings=sum(1 for e in ordered if e.warnings),
        failed=tuple(f"{e.summary.source_name}: {e.failure}" for e in ordered if e.failure),
        pdf_failures=tuple(e.pdf_failure for e in ordered if e.pdf_failure),
        seconds=time.perf_counter() - started,
        out=options.out,
        reused=len(plan.reused),
    )


@dataclass(frozen=True, slots=True)
class _LanguageBuild:
    options: BuildOptions  # ``out`` is where this language's site goes
    writer: SiteWriter
    site: SiteInfo
    # Starts hard-linking the reused events' folders from the live build (see Linking).
    link_reused: Callable[[list[str]], None] = lambda slugs: None


def _build_language(
    part: _LanguageBuild,
    discovery: Discovery,
    config: SiteConfig,
    chain: tuple[Theme, ...],
    want_pdf: bool,
    executor: Executor | None,
    progress: Progress | None,
) -> tuple[list[cache.CacheEntry], _Plan, int]:
    """One language's events, home page, static files and manifest; (entries, plan, pages)."""
    theme_paths = tuple(t.path for t in chain)
    tasks = [EventTask(job, theme_paths) for job in _jobs(discovery, config, part.site, want_pdf)]
    plan = _plan(part.options, tasks, want_pdf)
    part.link_reused(sorted(plan.reused))
    writer = part.writer
    entries = [plan.reused[slug] for slug in sorted(plan.reused)]
    if executor is not None:
        people = _people_step(
            part, tasks, plan, config, PeopleRun(executor, 2, plan.fingerprint, local=False)
        )
        entries += _build_events(writer, executor, 2, plan, progress, people, local=False)
    else:
        with open_executor(part.options.executor, part.options.jobs) as (own, workers):
            local = (part.options.executor or "local") == "local"
            run = PeopleRun(own, workers, plan.fingerprint, local)
            people = _people_step(part, tasks, plan, config, run)
            entries += _build_events(writer, own, workers, plan, progress, people, local)
            people.make()  # on the pool, while it is open
    by_slug = {e.slug: e for e in entries}
    ordered = [by_slug[task.job.slug] for task in tasks]
    index_notes = ""
    if discovery.index_notes is not None:
        from trfsite.pages.notes import markdown_to_html

        index_notes = markdown_to_html(
            discovery.index_notes.read_text(encoding="utf-8", errors="replace")
        )
    pages = _render_into(writer, chain, part.site, [e.summary for e in ordered], index_notes)
    pages += sum(e.pages for e in ordered)
    pages += people.make()
    writer.write_text(cache.MANIFEST, cache.manifest_text(ordered))
    if part.site.languages:  # the next build's _plan looks for it beside the manifest
        writer.write_text(MARKER, f"trfsite {__version__}\n")
    return ordered, plan, pages


def _people_step(
    part: _LanguageBuild,
    tasks: list[EventTask],
    plan: _Plan,
    config: SiteConfig,
    run: PeopleRun,
) -> PeopleStep:
    """Every person's page across the events, made once every event has listed its players."""
    options = part.options
    return PeopleStep(
        part.writer,
        options.out,
        options.cache and (options.out / MARKER).is_file(),
        [(plan.keys[task.job.slug], task) for task in tasks],
        plan.people,
        config,
        part.site,
        run,
    )


def _split(plan: _Plan, workers: int, out_root: Path | None) -> list[EventTask]:
    """The tasks to run: with fewer events than workers, each event is split in parts.

    A part reads and ranks the whole event but renders only every n-th page, so
    one large event uses every worker. An event with a bulletin gets one more
    task that makes only the PDF (the longest step) while the parts render the
    pages, which assume the PDF is made (see _build_events). The bulletin comes
    second, after part 0: both start at once, and part 0 (which lists the
    players) is collected first, so the people pages need not wait for the PDF.
    """
    split = workers > 1 and len(plan.build) < workers
    tasks = []
    for task in plan.build:
        parts = workers if split else 1
        task = replace(task, out_root=out_root, parts=parts)
        if parts > 1 and task.job.want_bulletin:
            pages = [replace(task, part=part, share=Share.PAGES) for part in range(parts)]
            tasks += [pages[0], replace(task, part=0, share=Share.BULLETIN), *pages[1:]]
        else:
            tasks.extend(replace(task, part=part, share=Share.ALL) for part in range(parts))
    return tasks


def _rebuild_whole(writer: SiteWriter, task: EventTask) -> EventOutput:
    """The event built again in one piece, here.

    Each part builds only its own pages, so a page whose context fails (an
    internal error, which turns the event into its overview and validation
    pages) fails in one part only; the parts' files do not fit together then.
    Nor do they when the bulletin failed (rare): the parts' pages link to it.
    """
    logger.debug("%s: parts disagree, building it whole", task.job.source_name)
    writer.remove_folder(task.job.slug)
    whole = build_event(replace(task, out_root=None, part=0, parts=1, share=Share.ALL))
    for path, data in whole.files:
        writer.write_bytes(path, data)
    return replace(whole, files=())


def _build_events(
    writer: SiteWriter,
    executor: Executor,
    workers: int,
    plan: _Plan,
    progress: Progress | None,
    people: PeopleStep,
    local: bool,
) -> list[cache.CacheEntry]:
    """Build the events that are not reused; their files are written as they arrive.

    Local workers write their files into the temporary folder themselves, so
    the pages do not travel back through a pipe; remote ones return them.
    Once every event's first part is in, the people pages are made (see
    ``people_step``), while later parts may still be rendering.
    """
    entries = []
    tasks = _split(plan, workers, writer.root if local else None)
    parts: list[EventOutput] = []
    done = firsts = 0
    for task, output in zip(tasks, _in_order(executor, workers, build_event, tasks), strict=True):
        for path, data in output.files:
            writer.write_bytes(path, data)
        parts.append(output)
        key = plan.keys[output.slug]
        if task.part == 0 and task.share is not Share.BULLETIN:  # it lists the players
            firsts += 1
            if output.people is not None:
                plan.people[key] = output.people
            if firsts == len(plan.build):
                people.make()
        if not task.closes_event:
            continue
        whole = merge_parts(parts) if len(parts) > 1 else output
        if len({part.failure for part in parts}) > 1 or (len(parts) > 1 and whole.pdf_failure):
            whole = _rebuild_whole(writer, task)
            if whole.people != plan.people.get(key):
                plan.people.pop(key, None)
                if whole.people is not None:
                    plan.people[key] = whole.people
                people.redo()
        parts = []
        entries.append(cache.entry_for(key, whole))
        if whole.pdf_failure:
            logger.warning("%s", whole.pdf_failure)
        done += 1
        if progress:
            progress("events", done, len(plan.build))
    return entries
