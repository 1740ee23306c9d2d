"""Themes: a folder with ``theme.toml``, ``templates/`` and ``static/``.

A theme may extend another (``extends = "default"``). Lookup goes through the
user's theme, then up its chain, and always ends at ``default``. Shipped themes
live in the package (``trfsite/themes``, the repository's top-level
``themes/``); ``list_themes()`` is the explicit registry of them.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import click

from trfsite.input_files import InputRefused, outside, read_input, shown_name
from trfsite.model.frozen import frozen_record

DEFAULT_THEME = "default"
_MAX_CHAIN = 16  # a longer chain is a cycle in practice
_MAX_THEME_TOML = 64 * 1024  # three keys; more is not a theme.toml


class ThemeError(click.ClickException):
    """A theme that cannot be found or whose theme.toml is wrong (usage error, exit 2)."""

    exit_code = 2


@frozen_record
class Theme:
    name: str
    path: Path
    extends: str | None  # None only for the root theme (default)
    description: str = ""

    @property
    def templates(self) -> Path:
        return self.path / "templates"

    @property
    def static(self) -> Path:
        return self.path / "static"


def shipped_themes_dir() -> Path:
    """Where the themes that come with trfsite are (inside the installed package)."""
    import trfsite

    inside = Path(trfsite.__file__).resolve().parent / "themes"
    if inside.is_dir():
        return inside
    # A source checkout without the trfsite/themes link: the top-level folder.
    return Path(trfsite.__file__).resolve().parent.parent / "themes"


def load_theme(path: Path, name: str | None = None) -> Theme:
    """Read one theme folder's ``theme.toml`` (a folder without one is a theme too)."""
    toml_path = path / "theme.toml"
    data: dict[str, object] = {}
    if toml_path.is_file():
        try:
            text = read_input(toml_path, _MAX_THEME_TOML, path).decode("utf-8")
            data = tomllib.loads(text.removeprefix("\ufeff"))
        except InputRefused as exc:
            raise ThemeError(f"{shown_name(toml_path)}: {exc.reason}") from None
        except (tomllib.TOMLDecodeError, UnicodeDecodeError, RecursionError) as exc:
            raise ThemeError(f"{shown_name(toml_path)}: not valid TOML: {exc}") from None
    theme_name = name or str(data.get("name") or path.name)
    extends = data.get("extends", None if theme_name == DEFAULT_THEME else DEFAULT_THEME)
    if extends is not None and not isinstance(extends, str):
        raise ThemeError(f"{toml_path}: key 'extends' is {extends!r}; expected a theme name")
    for key in data:
        if key not in ("name", "extends", "description"):
            raise ThemeError(
                f"{toml_path}: unknown key {key!r}; expected name, extends or description"
            )
    description = str(data.get("description", ""))
    if not path.is_dir():
        raise ThemeError(f"theme folder {str(path)!r} does not exist")
    return Theme(theme_name, path, extends or None, description)


def list_themes() -> list[Theme]:
    """Every shipped theme, sorted by name."""
    base = shipped_themes_dir()
    found = [
        load_theme(entry, entry.name)
        for entry in sorted(base.iterdir())
        if entry.is_dir() and (entry / "theme.toml").is_file()
    ]
    return found


def find_theme(name_or_path: str) -> Theme:
    """A shipped theme by name, or a theme folder by path; fails listing the known names."""
    candidate = Path(name_or_path)
    looks_like_path = "/" in name_or_path or "\\" in name_or_path or name_or_path.startswith(".")
    shipped = list_themes()
    if not looks_like_path:
        # A shipped name means the shipped theme, whatever folders the current one holds.
        for theme in shipped:
            if theme.name == name_or_path:
                return theme
    try:
        is_theme = candidate.is_dir() and (looks_like_path or (candidate / "theme.toml").is_file())
        parts = is_theme and any(
            (candidate / part).exists() for part in ("theme.toml", "templates", "static")
        )
    except (OSError, ValueError) as exc:  # a name too long for the file system, a NUL byte
        raise ThemeError(
            f"theme {shown_name(name_or_path)!r} cannot be looked up "
            f"({getattr(exc, 'strerror', None) or exc}); expected a theme folder or one of: "
            + ", ".join(t.name for t in shipped)
        ) from None
    if is_theme:
        if not parts:
            raise ThemeError(
                f"theme folder {name_or_path!r} has no theme.toml, templates/ or static/; "
                'expected a theme folder (a theme.toml with extends = "default", '
                "templates/ and static/)"
            )
        return load_theme(candidate.resolve())
    known = ", ".join(t.name for t in shipped)
    raise ThemeError(f"unknown theme {name_or_path!r}; expected a theme folder or one of: {known}")


def theme_chain(theme: Theme) -> tuple[Theme, ...]:
    """The theme, its parent, ... and finally ``default`` (each once)."""
    chain = [theme]
    seen = {theme.path.resolve()}
    current = theme
    while current.extends is not None:
        parent = find_theme(current.extends)
        if parent.path.resolve() in seen or len(chain) >= _MAX_CHAIN:
            names = " -> ".join(t.name for t in chain)
            raise ThemeError(f"theme {theme.name!r} extends itself: {names} -> {parent.name}")
        chain.append(parent)
        seen.add(parent.path.resolve())
        current = parent
    if chain[-1].name != DEFAULT_THEME:
        default = find_theme(DEFAULT_THEME)
        if default.path.resolve() not in seen:
            chain.append(default)
    for member in chain:
        for folder in (member.templates, member.static):
            _theme_files(member, folder)  # a link out of the theme fails here, early
    return tuple(chain)


def _theme_files(theme: Theme, folder: Path) -> list[Path]:
    """The regular files under ``folder``, sorted; a link leading out of the theme's
    folder is refused (a theme's ``static/`` link to a system file would be published)."""
    if not folder.is_dir():
        return []
    found = []
    for path in sorted(folder.rglob("*")):
        target = outside(path, theme.path)
        if target is not None:
            raise ThemeError(
                f"{shown_name(path)}: a symbolic link to {target!r}, outside the theme folder "
                f"{shown_name(theme.path)!r}; expected the theme's own files (copy the file "
                "into the theme instead)"
            )
        if path.is_file():
            found.append(path)
        elif not path.is_dir():  # a FIFO or a device: Jinja would wait on it, or never end
            raise ThemeError(
                f"{shown_name(path)}: not a regular file; expected the theme's own files"
            )
    return found


def static_files(chain: tuple[Theme, ...]) -> list[tuple[str, Path]]:
    """Static files as (relative POSIX path, source), the nearest theme winning, sorted."""
    chosen: dict[str, Path] = {}
    for theme in reversed(chain):  # default first, so that children override it
        for path in _theme_files(theme, theme.static):
            chosen[path.relative_to(theme.static).as_posix()] = path
    return sorted(chosen.items())
