"""``trfsite export``: write a tournament file again: chess as normalised TRF-2026,
Go as an EGF table for the European Go Database.

The input file is never written to; ``-o`` writes through a temporary file
in the same folder and renames it, so a failed export leaves nothing half
written.
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

import click

from trfsite.cli.shared import EXIT_FINDINGS, event_settings
from trfsite.model import EventKind, Game, Tournament

_EGF_SUFFIX = re.compile(r"\.h\d$", re.IGNORECASE)


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
    type=click.Choice(["trf", "egf"]),
    default=None,
    help="trf: normalised TRF-2026 (fixed columns, YYYY/MM/DD dates, explicit cells), for "
    "chess; egf: an EGF table for the EGD (.h9), for Go. Default: from -o's suffix (.h0-.h9: "
    "egf), else by the game the file holds.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write here instead of standard output.",
)
@click.pass_context
def export(ctx: click.Context, file: Path, fmt: str | None, output: Path | None) -> None:
    """Read FILE (TRF16, TRF-2026 or EGF) and write it again: chess as normalised
    TRF-2026, Go as an EGF table the European Go Database accepts."""
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
    t = result.tournament
    wanted = fmt or ("egf" if output is not None and _EGF_SUFFIX.search(output.name) else None)
    wanted = wanted or ("egf" if t.game is Game.GO else "trf")
    if wanted == "trf" and t.game is Game.GO:
        raise click.UsageError(
            f"{str(file)!r} is a Go table: TRF is for chess; write it as an EGF table with "
            "--format egf (or -o OUT.h9)"
        )
    if wanted == "egf" and t.game is not Game.GO:
        raise click.UsageError(
            f"{str(file)!r} is a chess file: an EGF table is for Go; write it as TRF with "
            "--format trf"
        )
    text = (
        _egf_text(t, data, file) if wanted == "egf" else write_trf(t) + _computed_team_summaries(t)
    )
    if output is None:
        click.echo(text, nl=False)
    else:
        try:
            _write_atomically(output, text.encode("utf-8"))
        except OSError as exc:
            raise _OutputError(f"{output}: cannot write the file ({exc.strerror})") from None
    if errors:  # written as read (nothing is lost), but the input has errors: exit 1
        ctx.exit(EXIT_FINDINGS)


def _egf_text(t: Tournament, data: bytes, file: Path) -> str:
    """The table in place order with the score columns it ranks by, as the site ranks it
    (with the folder's trfsite.toml: its McMahon bar, conventions)."""
    from trfsite.formats.egf.writer import EgfRanking, write_egf
    from trfsite.formats.text import decode
    from trfsite.standings.compute import compute_standings
    from trfsite.standings.options import StandingsOptions

    settings = event_settings(file)
    standings = compute_standings(t, settings.options() if settings else StandingsOptions())
    # The knock-out place is the table's places themselves, not a column.
    kept = [k for k, c in enumerate(standings.columns) if c.short != "KO"]
    columns = (standings.points_label, *(standings.columns[k].short for k in kept))
    ranking = EgfRanking(
        order=tuple(row.id for row in standings.rows),
        places={row.id: row.rank for row in standings.rows},
        columns=columns,
        scores={row.id: (row.points, *(row.tiebreaks[k] for k in kept)) for row in standings.rows},
    )
    return write_egf(t, ranking, decode(data, fallback="latin-1").text)


class _OutputError(click.ClickException):
    """The output cannot be written: a usage problem (exit 2), not the input's."""

    exit_code = 2
