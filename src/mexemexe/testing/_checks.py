"""The invariants of one state: deck, round trips, views, the end of the round, one move."""

from __future__ import annotations

import json
import pickle
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping

import attrs

from .._cards import Card
from .._errors import IllegalMoveError, MexeMexeError
from .._moves import Move
from ._failure import ConformanceError, notation
from ._protocol import ConformingState, is_state, is_view

#: `attrs.evolve` for a class known only at run time (`redeal_hidden` checks it is an
#: attrs class), which the attrs type checker plugin cannot see.
_evolve: Callable[..., object] = attrs.evolve

__all__ = [
    "HIDDEN_KEYS",
    "check_deck_conserved",
    "check_move",
    "check_round_trips",
    "check_terminal",
    "check_view",
    "check_view_hides",
    "deck_count",
    "redeal_hidden",
]

#: Keys a view's ``to_dict`` must never have: they would hold hidden cards or hidden randomness.
HIDDEN_KEYS = frozenset({"hands", "stock", "seed"})

#: Moves a finished round must refuse, whatever the game (a discard is added per state).
_AFTER_THE_END = ("draw", "draw discard", "pass", "forfeit")


def failure(invariant: str, detail: str, state: object) -> ConformanceError:
    """A `ConformanceError` for ``invariant`` on ``state`` (shown in notation)."""
    return ConformanceError(invariant, detail, state=notation(state))


def _melds(state: ConformingState) -> Iterable[Iterable[Card]]:
    # Only games with a table of melds have one; the protocol makes it optional.
    table: Iterable[Iterable[Card]] = getattr(state, "table", ())
    return table


def deck_count(state: ConformingState) -> Counter[Card]:
    """Every card of ``state``: hands, table melds, stock and discard pile, counted."""
    counts: Counter[Card] = Counter()
    for hand in state.hands:
        counts.update(hand)
    for meld in _melds(state):
        counts.update(meld)
    counts.update(state.stock)
    counts.update(state.discard_pile)
    return counts


def _names(cards: Counter[Card]) -> list[str]:
    return sorted(map(str, cards.elements()))


def check_deck_conserved(state: ConformingState) -> None:
    """The state's cards — hands, table, stock, discard pile — are exactly its deck.

    Counted here, independently of the state's own checks.

    Raises:
        ConformanceError: If a card is missing, extra or duplicated.
    """
    have, want = deck_count(state), Counter(state.profile.deck())
    if have != want:
        raise failure(
            "deck conserved",
            f"the cards are not the deck: extra {_names(have - want)}, "
            f"missing {_names(want - have)}",
            state,
        )


def check_round_trips(state: ConformingState) -> None:
    """The state reads back equal from its JSON, its dict and its pickle.

    ``type(state).from_json(state.to_json()) == state`` and writes the same
    JSON again; ``from_dict(to_dict())`` likewise; ``to_json`` is ``to_dict``
    as JSON; ``pickle.loads(pickle.dumps(state)) == state``.

    Raises:
        ConformanceError: If any of them differs or fails.
    """
    cls = type(state)
    text = state.to_json()
    data = state.to_dict()
    if json.loads(text) != data:
        raise failure("JSON round trip", "to_json() is not to_dict() as JSON", state)
    for how, read in (
        ("from_json(to_json())", lambda: cls.from_json(text)),
        ("from_dict(to_dict())", lambda: cls.from_dict(data)),
        ("pickle.loads(pickle.dumps())", lambda: pickle.loads(pickle.dumps(state))),
    ):
        try:
            back = read()
        except Exception as err:
            raise failure("round trip", f"{how} raised {type(err).__name__}: {err}", state) from err
        if back != state:
            raise failure("round trip", f"{how} differs from the state", state)
        if back.to_json() != text:
            raise failure("round trip", f"{how} writes other JSON than the state", state)


def check_view(state: ConformingState, player: int, *, serialize: bool = True) -> None:
    """``player``'s view shows their own hand and the true public sizes.

    With ``serialize``, its ``to_dict`` has none of the `HIDDEN_KEYS` and its
    ``to_json`` is that dict (so ``to_dict`` is stable).

    Raises:
        ConformanceError: If the view shows a wrong hand or size, or a hidden key.
    """
    view = state.view(player)
    if not is_view(view):
        raise failure("views", f"view({player}) is {view!r}, not a view", state)
    if tuple(view.hand) != tuple(state.hands[player]):
        raise failure("views", f"view {player} shows the hand {view.hand}", state)
    if tuple(view.hand_sizes) != tuple(map(len, state.hands)):
        raise failure("views", f"view {player} shows hand sizes {view.hand_sizes}", state)
    if view.stock_size != len(state.stock):
        raise failure("views", f"view {player} shows a stock of {view.stock_size}", state)
    if not serialize:
        return
    data = view.to_dict()
    leaked = sorted(HIDDEN_KEYS & data.keys())
    if leaked:
        raise failure("views leak nothing hidden", f"view {player} has the keys {leaked}", state)
    # to_json calls to_dict again: equal JSON means a stable dict too.
    if json.loads(view.to_json()) != data:
        raise failure("views", f"view {player}'s JSON is not its to_dict()", state)


def _rebuilt(
    state: ConformingState,
    hands: list[tuple[Card, ...]],
    stock: tuple[Card, ...],
    seed: int | None,
) -> ConformingState | None:
    """``state`` with other hands, stock (and seed), or ``None`` if its constructor refuses them."""
    changes: dict[str, object] = {"hands": tuple(hands), "stock": stock}
    if seed is not None:
        changes["seed"] = seed
    try:
        new = _evolve(state, **changes)
    except MexeMexeError:  # e.g. a card the rules say is in a hand (an owed joker) moved out
        return None
    return new if is_state(new) else None


def redeal_hidden(
    state: ConformingState, player: int, *, seed: int = 0, tries: int = 24
) -> ConformingState | None:
    """``state`` with the cards hidden from ``player`` dealt anew, every size kept.

    The hidden cards are the other players' hands and the stock; a state
    with an integer ``seed`` field (hidden randomness) gets a new seed. The
    state's own constructor judges the result: a re-deal it refuses (a card
    the rules place in a hand, such as a joker owed, or a finished round's
    scores) is tried again, first whole, then one swap of two hidden cards
    at a time, so the re-deal stays consistent.

    Args:
        state: An `attrs` state (see `ConformingState`).
        player: The player whose view must not change.
        seed: Seeds the shuffle.
        tries: How many swaps to try once whole re-deals were refused.

    Returns:
        A different consistent state, or ``None`` if none was found (nothing hidden).

    Raises:
        ConformanceError: If the state is not an `attrs` class.
    """
    cls = type(state)
    if not attrs.has(cls):
        raise failure("protocol", f"{cls.__name__} is not an attrs class", state)
    rng = random.Random(seed)
    has_seed = "seed" in attrs.fields_dict(cls)
    places = [list(hand) for p, hand in enumerate(state.hands) if p != player]
    places.append(list(state.stock))
    owners = [p for p in range(state.players) if p != player]

    def build(cards: list[list[Card]]) -> ConformingState | None:
        hands = list(state.hands)
        for p, hand in zip(owners, cards, strict=False):
            hands[p] = tuple(sorted(hand))
        new_seed = rng.randrange(2**32) if has_seed else None
        return _rebuilt(state, hands, tuple(cards[-1]), new_seed)

    for _ in range(3):
        pool = [card for place in places for card in place]
        rng.shuffle(pool)
        dealt, start = [], 0
        for place in places:
            dealt.append(pool[start : start + len(place)])
            start += len(place)
        new = build(dealt)
        if new is not None and new != state:
            return new
    current, found = [list(place) for place in places], None
    spots = [(i, j) for i, place in enumerate(places) for j in range(len(place))]
    for _ in range(tries if len(spots) > 1 else 0):
        (a, i), (b, j) = rng.sample(spots, 2)
        if a == b or current[a][i] == current[b][j]:
            continue
        trial = [list(place) for place in current]
        trial[a][i], trial[b][j] = trial[b][j], trial[a][i]
        new = build(trial)
        if new is not None:
            current, found = trial, new
    return found


def _differences(a: Mapping[str, object], b: Mapping[str, object]) -> list[str]:
    return sorted(key for key in a.keys() | b.keys() if a.get(key) != b.get(key))


def check_view_hides(state: ConformingState, player: int, *, seed: int = 0) -> None:
    """``player``'s view is right (`check_view`) and does not depend on what they cannot see.

    The cards hidden from ``player`` are re-dealt (`redeal_hidden`); the view
    of the re-dealt state must equal the original one, and so must its
    ``to_dict()`` and its ``repr``.

    Raises:
        ConformanceError: If the view is wrong or changes with the hidden cards.
    """
    check_view(state, player)
    other = redeal_hidden(state, player, seed=seed)
    if other is None:
        return
    seen, again = state.view(player), other.view(player)
    if seen == again and seen.to_dict() == again.to_dict() and repr(seen) == repr(again):
        return
    keys = _differences(seen.to_dict(), again.to_dict())
    what = f"its to_dict() keys {keys} differ" if keys else "the views or their repr differ"
    raise failure(
        "views leak nothing hidden",
        f"player {player}'s view changed when the cards hidden from them were re-dealt: {what}",
        state,
    )


def check_terminal(state: ConformingState) -> None:
    """A round is over exactly when it has a result; then it has no move and refuses every one.

    A round in play lists a legal move. A finished one lists none, refuses
    drawing, passing, forfeiting and discarding with `IllegalMoveError`, and
    is unchanged by them. A result with ``scores`` scores every player.

    Raises:
        ConformanceError: If any of that does not hold.
    """
    over, result = state.is_over, state.result
    if over != (result is not None):
        raise failure("terminal states have results", f"is_over={over}, result={result!r}", state)
    legal = state.legal_moves()
    if not over:
        if not legal:
            raise failure("a round in play has a move", "legal_moves() is empty", state)
        return
    scores = getattr(result, "scores", None)
    if scores is not None and len(scores) != state.players:
        raise failure("terminal states have results", f"scores {scores!r}", state)
    if legal:
        raise failure("a finished round has no move", f"legal_moves() lists {legal[0]}", state)
    before = state.to_json()
    for text in (*_AFTER_THE_END, f"discard {state.profile.deck()[0]}"):
        try:
            state.apply(text)
        except IllegalMoveError:
            pass
        except Exception as err:
            raise failure(
                "a finished round refuses moves",
                f"{text!r} raised {type(err).__name__}: {err}, not IllegalMoveError",
                state,
            ) from err
        else:
            raise failure("a finished round refuses moves", f"{text!r} was accepted", state)
        if state.to_json() != before:
            raise failure("illegal moves change nothing", f"refusing {text!r} changed it", state)


def apply_checked(
    state: ConformingState, move: Move, text: str, twin: ConformingState | None
) -> ConformingState:
    """Apply ``move``: it must be accepted and leave ``state`` as ``text`` and ``twin`` show.

    ``text`` and ``twin`` are the state's JSON and the state read back from
    it, taken before the move (the caller has them from its own checks).

    Raises:
        ConformanceError: If the move is refused, returns the same object or
            no state, changes ``state`` or sends the turn counter back.
    """
    try:
        new = state.apply(move)
    except Exception as err:
        raise failure(
            "a legal move applies", f"{move} raised {type(err).__name__}: {err}", state
        ) from err
    if new is state:
        raise failure("every move returns a new state", f"{move} returned the same object", state)
    if not is_state(new):
        raise failure("every move returns a new state", f"{move} returned {new!r}", state)
    # The twin, read back from ``text``, shares nothing with the state: comparing with it
    # finds any change and costs less than writing the state's JSON again.
    changed = state != twin if twin is not None else state.to_json() != text
    if changed:
        raise failure("a move leaves the old state as it was", f"{move} changed it", state)
    if new.turn < state.turn:
        raise failure("turns never go back", f"{move} went to turn {new.turn}", state)
    return new


def check_move(state: ConformingState, move: Move | str) -> ConformingState:
    """Apply a legal ``move``: it returns a new state and leaves ``state`` equal to before.

    Returns:
        The state after the move.

    Raises:
        ConformanceError: If the move is refused, returns the same object,
            changes the old state or sends the turn counter back.
    """
    text = state.to_json()
    twin = type(state).from_json(text)
    if isinstance(move, str):
        move = Move.parse(move)
    return apply_checked(state, move, text, twin)
