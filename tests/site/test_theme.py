"""Themes, the Jinja environment, filters and the message catalogs."""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from lxml import html
from sitehelpers import ROOT, small_round_robin

from trfsite.cli import cli
from trfsite.render.environment import format_number, format_points, make_environment
from trfsite.render.i18n import known_languages, load_catalog
from trfsite.render.theme import ThemeError, find_theme, list_themes, static_files, theme_chain
from trfsite.site.build import BuildOptions, build_site

MakeSrc = Callable[[dict[str, str | bytes]], Path]


def test_shipped_themes_listed() -> None:
    names = [t.name for t in list_themes()]
    assert "default" in names
    code = CliRunner().invoke(cli, ["themes"])
    assert code.exit_code == 0 and "default" in code.output


def test_unknown_theme_lists_known_names() -> None:
    with pytest.raises(ThemeError) as caught:
        find_theme("no-such-theme")
    assert "'no-such-theme'" in caught.value.format_message()
    assert "default" in caught.value.format_message()


def test_user_theme_extends_default(make_src: MakeSrc, tmp_path: Path) -> None:
    theme = tmp_path / "mytheme"
    (theme / "templates").mkdir(parents=True)
    (theme / "static").mkdir()
    (theme / "theme.toml").write_text('name = "mine"\nextends = "default"\n')
    # Override base.html but reach the parent's through "!default/".
    (theme / "templates/base.html").write_text(
        '{% extends "!default/base.html" %}'
        '{% block head %}<meta name="theme" content="mine">{% endblock %}'
    )
    (theme / "static/extra.css").write_text("body{}")
    chain = theme_chain(find_theme(str(theme)))
    assert [t.name for t in chain] == ["mine", "default"]
    assert ("extra.css", theme / "static/extra.css") in static_files(chain)
    src = make_src({"small.trf": small_round_robin()})
    out = tmp_path / "out"
    build_site(BuildOptions(src, out, theme=str(theme), pdf=False))
    page = html.fromstring((out / "small/standings.html").read_bytes())
    assert page.xpath("//meta[@name='theme']/@content") == ["mine"]
    assert page.xpath("//table[contains(@class,'standings')]"), "default templates still used"
    assert (out / "static/extra.css").is_file() and (out / "static/style.css").is_file()


def test_german_site(make_src: MakeSrc, tmp_path: Path) -> None:
    src = make_src({"small.trf": small_round_robin(), "trfsite.toml": 'language = "de"\n'})
    out = tmp_path / "out"
    build_site(BuildOptions(src, out, pdf=False))
    page = html.fromstring((out / "small/standings.html").read_bytes())
    assert page.get("lang") == "de"
    nav = [a.text_content().strip() for a in page.xpath("//nav[@class='event-nav']//a")]
    assert "Tabelle" in nav and "Kreuztabelle" in nav
    overview = (out / "small/index.html").read_text(encoding="utf-8")
    assert "1. Mai 2024" in overview  # 042 2024/05/01 in German


def _template_messages() -> set[str]:
    found: set[str] = set()
    # Every shipped theme's templates and the bulletin's Python views use the catalog.
    sources = list((ROOT / "themes").glob("*/templates/**/*.html"))
    sources += list((ROOT / "trfsite").glob("pdf*.py"))
    for path in sources:
        text = path.read_text(encoding="utf-8")
        found.update(re.findall(r'_\(\s*"([^"]+)"', text))
        found.update(re.findall(r"_\(\s*'([^']+)'", text))
    return {m for m in found if not m.endswith("-")}


def test_every_template_text_is_translated_to_german() -> None:
    german = json.loads((ROOT / "trfsite/render/locale/de.json").read_text(encoding="utf-8"))
    missing = sorted(_template_messages() - set(german))
    assert missing == []


def test_catalogs_and_languages() -> None:
    assert {"en", "de"} <= set(known_languages())
    assert load_catalog("de").gettext("Round {n}", n=3) == "Runde 3"
    assert load_catalog("en").gettext("Round {n}", n=3) == "Round 3"


def test_filters() -> None:
    assert format_points(6.5) == "6\u00bd"
    assert format_points(0.5) == "\u00bd"
    assert format_points(6.0) == "6"
    assert format_points(6.5, plain=True) == "6.5"
    assert format_points(None) == "\u2013"
    assert format_number(31.25) == "31.25"
    assert format_number(14.0) == "14"
    assert format_number(14.5, ",") == "14,5"
    env = make_environment(theme_chain(find_theme("default")), "de")
    out = env.from_string("{{ x|points(true) }} {{ d|date }} {{ s }}").render(
        x=6.5, d=dt.date(2005, 7, 28), s="<b>"
    )
    assert out == "6,5 28. Juli 2005 &lt;b&gt;"
