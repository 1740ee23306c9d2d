"""What a template's ``{{ }}`` prints, for the page parts written in Python.

The default theme's game page parts (``game_body``), player cards (``card_body``),
standings (``standings_body``) and round pages (``round_body``) are written in Python
while their templates are the default theme's. Each value goes through the
environment's own ``finalize`` and escape, and each text through its own ``_``, so
that a page is the same bytes either way and a translation, a filter or the cleaning of
control characters stays in one place.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jinja2
from markupsafe import Markup, escape

from trfsite.results import Note


class WrittenParts:
    """The ``{{ }}`` of ``env``'s templates, for page parts written in Python."""

    def __init__(self, env: jinja2.Environment) -> None:
        self._finalize: Callable[[Any], Any] = env.finalize or (lambda value: value)
        self._translate: Callable[..., str] = env.globals["_"]  # type: ignore[assignment]
        self._note: Callable[[str], str] = env.filters["note"]

    def _word(self, message: str) -> str:
        """``{{ _("message") }}``: translated (as the template compiles it) and escaped."""
        return self._out(self._translate(message))

    def _out(self, value: object) -> str:
        """``{{ value }}``: finalized (Notes, control characters) and escaped. A number
        and a printable text, which the finalize passes as they are, skip its call, and
        a text with nothing to escape (most: names, numbers spelled) is printed as it is
        (``escape`` makes a new Markup of every text, a microsecond each)."""
        cls = value.__class__
        if cls is str:
            if value.isprintable():  # type: ignore[attr-defined]
                if (
                    "&" in value  # type: ignore[operator]
                    or "<" in value  # type: ignore[operator]
                    or ">" in value  # type: ignore[operator]
                    or '"' in value  # type: ignore[operator]
                    or "'" in value  # type: ignore[operator]
                ):
                    return str(escape(value))
                return value  # type: ignore[return-value]
        elif cls is int or cls is float:
            return str(value)  # digits, a sign, a point: nothing to escape
        elif cls is Note:
            # What the finalize does first (the note in the page's language, a plain
            # str), then a text's own way: not the finalize's cleaning and a Markup made
            # for each (a chart's dots, a row's reason: 16 a card).
            return self._out(self._note(value))  # type: ignore[arg-type]
        return str(escape(self._finalize(value)))

    # ``{{ value }}`` for the rating cards (``card_ratings``): ``_out`` itself, not a
    # method that calls it (a frame more for each of ~45 values a card). Named on the
    # class: a bound method kept on the writer (``self.out = self._out``) was a reference
    # cycle, which left the writer and every value it keeps (~7,700 objects an event of
    # 65 players) to the cycle collector.
    out = _out

    def _safe(self, value: str) -> str:
        """``{{ value|safe }}``: as it is when printable (the finalize passes it)."""
        if value.isprintable():
            return value
        return str(self._finalize(Markup(value)))
