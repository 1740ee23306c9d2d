"""A rebuild after a renamed event, with the donor's people folder taken (issue 46): the
unchanged person pages, left in the donor, cost the people step no call each on the
build's page files (``site.people_files.PageFiles``): they are kept as a set.

At 3,000 events such a rebuild keeps 38,000 person pages; a call (and a test) a page
was ~0.01 s of its people step (0.27 s), on the critical path.
"""

from __future__ import annotations

import functools
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from treedigest import tree_digest

from trfsite.people.report import PEOPLE_FOLDER
from trfsite.site.build import BuildOptions, build_site
from trfsite.site.people_files import PageFiles

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
from generate_people import generate_people_archive  # noqa: E402

EPOCH = "1714521600"


def _rename(path: Path, number: int) -> None:
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[0] = f"012 Corrected event name {number}\n"
    path.write_text("".join(lines), encoding="utf-8")


def _counting(calls: Counter[str], name: str, method: Callable[..., object]) -> object:
    @functools.wraps(method)
    def counted(*args: object, **kwargs: object) -> object:
        calls[args[1] if len(args) > 1 and isinstance(args[1], str) else name] += 1
        return method(*args, **kwargs)

    return counted


def test_the_pages_left_in_the_donor_cost_no_call_each(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The third build takes the first one's people folder; of the person pages kept
    there, none is a call on ``PageFiles`` (main: two a page, ``link_checked`` and
    ``_keep``). The rebuilt site is a cold build's."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    src = tmp_path / "src"
    files = generate_people_archive(src, 6, 300, seed=3)
    out = tmp_path / "out"
    build_site(BuildOptions(src, out, pdf=False, jobs=1))
    _rename(files[1], 1)
    build_site(BuildOptions(src, out, pdf=False, jobs=1))
    _rename(files[2], 2)
    calls: Counter[str] = Counter()
    kept: list[PageFiles] = []
    for name, method in list(vars(PageFiles).items()):
        if callable(method) and name != "__init__":
            monkeypatch.setattr(PageFiles, name, _counting(calls, name, method))
    real_init = PageFiles.__init__

    def init(self: PageFiles, *args: object, **kwargs: object) -> None:
        real_init(self, *args, **kwargs)  # type: ignore[arg-type]
        kept.append(self)

    monkeypatch.setattr(PageFiles, "__init__", init)
    build_site(BuildOptions(src, out, pdf=False, jobs=1))
    monkeypatch.undo()
    (pages,) = kept
    # Hundreds of person pages kept in the donor; the calls name only those planned
    # again (the renamed event's people, whose page may come out the same) and the
    # listings (a few: their rows may have changed).
    people = {p for p in pages.kept_paths if p.count("/") == 1} - {
        f"{PEOPLE_FOLDER}/index.html",
        f"{PEOPLE_FOLDER}/findings.html",
    }
    assert len(people) > 100, len(people)
    named = people & set(calls)
    assert len(named) < len(people) / 4, (len(named), len(people))
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    build_site(BuildOptions(src, tmp_path / "cold", pdf=False, jobs=1))
    assert tree_digest(out) == tree_digest(tmp_path / "cold")
