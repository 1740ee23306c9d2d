"""The validation report: the reader's findings plus every registered check.

``CHECKS`` is the explicit registry. Each check takes the model and the
file's display name and returns findings; it must not raise on odd data.
Other modules register a check by appending one line, importing lazily so
that this package stays cheap to import::

    Check("team-matches", lazy("trfsite.validate.team_checks", "check_team_matches")),
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable
from typing import NamedTuple

from trfsite.findings import Finding, Severity, cap_per_code, sort_findings
from trfsite.formats.limits import MAX_FINDINGS_PER_CODE
from trfsite.model import Game, ReadResult, Tournament
from trfsite.results import Note

logger = logging.getLogger(__name__)

CheckFunction = Callable[[Tournament, str], list[Finding]]


class Check(NamedTuple):
    """One named check of the report."""

    name: str
    run: CheckFunction


def lazy(module: str, function: str) -> CheckFunction:
    """A check function imported only when it first runs."""

    def run(t: Tournament, name: str) -> list[Finding]:
        found: CheckFunction = getattr(importlib.import_module(module), function)
        return found(t, name)

    run.__name__ = function
    return run


def go_only(run: CheckFunction) -> CheckFunction:
    """``run`` for a Go event; a chess event has nothing there, and imports none of it
    (the Go checks bring the Go engine: 75 ms of imports)."""

    def check(t: Tournament, name: str) -> list[Finding]:
        return run(t, name) if t.game is Game.GO else []

    check.__name__ = run.__name__
    return check


_STRUCTURE = "trfsite.validate.structure"
_DECLARED = "trfsite.validate.declared"

CHECKS: list[Check] = [
    Check("unique-ids", lazy(_STRUCTURE, "check_unique_ids")),
    Check("references", lazy(_STRUCTURE, "check_references")),
    Check("games", lazy("trfsite.validate.game_sides", "check_games")),
    Check("pairing-byes", lazy(_STRUCTURE, "check_pairing_byes")),
    Check("rounds", lazy(_STRUCTURE, "check_rounds")),
    Check("pending-rounds", lazy("trfsite.validate.progress_checks", "check_pending_rounds")),
    Check("counts", lazy(_DECLARED, "check_counts")),
    Check("points", lazy(_DECLARED, "check_points")),
    Check("round-dates", lazy(_DECLARED, "check_round_dates")),
    Check("bye-records", lazy(_DECLARED, "check_bye_records")),
    Check("mandatory", lazy("trfsite.validate.mandatory", "check_mandatory")),
    Check("egf", go_only(lazy("trfsite.validate.egf_checks", "check_egf"))),
    Check("standings", lazy("trfsite.validate.standings_checks", "check_standings")),
    Check("team-matches", lazy("trfsite.validate.team_checks", "check_team_matches")),
]


# ``trfsite validate --for-rating``: what TRF-2026 requires before a file goes to rating,
# whichever TRF version it is written in (the default report skips it for TRF16).
RATING_CHECKS: list[Check] = [
    Check("rating-readiness", lazy("trfsite.validate.mandatory", "check_rating_readiness")),
]


def find_check(name: str) -> Check:
    """The registered check called ``name``."""
    for check in CHECKS + RATING_CHECKS:
        if check.name == name:
            return check
    known = ", ".join(check.name for check in CHECKS + RATING_CHECKS)
    raise KeyError(f"unknown check {name!r}; known checks: {known}")


# The checks that rank the event (the declared ranks against the standings): a split
# build runs the others as soon as the file is read, beside its ranking, and these once
# it is ranked (they share its declared-ranks search).
RANKING_CHECKS = frozenset({"standings"})


def validate(result: ReadResult, name: str, for_rating: bool = False) -> list[Finding]:
    """The reader's findings plus every check's, sorted by line and column."""
    return reported(check_findings(result, name, for_rating))


def check_findings(
    result: ReadResult, name: str, for_rating: bool = False, ranking: bool | None = None
) -> list[list[Finding]]:
    """The reader's findings, then each check's, in the checks' order; ``ranking``: only
    the checks in RANKING_CHECKS (True; the reader's findings then left empty) or only
    the others (False). The lists of two such calls, joined pairwise, are one call's."""
    t = result.tournament
    found = [list(result.findings) if ranking is not True else []]
    for check in CHECKS + (RATING_CHECKS if for_rating else []):
        wanted = ranking is None or (check.name in RANKING_CHECKS) == ranking
        found.append(run_check(check, t, name) if wanted and t is not None else [])
    return found


def reported(found: list[list[Finding]]) -> list[Finding]:
    """The findings of ``check_findings`` as the report has them."""
    findings = [finding for part in found for finding in part]
    # Two checks (or two passes of one) may reach the same finding: report it once.
    unique = sort_findings(list(dict.fromkeys(findings)))
    return sort_findings(cap_per_code(unique, MAX_FINDINGS_PER_CODE.limit))


def run_check(check: Check, t: Tournament, name: str) -> list[Finding]:
    """Run one check; a check that crashes becomes one error finding, not a traceback."""
    try:
        return check.run(t, name)
    except Exception as exc:  # a bug in one check must not hide the other findings
        logger.debug("check %s failed on %s", check.name, name, exc_info=True)
        return [
            Finding(
                Severity.ERROR,
                "internal-check-failed",
                Note(
                    "the check {name!r} failed on this file ({error}: {exc}); "
                    "expected it to run: please report this file",
                    name=check.name,
                    error=type(exc).__name__,
                    exc=str(exc),
                ),
                name,
                0,
                0,
            )
        ]
