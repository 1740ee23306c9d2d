"""``trfsite validate``: report what is wrong with tournament files, like a compiler.

Exit codes: 0 when no file has an error (with ``--strict``: nor a warning),
1 otherwise, 2 for usage errors. The readers and checks are imported inside
the command so that ``trfsite --help`` stays fast.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import click

from trfsite.cli.settings import Settings, folder_of, settings_options
from trfsite.cli.shared import EXIT_FINDINGS
from trfsite.input_files import InputRefused, read_head, read_input, shown_name

if TYPE_CHECKING:
    from trfsite.findings import Finding
    from trfsite.model import ReadResult
    from trfsite.pages.config import EventConfig


@dataclass(frozen=True, slots=True)
class FileReport:
    path: str
    result: ReadResult
    findings: list[Finding]

    def as_json(self) -> dict[str, object]:
        t = self.result.tournament
        summary = None
        if t is not None:
            summary = {"name": t.name, "players": len(t.players), "rounds": t.rounds}
        return {
            "path": self.path,
            "format": None if t is None else t.source_format.value,
            "tournament": summary,
            # A finding of another file (the PGN beside it) names that file.
            "findings": [
                f.as_json() | ({"file": f.file} if f.file and f.file != self.path else {})
                for f in self.findings
            ],
        }


def _game_findings(path: Path, result: ReadResult, event: EventConfig) -> list[Finding]:
    """The findings of the PGN beside ``path`` (or its ``games`` globs), as the site's
    validation report has them, each naming its PGN file as the user would."""
    from dataclasses import replace

    from trfsite.pages.game_check import game_findings
    from trfsite.site.game_files import game_files

    files = game_files(path, path.name, event.games.files)
    found = game_findings(result.tournament, event, files, path.stem)
    return [replace(f, file=shown_name(path.parent / f.file)) if f.file else f for f in found]


def _walk(folder: Path) -> Iterator[Path]:
    """Every file under ``folder``, sorted, hidden folders and files skipped (links to
    folders are not followed: os.walk's default)."""
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if not name.startswith("."):
                yield Path(root) / name


def _is_tournament(data: bytes) -> bool:
    from trfsite.formats import sniff
    from trfsite.formats.text import NotTextError, decode

    try:
        return sniff(decode(data).text) is not None
    except NotTextError:
        return False


def _refused(name: str, refused: InputRefused) -> ReadResult:
    from trfsite.findings import Finding, Severity
    from trfsite.model import ReadResult

    return ReadResult(None, (Finding(Severity.ERROR, refused.code, refused.reason, name),))


def collect(paths: tuple[Path, ...]) -> list[tuple[Path, bytes | InputRefused]]:
    """Files named on the command line, and the tournament files found in folders.

    Each is read only as a regular file within the file budget (a FIFO or a device is
    refused, never waited on); in a folder, only inside it (a link out is refused). A
    refused file is reported when it is named, has a tournament suffix or, for a file too
    large, its head looks like a tournament.
    """
    from trfsite.formats import has_tournament_suffix
    from trfsite.formats.limits import MAX_FILE_BYTES

    limit = MAX_FILE_BYTES.limit
    out: list[tuple[Path, bytes | InputRefused]] = []
    for path in paths:
        if not path.is_dir():
            try:
                out.append((path, read_input(path, limit)))
            except InputRefused as exc:
                out.append((path, exc))
            continue
        for found in _walk(path):
            try:
                data = read_input(found, limit, path)
            except InputRefused as exc:
                if has_tournament_suffix(found.name) or _large_tournament(found, path, exc):
                    out.append((found, exc))
                continue
            if has_tournament_suffix(found.name) or _is_tournament(data):
                out.append((found, data))
    return out


def _large_tournament(path: Path, root: Path, refused: InputRefused) -> bool:
    if refused.code != "file-too-large":
        return False
    try:
        return _is_tournament(read_head(path, 64 * 1024, root))
    except InputRefused:
        return False


def _rating_needs(reports: list[FileReport]) -> dict[str, int]:
    """Per file, how many rating-readiness findings it has (0: ready)."""
    from trfsite.validate import RATING_CHECKS, run_check

    needs: dict[str, int] = {}
    for report in reports:
        t = report.result.tournament
        checks = RATING_CHECKS if t is not None else []
        needs[report.path] = sum(len(run_check(c, t, report.path)) for c in checks if t)
    return needs


@click.command("validate")
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True, path_type=Path))
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="text: one 'file:line:col: severity: message [code]' line per finding.",
)
@click.option("--strict", is_flag=True, help="Warnings fail the run too (exit code 1).")
@click.option(
    "--for-rating",
    is_flag=True,
    help="Also list what TRF-2026 requires before the file can be submitted for rating "
    "(FIDE ids, record 352, round dates, ...), for TRF16 files too; anything missing fails.",
)
@settings_options("each PATH")
@click.pass_context
def validate(
    ctx: click.Context,
    paths: tuple[Path, ...],
    fmt: str,
    strict: bool,
    for_rating: bool,
    config_path: Path | None,
    no_config: bool,
) -> None:
    """Check TRF and EGF files (a folder means every tournament file in it).

    Each file is checked under its event's settings, as the site built from its
    folder checks it: those of the trfsite.toml in the folder named (a file's
    folder), or in the nearest folder above it (e.g. a Go table's go_columns).
    """
    from trfsite.findings import Severity, sort_findings
    from trfsite.formats import read_bytes
    from trfsite.pages.reading import validate_read

    settings = Settings(config_path, no_config)
    found = [(path, data, folder_of(root)) for root in paths for path, data in collect((root,))]
    if not found:
        click.echo(
            "error: no tournament file (TRF or EGF) found under "
            + ", ".join(repr(shown_name(p)) for p in paths),
            err=True,
        )
        ctx.exit(EXIT_FINDINGS)
    reports: list[FileReport] = []
    for path, data, folder in found:
        name = shown_name(path)
        result = _refused(name, data) if isinstance(data, InputRefused) else read_bytes(data, name)
        event = settings.for_folder(folder).for_stem(path.stem)
        findings = validate_read(result, name, event, for_rating)
        if not isinstance(data, InputRefused):
            findings = sort_findings([*findings, *_game_findings(path, result, event)])
        reports.append(FileReport(name, result, findings))
    failing = {Severity.ERROR, Severity.WARNING} if strict else {Severity.ERROR}
    needed = _rating_needs(reports) if for_rating else {}
    if fmt == "json":
        document = {"files": [report.as_json() for report in reports]}
        click.echo(json.dumps(document, indent=2, ensure_ascii=False))
    else:
        for report in reports:
            for item in report.findings:
                click.echo(item.format_text())
    counts = {s: sum(f.severity is s for r in reports for f in r.findings) for s in Severity}
    if not (ctx.obj or {}).get("quiet"):
        click.echo(
            f"{len(reports)} file(s): {counts[Severity.ERROR]} error(s), "
            f"{counts[Severity.WARNING]} warning(s), {counts[Severity.INFO]} note(s)",
            err=True,
        )
        for shown, count in needed.items():
            click.echo(
                f"{shown}: for rating, {count} thing(s) still needed (TRF-2026)"
                if count
                else f"{shown}: nothing missing for rating (TRF-2026)",
                err=True,
            )
    if any(f.severity in failing for r in reports for f in r.findings) or any(needed.values()):
        sys.stdout.flush()
        ctx.exit(EXIT_FINDINGS)
