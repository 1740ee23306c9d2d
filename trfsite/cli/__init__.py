"""The command line: a thin click layer over the library.

Each command lives in its own module and is listed in ``commands.COMMANDS``. Exit
codes: 0 success, 1 the input has errors (or warnings under ``--strict``),
2 usage errors (click's own).
"""

from __future__ import annotations

import gc

import click

from trfsite import __version__
from trfsite.cli.commands import LazyGroup
from trfsite.cli.shared import configure_logging, process_ends_with_command


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="trfsite")
@click.option("-v", "--verbose", count=True, help="More detail on stderr (-vv for debug).")
@click.option("-q", "--quiet", is_flag=True, help="Only errors on stderr; no progress.")
@click.pass_context
def cli(ctx: click.Context, verbose: int, quiet: bool) -> None:
    """Build results websites and PDF bulletins from chess (TRF) and Go (EGF) files."""
    configure_logging(verbose, quiet)
    ctx.ensure_object(dict)
    ctx.obj["quiet"] = quiet
    ctx.obj["verbose"] = verbose


def main() -> None:
    """The ``trfsite`` program: the process ends with the command. Callers in their own
    process use ``cli`` (click's CliRunner), which leaves the process as it was."""
    # A command builds many small objects that live until it exits. Python's cyclic
    # collector would scan them, and every imported module, over and over: the imports
    # are frozen out of its view and collections made rarer. The model is frozen
    # dataclasses without reference cycles, so little garbage waits longer.
    gc.freeze()
    gc.set_threshold(10_000, 20, 20)
    gc.enable()  # ``python -m trfsite`` imports with it off (trfsite/__main__.py)
    process_ends_with_command()
    try:
        cli(prog_name="trfsite")
    finally:
        # The process ends here: Python's exit would otherwise collect over everything
        # the command built (5% of a 2,000-player ``trfsite standings``) for nothing.
        gc.disable()
        gc.freeze()
