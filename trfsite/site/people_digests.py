"""What makes each people page, digested: a page whose digest did not change since the
previous build is linked from it, not made again (``site.people``)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from trfsite.people.contexts import PeopleContext
from trfsite.people.listings import GROUP_TEMPLATE, GroupInput
from trfsite.people.pages import PeoplePage, PersonPlan


def digest_of(*parts: str) -> str:
    """The SHA-256 of ``parts``, each after its length."""
    found = hashlib.sha256()
    for part in parts:
        _feed(found.update, part)
    return found.hexdigest()


def _feed(update: Callable[[bytes], None], part: str) -> None:
    """One part into a digest, after its length (no two lists of parts alike)."""
    encoded = part.encode("utf-8", "surrogatepass")
    update(len(encoded).to_bytes(8, "big") + encoded)


def listing_digest(fingerprint: str, site_text: str, template: str, context: PeopleContext) -> str:
    """What a listing page shows: its context but for its ``meta`` (whose site is in
    the digest once, and the rest follows from the page's path and rows). A list is
    hashed item by item: the repr of a federation's page whole (a quarter of the
    archive's people) was the build process's peak (issue 46)."""
    found = hashlib.sha256()
    for part in (fingerprint, site_text, template, repr(context.meta.title)):
        _feed(found.update, part)
    for name, value in zip(context._fields, context, strict=True):
        if name == "meta":
            continue
        if type(value) is tuple:  # a list of rows (a named tuple is one value)
            _feed(found.update, f"{name}: {len(value)} items")
            for item in value:
                _feed(found.update, repr(item))
        else:
            _feed(found.update, f"{name}: {value!r}")
    return found.hexdigest()


def group_digest(fingerprint: str, site_text: str, group: GroupInput) -> str:
    """What a federation's or club's page shows (``GroupInput``, made on a worker):
    its group and, row by row, what its line shows of each person."""
    found = hashlib.sha256()
    parts = (fingerprint, site_text, GROUP_TEMPLATE, group.what, group.value, str(group.people))
    for part in parts:
        _feed(found.update, part)
    _feed(found.update, f"{len(group.rows)} rows")
    for shown in group.shown():
        _feed(found.update, repr(shown))
    return found.hexdigest()


def page_digest(fingerprint: str, site_text: str, item: PeoplePage | PersonPlan) -> str:
    """What a page is made from: a person page's inputs in short, another's context."""
    if isinstance(item, PersonPlan):
        return digest_of(fingerprint, site_text, item.inputs)
    return digest_of(fingerprint, item.template, repr(item.context))
