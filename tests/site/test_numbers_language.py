"""Numbers follow the page's language (issue 41, item 7): decimal marks, signs and money.

The German 2005 open (sample_reports' prizes: overall 1000, 600, 400, 200, the S50 prize
to its best senior, under the Hort system) had 1,351 numbers with an English decimal
point in its table cells.
Hort by hand (README "Prizes"): five players on 6 points hold places 2-6, worth
600 + 400 + 200 + 0 + 0 = 1200; the 2nd gets half of 600 = 300 plus 1200 / 2 / 5 = 120,
that is 420.00; German spells it 420,00 and the 1200 1.200,00.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from lxml import html
from sitehelpers import SAMPLES

from trfsite.site.build import BuildOptions, build_site

KARL = "karl-mala-open-2005"
# A number written with a point before its decimals: 10.3, -0.8, 1000.00 (not 1.000,00).
POINT_DECIMAL = re.compile(r"(?<![\d.,\w])[+\-\u2212]?\d+\.\d+(?![\d.,])")
# Rule references are no numbers: C.07 16.4, B.02 8.3.1, B.01 1.4.6, table 8.1(b).
RULES = re.compile(r"\b[A-C]\.\d\d(?:\s+(?:Art\.\s*)?\d+(?:\.\d+)*)?|\b\d+(?:\.\d+)+\s*\([ab]\)")
SKIPPED = {"code", "pre", "script", "style"}
CONFIG = """
language = "de"

[people]
pages = true

[events.karl-mala-open-2005]
prize_rule = "hort"
categories = ["women", "U18", "S50", "U2000"]

[events.karl-mala-open-2005.prizes]
overall = [1000, 600, 400, 200]
women = [150]
U18 = ["Book prize"]
S50 = [100]
"""


@pytest.fixture(scope="module")
def german(tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = tmp_path_factory.mktemp("src")
    shutil.copy(SAMPLES / f"{KARL}.trf", src / f"{KARL}.trf")
    config = CONFIG
    (src / "trfsite.toml").write_text(config, encoding="utf-8")
    out = tmp_path_factory.mktemp("out") / "site"
    build_site(BuildOptions(src, out, pdf=False))
    return out


def _texts(page: html.HtmlElement) -> list[tuple[str, str]]:
    found = []
    for element in page.iter():
        if not isinstance(element.tag, str) or element.tag in SKIPPED:
            continue
        for text in (element.text, element.tail):
            if text and text.strip():
                found.append((element.tag, text))
    return found


def test_no_point_decimals_on_the_german_pages(german: Path) -> None:
    pages = sorted((german / KARL).rglob("*.html"))
    assert len(pages) > 280
    wrong: dict[str, list[str]] = {}
    for path in pages:
        for tag, text in _texts(html.fromstring(path.read_bytes())):
            for number in POINT_DECIMAL.findall(RULES.sub("", text)):
                wrong.setdefault(path.relative_to(german).as_posix(), []).append(
                    f"<{tag}> {number}"
                )
    assert wrong == {}


def test_money_and_signed_values_in_german(german: Path) -> None:
    awards = html.fromstring((german / KARL / "awards.html").read_bytes())
    rows = awards.xpath("//table[contains(@class,'prizes')]/tbody/tr")
    cells = [[" ".join(td.text_content().split()) for td in tr.xpath("td|th")] for tr in rows]
    first = cells.index(["Gesamt"])  # the category's line, then its prizes
    overall = cells[first + 1 : first + 7]
    assert [c[1] for c in overall[:4]] == ["1.000,00", "600,00", "400,00", "200,00"]
    assert overall[1][-1].startswith("420,00")  # place 2's Hort share
    assert "zusammen 1.200,00" in awards.text_content()
    standings = html.fromstring((german / KARL / "standings.html").read_bytes())
    changes = [
        td.text_content().strip()
        for td in standings.xpath("//td[contains(@class,'rating-change')]")
        if td.text_content().strip()
    ]
    assert len(changes) > 100
    assert all(re.fullmatch(r"[+-]\d+,\d|0,0", change) for change in changes), changes[:5]


def test_people_titles_and_search_texts_in_german(german: Path) -> None:
    index = html.fromstring((german / "people" / "index.html").read_bytes())
    assert index.findtext(".//title").startswith("Personen ·")
    status = index.get_element_by_id("people-status")
    assert status.get("data-found") == "Gefunden: {n}"
    findings = html.fromstring((german / "people" / "findings.html").read_bytes())
    assert not findings.findtext(".//title").startswith("Identity findings")
    script = (german / "static" / "people.js").read_text(encoding="utf-8")
    assert '"…"' not in script and "String(shown)" not in script
