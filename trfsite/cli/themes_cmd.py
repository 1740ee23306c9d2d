"""``trfsite themes``: the themes that come with trfsite."""

from __future__ import annotations

import click


@click.command("themes")
def themes() -> None:
    """List the shipped themes (use --theme NAME, or a theme folder, with build)."""
    from trfsite.render.theme import list_themes

    for theme in list_themes():
        parent = f" (extends {theme.extends})" if theme.extends else ""
        click.echo(f"{theme.name}{parent}: {theme.description}".rstrip(": "))
        click.echo(f"    {theme.path}")
