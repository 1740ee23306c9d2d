"""The one checked conversion from text to numbers, used by every reader.

Files from the wild hold look-alike digits (superscript ``²``, fullwidth ``３``,
Arabic-Indic ``٣``): ``str.isdigit()`` accepts them, ``int()`` raises on some and
silently reads others, and regular expressions' ``\\d`` matches them. Only ASCII
``0``-``9`` are digits here; anything else is reported with its code point.
"""

from __future__ import annotations

import math
import re

from trfsite.formats.limits import MAX_DIGITS
from trfsite.results import Note

_MAX_DIGITS = MAX_DIGITS.limit
# Compiled (and kept in re's cache) by the first value that is not plain digits and a point.
_DECIMAL = r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)"


def is_whole(text: str) -> bool:
    """``text`` is a plain non-negative integer in ASCII digits, not too long to read."""
    # isdigit() alone takes '²' and '３'; on an ASCII string it means 0-9 only (and not empty).
    # Three C calls: it runs for every cell of every player line.
    return len(text) <= _MAX_DIGITS and text.isascii() and text.isdigit()


def whole(text: str) -> int | None:
    """A plain non-negative integer in ASCII digits, or None (see ``why_not_number``)."""
    return int(text) if len(text) <= _MAX_DIGITS and text.isascii() and text.isdigit() else None


def decimal(text: str) -> float | None:
    """A finite decimal (``11.5``, ``-1.5``, ``15``) in ASCII digits, or None."""
    if len(text) > _MAX_DIGITS + 2:
        return None
    # '6.5', '65', '.5': ASCII digits and at most one point, which _DECIMAL accepts; the
    # regular expression (ten times slower) decides the rest (signs, letters, '.').
    plain = text.isascii() and text.replace(".", "", 1).isdigit()
    if not plain and re.fullmatch(_DECIMAL, text, re.ASCII) is None:
        return None
    value = float(text)
    return value if math.isfinite(value) else None


def char_label(char: str) -> str:
    """``'²' (U+00B2)``: a character as a finding shows it."""
    return f"{char!r} (U+{ord(char):04X})"


def why_not_number(text: str) -> str:
    """The reason ``text`` is no number, worth adding to a finding; "" when none stands out."""
    for char in text:
        if char.isdigit() and not char.isascii():
            return Note("{char} is not an ASCII digit 0-9", char=char_label(char))
        if not char.isprintable():
            return Note("it holds the control character {char}", char=char_label(char))
    digits = sum(char.isdigit() for char in text)
    if digits > MAX_DIGITS.limit:
        return Note(
            "it has {digits} digits; at most {limit} are read",
            digits=digits,
            limit=MAX_DIGITS.limit,
        )
    return ""


_REASON_TEMPLATE = " ({reason})"


def reason_note(text: str) -> str:
    """`` ('²' (U+00B2) is not an ASCII digit 0-9)`` to end a finding's message, or ""."""
    reason = why_not_number(text)
    # Language-neutral: the reason inside is translated on its own.
    return Note(_REASON_TEMPLATE, reason=reason) if reason else ""


def expected_whole(what: str, text: str) -> str:
    """``what is '1²'; expected a whole number ('²' (U+00B2) is not an ASCII digit 0-9)``."""
    return Note(
        "{what} is {text!r}; expected a whole number{reason}",
        what=what,
        text=text,
        reason=reason_note(text),
    )
