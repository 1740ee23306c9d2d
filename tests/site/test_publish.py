"""Publishing is atomic for readers: OUT is a symlink flipped in one step (trfsite.site.publish)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from donorhelpers import html_inodes, spy_moves, two_events
from samecode import same_code
from sitehelpers import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))
from generate import generate_individual_swiss  # noqa: E402

from trfsite.site.build import BuildOptions, build_site  # noqa: E402
from trfsite.site.linking import Linking, Reused  # noqa: E402
from trfsite.site.state import STATE_NAME  # noqa: E402

PAGES = ("index.html", "open/index.html", "open/standings.html", "open/players/1.html")


def _builds(folder: Path) -> list[str]:
    """The builds (and unfinished ones) beside OUT, without the build state's files."""
    return sorted(p.name for p in folder.iterdir() if not p.name.startswith(".trfsite-"))


def _source(tmp_path: Path) -> Path:
    src = tmp_path / "src"
    src.mkdir()
    # Large enough that a build takes a while, so readers and kills land inside it.
    (src / "open.trf").write_text(generate_individual_swiss(150, 9, 7), "utf-8")
    (src / "open.md").write_text("Notes 0.\n", "utf-8")
    return src


def _complete(text: str) -> bool:
    return text.rstrip().endswith("</html>")


def test_out_is_a_symlink_and_previous_builds_are_kept(tmp_path: Path) -> None:
    src, out = _source(tmp_path), tmp_path / "site"
    for n in range(3):
        (src / "open.md").write_text(f"Notes {n}.\n", "utf-8")
        build_site(BuildOptions(src, out, pdf=False, keep=1))
    assert out.is_symlink() and os.readlink(out) == "site.builds/build-000003"
    # --keep 1: the live build and the one before it, for rollback.
    assert _builds(tmp_path / "site.builds") == [
        "build-000002",
        "build-000003",
    ]
    assert "Notes 2." in (out / "open/index.html").read_text("utf-8")
    assert "Notes 1." in (tmp_path / "site.builds/build-000002/open/index.html").read_text("utf-8")


def test_a_folder_from_an_older_trfsite_becomes_the_previous_build(tmp_path: Path) -> None:
    src, out = _source(tmp_path), tmp_path / "site"
    build_site(BuildOptions(src, out, pdf=False))
    real = tmp_path / "site.builds" / os.readlink(out).split("/")[-1]
    out.unlink()
    os.replace(real, out)  # OUT as older versions left it: a real folder
    build_site(BuildOptions(src, out, pdf=False, cache=False))
    assert out.is_symlink()
    assert len(_builds(tmp_path / "site.builds")) == 2


def test_readers_never_see_a_missing_or_partial_page_during_rebuilds(tmp_path: Path) -> None:
    src, out = _source(tmp_path), tmp_path / "site"
    build_site(BuildOptions(src, out, pdf=False))
    problems: list[str] = []
    reads = 0
    done = threading.Event()

    def rebuild() -> None:
        try:
            for n in range(1, 4):
                (src / "open.md").write_text(f"Notes {n}.\n", "utf-8")
                build_site(BuildOptions(src, out, pdf=False, cache=False))
        finally:
            done.set()

    thread = threading.Thread(target=rebuild)
    thread.start()
    while not done.is_set():
        for page in PAGES:
            try:
                text = (out / page).read_text("utf-8")
            except OSError as exc:
                problems.append(f"{page}: {exc}")
                continue
            reads += 1
            if not _complete(text):
                problems.append(f"{page}: partial ({len(text)} characters)")
    thread.join()
    assert not problems, problems[:5]
    assert reads > len(PAGES)
    assert "Notes 3." in (out / "open/index.html").read_text("utf-8")


@pytest.mark.parametrize("delay", [0.05, 0.4, 0.9, 1.6])
def test_a_killed_build_leaves_the_previous_site_serving(tmp_path: Path, delay: float) -> None:
    src, out = _source(tmp_path), tmp_path / "site"
    build_site(BuildOptions(src, out, pdf=False))
    live = out.resolve()
    before = {page: (out / page).read_bytes() for page in PAGES}
    (src / "open.md").write_text("Notes after the kill.\n", "utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen(
        [sys.executable, "-m", "trfsite", "build", str(src), "-o", str(out), "--no-pdf",
         "--no-cache", "--jobs", "1"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    time.sleep(delay)
    child.send_signal(signal.SIGKILL)
    child.wait()
    # Either the old site or (if the build finished first) the new one, never anything else.
    if out.resolve() == live:
        assert {page: (out / page).read_bytes() for page in PAGES} == before
    else:
        assert "Notes after the kill." in (out / "open/index.html").read_text("utf-8")
        assert all(_complete((out / page).read_text("utf-8")) for page in PAGES)
    # The next build publishes and removes what the killed one left behind.
    build_site(BuildOptions(src, out, pdf=False))
    assert [p for p in _builds(tmp_path / "site.builds") if p.startswith(".")] == []
    assert "Notes after the kill." in (out / "open/index.html").read_text("utf-8")


def _folder(live: Path, name: str, text: str) -> Reused:
    (live / name).mkdir(parents=True)
    (live / name / "index.html").write_text(text, encoding="utf-8")
    return Reused(name, ((f"{name}/index.html", len(text)),))


def test_reused_events_are_linked_in_a_thread_that_reports_damaged_folders(
    tmp_path: Path,
) -> None:
    live, tmp = tmp_path / "live", tmp_path / "tmp"
    tmp.mkdir()
    cup = _folder(live, "2024/cup", "cup")
    assert Linking(live, tmp, [cup]).join() == []
    linked = tmp / "2024" / "cup" / "index.html"
    assert linked.read_text(encoding="utf-8") == "cup"
    assert linked.stat().st_ino == (live / "2024" / "cup" / "index.html").stat().st_ino
    # A folder that is not there, a page of another size, a folder that became a link:
    # each is named, and nothing of it is left in the new build.
    gone = Reused("2024/gone", (("2024/gone/index.html", 3),))
    short = _folder(live, "2024/short", "shorter than listed")
    short = Reused(short.folder, ((short.files[0][0], 99),))
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "index.html").write_text("cup", encoding="utf-8")
    (live / "2024" / "linked").symlink_to(tmp_path / "elsewhere")
    linked_folder = Reused("2024/linked", (("2024/linked/index.html", 3),))
    assert Linking(live, tmp, [gone, short, linked_folder]).join() == [
        "2024/gone",
        "2024/linked",
        "2024/short",
    ]
    assert sorted(p.name for p in (tmp / "2024").iterdir()) == ["cup"]


def test_old_builds_can_be_removed_by_a_process_not_waited_for(tmp_path: Path) -> None:
    from trfsite.site import publish

    src, out = _source(tmp_path), tmp_path / "site"
    builds = tmp_path / "site.builds"
    for _ in range(2):
        build_site(BuildOptions(src, out, pdf=False, keep=1, cache=False))
    old = builds / "build-000001"
    (old / "deep" / "er").mkdir(parents=True)
    (old / "deep" / "er" / "page.html").write_text("old", encoding="utf-8")
    tmp = publish.make_build_folder(out)
    (tmp / "index.html").write_text("new", encoding="utf-8")
    previous = publish.live_folder(out)
    final = builds / "build-000003"
    os.replace(tmp, final)
    remover = publish._prune(builds, final, previous, keep=1, later=True)
    # At once, the old build is out of the list of builds: never rolled back to.
    assert not old.exists()
    assert [p.name for p in builds.iterdir() if p.name.startswith("build-")] == [
        "build-000002",
        "build-000003",
    ]
    assert remover is not None
    assert remover.wait(timeout=30) == 0
    assert _builds(builds) == ["build-000002", "build-000003"]


def test_the_command_line_does_not_wait_for_old_builds_to_go(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from click.testing import CliRunner

    from trfsite.cli import cli
    from trfsite.site import publish

    started: list[list[Path]] = []
    real = publish.remove_later

    def watched(paths: list[Path]) -> subprocess.Popen[bytes] | None:
        started.append(paths)
        remover = real(paths)
        assert remover is not None
        remover.wait(timeout=30)  # here only, so that the test can look afterwards
        return remover

    monkeypatch.setattr(publish, "remove_later", watched)
    src, out = _source(tmp_path), tmp_path / "site"
    for _ in range(3):
        result = CliRunner().invoke(cli, ["-q", "build", str(src), "-o", str(out), "--no-pdf"])
        assert result.exit_code == 0, result.output
    assert [[p.name for p in paths] for paths in started] == [[".tmp-old-build-000001"]]
    assert _builds(tmp_path / "site.builds") == [
        "build-000002",
        "build-000003",
    ]


def _leftover_and_handed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> tuple[Path, Path, list[list[str]]]:
    """OUT, an old build a remover did not finish, and the folders ``remove_later`` is
    handed (it returns None: "could not start", so they are removed in the build)."""
    from trfsite.site import publish

    leftover = tmp_path / "site.builds" / ".tmp-old-build-000001"
    (leftover / "open").mkdir(parents=True)
    (leftover / "open" / "index.html").write_text("old", encoding="utf-8")
    handed: list[list[str]] = []
    monkeypatch.setattr(
        publish, "remove_later", lambda paths: handed.append([p.name for p in paths])
    )
    return tmp_path / "site", leftover, handed


def test_an_old_build_still_being_removed_is_not_waited_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from trfsite.site import publish

    out, leftover, handed = _leftover_and_handed(tmp_path, monkeypatch)
    publish.make_build_folder(out, prune_later=True)
    assert handed == [[".tmp-old-build-000001"]]
    assert not leftover.exists()
    (leftover / "open").mkdir(parents=True)
    publish.make_build_folder(out)  # a library caller: removed here, nothing handed on
    assert handed == [[".tmp-old-build-000001"]]
    assert not leftover.exists()


def test_a_dead_builds_folder_goes_to_a_remover_not_waited_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A rebuild killed while it took the donor's folders left them in its folder:
    the next build renames it as an old build and hands it on (issue 46)."""
    from trfsite.site import publish

    builds = tmp_path / "site.builds"
    dead = builds / ".tmp-k1ll3d"
    (dead / "open").mkdir(parents=True)
    (dead / "open" / "index.html").write_text("half", encoding="utf-8")
    handed: list[list[str]] = []

    def hand_on(paths: list[Path]) -> object:
        handed.append([p.name for p in paths])
        return object()  # a remover started: nothing removed here

    monkeypatch.setattr(publish, "remove_later", hand_on)
    tmp = publish.make_build_folder(tmp_path / "site", prune_later=True)
    assert handed == [[".tmp-old-k1ll3d"]]
    assert not dead.exists()
    assert (builds / ".tmp-old-k1ll3d" / "open" / "index.html").is_file()
    assert tmp.is_dir() and tmp.name.startswith(".tmp-") and tmp != dead
    # A library caller (no later): a dead build's folder is removed at once.
    tmp.rmdir()
    (dead / "open").mkdir(parents=True)
    publish.make_build_folder(tmp_path / "site")
    assert not dead.exists()
    assert handed == [[".tmp-old-k1ll3d"]]


def test_reused_events_can_be_linked_by_the_workers(tmp_path: Path) -> None:
    from concurrent.futures import ProcessPoolExecutor

    live, tmp = tmp_path / "live", tmp_path / "tmp"
    tmp.mkdir()
    names = [f"2024/cup-{n}" for n in range(11)]  # more folders than calls: dealt out
    folders = [_folder(live, name, name) for name in names]
    with ProcessPoolExecutor(2) as workers:
        assert Linking(live, tmp, folders, workers).join() == []
        for name in names:
            linked = tmp / name / "index.html"
            assert linked.stat().st_ino == (live / name / "index.html").stat().st_ino
        gone = Reused("2024/gone", (("2024/gone/index.html", 3),))
        assert Linking(live, tmp, [gone], workers).join() == ["2024/gone"]


def test_a_rebuild_on_two_workers_links_the_unchanged_events(tmp_path: Path) -> None:
    src, out = _source(tmp_path), tmp_path / "site"
    (src / "cup.trf").write_text((src / "open.trf").read_text("utf-8"), encoding="utf-8")
    build_site(BuildOptions(src, out, pdf=False, jobs=2))
    before = {p: p.stat().st_ino for p in (out / "cup").rglob("*") if p.is_file()}
    (src / "open.md").write_text("Changed notes.\n", "utf-8")
    report = build_site(BuildOptions(src, out, pdf=False, jobs=2))
    assert report.reused == 1
    after = {p: p.stat().st_ino for p in (out / "cup").rglob("*") if p.is_file()}
    assert after == before and before  # the same files: hard links, nothing written
    assert "Changed notes." in (out / "open/index.html").read_text("utf-8")


def _built_twice(tmp_path: Path, jobs: int = 1) -> tuple[Path, Path, Path]:
    """Two events built twice (notes changed): (SRC, OUT, the build the next one removes)."""
    src, out = two_events(tmp_path), tmp_path / "site"
    for n in range(2):
        (src / "open.md").write_text(f"Notes {n}.\n", "utf-8")
        build_site(BuildOptions(src, out, pdf=False, jobs=jobs))
    return src, out, tmp_path / "site.builds" / "build-000001"


@pytest.mark.parametrize("jobs", [1, 2])
def test_unchanged_events_move_in_from_the_build_that_publishing_removes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, jobs: int
) -> None:
    from trfsite.site import publish

    src, out, donor = _built_twice(tmp_path, jobs)
    # --keep 1: publishing build 3 removes build 1, whose cup/ is build 2's (hard links).
    assert publish.donor_build(out, 1) == donor
    assert publish.donor_build(out, 2) is None
    cup = html_inodes(out / "cup")
    assert html_inodes(donor / "cup") == cup
    moves = spy_moves(monkeypatch)
    (src / "open.md").write_text("Notes 2.\n", "utf-8")
    report = build_site(BuildOptions(src, out, pdf=False, jobs=jobs))
    assert report.reused == 1 and moves == [["cup"]]
    assert html_inodes(out / "cup") == cup  # the very same files, moved in whole
    assert "Notes 2." in (out / "open/index.html").read_text("utf-8")
    assert not donor.exists()
    fresh = tmp_path / "fresh"
    build_site(BuildOptions(src, fresh, pdf=False, cache=False))
    for page in ("cup/index.html", "cup/standings.html", "index.html"):
        assert (out / page).read_bytes() == (fresh / page).read_bytes()


def test_a_donor_folder_that_differs_is_linked_from_the_live_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    src, out, donor = _built_twice(tmp_path)
    page = donor / "cup" / "index.html"
    data = page.read_bytes()
    page.unlink()
    page.write_bytes(data)  # the same bytes, another file: not the live build's any more
    (donor / "cup" / "stray.html").write_text("left over", "utf-8")
    moves = spy_moves(monkeypatch)
    (src / "open.md").write_text("Notes 2.\n", "utf-8")
    live_cup = html_inodes(out / "cup")
    assert build_site(BuildOptions(src, out, pdf=False, jobs=1)).reused == 1
    assert moves == [[]]
    assert html_inodes(out / "cup") == live_cup  # linked from the live build
    assert not (out / "cup" / "stray.html").exists()


def test_a_failed_build_leaves_the_donor_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import trfsite.site.site_wide as site_wide

    src, out, donor = _built_twice(tmp_path)
    before = html_inodes(donor)

    def explode(*args: object, **kwargs: object) -> int:
        raise RuntimeError("disk full")

    (src / "open.md").write_text("Notes 2.\n", "utf-8")
    with monkeypatch.context() as patch:
        patch.setattr(site_wide, "write_home", explode)
        with pytest.raises(RuntimeError):
            build_site(BuildOptions(src, out, pdf=False, jobs=1))
    assert html_inodes(donor) == before


def test_a_build_that_fails_to_publish_gives_the_moved_folders_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from trfsite.site import publish

    src, out, donor = _built_twice(tmp_path)
    before = html_inodes(donor)
    moves = spy_moves(monkeypatch)
    real_replace = os.replace

    def no_flip(source: object, target: object) -> None:
        if Path(str(target)) == out:  # the flip itself fails (after cup/ moved in)
            raise OSError("read-only file system")
        real_replace(source, target)  # type: ignore[arg-type]

    (src / "open.md").write_text("Notes 2.\n", "utf-8")
    with monkeypatch.context() as patch:
        patch.setattr(publish.os, "replace", no_flip)
        with pytest.raises(OSError):
            build_site(BuildOptions(src, out, pdf=False, jobs=1))
    assert moves == [["cup"]]
    assert html_inodes(donor) == before  # cup/ is back in the donor
    assert "Notes 1." in (out / "open/index.html").read_text("utf-8")
    left = [p.name for p in (tmp_path / "site.builds").iterdir() if p.name.startswith(".")]
    # No unfinished build; the build state stays (site/state.py, site/archive_work.py).
    assert sorted(left) == [".trfsite-archive-keys.sqlite", ".trfsite-archive.sqlite", STATE_NAME]


def test_an_unchanged_event_costs_a_few_calls_not_one_per_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 46: a rebuild's file work follows what changed. From the third build on,
    an unchanged event's folder is checked by its seal (three ``lstat``) and moved in
    whole from the build that publishing removes: no call per file."""
    src, out, donor = _built_twice(tmp_path)
    files = sum(1 for p in (out / "cup").rglob("*") if p.is_file())
    assert files > 20  # a real event folder (pages, players, rounds)
    seen: list[str] = []
    real_lstat, real_link = os.lstat, os.link

    def lstat(path: object, *args: object, **kwargs: object) -> os.stat_result:
        if "/cup/" in str(path) or str(path).endswith("/cup"):
            seen.append(str(path))
        return real_lstat(path, *args, **kwargs)  # type: ignore[arg-type]

    def link(source: object, target: object, *args: object, **kwargs: object) -> None:
        if "/cup/" in str(source):
            seen.append(f"link {source}")
        real_link(source, target, *args, **kwargs)  # type: ignore[arg-type]

    moves = spy_moves(monkeypatch)
    (src / "open.md").write_text("Notes 2.\n", "utf-8")
    with monkeypatch.context() as patch:
        patch.setattr(os, "lstat", lstat)
        patch.setattr(os, "link", link)
        report = build_site(BuildOptions(src, out, pdf=False, jobs=1))
    assert report.reused == 1 and moves == [["cup"]]
    # The live seal, the donor's folder and seal (the live folder: one scandir of OUT).
    assert len(seen) <= 3, seen
    fresh = tmp_path / "fresh"
    build_site(BuildOptions(src, fresh, pdf=False, cache=False))
    for page in ("cup/index.html", "cup/standings.html", "cup/players/1.html"):
        assert (out / page).read_bytes() == (fresh / page).read_bytes()


# The child logs at debug level: should it end without moving ``cup`` in, the failure
# shows why the donor did not give it. It hashes trfsite's code as this process did
# (``same_code``): an edit of the tree meanwhile made every event changed, and exit 0.
_KILLED_WHILE_MOVING = """
import logging, os, signal, sys
logging.basicConfig(level=logging.DEBUG, format="%(process)d %(name)s: %(message)s")
from pathlib import Path
import trfsite.site.publish as publish
from trfsite.site.build import BuildOptions, build_site

real = os.rename
def rename(source, target):
    real(source, target)
    if "/cup" in str(target):  # once the unchanged event moved in, before the flip
        os.kill(os.getpid(), signal.SIGKILL)
publish.os.rename = rename
build_site(BuildOptions(Path(sys.argv[1]), Path(sys.argv[2]), pdf=False, jobs=1))
"""

# --jobs 2: the pool's other worker moves the folders (issue 46); the build dies with it.
_KILLED_WHILE_A_WORKER_MOVES = """
import logging, multiprocessing, os, signal, sys
logging.basicConfig(level=logging.DEBUG, format="%(process)d %(name)s: %(message)s")
from pathlib import Path
import trfsite.site.linking as linking
from trfsite.site.build import BuildOptions, build_site

real = os.rename
def rename(source, target):
    real(source, target)
    if "/cup" in str(target) and multiprocessing.parent_process() is not None:
        os.kill(os.getppid(), signal.SIGKILL)  # the build, then this worker
        os.kill(os.getpid(), signal.SIGKILL)
linking.os.rename = rename
build_site(BuildOptions(Path(sys.argv[1]), Path(sys.argv[2]), pdf=False, jobs=2))
"""


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_build_killed_while_moving_folders_in_leaves_the_site_and_the_next_build_right(
    tmp_path: Path, jobs: int
) -> None:
    src, out, donor = _built_twice(tmp_path, jobs)
    before = {p.relative_to(out).as_posix(): p.read_bytes() for p in out.rglob("*.html")}
    (src / "open.md").write_text("Notes 2.\n", "utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            same_code(_KILLED_WHILE_MOVING if jobs == 1 else _KILLED_WHILE_A_WORKER_MOVES),
            str(src),
            str(out),
        ],
        env=env,
        capture_output=True,
        timeout=300,
    )
    assert done.returncode == -signal.SIGKILL, "not killed while moving:\n" + done.stderr.decode()
    after = {p.relative_to(out).as_posix(): p.read_bytes() for p in out.rglob("*.html")}
    assert after == before  # the live build serves, whole
    assert not (donor / "cup").exists()  # it went into the unfinished build
    report = build_site(BuildOptions(src, out, pdf=False, jobs=jobs))
    assert report.reused == 1
    fresh = tmp_path / "fresh"
    build_site(BuildOptions(src, fresh, pdf=False, cache=False))
    built = {p.relative_to(out).as_posix(): p.read_bytes() for p in out.rglob("*.html")}
    assert built == {p.relative_to(fresh).as_posix(): p.read_bytes() for p in fresh.rglob("*.html")}


def test_an_old_build_a_remover_holds_is_left_to_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each rebuild started one more remover on the same old build (six at once after
    a rebuild in which every event of an archive changed): a held one is skipped."""
    fcntl = pytest.importorskip("fcntl")
    from trfsite.site import publish, remover

    out, leftover, handed = _leftover_and_handed(tmp_path, monkeypatch)
    held = os.open(leftover, os.O_RDONLY)  # as a remover still at work holds it
    fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
    try:
        publish.make_build_folder(out, prune_later=True).rmdir()  # not a dead build's
        assert handed == []
        assert (leftover / "open" / "index.html").is_file()
        # A remover started anyway (the folder checked free just before another took
        # it) leaves it too.
        script = [sys.executable, "-I", "-S", remover.__file__, str(leftover)]
        assert subprocess.run(script, timeout=30).returncode == 0
        assert (leftover / "open" / "index.html").is_file()
    finally:
        os.close(held)
    publish.make_build_folder(out, prune_later=True)
    assert handed == [[".tmp-old-build-000001"]]
    assert subprocess.run(script, timeout=30).returncode == 0
    assert not leftover.exists()
