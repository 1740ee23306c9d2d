"""``trfsite norms``: who made a GM, IM, WGM or WIM norm in one file, and who still can."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import click

from trfsite.cli.settings import Settings, settings_options
from trfsite.cli.shared import EXIT_FINDINGS


def _settings_table(pairs: tuple[str, ...]) -> dict[str, object]:
    """``--setting KEY=VALUE`` pairs as the TOML table they stand for (bare words as text)."""
    table: dict[str, object] = {}
    for pair in pairs:
        key, equals, value = pair.partition("=")
        if not equals or not key.strip():
            raise click.UsageError(f"--setting {pair!r}: expected KEY=VALUE, e.g. exemption=zonal")
        try:
            table.update(tomllib.loads(f"{key.strip()} = {value.strip()}"))
        except tomllib.TOMLDecodeError:
            table[key.strip()] = value.strip()
    return table


@click.command("norms")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@settings_options("FILE")
@click.option(
    "--event", metavar="KEY", help="The event's key in the config (default: FILE's stem)."
)
@click.option(
    "--setting",
    "settings",
    metavar="KEY=VALUE",
    multiple=True,
    help="A norm setting over the config's, e.g. exemption=zonal or edition=2024 (repeatable).",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["table", "json", "csv"]),
    default="table",
    show_default=True,
)
def norms(
    file: Path,
    config_path: Path | None,
    no_config: bool,
    event: str | None,
    settings: tuple[str, ...],
    fmt: str,
) -> None:
    """Print who made a title norm in FILE (FIDE B.01), and during a live event who can.

    The event's [events.<stem>.norms] come from the trfsite.toml in FILE's folder, or
    in the nearest folder above it (as the site has them); --setting wins over them.
    """
    from trfsite.formats import read_bytes
    from trfsite.norms.event import event_norms
    from trfsite.norms.output import norms_csv, norms_json, norms_table
    from trfsite.norms.settings import read_norm_settings
    from trfsite.pages.config import ConfigError, EventConfig
    from trfsite.standings.compute import compute_standings

    try:
        data = file.read_bytes()
    except OSError as exc:
        raise click.ClickException(f"{file}: cannot read the file ({exc.strerror})") from None
    config = Settings(config_path, no_config).event_for(file, event) or EventConfig()
    chosen = config.norms
    if settings:
        problems: list[str] = []
        table = {**chosen.as_json(), **_settings_table(settings)}
        chosen = read_norm_settings(table, "--setting ", problems)
        if problems:
            raise ConfigError("--setting", [p.replace("--setting norms.", "") for p in problems])
        config = config._replace(norms=chosen)
    result = read_bytes(data, str(file))
    if result.tournament is None:
        for finding in result.findings:
            click.echo(finding.format_text(), err=True)
        sys.exit(EXIT_FINDINGS)
    t = result.tournament
    try:
        standings = compute_standings(t, config.options())
    except click.ClickException as exc:
        raise click.ClickException(f"{file}: {exc.format_message()}") from None
    report = event_norms(t, standings.round_robin, chosen)
    render = {"json": norms_json, "csv": norms_csv}.get(fmt, norms_table)
    click.echo(render(t, report), nl=False)
