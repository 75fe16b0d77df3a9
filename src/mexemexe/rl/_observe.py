"""Observations: what one player's view holds, as one fixed-size array, field by field.

An observation is built from ``state.view(player)`` only, so it holds nothing
the player may not see (never another hand, the stock's order or the seed).
Seats are counted from the observing player: index 0 is the player, 1 the
next seat in turn order, and so on up to the rules' ``max_players`` (seats
beyond the round's players stay 0). Cards are counted by card code (``Card.code``:
0-51 the naturals, rank-major, suits in the order S H D C; 52 the joker).
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence

import attrs
import numpy as np
import numpy.typing as npt

from .._cards import JOKER_CODE, Card, Suit
from .._outcomes import Outcome
from .._profiles import Profile
from .._table import Table
from ..games import GameRules
from ._actions import table_slots
from ._rules import SHEDDING, CardRules, card_rules, structure

__all__ = ["ObservationLayout", "Vector", "observation_layout"]

Vector = npt.NDArray[np.float32]
CARDS = JOKER_CODE + 1


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

    @property
    def size(self) -> int:
        """The vector's length."""
        return self._size

    def field(self, vector: Vector, name: str) -> Vector:
        """The part of ``vector`` that holds field ``name`` (a view into it)."""
        size = next(size for field, size, _ in self.fields if field == name)
        begin = self._starts[name]
        return vector[begin : begin + size]

    def encode(self, view: object, players: int) -> Vector:
        """The observation vector of ``view``, a view of a round of ``players`` players."""
        at = self._starts
        # Filled in a float32 `array` (cheap item writes), then handed to numpy without a copy.
        out = self._zeros[:]
        me: int = getattr(view, "player")  # noqa: B009  (every game's view has one)
        hand: Sequence[Card] = getattr(view, "hand")  # noqa: B009
        begin = at["hand"]
        for card in hand:
            out[begin + card.code] += 1
        pile: Sequence[Card] = getattr(view, "discard_pile", ())
        if pile:
            begin = at["discard_pile"]
            out[begin : begin + CARDS] = self._pile_counts(pile)
            out[at["pile_top"] + pile[-1].code] = 1
        sizes, seated = at["hand_sizes"], at["seated"]
        for index, size in enumerate(getattr(view, "hand_sizes")):  # noqa: B009
            seat = (index - me) % players
            out[sizes + seat] = size
            out[seated + seat] = 1
        out[at["current_seat"] + (getattr(view, "current_player") - me) % players] = 1  # noqa: B009
        out[at["stock_size"]] = getattr(view, "stock_size")  # noqa: B009
        out[at["turn"]] = getattr(view, "turn")  # noqa: B009
        out[at["hand_points"]] = self.rules_points(hand)
        last: Outcome | None = getattr(view, "last")  # noqa: B009
        if last is not None:
            out[at["last_mover"] + (last.player - me) % players] = 1
            begin = at["last_placed"]
            for card in last.placed:
                out[begin + card.code] += 1
            begin = at["last_drawn"]
            for card in last.drawn:
                out[begin + card.code] += 1
            out[at["last_hidden_draws"]] = last.hidden_draws
            out[at["last_penalty"]] = last.penalty
        if self._shedding:
            suit: Suit | None = getattr(view, "requested_suit")  # noqa: B009
            if suit is not None:
                out[at["requested_suit"] + suit.index] = 1
            out[at["reversed"]] = getattr(view, "direction") < 0  # noqa: B009
            out[at["drawn"]] = getattr(view, "drawn")  # noqa: B009
        else:
            table: Table = getattr(view, "table")  # noqa: B009
            if table.melds:
                counts = self._table_counts(table)
                begin = at["table"]
                out[begin : begin + len(counts)] = counts
            taken: Card | None = getattr(view, "taken", None)
            if taken is not None:
                out[at["taken"] + taken.code] = 1
            opened = at["opened"]
            for index, flag in enumerate(getattr(view, "opened")):  # noqa: B009
                out[opened + (index - me) % players] = flag
            out[at["meld_phase"]] = getattr(view, "phase", "play") == "meld"
            out[at["jokers_owed"]] = getattr(view, "jokers_owed", 0)
            out[at["recycles"]] = getattr(view, "recycles", 0)
            out[at["passes"]] = getattr(view, "passes", 0)
        return np.frombuffer(out, dtype=np.float32)

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
