"""What every command shares: the exit codes and the log handler.

Below the group (``cli/__init__``) and the command list, which both use it.
"""

from __future__ import annotations

import functools
import gc
import logging
import sys
from collections.abc import Callable
from pathlib import Path
from typing import ParamSpec, TypeVar

import click

EXIT_OK = 0
EXIT_FINDINGS = 1
EXIT_USAGE = 2


def read_file_argument(file: Path) -> tuple[str, bytes]:
    """A FILE argument's printable name and bytes, read as ``trfsite.input_files`` reads
    inputs (a regular file within the file budget: a FIFO or a device is never waited
    on); otherwise its finding on stderr and exit 1, like a file that is no tournament."""
    import click

    from trfsite.findings import Finding, Severity
    from trfsite.formats.limits import MAX_FILE_BYTES
    from trfsite.input_files import InputRefused, read_input, shown_name

    name = shown_name(file)
    try:
        return name, read_input(file, MAX_FILE_BYTES.limit)
    except InputRefused as exc:
        click.echo(Finding(Severity.ERROR, exc.code, exc.reason, name).format_text(), err=True)
        sys.exit(EXIT_FINDINGS)


def configure_logging(verbose: int, quiet: bool) -> None:
    level = logging.WARNING
    if quiet:
        level = logging.ERROR
    elif verbose == 1:
        level = logging.INFO
    elif verbose >= 2:
        level = logging.DEBUG
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(levelname)s: %(message)s"))
    root = logging.getLogger("trfsite")
    root.handlers[:] = [handler]
    root.setLevel(level)
    root.propagate = False


_P = ParamSpec("_P")
_R = TypeVar("_R")


_restore_collector = True  # False once ``main`` said the process ends with the command


def process_ends_with_command() -> None:
    """Called by ``main``: nothing of this process runs after the command."""
    global _restore_collector
    _restore_collector = False


def without_cyclic_gc(command: Callable[_P, _R]) -> Callable[_P, _R]:
    """Run a one-file command with Python's cyclic collector off.

    What such a command builds (the model, the tie-break arrays, the rows) lives until
    the process ends and holds no reference cycles: the collector would only scan it
    again and again (1-2% of ``trfsite standings``' instructions on a 2,000-player open).
    Memory stays proportional to the file, which ``formats/limits.py`` bounds. The
    collector's state is restored afterwards, for callers in the same process (tests),
    but not under ``main``: switched back on, it would go once over every object the
    command made (all still young) at the next allocation, 5 ms of the 150 ms of that
    open's standings, for a process that exits next.
    """

    @functools.wraps(command)
    def run(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        was_enabled = gc.isenabled()
        gc.disable()
        try:
            return command(*args, **kwargs)
        finally:
            if was_enabled and _restore_collector:
                gc.enable()

    return run


def site_options(command: Callable[_P, _R]) -> Callable[_P, _R]:
    """The options of every command that builds the site: --theme, --pdf, --jobs, --config."""
    options = (
        click.option(
            "--theme", default=None, help="Theme name or theme folder (default: from config)."
        ),
        click.option("--pdf/--no-pdf", default=True, show_default=True, help="Make PDF bulletins."),
        click.option(
            "--jobs",
            "-j",
            type=click.IntRange(1, 64),
            default=None,
            help="Events processed in parallel (a process pool when > 1)  [default: the cores "
            "this process may use; 1 builds in this process, for debugging]",
        ),
        click.option(
            "--config",
            "config_path",
            type=click.Path(exists=True, dir_okay=False, path_type=Path),
            default=None,
            help="Config file (default: SRC/trfsite.toml when present).",
        ),
    )
    for option in reversed(options):
        command = option(command)
    return command
