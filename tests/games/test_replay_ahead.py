"""The replay done ahead by a forked helper (``pages.game_replay``, from 256 games up)
gives every game the same replay as ``replay`` itself, in the games' order."""

from __future__ import annotations

import pickle
import pickletools
import time

from games.gamehelpers import pgn
from trfsite.formats.pgn import Replay, read_pgn, replay
from trfsite.pages.game_replay import replay_ahead


def test_the_helper_s_replays_are_the_games_own() -> None:
    games = [
        *read_pgn(pgn("small.pgn").decode("utf-8"), "small.pgn").games,
        *read_pgn(pgn("special.pgn").decode("utf-8"), "special.pgn").games,
        *read_pgn(pgn("findings.pgn").decode("utf-8"), "findings.pgn").games,
    ]
    many = games * (300 // len(games) + 1)  # past the helper's threshold: it is forked
    ahead = replay_ahead(many)
    assert ahead.helper is not None
    # Let the helper claim every chunk (64 games each) before this process takes any, so
    # that all replays come through the pipe.
    chunks = (len(many) + 63) // 64
    for _ in range(3000):
        if ahead.counter.value >= chunks:
            break
        time.sleep(0.01)
    made = ahead.collect()
    assert made == [replay(game) for game in many]
    # Special moves and a stopped line travel whole: e.p., promotion, castling steps,
    # check signs, and the reason and ply of an illegal move.
    assert any(r.stop for r in made) and any("e1g1h1f1" in r.steps for r in made)


def test_a_replay_is_pickled_as_its_fields() -> None:
    """The helper sends its replays pickled: each is rebuilt from its fields by its
    constructor, with no state set afterwards (a slots dataclass's own state functions
    loop over ``fields()`` in Python, one BUILD each: 2,000 a 2,000-game event)."""
    replays = [
        Replay("8/8/8/8/8/8/8/K6k w - - 0 1", "8/8/8/8/8/8/8/K6k", "Kb1 Kg1", "a1b1 h1g1"),
        Replay("start", "final", "", "", "FEN tag: bad", 0),
    ]
    data = pickle.dumps(replays, protocol=pickle.HIGHEST_PROTOCOL)
    assert pickle.loads(data) == replays
    opcodes = [opcode.name for opcode, _, _ in pickletools.genops(data)]
    assert opcodes.count("BUILD") == 0
    assert opcodes.count("REDUCE") == len(replays)
