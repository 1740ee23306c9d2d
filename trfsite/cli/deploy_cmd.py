"""``trfsite deploy OUT``: publish a built site to a git branch or by rsync."""

from __future__ import annotations

from pathlib import Path

import click


@click.command("deploy")
@click.argument("out", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--git", "repo", metavar="REPO", help="Push the site to a branch of this repository.")
@click.option(
    "--branch", default="gh-pages", show_default=True, help="The branch that --git writes."
)
@click.option("-m", "--message", default="", help="The commit message of --git.")
@click.option("--rsync", "dest", metavar="DEST", help="Copy the site to this folder or host:path.")
@click.option(
    "--dry-run", is_flag=True, help="Say what would change (-v: each file); publish nothing."
)
@click.pass_context
def deploy(
    ctx: click.Context,
    out: Path,
    repo: str | None,
    branch: str,
    message: str,
    dest: str | None,
    dry_run: bool,
) -> None:
    """Publish the site built in OUT: --git REPO (Pages style) or --rsync DEST.

    Only what a visitor may fetch is published (never trfsite's own .trfsite-*
    files), and only the files that changed are sent. Prints one summary line
    (a progress bar on a terminal); -v lists each file added, changed or
    deleted on stdout. When OUT is a symlink, the folder it points to is
    deployed. A value starting with '-' is refused (write ./-name for a folder
    named so).
    """
    from trfsite.cli.progress import ProgressBar
    from trfsite.site.deploy import deploy_git, deploy_rsync

    if (repo is None) == (dest is None):
        raise click.UsageError("give exactly one of --git REPO and --rsync DEST")
    bar = ProgressBar.on_terminal(ctx, {"files": "Preparing files", "push": "Pushing"})
    try:
        if repo is not None:
            report = deploy_git(out, repo, branch, message, dry_run, bar)
        else:
            assert dest is not None
            bar.labels["files"] = "Sending files"
            report = deploy_rsync(out, dest, dry_run, bar)
    finally:
        bar.close()
    root = ctx.find_root().obj or {}
    if root.get("verbose"):
        for change in report.changes:
            click.echo(f"{change.kind.value:<8} {change.path}")
    if not root.get("quiet"):
        click.echo(report.summary_line(), err=True)
