"""A build in a child process hashes trfsite's code as the test's own process did.

The code's digest is part of every event's cache key (``site.cache._package_digest``),
computed once a process. A file of the tree that changes while the suite runs (a merge,
an editor, a formatter in another window) gives a child process another digest, and
every event of its build counts as changed: the kill tests' rare "exit 0" under load
(the donor's folders never moved, every event built again) was that.
"""

from __future__ import annotations

from trfsite.site import cache


def same_code(script: str) -> str:
    """``script``, a child's ``python -c`` text, after a line that gives it this
    process's digest of trfsite's code."""
    digest = cache._package_digest()
    prelude = f"import trfsite.site.cache as _cache\n_cache._package_digest = lambda: {digest!r}\n"
    return prelude + script
