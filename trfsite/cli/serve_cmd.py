"""``trfsite serve SRC``: build, serve on localhost, rebuild when a file changes."""

from __future__ import annotations

import functools
import logging
import os
import threading
from pathlib import Path

import click

logger = logging.getLogger(__name__)


def _rebuild(options: object) -> None:
    """One build; a failure is reported and the previous site keeps being served."""
    from trfsite.site.build import BuildOptions, build_site

    assert isinstance(options, BuildOptions)
    try:
        report = build_site(options)
    except click.ClickException as exc:
        click.echo(f"build failed: {exc.format_message()}", err=True)
        return
    click.echo(report.summary_line(), err=True)


@click.command("serve")
@click.argument("src", type=click.Path(exists=True, file_okay=True, path_type=Path))
@click.option(
    "-o",
    "--out",
    "out",
    type=click.Path(path_type=Path),
    default=None,
    help="Output folder (default: SRC/_site when SRC is a folder).",
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
    """Build the site, serve it on http://127.0.0.1:PORT/ and rebuild on every change."""
    from watchfiles import watch

    from trfsite.site.build import BuildOptions
    from trfsite.site.publish import builds_dir

    folder = src if src.is_dir() else src.parent
    target = out if out is not None else folder / "_site"
    options = BuildOptions(src, target, theme, pdf)
    _rebuild(options)
    import http.server  # only here: every other command starts faster without it

    # Not resolved: OUT is a symlink flipped on every rebuild, so each request follows it.
    handler = functools.partial(_quiet_handler(), directory=os.path.abspath(target))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    click.echo(
        f"Serving {target} on http://127.0.0.1:{server.server_port}/ (Ctrl+C stops)", err=True
    )
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    outputs = (Path(os.path.abspath(target)), builds_dir(Path(os.path.abspath(target))))
    try:
        root = folder.resolve()
        for changes in watch(root, watch_filter=lambda _c, path: _relevant(path, root, outputs)):
            names = sorted({Path(p).name for _, p in changes})
            click.echo(f"changed: {', '.join(names)}; rebuilding", err=True)
            _rebuild(options)
    except KeyboardInterrupt:
        pass
    finally:
        server.shutdown()


def _relevant(path: str, root: Path, outputs: tuple[Path, ...]) -> bool:
    """Changes in the output, its builds folder or hidden files are ignored."""
    plain = Path(os.path.abspath(path))
    if any(plain.is_relative_to(o) for o in outputs):
        return False
    resolved = plain.resolve()
    if any(resolved.is_relative_to(o.resolve()) for o in outputs) or not resolved.is_relative_to(
        root
    ):
        return False
    return not any(part.startswith(".") for part in resolved.relative_to(root).parts)


def _quiet_handler() -> type:
    """A handler serving the current OUT folder, logging at debug level, not on stderr."""
    import http.server

    class QuietHandler(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:  # noqa: A002
            logger.debug("serve: " + format, *args)

    return QuietHandler
