"""The one checked conversion: ASCII digits only, everything else a finding with its code point."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from trfsite.cli import cli
from trfsite.formats import read_bytes
from trfsite.formats.numbers import decimal, expected_whole, whole

from .corpus import SAMPLES

# str.isdigit() is True for all four; int() raises on '²' and reads the others silently.
FOREIGN = ["²", "⁰", "３", "٣"]


@pytest.mark.parametrize("char", FOREIGN)
def test_foreign_digits_are_no_number(char: str) -> None:
    assert char.isdigit()
    assert whole(f"1{char}") is None
    assert decimal(f"1{char}.5") is None


def test_ascii_numbers_read() -> None:
    assert whole("0042") == 42
    assert decimal("11.5") == 11.5
    assert decimal("-1.5") == -1.5
    assert whole("9" * 16) is None  # more digits than MAX_DIGITS (15): damage, not a number
    assert decimal("1" * 400) is None  # float() would give inf


def test_message_names_the_code_point() -> None:
    assert expected_whole("the rating", "25٣8") == (
        "the rating is '25٣8'; expected a whole number ('٣' (U+0663) is not an ASCII digit 0-9)"
    )


@pytest.mark.parametrize(
    ("char", "code_point"), [("²", "U+00B2"), ("⁰", "U+2070"), ("３", "U+FF13"), ("٣", "U+0663")]
)
def test_trf_cell_with_foreign_digit(char: str, code_point: str) -> None:
    text = (SAMPLES / "fide-example1-trf16.trf").read_bytes().decode("latin-1")
    # Player 1's round-1 cell '  141 w 1' starts at column 92 of line 14.
    broken = text.replace("  141 w 1", f"  14{char} w 1", 1)
    result = read_bytes(broken.encode("utf-8"), "open.trf")
    found = [f for f in result.findings if f.code == "round-opponent-not-number"]
    assert [(f.line, f.column) for f in found] == [(14, 92)]
    assert code_point in found[0].message and repr(f" 14{char}") in found[0].message


def test_egf_place_with_foreign_digit() -> None:
    text = (SAMPLES / "opengotha-ioct_20_02.h9").read_bytes().decode("utf-8")
    broken = text.replace("   1 Kulu", "   1² Kulu", 1)
    result = read_bytes(broken.encode("utf-8"), "t.h9")
    found = [f for f in result.findings if f.code == "egf-place-not-number"]
    assert [(f.line, f.column) for f in found] == [(11, 4)]
    assert "U+00B2" in found[0].message


def test_validate_reports_instead_of_traceback() -> None:
    text = (SAMPLES / "fide-example1-trf16.trf").read_bytes().decode("latin-1")
    runner = CliRunner()
    with runner.isolated_filesystem():
        with open("open.trf", "w", encoding="utf-8") as out:
            out.write(text.replace("  141 w 1", "  14３ w 1", 1))
        result = runner.invoke(cli, ["validate", "open.trf"])
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.exit_code == 1
    assert "open.trf:14:92: error:" in result.output and "U+FF13" in result.output
