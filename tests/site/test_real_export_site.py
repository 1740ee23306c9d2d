"""A Swiss-Manager team export on the site: team_bye from trfsite.toml reaches the
standings page, its notes and the team pages (issue 19). Values: tests/data/real/README.md."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from lxml import html
from sitehelpers import ROOT

from trfsite.site.build import BuildOptions, build_site

MakeSrc = Callable[[dict[str, str | bytes]], Path]
TEAM = ROOT / "tests/data/real/swiss-manager-team.trf"


def _mp_gp(out: Path) -> dict[str, tuple[str, str]]:
    """Team name -> (MP, GP) as the standings page prints them (halves as ½)."""
    page = html.fromstring((out / "swiss-manager-team/standings.html").read_bytes())
    rows: dict[str, tuple[str, str]] = {}
    for tr in page.xpath("//table//tr[td]"):
        cells = [" ".join(td.text_content().split()) for td in tr.xpath("./th|./td")]
        rows.setdefault(cells[1], (cells[2], cells[3]))  # the team table comes first
    return rows


def test_team_bye_from_the_config_on_the_standings_page(make_src: MakeSrc, tmp_path: Path) -> None:
    config = "[events.swiss-manager-team]\nteam_bye = { match_points = 0, game_points = 0 }\n"
    src = make_src({"swiss-manager-team.trf": TEAM.read_bytes(), "trfsite.toml": config})
    out = tmp_path / "out"
    build_site(BuildOptions(src, out, pdf=False))
    text = (out / "swiss-manager-team/standings.html").read_text("utf-8")
    assert "as team_bye in trfsite.toml says" in text
    rows = _mp_gp(out)
    # Without the PAB's 1 MP / 2 GP: T5 0 MP and 3 GP, T4 3 and 4.5, T2 1 and 3.5.
    assert rows["ΠΑΟΚ"] == ("0", "3")
    assert rows["Άρης Θεσσαλονίκης"] == ("3", "4½") and rows["Παναθηναϊκός"] == ("1", "3½")


def test_default_team_bye_on_the_standings_page(make_src: MakeSrc, tmp_path: Path) -> None:
    src = make_src({"swiss-manager-team.trf": TEAM.read_bytes()})
    out = tmp_path / "out"
    build_site(BuildOptions(src, out, pdf=False))
    text = (out / "swiss-manager-team/standings.html").read_text("utf-8")
    assert "the file has no record 320" in text
    rows = _mp_gp(out)
    # The draw-like PAB: T5 1 MP and 5 GP, T4 4 and 6.5, T2 2 and 5.5.
    assert rows["ΠΑΟΚ"] == ("1", "5")
    assert rows["Άρης Θεσσαλονίκης"] == ("4", "6½") and rows["Παναθηναϊκός"] == ("2", "5½")
