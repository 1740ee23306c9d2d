"""Message catalogs: page texts in English and other languages.

A catalog is ``trfsite/locale/<language>.json``, a flat object from the English
text to the translated text. English is the fallback for a missing entry.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import click

logger = logging.getLogger(__name__)
_LOCALE_DIR = Path(__file__).resolve().parent / "locale"
FALLBACK_LANGUAGE = "en"


class UnknownLanguageError(click.ClickException):
    exit_code = 2


def known_languages() -> list[str]:
    """Every language with a catalog, sorted."""
    return sorted(p.stem for p in _LOCALE_DIR.glob("*.json"))


@dataclass(frozen=True, slots=True)
class Catalog:
    language: str
    messages: dict[str, str] = field(hash=False, compare=False)

    def gettext(self, message: str, **values: object) -> str:
        """The translated text, with ``{name}`` placeholders filled from ``values``."""
        text = self.messages.get(message, message)
        return text.format(**values) if values else text


@cache
def _read(language: str) -> dict[str, str]:
    path = _LOCALE_DIR / f"{language}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in data.items()
    ):
        raise ValueError(f"{path}: expected a flat JSON object of strings")
    return {k: v for k, v in data.items() if not k.startswith("@")}


def load_catalog(language: str) -> Catalog:
    """The catalog for ``language``; fails listing the known languages."""
    if language not in known_languages():
        known = ", ".join(known_languages())
        raise UnknownLanguageError(f"unknown language {language!r}; expected one of: {known}")
    return Catalog(language, _read(language))
