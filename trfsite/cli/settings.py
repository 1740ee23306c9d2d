"""Which ``trfsite.toml`` a command reads: ``--config PATH``, ``--no-config``, else the
one in the file's folder or the nearest folder above it (as ``build SRC`` reads SRC's).

``-v`` says which file was read. The config module is imported only when there is a
file to read: ``trfsite standings`` of a file without one loads none of the site.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import click

if TYPE_CHECKING:
    from trfsite.pages.config import EventConfig, SiteConfig

logger = logging.getLogger(__name__)

CONFIG_NAME = "trfsite.toml"  # the config module's name for it; checked by a test

_F = TypeVar("_F", bound=Callable[..., object])


def settings_options(what: str) -> Callable[[_F], _F]:
    """``--config PATH`` and ``--no-config`` for a command; ``what`` names its argument."""

    def add(command: _F) -> _F:
        command = click.option(
            "--no-config",
            is_flag=True,
            help=f"Read no {CONFIG_NAME}: the file's own records and these options only.",
        )(command)
        return click.option(
            "--config",
            "config_path",
            type=click.Path(exists=True, dir_okay=False, path_type=Path),
            help=f"The {CONFIG_NAME} to read (default: the one in {what}'s folder, or in "
            "the nearest folder above it; -v says which). Options given here win over it.",
        )(command)

    return add


def nearest_config(folder: Path) -> Path | None:
    """``folder``'s trfsite.toml, or the nearest one above it."""
    start = folder.resolve()
    for candidate in (start, *start.parents):
        found = candidate / CONFIG_NAME
        if found.is_file():
            return found
    return None


class Settings:
    """The settings of the files one command reads, each config read once."""

    def __init__(self, config_path: Path | None, no_config: bool) -> None:
        if config_path is not None and no_config:
            raise click.UsageError("--config and --no-config exclude each other; give one")
        self.explicit = config_path
        self.none = no_config
        self._read: dict[Path | None, SiteConfig] = {}

    def path_for(self, folder: Path) -> Path | None:
        """The config file that holds for the files of ``folder`` (None: no file)."""
        if self.none:
            return None
        return self.explicit if self.explicit is not None else nearest_config(folder)

    def for_folder(self, folder: Path) -> SiteConfig:
        """The site's settings for the files of ``folder`` (the defaults without a file)."""
        path = self.path_for(folder)
        known = self._read.get(path)
        if known is not None:
            return known
        self._say(path, folder)
        from trfsite.pages.config import SiteConfig, load_config

        config = SiteConfig() if path is None else load_config(path.parent, path)
        self._read[path] = config
        return config

    def event_for(self, file: Path, key: str | None = None) -> EventConfig | None:
        """The settings of FILE's event (keyed by ``key``, else FILE's name without its
        suffix, as the build keys it); None when no config file holds for it."""
        folder = folder_of(file)
        if self.path_for(folder) is None:
            self._say(None, folder)
            return None
        return self.for_folder(folder).for_stem(key or file.stem)

    def _say(self, path: Path | None, folder: Path) -> None:
        if path is not None:
            logger.info("settings: read %s", path)
        elif self.none:
            logger.info("settings: none read (--no-config)")
        else:
            logger.info("settings: no %s in %s or above; the defaults", CONFIG_NAME, folder)


def folder_of(path: Path) -> Path:
    """The folder whose settings hold for ``path`` (a file's folder, or the folder)."""
    return path if path.is_dir() else (path.parent if str(path.parent) else Path("."))
