"""Validation findings: what is wrong with an input file, and where."""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Severity(enum.Enum):
    """How bad a finding is. Ordered: ERROR is the worst."""

    INFO = "info"
    WARNING = "warning"
    ERROR = "error"

    @property
    def rank(self) -> int:
        return _SEVERITY_RANK[self]


_SEVERITY_RANK = {Severity.INFO: 0, Severity.WARNING: 1, Severity.ERROR: 2}


@dataclass(frozen=True, slots=True)
class Finding:
    """One problem found in a file.

    ``line`` and ``column`` are 1-based; 0 means "the file as a whole".
    ``code`` is stable across releases so that tools can filter on it.
    """

    severity: Severity
    code: str
    message: str
    file: str = ""
    line: int = 0
    column: int = 0

    def format_text(self) -> str:
        """Compiler-style one-line rendering: ``file:line:col: error: msg [code]``."""
        where = self.file or "<input>"
        if self.line:
            where += f":{self.line}"
            if self.column:
                where += f":{self.column}"
        return f"{where}: {self.severity.value}: {self.message} [{self.code}]"

    def as_json(self) -> dict[str, object]:
        return {
            "severity": self.severity.value,
            "code": self.code,
            "line": self.line,
            "column": self.column,
            "message": self.message,
        }


def worst(findings: list[Finding] | tuple[Finding, ...]) -> Severity | None:
    """The most severe finding's severity, or None if there are none."""
    if not findings:
        return None
    return max((f.severity for f in findings), key=lambda s: s.rank)


def cap_per_code(findings: list[Finding], limit: int) -> list[Finding]:
    """The first ``limit`` findings of each code (in the given order), and for each code
    with more, one note saying how many more there are.

    A damaged file can repeat one problem on every cell of thousands of lines;
    a reader needs the first ones and the count, not a million lines.
    """
    seen: dict[str, int] = {}
    kept: list[Finding] = []
    for finding in findings:
        count = seen.get(finding.code, 0) + 1
        seen[finding.code] = count
        if count <= limit:
            kept.append(finding)
    for code, count in seen.items():
        if count > limit:
            first = next(f for f in kept if f.code == code)
            kept.append(capped_note(code, count - limit, limit, first.file))
    return kept


class Capped:
    """Findings collected as they are found: at most ``limit`` of a code are kept, the
    rest only counted (a damaged 2 MB table had 200,000 findings of one code)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._kept: list[Finding] = []
        self._counts: dict[str, int] = {}

    def wants(self, code: str) -> bool:
        """Whether a finding of ``code`` would be kept; if not, it is counted here (so the
        caller need not build its message)."""
        count = self._counts.get(code, 0)
        if count < self.limit:
            return True
        self._counts[code] = count + 1
        return False

    def add(self, finding: Finding) -> None:
        count = self._counts[finding.code] = self._counts.get(finding.code, 0) + 1
        if count <= self.limit:
            self._kept.append(finding)

    def extend(self, findings: list[Finding]) -> None:
        for finding in findings:
            self.add(finding)

    def kept(self) -> list[Finding]:
        """The findings kept, and for each code with more, the note that counts them."""
        notes = []
        for code, count in self._counts.items():
            if count > self.limit:
                file = next(f.file for f in self._kept if f.code == code)
                notes.append(capped_note(code, count - self.limit, self.limit, file))
        return self._kept + notes


def capped_note(code: str, more: int, limit: int, file: str) -> Finding:
    """The note that stands for ``more`` findings of ``code`` beyond the first ``limit``."""
    return Finding(
        Severity.INFO,
        "findings-capped",
        f"{more:,} more findings [{code}] are not listed; expected at "
        f"most {limit} of one kind per file: the first {limit} are listed",
        file,
        0,
        0,
    )


def sort_findings(findings: list[Finding] | tuple[Finding, ...]) -> list[Finding]:
    """Stable, deterministic order: by file, line, column, then code."""
    return sorted(findings, key=lambda f: (f.file, f.line, f.column, f.code, f.message))
