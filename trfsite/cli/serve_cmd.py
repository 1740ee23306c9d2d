"""``trfsite serve SRC``: build, serve on localhost, rebuild when a file changes.

By default the site is built into a temporary folder, removed when serve stops
(Ctrl-C or SIGTERM): serving never writes into the results folder.
"""

from __future__ import annotations

import logging
import shutil
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from trfsite.cli.stopping import StopRequest

logger = logging.getLogger(__name__)


def _rebuild(options: object) -> bool:
    """One build; a failure is reported and the previous site keeps being served."""
    from trfsite.site.build import BuildOptions, build_site

    assert isinstance(options, BuildOptions)
    try:
        report = build_site(options)
    except click.ClickException as exc:
        click.echo(f"build failed: {exc.format_message()}", err=True)
        return False
    click.echo(report.summary_line(), err=True)
    return True


@click.command("serve")
@click.argument("src", type=click.Path(exists=True, file_okay=True, path_type=Path))
@click.option(
    "-o",
    "--out",
    "out",
    type=click.Path(path_type=Path),
    default=None,
    help="Build into this output folder and keep it (as 'trfsite build -o OUT' would). "
    "Default: a temporary folder, removed when serve stops.",
)
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
@click.option("--theme", default=None, help="Theme name or theme folder.")
@click.option(
    "--pdf/--no-pdf",
    default=False,
    show_default=True,
    help="Also make PDF bulletins on every rebuild (slow).",
)
def serve(src: Path, out: Path | None, port: int, theme: str | None, pdf: bool) -> None:
    """Build the site, serve it on http://127.0.0.1:PORT/ and rebuild on every change.

    Only the site's own files are served (no folder listings, no trfsite
    bookkeeping, nothing outside the site). Ctrl-C or SIGTERM stops it.
    """
    from trfsite.cli.stopping import StopRequest

    scratch = None
    if out is None:
        scratch = Path(tempfile.mkdtemp(prefix="trfsite-serve-"))
        out = scratch / "site"
    try:
        # A stop sets an event that ends the watch (as `publish` does), rather than
        # a KeyboardInterrupt raised wherever the main thread is: one raised just as
        # the watch began was caught, atexit ran, and still the process ended by
        # SIGINT (-2, no traceback) in about one run of four. A second signal still
        # stops at once.
        with StopRequest(at_once=False).installed() as stop:
            _serve(src, out, port, theme, pdf, stop)
    except KeyboardInterrupt:
        pass
    finally:
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)


def _serve(
    src: Path, target: Path, port: int, theme: str | None, pdf: bool, stop: StopRequest
) -> None:
    from watchfiles import watch

    from trfsite.site.build import BuildOptions

    folder = src if src.is_dir() else src.parent
    options = BuildOptions(src, target, theme, pdf)
    _rebuild(options)
    if stop.asked:  # during the first build, which was let finish
        return
    # Only here: every other command starts faster without the HTTP server.
    from trfsite.cli.live_server import BuildSignal, start_server, stop_server

    signal = BuildSignal()
    # Not resolved: when OUT is a symlink to the current build, each request follows it.
    server = start_server(target.absolute(), port, signal)
    click.echo(
        f"Serving {target} on http://127.0.0.1:{server.server_port}/ (Ctrl+C stops; "
        "open pages reload after each rebuild)",
        err=True,
    )
    from trfsite.site.live_publish import ignored_paths, relevant_change

    ignored = ignored_paths(target)
    try:
        root = folder.resolve()
        for changes in watch(
            root,
            watch_filter=lambda _c, path: relevant_change(path, root, ignored),
            stop_event=stop.event,
        ):
            names = sorted({Path(p).name for _, p in changes})
            click.echo(f"changed: {', '.join(names)}; rebuilding", err=True)
            if _rebuild(options):
                signal.built()
    finally:
        stop_server(server, signal)
