"""``trfsite publish SRC -o OUT (--git REPO | --rsync DEST) [--watch]``: build and deploy,
once or after every change, unattended (see ``trfsite.site.live_publish``)."""

from __future__ import annotations

import datetime as dt
import logging
from pathlib import Path
from typing import TextIO

import click

from trfsite.cli.shared import site_options


class _Reporter:
    """Status lines on stderr (not under -q) and, with --log, in a file with the date."""

    def __init__(self, quiet: bool, log: TextIO | None) -> None:
        self.quiet = quiet
        self.log = log

    def status(self, line: str) -> None:
        self._out(line, problem=False)

    def problem(self, line: str) -> None:
        self._out(f"warning: {line}", problem=True)

    def _out(self, line: str, problem: bool) -> None:
        # One line each (a config error lists its problems on lines of their own).
        line = " ".join(part.strip() for part in line.splitlines())
        now = dt.datetime.now().astimezone()
        if problem or not self.quiet:
            click.echo(f"{now:%H:%M:%S} {line}", err=True)
        if self.log is not None:
            self.log.write(f"{now.isoformat(timespec='seconds')} {line}\n")
            self.log.flush()


@click.command("publish")
@click.argument("src", type=click.Path(exists=True, path_type=Path))
@click.option(
    "-o",
    "--out",
    "out",
    type=click.Path(path_type=Path),
    required=True,
    help="Output path, as for 'trfsite build' (a symlink to the newest build).",
)
@click.option("--git", "repo", metavar="REPO", help="Push the site to a branch of this repository.")
@click.option(
    "--branch", default="gh-pages", show_default=True, help="The branch that --git writes."
)
@click.option("-m", "--message", default="", help="The commit message of --git.")
@click.option("--rsync", "dest", metavar="DEST", help="Copy the site to this folder or host:path.")
@click.option(
    "--watch",
    is_flag=True,
    help="Keep publishing after every change under SRC, until Ctrl-C or SIGTERM (exit 0).",
)
@click.option(
    "--debounce",
    type=click.FloatRange(0.1, 3600),
    default=1.0,
    show_default=True,
    metavar="SECONDS",
    help="Build once the files have been still this long (a burst of writes is one build).",
)
@click.option(
    "--hold",
    type=click.FloatRange(0, 86400),
    default=30.0,
    show_default=True,
    metavar="SECONDS",
    help="How long a file that reads as cut short (unreadable, fewer players or more "
    "reading errors than before) waits for the rest of it before it is published.",
)
@click.option(
    "--retries",
    type=click.IntRange(1, 100),
    default=5,
    show_default=True,
    help="Without --watch: deploys tried before giving up (with --watch: until one works).",
)
@click.option(
    "--retry-pause",
    type=click.FloatRange(0.1, 3600),
    default=5.0,
    show_default=True,
    metavar="SECONDS",
    help="The pause after a failed deploy; doubled after each failure, up to 5 minutes.",
)
@site_options
@click.option("--url", default=None, help="The site's address for the status lines "
              "(default: base_url of trfsite.toml).")  # fmt: skip
@click.option(
    "--log",
    "log_path",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Also append every status line and warning, with date and time, to this file.",
)
@click.pass_context
def publish(
    ctx: click.Context,
    src: Path,
    out: Path,
    repo: str | None,
    branch: str,
    message: str,
    dest: str | None,
    watch: bool,
    debounce: float,
    hold: float,
    retries: int,
    retry_pause: float,
    pdf: bool,
    jobs: int | None,
    theme: str | None,
    config_path: Path | None,
    url: str | None,
    log_path: Path | None,
) -> None:
    """Build SRC into OUT and deploy it (--git REPO or --rsync DEST); with --watch,
    again after every change, until stopped.

    A change is built once the files have been still for --debounce seconds; a file
    that reads as cut short waits for the rest of it (--hold). A file that cannot be
    read keeps its previous pages online. A failed deploy is retried with a growing
    pause. One status line per cycle (-q: warnings only). Ctrl-C or SIGTERM stops
    after the step under way, with exit 0. Two publish runs on one OUT refuse.

    Exit status without --watch: 0 published; 1 a file has errors (the site is
    published all the same) or the deploy failed after --retries tries; 2 usage
    or config errors.
    """
    from trfsite.cli.shared import EXIT_FINDINGS
    from trfsite.cli.stopping import StopRequest
    from trfsite.site.executors import available_cores
    from trfsite.site.live_publish import Publisher, PublishSettings, Target
    from trfsite.site.lock import holding

    if (repo is None) == (dest is None):
        raise click.UsageError("give exactly one of --git REPO and --rsync DEST")
    target = Target(repo or "", branch, message, dest or "")
    target.check()
    root = ctx.find_root().obj or {}
    settings = PublishSettings(
        src,
        out,
        target,
        pdf,
        jobs or available_cores(),
        theme,
        config_path,
        debounce,
        hold,
        retry_first=retry_pause,
        retry_max=max(300.0, retry_pause),
        attempts=retries,
        url=url if url is not None else _base_url(src, config_path),
    )
    log = _open_log(log_path)
    handler = logging.StreamHandler(log) if log is not None else None
    if handler is not None:  # the build's own warnings go there too
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s: %(message)s"))
        handler.setLevel(logging.WARNING)
        logging.getLogger("trfsite").addHandler(handler)
    try:
        reporter = _Reporter(bool(root.get("quiet")), log)
        with (
            holding(out, "publish"),
            StopRequest(at_once=False).installed() as stop,
            Publisher(settings, reporter, stop.event) as publisher,
        ):
            if not watch:
                published = publisher.publish_once()
                if stop.asked:
                    reporter.status(f"stopped ({stop.signal_name})")
                elif not published or publisher.findings:
                    ctx.exit(EXIT_FINDINGS)
                return
            reporter.status(
                f"watching {src}, publishing to {target.name()} (Ctrl-C or SIGTERM stops)"
            )
            publisher.watch()
            reporter.status(f"stopped ({stop.signal_name or 'watch ended'})")
    finally:
        if handler is not None:
            logging.getLogger("trfsite").removeHandler(handler)
        if log is not None:
            log.close()


def _base_url(src: Path, config_path: Path | None) -> str:
    """The site's address from trfsite.toml ("" when it has an error: the build says it)."""
    from trfsite.pages.config import ConfigError, load_config

    try:
        return load_config(src if src.is_dir() else src.parent, config_path).base_url
    except ConfigError:
        return ""


def _open_log(path: Path | None) -> TextIO | None:
    """The log file, appended to."""
    if path is None:
        return None
    try:
        log = path.open("a", encoding="utf-8")
    except OSError as exc:
        raise click.BadParameter(
            f"{str(path)!r} cannot be opened ({exc.strerror}); expected a writable file",
            param_hint="--log",
        ) from None
    return log
