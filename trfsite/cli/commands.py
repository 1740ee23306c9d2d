"""The explicit list of CLI commands. Each command module owns one command."""

from __future__ import annotations

import importlib

import click

# module name inside trfsite.cli, attribute name of the click command
_COMMAND_MODULES: tuple[tuple[str, str], ...] = (
    ("validate_cmd", "validate"),
    ("export_cmd", "export"),
    ("standings_cmd", "standings"),
    ("build_cmd", "build"),
    ("themes_cmd", "themes"),
    ("serve_cmd", "serve"),
)


def _load() -> list[click.Command]:
    found: list[click.Command] = []
    for module_name, attr in _COMMAND_MODULES:
        try:
            module = importlib.import_module(f"trfsite.cli.{module_name}")
        except ModuleNotFoundError as exc:
            # A command whose module is not written yet is simply absent.
            if exc.name == f"trfsite.cli.{module_name}":
                continue
            raise
        found.append(getattr(module, attr))
    return found


COMMANDS: list[click.Command] = _load()
