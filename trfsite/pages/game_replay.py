"""The games' replay started early, shared with a forked helper: off the build's critical path.

An event's pages are dealt to workers only once it is read, ranked and its findings
known; the replay of its games (about 10 µs a move, 1.4 s for 2,000 games) was done
there on one core while the others waited (issue 42). It needs nothing the ranking
makes, so it starts as soon as the PGN files are read: a forked helper replays the
games chunk by chunk while this process ranks the event, and this process then takes
the chunks still left. Each chunk is claimed once through a shared counter. A helper
that fails or is killed costs nothing but time: its missing chunks are replayed here.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

from trfsite.formats.pgn import PgnGame, Replay, replay
from trfsite.pages.forked_call import fork_context

logger = logging.getLogger(__name__)

_CHUNK = 64  # games a claim takes: large enough to make a claim cheap, small to balance
_HELPED_FROM = 256  # fewer games replay faster here than a fork starts and answers


@dataclass(slots=True)
class ReplayAhead:
    """Every game's replay, by its index in ``games``; ``collect`` returns them all."""

    games: Sequence[PgnGame]
    counter: Any = None  # the next chunk to claim, shared with the helper
    helper: Any = None
    receiver: Connection | None = None
    done: dict[int, tuple[Replay, ...]] = field(default_factory=dict)

    def _claim(self) -> int:
        with self.counter.get_lock():
            chunk = int(self.counter.value)
            self.counter.value = chunk + 1
        return chunk

    def _chunks(self) -> int:
        return (len(self.games) + _CHUNK - 1) // _CHUNK

    def _replay_chunk(self, chunk: int) -> tuple[Replay, ...]:
        return tuple(replay(game) for game in self.games[chunk * _CHUNK : (chunk + 1) * _CHUNK])

    def replay_in_helper(self, sender: Connection) -> None:
        """In the helper: chunks claimed until none is left, then sent at once (a chunk is
        larger than a pipe holds: sent one by one, the helper would wait for a reader
        that is still ranking)."""
        done: list[tuple[int, tuple[Replay, ...]]] = []
        chunk = self._claim()
        while chunk < self._chunks():
            done.append((chunk, self._replay_chunk(chunk)))
            chunk = self._claim()
        sender.send(done)

    def collect(self) -> list[Replay]:
        """Every game's replay: the chunks left done here, then the helper's received."""
        if self.counter is not None:
            chunk = self._claim()
            while chunk < self._chunks():
                self.done[chunk] = self._replay_chunk(chunk)
                chunk = self._claim()
        self._receive()
        replays: list[Replay] = []
        for chunk in range(self._chunks()):
            found = self.done.get(chunk)
            replays.extend(found if found is not None else self._replay_chunk(chunk))
        return replays

    def stop(self) -> None:
        """End the helper unheard (its games are no longer wanted)."""
        if self.helper is not None:
            self.helper.terminate()
        self._receive()

    def _receive(self) -> None:
        receiver, helper = self.receiver, self.helper
        self.receiver = self.helper = None
        if receiver is None or helper is None:
            return
        try:
            for chunk, made in receiver.recv():
                self.done[chunk] = made
        except (EOFError, OSError):  # the helper ended early: its chunks are replayed here
            logger.debug("the games' replay helper ended early")
        finally:
            receiver.close()
            helper.join()


def replay_ahead(games: Sequence[PgnGame]) -> ReplayAhead:
    """Start replaying ``games``; with many, a forked helper takes chunks from now on."""
    ahead = ReplayAhead(games)
    context = fork_context() if len(games) >= _HELPED_FROM else None
    if context is None:
        return ahead
    try:
        counter = context.Value("i", 0)
        receiver, sender = context.Pipe(duplex=False)
        ahead.counter = counter
        helper = context.Process(target=_run_helper, args=(ahead, sender), daemon=True)
        helper.start()
    except (OSError, AssertionError, ValueError) as exc:  # no fork here (a daemonic worker)
        logger.debug("no helper for the games' replay: %s", exc)
        ahead.counter = None
        return ahead
    sender.close()
    ahead.helper, ahead.receiver = helper, receiver
    return ahead


def _run_helper(ahead: ReplayAhead, sender: Connection) -> None:
    try:
        ahead.replay_in_helper(sender)
    finally:
        sender.close()
