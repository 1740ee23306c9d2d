"""PGN text to games: tags, the main line with its comments, NAGs and variations.

Text in, games and findings out, as every reader. Games are replayed separately
(``replay``), so that a reader of the tags alone (matching games to pairings)
never pays for the moves.

Every size is bounded by the file's own length and the budgets below: a PGN from
the wild may be truncated, binary, one comment of megabytes, or a million games.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from sys import intern

from trfsite.findings import Finding, Severity
from trfsite.formats.limits import MAX_PGN_GAMES
from trfsite.results import Note

MAX_GAMES = MAX_PGN_GAMES.limit
# The longest tournament game on record has 269 moves (538 plies).
MAX_PLIES = 1_200
# Comments are shown on the page; a longer one is cut there.
MAX_COMMENT = 4_000
# Variations inside variations: annotators rarely go below 4 levels.
MAX_DEPTH = 16
# Moves and variations of all lines of one game, shown on its page.
MAX_NODES = 20_000

SEVEN_TAG_ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
_SUFFIX_NAGS = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}

# Whitespace matches no token: ``finditer`` steps over it in C, and line numbers are
# counted only where a game starts or a finding is made (``_Reader.line_at``). A run's
# quantifiers are possessive (``*+``, ``++``): each part's characters are disjoint from
# the next part's, so nothing is ever given back, and the engine keeps no backtracking
# points (the 2,000 games' 5 MB: 47 -> 33 ms).
_TOKEN = re.compile(
    r"""
      (?P<run>(?:\d+\.+[ \t\r\n]*+|[a-zA-Z][a-zA-Z0-9=+#\-]*+[ \t\r\n]++)++)
    | (?P<tag>\[[ \t]*(?P<name>[A-Za-z0-9_]+)[ \t]*"(?P<value>(?:[^"\\\n]|\\.)*)"[ \t]*\])
    | (?P<comment>\{[^}]*\}?)
    | (?P<line_comment>;[^\n]*)
    | (?P<escape>^%[^\n]*)
    | (?P<nag>\$\d{1,3})
    | (?P<open>\()
    | (?P<close>\))
    | (?P<result>1-0|0-1|1/2-1/2|½-½|\*)(?![\w/-])
    | (?P<number>\d+[ \t]*\.+)
    | (?P<suffix>[!?]{1,2})
    | (?P<san>[A-Za-z0-9][A-Za-z0-9=+#:\-./]*[!?]{0,2})
    | (?P<other>[^ \t\r\n\f\v])
    """,
    re.VERBOSE | re.MULTILINE,
)
# The moves of a run of plain moves and move numbers (each number starts with a digit).
_RUN_MOVE = re.compile(r"[a-zA-Z][a-zA-Z0-9=+#\-]*")


@dataclass(frozen=True, slots=True)
class Annotation:
    """What the file writes after a move: NAGs, a comment, variations."""

    nags: tuple[int, ...] = ()
    comment: str = ""
    variations: tuple[Line, ...] = ()


NO_ANNOTATION = Annotation()


@dataclass(frozen=True, slots=True)
class PlyNode:
    """One move of a line, as written, with what follows it in the file."""

    san: str
    nags: tuple[int, ...] = ()
    comment: str = ""
    variations: tuple[Line, ...] = ()


@dataclass(frozen=True, slots=True)
class Line:
    """A main line or a variation; ``comment`` stands before its first move.

    The moves are plain strings, and the few annotated ones have an ``Annotation`` by
    their index: a game of 80 plain plies is one tuple, not 80 objects.
    """

    sans: tuple[str, ...] = ()
    annotations: tuple[tuple[int, Annotation], ...] = ()  # by the move's index
    comment: str = ""

    @property
    def moves(self) -> tuple[PlyNode, ...]:
        """Each move with its annotation (made on each call: for a page, not a replay)."""
        notes = dict(self.annotations)
        moves = []
        for index, san in enumerate(self.sans):
            note = notes.get(index, NO_ANNOTATION)
            moves.append(PlyNode(san, note.nags, note.comment, note.variations))
        return tuple(moves)


@dataclass(frozen=True, slots=True)
class PgnGame:
    """One game of a PGN file: its tags in file order, its moves, and where it starts."""

    tags: tuple[tuple[str, str], ...]
    main_line: Line
    termination: str  # the result written after the moves, "" when missing
    line: int  # 1-based line of the game's first tag (or first move)
    index: int  # 0-based position in the file
    offset: int = 0  # where the game starts in the text (``move_position`` reads from it)
    # The tags by name, the first of a name kept: a build asks each game for its tags
    # some 20 times (matching, replay, page, export), a dictionary lookup each.
    by_name: dict[str, str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_name", dict(reversed(self.tags)))

    def tag(self, name: str) -> str:
        return self.by_name.get(name, "")


@dataclass(frozen=True, slots=True)
class PgnFile:
    games: tuple[PgnGame, ...]
    findings: tuple[Finding, ...] = ()


@dataclass(slots=True)
class _LineBuilder:
    sans: list[str] = field(default_factory=list)
    annotations: list[tuple[int, Annotation]] = field(default_factory=list)
    comment: str = ""
    # The last move's annotation, kept mutable until the next move arrives.
    nags: list[int] = field(default_factory=list)
    after: str = ""
    variations: list[Line] = field(default_factory=list)
    # A variation too deep, past the game's budget, or before any move: read, not kept.
    skipped: bool = False

    def flush(self) -> None:
        """Close the last move's annotation, before the next move or the end."""
        if self.nags or self.after or self.variations:
            annotation = Annotation(tuple(self.nags), self.after, tuple(self.variations))
            self.annotations.append((len(self.sans) - 1, annotation))
            self.nags, self.after, self.variations = [], "", []

    def line(self) -> Line:
        self.flush()
        return Line(tuple(self.sans), tuple(self.annotations), self.comment)


def _join(first: str, second: str) -> str:
    return f"{first} {second}" if first else second


_CONTROL = frozenset("\x00\x01\x02\x03\x04\x05\x06\x07\x08\x0e\x0f")


class _Reader:
    def __init__(self, text: str, name: str) -> None:
        self.text = text
        self.name = name
        self.findings: list[Finding] = []
        self.games: list[PgnGame] = []
        self.dropped = 0  # games past MAX_GAMES, counted
        # The game being read.
        self.tags: list[tuple[str, str]] = []
        self.stack: list[_LineBuilder] = [_LineBuilder()]
        self.nodes = 0
        self.plies = 0
        self.game_line = 0
        self.game_offset = 0
        # Lines are counted up to the last position asked for (positions only grow).
        self._counted_to = 0
        self._counted_line = 1

    def _begin(self, position: int) -> None:
        self.game_line = self.line_at(position)
        self.game_offset = position

    def line_at(self, position: int) -> int:
        """The 1-based line of ``position`` in the text."""
        self._counted_line += self.text.count("\n", self._counted_to, position)
        self._counted_to = position
        return self._counted_line

    def warn(self, code: str, message: Note, line: int, severity: Severity) -> None:
        self.findings.append(Finding(severity, code, message, self.name, line, 0))

    def finish(self, termination: str, position: int) -> None:
        """The game read so far is complete (``termination`` "" when no result ended it)."""
        stack = self.stack
        while len(stack) > 1:  # variations left open at the end of the game
            variation = stack.pop()
            if not variation.skipped:
                stack[-1].variations.append(variation.line())
        main = stack[0].line()
        where = self.game_line or self.line_at(position)
        if main.sans and not termination:
            self.warn(
                "pgn-result-missing",
                Note("the game's moves end without a result; expected 1-0, 0-1, 1/2-1/2 or *"),
                where,
                Severity.WARNING,
            )
        if self.plies > MAX_PLIES:
            self.warn(
                "pgn-game-too-long",
                Note(
                    "the game has {count:,} moves in its main line; only the first {limit:,}"
                    " are read",
                    count=self.plies,
                    limit=MAX_PLIES,
                ),
                where,
                Severity.WARNING,
            )
        if main.sans or self.tags or termination:
            if len(self.games) < MAX_GAMES:
                game = PgnGame(
                    tuple(self.tags), main, termination, where, len(self.games), self.game_offset
                )
                self.games.append(game)
            else:
                self.dropped += 1
        self.tags, self.stack, self.nodes, self.plies, self.game_line = (
            [], [_LineBuilder()], 0, 0, 0
        )  # fmt: skip

    def add_move(self, token: str, current: _LineBuilder) -> None:
        """One SAN (with its ``!?`` suffix, if any) of the line ``current``."""
        self.nodes += 1
        if len(self.stack) == 1:
            self.plies += 1
            if self.plies > MAX_PLIES:
                return
        elif self.nodes > MAX_NODES:
            return
        current.flush()
        san = intern(token.rstrip("!?"))
        current.sans.append(san)
        if len(san) < len(token):
            current.nags.append(_SUFFIX_NAGS.get(token[len(san) :], 0))

    def read(self) -> PgnFile:
        text = self.text
        for match in _TOKEN.finditer(text):
            kind = match.lastgroup
            stack = self.stack
            current = stack[-1]
            if kind == "run":
                if not self.game_line:
                    self._begin(match.start())
                moves = _RUN_MOVE.findall(match.group())
                if len(stack) == 1 and self.plies + len(moves) <= MAX_PLIES:
                    # The common case, a main line of plain moves, within its budget.
                    current.flush()
                    # One object per spelling, not per move: 2,000 games' 160,000 moves
                    # were 8 MB of small strings, inherited by every page worker.
                    current.sans.extend(map(intern, moves))
                    self.plies += len(moves)
                    self.nodes += len(moves)
                    continue
                for san in moves:
                    self.add_move(san, current)
                continue
            if kind == "escape" or kind == "line_comment" or kind == "number":
                continue
            if kind == "tag":
                if current.sans or len(stack) > 1:
                    self.finish("", match.start())  # a tag after moves: no result ended them
                if not self.game_line:
                    self._begin(match.start())
                value = match["value"].replace('\\"', '"').replace("\\\\", "\\")
                self.tags.append((match["name"], value))
                continue
            if not self.game_line:
                self._begin(match.start())
            if kind == "san":
                self.add_move(match["san"], current)
            elif kind == "comment":
                body = match["comment"]
                closed = body.endswith("}")
                comment = " ".join(body[1 : -1 if closed else None].split())
                if not closed:
                    self.warn(
                        "pgn-comment-open",
                        Note(
                            "a comment's opening brace is never closed; expected a closing "
                            "brace before the end"
                        ),
                        self.line_at(match.end()),
                        Severity.WARNING,
                    )
                if len(comment) > MAX_COMMENT:
                    comment = comment[:MAX_COMMENT] + " …"
                if current.sans:
                    current.after = _join(current.after, comment)
                else:
                    current.comment = _join(current.comment, comment)
            elif kind == "nag":
                if current.sans:
                    current.nags.append(int(match["nag"][1:]))
            elif kind == "suffix":
                if current.sans:
                    current.nags.append(_SUFFIX_NAGS.get(match["suffix"], 0))
            elif kind == "open":
                skipped = (
                    current.skipped or len(stack) > MAX_DEPTH or self.nodes >= MAX_NODES
                    or not current.sans
                )  # fmt: skip
                stack.append(_LineBuilder(skipped=skipped))
            elif kind == "close":
                if len(stack) == 1:
                    self.warn(
                        "pgn-unbalanced",
                        Note("')' closes no variation"),
                        self.line_at(match.start()),
                        Severity.WARNING,
                    )
                    continue
                variation = stack.pop()
                if not variation.skipped:
                    stack[-1].variations.append(variation.line())
            elif kind == "result":
                if len(stack) > 1:
                    continue  # a result inside a variation ends that line only
                result = "1/2-1/2" if match["result"] == "½-½" else match["result"]
                self.finish(result, match.start())
            elif match.group() in _CONTROL:
                self.warn(
                    "pgn-binary",
                    Note("the file holds binary data; expected PGN text"),
                    self.line_at(match.start()),
                    Severity.ERROR,
                )
                return self._done()
        self.finish("", len(text))
        return self._done()

    def _done(self) -> PgnFile:
        if self.dropped:
            self.warn(
                MAX_PGN_GAMES.code,
                Note(
                    "the file holds {count:,} games; only the first {limit:,} are read",
                    count=self.dropped + MAX_GAMES,
                    limit=MAX_GAMES,
                ),
                0,
                Severity.WARNING,
            )
        games = [game for game in self.games if game.main_line.sans or game.tags]
        return PgnFile(tuple(games), tuple(self.findings))


def move_position(text: str, game: PgnGame, ply: int) -> tuple[int, int]:
    """The 1-based line and column in ``text`` of the game's ``ply``-th main-line move
    (0-based), read again from the game's start: only a finding asks, so the reader
    keeps no position per move. (0, 0) when the game has no such move."""
    depth = 0
    count = 0
    for match in _TOKEN.finditer(text, game.offset):
        kind = match.lastgroup
        if kind == "open":
            depth += 1
        elif kind == "close":
            depth = max(0, depth - 1)
        elif (kind == "result" and not depth) or (kind == "tag" and count):
            break
        elif depth:
            continue
        elif kind == "run":
            for move in _RUN_MOVE.finditer(match.group()):
                if count == ply:
                    return _line_and_column(text, match.start() + move.start())
                count += 1
        elif kind == "san":
            if count == ply:
                return _line_and_column(text, match.start())
            count += 1
    return 0, 0


def _line_and_column(text: str, position: int) -> tuple[int, int]:
    return text.count("\n", 0, position) + 1, position - text.rfind("\n", 0, position)


def read_pgn(text: str, name: str = "") -> PgnFile:
    """The games of a PGN text, with findings naming ``name`` and the line."""
    return _Reader(text, name).read()
