"""Encodings and line endings from the wild, and text that is not TRF at all."""

from __future__ import annotations

import pytest

from trfsite.findings import Severity
from trfsite.formats import read_bytes
from trfsite.formats.trf import read_trf, sniff

from .lines import player

LINES = [
    "012 Café Open",
    player(1, "Müller, Hans", ["   2 w 1"]),
    player(2, "Nemo André", ["   1 b 0"]),
]


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "cp1252", "latin-1"])
@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_names_come_out_right(encoding: str, newline: str) -> None:
    data = (newline.join(LINES) + newline).encode(encoding)
    result = read_bytes(data, "enc.trf")
    t = result.tournament
    assert t is not None
    assert t.name == "Café Open"
    assert [p.name for p in t.players] == ["Müller, Hans", "Nemo André"]
    assert [c.outcome.value for c in t.players[0].rounds] == ["1"]
    assert not [f for f in result.findings if f.severity is Severity.ERROR]


def test_cp1252_only_letters() -> None:
    data = "\r\n".join(["012 T", player(1, "Šimon, Œdipe")]).encode("cp1252")
    t = read_bytes(data, "cp.trf").tournament
    assert t is not None and t.players[0].name == "Šimon, Œdipe"


def test_file_without_final_newline_and_with_blank_lines() -> None:
    t = read_trf("012 T\n\n   \n" + player(1, "A", ["0000 - U"]), "x.trf").tournament
    assert t is not None and [p.id for p in t.players] == [1]


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (b"", "file-empty"),
        (b"   \n\n", "file-empty"),
        ("012 Open\n".encode("utf-16"), "file-encoding"),
        (b"\x00\x01\x02PK\x03\x04binary", "file-binary"),
        (b"hello world\nthis is a letter\n", "file-unknown-format"),
    ],
)
def test_not_trf_gives_one_clean_error(data: bytes, code: str) -> None:
    result = read_bytes(data, "x.trf")
    assert result.tournament is None
    assert [(f.severity, f.code) for f in result.findings] == [(Severity.ERROR, code)]


def test_read_trf_on_arbitrary_text_gives_one_error() -> None:
    result = read_trf("Dear arbiter,\nplease find attached...\n", "letter.txt")
    assert result.tournament is None
    assert [f.code for f in result.findings] == ["file-not-trf"]
    assert "expected a TRF16 or TRF-2026 file" in result.findings[0].message


def test_sniff() -> None:
    assert sniff("012 Open\n")
    assert sniff("\ufeff001    1 m    A\n")
    assert sniff("022 City\n042 2024/01/01\n")
    assert not sniff("hello\n")
    assert not sniff("; EGF table\n  1 Name First 2d FR Club 0 0 1+/w\n")
