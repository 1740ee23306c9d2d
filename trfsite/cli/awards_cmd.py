"""``trfsite awards``: prizes, categories and federation/club rankings of one file."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from trfsite.cli.settings import Settings, settings_options
from trfsite.cli.shared import EXIT_FINDINGS, read_file_argument


@click.command("awards")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@settings_options("FILE")
@click.option(
    "--event", metavar="KEY", help="The event's key in the config (default: FILE's stem)."
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["table", "json", "csv"]),
    default="table",
    show_default=True,
)
def awards(
    file: Path, config_path: Path | None, no_config: bool, event: str | None, fmt: str
) -> None:
    """Print FILE's prize list, category standings and federation/club rankings.

    The prizes, categories and the event's other settings come from the trfsite.toml
    in FILE's folder, or in the nearest folder above it (as the site has them).
    """
    from trfsite.awards.event import event_awards
    from trfsite.awards.output import awards_csv, awards_json, awards_table
    from trfsite.formats import read_bytes
    from trfsite.pages.config import EventConfig
    from trfsite.standings.compute import compute_standings

    name, data = read_file_argument(file)
    config = Settings(config_path, no_config).event_for(file, event) or EventConfig()
    result = read_bytes(data, name)
    if result.tournament is None:
        for finding in result.findings:
            click.echo(finding.format_text(), err=True)
        sys.exit(EXIT_FINDINGS)
    t = result.tournament
    if config.privacy.anonymise:
        from trfsite.people.privacy import anonymise

        t = anonymise(t, config.privacy)
    try:
        standings = compute_standings(t, config.options())
    except click.ClickException as exc:
        raise click.ClickException(f"{name}: {exc.format_message()}") from None
    found = event_awards(standings, config.awards, False, config.unrated_rating)
    render = {"json": awards_json, "csv": awards_csv}.get(fmt, awards_table)
    click.echo(render(t, found), nl=False)
