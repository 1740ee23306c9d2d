"""Where a build's people pages are rendered, in a module of its own.

The build names it for every site; the people pages' modules
(``trfsite.site.people_build`` and what it reads) load only for a site that has them.
"""

from __future__ import annotations

from concurrent.futures import Executor
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class PeopleRun:
    """Where the people pages are rendered: the executor the events were built on."""

    executor: Executor
    workers: int
    fingerprint: str  # of the theme and trfsite's code
    local: bool  # the workers share this disk
    # Workers are forked for the people pages (local, fork start). Not while a bulletin
    # is made: the pages then queue on the build's own workers (as remote ones do),
    # so that the bulletin, the longest task, keeps its core.
    fork: bool = False
