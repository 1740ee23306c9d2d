"""Issue 50's hostile surroundings of a file: where it lies and what config comes with it.

``place`` puts a mutated file into a results folder the way an upload or an old
archive may: as a plain file, beside a FIFO or a link to ``/dev/zero`` named like a
tournament, under a name that is not UTF-8, beside notes that link out of the folder.
``hostile_config`` writes a ``trfsite.toml`` of the kinds that broke trfsite: deep,
long dotted keys, a byte-order mark, a two-digit year, wrong types, huge lists.
Shared by ``test_fuzz_hostile.py`` (hypothesis) and ``benchmarks/fuzz.py``.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class Placement:
    name: str
    place: Callable[[Path, bytes, Path], Path]  # (folder, data, scratch) -> the file


def _plain(folder: Path, data: bytes, scratch: Path) -> Path:
    path = folder / "event.trf"
    path.write_bytes(data)
    return path


def _beside_fifo(folder: Path, data: bytes, scratch: Path) -> Path:
    os.mkfifo(folder / "pipe.trf")
    return _plain(folder, data, scratch)


def _beside_dev_zero(folder: Path, data: bytes, scratch: Path) -> Path:
    os.symlink("/dev/zero", folder / "zero.h9")
    return _plain(folder, data, scratch)


def _latin1_name(folder: Path, data: bytes, scratch: Path) -> Path:
    path = folder / os.fsdecode(b"caf\xe9 \x1b[31m.trf")  # not UTF-8, with an escape code
    path.write_bytes(data)
    return path


def _linked_from_outside(folder: Path, data: bytes, scratch: Path) -> Path:
    outside = scratch / "outside.trf"
    outside.write_bytes(data)
    os.symlink(outside, folder / "linked.trf")
    return _plain(folder, data, scratch)


def _notes_out(folder: Path, data: bytes, scratch: Path) -> Path:
    os.symlink("/etc/passwd", folder / "event.md")
    return _plain(folder, data, scratch)


def _unreadable_neighbour(folder: Path, data: bytes, scratch: Path) -> Path:
    locked = folder / "locked.trf"
    # Unreadable unless run as root, and then a second event: its first 4 KB, not the
    # whole input again (a 455 KB garbage file built twice took 33 s, not 10).
    locked.write_bytes(data[:4096])
    locked.chmod(0)
    return _plain(folder, data, scratch)


PLACEMENTS: tuple[Placement, ...] = (
    Placement("plain", _plain),
    Placement("beside-fifo", _beside_fifo),
    Placement("beside-dev-zero", _beside_dev_zero),
    Placement("latin1-name", _latin1_name),
    Placement("linked-from-outside", _linked_from_outside),
    Placement("notes-link-out", _notes_out),
    Placement("unreadable-neighbour", _unreadable_neighbour),
)


def find_placement(name: str) -> Placement:
    for placement in PLACEMENTS:
        if placement.name == name:
            return placement
    known = ", ".join(p.name for p in PLACEMENTS)
    raise KeyError(f"unknown placement {name!r}; known placements: {known}")


def _deep(rng: random.Random) -> str:
    depth = rng.choice((10, 40, 500, 5000))
    return "x = " + "[" * depth + "]" * depth + "\n"


def _dotted(rng: random.Random) -> str:
    return ".".join(["a"] * rng.choice((5, 40, 20_000))) + " = 1\n"


def _tiebreaks(rng: random.Random) -> str:
    count = rng.choice((3, 25, 100_000))
    same = rng.random() < 0.5
    codes = ", ".join('"BH"' if same else f'"BH/C{n % 9}{n}"' for n in range(count))
    return f"[events.event]\ntiebreaks = [{codes}]\n"


_VALUES = ('0026-07-01', '"2026-01-01"', "-1", "1e309", "99999999999999999999", "true",
           '"x"', "[1, 2]", "{ a = 1 }", "nan", "inf", '"\\u0000"', "1979-05-27T07:32:00Z",
           '"' + "9" * 5000 + '"', "3.5")  # fmt: skip
_KEYS = ("age_cutoff", "unrated_rating", "ranking_best", "k_factor", "categories", "rules",
         "system", "go_bar", "go_floor", "go_columns", "go_free_draw_points", "team_bye",
         "points_source", "prize_rule", "prizes", "tiebreaks", "go_bye_in_sos")  # fmt: skip
_SITE = ("title = {v}", "language = {v}", "languages = {v}", "base_url = {v}", "theme = {v}")


def _values(rng: random.Random) -> str:
    lines = [rng.choice(_SITE).format(v=rng.choice(_VALUES)) for _ in range(rng.randrange(3))]
    lines.append("[events.event]")
    lines += [f"{rng.choice(_KEYS)} = {rng.choice(_VALUES)}" for _ in range(rng.randrange(1, 5))]
    return "\n".join(dict.fromkeys(lines)) + "\n"  # a key twice is invalid TOML: once each


def _theme_name(rng: random.Random) -> str:
    return f'theme = "./{"x" * rng.choice((10, 255, 256, 5000))}"\n'


def _people(rng: random.Random) -> str:
    key = rng.choice(('"index"', '"findings"', '"fide-1"', "7", '"a b"', '"' + "k" * 3000 + '"'))
    return f'[people]\nmerge = [["fide-1", {key}]]\nsplit = {{ "event:1" = {key} }}\n'


_CONFIGS: tuple[Callable[[random.Random], str], ...] = (
    _deep, _dotted, _tiebreaks, _values, _theme_name, _people,
)  # fmt: skip


def hostile_config(rng: random.Random) -> bytes:
    """One hostile trfsite.toml, sometimes with a byte-order mark or bytes not UTF-8."""
    text = rng.choice(_CONFIGS)(rng).encode("utf-8")
    roll = rng.random()
    if roll < 0.15:
        return b"\xef\xbb\xbf" + text
    if roll < 0.2:
        return text + b"# \xff\xfe\n"
    return text
