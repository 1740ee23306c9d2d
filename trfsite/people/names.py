"""Name folding and stable keys for people.

Two spellings of one name fold to the same text: case, accents (NFKD), letters
NFKD leaves alone (``ß`` ``Ł`` ``ø`` ``æ``), German umlauts written out (``ue``
folds to ``u`` like ``ü`` does) and spacing around the comma. The umlaut rule
also folds ``Manuel`` to ``manul``; that only matters if two people share the
folded name, federation and birth year, which the id rules and the config's
splits settle.
"""

from __future__ import annotations

import re
import unicodedata

# Letters NFKD does not decompose into a base letter and an accent.
_LETTERS = str.maketrans(
    {
        "ß": "ss",
        "ẞ": "ss",
        "Ł": "L",
        "ł": "l",
        "Ø": "O",
        "ø": "o",
        "Æ": "AE",
        "æ": "ae",
        "Œ": "OE",
        "œ": "oe",
        "Đ": "D",
        "đ": "d",
        "Þ": "Th",
        "þ": "th",
        "ı": "i",
    }
)
_UMLAUT = re.compile(r"([aou])e")
_WORD = re.compile(r"\w+")
_NOT_KEY = re.compile(r"[^a-z0-9]+")
KEY_PATTERN = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
# The people folder's own pages and folders (people/index.html, people/findings.html,
# people/search/, ...): a player named "Index" must not replace the site's index.
SITE_KEYS = frozenset({"index", "findings", "search", "federations", "clubs"})


def clear_of_site_pages(key: str, name: str) -> str:
    """``key``, or ``key`` and a digest of ``name`` when the site uses ``key``'s page."""
    if key not in SITE_KEYS:
        return key
    import hashlib  # here: a rare case, and OpenSSL's start is ~2 ms of trfsite validate's

    return f"{key}-{hashlib.sha256(fold_name(name).encode('utf-8')).hexdigest()[:10]}"


def fold_name(name: str) -> str:
    """``"Müller, Jürgen"`` and ``"Mueller,Jurgen"`` both give ``"muller jurgen"``."""
    if name.isascii():
        # No letter to translate, NFKD leaves ASCII as it is and nothing combines: the
        # per-character pass is skipped for most names (a PGN's 4,000 sides).
        text = name.lower()
    else:
        text = unicodedata.normalize("NFKD", name.translate(_LETTERS))
        text = "".join(c for c in text if not unicodedata.combining(c)).casefold()
    text = _UMLAUT.sub(r"\1", text)
    return " ".join(_WORD.findall(text))


_UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"})


def name_key(name: str) -> str:
    """The URL-safe part of a key: ``Müller, Jürgen`` -> ``mueller-juergen``.

    Written out the way people spell it without umlauts (the folding for matching
    is ``fold_name``); a short digest stands in for names in non-Latin scripts.
    """
    text = unicodedata.normalize("NFC", name).translate(_UMLAUTS).translate(_LETTERS)
    folded = " ".join(_WORD.findall(text.lower()))
    plain = unicodedata.normalize("NFKD", folded)
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    key = _NOT_KEY.sub("-", plain.encode("ascii", "ignore").decode("ascii")).strip("-")
    if len(key) < len(folded.replace(" ", "")) // 2 or not key:
        # Mostly non-Latin: a short digest keeps the key stable and unique.
        import hashlib  # as in clear_of_site_pages: only for these names

        digest = hashlib.sha256(folded.encode("utf-8")).hexdigest()[:10]
        key = f"{key}-{digest}".strip("-")
    return key[:60].rstrip("-")


def birth_year(birth_date: str) -> int | None:
    """1987 from ``1987/00/00``, ``1987/05/02`` or ``1987``; None when unknown."""
    match = re.match(r"^\s*(\d{4})", birth_date)
    if match is None:
        return None
    year = int(match.group(1))
    return year if 1800 <= year <= 2200 else None
