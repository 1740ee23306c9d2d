"""Decoding files from the wild: encodings, BOMs, line endings, non-text input."""

from __future__ import annotations

import pytest

from trfsite.findings import Severity
from trfsite.formats.text import NotTextError, decode, split_lines

NAME_LINE = "001    1 m    Müller, Nemo André"


@pytest.mark.parametrize(
    ("data", "encoding"),
    [
        (NAME_LINE.encode("utf-8"), "utf-8"),
        (b"\xef\xbb\xbf" + NAME_LINE.encode("utf-8"), "utf-8-sig"),
        (NAME_LINE.encode("cp1252"), "cp1252"),
    ],
)
def test_names_come_out_right_in_every_encoding(data: bytes, encoding: str) -> None:
    decoded = decode(data, "x.trf")
    assert decoded.text == NAME_LINE
    assert decoded.encoding == encoding
    assert decoded.findings == ()


def test_latin1_with_bytes_cp1252_does_not_define() -> None:
    # 0x81 is undefined in CP1252, so only Latin-1 reads this file without loss.
    data = NAME_LINE.encode("latin-1") + b" \x81"
    decoded = decode(data, "x.trf")
    assert decoded.encoding == "latin-1"
    assert decoded.text.startswith(NAME_LINE)


def test_cp1252_specific_characters() -> None:
    # 0x8A is "Š" in CP1252 (a control character in Latin-1).
    assert decode(b"012 \x8aahovski Memorial", "x.trf").text == "012 Šahovski Memorial"


def test_mixed_encoding_is_reported_and_read_line_by_line() -> None:
    data = "Müller\n".encode() + "André\n".encode("latin-1")
    decoded = decode(data, "mixed.trf")
    assert decoded.text.split("\n")[:2] == ["Müller", "André"]
    (finding,) = decoded.findings
    assert finding.code == "file-mixed-encoding"
    assert finding.severity is Severity.WARNING
    assert finding.line == 2


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (b"", "file-empty"),
        (b"  \n\r\n", "file-empty"),
        ("012 Cup\n".encode("utf-16"), "file-encoding"),
        ("012 Cup\n".encode("utf-16-le"), "file-encoding"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "file-binary"),
    ],
)
def test_non_text_input_is_one_clean_error(data: bytes, code: str) -> None:
    with pytest.raises(NotTextError) as caught:
        decode(data, "bad.trf")
    assert caught.value.finding.code == code
    assert caught.value.finding.file == "bad.trf"
    assert caught.value.finding.severity is Severity.ERROR


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_split_lines_any_line_ending(newline: str) -> None:
    text = newline.join(["012 A", "022 B", "", "001 C"]) + newline
    assert split_lines(text) == ["012 A", "022 B", "", "001 C"]


def test_split_lines_keeps_form_feeds_inside_a_line() -> None:
    assert split_lines("a\x0cb\nc") == ["a\x0cb", "c"]
