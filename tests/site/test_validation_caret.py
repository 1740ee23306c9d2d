"""The validation page puts a caret under the column a finding names."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from lxml import html
from sitehelpers import small_round_robin

from trfsite.site.build import BuildOptions, build_site

MakeSrc = Callable[[dict[str, str | bytes]], Path]


def test_caret_under_the_named_column(make_src: MakeSrc, tmp_path: Path) -> None:
    # Player 2's rating (columns 49-52) becomes '19x0': an error at column 49.
    lines = small_round_robin().splitlines(keepends=True)
    lines = [line[:48] + "19x0" + line[52:] if "Beta,Bert" in line else line for line in lines]
    text = "".join(lines)
    assert "19x0" in text
    src = make_src({"one.trf": text})
    out = tmp_path / "out"
    build_site(BuildOptions(src, out, pdf=False))
    page = html.fromstring((out / "one/validation.html").read_bytes())
    [finding] = [
        li for li in page.xpath("//li[contains(@class,'finding')]") if "19x0" in li.text_content()
    ]
    code = finding.xpath(".//pre[@class='source']/code")[0]
    source_line, caret_line = code.text_content().split("\n")
    caret = code.xpath("span[@class='caret']")[0].text_content()
    assert caret == " " * 48 + "^"  # column 49: 48 spaces before it
    assert source_line[48:52] == "19x0"
