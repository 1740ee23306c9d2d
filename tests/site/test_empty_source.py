"""Builds that must stop before touching OUT: an empty source, a config naming no file."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from sitehelpers import small_round_robin
from treedigest import tree_digest

from trfsite.pages.config import ConfigError
from trfsite.site.build import BuildError, BuildOptions, build_site

MakeSrc = Callable[[dict[str, str | bytes]], Path]


def test_empty_source_leaves_a_published_site_untouched(make_src: MakeSrc, tmp_path: Path) -> None:
    src = make_src({"2024/club/small.trf": small_round_robin()})  # nested, like an archive
    out = tmp_path / "out"
    build_site(BuildOptions(src, out, pdf=False))
    before = tree_digest(out)
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(BuildError, match="holds no tournament file") as caught:
        build_site(BuildOptions(empty, out, pdf=False))
    assert caught.value.exit_code == 2
    assert "1 event page(s)" in caught.value.format_message()
    assert tree_digest(out) == before


def test_empty_source_may_start_a_new_site(tmp_path: Path) -> None:
    # serve starts before the first file arrives: an empty home page, with a warning
    empty = tmp_path / "empty"
    empty.mkdir()
    out = tmp_path / "out"
    report = build_site(BuildOptions(empty, out, pdf=False))
    assert (out / "index.html").is_file() and report is not None


def test_config_section_for_no_file_is_an_error(make_src: MakeSrc, tmp_path: Path) -> None:
    # a typo in [events.NAME] would silently drop the event's tie-breaks
    src = make_src(
        {
            "small.trf": small_round_robin(),
            "trfsite.toml": '[events.smal]\ntiebreaks = ["SB", "DE"]\n',
        }
    )
    with pytest.raises(ConfigError) as caught:
        build_site(BuildOptions(src, tmp_path / "out", pdf=False))
    message = caught.value.format_message()
    assert caught.value.exit_code == 2
    assert "events.smal: no tournament file named 'smal'" in message
    assert "expected one of: small" in message
    assert not (tmp_path / "out").exists()
