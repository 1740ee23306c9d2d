"""Every page kind in every language, with no English page text left; and the switcher.

The samples (an individual Swiss, a round robin, a team event and a Go event)
are built once with ``languages = [every catalog]``. On each page kind of each
event, every text node and label is compared with the catalog's English texts:
one that is still the English text of a message whose translation differs (or
is missing) is reported with its page, so that whoever merges new pages sees
which string to fill in ``trfsite/render/locale/<lang>/LC_MESSAGES/trfsite.po``.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from lxml import html
from pohelpers import LANGUAGES, read_catalog
from sitehelpers import SAMPLES

from trfsite.site.build import BuildOptions, build_site

pytestmark = pytest.mark.slow
OTHERS = [language for language in LANGUAGES if language != "en"]
# Pages of one kind differ only in their data: a few of each kind are enough.
PAGES_PER_KIND = 3
_LABELS = ("title", "aria-label", "placeholder", "alt")
_SKIPPED = {"script", "style", "code"}  # code: record numbers, file names, codes
# Not the site's text: the organiser's own notes (markdown).
_NOT_OURS = "//section[@class='notes']"
# A number placeholder ({n}, {x:g}, {x:+d}) matches a number only, so that an event
# called "Round Robin Cup" is not taken for an English "Round {n}".
_NUMBER_NAMES = (
    "n|after|total|rounds|first|last|missed|minutes|seconds|moves|points|games|rank|count"
)
_NUMBER_FIELD = re.compile(rf"\{{[a-z_]+:[^{{}}]*[dgf]\}}|\{{({_NUMBER_NAMES})\}}")
# Identifiers (a team or player number, a record) are one token; a repr is quoted.
_TOKEN_FIELD = re.compile(r"\{(id|team|opponent|record|code)\}")
_REPR_FIELD = re.compile(r"\{[a-z_]+!r\}")
# Translations that are also an English message id, as words of their own language:
# Italian "Date" is the plural of "data" (the overview's "Dates").
_SAME_SPELLING = {("it", "Date")}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = tmp_path_factory.mktemp("src")
    for path in SAMPLES.iterdir():
        if path.is_file() and path.name != "trfsite.toml":
            shutil.copy(path, src / path.name)
    for path in (SAMPLES.parent / "tests" / "data" / "norms").glob("*.trf"):
        shutil.copy(path, src / path.name)  # the norms pages: a norm, and a live chance
    config = (SAMPLES / "trfsite.toml").read_text(encoding="utf-8")
    config = re.sub(r'(?m)^language = ".*"$', f"languages = {json.dumps(LANGUAGES)}", config)
    (src / "trfsite.toml").write_text(config, encoding="utf-8")
    out = tmp_path_factory.mktemp("site") / "out"
    build_site(BuildOptions(src=src, out=out, pdf=False))
    return out


def _pattern(message: str) -> str:
    parts = re.split(r"(\{[^{}]*\})", message)
    out = []
    for part in parts:
        if not part.startswith("{"):
            out.append(re.escape(part))
        elif _NUMBER_FIELD.fullmatch(part):
            out.append(r"[-+]?[\d.,½¼¾]+")
        elif _TOKEN_FIELD.fullmatch(part):
            out.append(r"[^\s]+")
        elif _REPR_FIELD.fullmatch(part):
            out.append(r"'[^']*'|\"[^\"]*\"")
        else:
            out.append(".+?")
    return "".join(out)


def _untranslated(language: str) -> list[tuple[str, re.Pattern[str]]]:
    """English texts that must not appear on this language's pages, as patterns."""
    found = []
    for message in read_catalog(language):
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        forms = [message.string] if isinstance(message.string, str) else list(message.string)
        for english in ids:
            if english in forms and all(forms):
                continue  # the same word in this language (Buchholz, Komi, ...)
            if not re.search(r"[A-Za-z]{2}", re.sub(r"\{[^{}]*\}", "", english)):
                continue  # no words: "{first}, {rest}"
            found.append((english, re.compile(_pattern(english))))
    return found


def _texts(path: Path) -> Iterator[str]:
    root = html.parse(str(path)).getroot()
    for foreign in root.xpath(_NOT_OURS):
        foreign.getparent().remove(foreign)
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue
        for name in _LABELS:
            if element.get(name):
                yield element.get(name)
        if element.tag not in _SKIPPED and element.text:
            yield element.text
        if element.tail:
            yield element.tail


def _sample_pages(root: Path) -> list[Path]:
    by_kind: dict[str, list[Path]] = {}
    for path in sorted(root.rglob("*.html")):
        kind = re.sub(r"\d+", "N", str(path.relative_to(root)))
        by_kind.setdefault(kind, []).append(path)
    return [path for paths in by_kind.values() for path in paths[:PAGES_PER_KIND]]


@pytest.mark.parametrize("language", OTHERS)
def test_no_english_left_on_any_page_kind(site: Path, language: str) -> None:
    untranslated = _untranslated(language)
    pages = _sample_pages(site / language)
    kinds = {re.sub(r"\d+", "N", str(p.relative_to(site / language))) for p in pages}
    # Home, and per event: overview, standings (final and after a round), crosstable,
    # rounds, players, a player, statistics, validation; teams for the team event.
    assert len(kinds) >= 30
    left = set()
    for page in pages:
        for text in _texts(page):
            text = " ".join(text.split())
            if not text:
                continue
            for english, pattern in untranslated:
                if pattern.fullmatch(text) and (language, text) not in _SAME_SPELLING:
                    left.add(f"{page.relative_to(site)}: {text!r} (message {english!r})")
    listed = "\n".join(sorted(left))
    assert not left, f"{language}: English left on {len(left)} place(s):\n{listed}"


def test_every_page_links_its_other_languages(site: Path) -> None:
    page = site / "fr" / "karl-mala-open-2005" / "standings.html"
    root = html.parse(str(page)).getroot()
    assert root.get("lang") == "fr"
    alternates = {
        link.get("hreflang"): link.get("href")
        for link in root.iter("link")
        if link.get("rel") == "alternate"
    }
    # base_url of the samples is https://example.org/results/; each language below it.
    assert alternates["de"] == "https://example.org/results/de/karl-mala-open-2005/standings.html"
    assert alternates["x-default"] == "https://example.org/results/index.html"
    assert set(alternates) == {*LANGUAGES, "x-default"}
    switcher = root.xpath("//nav[@class='languages']//a")
    names = {a.get("hreflang"): a.text_content() for a in switcher}
    assert names["de"] == "Deutsch" and names["fr"] == "Français" and names["ru"] == "Русский"
    current = [a.get("hreflang") for a in switcher if a.get("aria-current") == "page"]
    assert current == ["fr"]
    target = page.parent / switcher[LANGUAGES.index("de")].get("href")
    assert target.resolve() == (site / "de" / "karl-mala-open-2005" / "standings.html").resolve()


def test_the_top_page_offers_each_language(site: Path) -> None:
    root = html.parse(str(site / "index.html")).getroot()
    links = {
        a.get("href"): a.text_content() for a in root.xpath("//ul[@class='language-choice']//a")
    }
    assert links["de/index.html"] == "Deutsch"
    assert links["pl/index.html"] == "Polski"
    assert len(links) == len(LANGUAGES)
    for language in LANGUAGES:
        assert (site / language / "index.html").is_file()
        assert (site / language / "static" / "style.css").is_file()


def test_pages_spell_numbers_and_dates_the_locale_way(site: Path) -> None:
    """Karl Mala Open 2005 started on 2005-07-28 (record 042); month names are CLDR's."""
    fr = (site / "fr" / "karl-mala-open-2005" / "index.html").read_text(encoding="utf-8")
    de = (site / "de" / "karl-mala-open-2005" / "index.html").read_text(encoding="utf-8")
    en = (site / "en" / "karl-mala-open-2005" / "index.html").read_text(encoding="utf-8")
    assert "28 juillet 2005" in fr
    assert "28. Juli 2005" in de
    assert "28 July 2005" in en
