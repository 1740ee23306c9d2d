"""``trfsite standings``: rank one tournament file and print the standings.

Heavy modules (the readers, the engines) are imported inside the command so
that ``trfsite --help`` stays fast and nothing of the site is ever loaded.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from trfsite.cli.settings import Settings, settings_options
from trfsite.cli.shared import EXIT_FINDINGS, read_file_argument, without_cyclic_gc
from trfsite.formats.numbers import is_whole

if TYPE_CHECKING:
    from trfsite.awards.gor import GorChange
    from trfsite.awards.performance import PlayerRatings
    from trfsite.findings import Finding
    from trfsite.model import Tournament
    from trfsite.pages.config import EventConfig
    from trfsite.standings.options import StandingsOptions


@click.command("standings")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--tiebreaks",
    metavar="LIST",
    help="Comma-separated tie-break codes, Handbook or TRF spelling, any case: "
    "'BH-C1,BH,SB', 'BH/C1,DE/P', 'KS/L+1' (limit moved by half points). Default: record "
    "202/212, else BH-C1,BH,SB,DE,WIN (Swiss) or DE,WIN,SB,KS (round robin); a "
    "trfsite.toml's list wins over the file's.",
)
@click.option(
    "--rules",
    type=click.Choice(["auto", "pre2023", "2023", "2026"]),
    default=None,
    help="FIDE tie-break rule set: pre2023 (the rules before C.07 2023), 2023 or 2026; "
    "auto: by the start date (before 2024-04-01 pre2023, before 2026-03-01 2023, else "
    "2026), then by the ranks the file declares.  [default: trfsite.toml's, else auto]",
)
@click.option("--after-round", type=click.IntRange(min=1), help="Standings after round N.")
@click.option(
    "--unrated-rating",
    type=click.IntRange(min=0),
    help="Rating for unrated players in rating tie-breaks (otherwise their values are null).",
)
@click.option(
    "--system",
    type=click.Choice(["swiss", "round-robin", "mcmahon"]),
    help="Pairing system, if records 092/192 (or the Go file's columns) do not say.",
)
@click.option("--bar", "go_bar", metavar="GRADE", help="Go McMahon bar, e.g. 3d.")
@click.option("--floor", "go_floor", metavar="GRADE", help="Go McMahon floor, e.g. 20k.")
@click.option(
    "--sos-convention",
    type=click.Choice(["opengotha", "pairgoth", "plain"]),
    default=None,
    help="Go SOS: OpenGotha's (handicap-adjusted, unplayed rounds count the start score, "
    "SOS-1/-2 drop the lowest), pairgoth's (drop the highest) or plain (no adjustment, 0). "
    "Default: OpenGotha's, with what a round without opponent counts as the file's own "
    "columns show.",
)
@click.option("--individual", is_flag=True, help="Team events: rank the players instead.")
@click.option(
    "--points-source",
    type=click.Choice(["cells", "declared"]),
    default=None,
    help="Where the players' declared totals (columns 81-84) contradict their round cells: "
    "rank by the cells, or by the declared totals (team game points follow them).  "
    "[default: trfsite.toml's, else cells]",
)
@click.option(
    "--ranks-source",
    type=click.Choice(["computed", "declared"]),
    default=None,
    help="Final standings: ranked by points and tie-breaks, or in the order and with the "
    "ranks the file declares (columns 86-89), the computed values beside them.  "
    "[default: trfsite.toml's, else computed]",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["table", "json", "csv"]),
    default="table",
    show_default=True,
)
@click.option("--explain", is_flag=True, help="Show where every tie-break value comes from.")
@click.option(
    "--k-factor",
    "k_factors",
    metavar="ID=K",
    multiple=True,
    callback=lambda _ctx, _param, value: _parse_k_factors(value),
    help="Rating change: K for the player with start number ID (repeatable), e.g. a new "
    "player's 40; otherwise K follows B.02 8.3.3 (40 junior under 2300, 20, 10 from 2400).",
)
@settings_options("FILE")
@without_cyclic_gc
def standings(
    file: Path,
    tiebreaks: str | None,
    rules: str | None,
    after_round: int | None,
    unrated_rating: int | None,
    system: str | None,
    go_bar: str | None,
    go_floor: str | None,
    sos_convention: str | None,
    individual: bool,
    points_source: str | None,
    ranks_source: str | None,
    fmt: str,
    explain: bool,
    k_factors: tuple[tuple[int, int], ...],
    config_path: Path | None,
    no_config: bool,
) -> None:
    """Print the standings of FILE with every FIDE tie-break explained on request.

    The event's settings come from the trfsite.toml in FILE's folder (or the nearest
    folder above it), as the site built from that folder has them; options given
    here win over them.
    """
    from trfsite.findings import Severity, sort_findings
    from trfsite.formats import read_bytes
    from trfsite.scoring.codes import split_tiebreak_list
    from trfsite.standings.compute import compute_standings
    from trfsite.standings.output import (
        rating_columns,
        render_csv,
        render_explanations,
        render_json,
        render_table,
    )

    name, data = read_file_argument(file)
    result = read_bytes(data, name)
    errors = [f for f in result.findings if f.severity is Severity.ERROR]
    if result.tournament is None:
        for finding in errors or result.findings:
            click.echo(finding.format_text(), err=True)
        sys.exit(EXIT_FINDINGS)
    errors = sort_findings(errors + _structure_errors(result.tournament, name))
    for finding in errors:  # still computable; say so on stderr, keep stdout clean
        click.echo(finding.format_text(), err=True)
    event = Settings(config_path, no_config).event_for(file)
    given: dict[str, object] = {
        "tiebreaks": _within_budget(split_tiebreak_list(tiebreaks))
        if tiebreaks is not None
        else None,
        "rules": rules,
        "after_round": after_round,
        "unrated_rating": unrated_rating,
        "system": system,
        "points_source": points_source,
        "ranks_source": ranks_source,
        "go_bar": go_bar,
        "go_floor": go_floor,
    }
    if sos_convention is not None:
        given["go_handicap_adjusted_sos"] = sos_convention != "plain"
        given["go_bye_in_sos"] = "zero" if sos_convention == "plain" else "start"
        given["go_sos_cut_highest"] = sos_convention == "pairgoth"
    options = _options(event, given, individual=individual, explain=explain)
    tournament = result.tournament
    if event is not None and event.team_bye is not None:
        from trfsite.teams.configured_bye import apply_team_bye

        bye = event.team_bye
        tournament = apply_team_bye(tournament, bye.match_points, bye.game_points)
    if event is not None and event.privacy.anonymise:
        from trfsite.people.privacy import anonymise

        tournament = anonymise(tournament, event.privacy)
    if event is not None:
        k_factors = tuple({**dict(event.awards.k_factors), **dict(k_factors)}.items())
    try:
        result_standings = compute_standings(tournament, options)
    except click.ClickException as exc:
        raise _engine_error(name, exc) from None
    # Only JSON and CSV carry them; the table stays as fast as the standings alone.
    ratings: dict[int, PlayerRatings] = {}
    gor: dict[int, GorChange] = {}
    if fmt != "table" or explain:
        ratings, gor = rating_columns(
            result_standings, dict(k_factors), explain, options.unrated_rating
        )
    if explain:  # beyond MAX_EVENT_CELLS, the last rounds that fit
        from trfsite.standings.event_cells import explained_within_budget

        result_standings, ratings = explained_within_budget(result_standings, ratings)
    if fmt == "json":
        click.echo(render_json(result_standings, explain, ratings, gor), nl=False)
    elif fmt == "csv":
        click.echo(render_csv(result_standings, ratings, gor), nl=False)
    else:
        click.echo(render_table(result_standings), nl=False)
        if explain:
            click.echo("")
            click.echo(render_explanations(result_standings, ratings), nl=False)
            if gor:
                from trfsite.standings.output import render_gor_explanations

                click.echo("")
                click.echo(render_gor_explanations(gor, result_standings), nl=False)
    if errors:  # the standings are printed, but the input has errors (exit code 1)
        sys.stdout.flush()
        sys.exit(EXIT_FINDINGS)


def _within_budget(codes: list[str]) -> tuple[str, ...]:
    """The codes as typed; more than MAX_TIEBREAKS different ones is a usage error."""
    from trfsite.formats.limits import MAX_TIEBREAKS

    different = len({code.strip().upper() for code in codes})
    if different > MAX_TIEBREAKS.limit:
        raise click.BadParameter(
            f"{different:,} different tie-breaks; expected at most {MAX_TIEBREAKS.limit}",
            param_hint="--tiebreaks",
        )
    return tuple(codes)


def _options(
    event: EventConfig | None, given: dict[str, object], individual: bool, explain: bool
) -> StandingsOptions:
    """The event's settings (trfsite.toml), with the options given on the command line."""
    from dataclasses import replace

    from trfsite.standings.options import StandingsOptions

    base = event.options() if event is not None else StandingsOptions()
    chosen = {key: value for key, value in given.items() if value is not None}
    return replace(base, individual=individual, explain=explain, **chosen)  # type: ignore[arg-type]


def _parse_k_factors(values: tuple[str, ...]) -> tuple[tuple[int, int], ...]:
    found = []
    for value in values:
        pid, _, k = value.partition("=")
        if not (is_whole(pid.strip()) and is_whole(k.strip()) and 0 < int(k) <= 700):
            raise click.BadParameter(
                f"{value!r}: expected ID=K, a start number and a whole K from 1 to 700, e.g. 12=40",
                param_hint="--k-factor",
            )
        found.append((int(pid), int(k)))
    return tuple(found)


# The checks without which standings cannot be trusted: ids, opponents, both sides of a game.
_STRUCTURE_CHECKS = ("unique-ids", "references", "games")


def _structure_errors(t: Tournament, name: str) -> list[Finding]:
    from trfsite.findings import Severity, cap_per_code
    from trfsite.formats.limits import MAX_FINDINGS_PER_CODE
    from trfsite.validate import find_check, run_check

    found = [f for check in _STRUCTURE_CHECKS for f in run_check(find_check(check), t, name)]
    # A check's own count of the errors it did not build (its findings-capped note) too.
    errors = [f for f in found if f.severity is Severity.ERROR or f.code == "findings-capped"]
    # The same budget as validate: a stretched file repeating one error on 98,000 cells
    # printed 98,000 lines to stderr; the first 200 of a kind and the count say it all.
    capped = cap_per_code(errors, MAX_FINDINGS_PER_CODE.limit)
    return [f for f in capped if f.severity is Severity.ERROR or f.code == "findings-capped"]


def _engine_error(file: str, exc: click.ClickException) -> click.ClickException:
    """An engine's refusal: the file's own list (record 202/212) is an input error (exit 1)
    naming the file; anything else is about an option, a usage error (exit 2)."""
    message = exc.format_message()
    if message.startswith("record "):
        return click.ClickException(f"{file}: {message}")
    return click.UsageError(message)
