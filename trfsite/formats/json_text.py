"""JSON text exactly as ``json.dumps(value, ensure_ascii=False, indent=2)`` writes it, faster.

With ``indent`` the standard library writes JSON with its Python encoder, value by
value (0.4 s of CPU for the rounds of a 2,000-player open); without, with its C
encoder. Here each innermost object or list (a game, a player: nothing but text,
numbers, booleans and nulls) is written by the C encoder, whose item separator is
then the comma, newline and indent that ``indent=2`` puts between items: only the
levels above it are walked in Python. JSON text never holds a raw newline (strings
escape it), so the layout is the same character for character.

A list of objects with the same keys (a round's games, the standings' rows) is written
as a table: each column's values by one call of the C encoder (an encoder call builds
its C encoder anew: once per column, not once per object), and each object from a
template of its keys (made once per key set); the keys are checked once per list,
not once per object.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from typing import cast

_STEP = "  "
_SCALAR = (str, int, float, type(None))  # bool is an int
# json.dumps makes an encoder per call when given any option: made once here instead.
_TEXT = json.JSONEncoder(ensure_ascii=False)
_INNERMOST: dict[int, json.JSONEncoder] = {}
# A column of scalars as one text, a value a line: "[v1\nv2\n...]".
_COLUMN = json.JSONEncoder(ensure_ascii=False, separators=("\n", ": "))


def indented_json(value: object) -> str:
    """``json.dumps(value, ensure_ascii=False, indent=2)``, byte for byte."""
    out: list[str] = []
    _write(value, 0, out)
    return "".join(out)


def _write(value: object, level: int, out: list[str]) -> None:
    if isinstance(value, dict):
        if all(type(key) is str for key in value):
            if all(isinstance(item, _SCALAR) for item in value.values()):
                out.append(_innermost(value, level))
                return
            inner = "\n" + _STEP * (level + 1)
            out.append("{")
            for index, (key, item) in enumerate(value.items()):
                out.append(inner if not index else "," + inner)
                out.append(_TEXT.encode(key))
                out.append(": ")
                _write(item, level + 1, out)
            out.append("\n" + _STEP * level + "}")
            return
    elif isinstance(value, list | tuple):
        if all(isinstance(item, _SCALAR) for item in value):
            out.append(_innermost(value, level))
            return
        inner = "\n" + _STEP * (level + 1)
        rows = _table(value, level + 1) if len(value) > 1 else None
        if rows is not None:
            # Three parts, not one sum: a sum copies the rows' text once per "+".
            out.extend(("[" + inner, ("," + inner).join(rows), "\n" + _STEP * level + "]"))
            return
        out.append("[")
        for index, item in enumerate(value):
            out.append(inner if not index else "," + inner)
            _write(item, level + 1, out)
        out.append("\n" + _STEP * level + "]")
        return
    if isinstance(value, _SCALAR):
        out.append(_TEXT.encode(value))
        return
    # An object with keys that are not text (the standard library turns them into
    # text its own way), or no JSON value at all (the same TypeError): written at
    # level 0, then indented to this level.
    text = json.dumps(value, ensure_ascii=False, indent=2)
    out.append(text.replace("\n", "\n" + _STEP * level) if level else text)


def _innermost(value: dict[str, object] | list[object] | tuple[object, ...], level: int) -> str:
    if not value:
        return "{}" if isinstance(value, dict) else "[]"
    inner = "\n" + _STEP * (level + 1)
    encoder = _INNERMOST.get(level)
    if encoder is None:
        encoder = json.JSONEncoder(ensure_ascii=False, separators=("," + inner, ": "))
        _INNERMOST[level] = encoder
    text = encoder.encode(value)
    return text[0] + inner + text[1:-1] + "\n" + _STEP * level + text[-1]


def _table(items: Sequence[object], level: int) -> list[str] | None:
    """Each of ``items`` as written at ``level``, if all are dicts with the same text
    keys in the same order; None otherwise (then each is written on its own)."""
    if set(map(type, items)) != {dict}:
        return None
    dicts = cast("Sequence[dict[object, object]]", items)
    shapes = set(map(tuple, dicts))
    if len(shapes) != 1:
        return None
    (keys,) = shapes
    if not keys:
        return ["{}"] * len(dicts)
    if set(map(type, keys)) != {str}:
        return None
    columns = [_column(values, level + 1) for values in zip(*map(dict.values, dicts), strict=True)]
    return list(map(_template(keys, level).__mod__, zip(*columns, strict=True)))


# The explanations' JSON has 13,000 small tables (a tie-break's contributions) over a
# few key sets: each key set's template is made once.
@functools.lru_cache(maxsize=256)
def _template(keys: tuple[str, ...], level: int) -> str:
    """An object with ``keys`` written at ``level``, a ``%s`` for each value."""
    inner = "\n" + _STEP * (level + 1)
    fields = ("," + inner).join(_TEXT.encode(key).replace("%", "%%") + ": %s" for key in keys)
    return "{" + inner + fields + "\n" + _STEP * level + "}"


def _column(values: tuple[object, ...], level: int) -> list[str]:
    """The text of each value of a column, each as written at ``level``."""
    if all(issubclass(kind, _SCALAR) for kind in set(map(type, values))):
        # A scalar's text holds no raw newline: the line breaks are the separators.
        return _COLUMN.encode(values)[1:-1].split("\n")
    rows = _table(values, level)
    if rows is not None:
        return rows
    texts = []
    for value in values:
        out: list[str] = []
        _write(value, level, out)
        texts.append("".join(out))
    return texts
