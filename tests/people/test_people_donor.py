"""A rebuild takes the donor's people folder whole (issue 46, ``site/people_donor.py``):
one rename and the pages changed since, not one link per unchanged person page; a
donor not as recorded is linked page by page as before; a failed or killed build
leaves the live site serving and the next build right.

The archive: six generated events (benchmarks/generate_people.py) from a pool of
300 people; each rebuild renames one event (its players' pages change, the others
do not). With ``--keep 1`` the third build on has a donor: the first build, which
publishing the third removes.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from samecode import same_code
from treedigest import tree_digest

from trfsite.site.build import BuildOptions, build_site

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
from generate_people import generate_people_archive  # noqa: E402

EPOCH = "1714521600"
_counting: list[Counter[str]] = []  # the build being counted (one at a time)


def _audit(event: str, args: tuple[object, ...]) -> None:
    """Count the file calls on people pages (``sys.addaudithook``: the calls' own
    audit events, in this process: builds with ``jobs=1`` run here)."""
    if not _counting:
        return
    if event == "os.link" and "/people/" in str(args[1]):
        _counting[-1]["link"] += 1
    elif event == "open" and "/people/" in str(args[0]) and "w" in str(args[1] or ""):
        _counting[-1]["write"] += 1
    elif event == "os.rename" and "/people" in str(args[1]):
        _counting[-1]["rename"] += 1


sys.addaudithook(_audit)


@pytest.fixture(autouse=True)
def setup(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)


def _archive(tmp_path: Path) -> tuple[Path, list[Path]]:
    src = tmp_path / "src"
    return src, generate_people_archive(src, 6, 300, seed=3)


def _rename(files: list[Path], number: int) -> None:
    """Rename event ``number % 6`` (its players' pages change)."""
    changed = files[number % len(files)]
    lines = changed.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[0] = f"012 Corrected event name {number}\n"
    changed.write_text("".join(lines), encoding="utf-8")


def _build(src: Path, out: Path) -> Counter[str]:
    """Build with one worker (here); the file calls on people pages."""
    _counting.append(Counter())
    try:
        build_site(BuildOptions(src, out, pdf=False, jobs=1))
    finally:
        counted = _counting.pop()
    return counted


def _inodes(folder: Path) -> dict[str, int]:
    return {p.relative_to(folder).as_posix(): p.stat().st_ino for p in folder.rglob("*.html")}


def _built_twice(tmp_path: Path) -> tuple[Path, list[Path], Path, Path]:
    """(SRC, its files, OUT, the donor of the next build) after two builds."""
    src, files = _archive(tmp_path)
    out = tmp_path / "out"
    _build(src, out)
    _rename(files, 1)
    _build(src, out)
    return src, files, out, tmp_path / "out.builds" / "build-000001"


def _as_cold(tmp_path: Path, src: Path, out: Path) -> None:
    cold = tmp_path / "cold"
    build_site(BuildOptions(src, cold, pdf=False, jobs=1))
    assert tree_digest(out) == tree_digest(cold)


def test_a_rebuild_takes_the_donors_people_folder_not_a_link_per_page(tmp_path: Path) -> None:
    """From the third build on, the unchanged person pages are neither linked nor
    written: the donor's folder comes in by one rename, with the changed pages
    (fails on main: a link per unchanged page). The rebuilt site is a cold one."""
    src, files, out, donor = _built_twice(tmp_path)
    donor_pages = _inodes(donor / "people")
    live = _inodes(out / "people")
    _rename(files, 2)
    counted = _build(src, out)
    now = _inodes(out / "people")
    carried = {path for path, inode in now.items() if donor_pages.get(path) == inode}
    made = set(now) - carried
    # Hundreds of unchanged pages, carried: no call each.
    assert len(carried) > 100 and len(carried) > len(made), (len(carried), len(made))
    assert counted["link"] + counted["write"] <= len(made), (counted, len(made))
    # The pages changed since the donor, aside, this build's in, and the folder.
    assert counted["rename"] <= 2 * len(made) + 1, (counted, len(made))
    assert all(now[path] == live[path] for path in carried)  # the live build's very files
    assert not donor.exists()
    _as_cold(tmp_path, src, out)
    # And again: the second build's folder is the donor of the fourth.
    _rename(files, 3)
    counted = _build(src, out)
    assert counted["link"] + counted["write"] < len(carried) / 2, counted
    _as_cold(tmp_path, src, out)


@contextlib.contextmanager
def _listening(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """The donor's INFO records, on its own logger (an earlier CLI test may have
    stopped ``trfsite`` from propagating to the root)."""
    logger = logging.getLogger("trfsite.site.people_donor")
    level = logger.level
    logger.addHandler(caplog.handler)
    logger.setLevel(logging.INFO)
    try:
        yield
    finally:
        logger.removeHandler(caplog.handler)
        logger.setLevel(level)


@pytest.mark.parametrize("damage", ["deleted", "replaced by a link", "a stray page", "folder"])
def test_a_damaged_donor_is_linked_page_by_page(
    tmp_path: Path, damage: str, caplog: pytest.LogCaptureFixture
) -> None:
    """A donor whose people folder is not as its build left it is not taken: its pages
    are linked from the live build as before, and nothing planted is followed."""
    src, files, out, donor = _built_twice(tmp_path)
    secret = tmp_path / "secret.html"
    secret.write_text("not a page of the site", encoding="utf-8")
    people = donor / "people"
    victim = sorted(people.glob("*.html"))[5]
    if damage == "deleted":
        victim.unlink()
    elif damage == "replaced by a link":
        victim.unlink()
        victim.symlink_to(secret)
    elif damage == "a stray page":
        (people / "federations" / "zzz.html").write_text("stray", encoding="utf-8")
    else:  # the donor's folder is a link to the live build's
        for path in sorted(people.rglob("*"), reverse=True):
            path.rmdir() if path.is_dir() else path.unlink()
        people.rmdir()
        people.symlink_to(out.resolve() / "people", target_is_directory=True)
    live = _inodes(out / "people")
    live_bytes = {p: (out / "people" / p).read_bytes() for p in live}
    _rename(files, 2)
    with _listening(caplog):
        counted = _build(src, out)
    assert "not as a build left it" in caplog.text, caplog.text  # refused
    assert counted["link"] > 100, counted  # linked page by page, as before
    assert not any(p.is_symlink() for p in (out / "people").rglob("*"))
    assert "not a page of the site" not in (out / "people" / victim.name).read_text("utf-8")
    previous = tmp_path / "out.builds" / "build-000002" / "people"
    assert {p: (previous / p).read_bytes() for p in live} == live_bytes  # untouched
    _as_cold(tmp_path, src, out)


def test_a_build_that_fails_to_publish_gives_the_donor_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The donor's folder and pages go back as they were when publishing fails; the
    previous site serves on, and the next build is a cold build's."""
    from trfsite.site import publish

    src, files, out, donor = _built_twice(tmp_path)
    before = _inodes(donor)
    serving = {p: (out / p).read_bytes() for p in _inodes(out)}
    real_replace = os.replace

    def no_flip(source: object, target: object) -> None:
        if Path(str(target)) == out:
            raise OSError("read-only file system")
        real_replace(source, target)  # type: ignore[arg-type]

    _rename(files, 2)
    _counting.append(Counter())
    with monkeypatch.context() as patch:
        patch.setattr(publish.os, "replace", no_flip)
        with pytest.raises(OSError):
            build_site(BuildOptions(src, out, pdf=False, jobs=1))
    assert _counting.pop()["rename"] > 1  # the donor was taken, then given back
    assert _inodes(donor) == before
    assert not (donor / ".trfsite-people-aside").exists()
    assert {p: (out / p).read_bytes() for p in serving} == serving
    _build(src, out)
    _as_cold(tmp_path, src, out)


_KILL_AT = """
import os, signal, sys
from trfsite.cli import main
from trfsite.site import people_donor
renames, real, kill_at = [0], os.rename, int(sys.argv[1])
def rename(source, target, *args, **kwargs):
    if people_donor.PEOPLE_FOLDER in str(target):
        renames[0] += 1
        if renames[0] == kill_at:
            os.kill(os.getpid(), signal.SIGKILL)
    return real(source, target, *args, **kwargs)
os.rename = rename
# -vv: should the build end without taking the donor, its debug log in the failure says why.
sys.argv = ["trfsite", "-vv", "build", sys.argv[2], "-o", sys.argv[3], "--no-pdf", "--jobs", "1"]
main()
"""


@pytest.mark.parametrize("at", [1, 2, 6, 1000])
def test_a_build_killed_while_taking_the_donor(tmp_path: Path, at: int) -> None:
    """Killed at the ``at``-th rename of the donor's pages or folder (1000: it got
    through them): the previous site serves on, or the new one whole; the next
    build is a cold build's."""
    src, files, out, _ = _built_twice(tmp_path)
    live = out.resolve()
    serving = {p: (out / p).read_bytes() for p in _inodes(out)}
    _rename(files, 2)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SOURCE_DATE_EPOCH": EPOCH}
    child = subprocess.run(
        [sys.executable, "-c", same_code(_KILL_AT), str(at), str(src), str(out)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        check=False,
    )
    if at < 1000:
        assert child.returncode == -signal.SIGKILL, child.stderr
        assert out.resolve() == live
        assert {p: (out / p).read_bytes() for p in serving} == serving
    _build(src, out)
    _as_cold(tmp_path, src, out)


def test_each_language_takes_its_own_donor_folder(tmp_path: Path) -> None:
    """Several languages: each is a site of its own (its state, its people folder),
    and each takes its own folder from the donor build."""
    src, files = _archive(tmp_path)
    (src / "trfsite.toml").write_text('languages = ["en", "de"]\n', encoding="utf-8")
    out = tmp_path / "out"
    for number in range(2):
        _rename(files, number)
        _build(src, out)
    donor = tmp_path / "out.builds" / "build-000001"
    before = {lang: _inodes(donor / lang / "people") for lang in ("en", "de")}
    _rename(files, 2)
    counted = _build(src, out)
    made = 0
    for lang in ("en", "de"):
        now = _inodes(out / lang / "people")
        carried = [path for path, inode in now.items() if before[lang].get(path) == inode]
        assert len(carried) > 100 and len(carried) > len(now) - len(carried), lang
        made += len(now) - len(carried)
    assert counted["link"] + counted["write"] <= made, (counted, made)
    _as_cold(tmp_path, src, out)


def test_with_two_builds_kept_the_donor_is_three_builds_old(tmp_path: Path) -> None:
    """``--keep 2``: the fourth build takes the first one's folder, whose pages
    changed in the three builds since are made again; the rest is carried."""
    src, files = _archive(tmp_path)
    out = tmp_path / "out"
    for number in range(3):
        _rename(files, number)
        build_site(BuildOptions(src, out, pdf=False, jobs=1, keep=2))
    donor = tmp_path / "out.builds" / "build-000001" / "people"
    before = _inodes(donor)
    _rename(files, 3)
    _counting.append(Counter())
    build_site(BuildOptions(src, out, pdf=False, jobs=1, keep=2))
    counted = _counting.pop()
    now = _inodes(out / "people")
    carried = [path for path, inode in now.items() if before.get(path) == inode]
    assert len(carried) > 100, len(carried)
    assert counted["link"] + counted["write"] <= len(now) - len(carried), counted
    _as_cold(tmp_path, src, out)
