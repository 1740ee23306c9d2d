"""Which glyphs of a font keep their shape and place whatever their neighbours.

A line of a monospaced font can be written without shaping it (``fastdraw``,
for lines ``monolines`` measured) only if shaping would give each character
the glyph it gets alone, at the same advance. Substitutions of one glyph by
another are the same alone and in a line; what can differ is what looks at
neighbours: ligatures, contextual rules, kerning and mark positioning. This
reads the font's OpenType tables (fontTools, which WeasyPrint already uses)
and, of a set of candidate glyphs, keeps those that no such lookup can reach
in a line made only of candidates: a contextual rule counts if each of its
places could hold a candidate, and then all its candidates are dropped.
Fonts with tables this does not read (AAT ``morx``, a ``kern`` table, a lookup
of an unknown kind) keep none.
"""

from __future__ import annotations

import functools
import hashlib
import io
import logging
from collections.abc import Iterable, Iterator
from typing import Any

logger = logging.getLogger(__name__)

# Features a shaper applies only when the text or the style asks for them; every other
# feature of the font (the defaults, and those of other scripts) is read.
_OFF_BY_DEFAULT = frozenset(
    {
        *("aalt", "afrc", "c2pc", "c2sc", "case", "cpsp", "cswh", "dlig", "dnom", "expt"),
        *("falt", "frac", "fwid", "halt", "hist", "hkna", "hlig", "hngl", "hojo", "hwid"),
        *("jalt", "jp04", "jp78", "jp83", "jp90", "lnum", "nalt", "nlck", "numr", "onum"),
        *("ordn", "ornm", "palt", "pcap", "pkna", "pnum", "pwid", "qwid", "ruby", "salt"),
        *("sinf", "smcp", "smpl", "subs", "sups", "swsh", "titl", "tnam", "tnum", "trad"),
        *("twid", "unic", "vert", "vhal", "vkna", "vkrn", "vpal", "vrt2", "zero"),
        *(f"ss{n:02}" for n in range(1, 21)),
        *(f"cv{n:02}" for n in range(1, 100)),
    }
)
_NOT_READ = ("morx", "mort", "kern", "kerx")


class _Unknown(Exception):
    """A table or lookup this module does not read."""


# The characters a line may have: of the Latin script or of none (Common), which Pango
# puts in one run. Latin-1, Latin Extended-A and B, Latin Extended Additional, General
# Punctuation (dashes, quotes, the ellipsis), super- and subscripts, currency signs,
# number forms (fractions) and the minus sign.
_ONE_RUN = (
    (0x20, 0x250),
    (0x1E00, 0x1F00),
    (0x2010, 0x2060),
    (0x2070, 0x20C1),
    (0x2150, 0x2190),
    (0x2212, 0x2213),
)


def in_one_run(char: str) -> bool:
    """A printable character that Pango puts in the same run as Latin letters."""
    code = ord(char)
    return char.isprintable() and any(start <= code < end for start, end in _ONE_RUN)


def steady_glyphs(font_data: bytes, index: int, extra: Iterable[int]) -> frozenset[int]:
    """Of the glyphs of the characters ``in_one_run``, those of ``extra`` (glyph ids) and
    what single substitutions make of them, the ones no neighbour-dependent lookup can
    change in a line made of them; none if the font has what this does not read."""
    key = hashlib.sha256(font_data).hexdigest()
    return _steady(key, font_data, index, frozenset(extra))


@functools.lru_cache(maxsize=32)
def _steady(_key: str, font_data: bytes, index: int, extra: frozenset[int]) -> frozenset[int]:
    from fontTools.ttLib import TTFont

    try:
        font = TTFont(io.BytesIO(font_data), fontNumber=index, lazy=True)
        if any(tag in font for tag in _NOT_READ):
            return frozenset()
        order = font.getGlyphOrder()
        cmap = font.getBestCmap() or {}
        names = {name for code, name in cmap.items() if in_one_run(chr(code))}
        names |= {order[g] for g in extra if 0 <= g < len(order)}
        tables = [(tag, font[tag].table) for tag in ("GSUB", "GPOS") if tag in font]
        subtables = [(tag, *found) for tag, table in tables for found in _lookups(table, tag)]
        for _pass in range(3):  # what single substitutions make is in a line too
            for tag, lookup_type, subtable in subtables:
                if tag == "GSUB" and lookup_type == 1:
                    names |= {out for name, out in subtable.mapping.items() if name in names}
        touchy: set[str] = set()
        for tag, lookup_type, subtable in subtables:
            touchy |= _reached(tag, lookup_type, subtable, names)
    except _Unknown as exc:
        logger.debug("font left to Pango: %s", exc)
        return frozenset()
    steady = names - touchy
    return frozenset(g for g, name in enumerate(order) if name in steady)


def _lookups(table: Any, tag: str) -> Iterator[tuple[int, Any]]:
    """Every subtable of a lookup some feature (not an off-by-default one) uses."""
    if table.FeatureList is None or table.LookupList is None:
        return
    used: set[int] = set()
    for record in table.FeatureList.FeatureRecord:
        if record.FeatureTag not in _OFF_BY_DEFAULT:
            used.update(record.Feature.LookupListIndex)
    extension = 7 if tag == "GSUB" else 9
    for i in sorted(used):
        lookup = table.LookupList.Lookup[i]
        for subtable in lookup.SubTable:
            lookup_type = lookup.LookupType
            if lookup_type == extension:
                lookup_type = subtable.ExtensionLookupType
                subtable = subtable.ExtSubTable
            yield lookup_type, subtable


def _covered(coverage: Any, names: set[str]) -> set[str]:
    return set(coverage.glyphs) & names if coverage is not None else set()


def _reached(tag: str, lookup_type: int, subtable: Any, names: set[str]) -> set[str]:
    """The candidates this subtable can change in a line of candidates."""
    if tag == "GSUB":
        if lookup_type == 1:
            return set()  # one glyph for another: the same alone and in a line
        if lookup_type in (2, 3):
            return _covered(subtable.Coverage, names)
        if lookup_type == 4:
            reached: set[str] = set()
            for first, ligatures in subtable.ligatures.items():
                if first in names:
                    for ligature in ligatures:
                        if set(ligature.Component) <= names:
                            reached |= {first, *ligature.Component}
            return reached
        if lookup_type in (5, 6):
            return _contextual(subtable, names)
        if lookup_type == 8:
            places = [subtable.Coverage, *subtable.BacktrackCoverage, *subtable.LookAheadCoverage]
            return _places([_covered(c, names) for c in places])
    else:
        if lookup_type in (1, 2, 3):
            return _covered(subtable.Coverage, names)
        if lookup_type in (4, 5):
            return _covered(subtable.MarkCoverage, names)
        if lookup_type == 6:
            return _covered(subtable.Mark1Coverage, names)
        if lookup_type in (7, 8):
            return _contextual(subtable, names)
    raise _Unknown(f"{tag} lookup type {lookup_type}")


def _places(places: list[set[str]]) -> set[str]:
    """A rule whose every place can hold a candidate reaches all those candidates."""
    if all(places):
        return set().union(*places)
    return set()


def _contextual(subtable: Any, names: set[str]) -> set[str]:
    """Context and chained context rules, in their three formats."""
    fmt = subtable.Format
    reached: set[str] = set()
    if fmt == 3:
        coverages = [
            *getattr(subtable, "BacktrackCoverage", []),
            *(getattr(subtable, "InputCoverage", None) or subtable.Coverage),
            *getattr(subtable, "LookAheadCoverage", []),
        ]
        return _places([_covered(c, names) for c in coverages])
    if fmt == 1:
        first_glyphs = subtable.Coverage.glyphs
        for first, rule_set in zip(first_glyphs, _rule_sets(subtable), strict=False):
            if first not in names or rule_set is None:
                continue
            for rule in _rules(rule_set):
                sequence = [
                    *getattr(rule, "Backtrack", []),
                    *rule.Input,
                    *getattr(rule, "LookAhead", []),
                ]
                reached |= _places([{first}, *({g} & names for g in sequence)])
        return reached
    if fmt == 2:
        input_classes = (getattr(subtable, "InputClassDef", None) or subtable.ClassDef).classDefs
        back = getattr(subtable, "BacktrackClassDef", None)
        ahead = getattr(subtable, "LookAheadClassDef", None)

        def members(class_def: Any, cls: int) -> set[str]:
            table = class_def.classDefs if class_def is not None else {}
            return {g for g in names if table.get(g, 0) == cls}  # class 0: all the others

        first_glyphs = _covered(subtable.Coverage, names)
        for first_class, rule_set in enumerate(_rule_sets(subtable)):
            if rule_set is None:
                continue
            first = {g for g in first_glyphs if input_classes.get(g, 0) == first_class}
            for rule in _rules(rule_set):
                inputs = getattr(rule, "Input", None) or getattr(rule, "Class", None) or []
                places = [
                    first,
                    *(members(back, c) for c in getattr(rule, "Backtrack", [])),
                    *({g for g in names if input_classes.get(g, 0) == c} for c in inputs),
                    *(members(ahead, c) for c in getattr(rule, "LookAhead", [])),
                ]
                reached |= _places(places)
        return reached
    raise _Unknown(f"contextual format {fmt}")


_RULE_SETS = ("ChainSubRuleSet", "ChainPosRuleSet", "SubRuleSet", "PosRuleSet")
_CLASS_SETS = ("ChainSubClassSet", "ChainPosClassSet", "SubClassSet", "PosClassSet")
_RULES = ("ChainSubRule", "ChainPosRule", "SubRule", "PosRule")
_CLASS_RULES = ("ChainSubClassRule", "ChainPosClassRule", "SubClassRule", "PosClassRule")


def _rule_sets(subtable: Any) -> list[Any]:
    for name in (*_RULE_SETS, *_CLASS_SETS):
        found = getattr(subtable, name, None)
        if found is not None:
            return list(found)
    # none read is not "no rule": the font is left to Pango
    raise _Unknown(f"rule sets of {type(subtable).__name__}")


def _rules(rule_set: Any) -> list[Any]:
    for name in (*_RULES, *_CLASS_RULES):
        found = getattr(rule_set, name, None)
        if found is not None:
            return list(found)
    raise _Unknown(f"rule set {type(rule_set).__name__}")
