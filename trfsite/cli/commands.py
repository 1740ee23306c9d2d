"""The explicit list of CLI commands. Each command module owns one command.

A command's module is imported only when that command runs (or when help
lists every command), so ``trfsite standings`` never pays for the site's
or the PDF's imports.
"""

from __future__ import annotations

import importlib

import click

# command name, module name inside trfsite.cli, attribute name of the click command
COMMANDS: tuple[tuple[str, str, str], ...] = (
    ("validate", "validate_cmd", "validate"),
    ("export", "export_cmd", "export"),
    ("standings", "standings_cmd", "standings"),
    ("build", "build_cmd", "build"),
    ("themes", "themes_cmd", "themes"),
    ("serve", "serve_cmd", "serve"),
)


def command_names() -> list[str]:
    return [name for name, _, _ in COMMANDS]


def find_command(name: str) -> click.Command | None:
    """The click command called ``name``, or None when there is no such command."""
    for known, module_name, attr in COMMANDS:
        if known == name:
            module = importlib.import_module(f"trfsite.cli.{module_name}")
            command: click.Command = getattr(module, attr)
            return command
    return None


class LazyGroup(click.Group):
    """A click group over ``COMMANDS`` that imports a command's module on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return command_names()

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        return find_command(cmd_name)
