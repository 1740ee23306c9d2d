"""Markdown notes (``NAME.md``, ``index.md``) to safe HTML.

Raw HTML in the markdown is escaped, not passed through, and markdown-it's
link validation drops ``javascript:`` and similar URLs: notes come from the
organiser's folder, but the site must stay safe whatever they contain.
"""

from __future__ import annotations

from functools import cache
from typing import Any


@cache
def _parser() -> Any:
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False}).enable(
        "table"
    )


def markdown_to_html(text: str) -> str:
    """Sanitised HTML for the notes; empty text gives an empty string."""
    if not text.strip():
        return ""
    return str(_parser().render(text))
