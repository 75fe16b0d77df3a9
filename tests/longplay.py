"""The long random-play harness: many seeded rounds of one game, checked after every move.

`run_game` plays ``moves`` moves of a `Game` (a deal function, a bot and a
move budget per round), one seeded round after another. Each round has its
own seed and its own `random.Random`, so a failure is reproduced from the
round seed alone. Moves are mostly uniformly random legal moves
(``legal_moves()``), sometimes the game's bot's move. After every
move it checks:

* conservation: an independent count of hands + table + stock + discard pile
  against the profile's deck;
* an illegal attempt (half of the moves, one at random: a move out of turn,
  a card not in the hand, a lone-card or table-shrinking play, a move of the
  wrong phase or kind, a move the exact list of legal moves leaves out, a bad
  player number, hostile values) raises the library's error and changes
  nothing (its ``to_json`` is unchanged); the state a move is made from still
  equals its twin rebuilt from JSON (immutability);
* JSON round-trips: ``type(state).from_json(state.to_json()) == state``;
* every player's view shows that player's hand and the public sizes. The
  moving player's view is also serialized every move (no hidden key; its JSON
  equals its ``to_dict``, so ``to_dict`` is stable); every ``leak_every``
  moves (default 10, to keep a move cheap), every player's view is, and each
  is compared with the view of a state whose other hands and stock (and
  Mau-Mau's hidden seed) were redealt at random with the same sizes: any
  difference is a leak;
* the round ends within ``max_turns`` turns; a finished round refuses moves.

A failed check does not stop the run: it is recorded as a `Failure` (with the
state JSON before the move and the move's text, a complete reproduction) and
play goes on, so one run finds every failure it can.
"""

from __future__ import annotations

import json
import random
import re
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import attrs

import mexemexe as m
from mexemexe import maumau as mm

#: Keys a view must never have: they would hold hidden cards or the hidden seed.
HIDDEN_KEYS = frozenset({"hands", "stock", "seed"})


@dataclass(frozen=True)
class Game:
    """One game to play: how to deal a round, its bot and how long a round may last."""

    name: str
    deal: Callable[[random.Random], Any]
    bot: Any
    max_turns: int
    bot_share: float = 0.2


@dataclass
class Failure:
    """One failed check, with what it takes to reproduce it."""

    check: str
    message: str
    round_seed: int
    turn: int
    move: str = ""
    player: Any = None
    state_json: str = ""

    def signature(self) -> str:
        """The failure without its particulars (cards, numbers): equal for the same bug."""
        text = re.sub(r"\b(?:10|[2-9AJQK])[SHDC]\b|\bJK\b", "<card>", self.message)
        return f"{self.check}: {re.sub(r'-?[0-9]+', '<n>', text)}"

    def describe(self) -> str:
        """A reproduction a reader can paste: the round seed, the move, the state before it."""
        lines = [
            f"[{self.check}] {self.message}",
            f"  round seed {self.round_seed}, turn {self.turn}",
        ]
        if self.move:
            who = "" if self.player is None else f", player={self.player!r}"
            lines.append(f"  move {self.move}{who}")
        if self.state_json:
            lines.append(f"  state before: {self.state_json}")
        return "\n".join(lines)


@dataclass
class Report:
    """What a run did: moves, rounds, seconds and the failures found."""

    game: str
    moves: int = 0
    rounds: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    attempts: int = 0
    failures: list[Failure] = field(default_factory=list)

    def distinct(self) -> dict[str, tuple[int, Failure]]:
        """Failures by signature: how many times each was seen, and the first one."""
        seen: dict[str, tuple[int, Failure]] = {}
        for failure in self.failures:
            key = failure.signature()
            count, first = seen.get(key, (0, failure))
            seen[key] = (count + 1, first)
        return seen

    def summary(self) -> str:
        """One line of figures, then one paragraph per distinct failure."""
        lines = [
            f"{self.game}: {self.moves} moves, {self.rounds} rounds, {self.seconds:.1f} s "
            f"({self.cpu_seconds:.1f} s CPU), "
            f"{self.attempts} illegal attempts, {len(self.failures)} failures"
        ]
        for key, (count, first) in self.distinct().items():
            lines.append(f"- {count} x {key}\n{first.describe()}")
        return "\n".join(lines)


# -- the games -----------------------------------------------------------------------------


def rummy_game(name: str, max_turns: int) -> Game:
    """A rummy profile, with any allowed player count and first player."""
    profile = m.get_profile(name)

    def deal(rng: random.Random) -> m.GameState:
        players = rng.randint(profile.min_players, profile.max_players)
        first = rng.randrange(players)
        return m.deal(profile, players=players, seed=rng.randrange(2**32), first_player=first)

    return Game(name, deal, m.SimpleBot(), max_turns)


def maumau_game(max_turns: int) -> Game:
    """Mau-Mau, 2-10 players."""

    def deal(rng: random.Random) -> mm.MauMauState:
        players = rng.randint(mm.MAUMAU.min_players, mm.MAUMAU.max_players)
        return mm.deal(players, seed=rng.randrange(2**32), first_player=rng.randrange(players))

    return Game("maumau", deal, mm.MauMauBot(), max_turns)


GAMES = {
    game.name: game
    for game in (
        rummy_game("brazilian", 5_000),
        rummy_game("rummikub", 5_000),
        rummy_game("rummikub-classic", 5_000),
        rummy_game("galician", 20_000),
        rummy_game("galician-jokers", 20_000),
        maumau_game(50_000),
    )
}


# -- the checks ----------------------------------------------------------------------------


def deck_count(state: Any) -> Counter[m.Card]:
    """Every card of a state (either game), counted independently of the library."""
    counts: Counter[m.Card] = Counter()
    for hand in state.hands:
        counts.update(hand)
    for meld in getattr(state, "table", ()):
        counts.update(meld)
    counts.update(state.stock)
    counts.update(state.discard_pile)
    return counts


def conservation_problem(state: Any) -> str | None:
    """Why the state's cards are not the profile's deck, or ``None``."""
    have, want = deck_count(state), Counter(state.profile.deck())
    if have == want:
        return None
    extra, missing = have - want, want - have
    return f"cards not the deck: extra {sorted(map(str, extra.elements()))}, missing " + str(
        sorted(map(str, missing.elements()))
    )


def view_problems(state: Any, player: int, *, serialize: bool = True) -> list[str]:
    """The cheap view checks: own hand, public sizes; with ``serialize``, a stable dict and JSON."""
    view = state.view(player)
    problems = []
    if view.hand != state.hands[player]:
        problems.append(f"view {player} shows hand {view.hand}, not {state.hands[player]}")
    if tuple(view.hand_sizes) != tuple(map(len, state.hands)):
        problems.append(f"view {player} hand sizes {view.hand_sizes} are wrong")
    if view.stock_size != len(state.stock):
        problems.append(f"view {player} stock size {view.stock_size} is wrong")
    if not serialize:
        return problems
    data = view.to_dict()
    if HIDDEN_KEYS & data.keys():
        problems.append(f"view {player} has hidden keys {sorted(HIDDEN_KEYS & data.keys())}")
    # to_json calls to_dict again: equal JSON means a stable dict too.
    if json.loads(view.to_json()) != data:
        problems.append(f"view {player}'s JSON is not its to_dict, or to_dict is not stable")
    return problems


def redealt(state: Any, player: int, rng: random.Random) -> Any:
    """``state`` with every card hidden from ``player`` redealt at random, sizes kept.

    Once the round is over its result shows every hand's points, so only the
    stock stays hidden: the hands are kept and the stock alone is shuffled.
    Jokers the mover owes (G12) are public, so they stay in the mover's hand.
    """
    if state.result is not None:
        stock = list(state.stock)
        rng.shuffle(stock)
        return attrs.evolve(state, stock=tuple(stock))
    hidden = [c for p, hand in enumerate(state.hands) if p != player for c in hand]
    hidden.extend(state.stock)
    # Jokers taken from the table this turn (G12) are known to be in the mover's hand.
    owed = getattr(state, "jokers_owed", 0) if state.current_player != player else 0
    for _ in range(owed):
        hidden.remove(m.JOKER)
    rng.shuffle(hidden)
    hands = []
    for p, hand in enumerate(state.hands):
        if p == player:
            hands.append(hand)
        else:
            known = [m.JOKER] * owed if p == state.current_player else []
            dealt = len(hand) - len(known)
            hands.append((*known, *hidden[:dealt]))
            del hidden[:dealt]
    changes: dict[str, Any] = {"hands": hands, "stock": tuple(hidden)}
    if hasattr(state, "seed"):
        changes["seed"] = rng.randrange(2**32)
    return attrs.evolve(state, **changes)


def leak_problems(state: Any, player: int, rng: random.Random) -> list[str]:
    """Differences between ``player``'s view and that of a state redealt behind their back."""
    before = state.view(player).to_json()
    after = redealt(state, player, rng).view(player).to_json()
    if before == after:
        return []
    a, b = json.loads(before), json.loads(after)
    keys = sorted(k for k in a.keys() | b.keys() if a.get(k) != b.get(k))
    return [f"view {player} depends on hidden cards: {keys} differ ({a.get(keys[0])!r})"]


# -- illegal attempts ----------------------------------------------------------------------

#: Values that are not moves: bad text, and objects of other types.
JUNK: tuple[Any, ...] = (
    *("", "zz", "discard", "discard ZZ", "layoff 7H x", "meld", "play 7H |", "draw sideways"),
    *("swap JK -1", "layoff 7H 99999999999999999999", "discard 7H 7H", "meld 7H 7H 7H 7H 7H"),
    *(None, 42, 3.5, b"draw", ["draw"], {"move": "draw"}),
)


def _cards_not_in(hand: tuple[m.Card, ...], profile: Any) -> list[m.Card]:
    held = set(hand)
    return [c for c in dict.fromkeys(profile.deck()) if c not in held]


def _foreign_group(state: m.GameState, rng: random.Random) -> tuple[m.Card, ...]:
    """A valid group of three naturals, at least one of which the current player lacks."""
    held = set(state.hand)
    while True:
        rank = rng.choice(list(m.Rank))
        suits = rng.sample(list(m.Suit), 3)
        group = tuple(m.Card(rank, suit) for suit in suits)
        if not held.issuperset(group):
            return group


def attempts(state: Any, legal: tuple[Any, ...], rng: random.Random) -> Iterator[tuple[str, Any]]:
    """Kinds of certainly illegal attempts, each ``(kind, thunk)``; the thunk makes the attempt.

    Every thunk must raise the library's error (`IllegalMoveError` for a
    move, else `MexeMexeError`) and leave ``state`` unchanged.
    """
    n = state.players
    current = state.current_player
    hand = state.hand
    shared = not isinstance(state, mm.MauMauState) and state.profile.turn_structure != "discard"
    if legal:
        other = (current + rng.randrange(1, n)) % n
        chosen = rng.choice(legal)
        yield (
            f"out of turn: {chosen} by player {other}",
            lambda: state.apply(chosen, player=other),
        )
    bad = rng.choice([-1, n, 10**9, str(current), "x", current + 0.5])
    yield f"bad player {bad!r}", lambda: state.apply(legal[0] if legal else "draw", player=bad)
    yield f"view of bad player {bad!r}", lambda: state.view(bad)
    junk = rng.choice(JUNK)
    yield f"junk move {junk!r}", lambda: state.apply(junk)
    foreign = _cards_not_in(hand, state.profile)
    if foreign:
        absent = rng.choice(foreign)
        index = rng.randrange(len(getattr(state, "table", ())) + 1)
        if isinstance(state, mm.MauMauState):
            suit = rng.choice([None, *m.Suit])
            yield f"discard {absent} not in hand", lambda: state.apply(m.Discard(absent, suit))
        else:
            meld = [absent, *rng.sample(hand, min(2, len(hand)))]
            yield f"discard {absent} not in hand", lambda: state.apply(m.Discard(absent))
            yield f"layoff {absent} not in hand", lambda: state.apply(m.LayOff(absent, index))
            yield f"meld with {absent} not in hand", lambda: state.apply(m.LayDown(meld))
    if shared:
        melds = list(state.table.melds)
        group = _foreign_group(state, rng)
        yield f"play {group} not all in hand", lambda: state.apply(m.Play([*melds, group]))
        if hand:
            lone = rng.choice(hand)
            yield f"play lone {lone}", lambda: state.apply(m.Play([*melds, (lone,)]))
        yield "play the table unchanged", lambda: state.apply(m.Play(melds))
        if melds and hand:
            i = rng.randrange(len(melds))
            shrunk = [*melds[:i], *melds[i + 1 :], tuple(hand[:3])]
            yield "play without a table meld", lambda: state.apply(m.Play(shrunk))
    # A move of any other kind the exact list leaves out (non-play moves are all listed).
    unlisted = [move for move in _random_moves(state, rng) if move not in legal]
    if unlisted:
        yield f"unlisted {unlisted[0]}", lambda: state.apply(unlisted[0])


def _random_moves(state: Any, rng: random.Random) -> list[Any]:
    """A few random well-formed moves of every kind (not `Play`), most of them illegal."""
    cards = [*state.hand, *rng.sample(state.profile.deck(), 3)]
    index = rng.randrange(len(getattr(state, "table", ())) + 2)
    card = rng.choice(cards)
    moves = [
        m.Draw(),
        m.Draw("discard"),
        m.Pass(),
        m.Forfeit(),
        m.Discard(card, rng.choice([None, *m.Suit]), rng.random() < 0.5),
        m.LayOff(card, index),
        m.SwapJoker(card, index) if card != m.JOKER else m.Pass(),
        m.LayDown(rng.sample(cards, min(len(cards), rng.randint(1, 4)))),
    ]
    rng.shuffle(moves)
    return moves


# -- the run -------------------------------------------------------------------------------


class _Round:
    """One round being played, and the failures it records."""

    def __init__(self, game: Game, seed: int, report: Report) -> None:
        self.game = game
        self.seed = seed
        self.rng = random.Random(seed)
        self.report = report
        self.state = game.deal(self.rng)
        #: The state's JSON and an equal state rebuilt from it (`_check_state`).
        self.text = ""
        self.twin: Any = None

    def fail(
        self, check: str, message: str, move: Any = "", player: Any = None, state: Any = None
    ) -> None:
        before = state if state is not None else self.state
        self.report.failures.append(
            Failure(check, message, self.seed, before.turn, str(move), player, before.to_json())
        )

    def fail_exc(self, check: str, err: BaseException, move: Any = "", player: Any = None) -> None:
        where = traceback.extract_tb(err.__traceback__)[-1]
        place = f" at {where.filename.rsplit('/src/', 1)[-1]}:{where.lineno}"
        self.fail(check, f"{type(err).__name__}: {err}{place}", move, player)


def _first_line(text: str) -> str:
    return text.splitlines()[0] if text else text


def run_game(
    game: Game,
    moves: int,
    *,
    seed: int = 0,
    illegal_share: float = 0.5,
    leak_every: int = 10,
    max_failures: int = 2_000,
) -> Report:
    """Play ``moves`` moves of ``game`` round after round, checking after every move."""
    report = Report(game.name)
    start, cpu = time.perf_counter(), time.process_time()
    round_index = 0
    rnd: _Round | None = None
    while report.moves < moves and len(report.failures) < max_failures:
        if rnd is None:
            rnd = _Round(game, seed * 1_000_003 + round_index, report)
            round_index += 1
            report.rounds += 1
            _check_state(rnd, rnd.state, report.moves, leak_every)
        state = rnd.state
        if state.result is not None:
            _check_finished(rnd)
            rnd = None
            continue
        if state.turn >= game.max_turns:
            rnd.fail("termination", f"the round did not end in {game.max_turns} turns")
            rnd = None
            continue
        before = rnd.text
        try:
            legal = state.legal_moves()
        except Exception as err:
            rnd.fail_exc("legal_moves", err)
            rnd = None
            continue
        if not legal:
            rnd.fail("legal_moves", "a running round has no legal move")
            rnd = None
            continue
        if rnd.rng.random() < illegal_share:
            report.attempts += 1
            _illegal_attempt(rnd, legal, before)
        new = _advance(rnd, legal)
        if new is None:
            rnd = None
            continue
        if rnd.twin is not None and state != rnd.twin:
            rnd.fail("immutability", "a move changed the state it was made from", state=state)
        if new.turn < state.turn:
            rnd.fail("turn", f"the turn went back from {state.turn} to {new.turn}", state=state)
        report.moves += 1
        rnd.state = new
        _check_state(rnd, new, report.moves, leak_every)
    report.seconds = time.perf_counter() - start
    report.cpu_seconds = time.process_time() - cpu
    return report


def _advance(rnd: _Round, legal: tuple[Any, ...]) -> Any:
    """Make a move (a random legal one, else the bot's); ``None`` if no move could be made."""
    state = rnd.state
    use_bot = rnd.rng.random() < rnd.game.bot_share
    choices: list[tuple[str, Any]] = []
    if use_bot:
        try:
            choices.append(("bot move", rnd.game.bot.choose(state.view(state.current_player))))
        except Exception as err:
            rnd.fail_exc("bot", err)
    choices.append(("listed legal move", rnd.rng.choice(legal)))
    tried = set()
    for check, move in choices + [
        ("listed legal move", mv) for mv in rnd.rng.sample(legal, len(legal))
    ]:
        if move in tried:
            continue
        tried.add(move)
        try:
            return state.apply(move)
        except Exception as err:
            rnd.fail_exc(f"{check} refused", err, move)
    rnd.fail("stuck", "no listed legal move applies")
    return None


def _illegal_attempt(rnd: _Round, legal: tuple[Any, ...], before: str) -> None:
    state = rnd.state
    try:
        options = list(attempts(state, legal, rnd.rng))
    except Exception as err:  # building the attempt itself (a move's constructor) failed
        rnd.fail_exc("attempt construction", err)
        return
    kind, thunk = rnd.rng.choice(options)
    try:
        thunk()
    except m.IllegalMoveError as err:
        if not err.problems:
            rnd.fail("illegal attempt", f"{kind}: IllegalMoveError without problems: {err}")
    except m.MexeMexeError:
        pass
    except Exception as err:
        rnd.fail_exc(f"illegal attempt ({_first_line(kind)})", err)
    else:
        rnd.fail("illegal attempt", f"{kind}: accepted")
    if state.to_json() != before:
        rnd.fail("illegal attempt", f"{kind}: changed the state", state=state)


def _check_state(rnd: _Round, state: Any, moves: int, leak_every: int) -> None:
    problem = conservation_problem(state)
    if problem:
        rnd.fail("conservation", problem, state=state)
    rnd.text, rnd.twin = state.to_json(), None
    try:
        back = type(state).from_json(rnd.text)
        if back != state:
            rnd.fail("json round trip", "from_json(to_json()) differs from the state", state=state)
        else:
            rnd.twin = back
    except Exception as err:
        rnd.fail("json round trip", f"{type(err).__name__}: {err}", state=state)
    deep = moves % leak_every == 0
    for player in range(state.players):
        try:
            whole = deep or player == state.current_player
            problems = view_problems(state, player, serialize=whole)
            if deep:
                problems += leak_problems(state, player, rnd.rng)
        except Exception as err:
            problems = [f"{type(err).__name__}: {err}"]
        for text in problems:
            rnd.fail("view", text, state=state)


def _check_finished(rnd: _Round) -> None:
    state = rnd.state
    before = state.to_json()
    for move in (m.Draw(), m.Pass(), m.Forfeit(), m.Discard(rnd.rng.choice(state.profile.deck()))):
        try:
            state.apply(move)
        except m.IllegalMoveError:
            continue
        except Exception as err:
            rnd.fail_exc("finished round", err, move)
            continue
        rnd.fail("finished round", f"{move} was accepted after the round ended", move)
    if state.legal_moves():
        rnd.fail("finished round", "a finished round lists legal moves")
    if state.to_json() != before:
        rnd.fail("finished round", "a refused move changed the finished state")
