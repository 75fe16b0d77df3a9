"""Certainly illegal attempts on a state, and the check that each is refused and changes nothing."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence

from .._cards import JOKER, Card, Rank, Suit
from .._errors import IllegalMoveError, MexeMexeError, NotationError
from .._moves import Discard, Draw, Forfeit, LayDown, LayOff, Move, Pass, Play, SwapJoker
from ._checks import failure
from ._protocol import ConformingState

__all__ = ["JUNK", "check_illegal_moves_change_nothing", "illegal_attempts"]

#: Values that are not moves: malformed text, and objects of other types.
JUNK: tuple[object, ...] = (
    *("", "zz", "discard", "discard ZZ", "layoff 7H x", "meld", "play 7H |", "draw sideways"),
    *("swap JK -1", "layoff 7H 99999999999999999999", "discard 7H 7H", "meld 7H 7H 7H 7H 7H"),
    *(None, 42, 3.5, b"draw", ["draw"], {"move": "draw"}),
)

#: An attempt: what it is, and a call that makes it (and must raise the library's error).
Attempt = tuple[str, Callable[[], object]]


def _card(text: str) -> Card | None:
    try:
        return Card.parse(text)
    except (NotationError, TypeError, ValueError):
        return None


def _absent(state: ConformingState, rng: random.Random) -> Card | None:
    """A card of the deck the current player does not hold, or ``None``."""
    held = set(state.hand)
    cards = [card for card in dict.fromkeys(state.profile.deck()) if card not in held]
    return rng.choice(cards) if cards else None


def _swapped_text(move: Move, hand: Sequence[Card], absent: Card, rng: random.Random) -> str | None:
    """``move``'s text with one of its hand cards replaced by ``absent``, or ``None``."""
    words = str(move).split(" ")
    held = set(hand)
    spots = [i for i, word in enumerate(words) if _card(word) in held]
    if not spots:
        return None
    words[rng.choice(spots)] = str(absent)
    return " ".join(words)


def _foreign_group(hand: Sequence[Card], rng: random.Random) -> tuple[Card, ...]:
    """A valid group of three naturals, at least one of which the hand lacks."""
    held = set(hand)
    while True:
        rank = rng.choice(list(Rank))
        group = tuple(Card(rank, suit) for suit in rng.sample(list(Suit), 3))
        if not held.issuperset(group):
            return group


def _random_moves(state: ConformingState, rng: random.Random, table_size: int) -> list[Move]:
    """A few random well-formed moves of every kind but `Play`, most of them illegal."""
    cards = [*state.hand, *rng.sample(list(state.profile.deck()), 3)]
    index = rng.randrange(table_size + 2)
    card = rng.choice(cards)
    moves: list[Move] = [
        Draw(),
        Draw("discard"),
        Pass(),
        Forfeit(),
        Discard(card, rng.choice([None, *Suit]), rng.random() < 0.5),
        LayOff(card, index),
        SwapJoker(card, index) if card != JOKER else Pass(),
        LayDown(rng.sample(cards, min(len(cards), rng.randint(1, 4)))),
    ]
    rng.shuffle(moves)
    return moves


def illegal_attempts(state: ConformingState, rng: random.Random) -> Iterator[Attempt]:
    """Certainly illegal attempts on ``state``, each ``(what, call)``.

    A listed move by a player whose turn it is not; bad player numbers (for
    a move and for a view); malformed move text and values that are not
    moves; moves with a card the current player does not hold (a listed
    move's text with one of its hand cards replaced, a discard, a lay-off, a
    meld); on a state with a ``table``, whole-table plays that cannot be
    legal (a group not all in hand, a lone card, the table unchanged, a
    table meld dropped); and a move of another kind than `Play` that
    ``legal_moves()`` leaves out.
    """
    n, current, hand = state.players, state.current_player, state.hand
    # Untyped handles: the attempts pass values no signature admits, on purpose.
    apply: Callable[..., object] = state.apply
    view: Callable[..., object] = state.view
    legal = state.legal_moves()
    listed = set(legal)
    if legal and n > 1:
        other = (current + rng.randrange(1, n)) % n
        chosen = rng.choice(legal)
        yield f"{chosen} by player {other}, out of turn", lambda: state.apply(chosen, player=other)
    bad: object = rng.choice([-1, n, 10**9, str(current), "x", current + 0.5])
    some = legal[0] if legal else Draw()
    yield f"{some} by player {bad!r}", lambda: apply(some, player=bad)
    yield f"view of player {bad!r}", lambda: view(bad)
    junk = rng.choice(JUNK)
    yield f"the move {junk!r}", lambda: apply(junk)
    absent = _absent(state, rng)
    if absent is not None:
        swapped = (_swapped_text(move, hand, absent, rng) for move in rng.sample(legal, len(legal)))
        text = next((text for text in swapped if text is not None), None)
        if text is not None:
            yield f"{text!r} (a listed move with {absent}, not in hand)", lambda: state.apply(text)
        suit = rng.choice([None, *Suit])
        yield f"discard {absent}, not in hand", lambda: state.apply(Discard(absent, suit))
        yield f"layoff {absent}, not in hand", lambda: state.apply(LayOff(absent, 0))
        meld = [absent, *rng.sample(hand, min(2, len(hand)))]
        yield f"meld with {absent}, not in hand", lambda: state.apply(LayDown(meld))
    table = getattr(state, "table", None)
    melds: list[tuple[Card, ...]] = [] if table is None else [tuple(meld) for meld in table]
    if table is not None:
        group = _foreign_group(hand, rng)
        yield f"play {group}, not all in hand", lambda: state.apply(Play([*melds, group]))
        if hand:
            lone = rng.choice(hand)
            yield f"play a lone {lone}", lambda: state.apply(Play([*melds, (lone,)]))
        yield "play the table unchanged", lambda: state.apply(Play(melds))
        if melds and hand:
            i = rng.randrange(len(melds))
            shrunk = [*melds[:i], *melds[i + 1 :], tuple(hand[:3])]
            yield f"play without the meld {melds[i]}", lambda: state.apply(Play(shrunk))
    unlisted = [move for move in _random_moves(state, rng, len(melds)) if move not in listed]
    if unlisted:
        move = unlisted[0]
        yield f"{move}, which legal_moves() leaves out", lambda: state.apply(move)


def check_illegal_moves_change_nothing(
    state: ConformingState,
    *,
    seed: int = 0,
    attempts: int | None = None,
    before: str = "",
    twin: ConformingState | None = None,
) -> int:
    """Illegal attempts on ``state`` raise the library's error and leave it unchanged.

    Each attempt of `illegal_attempts` (or ``attempts`` of them, picked at
    random) must raise `mexemexe.IllegalMoveError` with at least one problem,
    or another `mexemexe.MexeMexeError` (bad notation, a bad player number),
    and the state must write the same JSON after it.

    Args:
        state: The state to attack (in play or finished).
        seed: Seeds the choice of attempts.
        attempts: How many attempts to make; ``None`` for one of every kind.
        before: ``state.to_json()``, if the caller has it already (it is
            written once more after each attempt, to compare).
        twin: A state equal to ``state`` sharing no mutable part with it, if
            the caller has one: compared with after each attempt instead of
            the JSON, which costs more as the round's history grows.

    Returns:
        How many attempts were made.

    Raises:
        ConformanceError: If an attempt is accepted, raises another error, or
            changes the state.
    """
    rng = random.Random(seed)
    options = list(illegal_attempts(state, rng))
    if attempts is not None:
        options = rng.sample(options, min(attempts, len(options)))
    if twin is None:
        before = before or state.to_json()
    for what, attempt in options:
        try:
            attempt()
        except IllegalMoveError as err:
            if not err.problems:
                raise failure("an illegal move says why", f"{what}: {err}", state) from err
        except MexeMexeError:
            pass
        except Exception as err:
            raise failure(
                "illegal moves raise the library's error",
                f"{what} raised {type(err).__name__}: {err}",
                state,
            ) from err
        else:
            raise failure("illegal moves are refused", f"{what} was accepted", state)
        if state != twin if twin is not None else state.to_json() != before:
            raise failure("illegal moves change nothing", f"{what} changed the state", state)
    return len(options)
