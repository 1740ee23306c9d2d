"""``[people]`` in ``trfsite.toml``: the people pages, manual merges and splits.

    [people]
    # A site of one event has no people pages: each player's card is their page.
    # true makes them anyway (an archive that starts with its first event);
    # false leaves them out of an archive too.
    pages = true

    # One person under several keys (a misspelt name, an entry without id);
    # the person keeps its FIDE id / EGD PIN / national id key, else the first key.
    merge = [["fide-4100018", "muller-jurgen-ger-1980"]]

    [people.split]
    # One entry that the rules gave to the wrong person: "file stem:start number"
    # gets a key of its own.
    "open-2019:17" = "muller-jurgen-junior"

Parsing collects every problem, each naming its key, like the rest of the config.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from trfsite.people.names import KEY_PATTERN, SITE_KEYS

_KEYS = ("merge", "pages", "split")
_ENTRY = re.compile(r"^(?P<stem>.+):(?P<number>\d{1,5})$")


class PeopleConfig(NamedTuple):
    merges: tuple[tuple[str, ...], ...] = ()
    splits: tuple[tuple[str, int, str], ...] = ()  # (file stem, start number, key)
    pages: bool | None = None  # None: people pages when the site has more than one event

    def has_pages(self, events: int) -> bool:
        """Whether a site of ``events`` events has people pages (and links to them)."""
        return self.pages if self.pages is not None else events > 1

    def splits_for(self, stem: str) -> dict[int, str]:
        return {number: key for s, number, key in self.splits if s == stem}


def parse_people(data: object, problems: list[str]) -> PeopleConfig:
    """The ``[people]`` table; every problem is appended to ``problems``."""
    if data is None:
        return PeopleConfig()
    if not isinstance(data, dict):
        problems.append(f"people: {data!r} is not a table; expected [people]")
        return PeopleConfig()
    for key in sorted(data):
        if key not in _KEYS:
            problems.append(f"people.{key}: unknown key; expected one of: {', '.join(_KEYS)}")
    return PeopleConfig(
        _merges(data.get("merge", []), problems),
        _splits(data.get("split", {}), problems),
        _pages(data.get("pages"), problems),
    )


def _pages(raw: object, problems: list[str]) -> bool | None:
    if raw is None or isinstance(raw, bool):
        return raw
    problems.append(
        f"people.pages: {raw!r} is not true or false; expected true (people pages even "
        "for one event), false (none), or no key (people pages for more than one event)"
    )
    return None


def _key_problem(where: str, key: object) -> str | None:
    if isinstance(key, str) and key in SITE_KEYS:
        return (
            f"{where}: {key!r} is the name of one of the site's own people pages; expected "
            f"a key other than {', '.join(sorted(SITE_KEYS))}"
        )
    if isinstance(key, str) and KEY_PATTERN.match(key):
        return None
    return (
        f"{where}: {key!r} is not a person's key; expected lower-case letters, digits "
        "and inner hyphens, as `trfsite people` prints them (e.g. 'fide-4100018')"
    )


def _merges(raw: object, problems: list[str]) -> tuple[tuple[str, ...], ...]:
    if not isinstance(raw, list):
        problems.append(f'people.merge: {raw!r} is not a list; expected [["key1", "key2"], ...]')
        return ()
    merges = []
    seen: dict[str, int] = {}
    for number, group in enumerate(raw):
        where = f"people.merge[{number}]"
        if not isinstance(group, list) or len(group) < 2:
            problems.append(f"{where}: {group!r} is not a list of two or more keys")
            continue
        bad = [p for p in (_key_problem(where, key) for key in group) if p]
        problems.extend(bad)
        if bad:
            continue
        for key in group:
            if key in seen and seen[key] != number:
                problems.append(
                    f"{where}: {key!r} is also in people.merge[{seen[key]}]; "
                    "expected each key in one merge (put them in one list)"
                )
            seen[key] = number
        merges.append(tuple(group))
    return tuple(merges)


def _splits(raw: object, problems: list[str]) -> tuple[tuple[str, int, str], ...]:
    if not isinstance(raw, dict):
        problems.append(f"people.split: {raw!r} is not a table; expected [people.split]")
        return ()
    splits = []
    for entry in sorted(raw):
        where = f"people.split.{entry!r}"
        match = _ENTRY.match(entry)
        if match is None:
            problems.append(
                f'{where}: {entry!r} names no entry; expected "file stem:start number", '
                'e.g. "open-2019:17"'
            )
            continue
        key = raw[entry]
        problem = _key_problem(where, key)
        if problem:
            problems.append(problem)
            continue
        splits.append((match.group("stem"), int(match.group("number")), str(key)))
    return tuple(splits)
