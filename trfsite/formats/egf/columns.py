"""A Go table's score columns: which column each score word of a row is, and its name.

Words before the result cells are columns 1, 2, ... and words after them follow the
table's typical number of words before; a column header's names go to the columns
before its round labels and after them (in order when it has no labels).
"""

from __future__ import annotations

from trfsite.findings import Capped, Finding, Severity
from trfsite.formats.egf.header import HeaderColumns, unnamed_column
from trfsite.formats.egf.layout import Layout, RowSplit
from trfsite.formats.egf.lines import PlayerLine, Word
from trfsite.formats.egf.tokens import parse_score
from trfsite.formats.limits import MAX_SCORE_COLUMNS
from trfsite.formats.numbers import reason_note
from trfsite.model import PairingSystem
from trfsite.results import Note


class Positions:
    """Which score column each score word of a row is, and the columns' names.

    Words before the result cells are columns 1, 2, ... and words after them follow
    the table's typical number of words before; a column header's names go to the
    columns before its round labels and after them (in order when it has no labels).
    """

    def __init__(
        self, layout: Layout, splits: list[RowSplit], header: HeaderColumns | None
    ) -> None:
        # Rows keep at most MAX_SCORE_COLUMNS scores before their cells (players.py):
        # a damaged table's typical row may place its cells hundreds of words in.
        self.before = min(layout.before, MAX_SCORE_COLUMNS.limit)
        self.after = max((len(s.after) for s in splits), default=0)
        extra = max((len(s.before) - self.before for s in splits), default=0)
        self.width = self.before + self.after + max(0, extra)
        names = list(header.names) if header else []
        self.names: dict[int, str] = {}
        if header is not None and header.labels_at is not None:
            for k, column in enumerate(names[: header.labels_at]):
                self.names[k] = column
            for j, column in enumerate(names[header.labels_at :]):
                self.names[self.before + j] = column
        else:
            for k, column in enumerate(names):
                self.names[k] = column
        self.named = len(names)
        every = tuple(self.name(k) for k in range(self.width))
        # The column a row's points are read from (its first score, MMS or NBW).
        self.primary = "MMS" if pairing_system_of(every) is PairingSystem.MCMAHON else "NBW"

    def of(self, split: RowSplit) -> list[tuple[int, Word]]:
        """(position, word) of each score word of a row."""
        out = [
            (k if k < self.before else self.before + self.after + k - self.before, word)
            for k, word in enumerate(split.before)
        ]
        out += [(self.before + j, word) for j, word in enumerate(split.after)]
        return sorted(out, key=lambda pair: pair[0])

    def name(self, position: int) -> str:
        return self.names.get(position, unnamed_column(position + 1))


def row_scores(
    words: list[tuple[int, Word]],
    positions: Positions,
    p: PlayerLine,
    name: str,
    findings: Capped,
) -> tuple[tuple[str, float | None], ...]:
    """The row's score columns by position (a column the row lacks is None)."""
    values: dict[int, float | None] = {}
    for position, word in words:
        value = parse_score(word.text)
        if value is None and findings.wants("egf-score-value"):
            findings.add(
                Finding(
                    Severity.WARNING,
                    "egf-score-value",
                    Note(
                        "row {row}: score column {column} holds {text!r}; expected a "
                        "number such as '32', '12.5' or '408½'{reason}",
                        row=p.row,
                        column=position + 1,
                        text=word.text,
                        reason=reason_note(word.text),
                    ),
                    name,
                    p.line,
                    word.column,
                )
            )
        values[position] = value
    if positions.named and len(words) < positions.named:
        findings.add(
            Finding(
                Severity.WARNING,
                "egf-score-missing",
                Note(
                    "row {row} has {row_count} score column(s); the column header names "
                    "{header_count} ({names})",
                    row=p.row,
                    row_count=len(words),
                    header_count=positions.named,
                    names=" ".join(positions.names[k] for k in sorted(positions.names)),
                ),
                name,
                p.line,
                1,
            )
        )
    width = max(values, default=-1) + 1
    return tuple((positions.name(k), values.get(k)) for k in range(width))


def all_columns(
    positions: Positions, header: HeaderColumns | None, name: str, findings: Capped
) -> tuple[str, ...]:
    """The header's column names, and ``#N`` for each score column it does not name."""
    names = [positions.name(k) for k in range(positions.width)]
    unnamed = [n for k, n in enumerate(names) if k not in positions.names]
    if unnamed:
        what = (
            Note("the column header names only {count}", count=positions.named)
            if header
            else Note("no column header")
        )
        findings.add(
            Finding(
                Severity.INFO,
                "egf-score-unnamed",
                Note(
                    "{extra} score column(s) have no name ({what}); they are read as {names} "
                    "and their meaning is inferred from their numbers (all '0' is a filler)",
                    extra=len(unnamed),
                    what=what,
                    names=", ".join(unnamed),
                ),
                name,
            )
        )
    return tuple(names)


def pairing_system_of(columns: tuple[str, ...]) -> PairingSystem:
    """McMahon if MMS comes before NBW in the file's columns, Swiss if NBW does.

    Files without either (EGD downloads) are taken as McMahon, Europe's usual system.
    """
    for column in columns:
        if column == "MMS":
            return PairingSystem.MCMAHON
        if column == "NBW":
            return PairingSystem.SWISS
    return PairingSystem.MCMAHON
