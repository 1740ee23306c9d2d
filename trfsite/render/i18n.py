"""Message catalogs (GNU gettext) and the locale's spelling of dates and numbers (Babel).

A catalog is ``trfsite/render/locale/<language>/LC_MESSAGES/trfsite.po``, compiled to
the ``.mo`` beside it, which is what is read here. Message ids are the English
texts; placeholders are ``{name}`` (``str.format``), as in :class:`Note`.
``scripts/update-catalogs.sh`` extracts the texts and updates every catalog.
"""

from __future__ import annotations

import datetime as dt
import gettext as _gettext
import logging
from dataclasses import field
from decimal import Decimal
from functools import cache
from pathlib import Path

import click
from babel import Locale
from babel.dates import format_date as _babel_date
from babel.dates import format_datetime as _babel_datetime
from babel.numbers import format_decimal as _babel_decimal
from babel.numbers import format_percent as _babel_percent
from babel.numbers import get_decimal_symbol, get_group_symbol
from babel.support import Translations

from trfsite.model.frozen import frozen_record

logger = logging.getLogger(__name__)
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "trfsite"
FALLBACK_LANGUAGE = "en"
# Babel's "en" is American ("July 28, 2005"); results are read world-wide in the
# British spelling FIDE's own documents use ("28 July 2005").
_FORMAT_LOCALE = {"en": "en_GB"}


class UnknownLanguageError(click.ClickException):
    exit_code = 2


def known_languages() -> list[str]:
    """Every language with a compiled catalog, sorted."""
    return sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))


@frozen_record
class Catalog:
    """One language's messages and the locale that spells its dates and numbers."""

    language: str
    translations: _gettext.NullTranslations = field(hash=False, compare=False)
    locale: Locale = field(hash=False, compare=False)

    def translate(self, message: str) -> str:
        """The translated text, placeholders left as they are; the English text if missing."""
        return self.translations.gettext(message)

    def gettext(self, message: str, **values: object) -> str:
        """The translated text, with ``{name}`` placeholders filled from ``values``."""
        text = self.translations.gettext(message)
        return text.format(**values) if values else text

    def ngettext(self, singular: str, plural: str, n: int, **values: object) -> str:
        """The form for ``n`` under the language's plural rule; ``{n}`` is filled too."""
        text = self.translations.ngettext(singular, plural, n)
        return text.format(**{"n": n, **values})

    @property
    def decimal_mark(self) -> str:
        return get_decimal_symbol(self.locale)

    @property
    def group_mark(self) -> str:
        """What separates thousands: ``1.000,00``, ``1,000.00``, ``1 000,00``."""
        return get_group_symbol(self.locale)

    def format_decimal(self, value: Decimal | float, pattern: str) -> str:
        """A number by a CLDR pattern in the language's symbols: ``#,##0.00`` gives
        ``1.000,00``; ``+0.0;-0.0`` gives ``+10,3``. A Decimal keeps its own rounding."""
        return _babel_decimal(value, pattern, locale=self.locale)

    def format_date(self, value: dt.date | None) -> str:
        """A date written out: ``28 July 2005``, ``28. Juli 2005``, ``28 juillet 2005``."""
        if value is None:
            return ""
        return _babel_date(value, "long", locale=self.locale)

    def format_datetime(self, value: dt.datetime) -> str:
        """A moment as the language writes it: ``28.11.2026, 21:14:05``."""
        return _babel_datetime(value, "medium", locale=self.locale)

    def format_percent(self, share: float) -> str:
        """A share as a whole percentage in the language's way (``46 %``, ``46%``, ``%46``)."""
        return _babel_percent(share, "#,##0%", locale=self.locale)


def language_name(language: str) -> str:
    """The language's own name, as its readers look for it: ``Deutsch``, ``Français``."""
    name = Locale.parse(language).get_display_name(language) or language
    return name[:1].upper() + name[1:]


@cache
def load_catalog(language: str) -> Catalog:
    """The catalog for ``language``; fails listing the known languages."""
    if language not in known_languages():
        known = ", ".join(known_languages())
        raise UnknownLanguageError(f"unknown language {language!r}; expected one of: {known}")
    translations = Translations.load(str(LOCALE_DIR), [language], DOMAIN)
    locale = Locale.parse(_FORMAT_LOCALE.get(language, language))
    return Catalog(language, translations, locale)
