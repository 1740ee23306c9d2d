"""The bulletin fetches nothing but theme files, and works with a bare environment."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import jinja2
import pytest
from pdf_events import INDIVIDUAL_DATA

from trfsite.pdf import STATIC_BASE, BulletinError, bulletin_html, make_fetcher, static_folders
from trfsite.render.theme import find_theme, theme_chain

BULLETIN = find_theme("bulletin")


def test_static_folders_follow_the_theme_chain(bulletin_env: jinja2.Environment) -> None:
    folders = static_folders(bulletin_env)
    assert folders[0] == BULLETIN.static.resolve()
    # the chain goes on to default (its static folder exists in the repository)
    default = find_theme("default").static.resolve()
    if default.is_dir():
        assert default in folders


def test_fetcher_serves_theme_files() -> None:
    fetcher = make_fetcher((BULLETIN.static.resolve(),))
    response = fetcher(STATIC_BASE + "bulletin.css")
    assert b"@page" in response.read()
    assert response.content_type == "text/css"


@pytest.mark.parametrize(
    "url",
    [
        "https://fonts.example.com/font.css",
        "http://example.com/logo.png",
        "file:///etc/passwd",
        STATIC_BASE + "../../../../etc/passwd",
        "ftp://example.com/x",
    ],
)
def test_fetcher_refuses_everything_else(url: str) -> None:
    fetcher = make_fetcher((BULLETIN.static.resolve(),))
    with pytest.raises(ValueError):
        fetcher(url)


def test_nearest_theme_wins(tmp_path: Path) -> None:
    mine = tmp_path / "static"
    mine.mkdir()
    (mine / "bulletin.css").write_text("/* mine */", encoding="utf-8")
    fetcher = make_fetcher((mine.resolve(), BULLETIN.static.resolve()))
    assert fetcher(STATIC_BASE + "bulletin.css").read() == b"/* mine */"


def test_bare_environment_gets_english_and_is_left_unchanged() -> None:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(BULLETIN.templates)), autoescape=True
    )
    html = bulletin_html(INDIVIDUAL_DATA, env)
    assert "Final standings" in html
    assert "2½" in html
    assert "_" not in env.globals and "points" not in env.filters and "number" not in env.filters


def test_missing_template_is_a_clear_error() -> None:
    env = jinja2.Environment(loader=jinja2.DictLoader({}), autoescape=True)
    with pytest.raises(BulletinError, match="bulletin.html"):
        bulletin_html(INDIVIDUAL_DATA, env)


def test_language_and_decimal_mark_follow_the_site() -> None:
    from trfsite.render.environment import make_environment

    german = make_environment(theme_chain(BULLETIN), "de")
    data = INDIVIDUAL_DATA._replace(language="de")
    html = bulletin_html(data, german)
    assert '<html lang="de">' in html
    # tie-breaks through the site's number filter, with the German decimal mark
    rows = list(data.standings.rows)
    rows[0] = replace(rows[0], tiebreaks=(2.0, 4.25))
    html = bulletin_html(data._replace(standings=replace(data.standings, rows=tuple(rows))), german)
    assert "<td>4,25</td>" in html
