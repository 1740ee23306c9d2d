"""``trfsite publish``: build SRC into OUT and deploy what changed, once or on every change.

Made for the pairing program beside it, unattended:

- A change is built once the files have been still for ``debounce`` seconds (a burst of
  writes is one build). A tournament file that then reads as cut short (it cannot be
  read as a tournament, has fewer players or more reading errors than its last good
  version: the pairing program is still writing it) is held until it changes again, or
  for ``hold`` seconds at most.
- A file that cannot be read keeps the pages of its last readable version online
  (``BuildOptions.fallbacks``); its validation page says why.
- A failed deploy (network, host key, full disk) is retried with a growing pause, and
  reported; every deploy sends the whole site as built, so the next one publishes
  everything the failed one did not. git pushes one commit; rsync puts every file in
  place at the end: nothing half-deployed is live.
- ``stop`` (set by SIGTERM or Ctrl-C) ends the loop after the step under way.
"""

from __future__ import annotations

import logging
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

import click

from trfsite.pages.plan import Fallback
from trfsite.site import publish
from trfsite.site.build import BuildOptions, BuildReport, build_site, counted
from trfsite.site.build_sources import saved_at
from trfsite.site.deploy import DeployReport, check_branch, deploy_git, deploy_rsync
from trfsite.site.deploy import refuse_option_like as _refuse_option_like
from trfsite.site.discover import discover

logger = logging.getLogger(__name__)

_TICK_MS = 200  # how often the watcher looks at the clock when nothing changes


@dataclass(frozen=True, slots=True)
class Target:
    """Where the site goes: a git branch (``repo``) or an rsync destination (``dest``)."""

    repo: str = ""
    branch: str = "gh-pages"
    message: str = ""
    dest: str = ""

    def check(self) -> None:
        """Refuses a value git or rsync would read as an option, before anything runs."""
        if self.repo:
            _refuse_option_like(self.repo, "--git", "a repository path or URL")
            check_branch(self.branch)
        else:
            _refuse_option_like(self.dest, "--rsync", "a folder or host:path")

    def deploy(self, out: Path, workspace: Path | None = None) -> DeployReport:
        """``workspace``: git's, kept from one deploy to the next (nothing fetched again)."""
        if self.repo:
            return deploy_git(out, self.repo, self.branch, self.message, workspace=workspace)
        return deploy_rsync(out, self.dest)

    def name(self) -> str:
        return f"{self.repo} branch {self.branch}" if self.repo else self.dest


@dataclass(frozen=True, slots=True)
class PublishSettings:
    src: Path
    out: Path
    target: Target
    pdf: bool = False
    jobs: int = 1
    theme: str | None = None
    config_path: Path | None = None
    debounce: float = 1.0  # seconds the files must be still before a build
    hold: float = 30.0  # at most this long for a file that reads as cut short
    retry_first: float = 5.0  # the first pause after a failed deploy, doubled each time
    retry_max: float = 300.0
    attempts: int = 5  # once (no --watch): deploys tried before giving up
    url: str = ""  # shown in the status lines


class Reporter(Protocol):
    """Where the status lines go (the terminal, a log file)."""

    def status(self, line: str) -> None: ...

    def problem(self, line: str) -> None: ...


@dataclass(frozen=True, slots=True)
class Version:
    """One version of a tournament file, as publish read it."""

    stamp: tuple[int, int]  # size, modification time (ns): the version's identity
    data: bytes
    readable: bool
    players: int
    errors: int  # the reader's error findings
    saved: str  # when it was written (ISO)


def read_version(path: Path, name: str) -> Version | None:
    """The file as it is now; None when it cannot be read at all (gone, no permission)."""
    from trfsite.findings import Severity
    from trfsite.formats import read_bytes
    from trfsite.formats.limits import MAX_FILE_BYTES
    from trfsite.input_files import InputRefused, read_input

    try:
        info = path.stat()
        data = read_input(path, MAX_FILE_BYTES.limit)  # a FIFO is refused, never waited on
    except (OSError, InputRefused):
        return None
    try:
        result = read_bytes(data, name)
    except Exception:  # a reader's crash is the build's to report; here: unreadable
        logger.debug("%s: reading failed", name, exc_info=True)
        return Version((info.st_size, info.st_mtime_ns), data, False, 0, 1, saved_at(path))
    t = result.tournament
    errors = sum(1 for f in result.findings if f.severity is Severity.ERROR)
    players = len(t.players) if t is not None else 0
    return Version(
        (info.st_size, info.st_mtime_ns), data, t is not None, players, errors, saved_at(path)
    )


def cut_short(now: Version, good: Version | None) -> str:
    """Why ``now`` looks like a file still being written ("" when it does not)."""
    if not now.readable:
        return "cannot be read as a tournament"
    if now.players == 0:
        return "has no players yet"
    if good is None:
        return ""
    if now.players < good.players:
        return f"has {now.players} players, {good.players} before"
    if now.errors > good.errors:
        return f"has {now.errors} reading errors, {good.errors} before"
    return ""


@dataclass
class _Files:
    """What publish knows of SRC's tournament files, by path under SRC."""

    current: dict[str, Version] = field(default_factory=dict)
    good: dict[str, Version] = field(default_factory=dict)  # last readable, published


class Publisher:
    """Builds and deploys; ``watch`` does so on every change until ``stop`` is set.

    Used as a context manager: it keeps a workspace for git between deploys, in a
    temporary folder removed on the way out.
    """

    def __init__(
        self,
        settings: PublishSettings,
        reporter: Reporter,
        stop: threading.Event,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.settings = settings
        self.reporter = reporter
        self.stop = stop
        self.clock = clock
        self.files = _Files()
        self.undeployed = False  # the site built last is not yet deployed
        self.failures = 0  # deploys failed in a row
        self.retry_at = 0.0
        self.findings = False  # the last build found errors in some file
        self.last_deploy: DeployReport | None = None
        self._built_line = ""  # what the last build did, for the deploy's status line
        self._workspace: tempfile.TemporaryDirectory[str] | None = None

    def __enter__(self) -> Publisher:
        self._workspace = tempfile.TemporaryDirectory(prefix="trfsite-publish-")
        return self

    def __exit__(self, *exc: object) -> None:
        if self._workspace is not None:
            self._workspace.cleanup()
            self._workspace = None

    # ------------------------------------------------------------------ one cycle
    def publish_once(self) -> bool:
        """Build and deploy, retrying the deploy ``attempts`` times; True when published."""
        self._accept(self._inspect())
        if not self._build("first publish"):
            return False
        while not self.stop.is_set():
            if self._deploy():
                return True
            if self.failures >= self.settings.attempts:
                return False
            self.stop.wait(max(0.0, self.retry_at - self.clock()))
        return False

    def _inspect(self) -> dict[str, Version]:
        """Every tournament file under SRC as it is now (read again only when it changed)."""
        settings = self.settings
        exclude = (settings.out, publish.builds_dir(settings.out))
        found: dict[str, Version] = {}
        for source in discover(settings.src, exclude=exclude).files:
            known = self.files.current.get(source.relative)
            try:
                info = source.path.stat()
            except OSError:
                continue
            if known is not None and known.stamp == (info.st_size, info.st_mtime_ns):
                found[source.relative] = known
                continue
            version = read_version(source.path, source.relative)
            if version is not None:
                found[source.relative] = version
        return found

    def _suspects(self, found: dict[str, Version]) -> dict[str, str]:
        """The files that changed and look cut short, with why."""
        out = {}
        for name, version in found.items():
            before = self.files.current.get(name)
            if before is not None and before.stamp == version.stamp:
                continue
            why = cut_short(version, self.files.good.get(name))
            if why:
                out[name] = why
        return out

    def _accept(self, found: dict[str, Version]) -> None:
        self.files.current = found
        good = {n: v for n, v in self.files.good.items() if n in found}
        good.update({n: v for n, v in found.items() if v.readable})
        self.files.good = good

    def _build(self, why: str) -> BuildReport | None:
        """One build into OUT; its failure is reported and the previous site stays."""
        settings = self.settings
        fallbacks = tuple(
            (name, Fallback(self.files.good[name].data, self.files.good[name].saved))
            for name, version in sorted(self.files.current.items())
            if not version.readable and name in self.files.good
        )
        for name, _ in fallbacks:
            self.reporter.problem(
                f"{name} cannot be read as a tournament: its previous version stays online "
                "(its validation page says why)"
            )
        options = BuildOptions(
            settings.src,
            settings.out,
            settings.theme,
            settings.pdf,
            settings.jobs,
            settings.config_path,
            keep=1,
            live=True,
            fallbacks=fallbacks,
        )
        logger.info("%s: building", why)
        try:
            report = build_site(options)
        except click.ClickException as exc:
            self.reporter.problem(f"{why}: build failed, the site stays as it was: "
                                  f"{exc.format_message()}")  # fmt: skip
            return None
        except Exception as exc:  # unattended: a bug must not end the service
            logger.debug("build failed", exc_info=True)
            self.reporter.problem(
                f"{why}: build failed (internal error {type(exc).__name__}: {exc}), "
                "the site stays as it was"
            )
            return None
        self.findings = bool(report.files_with_errors)
        self.undeployed = True
        self.failures = 0
        reused = f" ({report.reused} unchanged)" if report.reused else ""
        self._built_line = (
            f"{why}: {counted(report.events, 'event')}{reused}, "
            f"{counted(report.errors, 'error')}, built in {report.seconds:.1f} s"
        )
        return report

    def _deploy(self) -> bool:
        """Deploy the site built last; on failure the next try is scheduled."""
        started = time.perf_counter()
        logger.info("deploying to %s", self.settings.target.name())
        try:
            workspace = Path(self._workspace.name) if self._workspace is not None else None
            report = self.settings.target.deploy(self.settings.out, workspace)
        except click.ClickException as exc:
            self.failures += 1
            pause = min(
                self.settings.retry_first * 2 ** (self.failures - 1), self.settings.retry_max
            )
            self.retry_at = self.clock() + pause
            self.reporter.problem(
                f"deploy to {self.settings.target.name()} failed (attempt {self.failures}), "
                f"next try in {pause:.0f} s: {exc.format_message()}"
            )
            return False
        took = time.perf_counter() - started
        self.undeployed = False
        self.failures = 0
        self.last_deploy = report
        counts = report.counts()
        sent = sum(counts.values())
        what = f"{counted(sent, 'changed file')} deployed" if sent else "nothing to deploy"
        where = self.settings.url or self.settings.target.name()
        self.reporter.status(f"{self._built_line}; {what} in {took:.1f} s -> {where}")
        logger.info("deployed: %s", report.summary_line())
        return True

    def _cycle(self, why: str) -> None:
        if self._build(why) is None:
            return
        if self.stop.is_set():
            self.reporter.status(
                f"{self._built_line}; stopping before the deploy (the next publish sends it)"
            )
            return
        self._deploy()

    # ------------------------------------------------------------------ watching
    def watch(self, changes: Iterator[set[Path]] | None = None) -> None:
        """Publish now, then after every change under SRC until ``stop`` is set."""
        # Watching starts first: a change made while the first build runs is seen.
        ticks = changes if changes is not None else self._changes()
        next(ticks, None)
        self._accept(self._inspect())
        self._cycle("first publish")
        pending: set[Path] = set()
        last_change = 0.0
        held: dict[str, str] = {}
        for found in ticks:
            if self.stop.is_set():
                break
            now = self.clock()
            if found:
                pending |= found
                last_change = now
                continue
            if not pending:
                if self.undeployed and self.failures and now >= self.retry_at:
                    self._deploy()
                continue
            if now - last_change < self.settings.debounce:
                continue
            versions = self._inspect()
            suspects = self._suspects(versions)
            if suspects and now - last_change < self.settings.hold:
                for name, why in suspects.items():
                    if held.get(name) != why:
                        self.reporter.status(f"{name} {why}: waiting for the rest of it")
                held = suspects
                continue
            for name, why in suspects.items():
                self.reporter.problem(
                    f"{name} still {why} after {self.settings.hold:.0f} s; publishing it as it is"
                )
            held = {}
            names = sorted({p.name for p in pending})
            pending = set()
            self._accept(versions)
            self._cycle(f"{', '.join(names)} changed")
            if self.stop.is_set():
                break

    def _changes(self) -> Iterator[set[Path]]:
        """Sets of changed paths under SRC; an empty set every tick without a change."""
        from watchfiles import watch

        settings = self.settings
        root = (settings.src if settings.src.is_dir() else settings.src.parent).resolve()
        ignored = ignored_paths(settings.out)
        only = None if settings.src.is_dir() else settings.src.resolve()

        def relevant(_change: object, path: str) -> bool:
            if only is not None:
                return Path(path).resolve() == only
            return relevant_change(path, root, ignored)

        for changes in watch(
            root,
            watch_filter=relevant,
            stop_event=self.stop,
            debounce=_TICK_MS,
            rust_timeout=_TICK_MS,
            yield_on_timeout=True,
            raise_interrupt=False,
        ):
            yield {Path(path) for _, path in changes}


def ignored_paths(out: Path) -> tuple[Path, ...]:
    """What a build writes beside SRC's files: OUT, its builds, its locks."""
    from trfsite.site.lock import lock_path

    target = out.absolute()
    return (
        target.resolve(),
        target,
        publish.builds_dir(out).absolute(),
        lock_path(out, "publish"),
    )


def relevant_change(path: str, root: Path, ignored: tuple[Path, ...]) -> bool:
    """A change a build would see: not in the output folders, not hidden, under ``root``."""
    resolved = Path(path).absolute()
    if any(resolved == d or resolved.is_relative_to(d) for d in ignored):
        return False
    resolved = resolved.resolve()
    if any(resolved == d or resolved.is_relative_to(d) for d in ignored):
        return False
    if not resolved.is_relative_to(root):
        return False
    return not any(part.startswith(".") for part in resolved.relative_to(root).parts)
