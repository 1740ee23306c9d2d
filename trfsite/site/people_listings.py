"""The rows a rebuild's listing pages and search pieces are made of: the state's
(``BuildState.rows``, as the previous build left them), but for the people
resolved again, whose rows are made now (``people.rows``).

Only the groups and pieces such a person is in, or was in, can have changed; the
others are taken from the previous build as they are.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from trfsite.model.frozen import frozen_record
from trfsite.people.listings import GroupRows
from trfsite.people.rows import Group, PersonRow
from trfsite.people.search import joined_piece, piece_path, row_text
from trfsite.site.state_rows import StoredRows


@frozen_record
class Pieces:
    made: Iterable[tuple[str, str]]  # (path, text) of the pieces that may have changed
    kept: dict[str, str]  # path -> piece: the others


class RowsNow:
    """The rows of the listings now (see the module's docstring)."""

    def __init__(self, stored: StoredRows, fresh: list[PersonRow], gone: frozenset[str] | None):
        self._stored = stored
        self._replaced = set(gone or ()) | {row.key for row in fresh}
        self._in_group: dict[Group, list[PersonRow]] = defaultdict(list)
        self._in_piece: dict[str, list[PersonRow]] = defaultdict(list)
        for row in fresh:
            for group in row.groups:
                self._in_group[group].append(row)
            for piece in row.pieces:
                self._in_piece[piece].append(row)
        # Where the people resolved again were listed before.
        self._was_in, self._was_in_pieces = stored.listed_in(self._replaced)

    def group(self, group: Group) -> list[PersonRow]:
        stored = [r for r in self._stored.group_rows(group) if r.key not in self._replaced]
        return stored + self._in_group.get(group, [])

    def piece(self, piece: str) -> str:
        """The piece's script, or '' when nobody is in it any more."""
        texts = [row for row in self._stored.piece_rows(piece) if row[0] not in self._replaced]
        texts += [(row.key, row_text(row)) for row in self._in_piece.get(piece, [])]
        texts.sort()
        return joined_piece(piece, (text for _, text in texts)) if texts else ""

    def groups(self) -> GroupRows:
        """Every group's count, and the rows of those that may have changed."""
        counts = self._stored.group_counts()
        members = {}
        changed = self._was_in | set(self._in_group)
        for group in sorted(changed):
            found = self.group(group)
            if found:
                counts[group] = len(found)
                members[group] = found
            else:
                counts.pop(group, None)
        return GroupRows(counts, members)

    def pieces(self, folder: str) -> Pieces:
        """The pieces that may have changed, made, and the others' paths."""
        changed = self._was_in_pieces | set(self._in_piece)
        made = []
        for piece in sorted(changed):
            text = self.piece(piece)
            if text:
                made.append((piece_path(folder, piece), text))
        kept = {
            piece_path(folder, piece): piece for piece in sorted(self._stored.pieces() - changed)
        }
        return Pieces(made, kept)
