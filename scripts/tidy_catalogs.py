"""Tidy the catalogs after ``pybabel update`` (run by update-catalogs.sh).

* English is filled in: each text is its own message id. English needs a
  catalog all the same (its plural forms; every language checked alike), and
  nobody should copy texts into it by hand.
* The ``python-format`` flag goes: trfsite's placeholders are ``{name}``, and
  pybabel takes a literal percent sign for a ``%`` placeholder.
* The plural rule in the header is Babel's (CLDR's) for the language: gettext
  reads it at run time, and ``pybabel update`` keeps whatever rule an older
  Babel wrote. A language whose number of forms changed then shows empty forms,
  which tests/site/test_catalogs.py names until they are translated.
* The header dates are pinned: pybabel stamps them on every run, which would
  make every two branches that touched any text conflict; git keeps the history.
"""

from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

PINNED_DATE = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)


def tidy(path: Path, english: bool) -> int:
    with path.open("rb") as f:
        catalog = read_po(f)
    catalog.creation_date = PINNED_DATE
    if catalog.locale is not None:
        # None: Babel derives them from the catalog's locale instead of the old header.
        catalog._num_plurals = None
        catalog._plural_expr = None
    if path.suffix == ".po":
        catalog.revision_date = PINNED_DATE
    filled = 0
    for message in catalog:
        if not message.id:
            continue
        message.flags.discard("python-format")
        wanted = message.id if isinstance(message.id, str) else tuple(message.id)
        if english and (message.string != wanted or message.fuzzy):
            message.string = wanted
            message.flags.discard("fuzzy")
            filled += 1
    with path.open("wb") as f:
        write_po(f, catalog, width=0, sort_output=True, include_previous=False)
    return filled


if __name__ == "__main__":
    for name in sys.argv[1:]:
        path = Path(name)
        english = path.suffix == ".po" and path.parts[-3] == "en"
        filled = tidy(path, english)
        if english:
            print(f"{name}: {filled} English text(s) filled")
