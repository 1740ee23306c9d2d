"""``trfsite export``: write a tournament file again: chess as normalised TRF-2026,
Go as an EGF table for the European Go Database.

The input file is never written to. ``-o PATH`` writes through the path the user
named: a new file, or a regular file replaced at once (a temporary file in the same
folder, renamed over it, so a failed export leaves nothing half written); a symbolic
link is written through, to the file it points to, and stays a link; a device, a FIFO
or a socket is refused.
"""

from __future__ import annotations

import logging
import os
import re
import secrets
import stat
from pathlib import Path
from typing import TYPE_CHECKING

import click

from trfsite.cli.settings import Settings, settings_options
from trfsite.cli.shared import EXIT_FINDINGS, read_file_argument
from trfsite.model import EventKind, Game, Tournament

if TYPE_CHECKING:
    from trfsite.pages.config import EventConfig

logger = logging.getLogger(__name__)

_EGF_SUFFIX = re.compile(r"\.h\d$", re.IGNORECASE)


class _OutputError(click.ClickException):
    """The output cannot be written: a usage problem (exit 2), not the input's."""

    exit_code = 2


_KINDS = (
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISDIR, "a folder"),
)
_EXPECTED = "expected a regular file or a new file's name (without -o: standard output)"


def output_target(path: Path) -> Path:
    """The regular file (existing or new) that ``-o PATH`` writes: PATH, or the file its
    symbolic link leads to; anything else is refused with a message naming it."""
    try:
        is_link = stat.S_ISLNK(os.lstat(path).st_mode)
    except FileNotFoundError:
        return path
    except OSError as exc:
        raise _OutputError(f"-o {str(path)!r}: cannot be examined ({exc.strerror})") from None
    target = path
    if is_link:
        try:
            target = path.resolve(strict=False)
        except (OSError, RuntimeError):  # a loop of links
            raise _OutputError(
                f"-o {str(path)!r} is a symbolic link that leads to no file (a loop); {_EXPECTED}"
            ) from None
        logger.info("export: -o %s is a link; writing through it to %s", path, target)
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        return target  # a link to a file not made yet: made where the link points
    except OSError as exc:
        raise _OutputError(f"-o {str(path)!r}: cannot be examined ({exc.strerror})") from None
    for test, kind in _KINDS:
        if test(mode):
            via = f" (a symbolic link to {str(target)!r})" if is_link else ""
            raise _OutputError(f"-o {str(path)!r}{via} is {kind}; {_EXPECTED}")
    return target


def write_file(target: Path, data: bytes) -> None:
    """``data`` as the whole of ``target`` at once, keeping an existing file's mode."""
    folder = target.parent if str(target.parent) else Path(".")
    try:
        mode: int | None = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        mode = None
    temporary = folder / f".{target.name}.{secrets.token_hex(4)}.tmp"
    # 0o666 less the umask for a new file, as the shell's '>' would make it.
    handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(handle, "wb") as stream:
            if mode is not None:
                os.fchmod(stream.fileno(), mode)
            stream.write(data)
        os.replace(temporary, target)
    except BaseException:
        temporary.unlink(missing_ok=True)
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
    "chess (the default); egf: an EGF table for the EGD, for Go (the default for -o "
    "OUT.h0-.h9).",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write here instead of standard output: a new or regular file (replaced at "
    "once), or a symbolic link to one (written through, the link kept); a device or "
    "FIFO is refused.",
)
@settings_options("FILE")
@click.pass_context
def export(
    ctx: click.Context,
    file: Path,
    fmt: str | None,
    output: Path | None,
    config_path: Path | None,
    no_config: bool,
) -> None:
    """Read FILE (TRF16, TRF-2026 or EGF) and write it again: chess as normalised
    TRF-2026, Go as an EGF table the European Go Database accepts (--format egf or
    -o OUT.h9).

    A team file's pairing-allocated byes get the value of trfsite.toml's team_bye, and
    a Go table's score columns follow its settings (McMahon bar, conventions), from
    FILE's folder or the nearest above it, as the site counts them. A Go table is
    never written as TRF: TRF is for chess.
    """
    from trfsite.findings import Severity
    from trfsite.formats import read_bytes
    from trfsite.formats.trf.writer import write_trf

    target = output_target(output) if output is not None else None
    if target is not None and target.resolve() == file.resolve():
        raise click.UsageError(
            f"-o {str(output)!r} is the input file; input files are never overwritten"
        )
    event = Settings(config_path, no_config).event_for(file)
    name, data = read_file_argument(file)
    result = read_bytes(data, name)
    t = result.tournament
    wanted = fmt or ("egf" if output is not None and _EGF_SUFFIX.search(output.name) else "trf")
    if t is not None and t.game is Game.GO and wanted == "trf":
        raise _OutputError(
            f"{file} is a Go table (EGF), and TRF is for chess: nothing written; write it "
            f"as an EGF table with --format egf (or -o OUT.h9), publish it with 'trfsite "
            f"build', or get its standings as data with 'trfsite standings {file} --format "
            f"csv' (or json)"
        )
    if t is not None and t.game is not Game.GO and wanted == "egf":
        raise _OutputError(
            f"{file} is a chess file, and an EGF table is for Go: nothing written; write it "
            "as TRF with --format trf (or -o OUT.trf)"
        )
    errors = [item for item in result.findings if item.severity is Severity.ERROR]
    for item in errors:
        click.echo(item.format_text(), err=True)
    if t is None:
        ctx.exit(EXIT_FINDINGS)
        return
    if event is not None and event.team_bye is not None:
        from trfsite.teams.configured_bye import apply_team_bye

        t = apply_team_bye(t, event.team_bye.match_points, event.team_bye.game_points)
    if wanted == "egf":
        text = _egf_text(t, data, event)
    else:
        text = write_trf(t) + _computed_team_summaries(t)
    if target is None:
        click.echo(text, nl=False)
    else:
        try:
            write_file(target, text.encode("utf-8"))
        except OSError as exc:
            raise _OutputError(f"{output}: cannot write the file ({exc.strerror})") from None
    if errors:  # written as read (nothing is lost), but the input has errors: exit 1
        ctx.exit(EXIT_FINDINGS)


def _egf_text(t: Tournament, data: bytes, event: EventConfig | None) -> str:
    """The table in place order with the score columns it ranks by, as the site ranks
    it (with the event's settings: its McMahon bar, conventions)."""
    from trfsite.formats.egf.writer import EgfRanking, write_egf
    from trfsite.formats.text import decode
    from trfsite.standings.compute import compute_standings
    from trfsite.standings.options import StandingsOptions

    standings = compute_standings(t, event.options() if event else StandingsOptions())
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
