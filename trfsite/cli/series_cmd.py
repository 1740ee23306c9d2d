"""``trfsite series``: the standings of each ``[series.KEY]`` across its events."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from trfsite.cli.settings import Settings, folder_of, settings_options
from trfsite.cli.shared import EXIT_FINDINGS


@click.command("series")
@click.argument("folder", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["table", "json", "csv"]),
    default="table",
    show_default=True,
)
@settings_options("FOLDER")
@click.option("--strict", is_flag=True, help="Exit with 1 when identity findings exist.")
def series(folder: Path, fmt: str, config_path: Path | None, no_config: bool, strict: bool) -> None:
    """Print the standings of every [series.KEY] of FOLDER's trfsite.toml.

    A series' events are globs under FOLDER or event keys; its players are the
    people of `trfsite people` (same ids and name rules), whose conflicts are
    printed on stderr as file:line findings.
    """
    from trfsite.pages.config import CONFIG_NAME, ConfigError
    from trfsite.people.identity import resolve
    from trfsite.series.compute import compute_series, series_problems
    from trfsite.series.report import render_csv, render_json, render_table
    from trfsite.site.people import read_archive

    config = Settings(config_path, no_config).for_folder(folder_of(folder))
    if not config.series:
        raise ConfigError(
            config.path or CONFIG_NAME,
            [
                "series: no [series.<key>] table; expected one, e.g. [series.grand-prix] with "
                'events = ["season/*.trf"] (see README, "Series and Grand Prix")'
            ],
        )
    archive = read_archive(folder, config=config)
    resolution = resolve(archive.events, config.people)
    problems = list(resolution.problems) + series_problems(config.series, archive.events)
    if problems:
        raise ConfigError(config.path or CONFIG_NAME, problems)
    for refused in archive.refused:
        click.echo(refused.format_text(), err=True)
    for name in archive.unreadable:
        click.echo(f"{name}: warning: not read as a tournament; not in any series", err=True)
    for finding in resolution.findings:
        click.echo(finding.format_text(), err=True)
    computed = tuple(compute_series(s, resolution) for s in config.series)
    if fmt == "table":
        click.echo(render_table(computed), nl=False)
    elif fmt == "json":
        pages = config.people.has_pages(len(archive.events) + len(archive.unreadable))
        click.echo(render_json(computed, pages), nl=False)
    else:
        click.echo(render_csv(computed), nl=False)
    if strict and resolution.findings:
        sys.stdout.flush()
        sys.exit(EXIT_FINDINGS)
