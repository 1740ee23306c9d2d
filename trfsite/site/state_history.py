"""Which people pages each build changed, in the build state (``site.state``'s
column ``pages.since`` and tables ``pages_gone`` and ``people_folders``).

Each saved build gets a number (``meta.seq``). A page's ``since`` is the number of
the build that last changed its digest, ``pages_gone`` the number of the build that
dropped it, and ``people_folders`` the marks of each build's people folders as that
build left them (see ``FolderMark``). So for an older build whose people folder
still bears its marks, the pages that differ from it now are those changed since
its number: a rebuild takes that folder whole and redoes only those
(``site.people_donor``).
"""

from __future__ import annotations

import os
import sqlite3
import stat
from collections.abc import Iterable, Sequence
from typing import NamedTuple

# Builds remembered: an older donor is not taken (with the default ``keep`` of 1
# the donor is two builds old; each build adds one).
HISTORY = 16

SCHEMA = """
CREATE TABLE pages_gone (path TEXT PRIMARY KEY, seq INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE people_folders (
    seq INTEGER NOT NULL, folder TEXT NOT NULL, device INTEGER NOT NULL,
    inode INTEGER NOT NULL, mtime_ns INTEGER NOT NULL, PRIMARY KEY (seq, folder)
) WITHOUT ROWID;
CREATE INDEX people_folders_inode ON people_folders(inode);
"""


class FolderMark(NamedTuple):
    """A folder of people pages as a build left it: which folder it is (device and
    inode) and when an entry of it last came, went or was replaced (its mtime:
    writing a file in place does not change it, adding, deleting, renaming or
    replacing one by a link does)."""

    folder: str  # under the build, forward slashes
    device: int
    inode: int
    mtime_ns: int

    @classmethod
    def of(cls, root: str, folder: str) -> FolderMark | None:
        """The mark of ``root/folder``; None when it is not a folder (or a link)."""
        try:
            info = os.lstat(os.path.join(root, folder))
        except OSError:
            return None
        if not stat.S_ISDIR(info.st_mode):  # never a link planted there
            return None
        return cls(folder, info.st_dev, info.st_ino, info.st_mtime_ns)


def next_seq(db: sqlite3.Connection) -> int:
    row = db.execute("SELECT value FROM meta WHERE name = 'seq'").fetchone()
    return int(row[0]) + 1 if row else 1


def save_history(db: sqlite3.Connection, seq: int, dropped: Iterable[str]) -> None:
    """Build ``seq`` dropped the pages ``dropped``; what is older than ``HISTORY``
    builds is forgotten."""
    db.executemany(
        "INSERT OR REPLACE INTO pages_gone (path, seq) VALUES (?, ?)",
        ((path, seq) for path in sorted(dropped)),
    )
    db.execute("DELETE FROM pages_gone WHERE seq <= ?", (seq - HISTORY,))
    db.execute("DELETE FROM people_folders WHERE seq <= ?", (seq - HISTORY,))
    db.execute("INSERT OR REPLACE INTO meta (name, value) VALUES ('seq', ?)", (str(seq),))


def save_marks(db: sqlite3.Connection, seq: int, marks: Sequence[FolderMark]) -> None:
    """Build ``seq`` left its people folders as ``marks`` (saved once they are final)."""
    db.executemany(
        "INSERT OR REPLACE INTO people_folders (seq, folder, device, inode, mtime_ns)"
        " VALUES (?, ?, ?, ?, ?)",
        ((seq, m.folder, m.device, m.inode, m.mtime_ns) for m in marks),
    )


class History:
    """What the state remembers of the builds' people folders (reading only)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def build_of(self, mark: FolderMark) -> int | None:
        """The build whose ``mark.folder`` bore ``mark`` when it was saved, if remembered."""
        row = self._db.execute(
            "SELECT seq FROM people_folders WHERE inode = ? AND device = ? AND folder = ?"
            " AND mtime_ns = ? ORDER BY seq DESC",
            (mark.inode, mark.device, mark.folder, mark.mtime_ns),
        ).fetchone()
        return None if row is None else int(row[0])

    def marks_of(self, seq: int) -> list[FolderMark]:
        """The marks of every people folder build ``seq`` left."""
        return [
            FolderMark(*row)
            for row in self._db.execute(
                "SELECT folder, device, inode, mtime_ns FROM people_folders WHERE seq = ?"
                " ORDER BY folder",
                (seq,),
            )
        ]

    def changed_since(self, seq: int) -> set[str]:
        """The pages made, changed or dropped by the builds after build ``seq``."""
        return {
            path
            for (path,) in self._db.execute(
                "SELECT path FROM pages WHERE since > ? UNION SELECT path FROM pages_gone"
                " WHERE seq > ?",
                (seq, seq),
            )
        }
