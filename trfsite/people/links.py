"""Which person page each player of an event links to, and their FIDE profile.

An event's pages link a player to the page of the key the event alone gives
(FIDE id, EGD PIN, national id, a ``[people] split``, else name + federation,
``collect.link_stem``), never to a key the whole archive decides: so an event's
pages do not change when another event is added, and the people build writes a
small redirect page (or a page of namesakes) at every such address that is not a
person's own page (``identity.assign_pages``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping
from contextvars import ContextVar
from types import MappingProxyType

from trfsite.memo import ByIdentity
from trfsite.model import Tournament
from trfsite.people.names import birth_year
from trfsite.people.report import person_url

# The ``[people] split`` keys of the event being built, or None when its site has no
# people pages (set around its page building; a context variable, so that Dask's
# threads each see their own event's).
_NO_SPLITS: Mapping[int, str] = MappingProxyType({})
_SPLITS: ContextVar[Mapping[int, str] | None] = ContextVar("people_splits", default=_NO_SPLITS)
_FIDE_PROFILE = "https://ratings.fide.com/profile/{id}"


@contextlib.contextmanager
def event_splits(splits: Mapping[int, str], people: bool = True) -> Iterator[None]:
    """Around an event's page building: its splits, or no person links (``people``)."""
    token = _SPLITS.set(splits if people else None)
    try:
        yield
    finally:
        _SPLITS.reset(token)


def _own_stems(t: Tournament) -> dict[int, str]:
    # Only with people pages: the collector (and the identity it imports) is no part of
    # a build's start without them.
    from trfsite.people.collect import link_stem, national_ids, own_key

    nat = national_ids(t)
    stems = {}
    for p in t.players:
        key, kind = own_key(p, t, nat.get(p.id, ()))
        stems[p.id] = link_stem(key, kind, birth_year(p.birth_date), p.name)
    return stems


own_stems: ByIdentity[Tournament, dict[int, str]] = ByIdentity(_own_stems)


def person_href(t: Tournament, pid: int) -> str:
    """The person page of player ``pid``, relative to the site root ("" if unknown, or
    if the site has no people pages)."""
    splits = _SPLITS.get()
    if splits is None or pid in t.anonymised:  # [privacy] anonymise: no person page
        return ""
    stem = splits.get(pid) or own_stems(t).get(pid)
    return person_url(stem) if stem else ""


def fide_profile(fide_id: str) -> str:
    """The FIDE profile page of an id ("" for one that is no number)."""
    return _FIDE_PROFILE.format(id=fide_id) if fide_id.isdigit() else ""
