"""The explicit list of CLI commands. Each command module owns one command.

A command's module is imported only when that command runs (or when help
lists every command), so ``trfsite standings`` never pays for the site's
or the PDF's imports.
"""

from __future__ import annotations

import importlib

import click

from trfsite.cli.shared import configure_logging

# command name, module name inside trfsite.cli, attribute name of the click command
COMMANDS: tuple[tuple[str, str, str], ...] = (
    ("validate", "validate_cmd", "validate"),
    ("export", "export_cmd", "export"),
    ("standings", "standings_cmd", "standings"),
    ("awards", "awards_cmd", "awards"),
    ("norms", "norms_cmd", "norms"),
    ("people", "people_cmd", "people"),
    ("series", "series_cmd", "series"),
    ("build", "build_cmd", "build"),
    ("themes", "themes_cmd", "themes"),
    ("serve", "serve_cmd", "serve"),
    ("deploy", "deploy_cmd", "deploy"),
    ("publish", "publish_cmd", "publish"),
)


def command_names() -> list[str]:
    return [name for name, _, _ in COMMANDS]


def find_command(name: str) -> click.Command | None:
    """The click command called ``name``, or None when there is no such command."""
    for known, module_name, attr in COMMANDS:
        if known == name:
            module = importlib.import_module(f"trfsite.cli.{module_name}")
            command: click.Command = getattr(module, attr)
            _accept_verbosity(command)
            return command
    return None


def _accept_verbosity(command: click.Command) -> None:
    """``trfsite validate -v`` works like ``trfsite -v validate`` (users type it after)."""
    if any(p.name == "sub_verbose" for p in command.params):
        return
    command.params += [
        click.Option(
            ["-v", "--verbose", "sub_verbose"],
            count=True,
            expose_value=False,
            callback=_set_verbosity,
            help="More detail on stderr (-vv for debug); also accepted before the command.",
        ),
        click.Option(
            ["-q", "--quiet", "sub_quiet"],
            is_flag=True,
            expose_value=False,
            callback=_set_verbosity,
            help="Only errors on stderr; no progress.",
        ),
    ]


def _set_verbosity(ctx: click.Context, param: click.Parameter, value: int | bool) -> None:
    if not value or ctx.resilient_parsing:
        return
    root = ctx.find_root()
    root.ensure_object(dict)
    if param.name == "sub_quiet":
        root.obj["quiet"] = True
    else:
        root.obj["verbose"] = max(int(value), root.obj.get("verbose", 0))
    configure_logging(root.obj.get("verbose", 0), root.obj.get("quiet", False))


class LazyGroup(click.Group):
    """A click group over ``COMMANDS`` that imports a command's module on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return command_names()

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        return find_command(cmd_name)
