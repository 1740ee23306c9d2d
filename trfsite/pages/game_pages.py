"""Game pages (``EVENT/games/R-B.html``) and the games as PGN downloads.

Each page draws the final position on the server (readers without JavaScript and
the print view see it) and embeds what each move does (``Replay.steps``), from which
the theme's viewer script steps through the main line without chess rules of its own.
"""

from __future__ import annotations

from functools import partial

from trfsite.formats.pgn import Line
from trfsite.formats.pgn.writer import game_text, line_tokens, move_number, nag_text
from trfsite.pages.common import player_refs, ref_in
from trfsite.pages.contexts import BoardView, DownloadFile, GamePage, MoveView
from trfsite.pages.game_types import EventGame, event_pgn
from trfsite.pages.lookups import players_by_id
from trfsite.pages.plan import EventData, PagePlan, meta_for

FILES = "abcdefgh"
# White's pieces outlined, Black's filled, as diagrams print them; U+FE0E asks for the
# text form, lest a phone draw the black pawn as an emoji.
GLYPHS = {
    letter: glyph + "\ufe0e" for letter, glyph in zip("KQRBNPkqrbnp", "♔♕♖♗♘♙♚♛♜♝♞♟", strict=True)
}


def board_view(placement: str) -> BoardView:
    """The 64 squares of a FEN placement, from a8 to h1 as a board is read."""
    squares: list[tuple[str, str]] = []
    white: list[tuple[str, str]] = []
    black: list[tuple[str, str]] = []
    for row, rank_text in enumerate(placement.split("/")):
        file = 0
        for char in rank_text:
            if char.isdigit():
                for _ in range(int(char)):
                    squares.append((f"{FILES[file]}{8 - row}", ""))
                    file += 1
                continue
            name = f"{FILES[file]}{8 - row}"
            squares.append((name, GLYPHS.get(char, "")))
            (white if char.isupper() else black).append((char.upper(), name))
            file += 1
    order = "KQRBNP"
    white.sort(key=lambda piece: (order.index(piece[0]), piece[1]))
    black.sort(key=lambda piece: (order.index(piece[0]), piece[1]))
    return BoardView(placement, tuple(squares), tuple(white), tuple(black))


def _first_move(fen: str) -> tuple[bool, int]:
    """Whether White moves first from the FEN ``fen``, and the first move's number."""
    fields = fen.split()
    number = fields[5] if len(fields) > 5 and fields[5].isdigit() else "1"
    return (len(fields) < 2 or fields[1] != "b"), max(1, int(number[:6]))


def _moves(line: Line, played: int, white_first: bool, first_number: int) -> tuple[MoveView, ...]:
    views = []
    numbered = False
    for index, move in enumerate(line.moves):
        number, white = move_number(index, white_first, first_number)
        label = f"{number}." if white else ("" if numbered else f"{number}...")
        variations = tuple(
            " ".join(line_tokens(variation, index, white_first, first_number, glyphs=True))
            for variation in move.variations
        )
        views.append(
            MoveView(
                index + 1,
                label,
                move.san,
                f"{number}.{'' if white else '..'}{move.san}",
                nag_text(move.nags),
                move.comment,
                variations,
                index < played,
            )
        )
        numbered = not (move.comment or variations)
    return tuple(views)


def game_page(data: EventData, game: EventGame, previous: str, following: str) -> GamePage:
    t = data.tournament
    refs = player_refs(t)
    players = players_by_id(t)
    white, black = players.get(game.white), players.get(game.black)
    replayed = game.replayed
    white_first, first_number = _first_move(replayed.start)
    moves = _moves(game.game.main_line, len(replayed.sans), white_first, first_number)
    if replayed.complete:  # the replay's own SAN, with its check and mate signs
        moves = tuple(
            MoveView(m.ply, m.number, san, m.full.replace(m.san, san), m.nags, m.comment,
                     m.variations, m.played)
            for m, san in zip(moves, replayed.sans, strict=True)
        )
    source = f"{game.source}:{game.game.line}"
    return GamePage(
        meta=meta_for(data.job, data.header.name, f"{game.path}", "rounds"),
        event=data.header,
        round=game.round,
        board=game.board,
        white=ref_in(refs, game.white),
        black=ref_in(refs, game.black),
        white_rating=(white.rating or None) if white else None,
        black_rating=(black.rating or None) if black else None,
        result=game.result,
        eco=game.game.tag("ECO").strip(),
        opening=" – ".join(
            part for part in (game.game.tag("Opening"), game.game.tag("Variation")) if part.strip()
        ),
        date=game.game.tag("Date").strip().replace("??", "").strip(".") or "",
        comment=game.game.main_line.comment,
        moves=moves,
        final=board_view(replayed.final),
        start=replayed.start.split()[0],
        steps=" ".join(replayed.steps),
        stop=moves[replayed.stop_ply].full if 0 <= replayed.stop_ply < len(moves) else "",
        source=source,
        download=f"games/round-{game.round}.pgn",
        previous=previous,
        next=following,
    )


def pgn_of(data: EventData, games: tuple[EventGame, ...]) -> str:
    """The games in export format, with the event's own names and FIDE ids."""
    players = players_by_id(data.tournament)
    texts = []
    for game in games:
        overrides = {"Round": f"{game.round}.{game.board}"}
        if not game.game.tag("Event").strip("? "):
            overrides["Event"] = data.header.name
        for colour, pid in (("White", game.white), ("Black", game.black)):
            player = players.get(pid)
            if player is None:
                continue
            overrides[colour] = player.name.strip()
            if player.fide_id.strip().strip("0") and not game.game.tag(f"{colour}FideId"):
                overrides[f"{colour}FideId"] = player.fide_id.strip()
            if player.rating and not game.game.tag(f"{colour}Elo"):
                overrides[f"{colour}Elo"] = str(player.rating)
        texts.append(game_text(game.game, overrides, _first_move(game.replayed.start)[0]))
    return "\n".join(texts)


def game_pages(data: EventData) -> list[PagePlan]:
    """A page per game, and the PGN of each round and of the event."""
    games = data.games
    if not games.games:
        return []
    slug = data.job.slug
    plans: list[PagePlan] = []
    for round_no in data.header.rounds:
        in_round = games.of_round(round_no)
        paths = [game.path for game in in_round]
        for index, game in enumerate(in_round):
            previous = paths[index - 1] if index else ""
            following = paths[index + 1] if index + 1 < len(paths) else ""
            plans.append(
                PagePlan(
                    f"{slug}/{game.path}",
                    "game.html",
                    partial(game_page, data, game, previous, following),
                    weight=800,
                )
            )
        if in_round:
            make = partial(_download, data, in_round)
            plans.append(PagePlan(f"{slug}/games/round-{round_no}.pgn", "", make, weight=50))
    make = partial(_download, data, games.games)
    plans.append(PagePlan(f"{slug}/{event_pgn(slug)}", "", make, weight=50))
    return plans


def _download(data: EventData, games: tuple[EventGame, ...]) -> DownloadFile:
    return DownloadFile(pgn_of(data, games))
