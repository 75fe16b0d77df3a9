"""The immutable Mau-Mau hand: state, turn rules, view (RULES.md M1-M7).

A turn (M2): the player discards one card matching the top discard's suit or
rank — a Jack matches anything and may name the suit to follow, else its own
suit is followed (M6) — or draws
one card from the stock, as often as they like, even holding a playable
card; the turn ends only with a discard. With an empty stock the discard
pile, less its top card, is shuffled into a new stock (M3, seeded); a player
who can neither draw nor discard passes (M2 **[decision]**, the profile's
``stuck_turn``), and if every player passes in a row the hand is blocked: it
ends with no winner and no score (a safeguard the seed does not mention;
with ``stuck_turn="block"`` the first such pass blocks it).
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import chain
from typing import TYPE_CHECKING, ClassVar, cast

import attrs

from .. import _history, _pictures
from .._cards import CODE, Card, Rank, Suit, as_cards
from .._errors import IllegalMoveError, InvalidStateError, Problem
from .._fastcopy import copier, maker
from .._jsonio import loads_object
from .._moves import Discard, Draw, Move, Pass
from .._multiset import card_inserted
from .._notation import format_cards
from .._outcomes import Outcome, RoundResult, build_outcome
from .._profiles import untyped_constructor
from .._random import Seed, make_rng, shuffled
from .._roundparts import (
    current_hand,
    empty_hand_problem,
    hand_lines,
    json_text,
    player_count,
    player_count_problem,
    read_json,
    round_dict,
    round_repr,
    seen_by,
)
from .._views import FORMAT, View, read_view_cards, spectator_of
from ._checks import (
    HOSTILE,
    MAX_WORD,
    deprecated,
    is_whole,
    outcome_from_data,
    quote,
    reason_of,
    result_from_data,
    result_problems,
    tagged,
)
from ._profile import MAUMAU, MauMauProfile

if TYPE_CHECKING:
    from .._jsonio import JSONObject

__all__ = ["SCHEMA", "MauMauState", "MauMauView", "deal"]

#: The schema tag written by `MauMauState.to_dict`.
SCHEMA = "mexemexe.maumau/1"
#: The schema tag written by `MauMauView.to_dict`.
VIEW_SCHEMA = "mexemexe.maumau-view/1"


def _hands(value: object) -> tuple[tuple[Card, ...], ...]:
    if isinstance(value, (str, Mapping)) or not isinstance(value, Iterable):
        raise InvalidStateError(f"invalid Mau-Mau state: hands={quote(value)}: a list of hands")
    try:
        return tuple(tuple(sorted(as_cards(h), key=CODE)) for h in value)
    except HOSTILE as err:  # a hand that is not cards: name the field, not Python's error
        raise InvalidStateError(
            f"invalid Mau-Mau state: hands={quote(value)}: {reason_of(err)}"
        ) from err


def _named_cards(value: object, name: str) -> tuple[Card, ...]:
    """``value`` as cards, or an error naming the field ``name`` when it is not cards."""
    try:
        # Anything but cards or text fails inside, with the errors caught below.
        return as_cards(cast("Iterable[Card | str] | str", value))
    except HOSTILE as err:
        raise InvalidStateError(
            f"invalid Mau-Mau state: {name}={quote(value)}: {reason_of(err)}"
        ) from err


def _stock(value: object) -> tuple[Card, ...]:
    return _named_cards(value, "stock")


def _pile(value: object) -> tuple[Card, ...]:
    return _named_cards(value, "discard_pile")


def _suit(value: object) -> Suit | None:
    if value is None or isinstance(value, Suit):
        return value
    try:
        return Suit.parse(cast(str, value))  # anything else fails inside, caught below
    except HOSTILE as err:
        raise InvalidStateError(
            f"invalid Mau-Mau state: requested_suit={quote(value)}: a suit, or None ("
            f"{reason_of(err)})"
        ) from err


def _reshuffle_rng(seed: int, count: int) -> random.Random:
    """The generator of the ``count``-th reshuffle (M3), the same on every platform."""
    import hashlib  # on first use: it is a noticeable part of the import time

    digest = hashlib.sha256(f"mexemexe-maumau:{seed}:{count}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


@attrs.frozen(repr=False, weakref_slot=False)
class MauMauState:
    """One moment of a Mau-Mau hand; every move returns a new state.

    Attributes:
        profile: The rules.
        hands: Each player's hand, sorted.
        stock: The face-down stock, top card last.
        discard_pile: The discard pile, top card last.
        current_player: Whose turn it is.
        direction: +1 or -1; a 10 reverses it (M5).
        turn: Turns taken this hand.
        requested_suit: The suit named by the last Jack (M6), or ``None``:
            then the top card's suit or rank is followed (after a Jack that
            named no suit, its own suit, M6).
        seed: Drives the reshuffles of M3 (hidden from views).
        reshuffles: How many times the discard pile became the stock (M3).
        drawn: Cards the current player has drawn this turn (M2).
        passes: Consecutive passes (a blocked hand when everyone passes).
        last: What the previous move did.
        result: How the hand ended, once over.
        history: What every move of the hand did, oldest first (a `_history.History`
            whose newest entry is ``last``; empty for a state written
            before it was kept). Views show it as each player may see it.
    """

    profile: MauMauProfile
    hands: tuple[tuple[Card, ...], ...] = attrs.field(converter=_hands)
    stock: tuple[Card, ...] = attrs.field(converter=_stock)
    discard_pile: tuple[Card, ...] = attrs.field(converter=_pile)
    current_player: int = 0
    direction: int = 1
    turn: int = 0
    requested_suit: Suit | None = attrs.field(default=None, converter=_suit)
    seed: int = 0
    reshuffles: int = 0
    drawn: int = 0
    passes: int = 0
    last: Outcome | None = None
    result: RoundResult | None = None
    history: _history.History = attrs.field(
        default=_history.EMPTY_HISTORY, converter=_history.as_history, kw_only=True
    )

    def __attrs_post_init__(self) -> None:
        problems = self._problems()
        if problems:
            raise InvalidStateError("invalid Mau-Mau state: " + "; ".join(problems))

    def _problems(self) -> list[str]:
        """Every invariant this state breaks, each naming its field (empty if none).

        The full check, run when a state is built from outside (the
        constructor, ``attrs.evolve``, `from_dict`); the engine's own
        successors skip it (see `_successor`).
        """
        problems = _kind_problems(self)
        if problems:
            return problems  # the checks below compare and count these fields
        problems = _shape_problems(self)
        if problems:
            return problems  # the checks below index hands and value cards
        return _play_problems(self)

    def _successor(self, **changes: object) -> MauMauState:
        """A copy with ``changes`` (canonical values from the engine, not converted).

        The engine only moves cards between hands, stock and pile, so the
        state it starts from (checked in full when built) fixes the deck; a
        cheap guard still counts the cards.

        A change of ``last`` (a move's outcome) adds it to ``history``.

        Raises:
            InvalidStateError: If the card count changed (an engine bug).
        """
        if "last" in changes and "history" not in changes:
            changes["history"] = self.history.add(cast("Outcome", changes["last"]))
        return _checked(_copy_state(self, changes))

    # -- queries ---------------------------------------------------------------

    players = property(player_count)
    hand = property(current_hand)

    @property
    def top(self) -> Card:
        """The top card of the discard pile."""
        return self.discard_pile[-1]

    @property
    def is_over(self) -> bool:
        """True once the hand has ended."""
        return self.result is not None

    def playable(self, card: Card) -> bool:
        """Whether ``card`` may be discarded now (M2, M6)."""
        return _playable(card, self.top, self.requested_suit, self.profile)

    # -- moves -------------------------------------------------------------------

    def apply(self, move: Move | str, *, player: int | None = None) -> MauMauState:
        """The state after ``move`` (a `Move` or its text).

        Raises:
            IllegalMoveError: If the rules forbid it; the state is unchanged.
            NotationError: If ``move`` is text that is not a move.
        """
        if player is not None and player != self.current_player:
            raise IllegalMoveError(
                f"it is player {self.current_player}'s turn, not player {player}'s",
                [Problem("a player moves only on their own turn", self.profile.section("turn"))],
            )
        turn = _TURNS.get(type(move))  # the common case: a move of the exact type
        if turn is not None and self.result is None:
            return turn(self, move)
        if isinstance(move, str):
            move = Move.parse(move)
        return _apply(self, move)

    def draw(self, *, player: int | None = None) -> MauMauState:
        """Draw one card from the stock; the turn goes on (M2).

        Raises:
            IllegalMoveError: If there is nothing to draw, even after M3's reshuffle.
        """
        return self.apply(Draw(), player=player)

    def discard(
        self,
        card: Card | str,
        *,
        suit: Suit | str | None = None,
        announce: bool = False,
        player: int | None = None,
    ) -> MauMauState:
        """Discard a card matching the top card's suit or rank, ending the turn (M2).

        Args:
            card: The card.
            suit: With a Jack, the suit the next player must follow (M6);
                optional: with none, the Jack's own suit is followed.
            announce: Announce the last card when discarding down to one (M4).
            player: If given, the player making the move.

        Raises:
            IllegalMoveError: If the card does not match, is not held, a card
                other than a Jack names a suit, or the announcement is out of place.
        """
        return self.apply(Discard(card, suit, announce), player=player)

    def pass_turn(self, *, player: int | None = None) -> MauMauState:
        """Pass: only with nothing to draw and no playable card (M2 **[decision]**, `stuck_turn`).

        Raises:
            IllegalMoveError: If the player could draw or discard.
        """
        return self.apply(Pass(), player=player)

    def legal_moves(self, *, best: bool = True) -> tuple[Move, ...]:
        """Exactly the current player's legal moves (every draw, discard and pass).

        ``best`` is accepted for the same interface as the rummy states and
        changes nothing: the list is already complete.
        """
        if self.result is not None:
            return ()
        # What `MauMauView.legal_moves` lists for the player to move, without building the view.
        pile = self.discard_pile
        can_draw = bool(self.stock) or len(pile) > 1
        return _legal_moves(
            self.hands[self.current_player], pile[-1], self.requested_suit, self.profile, can_draw
        )

    def score(self) -> RoundResult:
        """The hand's result if over; otherwise the points each player holds now (M7)."""
        if self.result is not None:
            return self.result
        points = tuple(map(self.profile.hand_points, self.hands))
        return RoundResult("in_progress", (), points, points)

    # -- views and serialization ---------------------------------------------------

    def view(self, player: int) -> MauMauView:
        """What ``player`` may see: own hand, the discard pile, hand and stock sizes.

        Raises:
            InvalidStateError: If ``player`` is not in the hand.
        """
        hands = self.hands
        if not isinstance(player, int) or not 0 <= player < len(hands):
            raise InvalidStateError(f"no player {player!r}: players are 0-{len(hands) - 1}")
        return _make_view(
            player,
            self.profile,
            hands[player],
            tuple(map(len, hands)),
            len(self.stock),
            self.current_player,
            self.turn,
            seen_by(self.last, player),
            self.result,
            _history.SeenHistory(self.history, player),
            self.discard_pile,
            self.direction,
            self.requested_suit,
            self.drawn,
        )

    def spectator_view(self) -> MauMauView:
        """What anyone watching may see: the hand sizes, the discard pile, the result.

        A `MauMauView` with ``player`` -1 (`View.is_spectator`) and no hand,
        every drawn card hidden; it has no legal moves and rebuilds from its
        JSON as any view does.
        """
        return spectator_of(self.view(0))

    def to_dict(self) -> JSONObject:
        """A JSON-ready dict with a ``schema`` tag."""
        return round_dict(
            SCHEMA,
            self,
            stock=format_cards(self.stock),
            discard_pile=format_cards(self.discard_pile),
            current_player=self.current_player,
            direction=self.direction,
            turn=self.turn,
            requested_suit=None if self.requested_suit is None else self.requested_suit.value,
            seed=self.seed,
            reshuffles=self.reshuffles,
            drawn=self.drawn,
            passes=self.passes,
            last=None if self.last is None else self.last.to_dict(),
            result=None if self.result is None else self.result.to_dict(),
            history=_history.history_json(self.history),
        )

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> MauMauState:
        """Rebuild from `to_dict` output, checking everything.

        Numbers must be whole numbers and cards notation, as `to_dict` writes
        them: nothing is coerced, so a state read back writes out the same.

        Raises:
            InvalidStateError: If the data is malformed (a missing key, a value
                of the wrong kind, bad notation) or breaks an invariant of the
                state (conservation of the deck, a player out of range, a suit
                named without a Jack, a result the hands do not give …),
                naming the field.
        """
        data = tagged(data, SCHEMA, "state")
        try:
            found = {key: data[key] for key in _COUNTERS}
            ints: dict[str, int] = {}
            for key, value in found.items():
                if not is_whole(value):
                    raise InvalidStateError(f"{key}: expected an integer, got {quote(value)}")
                ints[key] = value
            hands = data["hands"]
            if not isinstance(hands, list) or not all(isinstance(h, str) for h in hands):
                raise InvalidStateError(f"hands={quote(hands)}: a list of hands in notation")
            for key in ("stock", "discard_pile"):
                if not isinstance(data[key], str):
                    raise InvalidStateError(f"{key}={quote(data[key])}: cards in notation")
            suit = data.get("requested_suit")
            if suit is not None and not isinstance(suit, str):
                raise InvalidStateError(f"requested_suit={quote(suit)}: a suit letter or None")
            last, result = data.get("last"), data.get("result")
            return cls(
                profile=MauMauProfile.from_dict(data["profile"]),
                hands=hands,
                stock=data["stock"],
                discard_pile=data["discard_pile"],
                requested_suit=suit,
                last=None if last is None else outcome_from_data(last, "last"),
                result=None if result is None else result_from_data(result, "result"),
                # A state written before the history was kept reads with none.
                history=_history.history_from_json(data.get("history")),
                **ints,
            )
        except InvalidStateError:
            raise
        except HOSTILE as err:  # bad notation, a bad profile, or Python's own errors
            raise InvalidStateError(f"invalid state data: {reason_of(err)}") from err

    def to_json(self, **kwargs: object) -> str:
        """`to_dict` as JSON text (keyword arguments go to `json.dumps`)."""
        return json_text(self, **kwargs)

    @classmethod
    def from_json(cls, text: str) -> MauMauState:
        """Rebuild from `to_json` output; `from_dict` checks everything.

        Raises:
            InvalidStateError: If the text is not JSON or not a valid state.
        """
        return read_json(cls.from_dict, text, "state")

    def __str__(self) -> str:
        lines = [
            f"Mau-Mau hand, turn {self.turn}, player {self.current_player} to move"
            if self.result is None
            else f"Mau-Mau hand over ({self.result.reason}), winners {list(self.result.winners)}",
            f"top card: {self.top.unicode()}"
            + (f", suit to follow: {self.requested_suit.unicode}" if self.requested_suit else ""),
        ]
        lines += hand_lines(self.hands, self.current_player, self.is_over)
        lines.append(
            f"stock: {len(self.stock)} cards, direction {'+' if self.direction > 0 else '-'}"
        )
        return "\n".join(lines)

    def _repr_svg_(self) -> str:
        """A picture for Jupyter: the discard pile and every hand."""
        return _pictures.svg("state", self)

    def __repr__(self) -> str:
        return round_repr(self, f"top={self.top} stock={len(self.stock)}")


#: The whole-number fields of a state.
_COUNTERS = ("current_player", "direction", "turn", "seed", "reshuffles", "drawn", "passes")


def _kind_problems(state: MauMauState) -> list[str]:
    """The fields that do not hold their kind of value (the checks after these compare them)."""
    problems = [
        f"{name}={quote(getattr(state, name))}: a whole number"
        for name in _COUNTERS
        if not is_whole(getattr(state, name))
    ]
    if not isinstance(state.profile, MauMauProfile):
        problems.append(f"profile={quote(state.profile)}: a MauMauProfile")
    if state.last is not None and not isinstance(state.last, Outcome):
        problems.append(f"last={quote(state.last)}: an Outcome or None")
    if state.result is not None:
        if isinstance(state.profile, MauMauProfile):
            n = len(state.hands)
            problems.extend(result_problems(state.result, n, state.profile, "result"))
        elif not isinstance(state.result, RoundResult):
            problems.append(f"result={quote(state.result)}: a RoundResult or None")
    return problems


def _shape_problems(state: MauMauState) -> list[str]:
    """Player count, counters and the deck (M1, §0 conservation)."""
    profile = state.profile
    problems = []
    n = len(state.hands)
    problem = player_count_problem(n, profile, "Mau-Mau", profile.section("deal"))
    if problem is not None:
        problems.append(problem)
    if not 0 <= state.current_player < max(n, 1):
        problems.append(f"current_player={quote(state.current_player)}: not a player of 0-{n - 1}")
    if state.direction not in (1, -1):
        problems.append(
            f"direction={quote(state.direction)}: +1 or -1 ({profile.section('special')})"
        )
    for name in _COUNTERS[2:]:
        value = getattr(state, name)
        if not 0 <= value < MAX_WORD:
            problems.append(f"{name}={quote(value)}: from 0 to 2**63 - 1")
    if not state.discard_pile:
        problems.append(f"discard_pile: never empty ({profile.section('deal')})")
    codes = sorted(
        map(CODE, chain(chain.from_iterable(state.hands), state.stock, state.discard_pile))
    )
    if codes != profile._deck_codes:
        problems.append(_deck_problem(state))
    return problems


def _deck_problem(state: MauMauState) -> str:
    """What the hands, stock and pile hold beyond the deck or lack of it (§0 conservation)."""
    held = Counter(chain(chain.from_iterable(state.hands), state.stock, state.discard_pile))
    deck = Counter(state.profile.deck())
    extra = sorted((held - deck).elements(), key=CODE)
    missing = sorted((deck - held).elements(), key=CODE)
    parts = []
    for what, cards in (("not in the deck or too many", extra), ("missing", missing)):
        if cards:
            more = f" and {len(cards) - 8} more" if len(cards) > 8 else ""
            shown = format_cards(cards[:8]) + more
            parts.append(f"{what}: {shown}")
    return "hands, stock and discard_pile are not the Mau-Mau deck (conservation, §0): " + (
        "; ".join(parts)
    )


def _play_problems(state: MauMauState) -> list[str]:
    """What the rules of play allow a reachable state to be (M2, M6, M7)."""
    profile = state.profile
    problems = []
    n = len(state.hands)
    top = state.discard_pile[-1]
    result = state.result
    if state.requested_suit is not None and top.rank != profile.wild_rank:
        problems.append(
            f"requested_suit={state.requested_suit.value}: a suit is named only on a Jack, "
            f"and the top discard is {top} ({profile.section('wild')})"
        )
    held = len(state.hands[state.current_player])
    if state.drawn > held:
        problems.append(
            f"drawn={state.drawn}: more cards drawn this turn than the {held} the current "
            f"player holds ({profile.section('turn')})"
        )
    # A player passes only with nothing to draw (M2 [decision]), and the next
    # one cannot draw either, so passes in a row leave stock and pile as they were.
    if state.passes > n:
        problems.append(f"passes={state.passes}: more passes in a row than {n} players")
    elif state.passes and (state.stock or len(state.discard_pile) > 1):
        problems.append(
            f"passes={state.passes}: a player passes only when there is nothing to draw, "
            f"but stock and discard_pile hold {len(state.stock) + len(state.discard_pile) - 1} "
            f"cards to draw ({profile.section('turn')})"
        )
    last = state.last
    if last is not None:
        if not is_whole(last.player) or not 0 <= last.player < n:
            problems.append(f"last.player={quote(last.player)}: not a player of 0-{n - 1}")
        if type(last.move) not in _TURNS:
            problems.append(f"last.move={quote(str(last.move))}: not a Mau-Mau move")
        if last.hidden_draws != 0:
            problems.append(f"last.hidden_draws={quote(last.hidden_draws)}: 0 in a full state")
    if not isinstance(state.history, _history.History):
        problems.append(f"history={quote(state.history)}: a _history.History")
    else:
        problems.extend(
            _history.history_problems(
                state.history, last, state.turn, n, result is not None, MauMauView.TURN_ENDS
            )
        )
    if result is None:
        if state.passes >= _passes_to_block(state):
            problems.append(f"passes={state.passes}: the hand is blocked, so it is over")
        problem = empty_hand_problem(state.hands, "hand", profile.section("score"))
        return problems if problem is None else [*problems, problem]
    return problems + _result_problems(state, result)


def _result_problems(state: MauMauState, result: RoundResult) -> list[str]:
    """``result`` against the hands it was counted from (M7), recomputed."""
    profile = state.profile
    problems = []
    n = len(state.hands)
    values = profile._values  # `card_value` by card code
    points = tuple(sum(values[c.code] for c in hand) for hand in state.hands)
    if result.hand_points != points:
        problems.append(
            f"result.hand_points={quote(result.hand_points)}: the hands hold {quote(points)} "
            f"({profile.section('score')})"
        )
    if result.reason == "blocked":
        block = _passes_to_block(state)
        if state.passes != block:
            problems.append(
                f"result.reason='blocked': the hand is blocked when {block} of {n} players pass "
                f"in a row, not {state.passes} ({profile.section('turn')})"
            )
        return problems
    winner = result.winners[0]
    if winner != state.current_player or state.hands[winner]:
        problems.append(
            f"result.winners={quote(result.winners)}: the winner is the player to move "
            f"({state.current_player}), whose hand is empty ({profile.section('score')})"
        )
    if state.requested_suit is not None:
        problems.append(
            f"requested_suit={state.requested_suit.value}: no suit is named once a player "
            f"went out ({profile.section('wild')})"
        )
    top = state.discard_pile[-1]
    multiplier = profile.wild_finish_multiplier if top.rank == profile.wild_rank else 1
    if result.multiplier != multiplier:
        problems.append(
            f"result.multiplier={quote(result.multiplier)}: {multiplier} for a hand that ended "
            f"on {top} ({profile.section('score')})"
        )
    return problems


_copy_state = copier(MauMauState)
_make_state = maker(MauMauState)


def _checked(new: MauMauState) -> MauMauState:
    """``new``, after the cheap guard of `MauMauState._successor` (the card count)."""
    count = sum(map(len, new.hands)) + len(new.stock) + len(new.discard_pile)
    if count != len(new.profile._deck_codes):  # pragma: no cover - an engine bug
        raise InvalidStateError("invalid Mau-Mau state: " + "; ".join(new._problems()))
    return new


@attrs.frozen(repr=False, weakref_slot=False, kw_only=True)
class MauMauView(View[MauMauProfile]):
    """What one Mau-Mau player may see: never other hands, the stock order or the seed.

    The fields every game's view holds come from the common `View`; this
    class adds the face-up discard pile and the turn's public state.

    Attributes:
        player: Whose view this is.
        profile: The rules.
        hand: This player's hand.
        hand_sizes: Every player's hand size.
        stock_size: Cards in the stock.
        current_player: Whose turn it is.
        turn: Turns taken.
        last: The previous move, other players' drawn cards hidden.
        result: The hand's result, once over.
        discard_pile: The discard pile (face up), top card last.
        direction: +1 or -1.
        requested_suit: The suit a Jack named (M6), if any.
        drawn: Cards the current player drew this turn.
    """

    discard_pile: tuple[Card, ...]
    direction: int
    requested_suit: Suit | None
    drawn: int

    SCHEMA: ClassVar[str] = VIEW_SCHEMA
    # A draw leaves the turn to its player (M2): a discard or a pass ends it.
    TURN_ENDS: ClassVar[tuple[type[Move], ...] | None] = (Discard, Pass)

    @property
    def top(self) -> Card:
        """The top discard."""
        return self.discard_pile[-1]

    def legal_moves(self, *, best: bool = True) -> tuple[Move, ...]:
        """Exactly the legal moves on this player's turn (else ``()``); ``best`` changes nothing."""
        if not self.my_turn:
            return ()
        can_draw = bool(self.stock_size) or len(self.discard_pile) > 1
        return _legal_moves(self.hand, self.top, self.requested_suit, self.profile, can_draw)

    def to_dict(self) -> JSONObject:
        """A JSON-ready dict, safe to send to this player (the rules' settings included)."""
        return {
            "schema": VIEW_SCHEMA,
            "player": self.player,
            "hand": format_cards(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "stock_size": self.stock_size,
            "discard_pile": format_cards(self.discard_pile),
            "current_player": self.current_player,
            "direction": self.direction,
            "turn": self.turn,
            "requested_suit": None if self.requested_suit is None else self.requested_suit.value,
            "drawn": self.drawn,
            "last": None if self.last is None else self.last.to_dict(),
            "result": None if self.result is None else self.result.to_dict(),
            "history": _history.history_json(self.history),
            "profile": self.profile.to_dict(),
            "format": FORMAT,
        }

    @classmethod
    def from_json(cls, text: str, *, profile: MauMauProfile | None = None) -> MauMauView:
        """Rebuild a view from `to_json` output, with the rules as `from_dict` takes them.

        Raises:
            InvalidStateError: If the text is not JSON or not a valid view.
        """
        return cls.from_dict(loads_object(text, "view"), profile=profile)

    @classmethod
    def from_dict(
        cls, data: Mapping[str, object], *, profile: MauMauProfile | None = None
    ) -> MauMauView:
        """Rebuild a view from `to_dict` output, checking it.

        The rules are read from the data's ``profile``, or given as
        ``profile`` (views written before the rules were added to them read
        as `MAUMAU`); ``format`` may be absent.

        Raises:
            InvalidStateError: If the data is not a Mau-Mau view, or one no
                hand could show (a player out of range, a hand of the wrong
                size, more copies than the deck holds, counts that are not
                the deck, another player's drawn cards, a suit named without a
                Jack on top …); the message names the field.
        """
        data = View._tagged(data, VIEW_SCHEMA)
        try:
            fields = View._common_fields(data)
            found = data.get("profile")
            rules = profile if profile is not None else MAUMAU
            if found is not None and profile is None:
                rules = MauMauProfile.from_dict(found)
            suit = data.get("requested_suit", None)
            if suit is not None and not isinstance(suit, str):
                raise InvalidStateError(f"requested_suit={quote(suit)}: a suit letter or None")
            for key in ("direction", "drawn"):
                if not is_whole(data.get(key)):
                    raise InvalidStateError(f"{key}={quote(data.get(key))}: a whole number")
            # Untyped: the common fields are checked together by `_checked` below.
            view: MauMauView = untyped_constructor(cls)(
                profile=rules,
                discard_pile=read_view_cards(data, "discard_pile"),
                direction=data["direction"],
                requested_suit=None if suit is None else Suit.parse(suit),
                drawn=data["drawn"],
                **fields,
            )
        except InvalidStateError:
            raise
        except HOSTILE as err:  # bad notation, a bad profile, or Python's own errors
            raise InvalidStateError(f"invalid view data: {reason_of(err)}") from err
        view._checked()
        return view

    def _problems(self) -> list[str]:
        """The common checks of `View`, then the pile, direction, named suit and draws (M2, M6)."""
        problems = self._common_problems(self.discard_pile)
        profile = self.profile
        if not self.discard_pile:
            return [*problems, f"discard_pile: never empty ({profile.section('deal')})"]
        if self.direction not in (1, -1):
            problems.append(f"direction={quote(self.direction)}: +1 or -1")
        if self.requested_suit is not None and self.top.rank != profile.wild_rank:
            problems.append(
                f"requested_suit={self.requested_suit.value}: a suit is named only on a Jack "
                f"({profile.section('wild')})"
            )
        if not problems and not 0 <= self.drawn <= self.hand_sizes[self.current_player]:
            problems.append(
                f"drawn={self.drawn}: not more than the current player holds "
                f"({profile.section('turn')})"
            )
        return problems

    def __repr__(self) -> str:
        return f"<MauMauView player={self.player} hand={format_cards(self.hand)!r} top={self.top}>"


_make_view = maker(MauMauView)

#: What a discard names (M6): each suit or none for a Jack, nothing for another card.
_JACK_SUITS: tuple[Suit | None, ...] = (*Suit, None)
_PLAIN: tuple[Suit | None, ...] = (None,)


# -- the turn ------------------------------------------------------------------------


def _playable(card: Card, top: Card, requested: Suit | None, profile: MauMauProfile) -> bool:
    if card.rank == profile.wild_rank:
        return True
    if requested is not None:
        return card.suit is requested
    return card.suit is top.suit or card.rank == top.rank


#: Ranks by number, to compare a card's rank by identity; 0 (no such rank) is one no card has.
_RANKS: tuple[object, ...] = (object(), *Rank)
#: The moves that play one card, by ``code * 4 + 2 * wild + last`` (see `_legal_moves`).
_DISCARDS: dict[int, tuple[Move, ...]] = {}
_DRAW = Draw()
_PASS = Pass()


def _legal_moves(
    hand: Sequence[Card],
    top: Card,
    requested: Suit | None,
    profile: MauMauProfile,
    can_draw: bool,
) -> tuple[Move, ...]:
    """The legal moves of the player to move holding ``hand`` (M2, M4, M6).

    A draw if ``can_draw``; each distinct playable card, a Jack with each suit
    named and then none (naming none and naming its own suit leave the same
    cards playable but are distinct moves, ``discard JH`` and ``discard JH
    H``), each also announced when it leaves one card (M4); else a pass.
    Moves are values, so each card's are built once and shared.
    """
    moves: list[Move] = [_DRAW] if can_draw else []
    # What `_playable` says (M2, M6), spelled out for this hot path; ranks and
    # suits are enum members, compared by identity.
    wild = _RANKS[profile.wild_rank]
    follow = requested if requested is not None else top.suit
    rank = top.rank if requested is None else _RANKS[0]
    playable = [c for c in hand if c.suit is follow or c.rank is rank or c.rank is wild]
    last = len(hand) == 2
    keys: set[int] = set()  # each card once, however many copies are held
    for card in playable:
        key = card.code * 4 + 2 * (card.rank is wild) + last
        if key in keys:
            continue
        keys.add(key)
        found = _DISCARDS.get(key)
        if found is None:
            suits = _JACK_SUITS if card.rank is wild else _PLAIN
            announced = (False, True) if last else (False,)
            found = _DISCARDS[key] = tuple(
                Discard(card, suit, flag) for suit in suits for flag in announced
            )
        moves.extend(found)
    if not can_draw and not playable:
        moves.append(_PASS)
    return tuple(moves)


def _illegal(state: MauMauState, what: str, message: str, key: str = "turn") -> IllegalMoveError:
    return IllegalMoveError(what, [Problem(message, state.profile.section(key))])


def _take(
    state: MauMauState, stock: tuple[Card, ...], pile: tuple[Card, ...], count: int, reshuffles: int
) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], int]:
    """Draw ``count`` cards, reshuffling the pile under its top card when the stock runs out (M3).

    Returns the drawn cards, the stock, the pile and the reshuffle count; fewer
    cards are drawn if stock and pile run dry.
    """
    if len(stock) >= count:  # the common case: no reshuffle, one copy of the stock
        return stock[: -count - 1 : -1], stock[: len(stock) - count], pile, reshuffles
    drawn: list[Card] = []
    for _ in range(count):
        if not stock:
            if len(pile) < 2:
                break
            stock = tuple(shuffled(pile[:-1], _reshuffle_rng(state.seed, reshuffles)))
            pile = pile[-1:]
            reshuffles += 1
        drawn.append(stock[-1])
        stock = stock[:-1]
    return tuple(drawn), stock, pile, reshuffles


def _with(
    hands: tuple[tuple[Card, ...], ...], player: int, hand: Iterable[Card]
) -> tuple[tuple[Card, ...], ...]:
    return _replaced(hands, player, tuple(sorted(hand, key=CODE)))


def _replaced(
    hands: tuple[tuple[Card, ...], ...], player: int, hand: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    """``hands`` with ``player``'s hand replaced by ``hand`` (already sorted)."""
    out = list(hands)
    out[player] = hand
    return tuple(out)


def _apply(state: MauMauState, move: Move) -> MauMauState:
    if state.result is not None:
        raise _illegal(state, f"cannot {move}", "the hand is over", "score")
    # A subclass of a move type is that move (the exact types are looked up in `apply`).
    turn = next((turn for kind, turn in _TURNS.items() if isinstance(move, kind)), None)
    if turn is None:
        raise _illegal(
            state, f"'{move}' is not a Mau-Mau move", "a turn is draws, then one discard"
        )
    return turn(state, move)


def _draw(state: MauMauState, move: Draw) -> MauMauState:
    if move.source != "stock":
        raise _illegal(state, f"cannot {move}", "cards are drawn from the stock only", "turn")
    player = state.current_player
    stock, pile, reshuffles = state.stock, state.discard_pile, state.reshuffles
    hands = state.hands
    note = ""
    if stock:  # the common case
        drawn: tuple[Card, ...] = stock[-1:]
        stock = stock[:-1]
    else:
        drawn, stock, pile, reshuffles = _take(state, stock, pile, 1, reshuffles)
        if not drawn:
            raise _illegal(
                state,
                "cannot draw",
                "the stock is empty and there is nothing to reshuffle",
                "stock",
            )
        note = f"the discard pile was reshuffled into the stock ({state.profile.section('stock')})"
    outcome = build_outcome(player, move, drawn, (), False, note, 0)
    # The hot path: every field written out, in order (see `_successor`).
    new = _make_state(
        state.profile,
        _replaced(hands, player, card_inserted(hands[player], drawn[0])),
        stock,
        pile,
        player,
        state.direction,
        state.turn,
        state.requested_suit,
        state.seed,
        reshuffles,
        state.drawn + 1,
        state.passes,
        outcome,
        None,
        state.history.add(outcome),
    )
    # A plain draw moves one card from the stock to the hand and nothing else,
    # so it skips the card-count guard of `_successor`; a reshuffle is counted.
    return _checked(new) if note else new


def _pass(state: MauMauState, move: Pass) -> MauMauState:
    can_draw = bool(state.stock) or len(state.discard_pile) > 1
    if can_draw or any(state.playable(c) for c in state.hand):
        why = "draw a card instead" if can_draw else "a card in the hand can be played"
        raise _illegal(state, "cannot pass", f"passing is only for a player who cannot move: {why}")
    player = state.current_player
    passes = state.passes + 1
    outcome = Outcome(player, move)
    if passes >= _passes_to_block(state):
        points = tuple(map(state.profile.hand_points, state.hands))
        result = RoundResult("blocked", (), points, (0,) * state.players)
        return state._successor(turn=state.turn + 1, passes=passes, last=outcome, result=result)
    return state._successor(
        current_player=(player + state.direction) % state.players,
        turn=state.turn + 1,
        passes=passes,
        drawn=0,
        last=outcome,
    )


def _passes_to_block(state: MauMauState) -> int:
    """The passes in a row that block the hand (M2 **[decision]**, `stuck_turn`)."""
    return state.players if state.profile.stuck_turn == "pass" else 1


def _discard(state: MauMauState, move: Discard) -> MauMauState:
    profile = state.profile
    player = state.current_player
    card = move.card
    held = state.hands[player]
    # The hand is sorted by code: find the card by bisection (`card_without`, faster).
    code = card.code
    i = bisect_left(held, code, key=CODE)
    if i == len(held) or held[i].code != code:
        raise _illegal(state, f"cannot {move}", f"{card} is not in the hand")
    rest = held[:i] + held[i + 1 :]
    top = state.discard_pile[-1]
    requested = state.requested_suit
    if not _playable(card, top, requested, profile):
        need = (
            f"the named suit {requested.unicode}"
            if requested is not None
            else f"the suit or rank of {top}"
        )
        rule = "turn" if requested is None else "wild"  # M2, or M6's named suit
        raise _illegal(state, f"cannot {move}", f"{card} does not match {need}", rule)
    # A Jack may name the suit to follow (M6); named or not, `requested_suit`
    # holds what it named, and with none the Jack's own suit is followed
    # (`_playable` on a Jack on top with no suit named).
    wild = card.rank == profile.wild_rank
    if not wild and move.suit is not None:
        raise _illegal(state, f"cannot {move}", "only a Jack names a suit", "wild")
    hand = rest
    if move.announce and len(hand) != 1:
        raise _illegal(
            state,
            f"cannot {move}",
            f"the last card is announced when one is left, not {len(hand)}",
            "last",
        )
    pile = state.discard_pile + (card,)  # noqa: RUF005 - one copy (unpacking makes two)
    hands = _replaced(state.hands, player, hand)  # still sorted
    if len(hand) > 1 and profile._plain[code]:
        # The hot path: one card from the hand to the pile, with no effect on
        # the others (no M4 penalty, no M5 card). It moves one card and nothing
        # else, so it skips the card-count guard of `_successor`.
        outcome = build_outcome(player, move, (), (), False, "", 0)
        return _make_state(
            profile,
            hands,
            state.stock,
            pile,
            (player + state.direction) % len(hands),
            state.direction,
            state.turn + 1,
            move.suit if wild else None,
            state.seed,
            state.reshuffles,
            0,
            0,
            outcome,
            None,
            state.history.add(outcome),
        )
    stock, reshuffles = state.stock, state.reshuffles
    notes: list[str] = []
    if not hand:
        return _end_hand(state, move, hands, stock, pile, reshuffles)
    took = False  # whether cards were drawn (then the card-count guard runs)
    if len(hand) == 1 and not move.announce and profile.last_card_penalty:
        took = True
        drawn, stock, pile, reshuffles = _take(
            state, stock, pile, profile.last_card_penalty, reshuffles
        )
        hands = _with(hands, player, (*hand, *drawn))
        notes.append(
            f"the last card was not announced: drew {len(drawn)} ({profile.section('last')})"
        )
    n = len(hands)
    direction = state.direction
    step = 1
    if card.rank == profile.reverse_rank:
        direction = -direction
        notes.append(f"direction reversed ({profile.section('special')})")
    elif card.rank == profile.skip_rank:
        step = 2
        notes.append(f"player {(player + direction) % n} is skipped ({profile.section('special')})")
    elif card.rank == profile.draw_rank:
        victim = (player + direction) % n
        took = True
        drawn, stock, pile, reshuffles = _take(state, stock, pile, profile.draw_count, reshuffles)
        hands = _with(hands, victim, (*hands[victim], *drawn))
        step = 2
        notes.append(
            f"player {victim} draws {len(drawn)} and loses the turn ({profile.section('special')})"
        )
    outcome = build_outcome(player, move, (), (), False, "; ".join(notes), 0)
    new = _make_state(
        profile,
        hands,
        stock,
        pile,
        (player + step * direction) % n,
        direction,
        state.turn + 1,
        move.suit if wild else None,
        state.seed,
        reshuffles,
        0,
        0,
        outcome,
        None,
        state.history.add(outcome),
    )
    # Without a draw the move took one card from the hand to the pile and
    # nothing else (as on the hot path); a draw is counted by the guard.
    return _checked(new) if took else new


#: The moves by their exact type (`MauMauState.apply` looks here first; `_apply`
#: also takes text and subclasses).
#: A turn as the table holds it: each is looked up by the move's type, so it is
#: only ever given a move of the type it declares (the casts below say so).
_Turn = Callable[[MauMauState, object], MauMauState]
_TURNS: dict[type, _Turn] = {
    Draw: cast("_Turn", _draw),
    Discard: cast("_Turn", _discard),
    Pass: cast("_Turn", _pass),
}


def _end_hand(
    state: MauMauState,
    move: Discard,
    hands: tuple[tuple[Card, ...], ...],
    stock: tuple[Card, ...],
    pile: tuple[Card, ...],
    reshuffles: int,
) -> MauMauState:
    """Going out ends the hand (M7): end-of-hand draws, then counting."""
    profile = state.profile
    winner = state.current_player
    n = state.players
    card = move.card
    # Held cards of the draw rank, counted by code (rank major: ``code >> 2 == rank - 1``).
    draw_index = profile.draw_rank - 1
    held = [[c.code >> 2 for c in h].count(draw_index) if profile.draw_rank else 0 for h in hands]
    for k in range(1, n):
        player = (winner + k) % n
        count = held[player] * profile.held_draw_rank_count
        if card.rank == profile.draw_rank:
            count += profile.draw_finish_count
        if count:
            drawn, stock, pile, reshuffles = _take(state, stock, pile, count, reshuffles)
            hands = _with(hands, player, (*hands[player], *drawn))
    multiplier = profile.wild_finish_multiplier if card.rank == profile.wild_rank else 1
    values = profile._values  # `card_value` by card code
    points = tuple(sum([values[c.code] for c in h]) for h in hands)
    scores = tuple(p * multiplier for p in points)
    result = RoundResult("out", (winner,), points, scores, multiplier)
    note = f"player {winner} went out ({profile.section('score')})"
    return state._successor(
        hands=hands,
        stock=stock,
        discard_pile=pile,
        reshuffles=reshuffles,
        turn=state.turn + 1,
        requested_suit=None,
        drawn=0,
        last=Outcome(winner, move, note=note),
        result=result,
    )


# -- dealing -----------------------------------------------------------------------------


def deal(
    rules: MauMauProfile | int = MAUMAU,
    /,
    players: int | None = None,
    *,
    seed: Seed,
    profile: MauMauProfile | None = None,
    hands: Sequence[Iterable[Card | str] | str] | None = None,
    discard_pile: Iterable[Card | str] | str | None = None,
    first_player: int = 0,
) -> MauMauState:
    """Deal a Mau-Mau hand reproducibly (M1): 7 cards each in turn order, top card turned.

    The arguments come in the order of the rummy `mexemexe.deal`: the
    rules, then the player count, then the seed and the rest by keyword.
    A stacked deal gives the hands (and optionally the discard pile, top card
    last); the rest of the deck is shuffled into the stock.

    Examples:
        >>> state = deal(MAUMAU, 4, seed=7)
        >>> [len(h) for h in state.hands], len(state.stock), len(state.discard_pile)
        ([7, 7, 7, 7], 75, 1)

    Args:
        rules: The rules (by position); ``profile=`` names them by keyword.
            A player count here is the old order, ``deal(players, seed=...,
            profile=...)``, still read but deprecated.
        players: How many players (or give the stacked ``hands``).
        seed: The deal seed.
        profile: The rules, by keyword.
        hands: A stacked deal's hands.
        discard_pile: A stacked deal's discard pile, top card last.
        first_player: Who is dealt to first and moves first.

    Raises:
        InvalidStateError: If the player count is outside 2-10, a stacked deal
            uses more copies than the deck holds, ``first_player`` is not a
            player, or the rules are given twice and differ.
    """
    if not isinstance(rules, MauMauProfile):  # the old order: deal(players, *, seed, profile)
        deprecated(
            "maumau.deal(players, seed=..., profile=...) is deprecated: pass the rules "
            "first, as mexemexe.deal does: maumau.deal(profile, players, seed=...)"
        )
        if players is None:
            players = rules
        rules = MAUMAU
    elif profile is not None and profile != rules and rules is not MAUMAU:
        raise InvalidStateError(f"deal got the rules twice: {rules.name!r} and {quote(profile)}")
    profile = rules if profile is None else profile
    if not isinstance(profile, MauMauProfile):
        raise InvalidStateError(f"profile={quote(profile)}: a MauMauProfile")
    try:
        rng = make_rng(seed)
        count = len(hands) if hands is not None else players
    except TypeError as err:  # a seed or stacked hands of the wrong kind
        raise InvalidStateError(f"cannot deal: {reason_of(err)}") from err
    if count is None:
        raise InvalidStateError("deal needs players=N (or stacked hands=[...])")
    if not is_whole(count) or abs(count) >= MAX_WORD:  # before the message writes it out
        raise InvalidStateError(f"players={quote(count)}: a number of players")
    problem = profile.players_problem(count)
    if problem is not None:
        raise InvalidStateError(problem)
    if not is_whole(first_player) or not 0 <= first_player < count:
        raise InvalidStateError(
            f"first_player {quote(first_player)} is not a player (0-{count - 1})"
        )
    if hands is None:
        cards = shuffled(profile.deck(), rng)
        dealt: list[list[Card]] = [[] for _ in range(count)]
        for _ in range(dict(profile.hand_sizes)[count]):
            for k in range(count):
                dealt[(first_player + k) % count].append(cards.pop())
        pile = [cards.pop()]
        stock = cards
    else:
        try:
            dealt = [list(as_cards(h)) for h in hands]
            pile = list(as_cards(discard_pile)) if discard_pile is not None else []
        except (TypeError, AttributeError, RecursionError) as err:  # not cards at all
            raise InvalidStateError(f"a stacked deal: {reason_of(err)}") from err
        rest = list(profile.deck())
        for card in chain(chain.from_iterable(dealt), pile):
            if card not in rest:
                raise InvalidStateError(
                    f"a stacked deal uses more copies of {card} than the deck holds"
                )
            rest.remove(card)
        stock = shuffled(rest, rng)
        if not pile:
            pile = [stock.pop()]
    if hands is None:
        # Built from the profile's own deck, shuffled: the counts hold by
        # construction, so the cheap guard of the engine's moves is enough.
        state = _checked(
            _make_state(
                profile,
                tuple(tuple(sorted(h, key=CODE)) for h in dealt),
                tuple(stock),
                tuple(pile),
                first_player,
                1,
                0,
                None,
                rng.getrandbits(63),
                0,
                0,
                0,
                None,
                None,
                _history.EMPTY_HISTORY,
            )
        )
    else:
        state = MauMauState(
            profile, dealt, stock, pile, current_player=first_player, seed=rng.getrandbits(63)
        )
    return _start_effect(state) if profile.special_start_card else state


def _start_effect(state: MauMauState) -> MauMauState:
    """The starting card's effect on the first player, for profiles that want it (M1)."""
    profile = state.profile
    top, first, n = state.top, state.current_player, state.players
    if top.rank == profile.reverse_rank:
        return state._successor(direction=-1)
    if top.rank == profile.skip_rank:
        return state._successor(current_player=(first + 1) % n)
    if top.rank == profile.draw_rank:
        drawn, stock, pile, reshuffles = _take(
            state, state.stock, state.discard_pile, profile.draw_count, state.reshuffles
        )
        hands = _with(state.hands, first, (*state.hands[first], *drawn))
        return state._successor(
            hands=hands,
            stock=stock,
            discard_pile=pile,
            reshuffles=reshuffles,
            current_player=(first + 1) % n,
        )
    return state
