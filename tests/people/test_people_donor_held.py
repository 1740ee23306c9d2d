"""What a build's ``PeopleTaking`` holds to the build's end (issue 46: the build
process's largest size is at its end once the people step is lower)."""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

from trfsite.site.people_donor import PeopleTaking
from trfsite.site.state import BuildState


class _Path(str):
    """A page's path that a weak reference can follow (a str cannot)."""


def test_a_build_without_a_donor_lets_go_of_its_pages_paths(tmp_path: Path) -> None:
    root, live = tmp_path / "build", tmp_path / "live"
    for folder in ("people/federations", "people/search"):
        (root / folder).mkdir(parents=True)
    state_file = tmp_path / "state.sqlite"
    pages = [_Path(f"people/p{n}.html") for n in range(1000)]
    pages += [_Path("people/federations/ger.html"), _Path("people/search/mu.js")]
    pages.append(_Path("index.html"))  # not a people page
    seen = [weakref.ref(page) for page in pages]
    taking = PeopleTaking(None, root, live, state_file)
    taking.made(1, iter(pages), ())
    del pages
    gc.collect()
    # main: every people page's path kept to the build's end (1,002 of them here).
    assert sum(1 for ref in seen if ref() is not None) == 0
    taking.move_in()  # nothing to take
    taking.mark()
    with BuildState(state_file) as state:
        marks = state.history.marks_of(1)
    # By hand: the people folder and the two folders of its pages, not index.html's.
    assert sorted(mark.folder for mark in marks) == [
        "people",
        "people/federations",
        "people/search",
    ]
