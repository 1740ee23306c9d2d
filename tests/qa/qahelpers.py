"""Hand-made tournament files, a CLI runner that forbids tracebacks, and a link checker."""

from __future__ import annotations

import struct
import urllib.parse
import zlib
from dataclasses import dataclass
from pathlib import Path

import lxml.html
from click.testing import CliRunner

from trfsite.cli import cli

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_reports"
SHARED = ROOT / "tests" / "data" / "samples"
DATA = ROOT / "tests" / "data" / "qa"
EVIL = "<script>alert(1)</script>\"'&{{ 7*7 }}"


def player_line(
    number: int | str, name: str, rating: int | str, cells: list[str], points: str, rank: int | str
) -> str:
    """A 001 line on TRF-2026's columns; ``cells`` are ``OOOO C R`` strings."""
    head = (
        f"001 {number:>4} m    {name:<33} {rating:>4} GER {'':>11} {'':<10} {points:>4} {rank:>4}"
    )
    return head + "".join(f"  {cell}" for cell in cells)


def round_robin(
    name: str = "Small Open", first: str = "Alpha,Anna", second: str = "Beta,Bert"
) -> str:
    """Four players, three rounds, every game played (a complete, valid file).

    R1: 1-4 1-0, 2-3 ½-½; R2: 4-3 0-1, 1-2 ½-½; R3: 2-4 1-0, 3-1 0-1.
    Scores: 1: 1+½+1 = 2.5; 2: ½+½+1 = 2; 3: ½+1+0 = 1.5; 4: 0.
    """
    lines = [
        f"012 {name}",
        "022 Teststadt",
        "032 GER",
        "042 2024/05/01",
        "052 2024/05/03",
        "092 Individual: Round Robin",
        "102 Chief Arbiter",
        "122 90 min + 30 s",
        "132" + " " * 88 + "24/05/01  24/05/02  24/05/03",
        player_line(1, first, 2000, ["   4 w 1", "   2 w =", "   3 b 1"], "2.5", 1),
        player_line(2, second, 1900, ["   3 w =", "   1 b =", "   4 w 1"], "2.0", 2),
        player_line(3, "Gamma,Gus", 1800, ["   2 b =", "   4 b 1", "   1 w 0"], "1.5", 3),
        player_line(4, "Delta,Dora", 1700, ["   1 b 0", "   3 w 0", "   2 b 0"], "0.0", 4),
    ]
    return "\n".join(lines) + "\n"


def png_bytes() -> bytes:
    """A real 1x1 PNG."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"\0\0\0\0"))
        + chunk(b"IEND", b"")
    )


@dataclass(frozen=True)
class Run:
    code: int
    out: str
    err: str


def run(*args: str) -> Run:
    """Invoke the CLI; any exception other than a clean exit fails the test (a traceback)."""
    result = CliRunner().invoke(cli, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"traceback for {args!r}") from result.exception
    return Run(result.exit_code, result.stdout, result.stderr)


def broken_links(root: Path) -> list[str]:
    """Every href/src in every page that does not resolve to a file inside ``root``
    (or to an element id, for ``#fragment`` links). Scripts, styles and images from
    outside count as broken too: the site must work offline."""
    root = root.resolve()
    ids: dict[Path, set[str]] = {}

    def anchors(page: Path) -> set[str]:
        if page not in ids:
            doc = lxml.html.fromstring(page.read_bytes())
            ids[page] = {
                str(e.get("id")) for e in doc.iter() if isinstance(e.tag, str) and e.get("id")
            }
        return ids[page]

    bad: list[str] = []
    for page in sorted(root.rglob("*.html")):
        doc = lxml.html.fromstring(page.read_bytes())
        for element in doc.iter():
            if not isinstance(element.tag, str):
                continue
            for attribute in ("href", "src"):
                value = element.get(attribute)
                if value is None:
                    continue
                where = f"{page.relative_to(root)}: {attribute}={value!r}"
                url = urllib.parse.urlsplit(value)
                if url.scheme or value.startswith("//"):
                    # Links out (notes, rel=canonical) are fine; what the page loads is not.
                    navigates = element.tag == "a" or (
                        element.tag == "link" and element.get("rel") in ("canonical", "alternate")
                    )
                    if not navigates:
                        bad.append(where + " (loaded from outside: the site must work offline)")
                    continue
                path = urllib.parse.unquote(url.path)
                target = (page.parent / path).resolve() if path else page
                if target.is_dir():
                    target = target / "index.html"
                if not target.is_file() or not target.is_relative_to(root):
                    bad.append(where + " (missing)")
                elif (
                    url.fragment
                    and target.suffix == ".html"
                    and url.fragment not in anchors(target)
                ):
                    bad.append(where + " (no such anchor)")
    return bad
