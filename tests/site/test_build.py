"""The build as a whole: CLI and exit codes, atomicity, determinism, escaping, safety."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from lxml import html
from sitehelpers import small_round_robin
from treedigest import tree_digest

from trfsite.cli import cli
from trfsite.pages.config import ConfigError, parse_config
from trfsite.site import site_wide
from trfsite.site.build import BuildError, BuildOptions, build_site
from trfsite.site.discover import discover
from trfsite.site.slug import assign_slugs, slugify
from trfsite.site.writer import SiteWriter, UnsafePathError

MakeSrc = Callable[[dict[str, str | bytes]], Path]
EVIL = "<script>alert(1)</script>"


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


def test_cli_build_exit_0_and_summary(make_src: MakeSrc, tmp_path: Path) -> None:
    src = make_src({"small.trf": small_round_robin()})
    code, output = _run("build", str(src), "-o", str(tmp_path / "out"), "--no-pdf")
    assert code == 0, output
    assert "1 event," in output and "pages" in output and "0 errors" in output
    assert (tmp_path / "out/small/standings.html").is_file()


def test_cli_strict_makes_warnings_fatal(make_src: MakeSrc, tmp_path: Path) -> None:
    # 062 declares 5 players, the file has 4: a warning, no error. (No round dates and no
    # FIDE ids are warnings only under validate --for-rating for a TRF16 file: issue 19.)
    text = small_round_robin().replace("042 2024/05/01\n", "042 2024/05/01\n062 5\n")
    src = make_src({"small.trf": text})
    code, _ = _run("build", str(src), "-o", str(tmp_path / "out"), "--no-pdf", "--strict")
    assert code == 1
    assert (tmp_path / "out/small/index.html").is_file(), "the site is still written"


def test_broken_file_gets_validation_page_and_others_build(
    make_src: MakeSrc, tmp_path: Path
) -> None:
    src = make_src({"good.trf": small_round_robin(), "broken.trf": b"\x00\x01\x02binary"})
    out = tmp_path / "out"
    code, output = _run("build", str(src), "-o", str(out), "--no-pdf")
    assert code == 1, output
    assert "broken.trf" in output
    assert (out / "broken/validation.html").is_file() and (out / "broken/index.html").is_file()
    assert not (out / "broken/standings.html").exists()
    assert (out / "good/crosstable.html").is_file()
    findings = html.fromstring((out / "broken/validation.html").read_bytes())
    assert findings.xpath("//li[contains(@class,'finding') and contains(@class,'error')]")
    home = (out / "index.html").read_text(encoding="utf-8")
    assert "broken/index.html" in home and "good/index.html" in home


def test_config_errors_listed_together(make_src: MakeSrc, tmp_path: Path) -> None:
    toml = (
        'language = "xx"\ncolour = "blue"\n'
        '[events.small]\nrules = "1999"\nunrated_rating = "many"\ngo_bar = "3x"\n'
    )
    src = make_src({"small.trf": small_round_robin(), "trfsite.toml": toml})
    code, output = _run("build", str(src), "-o", str(tmp_path / "out"), "--no-pdf")
    assert code == 2
    for key in (
        "language",
        "colour",
        "events.small.rules",
        "events.small.unrated_rating",
        "events.small.go_bar",
    ):
        assert key in output, key
    assert "5 errors" in output
    assert not (tmp_path / "out").exists()


def test_unknown_tiebreak_in_config_is_named() -> None:
    with pytest.raises(ConfigError) as caught:
        parse_config('[events.x]\ntiebreaks = ["BH-C1", "NOPE"]\n')
    assert "events.x.tiebreaks" in caught.value.format_message()
    assert "'NOPE'" in caught.value.format_message()


def test_unknown_theme_is_a_usage_error(make_src: MakeSrc, tmp_path: Path) -> None:
    src = make_src({"small.trf": small_round_robin()})
    code, output = _run("build", str(src), "-o", str(tmp_path / "o"), "--theme", "nosuch")
    assert code == 2 and "default" in output


def test_failed_build_leaves_out_byte_for_byte(
    make_src: MakeSrc, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    src = make_src({"small.trf": small_round_robin()})
    out = tmp_path / "out"
    build_site(BuildOptions(src, out, pdf=False))
    before = tree_digest(out)
    # A config error stops the build before anything is written...
    (src / "trfsite.toml").write_text('language = "xx"\n', encoding="utf-8")
    with pytest.raises(ConfigError):
        build_site(BuildOptions(src, out, pdf=False))
    assert tree_digest(out) == before
    (src / "trfsite.toml").unlink()
    # ...and a crash while writing pages does not reach OUT either.
    (src / "small.trf").write_text(small_round_robin("Changed,Name"), encoding="utf-8")

    def explode(*args: object, **kwargs: object) -> int:
        raise RuntimeError("disk full")

    monkeypatch.setattr(site_wide, "write_home", explode)
    with pytest.raises(RuntimeError):
        build_site(BuildOptions(src, out, pdf=False))
    assert tree_digest(out) == before
    leftovers = [p.name for p in tmp_path.iterdir() if p.name.startswith(".out")]
    assert leftovers == [], "temporary folders are cleaned up"


def test_two_builds_are_identical(make_src: MakeSrc, tmp_path: Path) -> None:
    src = make_src({"small.trf": small_round_robin(), "b/other.trf": small_round_robin("Zed,Zoe")})
    build_site(BuildOptions(src, tmp_path / "one", pdf=False))
    build_site(BuildOptions(src, tmp_path / "two", pdf=False, jobs=2))
    one, two = tree_digest(tmp_path / "one"), tree_digest(tmp_path / "two")
    assert one == two
    # SOURCE_DATE_EPOCH (conftest) is 1 May 2024, spelled as the page spells dates
    assert "Built on 1 May 2024" in (tmp_path / "one/index.html").read_text(encoding="utf-8")


def test_names_are_escaped_everywhere(make_src: MakeSrc, tmp_path: Path) -> None:
    src = make_src(
        {
            "evil.trf": small_round_robin(EVIL).replace("Small Test Round Robin", EVIL),
            "evil.md": f"Notes {EVIL} and [x](javascript:alert(1))",
            "index.md": EVIL,
        }
    )
    out = tmp_path / "out"
    build_site(BuildOptions(src, out, pdf=False))
    pages = list(out.rglob("*.html"))
    assert len(pages) > 10
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert "<script>alert" not in text, page
        assert 'href="javascript:' not in text, page
    card = (out / "evil/players/1.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in card
    assert html.fromstring(card).xpath("//h1")[0].text_content().strip() == EVIL


def test_writer_refuses_paths_outside(tmp_path: Path) -> None:
    writer = SiteWriter(tmp_path / "site")
    for bad in ("../x.html", "/etc/passwd", "a/../../b.html", "a//b", "", "..", "c:/x", "a\\..\\b"):
        with pytest.raises(UnsafePathError):
            writer.write_text(bad, "x")
    writer.write_text("ok/page.html", "x")
    assert (tmp_path / "site/ok/page.html").read_text() == "x"


def test_writer_refuses_a_folder_linked_outside(tmp_path: Path) -> None:
    # Folders are checked once and remembered (writer.py): a later page in a checked
    # folder is written, and a folder that is a symlink out of the site is refused.
    writer = SiteWriter(tmp_path / "site")
    writer.write_text("ok/a.html", "a")
    writer.write_text("ok/b.html", "b")
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "site/out").symlink_to(tmp_path / "elsewhere")
    with pytest.raises(UnsafePathError):
        writer.write_text("out/x.html", "x")
    with pytest.raises(UnsafePathError):
        writer.write_text("ok/../../x.html", "x")
    assert sorted(p.name for p in (tmp_path / "site/ok").iterdir()) == ["a.html", "b.html"]
    assert not list((tmp_path / "elsewhere").iterdir())
    assert writer.written == ["ok/a.html", "ok/b.html"]


def test_slugs_are_safe_and_unique() -> None:
    assert slugify("../../etc/passwd") == "etc-passwd"
    assert slugify("9. Karl-Mala Gedenkturnier (2005)") == "9-karl-mala-gedenkturnier-2005"
    assert slugify("Müller Cup") == "muller-cup"
    assert slugify("...") == "event"
    assert slugify(EVIL) == "script-alert-1-script"
    assert assign_slugs(["Open", "open", "OPEN!", "static"]) == [
        "open",
        "open-2",
        "open-3",
        "static-2",
    ]
    # The site's own folders at the top of OUT (open data, series pages) are never an
    # event's: a file called data.trf or series.trf must not overwrite them.
    assert assign_slugs(["data", "series", "people"]) == ["data-2", "series-2", "people-2"]


def test_discovery_by_content_in_order(make_src: MakeSrc) -> None:
    src = make_src(
        {
            "z/results.txt": small_round_robin(),  # no .trf suffix: found by its content
            "a.trf": small_round_robin(),
            "README.txt": "just some words\n",
            "notes.md": "# not a tournament",
            ".hidden/x.trf": small_round_robin(),
        }
    )
    found = discover(src)
    assert [f.relative for f in found.files] == ["a.trf", "z/results.txt"]
    assert [f.slug for f in found.files] == ["a", "results"]


def test_out_containing_src_is_refused(make_src: MakeSrc, tmp_path: Path) -> None:
    src = make_src({"small.trf": small_round_robin()})
    with pytest.raises(BuildError):
        build_site(BuildOptions(src, tmp_path, pdf=False))
    with pytest.raises(BuildError):
        build_site(BuildOptions(src, src, pdf=False))


def test_foreign_non_empty_out_is_not_replaced(make_src: MakeSrc, tmp_path: Path) -> None:
    src = make_src({"small.trf": small_round_robin()})
    out = tmp_path / "precious"
    out.mkdir()
    (out / "thesis.tex").write_text("keep me")
    with pytest.raises(BuildError):
        build_site(BuildOptions(src, out, pdf=False))
    assert (out / "thesis.tex").read_text() == "keep me"


def test_out_inside_src_is_not_read_back(make_src: MakeSrc) -> None:
    src = make_src({"small.trf": small_round_robin()})
    build_site(BuildOptions(src, src / "_site", pdf=False))
    report = build_site(BuildOptions(src, src / "_site", pdf=False))
    assert report.events == 1
