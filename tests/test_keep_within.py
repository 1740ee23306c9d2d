"""memo.keep_within: the one bounded store of every cache of formatted values and fonts."""

from __future__ import annotations

from trfsite.memo import keep_within


def test_a_full_cache_starts_again_with_the_new_value() -> None:
    made: dict[str, int] = {}
    assert keep_within(made, "a", 1, 2) == 1
    assert keep_within(made, "b", 2, 2) == 2
    assert made == {"a": 1, "b": 2}
    # two values held, the bound: emptied, then the third kept alone
    assert keep_within(made, "c", 3, 2) == 3
    assert made == {"c": 3}
