"""Compiled templates kept between builds (site/template_cache.py)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import jinja2
import pytest
from sitehelpers import small_round_robin
from treedigest import tree_digest

from trfsite.site import event_build, template_cache
from trfsite.site.build import BuildOptions, build_site


@pytest.fixture(autouse=True)
def fresh_process_state() -> Iterator[None]:
    """Each test starts as a new worker process would: no environment, no cache made."""
    event_build._ENVIRONMENTS.clear()
    template_cache._made.clear()
    yield
    event_build._ENVIRONMENTS.clear()
    template_cache._made.clear()


def _build(tmp_path: Path, name: str) -> dict[str, str]:
    src = tmp_path / "src"
    src.mkdir(exist_ok=True)
    (src / "small.trf").write_text(small_round_robin(), encoding="utf-8")
    out = tmp_path / name
    build_site(BuildOptions(src, out, pdf=False, cache=False, jobs=1))
    event_build._ENVIRONMENTS.clear()  # the next build compiles or loads anew
    return tree_digest(out, ignore=lambda name: name.startswith(".trfsite-"))


def test_a_second_build_loads_the_compiled_templates(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(template_cache.CACHE_ENV, str(tmp_path / "cache"))
    first = _build(tmp_path, "first")
    folders = list((tmp_path / "cache").iterdir())
    assert len(folders) == 1 and folders[0].name.startswith("templates-en-")
    assert any(folders[0].glob("*.jinja"))
    assert folders[0].stat().st_mode & 0o077 == 0  # compiled code is run: private

    def no_compiling(*args: object, **kwargs: object) -> object:
        raise AssertionError("a cached template was compiled again")

    monkeypatch.setattr(jinja2.Environment, "compile", no_compiling)
    assert _build(tmp_path, "second") == first


def test_pages_are_the_same_without_the_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(template_cache.CACHE_ENV, str(tmp_path / "cache"))
    cached = _build(tmp_path, "cached")
    monkeypatch.setenv(template_cache.CACHE_ENV, "")
    template_cache._made.clear()
    assert template_cache.template_cache("en") is None
    assert _build(tmp_path, "uncached") == cached


def test_a_changed_template_is_compiled_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(template_cache.CACHE_ENV, str(tmp_path / "cache"))
    templates = tmp_path / "templates"
    templates.mkdir()
    page = templates / "page.html"

    def render() -> str:
        env = jinja2.Environment(
            loader=jinja2.FileSystemLoader(templates),
            bytecode_cache=template_cache.template_cache("en"),
        )
        return env.get_template("page.html").render(name="Anna")

    page.write_text("Hello {{ name }}", encoding="utf-8")
    assert render() == "Hello Anna"
    page.write_text("Goodbye {{ name }}", encoding="utf-8")
    assert render() == "Goodbye Anna"


def test_a_folder_others_may_write_is_not_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "cache"
    monkeypatch.setenv(template_cache.CACHE_ENV, str(root))
    assert template_cache.template_cache("en") is not None
    (folder,) = root.iterdir()
    os.chmod(folder, 0o777)
    template_cache._made.clear()
    assert template_cache.template_cache("en") is None


def test_an_unusable_folder_only_means_compiling(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv(template_cache.CACHE_ENV, str(blocker / "cache"))
    assert template_cache.template_cache("en") is None
    assert _build(tmp_path, "site")  # the build goes on, compiling


def test_where_the_cache_goes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(template_cache.CACHE_ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert template_cache.cache_root() == tmp_path / "xdg" / "trfsite"
    monkeypatch.setenv("XDG_CACHE_HOME", "")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert template_cache.cache_root() == tmp_path / "home" / ".cache" / "trfsite"


def test_each_language_has_its_own_compiled_templates(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``_("cut")`` is translated as a template compiles: German pages need their own code."""
    monkeypatch.setenv(template_cache.CACHE_ENV, str(tmp_path / "cache"))
    english = template_cache.template_cache("en")
    german = template_cache.template_cache("de")
    assert english is not None and german is not None
    assert english.directory != german.directory
    assert template_cache.template_cache("../x") is None  # never a folder outside the cache
