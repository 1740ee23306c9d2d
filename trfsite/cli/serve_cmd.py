"""``trfsite serve SRC``: build, serve on localhost, rebuild when a file changes."""

from __future__ import annotations

import logging
from pathlib import Path

import click

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

    folder = src if src.is_dir() else src.parent
    target = out if out is not None else folder / "_site"
    options = BuildOptions(src, target, theme, pdf)
    _rebuild(options)
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
    out_dirs = (target.resolve(), target.absolute().with_name(target.name + ".builds"))
    try:
        root = folder.resolve()
        for changes in watch(root, watch_filter=lambda _c, path: _relevant(path, root, out_dirs)):
            names = sorted({Path(p).name for _, p in changes})
            click.echo(f"changed: {', '.join(names)}; rebuilding", err=True)
            if _rebuild(options):
                signal.built()
    except KeyboardInterrupt:
        pass
    finally:
        stop_server(server, signal)


def _relevant(path: str, root: Path, out_dirs: tuple[Path, ...]) -> bool:
    """Changes in the output folders, their hidden temporary siblings or hidden files: ignored."""
    resolved = Path(path).resolve()
    if any(resolved.is_relative_to(d) for d in out_dirs) or not resolved.is_relative_to(root):
        return False
    return not any(part.startswith(".") for part in resolved.relative_to(root).parts)
