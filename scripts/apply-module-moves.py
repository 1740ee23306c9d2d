#!/usr/bin/env python3
"""Rewrite ``import``/``from`` lines (and dotted module strings) by scripts/module-moves.txt.

Usage: scripts/apply-module-moves.py [--map MOVES.txt] FILE... (rewritten in place).

The map has two kinds of lines:
    trfsite.old.module -> trfsite.new.module        a module moved whole
    trfsite.old.module:Name -> trfsite.new.module   one name moved to another module
Only exact names are mapped, so running the script twice changes nothing. Run
``ruff check --select I --fix`` afterwards to sort the rewritten imports.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

MAP_FILE = Path(__file__).resolve().parent / "module-moves.txt"
LINE_LENGTH = 100

_FROM = re.compile(r"^(?P<indent>\s*)from\s+(?P<module>[\w.]+)\s+import\s+(?P<names>.*)$")
_ONE_MODULE = r"[\w.]+(\s+as\s+\w+)?"
_IMPORT = re.compile(
    rf"^(?P<indent>\s*)import\s+(?P<modules>{_ONE_MODULE}(\s*,\s*{_ONE_MODULE})*)\s*$"
)
_DOTTED_STRING = re.compile(r"(?P<quote>[\"'])(?P<path>trfsite(?:\.\w+)+)(?P=quote)")


@dataclass
class Moves:
    modules: dict[str, str] = field(default_factory=dict)  # old module -> new module
    names: dict[tuple[str, str], str] = field(default_factory=dict)  # (old module, name) -> new

    @property
    def new_modules(self) -> set[str]:
        return set(self.modules.values()) | set(self.names.values())

    def target(self, module: str, name: str) -> tuple[str, str]:
        """Where ``from module import name`` comes from now: (module, name)."""
        if (module, name) in self.names:
            return self.names[module, name], name
        if f"{module}.{name}" in self.new_modules:
            return module, name  # already a module of the new layout
        if f"{module}.{name}" in self.modules:
            parent, _, child = self.modules[f"{module}.{name}"].rpartition(".")
            return parent, child
        return self.modules.get(module, module), name


def load_map(path: Path = MAP_FILE) -> Moves:
    moves = Moves()
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        old, arrow, new = (part.strip() for part in line.partition("->"))
        if not arrow or not old or not new:
            raise SystemExit(f"{path}:{number}: expected 'old.module -> new.module', got {raw!r}")
        module, colon, name = old.partition(":")
        if colon:
            moves.names[module, name] = new
        else:
            moves.modules[old] = new
    return moves


def _split_names(names: str) -> list[tuple[str, str | None]]:
    """``a, b as c`` -> [("a", None), ("b", "c")]."""
    result: list[tuple[str, str | None]] = []
    for part in names.strip().strip("()").split(","):
        part = part.strip()
        if part:
            name, _, alias = part.partition(" as ")
            result.append((name.strip(), alias.strip() or None))
    return result


def _from_line(indent: str, module: str, names: list[str]) -> str:
    line = f"{indent}from {module} import {', '.join(names)}"
    if len(line) <= LINE_LENGTH:
        return line
    inner = "".join(f"{indent}    {name},\n" for name in names)
    return f"{indent}from {module} import (\n{inner}{indent})"


def _rewrite_from(indent: str, module: str, names: str, moves: Moves) -> list[str] | None:
    """The new lines for one ``from`` import, or None when nothing moved."""
    groups: dict[str, list[str]] = {}
    changed = False
    for name, alias in _split_names(names):
        new_module, new_name = moves.target(module, name)
        changed = changed or (new_module, new_name) != (module, name)
        local = alias or name
        spelled = new_name if new_name == local else f"{new_name} as {local}"
        groups.setdefault(new_module, []).append(spelled)
    if not changed:
        return None
    return [_from_line(indent, target, spelled) for target, spelled in groups.items()]


def _rewrite_string(match: re.Match[str], moves: Moves) -> str:
    parts = match["path"].split(".")
    new_modules = moves.new_modules
    for end in range(len(parts), 1, -1):
        prefix = ".".join(parts[:end])
        if prefix in new_modules and prefix not in moves.modules:
            return match.group(0)  # already a new path
        if prefix in moves.modules:
            rest = ".".join(parts[end:])
            quote = match["quote"]
            return quote + moves.modules[prefix] + ("." + rest if rest else "") + quote
    return match.group(0)


def _rewrite_import(match: re.Match[str], moves: Moves) -> str:
    parts = []
    for piece in match["modules"].split(","):
        name, _, alias = piece.strip().partition(" as ")
        name = moves.modules.get(name.strip(), name.strip())
        parts.append(name if not alias else f"{name} as {alias.strip()}")
    return f"{match['indent']}import {', '.join(parts)}"


def rewrite(text: str, moves: Moves) -> str:
    out: list[str] = []
    lines = text.split("\n")
    index = 0
    while index < len(lines):
        line = lines[index]
        match = _FROM.match(line)
        if not match:
            imported = _IMPORT.match(line)
            if imported:
                out.append(_rewrite_import(imported, moves))
            else:
                out.append(_DOTTED_STRING.sub(lambda m: _rewrite_string(m, moves), line))
            index += 1
            continue
        names = match["names"]
        block = [line]
        if names.strip().startswith("(") and ")" not in names:
            # a parenthesized list over several lines: read it whole
            while index + len(block) < len(lines) and ")" not in block[-1]:
                block.append(lines[index + len(block)])
            names = " ".join(part.split("#", 1)[0].strip() for part in [names, *block[1:]])
        else:
            names = names.split("#", 1)[0]
        replaced = _rewrite_from(match["indent"], match["module"], names, moves)
        if replaced is None:
            out.extend(block)
        elif len(replaced) == 1 and len(block) > 1:
            # one target: keep the block's own layout, change the module only
            new_module = replaced[0].split()[1]
            out.append(line.replace(f"from {match['module']} ", f"from {new_module} ", 1))
            out.extend(block[1:])
        else:
            out.extend(replaced)
        index += len(block)
    return "\n".join(out)


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if argv else 2
    map_file = MAP_FILE
    if argv[0] == "--map":
        map_file, argv = Path(argv[1]), argv[2:]
    moves = load_map(map_file)
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
