"""The content-hash cache: reused only while every input is the same, output identical.

Each test builds a small mixed site twice and compares the second OUT, file by
file, with a build of the same inputs into a fresh folder without the cache.
"""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import pytest
from generate import generate_individual_swiss, generate_mcmahon, generate_team_swiss
from treedigest import tree_digest

import trfsite
from trfsite.site import publish as publish_module
from trfsite.site import site_wide
from trfsite.site.build import BuildOptions, BuildReport, build_site
from trfsite.site.cache import CACHE_ID
from trfsite.site.state import state_path

EVENTS = ("open-a", "open-b", "teams-c", "go-d")


@pytest.fixture
def src(tmp_path: Path) -> Path:
    folder = tmp_path / "src"
    (folder / "2024").mkdir(parents=True)
    (folder / "2024/open-a.trf").write_text(generate_individual_swiss(12, 5, 1), "utf-8")
    (folder / "2024/open-a.md").write_text("First notes.\n", "utf-8")
    (folder / "2024/open-b.trf").write_text(generate_individual_swiss(9, 4, 2), "utf-8")
    (folder / "teams-c.trf").write_text(generate_team_swiss(6, 4, 4, 3), "utf-8")
    (folder / "go-d.h9").write_text(generate_mcmahon(10, 4, 4), "utf-8")
    (folder / "index.md").write_text("# Archive\n", "utf-8")
    return folder


def _build(src: Path, out: Path, **options: object) -> BuildReport:
    return build_site(BuildOptions(src, out, pdf=False, **options))  # type: ignore[arg-type]


def _assert_same_as_fresh(src: Path, out: Path, tmp_path: Path) -> None:
    fresh = tmp_path / "fresh"
    _build(src, fresh, cache=False)
    assert tree_digest(out) == tree_digest(fresh)


def test_unchanged_inputs_reuse_every_event(src: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    first = _build(src, out)
    assert (first.events, first.reused) == (4, 0)
    second = _build(src, out)
    assert (second.events, second.reused) == (4, 4)
    assert second.pages == first.pages
    _assert_same_as_fresh(src, out, tmp_path)


def test_one_changed_file_rebuilds_only_that_event(src: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    _build(src, out)
    path = src / "2024/open-b.trf"
    path.write_text(path.read_text("utf-8").replace("012 Synthetic Open", "012 Renamed Open"))
    report = _build(src, out)
    assert report.reused == 3
    assert "Renamed Open" in (out / "open-b/index.html").read_text("utf-8")
    assert "Renamed Open" in (out / "index.html").read_text("utf-8")  # the home page follows
    _assert_same_as_fresh(src, out, tmp_path)


def test_notes_config_and_site_settings_invalidate(src: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    _build(src, out)
    (src / "2024/open-a.md").write_text("Second notes.\n", "utf-8")
    assert _build(src, out).reused == 3
    (src / "trfsite.toml").write_text('[events.open-b]\ntiebreaks = ["BH"]\n', "utf-8")
    assert _build(src, out).reused == 3  # only open-b's effective config changed
    (src / "trfsite.toml").write_text(
        'title = "Another title"\n[events.open-b]\ntiebreaks = ["BH"]\n', "utf-8"
    )
    assert _build(src, out).reused == 0  # every page shows the site title
    _assert_same_as_fresh(src, out, tmp_path)


def test_build_date_invalidates(src: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out"
    _build(src, out)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1717200000")  # a month later
    assert _build(src, out).reused == 0


def test_theme_change_invalidates(src: Path, tmp_path: Path) -> None:
    theme = tmp_path / "mytheme"
    (theme / "templates").mkdir(parents=True)
    (theme / "theme.toml").write_text('extends = "default"\n', "utf-8")
    base = '{% extends "!default/base.html" %}{% block head %}<meta name="v" content="VERSION">'
    (theme / "templates/base.html").write_text(base.replace("VERSION", "one") + "{% endblock %}")
    out = tmp_path / "out"
    _build(src, out, theme=str(theme))
    assert _build(src, out, theme=str(theme)).reused == 4
    (theme / "templates/base.html").write_text(base.replace("VERSION", "two") + "{% endblock %}")
    assert _build(src, out, theme=str(theme)).reused == 0
    # The same process built both: the edited template is used, not a remembered one.
    assert '<meta name="v" content="two">' in (out / "open-b/standings.html").read_text("utf-8")
    assert _build(src, out).reused == 0  # the default theme is another theme


def test_version_change_invalidates(
    src: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "out"
    _build(src, out)
    monkeypatch.setattr(trfsite, "__version__", "99.0.0")
    assert _build(src, out).reused == 0


def test_no_cache_builds_everything(src: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    _build(src, out)
    assert _build(src, out, cache=False).reused == 0


def _set_entries(out: Path, change: str, slug: str = "") -> None:
    """Apply ``change`` to the JSON of each cache entry of the build state (of ``slug``)."""
    with sqlite3.connect(state_path(out)) as db:
        for key, text in db.execute(
            "SELECT key, entry FROM cache_entries WHERE slug = ? OR ? = ''", (slug, slug)
        ).fetchall():
            data = json.loads(text)  # cache._entry_json's array
            if change == "pages":
                data[2] = "many"
            else:
                data[8] = {"name": 3}
            db.execute("UPDATE cache_entries SET entry = ? WHERE key = ?", (json.dumps(data), key))


@pytest.mark.parametrize(
    "damage", ["garbage", "wrong-types", "missing", "state-gone", "older-state"]
)
def test_damaged_cache_means_a_full_build(src: Path, tmp_path: Path, damage: str) -> None:
    out = tmp_path / "out"
    _build(src, out)
    build_id = out / CACHE_ID
    if damage == "garbage":
        build_id.write_bytes(b"\x00{not an id")
    elif damage == "missing":
        build_id.unlink()
    elif damage == "state-gone":
        state_path(out).unlink()
    elif damage == "older-state":  # as a build of main before the cache's rows left it
        with sqlite3.connect(state_path(out)) as db:
            db.execute("PRAGMA user_version = 8")
    else:
        _set_entries(out, "pages")
    assert _build(src, out).reused == 0
    _assert_same_as_fresh(src, out, tmp_path)


def test_one_damaged_entry_rebuilds_that_event(src: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    _build(src, out)
    _set_entries(out, "summary", "go-d")
    assert _build(src, out).reused == 3
    _assert_same_as_fresh(src, out, tmp_path)


@pytest.mark.parametrize("jobs", [1, 2])  # linked (and checked) by a thread, or by the workers
@pytest.mark.parametrize("damage", ["deleted", "truncated", "extra", "emptied"])
def test_damaged_event_folder_rebuilds_that_event(
    src: Path, tmp_path: Path, damage: str, jobs: int
) -> None:
    out = tmp_path / "out"
    _build(src, out, jobs=jobs)
    folder = out / "teams-c"
    if damage == "deleted":
        (folder / "crosstable.html").unlink()
    elif damage == "truncated":
        page = folder / "standings.html"
        page.write_bytes(page.read_bytes()[:100])
    elif damage == "extra":
        (folder / "rounds/stray.html").write_text("left over", "utf-8")
    else:
        for page in folder.rglob("*.html"):
            page.unlink()
    # A page missing or cut short: that event is built again. A file left there by
    # hand: the event is reused, but only with the files it wrote (the stray one goes).
    assert _build(src, out, jobs=jobs).reused == (4 if damage == "extra" else 3)
    assert not (folder / "rounds/stray.html").exists()
    _assert_same_as_fresh(src, out, tmp_path)


def test_failed_build_leaves_the_previous_output(
    src: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "out"
    _build(src, out)
    before = tree_digest(out)
    path = src / "go-d.h9"
    path.write_text(path.read_text("utf-8").replace("Synthetic McMahon", "Changed McMahon"))

    def explode(*args: object, **kwargs: object) -> int:
        raise RuntimeError("disk full")

    with monkeypatch.context() as patch:
        patch.setattr(site_wide, "write_home", explode)
        with pytest.raises(RuntimeError):
            _build(src, out)
    assert tree_digest(out) == before
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".out")] == []
    assert _build(src, out).reused == 3  # the cache is still good after the failure


def test_failed_flip_leaves_the_previous_build_serving(
    src: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "out"
    _build(src, out)
    before = tree_digest(out)
    live = out.resolve()
    (src / "2024/open-a.md").write_text("Changed notes.\n", "utf-8")
    real_replace = os.replace

    def failing_replace(a: str | Path, b: str | Path) -> None:
        if Path(b) == out:  # the symlink flip itself
            raise OSError("rename failed")
        real_replace(a, b)

    monkeypatch.setattr(publish_module.os, "replace", failing_replace)
    with pytest.raises(OSError, match="rename failed"):
        _build(src, out)
    monkeypatch.setattr(publish_module.os, "replace", real_replace)
    assert out.resolve() == live and tree_digest(out) == before
    # The reused folders were linked, not moved: the live build still has all of them,
    # and the build that was never published is not kept in place of the live one.
    assert _build(src, out).reused == 3
    # (the build state, .trfsite-state.sqlite, lives there too: issue 46)
    builds = sorted(
        p.name for p in (tmp_path / "out.builds").iterdir() if p.name.startswith("build-")
    )
    assert builds == [live.name, out.resolve().name]


def test_parts_and_workers_give_the_same_site(src: Path, tmp_path: Path) -> None:
    # One changed event and two workers: the event is split into two parts.
    one, two = tmp_path / "one", tmp_path / "two"
    _build(src, one, jobs=1)
    _build(src, two, jobs=2)
    assert tree_digest(one) == tree_digest(two)
    path = src / "2024/open-a.trf"
    path.write_text(path.read_text("utf-8").replace("Synthetic Open", "Split Open"))
    assert _build(src, two, jobs=2).reused == 3
    _assert_same_as_fresh(src, two, tmp_path)


def test_pdf_library_release_invalidates_bulletins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A new WeasyPrint (or pydyf, fontTools, pypdf) may lay a bulletin out into other
    bytes: a build with bulletins keys its events by their releases, a build without
    does not."""
    import importlib.metadata

    from trfsite.site import cache

    released = importlib.metadata.version
    theme, bulletin = (tmp_path / "theme",), (tmp_path / "bulletin",)

    def fingerprints(weasyprint: str) -> tuple[str, str]:
        def version(name: str) -> str:
            return weasyprint if name == "weasyprint" else released(name)

        monkeypatch.setattr(importlib.metadata, "version", version)
        cleared = getattr(cache, "_bulletin_releases", None)
        if cleared is not None:  # read once a process
            cleared.cache_clear()
        return cache.build_fingerprint(theme, bulletin), cache.build_fingerprint(theme, ())

    with_pdf, without_pdf = fingerprints("70.0")
    upgraded_pdf, upgraded_without = fingerprints("71.0")
    assert upgraded_pdf != with_pdf
    assert upgraded_without == without_pdf
