"""Reading one event's file and checking it: crashes become findings, never tracebacks."""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from trfsite.findings import Finding, Severity, sort_findings
from trfsite.model import Game, ReadResult
from trfsite.pages.config import EventConfig, GoConventions
from trfsite.results import N_, Note

if TYPE_CHECKING:  # the plan and its page contexts: not for ``trfsite validate``
    from trfsite.pages.plan import EventJob

logger = logging.getLogger(__name__)


def read_file(job: EventJob) -> tuple[ReadResult, list[Finding] | None]:
    """The reader's result, and its crash as the only finding (None when it read)."""
    from trfsite.formats import read_bytes

    try:
        return read_bytes(job.data, job.source_name), None
    except Exception as exc:  # a reader bug must not stop the other events
        crash = internal_error(
            job.source_name,
            exc,
            Severity.ERROR,
            "internal-reader",
            N_("the file could not be read (internal error: {error}: {exc})"),
        )
        return ReadResult(None, (crash,)), [crash]


def validate_file(job: EventJob, result: ReadResult) -> list[Finding]:
    """Every finding of a file read; a check's crash becomes a finding."""
    return validate_read(result, job.source_name, job.config)


def validate_read(
    result: ReadResult,
    name: str,
    config: EventConfig,
    for_rating: bool = False,
    found: Callable[[], list[list[Finding]]] | None = None,
) -> list[Finding]:
    """Every finding of a file read, under its event's settings, as the build reports
    them (``trfsite validate`` too); a check's crash becomes a finding. ``found``: the
    checks' findings (``validate.check_findings``), made elsewhere."""
    try:
        from trfsite.validate import check_findings, reported

        made = found() if found is not None else check_findings(result, name, for_rating)
        findings = _with_go_settings(result, reported(made), name, config)
    except ImportError:
        findings = list(result.findings)
    except Exception as exc:
        findings = list(result.findings) + [
            internal_error(
                name,
                exc,
                Severity.WARNING,
                "internal-validation",
                N_("some checks could not run (internal error: {error}: {exc})"),
            )
        ]
    return sort_findings(findings)


class ChecksApart:
    """A split build's checks in two forked helpers: those that read the file alone are
    forked at once, as soon as it is read, on the core that otherwise waits for the
    ranking; those that rank it (``validate.RANKING_CHECKS``) once it is ranked
    (``fork``), sharing its search. Forked together after the ranking, all of them
    (0.40 G instructions for the open, seven in ten of them the first kind) shared the
    other core with the helper ranking the first rounds, which this process waits for.
    """

    def __init__(self, job: EventJob, result: ReadResult) -> None:
        from trfsite.pages.forked_call import ForkedCall
        from trfsite.validate import check_findings

        self._job, self._result = job, result
        self._alone = ForkedCall(partial(check_findings, result, job.source_name, ranking=False))
        self._ranking = ForkedCall(partial(check_findings, result, job.source_name, ranking=True))
        self._alone.fork()

    def fork(self) -> None:
        self._ranking.fork()

    def result(self) -> list[Finding]:
        """Every finding, as ``validate_file`` gives them."""

        def joined() -> list[list[Finding]]:
            alone, ranking = self._alone.result(), self._ranking.result()
            return [a + b for a, b in zip(alone, ranking, strict=True)]

        job = self._job
        return validate_read(self._result, job.source_name, job.config, found=joined)


def internal_error(
    name: str, exc: Exception, severity: Severity, code: str, template: str
) -> Finding:
    """A bug of trfsite's met on ``name``'s file, told as a finding (details at -vv)."""
    logger.debug("%s: %s", name, code, exc_info=exc)
    note = Note(template, error=type(exc).__name__, exc=str(exc))
    return Finding(severity, code, note, name)


def _with_go_settings(
    result: ReadResult, findings: list[Finding], name: str, config: EventConfig
) -> list[Finding]:
    """A Go event's settings (trfsite.toml) also decide how its own columns are checked."""
    t = result.tournament
    if t is None or t.game is not Game.GO or (config.go == GoConventions() and not config.system):
        return findings
    from trfsite.validate.egf_checks import COLUMN_CODES, check_declared_columns

    kept = [f for f in findings if f.code not in COLUMN_CODES]
    return kept + check_declared_columns(t, name, config.options())
