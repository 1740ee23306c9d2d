"""``trfsite build`` the way users and independent checkers will break it.

Small hand-made events only (a build of four players takes well under a second
without the PDF). Every expectation comes from the README and issue 6.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import lxml.html
import pytest
from qahelpers import DATA, EVIL, png_bytes, round_robin, run
from treedigest import tree_digest

from trfsite.site.slug import RESERVED

# The URL layout of issue 6 (fixed: links from outside depend on it).
EVENT_FILES = (
    "index.html",
    "players.html",
    "standings.html",
    "crosstable.html",
    "validation.html",
    "statistics.html",
)


def _src(tmp_path: Path, files: dict[str, str | bytes], name: str = "src") -> Path:
    src = tmp_path / name
    for relative, content in files.items():
        path = src / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    src.mkdir(exist_ok=True)
    return src


def _events(out: Path) -> list[str]:
    return sorted(p.name for p in out.iterdir() if p.is_dir() and p.name not in RESERVED)


def _html_pages(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.html"))


def test_one_broken_file_among_good_ones(tmp_path: Path) -> None:
    src = _src(
        tmp_path,
        {
            "good.trf": round_robin("Good Open"),
            "broken.trf": png_bytes(),
            "empty.trf": "",
            "utf16.trf": round_robin().encode("utf-16"),
            "notes.txt": "a text file, not a tournament\n",
            "photo.png": png_bytes(),
            "data.csv": "a,b\n1,2\n",
        },
    )
    out = tmp_path / "out"
    done = run("build", str(src), "-o", str(out), "--no-pdf")
    assert done.code == 1  # README: some file has errors, the site is still written
    assert _events(out) == ["broken", "empty", "good", "utf16"]
    for name in EVENT_FILES + ("rounds/1.html", "standings-3.html", "players/4.html"):
        assert (out / "good" / name).is_file(), name
    for broken, code in (
        ("broken", "file-binary"),
        ("empty", "file-empty"),
        ("utf16", "file-encoding"),
    ):
        page = (out / broken / "validation.html").read_text(encoding="utf-8")
        assert code in page
        assert (out / broken / "index.html").is_file()
        assert f"{broken}.trf" in done.err  # a summary line names the file
    home = lxml.html.fromstring((out / "index.html").read_bytes())
    links = {a.get("href") for a in home.iter("a")}
    assert {f"{slug}/index.html" for slug in _events(out)} <= links


def test_file_names_become_safe_distinct_slugs(tmp_path: Path) -> None:
    good = round_robin()
    names = [
        "Open 2024.trf",
        "open-2024.trf",
        "sub/open_2024.trf",
        "Ünïcödé Tournoi.trf",
        "a..b.trf",
        "UPPER.TRF",
        "index.trf",
        "static.trf",
        "日本語.trf",
    ]
    src = _src(tmp_path, {name: good for name in names})
    out = tmp_path / "out"
    assert run("build", str(src), "-o", str(out), "--no-pdf").code == 0
    slugs = _events(out)
    assert len(slugs) == len(names)
    assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", slug) for slug in slugs), slugs
    assert "static" not in slugs and (out / "static").is_dir()
    assert "unicode-tournoi" in slugs
    for slug in slugs:
        assert (out / slug / "standings.html").is_file()
    # Nothing was written outside OUT.
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out", "out.builds", "src"]


def _pages_text(out: Path) -> dict[str, str]:
    return {p.relative_to(out).as_posix(): p.read_text(encoding="utf-8") for p in _html_pages(out)}


def _assert_no_active_content(out: Path) -> None:
    for page in _html_pages(out):
        doc = lxml.html.fromstring(page.read_bytes())
        for element in doc.iter():
            if not isinstance(element.tag, str):
                continue
            where = f"{page.relative_to(out)} <{element.tag}>"
            assert element.tag not in ("iframe", "object", "embed"), where
            for attribute, value in element.attrib.items():
                assert not attribute.lower().startswith("on") or "alert" not in value, where
                if attribute in ("href", "src", "action"):
                    scheme = value.strip().lower().split(":")[0]
                    assert scheme not in ("javascript", "vbscript", "data"), (where, value)
            if element.tag == "script":
                assert "alert" not in (element.text or ""), where
            if element.tag == "img":
                assert "alert" not in lxml.html.tostring(element, encoding="unicode"), where


def test_names_are_escaped_on_every_page_type(tmp_path: Path) -> None:
    text = round_robin(EVIL, "X" + EVIL[:28], "Be\"ta'&amp;{{7*7}}")
    text = text.replace("022 Teststadt", "022 {{7*7}}<b>city</b>")
    text = text.replace("102 Chief Arbiter", "102 <img src=x onerror=alert(1)>")
    src = _src(
        tmp_path,
        {
            "evil.trf": text,
            "evil-team.trf": (DATA / "evil-team.trf").read_text(encoding="utf-8"),
            "evil-go.h9": (DATA / "evil-go.h9").read_text(encoding="utf-8"),
        },
    )
    out = tmp_path / "out"
    assert run("build", str(src), "-o", str(out), "--no-pdf").code == 0
    _assert_no_active_content(out)
    pages = _pages_text(out)
    kinds = {re.sub(r"\d+", "N", path) for path in pages}
    assert {"evil/players/N.html", "evil-team/teams/N.html", "evil-go/rounds/N.html"} <= kinds
    for path, html in pages.items():
        visible = lxml.html.fromstring(html).text_content()
        assert "<script>" not in html or "alert" not in html.split("<script>", 1)[1][:20], path
        assert not re.search(r"(?<![\d.])49(?![\d.])", visible), path  # {{ 7*7 }} evaluated
    # The names are shown as written (escaped, not dropped).
    overview = lxml.html.fromstring(pages["evil/index.html"])
    assert EVIL in overview.text_content()
    assert "<img src=x onerror=alert(1)>" in overview.text_content()
    card = lxml.html.fromstring(pages["evil/players/2.html"]).text_content()
    assert "Be\"ta'&amp;{{7*7}}" in card
    team_card = lxml.html.fromstring(pages["evil-team/teams/1.html"]).text_content()
    assert "<b>T&\"'{{7*7}}" in team_card
    assert "<i>&\"'{{7*7}}" in lxml.html.fromstring(pages["evil-go/standings.html"]).text_content()


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs poppler's pdftotext")
def test_pdf_shows_the_names_as_written(tmp_path: Path) -> None:
    src = _src(tmp_path, {"evil.trf": round_robin(EVIL, "X" + EVIL[:28])})
    out = tmp_path / "out"
    assert run("build", str(src), "-o", str(out)).code == 0
    text = subprocess.run(
        ["pdftotext", "-raw", str(out / "evil" / "evil.pdf"), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "{{ 7*7 }}" in text and "alert(1)" in text
    assert not re.search(r"(?<![\d.])49(?![\d.])", text)


def test_markdown_notes_are_neutralised(tmp_path: Path) -> None:
    notes = (
        "# Notes <script>alert(2)</script>\n\n"
        '[click](javascript:alert(3)) <a href="javascript:alert(4)">x</a>\n\n'
        "<img src=x onerror=alert(5)>\n\n"
        "[data](data:text/html;base64,PHNjcmlwdD4=) [vb](vbscript:msgbox(1))\n\n"
        "![img](javascript:alert(6)) [caps](JaVaScRiPt:alert(7)) [ok](https://example.org/)\n\n"
        "{{ 7*7 }} {% raw %}\n"
    )
    src = _src(
        tmp_path,
        {
            "open.trf": round_robin(),
            "open.md": notes,
            "index.md": 'Home <iframe src="javascript:alert(8)"></iframe>\n',
        },
    )
    out = tmp_path / "out"
    assert run("build", str(src), "-o", str(out), "--no-pdf").code == 0
    _assert_no_active_content(out)
    overview = (out / "open" / "index.html").read_text(encoding="utf-8")
    assert 'href="https://example.org/"' in overview  # ordinary links still work
    assert "{{ 7*7 }}" in overview
    assert "&lt;iframe" in (out / "index.html").read_text(encoding="utf-8")


def test_config_with_several_errors_reports_all_and_builds_nothing(tmp_path: Path) -> None:
    config = (
        "title = 5\n"
        'language = "xx"\n'  # no catalog for xx
        'theme = "no-such-theme"\n'
        'base_url = "ftp://x"\n'
        'colour = "red"\n'
        "[events.open]\n"
        'tiebreaks = ["BH-C1", "XYZ"]\n'
        'rules = "2030"\n'
        "unrated_rating = -3\n"
        'system = "monrad"\n'
        'go_bar = "99x"\n'
    )
    src = _src(tmp_path, {"open.trf": round_robin(), "trfsite.toml": config})
    out = tmp_path / "out"
    done = run("build", str(src), "-o", str(out))
    assert done.code == 2
    keys = (
        "title",
        "language",
        "theme",
        "base_url",
        "colour",
        "events.open.tiebreaks",
        "events.open.rules",
        "events.open.unrated_rating",
        "events.open.system",
        "events.open.go_bar",
    )
    for key in keys:
        assert re.search(rf"^\s*{re.escape(key)}: ", done.err, re.M), key
    assert "'xx'" in done.err and "'XYZ'" in done.err and "'2030'" in done.err
    assert not out.exists()


def test_config_unknown_tiebreak_lists_codes_not_descriptions(tmp_path: Path) -> None:
    src = _src(
        tmp_path,
        {"open.trf": round_robin(), "trfsite.toml": '[events.open]\ntiebreaks = ["XYZ"]\n'},
    )
    done = run("build", str(src), "-o", str(tmp_path / "out"))
    assert done.code == 2
    known = done.err.split("known:", 1)[1]
    assert "SOS" in known and "Sum of opponents" not in known


def test_an_unknown_code_in_record_202_does_not_cost_the_event_its_pages(
    tmp_path: Path,
) -> None:
    text = round_robin().replace("122 90 min + 30 s", "122 90 min + 30 s\n202 SB,XYZ")
    src = _src(tmp_path, {"open.trf": text})
    out = tmp_path / "out"
    assert run("build", str(src), "-o", str(out), "--no-pdf").code == 1
    assert "tiebreak-unknown" in (out / "open" / "validation.html").read_text()
    assert (out / "open" / "standings.html").is_file()


def test_output_folder_refusals(tmp_path: Path) -> None:
    src = _src(tmp_path, {"open.trf": round_robin()})
    foreign = tmp_path / "foreign"
    foreign.mkdir()
    (foreign / "keep.txt").write_text("mine")
    a_file = tmp_path / "a-file.txt"
    a_file.write_text("x")
    before = tree_digest(tmp_path)
    for target, said in (
        (src, "contains the source"),
        (tmp_path, "contains the source"),
        (Path("/"), "contains the source"),
        (a_file, "is a file"),
        (foreign, "not empty and was not made by trfsite"),
    ):
        done = run("build", str(src), "-o", str(target), "--no-pdf")
        assert done.code == 2, target
        assert said in done.err, done.err
    assert tree_digest(tmp_path) == before


def test_output_below_a_file_is_a_usage_error(tmp_path: Path) -> None:
    src = _src(tmp_path, {"open.trf": round_robin()})
    a_file = tmp_path / "a-file.txt"
    a_file.write_text("x")
    done = run("build", str(src), "-o", str(a_file / "site"), "--no-pdf")
    assert done.code == 2 and "a-file.txt" in done.err


def test_unwritable_output_is_a_usage_error(tmp_path: Path) -> None:
    src = _src(tmp_path, {"open.trf": round_robin()})
    done = run("build", str(src), "-o", "/proc/trfsite-qa-site", "--no-pdf")
    assert done.code == 2


def _broken_theme(tmp_path: Path, template: str, body: str) -> Path:
    theme = tmp_path / "theme"
    (theme / "templates").mkdir(parents=True)
    (theme / "theme.toml").write_text('extends = "default"\n')
    (theme / "templates" / template).write_text(body)
    return theme


@pytest.mark.parametrize(
    ("template", "body", "said"),
    [
        ("overview.html", "{% if %}\n", "overview.html:1: "),
        (
            "index.html",
            '{% extends "!default/base.html" %}\n{% block content %}\n{{ page.nope.x }}\n'
            "{% endblock %}\n",
            "index.html:3: ",
        ),
        ("players.html", '{% include "no-such.html" %}\n', "no-such.html"),
    ],
)
def test_failed_build_leaves_the_previous_output_untouched(
    tmp_path: Path, template: str, body: str, said: str
) -> None:
    src = _src(tmp_path, {"open.trf": round_robin()})
    out = tmp_path / "out"
    assert run("build", str(src), "-o", str(out), "--no-pdf").code == 0
    before = tree_digest(out)
    assert ".trfsite-build" in before
    (src / "second.trf").write_text(round_robin("Second"))  # the new build would differ
    for options in (
        ("--theme", "no-such-theme"),
        ("--theme", str(_broken_theme(tmp_path / template, template, body))),
    ):
        done = run("build", str(src), "-o", str(out), "--no-pdf", *options)
        assert done.code == 2, done.err
        assert "Traceback" not in done.err
        assert tree_digest(out) == before
    assert said in done.err and "expected" in done.err
    # No temporary folder is left beside OUT.
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []
    bad_config = tmp_path / "bad.toml"
    bad_config.write_text('language = "xx"\n')
    assert run("build", str(src), "-o", str(out), "--config", str(bad_config)).code == 2
    assert tree_digest(out) == before


def test_builds_are_byte_identical(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    files: dict[str, str | bytes] = {
        "open.trf": round_robin(),
        "team.trf": (DATA / "evil-team.trf").read_text(encoding="utf-8"),
        "go.h9": (DATA / "evil-go.h9").read_text(encoding="utf-8"),
        "broken.trf": png_bytes(),
        "open.md": "Prize list\n\n* first\n",
    }
    first = _src(tmp_path, files, "first")
    second = _src(tmp_path / "elsewhere" / "deeper", files, "second")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    run("build", str(first), "-o", str(tmp_path / "a"))
    monkeypatch.chdir(tmp_path / "elsewhere")
    run("build", str(second), "-o", "b", "--jobs", "2")
    a, b = tree_digest(tmp_path / "a"), tree_digest(tmp_path / "elsewhere" / "b")
    assert "open/open.pdf" in a and "team/team.pdf" in a and "go/go.pdf" in a
    assert a == b
    # Nothing of the build machine's paths leaks into the pages.
    for page in _html_pages(tmp_path / "a"):
        text = page.read_text(encoding="utf-8")
        assert str(tmp_path) not in text and os.sep + "tmp" + os.sep not in text, page
        assert "/root" not in text and "/home/" not in text, page


def test_build_date_comes_from_source_date_epoch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    src = _src(tmp_path, {"open.trf": round_robin()})
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "946684800")  # 2000-01-01 UTC
    run("build", str(src), "-o", str(tmp_path / "out"), "--no-pdf")
    assert "2000" in (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "soon")
    done = run("build", str(src), "-o", str(tmp_path / "out"), "--no-pdf")
    assert done.code == 2 and "'soon'" in done.err


def test_url_layout_for_individual_team_and_go_events(tmp_path: Path) -> None:
    src = _src(
        tmp_path,
        {
            "open.trf": round_robin(),
            "team.trf": (DATA / "evil-team.trf").read_text(encoding="utf-8"),
            "go.h9": (DATA / "evil-go.h9").read_text(encoding="utf-8"),
        },
    )
    out = tmp_path / "out"
    assert run("build", str(src), "-o", str(out)).code == 0
    assert (out / "index.html").is_file()
    rounds = {"open": 3, "team": 3, "go": 3}
    players = {"open": 4, "team": 12, "go": 5}
    for slug in ("open", "team", "go"):
        for name in EVENT_FILES + (f"{slug}.pdf",):
            assert (out / slug / name).is_file(), (slug, name)
        for n in range(1, rounds[slug] + 1):
            assert (out / slug / "rounds" / f"{n}.html").is_file(), (slug, n)
            assert (out / slug / f"standings-{n}.html").is_file(), (slug, n)
        for n in range(1, players[slug] + 1):
            assert (out / slug / "players" / f"{n}.html").is_file(), (slug, n)
    for n in range(1, 5):
        assert (out / "team" / "teams" / f"{n}.html").is_file(), n
    assert not (out / "open" / "teams").exists()


def test_control_characters_in_names_never_reach_a_page(tmp_path: Path) -> None:
    """HTML forbids C0/C1 control characters; a damaged name shows U+FFFD instead."""
    name = "Al\x1b\x0c\x7f\x85,Anna"
    src = _src(tmp_path, {"ctl.trf": round_robin("Ctl\x08 Event", name)})
    out = tmp_path / "out"
    assert run("build", str(src), "-o", str(out), "--no-pdf").code in (0, 1)
    control = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
    for page in _html_pages(out):
        assert not control.search(page.read_text(encoding="utf-8")), page
    assert "Al\ufffd\ufffd\ufffd\ufffd," in (out / "ctl" / "players.html").read_text()


def test_empty_source_folder_builds_an_empty_site(tmp_path: Path) -> None:
    src = _src(tmp_path, {"readme.txt": "nothing here\n"})
    out = tmp_path / "out"
    done = run("build", str(src), "-o", str(out), "--no-pdf")
    assert done.code in (0, 1)
    assert (out / "index.html").is_file()
