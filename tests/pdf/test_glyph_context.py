"""trfsite.pdf.glyphcontext: which glyphs keep their shape and place among candidates.

Each font here is built for the test (fontTools' FontBuilder, features in the
AFDKO syntax), so that what should be kept and dropped is known by reading its
rules, not by running a shaper.
"""

from __future__ import annotations

import io

import pytest

pytest.importorskip("fontTools")

from fontTools.feaLib.builder import addOpenTypeFeaturesFromString  # noqa: E402
from fontTools.fontBuilder import FontBuilder  # noqa: E402
from fontTools.pens.ttGlyphPen import TTGlyphPen  # noqa: E402

from trfsite.pdf.glyphcontext import steady_glyphs  # noqa: E402

# name -> character; 'f_i' and 'a.alt' have none (made by rules only)
GLYPHS = {
    "space": " ",
    "A": "A",
    "V": "V",
    "a": "a",
    "b": "b",
    "f": "f",
    "i": "i",
    "x": "x",
    "y": "y",
    "z": "z",
    "acutecomb": "\u0301",  # a mark: never a candidate
    "Ka": "\u041a",  # Cyrillic: another run, never a candidate
}
EXTRA = ["f_i", "a.alt"]


def _font(features: str, kern_table: bool = False) -> tuple[bytes, list[str]]:
    order = [".notdef", *GLYPHS, *EXTRA]
    builder = FontBuilder(1000, isTTF=True)
    builder.setupGlyphOrder(order)
    builder.setupCharacterMap({ord(char): name for name, char in GLYPHS.items()})
    pen = TTGlyphPen(None)
    pen.moveTo((0, 0))
    pen.lineTo((0, 500))
    pen.lineTo((500, 0))
    pen.closePath()
    triangle = pen.glyph()
    builder.setupGlyf({name: triangle for name in order})
    builder.setupHorizontalMetrics({name: (600, 0) for name in order})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": "Test Mono", "styleName": "Regular"})
    builder.setupOS2()
    builder.setupPost()
    if features:
        addOpenTypeFeaturesFromString(builder.font, features)
    if kern_table:
        from fontTools.ttLib import newTable
        from fontTools.ttLib.tables._k_e_r_n import KernTable_format_0

        kern = newTable("kern")
        subtable = KernTable_format_0()
        subtable.kernTable = {("A", "V"): -50}
        subtable.coverage, subtable.format, subtable.version = 1, 0, 0
        kern.version, kern.kernTables = 0, [subtable]
        builder.font["kern"] = kern
    data = io.BytesIO()
    builder.save(data)
    return data.getvalue(), order


def _steady_names(features: str, kern_table: bool = False, extra: tuple[str, ...] = ()) -> set[str]:
    data, order = _font(features, kern_table)
    ids = [order.index(name) for name in extra]
    return {order[g] for g in steady_glyphs(data, 0, ids)}


CANDIDATES = {"space", "A", "V", "a", "b", "f", "i", "x", "y", "z"}


def test_without_features_every_candidate_is_kept() -> None:
    assert _steady_names("") == CANDIDATES


def test_a_ligature_of_candidates_drops_its_components() -> None:
    assert _steady_names("feature liga { sub f i by f_i; } liga;") == CANDIDATES - {"f", "i"}


def test_an_off_by_default_ligature_changes_nothing() -> None:
    # dlig is applied only when the style asks for it, which monolines never draws
    assert _steady_names("feature dlig { sub f i by f_i; } dlig;") == CANDIDATES


def test_a_single_substitution_is_the_same_alone_and_in_a_line() -> None:
    # and what it makes is a candidate too (it is what a line holds)
    found = _steady_names("feature locl { sub a by a.alt; } locl;")
    assert found == CANDIDATES | {"a.alt"}


def test_a_contextual_rule_that_candidates_can_meet_drops_them() -> None:
    features = "feature calt { sub x a' y by a.alt; } calt;"
    # a.alt comes only from that rule, so no line of kept glyphs has it
    assert _steady_names(features) == CANDIDATES - {"x", "a", "y"}


def test_a_contextual_rule_needing_a_mark_changes_no_candidate() -> None:
    # DejaVu Sans Mono's ccmp: i before a combining mark above; marks are never candidates
    features = "feature ccmp { sub i' acutecomb by a.alt; } ccmp;"
    assert _steady_names(features) == CANDIDATES


def test_class_based_context_rules_are_read_by_class() -> None:
    features = """
    @FIRST = [x y];
    @NEXT = [z];
    @MARKS = [acutecomb];
    feature calt {
        sub @FIRST' @NEXT by a.alt;
        sub b' @MARKS by a.alt;
    } calt;
    """
    found = _steady_names(features)
    assert {"x", "y", "z"}.isdisjoint(found)
    assert "b" in found  # its rule needs a mark after it


def test_kerning_between_candidates_drops_the_first_glyph() -> None:
    assert "A" not in _steady_names("feature kern { pos A V -50; } kern;")


def test_a_candidate_used_as_a_mark_is_dropped() -> None:
    features = """
    markClass acutecomb <anchor 0 0> @TOP;
    markClass z <anchor 0 0> @TOP;
    feature mark { pos base [a b] <anchor 250 500> mark @TOP; } mark;
    """
    found = _steady_names(features)
    assert "z" not in found
    assert {"a", "b"} <= found  # bases stay put unless a candidate is their mark


def test_a_legacy_kern_table_is_not_read_so_nothing_is_kept() -> None:
    assert _steady_names("", kern_table=True) == set()


def test_extra_glyphs_are_candidates() -> None:
    assert "f_i" in _steady_names("", extra=("f_i",))


@pytest.mark.parametrize(
    ("char", "one_run"),
    [
        ("a", True),
        ("½", True),
        ("–", True),  # en dash: every result of a pairing line
        ("…", True),
        ("−", True),
        ("ệ", True),  # Vietnamese, Latin Extended Additional
        ("\u0301", False),  # combining: joins the letter before it
        ("\u200d", False),  # zero width joiner: a control, not printable
        ("К", False),  # Cyrillic: a run of its own
        ("李", False),
    ],
)
def test_the_characters_of_one_run(char: str, one_run: bool) -> None:
    from trfsite.pdf.glyphcontext import in_one_run

    assert in_one_run(char) is one_run
