"""Observations: what one player's view holds, as one fixed-size array, field by field.

An observation is built from ``state.view(player)`` only, so it holds nothing
the player may not see (never another hand, the stock's order or the seed).
Seats are counted from the observing player: index 0 is the player, 1 the
seat after it by number (``(player + 1) % players``, whoever plays next), and
so on up to the rules' ``max_players`` (seats beyond the round's players stay
0). Cards are counted by card code (``Card.code``: 0-51 the naturals,
rank-major, suits in the order S H D C; 52 the joker).
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import Protocol, cast

import attrs
import numpy as np
import numpy.typing as npt

from .._cards import JOKER_CODE, Card, Suit
from .._errors import ProfileError
from .._kinds import quote
from .._outcomes import Outcome
from .._profiles import Profile
from .._table import Table
from ..games import GameRules
from ._actions import table_slots
from ._rules import SHEDDING, CardRules, card_rules, structure

__all__ = ["ObservationLayout", "Vector", "observation_layout"]

Vector = npt.NDArray[np.float32]
CARDS = JOKER_CODE + 1


#: The fields every game's observation has, in the order `ObservationLayout.encode` reads them.
_COMMON_FIELDS = (
    "hand",
    "discard_pile",
    "pile_top",
    "hand_sizes",
    "seated",
    "current_seat",
    "stock_size",
    "turn",
    "hand_points",
    "last_mover",
    "last_placed",
    "last_drawn",
    "last_hidden_draws",
    "last_penalty",
)
#: The fields of a shedding game, then of a rummy game (see `observation_layout`).
_SHEDDING_FIELDS = ("requested_suit", "reversed", "drawn")
_RUMMY_FIELDS = ("table", "taken", "opened", "meld_phase", "jokers_owed", "recycles", "passes")


#: The vector's item type.
_FLOAT32 = np.dtype(np.float32)


class _View(Protocol):
    """The fields of every game's view that observations read."""

    @property
    def player(self) -> int: ...
    @property
    def hand(self) -> Sequence[Card]: ...
    @property
    def hand_sizes(self) -> Sequence[int]: ...
    @property
    def current_player(self) -> int: ...
    @property
    def stock_size(self) -> int: ...
    @property
    def turn(self) -> int: ...
    @property
    def last(self) -> Outcome | None: ...


class _SheddingView(Protocol):
    """The fields of a shedding game's view that observations read (M5, M6, M2)."""

    @property
    def requested_suit(self) -> Suit | None: ...
    @property
    def direction(self) -> int: ...
    @property
    def drawn(self) -> int: ...


@attrs.frozen
class ObservationLayout:
    """The fields of one game's observation vector, in order.

    Attributes:
        fields: Each field's name, size and meaning.
        rules: The rules the observations are built for.
    """

    fields: tuple[tuple[str, int, str], ...]
    rules: GameRules = attrs.field(eq=False)
    _starts: dict[str, int] = attrs.field(init=False, eq=False, repr=False)
    _size: int = attrs.field(init=False, eq=False, repr=False)
    _shedding: bool = attrs.field(init=False, eq=False, repr=False)
    _card: CardRules = attrs.field(init=False, eq=False, repr=False)
    # The last pile and table counted, and their counts (see `_pile_counts`).
    _pile_seen: list[tuple[Sequence[Card], array[float]]] = attrs.field(
        init=False, eq=False, repr=False, factory=lambda: [((), array("f", bytes(4 * CARDS)))]
    )
    _table_seen: list[tuple[Table | None, array[float]]] = attrs.field(
        init=False, eq=False, repr=False, factory=lambda: [(None, array("f"))]
    )
    _zeros: array[float] = attrs.field(init=False, eq=False, repr=False)
    _common: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    #: Zeros with the seats of a round of n players marked, by n (see `_blank`).
    _blanks: dict[int, array[float]] = attrs.field(init=False, eq=False, repr=False)
    _points: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    _own: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        starts: dict[str, int] = {}
        at = 0
        for name, size, _ in self.fields:
            starts[name] = at
            at += size
        object.__setattr__(self, "_starts", starts)
        object.__setattr__(self, "_size", at)
        object.__setattr__(self, "_shedding", structure(self.rules) == SHEDDING)
        # Checked once: a runtime protocol check costs more than a whole observation.
        object.__setattr__(self, "_card", card_rules(self.rules))
        object.__setattr__(self, "_zeros", array("f", bytes(4 * at)))
        object.__setattr__(self, "_blanks", {})
        # Each card's points by code: a hand's points are the sum of its cards' (B10, G9, M7).
        points = [0] * CARDS
        for card in set(self._card.deck()):
            points[card.code] = self._card.hand_points((card,))
        object.__setattr__(self, "_points", tuple(points))
        # Each field's start, in the order `encode` unpacks them (one lookup per observation).
        own = _SHEDDING_FIELDS if self._shedding else _RUMMY_FIELDS
        object.__setattr__(self, "_common", tuple(starts[name] for name in _COMMON_FIELDS))
        object.__setattr__(self, "_own", tuple(starts[name] for name in own))

    @property
    def size(self) -> int:
        """The vector's length."""
        return self._size

    def field(self, vector: Vector, name: str) -> Vector:
        """The part of ``vector`` that holds field ``name`` (a view into it).

        Raises:
            ProfileError: If the layout has no field ``name``.
        """
        size = next((size for field, size, _ in self.fields if field == name), None)
        if size is None:
            names = [field for field, _, _ in self.fields]
            raise ProfileError(f"observation field {quote(name)}: the fields are {names}")
        begin = self._starts[name]
        return vector[begin : begin + size]

    def encode(self, view: object, players: int) -> Vector:
        """The observation vector of ``view``, a view of a round of ``players`` players."""
        (
            hand_at,
            pile_at,
            top_at,
            sizes_at,
            seated_at,
            current_at,
            stock_at,
            turn_at,
            points_at,
            mover_at,
            placed_at,
            drawn_at,
            hidden_at,
            penalty_at,
        ) = self._common
        seen = cast("_View", view)  # every game's view has these fields
        me = seen.player
        sizes = seen.hand_sizes
        # Filled in a float32 `array` (cheaper item writes than numpy's), then handed to numpy
        # without a copy. Its copy of zeros already marks the seats in the round when the
        # view has a hand size for each; the writes below skip the fields left at 0.
        marked = len(sizes) == players
        out = self._blank(players if marked else 0)
        hand = seen.hand
        values = self._points
        points = 0
        high = -1
        for card in hand:
            code = card.code
            points += values[code]
            if code > high:  # the first of its code: nothing to add to
                out[hand_at + code] = 1
                high = code
            else:
                out[hand_at + code] += 1
        pile: Sequence[Card] = getattr(view, "discard_pile", ())
        if pile:
            out[pile_at : pile_at + CARDS] = self._pile_counts(pile)
            out[top_at + pile[-1].code] = 1
        seat = -me % players  # the seat of player 0, counted from the player
        for size in sizes:
            if size:
                out[sizes_at + seat] = size
            if not marked:
                out[seated_at + seat] = 1
            seat = seat + 1 if seat + 1 < players else 0
        out[current_at + (seen.current_player - me) % players] = 1
        if seen.stock_size:
            out[stock_at] = seen.stock_size
        if seen.turn:
            out[turn_at] = seen.turn
        if points:
            out[points_at] = points
        last = seen.last
        if last is not None:
            out[mover_at + (last.player - me) % players] = 1
            for card in last.placed:
                out[placed_at + card.code] += 1
            for card in last.drawn:
                out[drawn_at + card.code] += 1
            if last.hidden_draws:
                out[hidden_at] = last.hidden_draws
            if last.penalty:
                out[penalty_at] = 1
        if self._shedding:
            suit_at, reversed_at, turn_drawn_at = self._own
            shedding = cast("_SheddingView", view)
            suit = shedding.requested_suit
            if suit is not None:
                out[suit_at + suit.index] = 1
            if shedding.direction < 0:
                out[reversed_at] = 1
            if shedding.drawn:
                out[turn_drawn_at] = shedding.drawn
        else:
            table_at, taken_at, opened_at, phase_at, owed_at, recycles_at, passes_at = self._own
            table: Table = getattr(view, "table")  # noqa: B009
            if table.melds:
                counts = self._table_counts(table)
                out[table_at : table_at + len(counts)] = counts
            taken: Card | None = getattr(view, "taken", None)
            if taken is not None:
                out[taken_at + taken.code] = 1
            for index, flag in enumerate(getattr(view, "opened")):  # noqa: B009
                out[opened_at + (index - me) % players] = flag
            out[phase_at] = getattr(view, "phase", "play") == "meld"
            out[owed_at] = getattr(view, "jokers_owed", 0)
            out[recycles_at] = getattr(view, "recycles", 0)
            out[passes_at] = getattr(view, "passes", 0)
        return np.frombuffer(out, _FLOAT32)  # a dtype object: faster than naming it

    def _blank(self, players: int) -> array[float]:
        """A new vector of zeros, with the ``seated`` field of ``players`` players (0: none) set."""
        blank = self._blanks.get(players)
        if blank is None:
            blank = self._zeros[:]
            begin = self._starts["seated"]
            blank[begin : begin + players] = array("f", [1.0] * players)
            self._blanks[players] = blank
        return blank[:]

    def _pile_counts(self, pile: Sequence[Card]) -> array[float]:
        """The card counts of ``pile``, from those of the last pile seen when it only grew by one.

        Successive observations share their pile (other seats, a draw) or add
        one card to it (a discard), so counting the pile anew each time is rare.
        """
        seen, counts = self._pile_seen[0]
        if pile is seen:
            return counts
        if len(pile) == len(seen) + 1 and pile[:-1] == seen:
            counts = counts[:]
            counts[pile[-1].code] += 1
        else:
            counts = array("f", bytes(4 * CARDS))
            for card in pile:
                counts[card.code] += 1
        self._pile_seen[0] = (pile, counts)
        return counts

    def _table_counts(self, table: Table) -> array[float]:
        """Each slot's card counts for ``table``, kept while the same table is observed."""
        seen, counts = self._table_seen[0]
        if table is seen:
            return counts
        counts = array("f", bytes(4 * CARDS * len(table.melds)))
        begin = 0
        for meld in table.melds:
            for card in meld:
                counts[begin + card.code] += 1
            begin += CARDS
        self._table_seen[0] = (table, counts)
        return counts

    def rules_points(self, hand: Sequence[Card]) -> int:
        """The points of ``hand`` by the rules' card values (B10, G9, M7)."""
        return self._card.hand_points(hand)


def observation_layout(rules: GameRules) -> ObservationLayout:
    """The observation fields of a game's rules (a rummy `Profile`, or a shedding game's).

    Raises:
        ProfileError: If the rules lack what `CardRules` reads.
    """
    seats = rules.max_players
    common: list[tuple[str, int, str]] = [
        ("hand", CARDS, "the player's hand: how many of each card code"),
        ("discard_pile", CARDS, "the discard pile, face up: how many of each card"),
        ("pile_top", CARDS, "the discard pile's top card (one-hot; zeros without one)"),
        ("hand_sizes", seats, "each seat's hand size, from the player's seat on"),
        ("seated", seats, "1 for each seat in the round"),
        ("current_seat", seats, "whose turn it is (one-hot, by seat from the player)"),
        ("stock_size", 1, "cards in the stock"),
        ("turn", 1, "turns taken in the round"),
        ("hand_points", 1, "the points of the player's own hand (B10, G9, M7)"),
        ("last_mover", seats, "who made the previous move (one-hot by seat)"),
        ("last_placed", CARDS, "the cards the previous move placed or played"),
        ("last_drawn", CARDS, "the cards the previous move drew, if this player may see them"),
        ("last_hidden_draws", 1, "how many cards the previous move drew face down"),
        ("last_penalty", 1, "1 if the previous move was a penalty draw (B8, R5, M4)"),
    ]
    if structure(rules) == SHEDDING:
        own = [
            ("requested_suit", 4, "the suit a Jack named (M6), one-hot S H D C"),
            ("reversed", 1, "1 if play goes the other way (M5)"),
            ("drawn", 1, "cards the current player drew this turn (M3)"),
        ]
    else:
        assert isinstance(rules, Profile)
        own = [
            ("table", table_slots(rules) * CARDS, "each table slot (meld index): its card counts"),
            ("taken", CARDS, "the card taken from the pile that may not be discarded (G5)"),
            ("opened", seats, "1 for each seat that has laid down cards this round"),
            ("meld_phase", 1, "1 in a discard turn's meld phase, 0 in its draw phase (G4)"),
            ("jokers_owed", 1, "jokers the player must still meld (G12)"),
            ("recycles", 1, "times the discard pile was turned over (G8)"),
            ("passes", 1, "consecutive passes with an empty stock (R6)"),
        ]
    return ObservationLayout((*common, *own), rules)
