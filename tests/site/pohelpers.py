"""The shipped gettext catalogs, read as tests need them (babel's own .po reader)."""

from __future__ import annotations

from functools import cache

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from sitehelpers import ROOT

LOCALE = ROOT / "trfsite" / "render" / "locale"
LANGUAGES = sorted(p.parent.parent.name for p in LOCALE.glob("*/LC_MESSAGES/trfsite.po"))


@cache
def read_catalog(language: str) -> Catalog:
    with (LOCALE / language / "LC_MESSAGES" / "trfsite.po").open("rb") as f:
        return read_po(f)


@cache
def messages(language: str) -> dict[str, str]:
    """Message id -> text, for the singular messages that are translated."""
    return {
        m.id: m.string
        for m in read_catalog(language)
        if m.id and isinstance(m.id, str) and isinstance(m.string, str) and m.string
    }
