"""An event's games: its PGN files read, each game matched to its pairing and replayed.

Done once per event while it is prepared (before its pages are dealt to workers), so
that the findings reach the validation page and every page that links a game (the
crosstable, round pages, cards) knows its path. Matching is by round and players: FIDE
ids when both tags carry one, else names folded as the people archive folds them, in
either order ("Surname, First" or "First Surname").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from trfsite.findings import Finding, Severity, cap_per_code
from trfsite.formats.limits import MAX_FINDINGS_PER_CODE, MAX_PGN_BYTES
from trfsite.formats.pgn import PgnGame, Replay, read_pgn
from trfsite.formats.pgn.reader import move_position
from trfsite.formats.text import NotTextError, decode
from trfsite.model import Outcome, Tournament
from trfsite.pages.config import CONFIG_NAME
from trfsite.pages.game_replay import ReplayAhead, replay_ahead
from trfsite.pages.game_types import NO_GAMES, EventGame, EventGames
from trfsite.pages.pairings import Pairing, cells_in_board_order
from trfsite.pages.plan import EventJob
from trfsite.pages.reading import internal_error
from trfsite.people.names import fold_name
from trfsite.people.privacy import anonymised_tags
from trfsite.results import N_, Note, Standings

_ROUND = re.compile(r"^\s*(\d{1,3})(?:\.(\d{1,4}))?")
_PGN_RESULT = {Outcome.WIN: "1-0", Outcome.LOSS: "0-1", Outcome.DRAW: "1/2-1/2"}
_PGN_RESULT |= {
    Outcome.WIN_UNRATED: "1-0",
    Outcome.LOSS_UNRATED: "0-1",
    Outcome.DRAW_UNRATED: "1/2-1/2",
}
# A pairing's missing game is worth telling only when most of the round's games came.
_MOSTLY_PRESENT = 0.5


def name_words(name: str) -> tuple[str, ...]:
    """A name folded as the people archive does, its words in order of the alphabet: the
    same for ``"Müller, Jürgen"``, ``"Mueller,Jurgen"`` and ``"Jürgen Müller"``."""
    return tuple(sorted(fold_name(name).split()))


def _round_of(game: PgnGame) -> tuple[int | None, int | None]:
    """``Round "5"`` is (5, None), ``"5.12"`` (5, 12); ``"?"`` or ``"-"`` (None, None)."""
    match = _ROUND.match(game.tag("Round"))
    if match is None:
        return None, None
    board = int(match[2]) if match[2] else None
    return int(match[1]), board


@dataclass(slots=True)
class _Names:
    """The event's players by FIDE id and by folded name."""

    by_fide: dict[str, int]
    by_name: dict[tuple[str, ...], list[int]]
    sides: dict[tuple[int, str], list[int]] = field(default_factory=dict)

    def players(self, game: PgnGame, colour: str, index: int = -1) -> list[int]:
        """The players a side of the game may be: by FIDE id when both sides carry one."""
        known = self.sides.get((index, colour))
        if known is not None:
            return known  # an anonymised side: found by the tags it had
        white_id, black_id = game.tag("WhiteFideId").strip(), game.tag("BlackFideId").strip()
        if white_id and black_id and white_id != "0" and black_id != "0":
            found = self.by_fide.get(white_id if colour == "White" else black_id)
            if found is not None:
                return [found]
        return self.by_name.get(name_words(game.tag(colour)), [])


def _player_index(t: Tournament) -> _Names:
    by_fide = {p.fide_id.strip(): p.id for p in t.players if p.fide_id.strip().strip("0")}
    by_name: dict[tuple[str, ...], list[int]] = {}
    for player in t.players:
        by_name.setdefault(name_words(player.name), []).append(player.id)
    return _Names(by_fide, by_name)


@dataclass(slots=True)
class _Matcher:
    t: Tournament
    # round -> {frozenset of the two ids: (board, pairing)}
    pairings: dict[int, dict[frozenset[int], tuple[int, Pairing]]]
    names: _Names
    findings: list[Finding] = field(default_factory=list)

    def warn(self, code: str, note: Note, source: str, line: int, column: int = 0) -> None:
        self.findings.append(Finding(Severity.WARNING, code, note, source, line, column))

    def match(
        self, game: PgnGame, source: str, whites: list[int], blacks: list[int]
    ) -> tuple[int, int, Pairing] | None:
        """The game's (round, board, pairing) for the players its sides may be, or None
        with a finding."""
        round_no, _ = _round_of(game)
        rounds = [round_no] if round_no is not None else sorted(self.pairings)
        found: dict[tuple[int, int], Pairing] = {}  # by (round, board): a pair seen once
        for r in rounds:
            in_round = self.pairings.get(r, {})
            for white in whites:
                for black in blacks:
                    hit = in_round.get(frozenset((white, black)))
                    if hit is not None and white != black:
                        found[(r, hit[0])] = hit[1]
        who = Note(
            "{white} – {black}, round {round}",
            white=game.tag("White") or "?",
            black=game.tag("Black") or "?",
            round=game.tag("Round") or "?",
        )
        if not found:
            self.warn(
                "pgn-game-unmatched",
                Note(
                    N_("the game {game} matches no pairing of the event; expected the round "
                       "and the players' names (or FIDE ids) as the tournament file has them"),
                    game=who,
                ),
                source,
                game.line,
            )  # fmt: skip
            return None
        if len(found) > 1:
            self.warn(
                "pgn-game-ambiguous",
                Note(
                    N_("the game {game} matches {count} pairings; expected one (add its round "
                       "or the players' FIDE ids)"),
                    game=who,
                    count=len(found),
                ),
                source,
                game.line,
            )  # fmt: skip
            return None
        (((round_no, board), pairing),) = found.items()
        return round_no, board, pairing

    def check_result(self, game: PgnGame, source: str, white: int, pairing: Pairing) -> None:
        written = game.tag("Result").strip() or game.termination
        if written not in ("1-0", "0-1", "1/2-1/2"):
            return  # "*" or none: a game still on, nothing to contradict
        outcome = pairing.white_outcome if white == pairing.white else pairing.black_outcome
        if outcome is Outcome.UNKNOWN:
            return  # the tournament file has no result yet
        expected = _PGN_RESULT.get(outcome, "")
        if written == expected:
            return
        self.warn(
            "pgn-result-mismatch",
            Note(
                N_("the game {white} – {black} ends {written}; the tournament file gives "
                   "{expected} for White"),
                white=game.tag("White"),
                black=game.tag("Black"),
                written=written,
                expected=expected or outcome.value,
            ),
            source,
            game.line,
        )  # fmt: skip


def _matcher(t: Tournament, after_round: Sequence[Standings]) -> _Matcher:
    pairings: dict[int, dict[frozenset[int], tuple[int, Pairing]]] = {}
    for round_no in range(1, t.rounds + 1):
        cells = cells_in_board_order(t, after_round, round_no)
        pairings[round_no] = {
            frozenset((pair.white, pair.black)): (board, pair)
            for board, pair in enumerate(cells.pairings, start=1)
        }
    return _Matcher(t, pairings, _player_index(t))


@dataclass(slots=True)
class GameFiles:
    """An event's PGN files read, their games' replay started (``game_replay``)."""

    games: list[tuple[str, PgnGame]]  # (file, game) in the files' order
    findings: list[Finding]
    ahead: ReplayAhead
    texts: dict[str, str] = field(default_factory=dict)  # each file's text, by file
    # [privacy]: the players an anonymised side of a game may be, found by the tags
    # it had, by (game's index, "White" or "Black"): matching needs no name for it.
    sides: dict[tuple[int, str], list[int]] = field(default_factory=dict)


def anonymise_games(
    files: GameFiles | EventGames, t: Tournament, chosen: frozenset[int], label: str
) -> GameFiles | EventGames:
    """The games read with every side that names a player of ``chosen`` (start numbers
    of ``t``, the tournament as read) anonymised (``people.privacy``)."""
    if isinstance(files, EventGames) or not chosen:
        return files
    names = _player_index(t)
    games: list[tuple[str, PgnGame]] = []
    for index, (source, game) in enumerate(files.games):
        colours = set()
        for colour in ("White", "Black"):
            found = names.players(game, colour)
            if any(pid in chosen for pid in found):
                colours.add(colour)
                files.sides[(index, colour)] = found
        if colours:
            game = replace(game, tags=anonymised_tags(game.tags, frozenset(colours), label))
        games.append((source, game))
    files.games = games
    return files


def start_games(job: EventJob) -> GameFiles | EventGames:
    """``job``'s PGN files read and their replay started; a crash costs the games only."""
    try:
        return read_game_files(job.games)
    except Exception as exc:
        return _crashed(job, exc)


def event_games(
    job: EventJob, t: Tournament, after: Sequence[Standings], started: GameFiles | EventGames
) -> EventGames:
    """The games of ``job``'s PGN files (``start_games``), matched and replayed."""
    if isinstance(started, EventGames):
        return started
    try:
        return match_games(t, started, after)
    except Exception as exc:
        return _crashed(job, exc)


def _crashed(job: EventJob, exc: Exception) -> EventGames:
    crash = internal_error(
        job.source_name,
        exc,
        Severity.WARNING,
        "internal-games",
        N_("the games could not be read (internal error: {error}: {exc})"),
    )
    return EventGames(findings=(crash,))


def read_game_files(files: Sequence[tuple[str, bytes]]) -> GameFiles:
    """Every game of ``files`` read (findings for what cannot be), their replay started."""
    findings: list[Finding] = []
    games: list[tuple[str, PgnGame]] = []
    texts: dict[str, str] = {}
    for source, data in files:
        if len(data) > MAX_PGN_BYTES.limit:
            findings.append(
                Finding(
                    Severity.ERROR,
                    MAX_PGN_BYTES.code,
                    Note(
                        N_("the file is larger than {limit:,} bytes; expected a PGN of one "
                           "event's games (its games are not read)"),
                        limit=MAX_PGN_BYTES.limit,
                    ),
                    source,
                )
            )  # fmt: skip
            continue
        try:
            decoded = decode(data, source, fallback="latin-1")
        except NotTextError as error:
            findings.append(error.finding)
            continue
        pgn = read_pgn(decoded.text, source)
        findings.extend(pgn.findings)
        games.extend((source, game) for game in pgn.games)
        texts[source] = decoded.text
    return GameFiles(games, findings, replay_ahead([game for _, game in games]), texts)


def read_games(
    t: Tournament, files: Sequence[tuple[str, bytes]], after_round: Sequence[Standings]
) -> EventGames:
    """Every game of ``files`` matched to the event's pairings and replayed, with findings."""
    if not files:
        return NO_GAMES
    return match_games(t, read_game_files(files), after_round)


def match_games(t: Tournament, files: GameFiles, after_round: Sequence[Standings]) -> EventGames:
    """The games read matched to the event's pairings, with their replays and findings."""
    matcher = _matcher(t, after_round)
    matcher.names.sides = files.sides
    findings = matcher.findings
    findings.extend(files.findings)
    matched: dict[tuple[int, int], EventGame] = {}
    replays = files.ahead.collect()
    for index, ((source, pgn_game), replayed) in enumerate(zip(files.games, replays, strict=True)):
        whites = matcher.names.players(pgn_game, "White", index)
        blacks = matcher.names.players(pgn_game, "Black", index)
        text = files.texts.get(source, "")
        _add_game(matcher, matched, pgn_game, (source, text), replayed, (whites, blacks))
    games = tuple(matched[key] for key in sorted(matched))
    findings.extend(_missing(matcher, matched))
    pages = {}
    for game in games:
        pages[(game.round, game.white)] = pages[(game.round, game.black)] = game.path
    return EventGames(games, tuple(cap_per_code(findings, MAX_FINDINGS_PER_CODE.limit)), pages)


def _add_game(
    matcher: _Matcher,
    matched: dict[tuple[int, int], EventGame],
    game: PgnGame,
    where: tuple[str, str],  # the PGN file's name and text
    replayed: Replay,
    sides: tuple[list[int], list[int]],
) -> None:
    source, text = where
    found = matcher.match(game, source, *sides)
    if found is None:
        return
    round_no, board, pairing = found
    if (round_no, board) in matched:
        first = matched[(round_no, board)]
        matcher.warn(
            "pgn-game-twice",
            Note(
                N_("round {round}, board {board} has a game already ({file}, line {line}); "
                   "this one is left out"),
                round=round_no,
                board=board,
                file=first.source,
                line=first.game.line,
            ),
            source,
            game.line,
        )  # fmt: skip
        return
    white = pairing.white if pairing.white in sides[0] else pairing.black
    black = pairing.black if white == pairing.white else pairing.white
    matcher.check_result(game, source, white, pairing)
    if not replayed.complete:
        number = replayed.stop_ply // 2 + 1
        line, column = move_position(text, game, replayed.stop_ply) if text else (0, 0)
        matcher.warn(
            "pgn-move-illegal",
            Note(
                N_("move {number} ({move!r}) of {white} – {black} cannot be played: {reason}; "
                   "the board stops before it"),
                number=number,
                move=game.main_line.sans[replayed.stop_ply] if replayed.stop_ply >= 0 else "",
                white=game.tag("White"),
                black=game.tag("Black"),
                reason=replayed.stop,
            ),
            source,
            line or game.line,
            column,
        )  # fmt: skip
    matched[(round_no, board)] = EventGame(game, source, round_no, board, white, black, replayed)


def _missing(matcher: _Matcher, matched: dict[tuple[int, int], EventGame]) -> list[Finding]:
    """A played pairing without its game, where most of the event's games are present."""
    played = [
        (round_no, board, pair)
        for round_no, pairs in sorted(matcher.pairings.items())
        for board, pair in sorted(pairs.values(), key=lambda item: item[0])
        if pair.white_outcome.is_game
    ]
    if not played or len(matched) <= _MOSTLY_PRESENT * len(played):
        return []
    names = {p.id: p.name.strip() for p in matcher.t.players}
    return [
        Finding(
            Severity.INFO,
            "pgn-game-missing",
            Note(
                N_(
                    "round {round}, board {board} ({white} – {black}) has no game in the PGN "
                    "files, though most games have one"
                ),
                round=round_no,
                board=board,
                white=names.get(pair.white, "?"),
                black=names.get(pair.black, "?"),
            ),
        )  # fmt: skip
        for round_no, board, pair in played
        if (round_no, board) not in matched
    ]


def missing_bulletin_games(
    games: EventGames, chosen: tuple[tuple[int, int], ...], event: str
) -> list[Finding]:
    """A warning on ``trfsite.toml`` for each ``bulletin_games`` entry (``events.EVENT``)
    that names no game the event has: the bulletin leaves it out, and the arbiter should
    know why the game is not printed. It says which games there are instead."""
    have = {(game.round, game.board) for game in games.games}
    findings = []
    for round_no, board in chosen:
        if (round_no, board) in have:
            continue
        boards = sorted(b for r, b in have if r == round_no)
        if boards:
            known = Note(
                N_("round {round} has games on boards {boards}"),
                round=round_no,
                boards=number_ranges(boards),
            )
        elif have:
            rounds = number_ranges(sorted({r for r, _ in have}))
            known = Note(N_("round {round} has none; rounds with games: {rounds}"),
                         round=round_no, rounds=rounds)  # fmt: skip
        else:
            known = Note(N_("the event has no games: no PGN file was read"))
        findings.append(
            Finding(
                Severity.WARNING,
                "config-bulletin-game",
                Note(
                    N_("events.{event}.bulletin_games: {value!r} names no game of the event, so "
                       "the bulletin leaves it out; expected round.board of a game the PGN "
                       "files hold ({known})"),
                    event=event,
                    value=f"{round_no}.{board}",
                    known=known,
                ),
                CONFIG_NAME,
            )
        )  # fmt: skip
    return findings


def number_ranges(numbers: Sequence[int]) -> str:
    """Sorted numbers as runs: ``[1, 2, 3, 5, 7, 8]`` is ``"1-3, 5, 7-8"``."""
    runs: list[list[int]] = []
    for number in numbers:
        if runs and number == runs[-1][1] + 1:
            runs[-1][1] = number
        else:
            runs.append([number, number])
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in runs)
