"""Fill empty or fuzzy catalog entries from a table of translations.

    python3 scripts/fill_catalogs.py TABLE.json [TABLE.json ...]
    scripts/update-catalogs.sh          # then compile

A table is ``{"English text": {"de": "...", "fr": "...", ...}}``; a plural entry
is keyed by its singular text and gives a list of forms in the language's
plural order. Translations a catalog already has are kept (the table fills
gaps, it never overwrites), and a translation that drops or adds a ``{name}``
placeholder is refused with a message naming it.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

LOCALE = Path(__file__).resolve().parent.parent / "trfsite" / "render" / "locale"
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def _placeholders(text: str) -> set[str]:
    return {p.split(":")[0].split("!")[0] for p in _PLACEHOLDER.findall(text)}


def _missing(string: object) -> bool:
    if isinstance(string, str):
        return not string
    return not string or not all(string)  # type: ignore[call-overload]


def fill(catalog_path: Path, language: str, table: dict[str, dict[str, object]]) -> int:
    with catalog_path.open("rb") as f:
        catalog = read_po(f)
    filled = 0
    for message in catalog:
        if not message.id:
            continue
        key = message.id if isinstance(message.id, str) else message.id[0]
        wanted = table.get(key, {}).get(language)
        if wanted is None or not (_missing(message.string) or message.fuzzy):
            continue
        english = message.id if isinstance(message.id, str) else message.id[-1]
        forms = [wanted] if isinstance(wanted, str) else list(wanted)  # type: ignore[arg-type]
        bad = [f for f in forms if _placeholders(str(f)) != _placeholders(str(english))]
        if bad:
            print(f"{catalog_path}: {key!r}: placeholders differ in {bad!r}; skipped")
            continue
        if isinstance(message.id, str):
            message.string = str(forms[0])
        else:
            count = catalog.num_plurals
            message.string = tuple(str(forms[min(i, len(forms) - 1)]) for i in range(count))
        message.flags.discard("fuzzy")
        filled += 1
    with catalog_path.open("wb") as f:
        write_po(f, catalog, width=0, ignore_obsolete=True)
    return filled


def main(argv: list[str]) -> int:
    table: dict[str, dict[str, object]] = {}
    for name in argv:
        for key, values in json.loads(Path(name).read_text(encoding="utf-8")).items():
            table.setdefault(key, {}).update(values)
    for po in sorted(LOCALE.glob("*/LC_MESSAGES/trfsite.po")):
        language = po.parent.parent.name
        if language != "en":
            print(f"{language}: {fill(po, language, table)} filled")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
