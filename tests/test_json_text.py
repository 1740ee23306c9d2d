"""formats/json_text.py writes the same characters as the standard library's indented JSON.

The expected text is the standard library's own (``json.dumps(..., indent=2)``), which
the data files were written with before; a layout written by hand checks the shape once.
"""

from __future__ import annotations

import json
import random

import pytest

from trfsite.formats.json_text import indented_json
from trfsite.results import Note

CASES = [
    {},
    [],
    (),
    "text",
    3,
    None,
    {"a": []},
    {"a": {}},
    [[]],
    [{}],
    {"a": [1, 2.5, None, True, 'line\nbreak "quoted" \u00e9\u00bd']},
    {1: "a", "b": [1]},  # a key that is no text: the standard library's spelling
    {"x": {1: 2, 2.5: None, False: 1}},
    [float("nan"), float("inf"), -0.0, 1e300],
    {"note": Note("{count} more", count=3), "list": [Note("absent")]},
    {Note("key"): 1},
    {"deep": [[{"a": [{"b": {}}]}]]},
    (1, (2, 3)),
    {"games": [{"board": 1, "white_name": "Ito, Hana", "forfeit": False, "handicap": None}]},
    # Lists of objects with the same keys, written as tables (see test_a_table_...).
    [{"a": 1, "b%s": "x"}, {"a": 2.5, "b%s": None}],
    [{"a": "line\nbreak"}, {"a": "}\n{"}, {"a": Note("n")}],
    [{"a": 1}, {"b": 1}],
    [{"a": 1, "b": 2}, {"b": 2, "a": 1}],
    [{}, {}],
    [{1: "a"}, {1: "b"}],
    [{Note("k"): 1}, {Note("k"): 2}],
    [{"t": {"x": 1}, "l": [1]}, {"t": {"x": 2}, "l": []}],
    [{"t": {"x": 1}}, {"t": {"y": [{"z": {}}, {"z": {}}]}}],
    [{"t": {}}, {"t": {}}],
]


@pytest.mark.parametrize("value", CASES, ids=range(len(CASES)))
def test_same_text_as_the_standard_library(value: object) -> None:
    assert indented_json(value) == json.dumps(value, ensure_ascii=False, indent=2)


def test_layout_by_hand() -> None:
    assert indented_json({"a": [1, {"b": None}], "c": {}}) == (
        '{\n  "a": [\n    1,\n    {\n      "b": null\n    }\n  ],\n  "c": {}\n}'
    )


def test_random_documents() -> None:
    pick = random.Random(39)

    def document(depth: int) -> object:
        roll = pick.random()
        if depth > 3 or roll < 0.4:
            return pick.choice([1, 2.25, "a,\n b", None, True, False, "\u00fc", -3, 0.1, ""])
        if roll < 0.7:
            return [document(depth + 1) for _ in range(pick.randrange(4))]
        return {f"k{pick.randrange(9)}{i}": document(depth + 1) for i in range(pick.randrange(4))}

    for _ in range(500):
        value = document(0)
        assert indented_json(value) == json.dumps(value, ensure_ascii=False, indent=2)


def test_no_json_value_fails_as_in_the_standard_library() -> None:
    with pytest.raises(TypeError):
        indented_json({"a": [1, object()]})


def test_a_table_is_written_by_one_encoder_call_per_column(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A list of objects with the same keys (a round's games, the standings' rows): one
    call of the C encoder per column, not one per object; the keys' template is made
    once per key set (issue 39)."""
    calls: list[object] = []
    encode = json.JSONEncoder.encode

    def counting(self: json.JSONEncoder, value: object) -> str:
        calls.append(value)
        return encode(self, value)

    games = [
        {"board": board, "name": f"P{board}", "result": "1-0", "forfeit": False}
        for board in range(1, 101)
    ]
    rows = [{"rank": rank, "tiebreaks": {"BH": 1.5, "SB": 2.0}} for rank in range(1, 51)]
    expected = [json.dumps(games, ensure_ascii=False, indent=2)]
    expected.append(json.dumps(rows, ensure_ascii=False, indent=2))
    monkeypatch.setattr(json.JSONEncoder, "encode", counting)
    for _ in range(2):
        calls.clear()
        assert indented_json(games) == expected[0]
        # The 4 columns (at most the 4 keys besides, once), where an object at a time
        # took 100 calls.
        assert len([value for value in calls if not isinstance(value, str)]) == 4
    assert len(calls) == 4  # the second time, the keys' template was made already
    calls.clear()
    assert indented_json(rows) == expected[1]
    # The columns "rank", "BH" and "SB", where 50 rows took 50 ranks and 50 tie-breaks.
    assert len([value for value in calls if not isinstance(value, str)]) == 3
