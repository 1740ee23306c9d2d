"""``trfsite people``: every person of an archive, with their events."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from trfsite.cli.settings import Settings, folder_of, settings_options
from trfsite.cli.shared import EXIT_FINDINGS


@click.command("people")
@click.argument("folder", type=click.Path(exists=True, path_type=Path))
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["table", "json", "csv"]),
    default="table",
    show_default=True,
)
@settings_options("FOLDER")
@click.option("--strict", is_flag=True, help="Exit with 1 when identity findings exist.")
def people(folder: Path, fmt: str, config_path: Path | None, no_config: bool, strict: bool) -> None:
    """List every person in FOLDER's tournament files, linked across events.

    Linked by FIDE id, EGD PIN or national id, else by name + federation +
    birth year; conflicts are printed on stderr as file:line findings. The
    [people] settings come from the trfsite.toml in FOLDER, or in the nearest
    folder above it.
    """
    from trfsite.pages.config import CONFIG_NAME, ConfigError
    from trfsite.people.identity import resolve
    from trfsite.people.report import render_csv, render_json, render_table
    from trfsite.site.people import read_archive

    archive = read_archive(
        folder, config=Settings(config_path, no_config).for_folder(folder_of(folder))
    )
    resolution = resolve(archive.events, archive.config.people)
    if resolution.problems:
        raise ConfigError(archive.config.path or CONFIG_NAME, list(resolution.problems))
    for refused in archive.refused:
        click.echo(refused.format_text(), err=True)
    for name in archive.unreadable:
        click.echo(
            f"{name}: warning: not read as a tournament; its players are missing "
            "(see `trfsite validate`)",
            err=True,
        )
    for finding in resolution.findings:
        click.echo(finding.format_text(), err=True)
    if fmt == "table":
        click.echo(render_table(resolution), nl=False)
    else:
        # The url as the site built from FOLDER has it: one event's people, their cards.
        pages = archive.config.people.has_pages(len(archive.events) + len(archive.unreadable))
        render = render_json if fmt == "json" else render_csv
        click.echo(render(resolution, pages), nl=False)
    if strict and resolution.findings:
        sys.stdout.flush()
        sys.exit(EXIT_FINDINGS)
