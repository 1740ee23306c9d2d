"""The build pipeline: discover -> gather (per event, through an executor) -> render -> swap.

Everything is written into a temporary folder beside OUT, which replaces OUT
only when the whole build succeeded; a failed build leaves OUT as it was.
Per-event work (``gather_event``, ``make_pdf``) is a pure function of picklable
inputs, so ``--jobs N`` runs it in a process pool, and any other
``concurrent.futures.Executor`` (e.g. a Dask client's) can be passed in.
"""

from __future__ import annotations

import datetime as dt
import logging
import os
import shutil
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TypeVar

import click

from trfsite import __version__
from trfsite.site.config import SiteConfig, load_config
from trfsite.site.contexts import BulletinData, IndexPage, PageMeta, SiteInfo
from trfsite.site.discover import Discovery, discover
from trfsite.site.gather import EventJob, EventResult, gather_event
from trfsite.theme import Theme, find_theme, static_files, theme_chain
from trfsite.writer import SiteWriter

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
    jobs: int = 1
    config_path: Path | None = None


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

    def summary_line(self) -> str:
        return (
            f"{self.events} events, {self.pages} pages, {self.pdfs} PDFs, "
            f"{self.errors} errors, {self.warnings} warnings "
            f"in {self.seconds:.1f} s -> {self.out}"
        )


class _InlineExecutor(Executor):
    """Runs each call at once in this process (``--jobs 1``), keeping tracebacks simple."""

    def map(  # type: ignore[override]
        self,
        fn: Callable[[_T], _R],
        *iterables: Iterable[_T],
        timeout: float | None = None,
        chunksize: int = 1,
    ) -> Iterator[_R]:
        del timeout, chunksize
        return map(fn, *iterables)


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


def make_pdf(data: BulletinData) -> bytes:
    """One bulletin (pure: builds its own environment, so it can run in a worker)."""
    from trfsite import pdf
    from trfsite.render import make_environment

    env = make_environment(theme_chain(find_theme("bulletin")), data.language)
    return pdf.render_bulletin(data, env)


def _pdf_available() -> bool:
    try:
        import trfsite.pdf  # noqa: F401
    except ImportError as exc:
        logger.warning("PDF bulletins skipped: trfsite.pdf cannot be imported (%s)", exc)
        return False
    return True


def _safe_pdf(data: BulletinData) -> bytes | str:
    """The PDF, or the reason it failed (one bad bulletin must not stop the build)."""
    try:
        return make_pdf(data)
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}"


def _index_page(site: SiteInfo, results: list[EventResult], notes_html: str) -> IndexPage:
    summaries = sorted(
        (r.summary for r in results),
        key=lambda s: (-(s.start_date or dt.date.min).toordinal(), s.name.casefold(), s.slug),
    )
    kinds = tuple(sorted({s.kind for s in summaries}))
    years = tuple(sorted({s.start_date.year for s in summaries if s.start_date}, reverse=True))
    meta = PageMeta(site, site.title, "", "", "home", "index.html")
    return IndexPage(meta, tuple(summaries), kinds, years, notes_html)


def _render_into(
    writer: SiteWriter,
    chain: tuple[Theme, ...],
    site: SiteInfo,
    results: list[EventResult],
    index_notes: str,
    progress: Progress | None,
) -> int:
    from trfsite.render import make_environment, render_page

    env = make_environment(chain, site.language)
    pages = 0
    writer.write_text(
        "index.html", render_page(env, "index.html", _index_page(site, results, index_notes))
    )
    pages += 1
    for done, result in enumerate(results, start=1):
        for page in result.pages:
            writer.write_text(page.path, render_page(env, page.template, page.context))
            pages += 1
        if progress:
            progress("render", done, len(results))
    for relative, source in static_files(chain):
        writer.copy_file(f"static/{relative}", source)
    return pages


def _swap(tmp: Path, out: Path) -> None:
    """Replace ``out`` by ``tmp`` with two renames; the old output is removed last."""
    if out.exists():
        old = Path(tempfile.mkdtemp(prefix=f".{out.name}.old-", dir=out.parent))
        old.rmdir()
        os.replace(out, old)
        try:
            os.replace(tmp, out)
        except OSError:
            os.replace(old, out)
            raise
        shutil.rmtree(old, ignore_errors=True)
    else:
        os.replace(tmp, out)


def _make_tmp(out: Path) -> Path:
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.tmp-", dir=out.parent))
    umask = os.umask(0)
    os.umask(umask)
    tmp.chmod(0o777 & ~umask)  # mkdtemp's 0700 would hide the site from a web server
    return tmp


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
    discovery = discover(options.src, exclude=(options.out,))
    site = SiteInfo(
        config.title, config.language, config.base_url, build_date(), f"trfsite {__version__}"
    )
    want_pdf = options.pdf and _pdf_available()
    jobs = _jobs(discovery, config, site, want_pdf)
    own_executor = executor is None
    if executor is None:
        executor = ProcessPoolExecutor(options.jobs) if options.jobs > 1 else _InlineExecutor()
    tmp = _make_tmp(options.out)
    try:
        results: list[EventResult] = []
        for done, result in enumerate(executor.map(gather_event, jobs), start=1):
            results.append(result)
            if progress:
                progress("read", done, len(jobs))
        writer = SiteWriter(tmp)
        index_notes = ""
        if discovery.index_notes is not None:
            from trfsite.site.notes import markdown_to_html

            index_notes = markdown_to_html(
                discovery.index_notes.read_text(encoding="utf-8", errors="replace")
            )
        pdfs, pdf_failures = _write_pdfs(writer, executor, results, progress)
        results = [_without_missing_pdf(r, writer) for r in results]
        pages = _render_into(writer, chain, site, results, index_notes, progress)
        writer.write_text(MARKER, f"trfsite {__version__}\n")
        _swap(tmp, options.out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    finally:
        if own_executor:
            executor.shutdown()
    return BuildReport(
        events=len(results),
        pages=pages,
        pdfs=pdfs,
        errors=sum(r.errors for r in results),
        warnings=sum(r.warnings for r in results),
        files_with_errors=sum(1 for r in results if r.errors or r.failure),
        files_with_warnings=sum(1 for r in results if r.warnings),
        failed=tuple(f"{r.summary.source_name}: {r.failure}" for r in results if r.failure),
        pdf_failures=pdf_failures,
        seconds=time.perf_counter() - started,
        out=options.out,
    )


def _without_missing_pdf(result: EventResult, writer: SiteWriter) -> EventResult:
    """Pages must not link to a bulletin that failed: drop the link from every header."""
    if result.bulletin is None or f"{result.slug}/{result.slug}.pdf" in writer.written:
        return result
    pages = []
    for page in result.pages:
        context = page.context
        if not isinstance(context, IndexPage) and context.event.pdf:
            context = replace(context, event=replace(context.event, pdf=""))
        pages.append(replace(page, context=context))
    return replace(result, pages=tuple(pages))


def _write_pdfs(
    writer: SiteWriter, executor: Executor, results: list[EventResult], progress: Progress | None
) -> tuple[int, tuple[str, ...]]:
    wanted = [r for r in results if r.bulletin is not None]
    failures = []
    count = 0
    bulletins = [r.bulletin for r in wanted if r.bulletin is not None]
    for done, (result, made) in enumerate(
        zip(wanted, executor.map(_safe_pdf, bulletins), strict=True), start=1
    ):
        if isinstance(made, bytes):
            writer.write_bytes(f"{result.slug}/{result.slug}.pdf", made)
            count += 1
        else:
            failures.append(f"{result.summary.source_name}: PDF failed: {made}")
            logger.warning("%s: the PDF bulletin failed: %s", result.summary.source_name, made)
        if progress:
            progress("pdf", done, len(wanted))
    return count, tuple(failures)
