"""Every internal link of a built site resolves (pages, anchors, static files, PDFs)."""

from __future__ import annotations

from pathlib import Path

import lxml.html
from qahelpers import DATA, SAMPLES, broken_links, png_bytes, round_robin, run

from trfsite.site.slug import RESERVED


def test_every_link_of_the_sample_site_resolves(tmp_path: Path) -> None:
    out = tmp_path / "site"
    done = run("build", str(SAMPLES), "-o", str(out), "--no-pdf")
    assert done.code == 0, done.err
    assert broken_links(out) == []
    home = lxml.html.fromstring((out / "index.html").read_bytes())
    hrefs = {a.get("href") for a in home.iter("a")}
    site_folders = RESERVED
    events = sorted(p.name for p in out.iterdir() if p.is_dir() and p.name not in site_folders)
    assert len(events) == 4
    assert {f"{slug}/index.html" for slug in events} <= hrefs


def test_every_link_of_a_mixed_site_with_pdfs_resolves(tmp_path: Path) -> None:
    src = tmp_path / "src"
    (src / "sub").mkdir(parents=True)
    (src / "Open 2024.trf").write_text(round_robin())
    (src / "Open 2024.md").write_text("[standings](standings.html) and [home](../index.html)\n")
    (src / "sub" / "team.trf").write_text((DATA / "evil-team.trf").read_text(encoding="utf-8"))
    (src / "sub" / "go.h9").write_text((DATA / "evil-go.h9").read_text(encoding="utf-8"))
    (src / "broken.trf").write_bytes(png_bytes())
    out = tmp_path / "out"
    assert run("build", str(src), "-o", str(out)).code == 1  # the broken file
    assert (out / "open-2024" / "open-2024.pdf").is_file()
    assert broken_links(out) == []


def test_the_link_checker_finds_broken_links(tmp_path: Path) -> None:
    """The checker itself must be able to fail."""
    (tmp_path / "a").mkdir()
    (tmp_path / "index.html").write_text(
        '<html><body><a href="a/missing.html">x</a><a href="#nope">y</a>'
        '<script src="https://cdn.example.org/x.js"></script>'
        '<a href="https://example.org/">out</a></body></html>'
    )
    found = broken_links(tmp_path)
    assert len(found) == 3
