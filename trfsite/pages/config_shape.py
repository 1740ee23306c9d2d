"""The shape of ``trfsite.toml`` checked before it is parsed.

Python's TOML parser recurses once per level of nesting (arrays 500 deep end
in a ``RecursionError``) and makes a table per part of a dotted key (a key of
20,000 parts took 1.6 GB). A real config is a few KB, a few levels deep, with
keys of two or three parts; the limits below are far beyond that and keep the
parse in proportion. Strings and comments are skipped, so that a title such
as ``"a.b.c"`` or ``"[[["`` counts for nothing.
"""

from __future__ import annotations

import re

MAX_DEPTH = 32  # arrays and inline tables inside each other, and [[table]] headers
MAX_KEY_PARTS = 32  # a.b.c = 3 parts

_TOKENS = re.compile(
    r'"""(?:[^"\\]|\\.|"(?!""))*"""'  # multi-line basic string
    r"|'''.*?'''"  # multi-line literal string
    r'|"(?:[^"\\\n]|\\.)*"'  # basic string
    r"|'[^'\n]*'"  # literal string
    r"|#[^\n]*"  # comment
    r"|[\[\]{}.=,\n]",
    re.DOTALL,
)
_OPEN = frozenset("[{")
_CLOSE = frozenset("]}")
_KEY_END = frozenset("=,\n[]{}")


def shape_problem(text: str) -> str | None:
    """What makes ``text`` too deep or its keys too long to parse, or None."""
    depth = deepest = 0
    dots = 0
    line = 1
    for match in _TOKENS.finditer(text):
        token = match.group()
        first = token[0]
        if first in "\"'#":
            line += token.count("\n")
            continue
        if first == ".":
            dots += 1
            if dots >= MAX_KEY_PARTS:
                return (
                    f"line {line}: a dotted key of more than {MAX_KEY_PARTS} parts; expected "
                    "keys such as events.open.tiebreaks"
                )
            continue
        if first in _KEY_END:
            dots = 0
        if first == "\n":
            line += 1
        elif first in _OPEN:
            depth += 1
            deepest = max(deepest, depth)
            if deepest > MAX_DEPTH:
                return (
                    f"line {line}: arrays or tables nested more than {MAX_DEPTH} deep; "
                    "expected a few levels, as in the README's examples"
                )
        elif first in _CLOSE:
            depth = max(0, depth - 1)
    return None
