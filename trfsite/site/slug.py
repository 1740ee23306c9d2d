"""Safe, stable folder names for events, made from their file names."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

MAX_SLUG = 60
# Names the site itself uses at the top of OUT.
RESERVED = frozenset({"static", "index", "index.html", "people", "data", "series"})
_NOT_SLUG = re.compile(r"[^a-z0-9]+")


def slugify(text: str) -> str:
    """``"9. Karl-Mala Gedenkturnier (2005)"`` -> ``"9-karl-mala-gedenkturnier-2005"``.

    Only ``a-z``, ``0-9`` and single inner hyphens survive, so no slug can name
    a parent folder, a hidden file or an absolute path.
    """
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    slug = _NOT_SLUG.sub("-", ascii_text.lower()).strip("-")
    slug = slug[:MAX_SLUG].rstrip("-")
    return slug or "event"


def assign_slugs(stems: Iterable[str]) -> list[str]:
    """One unique slug per stem, in input order; later duplicates get ``-2``, ``-3``...

    The caller passes the stems in a deterministic order (sorted source paths),
    so the same folder always gets the same slugs.
    """
    taken: set[str] = set(RESERVED)
    result: list[str] = []
    for stem in stems:
        base = slugify(stem)
        slug = base
        counter = 2
        while slug in taken:
            slug = f"{base}-{counter}"
            counter += 1
        taken.add(slug)
        result.append(slug)
    return result
