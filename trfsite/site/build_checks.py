"""What a build checks before it writes anything: SRC and OUT, and ``[events.NAME]``."""

from __future__ import annotations

from pathlib import Path

from trfsite.pages.config import CONFIG_NAME, ConfigError, SiteConfig
from trfsite.site.discover import Discovery
from trfsite.site.failures import BuildError

MARKER = ".trfsite-build"  # marks a folder this program made, so that it may replace it


def check_paths(src: Path, out: Path) -> None:
    if not src.exists():
        raise BuildError(f"source {str(src)!r} does not exist; expected a folder or a file")
    source, target = src.resolve(), out.resolve()
    if source == target or source.is_relative_to(target):
        raise BuildError(
            f"output folder {str(out)!r} contains the source {str(src)!r}; "
            "expected a separate output folder (it is replaced on every build)"
        )
    if target.exists() and not target.is_dir():
        raise BuildError(f"output {str(out)!r} is a file; expected a folder")
    if target.is_dir() and any(target.iterdir()) and not (target / MARKER).is_file():
        raise BuildError(
            f"output folder {str(out)!r} is not empty and was not made by trfsite; "
            "refusing to replace it (choose a new or empty folder)"
        )


def published_events(out: Path) -> int:
    """How many event pages a previous trfsite build left in ``out`` (0 if none)."""
    if not (out / MARKER).is_file():
        return 0
    # Event folders may be nested (an archive's year folders); the home page and the
    # theme's static files are not events.
    return sum(
        1
        for page in out.rglob("index.html")
        if page.parent != out
        and page.relative_to(out).parts[0] not in ("static", "people")
        and not page.relative_to(out).parts[0].startswith(".")
    )


def check_event_sections(discovery: Discovery, config: SiteConfig) -> None:
    """A ``[events.NAME]`` section that names no tournament file is a typo, not a wish:
    its settings (tie-breaks, rules) would silently not apply."""
    if not config.events:  # most sites: no file is looked at (issue 46)
        return
    stems = sorted({source.stem for source in discovery.files})
    unknown = [name for name, _ in config.events if name not in stems]
    if unknown and stems:
        raise ConfigError(
            config.path or CONFIG_NAME,
            [
                f"events.{name}: no tournament file named {name!r} under the source folder; "
                f"expected one of: {', '.join(stems)}"
                for name in unknown
            ],
        )
