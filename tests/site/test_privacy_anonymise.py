"""``[privacy] anonymise``: a person shown as "Anonymous" everywhere (issue 41, item 2).

Müller, Hans (FIDE 4612345) plays the 2024 club championship and, a year later, a
small round robin of our own where the file spells him ``Mueller,Hans`` without id.
Vasquez, Rodrigo (FIDE 3400042) played the 2005 open. Müller is named by his id (the
2024 file) and his name (the 2025 file has no id: an entry matches by id or by name,
event by event), Vasquez by his name only. Standings stay as computed: Müller scored
6½ of 9 for 2nd place in 2024 (the file's own columns 81-89, which its round cells
give: 1+1+0+1+½+1+½+½+1).
"""

from __future__ import annotations

import contextlib
import io
import json
import shutil
import sqlite3
from pathlib import Path

import pypdf
import pytest
from click.testing import CliRunner
from lxml import html
from sitehelpers import SAMPLES, player_line

from trfsite.cli import cli
from trfsite.site.build import BuildOptions, build_site
from trfsite.site.state import state_path

pytestmark = pytest.mark.slow

CLUB, KARL, OWN = "club-championship-2024", "karl-mala-open-2005", "club-2025"
HIDDEN = ("Müller,Hans", "Mueller,Hans", "Muller", "4612345", "Vasquez", "3400042")
CONFIG = """
title = "Privacy test"
languages = ["en", "de"]

[privacy]
anonymise = ["4612345", "Müller, Hans", "Vasquez, Rodrigo"]

[people]
pages = true

[events.karl-mala-open-2005]
prize_rule = "hort"

[events.karl-mala-open-2005.prizes]
overall = [1000, 600, 400, 200]
"""


def _own_event() -> str:
    lines = [
        "012 Club 2025",
        "042 2025/03/01",
        "052 2025/03/03",
        "092 Individual: Round Robin",
        player_line(1, "Mueller,Hans", 2220, [(2, "w", "1"), (3, "b", "=")], 1.5, 1),
        player_line(2, "Becker,Paul", 2100, [(1, "b", "0"), (3, "w", "1")], 1.0, 2),
        player_line(3, "Wolf,Lena", 2000, [(2, "b", "0"), (1, "w", "=")], 0.5, 3),
    ]
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def src(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("src")
    for name in (f"{CLUB}.trf", f"{KARL}.trf"):
        shutil.copy(SAMPLES / name, folder / name)
    (folder / f"{OWN}.trf").write_text(_own_event(), encoding="utf-8")
    (folder / "trfsite.toml").write_text(CONFIG, encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def site(src: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("out") / "site"
    build_site(BuildOptions(src, out, pdf=True))
    return out


def _text(path: Path) -> str:
    if path.suffix == ".pdf":
        reader = pypdf.PdfReader(io.BytesIO(path.read_bytes()))
        return "\n".join(page.extract_text() for page in reader.pages)
    return path.read_bytes().decode("utf-8", "replace")


def test_no_file_names_them(site: Path) -> None:
    files = [p for p in site.rglob("*") if p.is_file()]
    assert any(p.suffix == ".pdf" for p in files)
    leaks = {}
    for path in files:
        text = _text(path)
        found = [word for word in HIDDEN if word in text]
        if found:
            leaks[path.relative_to(site).as_posix()] = found
    # Nor the build state beside the builds (never published, but kept on disk).
    for language in ("en", "de"):  # a site of two languages: a state for each
        database = f"file:{state_path(site, language)}?mode=ro"
        with contextlib.closing(sqlite3.connect(database, uri=True)) as state:
            dump = "\n".join(state.iterdump())
        assert "CREATE TABLE entries" in dump
        found = [word for word in HIDDEN if word in dump]
        if found:
            leaks[f"build state ({language})"] = found
    assert leaks == {}


def test_anonymous_in_the_pages_language_with_standings_as_computed(site: Path) -> None:
    for language, word in (("en", "Anonymous"), ("de", "Anonym")):
        card = html.fromstring((site / language / CLUB / "players" / "2.html").read_bytes())
        assert card.xpath("//h1")[0].text_content().strip().startswith(word)
        standings = html.fromstring((site / language / CLUB / "standings.html").read_bytes())
        [row] = [
            tr
            for tr in standings.xpath("//table[contains(@class,'standings')]/tbody/tr")
            if tr.xpath("th")[0].text_content().strip() == word
        ]
        cells = [td.text_content().strip() for td in row.xpath("td")]
        assert cells[0] == "2" and "6½" in cells
    own = html.fromstring((site / "en" / OWN / "standings.html").read_bytes())
    names = [th.text_content().strip() for th in own.xpath("//table//tbody/tr/th")]
    assert names[0] == "Anonymous"  # 1½ of 2 still wins the 2025 round robin


def test_no_person_page_and_no_link_to_one(site: Path) -> None:
    people = site / "en" / "people"
    assert people.is_dir()
    assert not (people / "fide-4612345.html").exists()
    assert not (people / "fide-3400042.html").exists()
    assert not any("mueller-hans" in p.name for p in people.iterdir())
    card = html.fromstring((site / "en" / CLUB / "players" / "2.html").read_bytes())
    assert not [a for a in card.xpath("//h1//a") if "people/" in a.get("href", "")]
    # Another player of the same event keeps his person page.
    assert (people / "fide-1123456.html").is_file()


@pytest.mark.parametrize(
    "args",
    [
        ["awards", f"{KARL}.trf", "--format", "json"],
        ["awards", f"{KARL}.trf", "--format", "csv"],
        ["standings", f"{KARL}.trf", "--format", "json", "--explain"],
        ["standings", f"{KARL}.trf", "--format", "csv"],
        ["people", ".", "--format", "json"],
        ["people", ".", "--format", "csv"],
    ],
)
def test_the_commands_data_names_them_not(
    src: Path, args: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(src)
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert [word for word in HIDDEN if word in result.stdout] == []
    if args[:3] == ["awards", f"{KARL}.trf", "--format"] and args[3] == "json":
        # Vasquez (6 points, 4th) shares the Hort prizes of places 2-7 with the five
        # others on 6 points: 200 / 2 + (600 + 400 + 200) / 2 / 6 = 100 + 100 = 200.
        prizes = json.loads(result.stdout)["prizes"]
        mine = [(p["place"], p["amount"]) for p in prizes if p["name"] == "Anonymous"]
        assert mine == [(4, 200.0)]
