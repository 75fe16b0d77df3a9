"""``mexemexe play``: a person against bots in the terminal, a round or a whole match.

The person takes one seat (``--seat``); the game's bots (``--bots``, by the
names of the game registry) take the others. Each round of the match is
dealt by the match, so ``--rounds N`` plays N rounds (``all``: to the end of
the match) and the totals carry over. At the prompt a person types a move
in the game's notation, or one of the commands of `HELP`: ``hint`` asks the
exact search (`GameState.hint`), ``add`` lays down a meld and ``layoff``
adds a card to a numbered table meld without retyping the table.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Protocol, TextIO

from ._cards import CODE
from ._errors import IllegalMoveError, MexeMexeError, NotationError
from ._moves import LayDown, Move, Play
from ._multiset import cards_without
from ._notation import format_cards, parse_cards, translate_cards
from ._table import parse_table
from .games import Game, MatchLike, RoundState
from .render import terminal

if TYPE_CHECKING:
    from ._cards import Card
    from ._views import View, ViewRules
    from .bots import Bot

__all__ = ["HELP", "play", "rounds_option"]

HELP = """\
Moves: 'draw', 'pass', 'forfeit';
shared table (Brazilian, Rummikub): 'add 7H 8H 9H' lays down a new meld, 'layoff 7H 2' adds
7H to table meld 2, or type the whole new table ('7H 8H 9H | 7S 7D 7C') to rearrange it;
Galician: 'draw', 'draw discard', 'add 7H 8H 9H', 'layoff 7H 2', 'swap 7H 2', 'discard 7H';
Mau-Mau: 'draw', 'pass', 'discard 7H', 'discard JH S' (a Jack naming spades), add 'announce'
for your last card.
'hint' suggests a move, 'playable' names the cards you can put on the table, 'moves' lists
legal moves, 'help' shows this, 'quit' leaves."""

#: What the round's end is called for people, by `RoundResult.reason`.
REASONS = {
    "out": "a player went out",
    "stock": "the stock ran out",
    "blocked": "every player passed",
    "recycles": "the discard pile was recycled too often",
    "in_progress": "in progress",
}


def rounds_option(text: str) -> int | None:
    """``--rounds``: a number of rounds from 1, or ``all`` for the whole match (``None``).

    Raises:
        argparse.ArgumentTypeError: If ``text`` is neither.
    """
    if text.strip().lower() in ("all", "match"):
        return None
    if text.strip().isdigit() and 1 <= int(text) <= _MOST_ROUNDS:
        return int(text)
    raise argparse.ArgumentTypeError(
        f"{text!r}: a number of rounds from 1 to {_MOST_ROUNDS}, or 'all' for the whole match"
    )


_MOST_ROUNDS = 1000


class _Hints(Protocol):
    """A rummy state's extras the prompt offers when the game has them."""

    def hint(self, time_limit: float | None = None) -> Move: ...


def play(game: Game, args: argparse.Namespace, out: TextIO, stdin: TextIO) -> int:
    """Play ``game`` against bots as ``args`` say, reading moves from ``stdin``; return 0.

    Raises:
        MexeMexeError: If the players, the seat or a bot's name is not one
            the game has (one line on stderr, exit code 2, from `main`).
    """
    players = 3 if args.players is None else args.players
    problem = game.players_problem(players)
    if problem is not None:
        raise MexeMexeError(f"--players {players}: {problem}")
    if not 0 <= args.seat < players:
        raise MexeMexeError(f"--seat {args.seat}: the seats are 0 to {players - 1}")
    bots = _bots(game, args, players)
    session = _Session(game, args, out, stdin, players, bots)
    return session.run()


def _bots(game: Game, args: argparse.Namespace, players: int) -> dict[int, Bot]:
    """A bot for every seat but the person's: ``--bots`` names one for all, or one per seat.

    Raises:
        MexeMexeError: If the count of names fits neither, or a name is no bot of the game.
    """
    names = [n.strip() for n in (args.bots or game.default_bot).split(",") if n.strip()]
    others = [seat for seat in range(players) if seat != args.seat]
    if len(names) == 1:
        names = names * len(others)
    if len(names) != len(others):
        raise MexeMexeError(
            f"--bots {args.bots}: one bot for every other seat, or {len(others)} "
            "names (one per other seat)"
        )
    return {seat: game.bot(bot, args.seed + seat) for seat, bot in zip(others, names, strict=True)}


class _Session:
    """One run of ``mexemexe play``: the match, the person's seat and the bots."""

    def __init__(
        self,
        game: Game,
        args: argparse.Namespace,
        out: TextIO,
        stdin: TextIO,
        players: int,
        bots: dict[int, Bot],
    ) -> None:
        self.game = game
        self.out = out
        self.stdin = stdin
        self.seat: int = args.seat
        self.bots = bots
        self.rounds: int | None = args.rounds
        self.time_limit: float | None = args.time_limit
        self.colour = terminal.wants_colour(out) and not args.plain
        self.notation: str = getattr(args, "notation", "en")
        self.match: MatchLike = game.start_match(players, seed=args.seed)

    def run(self) -> int:
        write = self.out.write
        write(
            f"{self.game.label}: you are seat {self.seat}, bots take the other seats. "
            "Type 'help' for the moves.\n"
        )
        played = 0
        match = self.match
        while not match.is_over and (self.rounds is None or played < self.rounds):
            seats = match.next_seats()
            played += 1
            if self.rounds != 1:
                write(f"\n=== {self.game.round_word} {played}: seats {list(seats)} ===\n")
            final = self._round(match.new_round(), seats)
            if final is None:
                write("bye\n")
                return 0
            match = match.record(final).between_rounds()
        if self.rounds != 1 or match.is_over:
            write(f"\n{match.summary()}\n")
        return 0

    # -- one round ---------------------------------------------------------------------

    def _round(self, state: RoundState, seats: tuple[int, ...]) -> RoundState | None:
        """Play one round to its end; ``None`` if the person quits or the input ends."""
        me = seats.index(self.seat) if self.seat in seats else None
        if me is None:
            self.out.write(f"seat {self.seat} sits this {self.game.round_word} out\n")
        while state.result is None:
            current = state.current_player
            if current != me:
                bot = self.bots[seats[current]]
                state = state.apply(bot.choose(state.view(current)))
                # Described from a view other than the mover's: never a card drawn unseen.
                watcher = me if me is not None else (current + 1) % state.players
                self._describe_last(state.view(watcher))
                continue
            assert me is not None
            moved = self._turn(state, me)
            if moved is None:
                return None
            state = moved
        self._show_result(state, seats, me)
        return state

    def _turn(self, state: RoundState, me: int) -> RoundState | None:
        """Prompt until the person makes a legal move; ``None`` if they quit."""
        self._show(state, me)
        while True:
            self.out.write("> ")
            self.out.flush()
            line = self.stdin.readline()
            if not line:
                self.out.write("\n")
                return None
            text = line.strip()
            command = text.split(" ", 1)[0].lower()
            if command in ("quit", "q", "exit"):
                return None
            if command in ("help", "?", ""):
                self.out.write(HELP + "\n")
                continue
            if command in _QUERIES:
                _QUERIES[command](self, state, me)
                continue
            move = self._read(text, state)
            if move is None:
                continue
            try:
                after: RoundState = state.apply(move)
            except IllegalMoveError as err:
                self._refused(err, state)
                continue
            self._describe_last(after.view(me))
            if after.result is None and after.current_player == me:
                self._show(after, me)
                state = after
                continue
            return after

    def _read(self, text: str, state: RoundState) -> Move | None:
        """The move ``text`` names (a move, ``add CARDS`` or a whole table), else ``None``."""
        word, _, rest = text.partition(" ")
        try:
            if word.lower() == "add":
                return LayDown(parse_cards(rest, notation=self.notation))
            return self.game.read_move(translate_cards(text, self.notation))
        except NotationError as first:
            if getattr(state, "table", None) is None:
                self.out.write(f"not understood: {first}\n")
                return None
            try:
                return Play(parse_table(text, notation=self.notation))
            except NotationError as err:
                # As a move or as a table: the reading that got further says more.
                worse = max(first, err, key=lambda error: error.position)
                self.out.write(f"not understood: {worse}\n")
                return None

    def _refused(self, err: IllegalMoveError, state: RoundState) -> None:
        """Every problem of a refused move, and where the rulebook explains each rule."""
        self.out.write("illegal move:\n")
        for problem in err.problems:
            self.out.write(f"  - {self.shown(str(problem))}\n")
        name = state.profile.name
        sections = dict.fromkeys(
            section.strip()
            for problem in err.problems
            for section in problem.rule.split(",")
            if section.strip()
        )
        for section in sections:
            self.out.write(
                f"  rule {section}: mexemexe rules {name} --section {section.lstrip('§')}\n"
            )
        if getattr(state, "phase", "") == "play" and getattr(state, "table", None) is not None:
            self.out.write("  (type 'forfeit' to give up the turn and take the penalty, B8/R5)\n")

    # -- what the person sees ----------------------------------------------------------

    def shown(self, text: str) -> str:
        """Library text (moves, what happened, problems) with its cards in ``--notation``."""
        return translate_cards(text, "en", self.notation, strict=False)

    def _describe_last(self, view: View[ViewRules]) -> None:
        # Every move leaves an outcome; a view just dealt has none to describe.
        if view.last is not None:
            self.out.write(f"  {self.shown(view.last.describe())}\n")

    def _show(self, state: RoundState, me: int) -> None:
        view = state.view(me)
        write = self.out.write
        table = getattr(view, "table", None)
        if table is not None:
            melds = "  ".join(
                f"[{i}] {terminal.cards(meld, colour=self.colour)}"
                for i, meld in enumerate(table.melds)
            )
            write(f"\ntable: {melds or '(empty)'}\n")
        pile: tuple[Card, ...] = getattr(view, "discard_pile", ())
        if pile:
            suit = getattr(view, "requested_suit", None)
            follow = f" (follow {suit.unicode})" if suit is not None else ""
            top = terminal.card(pile[-1], colour=self.colour)
            write(f"top of the discard pile: {top}{follow}\n")
        sizes = ", ".join(f"{i}: {n}" for i, n in enumerate(view.hand_sizes) if i != me)
        hand = terminal.cards(view.hand, colour=self.colour)
        write(f"your hand: {hand}   (others hold {sizes}; stock {view.stock_size})\n")

    def _show_result(self, state: RoundState, seats: tuple[int, ...], me: int | None) -> None:
        result = state.result
        assert result is not None
        write = self.out.write
        write(f"\nThe {self.game.round_word} is over ({REASONS[result.reason]}).\n")
        for player, score in enumerate(result.scores):
            mark = "  <- wins" if player in result.winners else ""
            you = " (you)" if player == me else ""
            write(f"  seat {seats[player]}{you}: scores {score}{mark}\n")


def _hint(session: _Session, state: RoundState, me: int) -> None:
    """``hint``: the exact search's move for a rummy game, else the game's default bot's."""
    hinted: Move
    if hasattr(state, "hint"):
        hints: _Hints = state  # type: ignore[assignment]
        hinted = hints.hint(session.time_limit)
    else:
        bot = session.game.bot(session.game.default_bot, 0)
        hinted = bot.choose(state.view(me))
    session.out.write(f"hint: {session.shown(_as_typed(state, hinted))}\n")


def _as_typed(state: RoundState, move: Move) -> str:
    """``move`` as a person types it: a meld as add, a play that only adds a meld or one card too.

    The hints and the listing give a new meld as a `LayDown`, typed ``add``;
    a whole-table `Play` that only adds a meld or one card reads as add or
    layoff, the melds compared as multisets of cards, as the search may
    write a table's melds in another order.
    """
    if isinstance(move, LayDown):
        return "add " + format_cards(move.cards)
    table = getattr(state, "table", None)
    if not isinstance(move, Play) or table is None:
        return str(move)
    new_left = [sorted(meld, key=CODE) for meld in move.table.melds]
    old_left = []
    for index, meld in enumerate(table.melds):
        cards = sorted(meld, key=CODE)
        if cards in new_left:
            new_left.remove(cards)
        else:
            old_left.append((index, cards))
    if len(new_left) == 1 and not old_left:
        return "add " + format_cards(new_left[0])
    if len(new_left) == 1 and len(old_left) == 1:
        index, cards = old_left[0]
        added = cards_without(new_left[0], cards)
        if added is not None and len(added) == 1:
            return f"layoff {added[0]} {index}"
    return str(move)


def _playable(session: _Session, state: RoundState, me: int) -> None:
    """``playable``: the hand cards some legal play puts on the table this turn."""
    find = getattr(state, "playable_cards", None)
    if find is None:
        session.out.write("this game has no table to put cards on: try 'moves'\n")
        return
    found = find(session.time_limit)
    cards = terminal.cards(found.cards, colour=session.colour) or "none"
    note = "" if found.exact else " (the search ran out of time: maybe more)"
    session.out.write(f"playable: {cards}{note}\n")


def _moves(session: _Session, state: RoundState, me: int) -> None:
    """``moves``: the legal moves the game lists (no rearrangements)."""
    legal = state.view(me).legal_moves()
    shown = session.shown("; ".join(_as_typed(state, m) for m in legal[:30]))
    session.out.write(f"legal moves: {shown}\n")


_QUERIES = {"hint": _hint, "playable": _playable, "moves": _moves}
