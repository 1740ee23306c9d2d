"""``trfsite build SRC -o OUT``: the results website (and PDF bulletins)."""

from __future__ import annotations

from pathlib import Path

import click

from trfsite.cli.shared import site_options


@click.command("build")
@click.argument("src", type=click.Path(exists=True, file_okay=True, path_type=Path))
@click.option(
    "-o",
    "--out",
    "out",
    type=click.Path(path_type=Path),
    default=Path("_site"),
    show_default=True,
    help="Output path: a symlink to the newest complete build in OUT.builds/, switched "
    "atomically on success.",
)
@site_options
@click.option(
    "--keep",
    type=click.IntRange(0, 1000),
    default=1,
    show_default=True,
    help="Previous builds kept beside OUT (in OUT.builds/) for rollback.",
)
@click.option(
    "--executor",
    default=None,
    metavar="local|dask://HOST:PORT",
    help="Where events are built: local (a pool of --jobs processes) or a Dask scheduler "
    "(needs trfsite[dask]).",
)
@click.option(
    "--cache/--no-cache",
    default=True,
    show_default=True,
    help="Reuse events whose inputs did not change since the last build into OUT.",
)
@click.option("--strict", is_flag=True, help="Exit 1 on warnings too.")
@click.pass_context
def build(
    ctx: click.Context,
    src: Path,
    out: Path,
    theme: str | None,
    pdf: bool,
    jobs: int | None,
    keep: int,
    executor: str | None,
    cache: bool,
    strict: bool,
    config_path: Path | None,
) -> None:
    """Build the results website from every tournament file under SRC.

    Settings come from trfsite.toml (see the README). Privacy, in its
    [privacy] table: no birth date is ever published (an age group's label,
    U18 or S50, stands instead); birth = "year" allows the year alone.
    anonymise = ["FIDE id or name", ...] shows those people as "Anonymous"
    everywhere, without a person page; the standings stay as computed.
    Per event, unrated_rating = 1400 counts unrated opponents at that rating
    in the performance and average opponent rating (otherwise those count
    the rated opponents only) and in the rating tie-breaks.

    Exit status: 0 success; 1 some file has errors (or warnings under
    --strict), though the site was still written; 2 usage or config errors.
    """
    from trfsite.cli.progress import ProgressBar
    from trfsite.cli.shared import EXIT_FINDINGS
    from trfsite.site.build import BuildOptions, build_site
    from trfsite.site.executors import available_cores

    quiet = bool(ctx.find_root().obj and ctx.find_root().obj.get("quiet"))
    bar = ProgressBar.on_terminal(ctx, {"events": "Building events"})
    try:
        # The command returns once the new site is live; old builds go in the background.
        options = BuildOptions(
            src,
            out,
            theme,
            pdf,
            jobs or available_cores(),
            config_path,
            executor,
            cache,
            keep,
            prune_later=True,
        )
        report = build_site(options, progress=bar)
    finally:
        bar.close()
    for finding in report.refused:
        click.echo(finding.format_text(), err=True)
    for line in report.failed + report.pdf_failures:
        click.echo(f"warning: {line}", err=True)
    if not quiet:
        click.echo(report.summary_line(), err=True)
    if report.files_with_errors or (strict and report.files_with_warnings):
        ctx.exit(EXIT_FINDINGS)
