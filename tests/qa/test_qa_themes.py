"""Theme lookup: paths, shipped names, and folders that are no theme."""

from __future__ import annotations

from pathlib import Path

import pytest
from qahelpers import round_robin, run

from trfsite.render.theme import ThemeError, find_theme, shipped_themes_dir, theme_chain


def test_a_folder_that_is_no_theme_is_refused(tmp_path: Path) -> None:
    """A typo'd or wrong folder must not silently build with the default theme."""
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "open.trf").write_text(round_robin())
    (tmp_path / "not-a-theme").mkdir()
    (tmp_path / "not-a-theme" / "template").mkdir()  # misspelt templates/
    done = run("build", str(tmp_path / "src"), "-o", str(tmp_path / "out"), "--theme",
               str(tmp_path / "not-a-theme"))  # fmt: skip
    assert done.code == 2 and "no theme.toml, templates/ or static/" in done.err
    assert not (tmp_path / "out").exists()


def test_a_shipped_name_is_not_shadowed_by_a_folder_in_the_working_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A user's own theme folder called 'default' (extending the shipped default) once
    made every lookup of 'default' find the user's folder: 'extends itself'."""
    mine = tmp_path / "default"
    (mine / "templates").mkdir(parents=True)
    (mine / "theme.toml").write_text('extends = "default"\n')
    monkeypatch.chdir(tmp_path)
    shipped = find_theme("default")
    assert shipped.path.resolve() == (shipped_themes_dir() / "default").resolve()
    chain = theme_chain(find_theme("./default"))
    assert [t.path.resolve() for t in chain] == [mine.resolve(), shipped.path.resolve()]


def test_unknown_theme_lists_the_shipped_ones() -> None:
    with pytest.raises(ThemeError, match="bulletin, default"):
        find_theme("no-such-theme")
