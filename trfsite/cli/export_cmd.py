"""``trfsite export``: write a tournament file again as normalised TRF-2026.

The input file is never written to; ``-o`` writes through a temporary file
in the same folder and renames it, so a failed export leaves nothing half
written.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import click

from trfsite.cli.shared import EXIT_FINDINGS
from trfsite.model import EventKind, Tournament


def _write_atomically(path: Path, data: bytes) -> None:
    folder = path.parent if str(path.parent) else Path(".")
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=folder)
    try:
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

    if output is not None and output.resolve() == file.resolve():
        raise click.UsageError(
            f"-o {str(output)!r} is the input file; input files are never overwritten"
        )
    try:
        data = file.read_bytes()
    except OSError as exc:
        raise click.ClickException(f"{file}: cannot read the file ({exc.strerror})") from None
    result = read_bytes(data, str(file))
    errors = [item for item in result.findings if item.severity is Severity.ERROR]
    for item in errors:
        click.echo(item.format_text(), err=True)
    if result.tournament is None:
        ctx.exit(EXIT_FINDINGS)
        return
    text = write_trf(result.tournament) + _computed_team_summaries(result.tournament)
    if output is None:
        click.echo(text, nl=False)
    else:
        try:
            _write_atomically(output, text.encode("utf-8"))
        except OSError as exc:
            raise _OutputError(f"{output}: cannot write the file ({exc.strerror})") from None
    if errors:  # written as read (nothing is lost), but the input has errors: exit 1
        ctx.exit(EXIT_FINDINGS)


class _OutputError(click.ClickException):
    """The output cannot be written: a usage problem (exit 2), not the input's."""

    exit_code = 2
