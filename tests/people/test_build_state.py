"""The archive's build state in SQLite (issue 46): never published, updated by what
changed, transactional (a build killed during its write leaves the previous site
serving and the next build correct), and incremental output equal to a cold build."""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from samecode import same_code
from treedigest import tree_digest

from trfsite.site.build import BuildOptions, build_site
from trfsite.site.state import STAMP, BuildState, state_path

RULES = Path(__file__).resolve().parent.parent / "data" / "people" / "rules"
EPOCH = "1714521600"


@pytest.fixture(autouse=True)
def fixed_build_date(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)


def _respell(src: Path, old: str, new: str) -> None:
    changed = src / "d-2023.trf"
    changed.write_text(changed.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")


def _copy(tmp_path: Path) -> Path:
    src = tmp_path / "src"
    shutil.copytree(RULES, src)
    return src


def test_state_lives_beside_the_builds_and_nothing_of_it_is_published(tmp_path: Path) -> None:
    src, out = _copy(tmp_path), tmp_path / "out"
    build_site(BuildOptions(src, out, pdf=False))
    database = state_path(out)
    assert database == tmp_path / "out.builds" / ".trfsite-state.sqlite"
    assert database.is_file()
    published = tree_digest(out)
    # The one SQLite file published is the open data (issue 43), which holds no build state.
    assert [path for path in published if path.endswith(".sqlite")] == ["data/archive.sqlite"]
    with sqlite3.connect(out / "data" / "archive.sqlite") as db:
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
    assert not tables & {"entries", "national_ids", "person_keys", "pages"}
    # In the build folder: only the (hidden, never served or deployed) id of its state.
    assert [path for path in published if ".trfsite-state" in path] == [STAMP]
    with sqlite3.connect(database) as db:
        events = db.execute("SELECT count(*) FROM events").fetchone()[0]
        entries = db.execute("SELECT count(*) FROM entries").fetchone()[0]
    # tests/data/people/README.md: four events of four players each.
    assert (events, entries) == (4, 4 * 4)


def test_resolved_people_are_indexed_by_their_ids_and_folded_names(tmp_path: Path) -> None:
    src, out = _copy(tmp_path), tmp_path / "out"
    build_site(BuildOptions(src, out, pdf=False))
    with BuildState(state_path(out)) as state:
        # Kowalski's FIDE id 1100001 is in a-2020, b-2021 and d-2023 (README of the data).
        assert state.entries.people_with(fide_id="1100001") == ["fide-1100001"]
        assert state.person("fide-1100001") == ("Kowalski, Jan", "1100001", "", "POL")
        # Nagy Anna: two people (born 1970 and 1971) share the folded name.
        assert state.entries.people_with(folded_name="nagy anna") == [
            "nagy-anna-hun-1970",
            "nagy-anna-hun-1971",
        ]
        assert state.entries.people_with(fide_id="999999999") == []


def test_a_rebuild_writes_only_the_changed_events_rows(tmp_path: Path) -> None:
    src, out = _copy(tmp_path), tmp_path / "out"
    build_site(BuildOptions(src, out, pdf=False))
    database = state_path(out)
    with sqlite3.connect(database) as db:
        before = dict(db.execute("SELECT file, key FROM events"))
    _respell(src, "Spring Open 2023", "Spring Cup 2023")
    build_site(BuildOptions(src, out, pdf=False))
    with sqlite3.connect(database) as db:
        after = dict(db.execute("SELECT file, key FROM events"))
        names = " ".join(row[0] for row in db.execute("SELECT data FROM events"))
    changed = {file for file in after if after[file] != before[file]}
    assert changed == {"d-2023.trf"}
    assert "Spring Cup 2023" in names and "Spring Open 2023" not in names


def test_incremental_builds_are_byte_identical_to_cold_ones(tmp_path: Path) -> None:
    src, out = _copy(tmp_path), tmp_path / "out"
    build_site(BuildOptions(src, out, pdf=False))
    _respell(src, "Kowalski, Jan   ", "Kowalski, Janusz")
    build_site(BuildOptions(src, out, pdf=False))
    (src / "b-2021.trf").unlink()  # an event gone too
    build_site(BuildOptions(src, out, pdf=False))
    cold = tmp_path / "cold"
    build_site(BuildOptions(src, cold, pdf=False))
    assert tree_digest(out) == tree_digest(cold)


def test_a_damaged_state_is_made_again(tmp_path: Path) -> None:
    src, out = _copy(tmp_path), tmp_path / "out"
    build_site(BuildOptions(src, out, pdf=False))
    first = tree_digest(out)
    state_path(out).write_bytes(b"not a database at all" * 100)
    build_site(BuildOptions(src, out, pdf=False))
    assert tree_digest(out) == first
    with sqlite3.connect(state_path(out)) as db:
        assert db.execute("SELECT count(*) FROM events").fetchone()[0] == 4


_KILLED_BUILD = textwrap.dedent(
    """
    import os, signal, sys
    from pathlib import Path
    import trfsite.site.identity_part as part
    import trfsite.site.state_people as state
    from trfsite.site.build import BuildOptions, build_site

    part.MOST = 1.0  # resolve the changed part only, however small the archive

    def killed(*args, **kwargs):
        # Inside the transaction, after the events' and pages' rows were written.
        os.kill(os.getpid(), signal.SIGKILL)

    state.save_people = killed
    build_site(BuildOptions(Path(sys.argv[1]), Path(sys.argv[2]), pdf=False))
    """
)


@pytest.mark.parametrize("where", ["during the write", "after the commit"])
def test_a_build_killed_leaves_the_previous_site_and_the_next_build_correct(
    tmp_path: Path, where: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from trfsite.site import identity_part

    monkeypatch.setattr(identity_part, "MOST", 1.0)
    src, out = _copy(tmp_path), tmp_path / "out"
    build_site(BuildOptions(src, out, pdf=False))
    before = tree_digest(out)
    _respell(src, "Kowalski, Jan   ", "Kowalski, Janusz")
    script = _KILLED_BUILD
    if where == "after the commit":  # the state is the new build's; its folder never published
        script = script.replace(
            "state.save_people = killed", "import trfsite.site.publish as p\np.publish = killed"
        )
    env = {**os.environ, "SOURCE_DATE_EPOCH": EPOCH}
    done = subprocess.run(
        [sys.executable, "-c", same_code(script), str(src), str(out)], env=env, capture_output=True
    )
    assert done.returncode == -signal.SIGKILL, done.stderr.decode()
    assert tree_digest(out) == before  # the previous site still serves, whole
    build_site(BuildOptions(src, out, pdf=False))
    cold = tmp_path / "cold"
    build_site(BuildOptions(src, cold, pdf=False))
    assert tree_digest(out) == tree_digest(cold)
    kowalski = (out / "people" / "fide-1100001.html").read_text(encoding="utf-8")
    assert "Kowalski, Janusz" in kowalski


def test_a_state_that_cannot_be_written_is_a_build_error_and_the_site_stays(
    tmp_path: Path,
) -> None:
    from trfsite.site.failures import BuildError

    src, out = _copy(tmp_path), tmp_path / "out"
    build_site(BuildOptions(src, out, pdf=False))
    before = tree_digest(out)
    state_path(out).unlink()
    state_path(out).mkdir()  # e.g. a folder where the database should be
    _respell(src, "Spring Open 2023", "Spring Cup 2023")
    with pytest.raises(BuildError, match="cannot write the build state"):
        build_site(BuildOptions(src, out, pdf=False))
    assert tree_digest(out) == before
