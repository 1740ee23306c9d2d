"""Issue 50, items 5 to 9: trfsite.toml is read within bounds and every value checked.

Each case is a clear config error (exit code 2) naming the file and the key,
never a traceback and never a read without end.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from trfsite.cli import cli
from trfsite.pages.config import ConfigError, load_config, parse_config

from .data import CLEAN


def _run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


@pytest.fixture
def src(tmp_path: Path) -> Path:
    folder = tmp_path / "src"
    folder.mkdir()
    (folder / "clean.trf").write_text(CLEAN, encoding="utf-8")
    return folder


def _config(src: Path, text: str | bytes) -> Path:
    path = src / "trfsite.toml"
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return path


@pytest.mark.parametrize("command", ["build", "awards"])
def test_a_two_digit_year_in_age_cutoff_is_a_config_error(
    src: Path, tmp_path: Path, command: str
) -> None:
    # 0026-07-01 is a valid TOML date of the year 26: ages counted back from it went
    # below year 1 ("year -24 is out of range").
    _config(src, "[events.clean]\ncategories = ['U18']\nage_cutoff = 0026-07-01\n")
    target = ["build", str(src), "-o", str(tmp_path / "out"), "--no-pdf", "-j", "1"]
    done = _run(*(target if command == "build" else ["awards", str(src / "clean.trf")]))
    assert done.exit_code == 2, done.output
    assert done.exception is None or isinstance(done.exception, SystemExit)
    assert "events.clean.age_cutoff: '0026-07-01' has the year 26; expected a date from 1900" in (
        done.output
    )


def test_arrays_nested_500_deep_are_refused_before_parsing() -> None:
    with pytest.raises(ConfigError, match="nested more than 32 deep"):
        parse_config("x = " + "[" * 500 + "]" * 500 + "\n")


def test_a_dotted_key_of_20000_parts_is_refused_before_parsing() -> None:
    # 40 KB of text that took 1.6 GB to parse.
    with pytest.raises(ConfigError, match="a dotted key of more than 32 parts"):
        parse_config(".".join(["a"] * 20_000) + " = 1\n")


def test_brackets_and_dots_inside_strings_count_for_nothing() -> None:
    config = parse_config('title = "a.b.c [[[ {{{ " # and . [ in a comment\n')
    assert config.title == "a.b.c [[[ {{{ "


def test_a_theme_name_too_long_for_the_file_system(src: Path, tmp_path: Path) -> None:
    long_name = "./" + "x" * 300  # one path component over 255 bytes
    _config(src, f'theme = "{long_name}"\n')
    with pytest.raises(ConfigError, match="cannot be looked up .File name too long."):
        load_config(src)
    (src / "trfsite.toml").unlink()
    done = _run("build", str(src), "-o", str(tmp_path / "out"), "--theme", long_name)
    assert done.exit_code == 2
    assert "cannot be looked up (File name too long)" in done.output


def test_a_tie_break_list_of_100000_entries(src: Path) -> None:
    # The same code 100,000 times is one tie-break (as record 202's repeats are) ...
    _config(src, "[events.clean]\ntiebreaks = [" + ", ".join(['"BH"'] * 100_000) + "]\n")
    assert load_config(src).for_stem("clean").tiebreaks == ("BH",)
    # ... 100,000 different ones are one problem, found before any code is parsed.
    codes = ", ".join(f'"X{n}"' for n in range(100_000))
    _config(src, f"[events.clean]\ntiebreaks = [{codes}]\n")
    with pytest.raises(ConfigError) as caught:
        load_config(src)
    assert caught.value.problems == [
        "events.clean.tiebreaks: 100,000 different tie-breaks; expected at most 20 (each one "
        "is a column of every standings table)"
    ]


def test_config_dev_zero_is_refused_without_reading(src: Path) -> None:
    done = _run("awards", str(src / "clean.trf"), "--config", os.devnull)
    assert done.exit_code == 2
    assert "is a character device, not a regular file" in done.output


def test_a_config_larger_than_1_mib_is_refused(src: Path) -> None:
    _config(src, "# " + "x" * (1024 * 1024) + "\n")
    with pytest.raises(ConfigError, match="expected at most 1,048,576"):
        load_config(src)


def test_a_byte_order_mark_is_accepted(src: Path) -> None:
    _config(src, b'\xef\xbb\xbftitle = "Club championship"\n')
    assert load_config(src).title == "Club championship"
