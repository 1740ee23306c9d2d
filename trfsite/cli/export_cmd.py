"""``trfsite export``: write a tournament file again as normalised TRF-2026.

The input file is never written to; ``-o`` writes through a temporary file
in the same folder and renames it, so a failed export leaves nothing half
written. ``-o`` names a regular file (or a new one): a symbolic link is written
through (the file it points to gets the text, the link stays a link), and a FIFO,
a device or a folder is refused, never replaced.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

import click

from trfsite.cli.shared import EXIT_FINDINGS, read_file_argument
from trfsite.input_files import shown_name
from trfsite.model import EventKind, Tournament


def _output_file(output: Path) -> Path:
    """The regular file ``-o`` names, through its links; refuses anything else."""
    target = Path(os.path.realpath(output))
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        return target  # a new file (or the missing target of a link, made there)
    except OSError as exc:
        raise _OutputError(
            f"{shown_name(output)}: cannot write the file ({exc.strerror})"
        ) from None
    if not stat.S_ISREG(mode):
        raise _OutputError(
            f"-o {shown_name(output)!r} is not a regular file (a folder, FIFO or device); "
            "expected a file to write: it is left as it is"
        )
    return target


def _write_atomically(path: Path, data: bytes) -> None:
    folder = path.parent if str(path.parent) else Path(".")
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=folder)
    try:
        # mkstemp's file is private (0600): keep the mode of the file replaced, or
        # give a new one the mode any other new file would get.
        try:
            mode = stat.S_IMODE(os.stat(path).st_mode)
        except FileNotFoundError:
            mask = os.umask(0)
            os.umask(mask)
            mode = 0o666 & ~mask
        os.chmod(handle, mode)
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _computed_team_summaries(t: Tournament) -> str:
    """801/802 lines for a team event whose file had none (e.g. a TRF16 team file).

    Lines the file already had are written back as read, so the round trip holds.
    """
    if t.kind is not EventKind.TEAM or t.team_summaries:
        return ""
    from trfsite.formats.trf.team_summary import team_summary_records
    from trfsite.formats.trf.writer import LINE_END
    from trfsite.teams.matches import reconstruct_matches

    return "".join(
        line.rstrip() + LINE_END for line in team_summary_records(t, reconstruct_matches(t))
    )


@click.command("export")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["trf"]),
    default="trf",
    show_default=True,
    help="trf: normalised TRF-2026 (fixed columns, YYYY/MM/DD dates, explicit cells).",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write here instead of standard output.",
)
@click.pass_context
def export(ctx: click.Context, file: Path, fmt: str, output: Path | None) -> None:
    """Read FILE (TRF16, TRF-2026 or EGF) and write it as normalised TRF-2026."""
    from trfsite.findings import Severity
    from trfsite.formats import read_bytes
    from trfsite.formats.trf.writer import write_trf

    target = None if output is None else _output_file(output)
    if target is not None and target == file.resolve():
        raise click.UsageError(
            f"-o {str(output)!r} is the input file; input files are never overwritten"
        )
    name, data = read_file_argument(file)
    result = read_bytes(data, name)
    errors = [item for item in result.findings if item.severity is Severity.ERROR]
    for item in errors:
        click.echo(item.format_text(), err=True)
    if result.tournament is None:
        ctx.exit(EXIT_FINDINGS)
        return
    text = write_trf(result.tournament) + _computed_team_summaries(result.tournament)
    if target is None:
        click.echo(text, nl=False)
    else:
        try:
            _write_atomically(target, text.encode("utf-8"))
        except OSError as exc:
            raise _OutputError(
                f"{shown_name(target)}: cannot write the file ({exc.strerror})"
            ) from None
    if errors:  # written as read (nothing is lost), but the input has errors: exit 1
        ctx.exit(EXIT_FINDINGS)


class _OutputError(click.ClickException):
    """The output cannot be written: a usage problem (exit 2), not the input's."""

    exit_code = 2
