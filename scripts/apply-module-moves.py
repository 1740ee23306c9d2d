#!/usr/bin/env python3
"""Rewrite ``import``/``from`` lines (and dotted module strings) by scripts/module-moves.txt.

Usage: scripts/apply-module-moves.py FILE... (Python files; rewritten in place).
Only exact module names are mapped, so running it twice changes nothing.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

MAP_FILE = Path(__file__).resolve().parent / "module-moves.txt"

_FROM = re.compile(r"^(?P<indent>\s*)from\s+(?P<module>[\w.]+)\s+import\s+(?P<names>.*)$")
_IMPORT = re.compile(r"^(?P<indent>\s*)import\s+(?P<modules>[\w.]+(\s+as\s+\w+)?(\s*,\s*[\w.]+(\s+as\s+\w+)?)*)\s*$")
_DOTTED_STRING = re.compile(r"(?P<quote>[\"'])(?P<path>trfsite(?:\.\w+)+)(?P=quote)")


def load_map(path: Path = MAP_FILE) -> dict[str, str]:
    moves: dict[str, str] = {}
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        old, arrow, new = line.partition("->")
        if not arrow or not old.strip() or not new.strip():
            raise SystemExit(f"{path}:{number}: expected 'old.module -> new.module', got {raw!r}")
        moves[old.strip()] = new.strip()
    return moves


def _split_names(names: str) -> list[tuple[str, str | None]]:
    """``a, b as c`` -> [("a", None), ("b", "c")]."""
    result: list[tuple[str, str | None]] = []
    for part in names.split(","):
        part = part.strip()
        if not part:
            continue
        name, _, alias = part.partition(" as ")
        result.append((name.strip(), alias.strip() or None))
    return result


def _rewrite_from(indent: str, module: str, names: str, moves: dict[str, str]) -> str | None:
    new_modules = set(moves.values())
    listed_names = [name for name, _ in _split_names(names.split("#", 1)[0].strip().strip("()"))]
    if listed_names and all(f"{module}.{name}" in new_modules for name in listed_names):
        return None  # ``from trfsite.render import theme``: already the new package
    if module in moves:
        return f"{indent}from {moves[module]} import {names}"
    inner = names.strip()
    parenthesized = inner.startswith("(") and inner.endswith(")")
    comment = ""
    if not parenthesized and "#" in inner:
        inner, _, comment = inner.partition("#")
        comment = "  #" + comment
    listed = _split_names(inner.strip("()"))
    if not any(f"{module}.{name}" in moves for name, _ in listed):
        return None
    kept: list[str] = []
    lines: list[str] = []
    for name, alias in listed:
        new = moves.get(f"{module}.{name}")
        if new is None:
            kept.append(name if alias is None else f"{name} as {alias}")
            continue
        parent, _, child = new.rpartition(".")
        local = alias or name
        lines.append(f"{indent}from {parent} import {child}" + ("" if child == local else f" as {local}"))
    if kept:
        lines.insert(0, f"{indent}from {module} import {', '.join(kept)}")
    return "\n".join(lines) + comment


def _rewrite_string(match: re.Match[str], moves: dict[str, str], new_modules: set[str]) -> str:
    path = match["path"]
    parts = path.split(".")
    for end in range(len(parts), 1, -1):
        prefix = ".".join(parts[:end])
        if prefix in new_modules and prefix not in moves:
            return match.group(0)  # already a new path
        if prefix in moves:
            rest = ".".join(parts[end:])
            return match["quote"] + moves[prefix] + ("." + rest if rest else "") + match["quote"]
    return match.group(0)


def rewrite(text: str, moves: dict[str, str]) -> str:
    new_modules = set(moves.values())
    out: list[str] = []
    lines = text.split("\n")
    index = 0
    while index < len(lines):
        line = lines[index]
        match = _FROM.match(line)
        if match:
            names = match["names"]
            consumed = 1
            if names.strip().startswith("(") and ")" not in names:
                # a parenthesized list over several lines: read it whole
                while index + consumed < len(lines) and ")" not in lines[index + consumed]:
                    consumed += 1
                block = [names] + lines[index + 1 : index + consumed + 1]
                consumed += 1
                if match["module"] in moves:
                    out.append(f"{match['indent']}from {moves[match['module']]} import {names}")
                    out.extend(lines[index + 1 : index + consumed])
                    index += consumed
                    continue
                joined = " ".join(part.split("#", 1)[0].strip() for part in block)
                replaced = _rewrite_from(match["indent"], match["module"], joined, moves)
                if replaced is None:
                    out.extend(lines[index : index + consumed])
                else:
                    out.append(replaced)
                index += consumed
                continue
            replaced = _rewrite_from(match["indent"], match["module"], names, moves)
            out.append(line if replaced is None else replaced)
            index += 1
            continue
        match = _IMPORT.match(line)
        if match:
            parts = []
            for piece in match["modules"].split(","):
                name, _, alias = piece.strip().partition(" as ")
                name = moves.get(name.strip(), name.strip())
                parts.append(name if not alias else f"{name} as {alias.strip()}")
            line = f"{match['indent']}import {', '.join(parts)}"
        else:
            line = _DOTTED_STRING.sub(lambda m: _rewrite_string(m, moves, new_modules), line)
        out.append(line)
        index += 1
    return "\n".join(out)


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if argv else 2
    moves = load_map()
    changed = 0
    for name in argv:
        path = Path(name)
        text = path.read_text(encoding="utf-8")
        new = rewrite(text, moves)
        if new != text:
            path.write_text(new, encoding="utf-8")
            changed += 1
            print(f"rewrote {path}")
    print(f"{changed} of {len(argv)} files changed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
