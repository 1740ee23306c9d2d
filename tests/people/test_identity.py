"""Identity rules of issue 12 on the hand-made archive (see tests/data/people/README.md)."""

from __future__ import annotations

import shutil
import unicodedata
from pathlib import Path

import pytest

from trfsite.pages.config import ConfigError
from trfsite.people.identity import Resolution, resolve
from trfsite.people.names import birth_year, fold_name
from trfsite.site.people import read_archive

RULES = Path(__file__).resolve().parent.parent / "data" / "people" / "rules"


def _people(resolution: Resolution) -> dict[str, list[str]]:
    found = {}
    for person in resolution.people:
        refs = []
        for ref in person.entries:
            event, entry = resolution.entry(ref)
            refs.append(f"{Path(event.file).stem}:{entry.start_number}")
        found[person.key] = refs
    return found


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Müller, Jürgen", "Mueller,Jurgen"),
        ("Groß, Łukasz", "GROSS,  lukasz"),
        ("Østergaard, Æsa", "Ostergaard,Aesa"),
        ("Dvořák, Petr", "Dvorak,Petr"),
    ],
)
def test_name_variants_fold_together(a: str, b: str) -> None:
    assert fold_name(a) == fold_name(b)


def test_different_names_stay_different() -> None:
    assert fold_name("Müller, Jürgen") != fold_name("Müller, Hans")
    assert birth_year("1987/00/00") == 1987
    assert birth_year("0000/00/00") is None


def test_archive_people() -> None:
    archive = read_archive(RULES)
    resolution = resolve(archive.events, archive.config.people)
    assert _people(resolution) == {
        "fide-1100001": ["a-2020:2", "b-2021:4", "d-2023:3"],
        "fide-400001": ["a-2020:3", "d-2023:4"],
        "fide-400002": ["b-2021:2"],
        "fide-4100018": ["a-2020:1", "b-2021:1"],
        "gross-lukasz-pol-2001": ["c-2022:4", "d-2023:1"],
        "mueller-juergen-aut-1980": ["c-2022:2"],
        "nagy-anna-hun-1970": ["a-2020:4", "c-2022:3"],
        "nagy-anna-hun-1971": ["b-2021:3"],
        "ostergaard-aesa-den-1999": ["d-2023:2"],
        "smith-john-eng": ["c-2022:1"],
    }
    by_key = {p.key: p for p in resolution.people}
    muller = by_key["fide-4100018"]
    assert muller.name_matched and muller.aliases == ("mueller-jurgen-ger-1980",)
    assert resolution.key_of["mueller-jurgen-ger-1980"] == "fide-4100018"
    assert not by_key["fide-400001"].name_matched


def test_conflicts_are_findings_at_the_players_line() -> None:
    archive = read_archive(RULES)
    findings = resolve(archive.events, archive.config.people).findings
    where = [(f.file, f.line, f.code) for f in findings]
    assert where == [
        ("b-2021.trf", 15, "person-birth-conflict"),
        ("c-2022.trf", 12, "person-ambiguous-name"),
    ]
    # No year in it: the people pages publish it ([privacy]); the lines say which.
    assert "another birth year here than at a-2020.trf:13" in findings[0].message
    assert "1991" not in findings[0].message and "1990" not in findings[0].message
    assert "fide-400001, fide-400002" in findings[1].message


def _with_config(tmp_path: Path, toml: str) -> Path:
    src = tmp_path / "src"
    shutil.copytree(RULES, src)
    (src / "trfsite.toml").write_text(toml, encoding="utf-8")
    return src


def test_config_merges_and_splits(tmp_path: Path) -> None:
    src = _with_config(
        tmp_path,
        '[people]\nmerge = [["fide-4100018", "mueller-juergen-aut-1980"]]\n'
        '[people.split]\n"a-2020:4" = "nagy-anna-senior"\n',
    )
    archive = read_archive(src)
    resolution = resolve(archive.events, archive.config.people)
    people = _people(resolution)
    assert people["fide-4100018"] == ["a-2020:1", "b-2021:1", "c-2022:2"]
    assert "mueller-juergen-aut-1980" not in people
    # The split entry is its own person, and the other Anna Nagy of 1970 does not
    # take it back by name.
    assert people["nagy-anna-senior"] == ["a-2020:4"]
    assert people["nagy-anna-hun-1970"] == ["c-2022:3"]
    assert resolution.problems == ()


def test_config_merge_problems_name_their_key(tmp_path: Path) -> None:
    src = _with_config(
        tmp_path,
        '[people]\nmerge = [["fide-400001", "fide-400002"], ["no-such-key", "fide-4100018"]]\n'
        '[people.split]\n"a-2020:9" = "nobody"\n',
    )
    archive = read_archive(src)
    resolution = resolve(archive.events, archive.config.people)
    assert len(resolution.problems) == 3
    assert resolution.problems[0].startswith("people.merge[0]: would make one person")
    assert resolution.problems[1].startswith("people.merge[1]: 'no-such-key' is no entry's key")
    assert "people.split.'a-2020:9'" in resolution.problems[2]
    assert "fide-400002" in _people(resolution)  # two FIDE ids stay two people


def test_config_syntax_errors_all_at_once(tmp_path: Path) -> None:
    src = _with_config(
        tmp_path,
        '[people]\nmerge = [["Bad Key", "x"], "y"]\nsplits = 1\n[people.split]\n"x" = "y"\n',
    )
    with pytest.raises(ConfigError) as caught:
        read_archive(src)
    problems = caught.value.problems
    assert len(problems) == 4
    assert any("people.splits: unknown key" in p for p in problems)
    assert any("people.merge[0]: 'Bad Key' is not a person's key" in p for p in problems)
    assert any("people.merge[1]: 'y' is not a list" in p for p in problems)
    assert any("people.split.'x': 'x' names no entry" in p for p in problems)


def test_an_ascii_name_folds_without_the_per_character_pass(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Most names are ASCII (a PGN's 4,000 sides): folded by ``lower`` alone, with the
    umlaut rule and the word split as for any name; values worked out by hand."""
    from trfsite.people import names

    calls: list[str] = []

    class Counting:
        @staticmethod
        def normalize(form: str, text: str) -> str:
            calls.append(text)
            return unicodedata.normalize(form, text)

        combining = staticmethod(unicodedata.combining)

    monkeypatch.setattr(names, "unicodedata", Counting)
    assert fold_name("Mueller,Jurgen") == "muller jurgen"
    assert fold_name("GROSS,  Lukasz-Jan O'Neil") == "gross lukasz jan o neil"
    assert fold_name("Kern1855, Gus") == "kern1855 gus"
    assert calls == []
    assert fold_name("Müller, Jürgen") == "muller jurgen"  # not ASCII: the full folding
    assert calls == ["Müller, Jürgen"]
