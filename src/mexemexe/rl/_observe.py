"""Observations: what one player's view holds, as one fixed-size array, field by field.

An observation is built from ``state.view(player)`` only, so it holds nothing
the player may not see (never another hand, the stock's order or the seed).
Seats are counted from the observing player: index 0 is the player, 1 the
next seat in turn order, and so on up to the rules' ``max_players`` (seats
beyond the round's players stay 0). Cards are counted by card code (``Card.code``:
0-51 the naturals, rank-major, suits in the order S H D C; 52 the joker).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import numpy as np
import numpy.typing as npt

from .._cards import JOKER_CODE, Card, Suit
from .._outcomes import Outcome
from .._profiles import Profile
from ..games import GameRules
from ..maumau._profile import MauMauProfile
from ._actions import table_slots

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

    def __attrs_post_init__(self) -> None:
        starts: dict[str, int] = {}
        at = 0
        for name, size, _ in self.fields:
            starts[name] = at
            at += size
        object.__setattr__(self, "_starts", starts)
        object.__setattr__(self, "_size", at)

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
        # Every index to count once (card copies repeat theirs), then the other values.
        ones: list[int] = []
        values: dict[int, float] = {}
        me: int = getattr(view, "player")  # noqa: B009  (every game's view has one)

        def cards(name: str, held: Sequence[Card], offset: int = 0) -> None:
            begin = at[name] + offset
            ones.extend([begin + card.code for card in held])

        hand: Sequence[Card] = getattr(view, "hand")  # noqa: B009
        cards("hand", hand)
        pile: Sequence[Card] = getattr(view, "discard_pile", ())
        cards("discard_pile", pile)
        if pile:
            ones.append(at["pile_top"] + pile[-1].code)
        sizes, seated = at["hand_sizes"], at["seated"]
        for index, size in enumerate(getattr(view, "hand_sizes")):  # noqa: B009
            seat = (index - me) % players
            values[sizes + seat] = size
            ones.append(seated + seat)
        ones.append(at["current_seat"] + (getattr(view, "current_player") - me) % players)  # noqa: B009
        values[at["stock_size"]] = getattr(view, "stock_size")  # noqa: B009
        values[at["turn"]] = getattr(view, "turn")  # noqa: B009
        values[at["hand_points"]] = self.rules_points(hand)
        last: Outcome | None = getattr(view, "last")  # noqa: B009
        if last is not None:
            ones.append(at["last_mover"] + (last.player - me) % players)
            cards("last_placed", last.placed)
            cards("last_drawn", last.drawn)
            values[at["last_hidden_draws"]] = last.hidden_draws
            values[at["last_penalty"]] = float(last.penalty)
        if isinstance(self.rules, MauMauProfile):
            suit: Suit | None = getattr(view, "requested_suit")  # noqa: B009
            if suit is not None:
                ones.append(at["requested_suit"] + suit.index)
            values[at["reversed"]] = float(getattr(view, "direction") < 0)  # noqa: B009
            values[at["drawn"]] = getattr(view, "drawn")  # noqa: B009
        else:
            for slot, meld in enumerate(getattr(view, "table").melds):  # noqa: B009
                cards("table", meld, slot * CARDS)
            taken: Card | None = getattr(view, "taken", None)
            if taken is not None:
                ones.append(at["taken"] + taken.code)
            opened = at["opened"]
            for index, flag in enumerate(getattr(view, "opened")):  # noqa: B009
                values[opened + (index - me) % players] = float(flag)
            values[at["meld_phase"]] = float(getattr(view, "phase", "play") == "meld")
            values[at["jokers_owed"]] = getattr(view, "jokers_owed", 0)
            values[at["recycles"]] = getattr(view, "recycles", 0)
            values[at["passes"]] = getattr(view, "passes", 0)
        out = np.bincount(ones, minlength=self._size).astype(np.float32)
        out[list(values)] = list(values.values())
        return out

    def rules_points(self, hand: Sequence[Card]) -> int:
        """The points of ``hand`` by the rules' card values (B10, G9, M7)."""
        rules = self.rules
        assert isinstance(rules, (Profile, MauMauProfile))
        return rules.hand_points(hand)


def observation_layout(rules: GameRules) -> ObservationLayout:
    """The observation fields of a game's rules (a rummy `Profile` or a `MauMauProfile`)."""
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
    if isinstance(rules, MauMauProfile):
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
