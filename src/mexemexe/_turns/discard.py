"""The discard turn (Galician rummy, RULES.md G).

A turn goes, in this order (G4):

1. **draw** the top card of the stock or of the discard pile;
2. **meld**: lay down new melds from the hand (`LayDown`) and lay off cards
   onto anyone's melds (`LayOff`), as often as wanted; in the joker variant,
   exchange a table joker for the natural card it stands for (`SwapJoker`,
   G12: a run's joker stands for the card its place fixes, a group's for any
   suit the group lacks) — that joker must be melded before the turn ends;
3. **discard** one card, which ends the turn (G4). A card just taken from the
   discard pile may not be discarded in the same turn, unless the player
   also held the other copy (G5).

The table is never rearranged. A player whose hand empties — by discarding
the last card or by melding everything — wins the round (G6), scoring
double if they had laid down nothing before in the round (G10).

An empty stock is replaced by the discard pile turned over, unshuffled, with
its top card turned to start a new pile (G8); after ``max_recycles`` such
turn-overs a player who would draw from the empty stock ends the round with
no winner and no score (G8 **[decision]**).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, ClassVar, NamedTuple, TypeVar, cast

import attrs

from .._cards import CODE, JOKER, JOKER_CODE, Card
from .._errors import IllegalMoveError, Problem
from .._kinds import quote
from .._meld_finder import find_melds
from .._melds import MeldKind, MeldResult, classify_meld, extension_mask, meld_extensions
from .._moves import Discard, Draw, LayDown, LayOff, Move, Play, SwapJoker
from .._multiset import card_inserted, card_without, cards_without
from .._notation import format_cards
from .._outcomes import Outcome, Proposal, RoundResult, build_outcome
from .._scoring import round_result
from .._state import (
    GameState,
    PlayerView,
    _cards_of,
    _owner_lists,
    _pile,
    _show,
    _taken,
    deal,
    successor,
)
from .._table import Meld, Table

if TYPE_CHECKING:
    from .._jsonio import JSONObject
    from .._outcomes import EndReason
    from .._profiles import Profile

__all__ = [
    "INITIAL_PHASE",
    "PHASES",
    "DiscardState",
    "DiscardView",
    "apply",
    "deal",
    "leaves_a_way_on",
    "legal_moves",
    "propose",
    "stock_drawable",
]

#: ``"draw"``: the turn starts with a draw; ``"meld"``: melds, lay-offs, then a discard.
PHASES: tuple[str, ...] = ("draw", "meld")
INITIAL_PHASE = "draw"


@attrs.frozen(repr=False, weakref_slot=False, kw_only=True)
class DiscardView(PlayerView):
    """What one player may see of a discard round: the common `PlayerView` and the turn's fields.

    Attributes:
        discard_pile: The discard pile, top card last (face up, G4).
        recycles: Times the discard pile became the stock (G8).
        phase: Where the turn is: ``"draw"`` or ``"meld"`` (G4).
        taken: The card that may not be discarded this turn (G5), if any.
        jokers_owed: Jokers the current player must still meld (G12).
        owners: Who laid each table card (G4).
    """

    discard_pile: tuple[Card, ...] = ()
    recycles: int = 0
    phase: str = INITIAL_PHASE
    taken: Card | None = None
    jokers_owed: int = 0
    owners: tuple[tuple[int, ...], ...] = ()

    # A turn starts with a draw and ends with the discard (G4), or with the
    # move that ends the round.
    TURN_ENDS: ClassVar[tuple[type[Move], ...] | None] = (Discard,)
    TURN_STARTS: ClassVar[tuple[type[Move], ...] | None] = (Draw,)

    def _structure_json(self) -> JSONObject:
        return _discard_json(self, None)


@attrs.frozen(repr=False, weakref_slot=False)
class DiscardState(GameState):
    """A round of a discard game (G4): the common `GameState`, the pile and the turn's phases.

    It has no passes (the stock is turned over instead, G8); the constructor
    refuses that field of the shared table, naming it.

    Attributes:
        discard_pile: The discard pile, top card last (G2, G4).
        recycles: Times the discard pile was turned into a new stock (G8).
        phase: Where the turn is: ``"draw"`` then ``"meld"`` (G4).
        taken: A card taken from the discard pile this turn that may not be
            discarded in the same turn (G5), or ``None``.
        laid_this_turn: Whether the current player has laid down or laid off
            a card this turn (G10).
        jokers_owed: Jokers taken from the table this turn that must still be
            used in a meld before the turn ends (G12).
        owners: Who laid down each table card, parallel to ``table`` (G4; -1
            for a card of a stacked table).
    """

    discard_pile: tuple[Card, ...] = attrs.field(converter=_pile, default=(), kw_only=True)
    recycles: int = attrs.field(default=0, kw_only=True)
    phase: str = attrs.field(default=INITIAL_PHASE, kw_only=True)
    taken: Card | None = attrs.field(default=None, converter=_taken, kw_only=True)
    laid_this_turn: bool = attrs.field(default=False, kw_only=True)
    jokers_owed: int = attrs.field(default=0, kw_only=True)
    owners: tuple[tuple[int, ...], ...] = attrs.field(
        default=(), converter=_owner_lists, kw_only=True
    )

    TURN_STRUCTURE: ClassVar[str] = "discard"
    _VIEW: ClassVar[type[PlayerView]] = DiscardView
    _OWN: ClassVar[tuple[tuple[str, object, str], ...]] = (
        ("discard_pile", (), "discard pile"),
        ("recycles", 0, "discard pile to turn over"),
        ("phase", INITIAL_PHASE, "turn phases (draw, meld)"),
        ("taken", None, "card taken from a discard pile"),
        ("laid_this_turn", False, "lay-down phase"),
        ("jokers_owed", 0, "joker exchange"),
        ("owners", (), "owners of table cards"),
    )
    _WHOLE: ClassVar[tuple[str, ...]] = ("recycles", "jokers_owed")
    _FLAGS: ClassVar[tuple[str, ...]] = ("laid_this_turn",)
    _TEXT: ClassVar[tuple[str, ...]] = ("phase",)
    _OPTIONAL: ClassVar[dict[str, type]] = {"taken": Card}

    def _structure_problems(self) -> list[str]:
        """The discard turn's fields (G4, G5, G8, G12), one problem each.

        A known phase; recycles within the profile's cap; owners parallel to
        the table's melds; in the draw phase nothing taken, laid or owed; owed
        jokers only under the joker exchange and never more than the jokers
        in the current hand.
        """
        profile = self.profile
        n = len(self.hands)
        problems: list[str] = []
        if self.phase not in PHASES:
            problems.append(f"phase {quote(self.phase)} is not one of {', '.join(PHASES)}")
        if self.recycles > profile.max_recycles:
            problems.append(
                f"recycles={self.recycles}: {profile.name!r} turns the discard pile over at "
                f"most {profile.max_recycles} times ({profile.section('stock')})"
            )
        shape = [len(meld) for meld in self.table.melds]
        if [len(o) for o in self.owners] != shape:
            problems.append(
                f"owners={quote(self.owners)} does not match the table's melds "
                f"(one player number per table card, {shape} cards; G4)"
            )
        elif any(not -1 <= p < n for o in self.owners for p in o):
            problems.append(
                f"owners={quote(self.owners)} names a player who is not in the round (G4)"
            )
        if self.phase == "draw":
            for name, rest in (("taken", None), ("laid_this_turn", False), ("jokers_owed", 0)):
                if getattr(self, name) != rest:
                    problems.append(
                        f"{name}={_show(getattr(self, name))} in the draw phase: nothing is "
                        "taken, laid or owed before the turn's draw (G4)"
                    )
        if self.jokers_owed:
            held = self.hands[self.current_player].count(JOKER)
            if not (profile.joker_swap and profile.jokers):
                problems.append(
                    f"jokers_owed={self.jokers_owed}: {profile.name!r} has no joker exchange, "
                    "so no joker is ever owed (G12)"
                )
            elif self.jokers_owed > held:
                problems.append(
                    f"jokers_owed={self.jokers_owed}, but player {self.current_player} holds "
                    f"{held} joker{'s' if held != 1 else ''} (G12)"
                )
        return problems

    def _structure_result_problems(self, result: RoundResult, rule: str) -> list[str]:
        """No blocked round (G4); the cap of G8 reached; the bonus of G10 exactly when due."""
        profile = self.profile
        n = len(self.hands)
        problems = []
        if result.reason == "blocked":
            problems.append(f"result reason 'blocked' after 0 of {n} passes ({rule})")
        if result.reason == "recycles" and self.recycles != profile.max_recycles:
            problems.append(
                f"result reason 'recycles' after {self.recycles} of {profile.max_recycles} "
                f"turn-overs ({rule})"
            )
        if result.reason == "out":
            winner = result.winners[0]
            bonus = 1 if self.opened[winner] else profile.mexe_mexe_multiplier
            if result.multiplier != bonus:
                problems.append(
                    f"result multiplier {result.multiplier}: player {winner} "
                    f"{'had' if self.opened[winner] else 'had not'} laid down before, "
                    f"so the bonus is x{bonus} ({profile.section('bonus')})"
                )
        return problems

    def _view_structure(self) -> tuple[object, ...]:
        return (
            self.discard_pile,
            self.recycles,
            self.phase,
            self.taken,
            self.jokers_owed,
            self.owners,
        )

    def _structure_json(self) -> JSONObject:
        return _discard_json(self, self.laid_this_turn)

    def _pickled_structure(self) -> tuple[object, ...]:
        return (
            bytes(map(CODE, self.discard_pile)),
            self.recycles,
            self.phase,
            self.taken,
            self.laid_this_turn,
            self.jokers_owed,
            self.owners,
        )

    @classmethod
    def _unpickled_structure(cls, values: tuple[object, ...]) -> tuple[object, ...]:
        # The pile's codes, as `_pickled_structure` wrote them (a pickle is trusted).
        return (_cards_of(cast(bytes, values[0])), *values[1:])

    @classmethod
    def _opening_fields(
        cls, profile: Profile, pile: list[Card], stacked_table: Table
    ) -> dict[str, object]:
        # G2: the turned card starts the pile; a stacked table's cards have no owner (-1).
        owners = [(-1,) * len(meld) for meld in stacked_table.melds]
        return {"discard_pile": pile, "phase": INITIAL_PHASE, "owners": owners}


def _discard_json(value: DiscardState | DiscardView, laid: bool | None) -> JSONObject:
    """The discard game's own fields of a state or view as JSON (``laid``: the state's only)."""
    out: JSONObject = {
        "discard_pile": format_cards(value.discard_pile),
        "recycles": value.recycles,
        "phase": value.phase,
        "taken": None if value.taken is None else str(value.taken),
    }
    if laid is not None:
        out["laid_this_turn"] = laid
    out["jokers_owed"] = value.jokers_owed
    out["owners"] = [list(o) for o in value.owners]
    return out


def _own(state: GameState) -> DiscardState:
    """``state``, which the engine is only ever given for a discard profile."""
    assert isinstance(state, DiscardState), type(state)
    return state


def propose(state: GameState, table: Table) -> Proposal:
    """Discard games never take a whole new table: melds and lay-offs only (G4)."""
    rule = state.profile.section("play")
    return Proposal(
        table,
        (),
        (Problem("no rearranging of the table: lay down melds or lay off cards instead", rule),),
    )


# -- helpers -------------------------------------------------------------------------


def _illegal(state: DiscardState, what: str, message: str, key: str = "play") -> IllegalMoveError:
    return IllegalMoveError(what, [Problem(message, state.profile.section(key))])


_E = TypeVar("_E")


def _replace(seq: tuple[_E, ...], index: int, value: _E) -> tuple[_E, ...]:
    return (*seq[:index], value, *seq[index + 1 :])


def _stock_draw(state: DiscardState) -> str:
    """What a draw from the stock does now: 'draw', 'recycle', 'end' or 'impossible'."""
    if state.stock:
        return "draw"
    if state.recycles >= state.profile.max_recycles:
        return "end"
    if len(state.discard_pile) >= 2:
        return "recycle"
    return "end" if not state.discard_pile else "impossible"


def exchange(meld: Meld, card: Card, profile: Profile) -> tuple[int, MeldResult] | None:
    """Where natural ``card`` may take the place of a joker of ``meld`` (G12), and the meld after.

    A joker in a run stands for the one card its place fixes; a joker in a
    group stands for any suit the group lacks (``7S 7H JK``: ``7D`` or
    ``7C``), so a card of the group's rank in a suit none of its naturals
    has takes the first joker's place (a group's jokers are alike).

    Returns:
        The index in ``meld`` of the joker replaced and the verdict on the
        meld with ``card`` in its place (valid), or ``None`` if ``card`` may
        replace none of its jokers.
    """
    if card == JOKER or JOKER not in meld:
        return None
    result = classify_meld(meld, profile)
    position: int | None = None
    if result.kind is MeldKind.GROUP:
        rank = result.resolved[0].rank
        if card.rank == rank and all(c.suit != card.suit for c in meld):
            position = meld.index(JOKER)
    elif result.kind is MeldKind.RUN:
        pairs = enumerate(zip(meld, result.resolved, strict=True))
        position = next((i for i, (c, r) in pairs if c == JOKER and r == card), None)
    if position is None:
        return None
    swapped = classify_meld(_replace(meld, position, card), profile)
    # A natural in a joker's stead keeps a valid meld valid; checked all the same,
    # so an exchange can never leave an invalid meld on the table.
    return (position, swapped) if swapped.kind is not None else None


class JokerExchange(NamedTuple):
    """One exchange of a hand card for a table joker (G12) and what it leaves."""

    meld_index: int
    card: Card
    meld: Meld
    hand: tuple[Card, ...]


def joker_exchanges(
    hand: tuple[Card, ...], melds: Sequence[Meld], profile: Profile
) -> Iterator[JokerExchange]:
    """Every exchange of a distinct hand card for a joker of one of ``melds`` (G12).

    Each gives the meld's index, the card, the meld after it and the hand
    after it (the joker in it, the card gone).
    """
    for index, meld in enumerate(melds):
        if JOKER not in meld:
            continue
        for card in dict.fromkeys(hand):
            found = exchange(meld, card, profile)
            if found is None:
                continue
            rest = card_without(hand, card)
            assert rest is not None
            yield JokerExchange(index, card, found[1].canonical, card_inserted(rest, JOKER))


def can_finish(
    hand: tuple[Card, ...], table: Table, owed: int, taken: Card | None, profile: Profile
) -> bool:
    """Whether a turn in its meld phase can still be ended (G4-G6, G12).

    It ends with a discard, which needs every owed table joker melded (G12)
    and a card other than the one locked by G5, or by melding the whole hand.
    Searches melds, lay-offs and joker exchanges (G12: an exchange can free a
    hand of the card it may not discard) only when the quick answers fail.
    """
    if not hand or (
        (owed <= 0 or JOKER not in hand) and (taken is None or any(c != taken for c in hand))
    ):
        return True  # the quick answers of `_finish`, before sorting the hand
    return _finish(tuple(sorted(hand, key=CODE)), table.melds, owed, taken, profile, {})


def _finish(
    hand: tuple[Card, ...],
    melds: tuple[tuple[Card, ...], ...],
    owed: int,
    taken: Card | None,
    profile: Profile,
    seen: dict[tuple[tuple[Card, ...], tuple[tuple[Card, ...], ...], int], bool],
) -> bool:
    if not hand:
        return True
    if (owed <= 0 or JOKER not in hand) and any(c != taken for c in hand):
        return True
    key = (hand, melds, owed)
    if key in seen:
        return seen[key]
    seen[key] = False
    for i, meld in enumerate(melds):
        extensions = meld_extensions(meld, profile)
        for card in dict.fromkeys(hand):
            if card in extensions:
                rest = cards_without(hand, (card,))
                assert rest is not None
                grown = classify_meld((*meld, card), profile).canonical
                if _finish(
                    rest, _replace(melds, i, grown), owed - (card == JOKER), taken, profile, seen
                ):
                    seen[key] = True
                    return True
    for new in find_melds(hand, profile):
        rest = cards_without(hand, new)
        assert rest is not None
        if _finish(rest, (*melds, new), owed - new.count(JOKER), taken, profile, seen):
            seen[key] = True
            return True
    if profile.joker_swap:
        # Each exchange puts one more of the hand's naturals on the table, so
        # the search ends: the hand never grows, and its naturals only shrink.
        for swap in joker_exchanges(hand, melds, profile):
            swapped = _replace(melds, swap.meld_index, swap.meld)
            if _finish(swap.hand, swapped, owed + 1, taken, profile, seen):
                seen[key] = True
                return True
    return False


def _end(
    state: DiscardState,
    reason: EndReason,
    outcome: Outcome,
    hands: tuple[tuple[Card, ...], ...] | None = None,
    **changes: object,
) -> DiscardState:
    if hands is None:
        hands = state.hands
    else:
        changes["hands"] = hands
    player = state.current_player
    went_out = player if reason == "out" else None
    bonus = (
        state.profile.mexe_mexe_multiplier if reason == "out" and not state.opened[player] else 1
    )
    result = round_result(state.profile, hands, reason, went_out, multiplier=bonus)
    if bonus > 1:
        outcome = Outcome(
            outcome.player,
            outcome.move,
            outcome.drawn,
            outcome.placed,
            outcome.penalty,
            f"went out in one turn: score x{bonus} ({state.profile.section('bonus')})",
        )
    return state._successor(turn=state.turn + 1, last=outcome, result=result, **changes)


def _after_meld(
    state: DiscardState,
    outcome: Outcome,
    hands: tuple[tuple[Card, ...], ...],
    table: Table,
    owners: tuple[tuple[int, ...], ...],
    owed: int,
) -> DiscardState:
    """Finish a meld-phase move: going out (G6), or stay in the meld phase if the turn can end."""
    hand = hands[state.current_player]
    if not hand:
        return _end(
            state, "out", outcome, hands=hands, table=table, owners=owners, jokers_owed=owed
        )
    if not can_finish(hand, table, owed, state.taken, state.profile):
        # Name only the locks that hold here: a jokerless game has no G12 to cite.
        locks = []
        if state.taken is not None:
            locks.append("the card taken from the discard pile cannot be discarded (G5)")
        if owed > 0:
            locks.append("a joker taken from the table must be melded first (G12)")
        raise _illegal(
            state,
            f"cannot {outcome.move}",
            "this would leave no way to end the turn: " + " and ".join(locks),
            "discard",
        )
    return _after_melding(
        state, hands, table, owners, owed, True, outcome, state.history.add(outcome)
    )


# -- moves -----------------------------------------------------------------------------


def apply(state: GameState, move: Move) -> DiscardState:
    """The state after ``move`` by the current player.

    Raises:
        IllegalMoveError: If the move is not allowed now; ``state`` is unchanged.
    """
    state = _own(state)
    if state.result is not None:
        raise IllegalMoveError(f"cannot {move}", [state._over()])
    if state.phase == "draw":
        if isinstance(move, Draw):
            return _draw(state, move)
        raise _illegal(
            state,
            f"cannot {move}",
            "the turn is in its draw phase: first draw from the stock or the discard pile",
        )
    meld_move = _MELD_PHASE.get(type(move))
    if meld_move is not None:
        return meld_move(state, move)
    if isinstance(move, LayDown):
        return _lay_down(state, move)
    if isinstance(move, LayOff):
        return _lay_off(state, move)
    if isinstance(move, SwapJoker):
        return _swap(state, move)
    if isinstance(move, Discard):
        return _discard(state, move)
    if isinstance(move, Draw):
        raise _illegal(state, f"cannot {move}", "the turn is in its meld phase: the card was drawn")
    if isinstance(move, Play):
        raise IllegalMoveError(f"cannot {move}", propose(state, move.table).problems)
    raise _illegal(
        state,
        f"'{move}' is not a move of the discard game",
        "the turn is in its meld phase: meld, lay off, or discard to end the turn",
    )


def _draw(state: DiscardState, move: Draw) -> DiscardState:
    player = state.current_player
    profile = state.profile
    note = ""
    if move.source == "discard":
        if not state.discard_pile:
            raise _illegal(state, "cannot draw from the discard pile", "the discard pile is empty")
        card = state.discard_pile[-1]
        pile = state.discard_pile[:-1]
        # G5 locks both decks' copies (cards compare by value), whether or not the
        # hand held one already: the lock is public, so it may not depend on the hand.
        locked = None if profile.can_discard_taken_card else card
        hand = card_inserted(state.hand, card)
        if locked is not None and not can_finish(hand, state.table, 0, locked, profile):
            # A hand of just the other copy: the taken pair could only be melded.
            if _stock_draw(state) != "impossible":
                raise _illegal(
                    state,
                    "cannot draw from the discard pile",
                    f"with {card} taken no card could be discarded (G5) and no meld ends "
                    "the turn: draw from the stock",
                    "discard",
                )
            locked = None  # the pile is the only draw left: G5 yields rather than strand the round
        outcome = build_outcome(player, move, (card,), (), False, "", 0)
        return _after_pile_draw(
            state,
            _replace(state.hands, player, hand),
            pile,
            "meld",
            locked,
            outcome,
            state.history.add(outcome),
        )
    status = _stock_draw(state)
    stock, pile, recycles = state.stock, state.discard_pile, state.recycles
    if status == "end":
        rule = profile.section("stock")
        note = f"the stock is empty after {state.recycles} turn-overs: no winner ({rule})"
        return _end(state, "recycles", Outcome(player, move, note=note))
    if status == "impossible":
        raise _illegal(
            state,
            "cannot draw from the stock",
            "the stock is empty and the discard pile is too small to turn over: take the discard",
            "stock",
        )
    if status == "recycle":
        turned = tuple(reversed(pile))  # the bottom card of the pile is now on top
        stock, pile = turned[:-1], (turned[-1],)
        recycles += 1
        note = (
            f"the discard pile was turned over as the new stock "
            f"({recycles} of {profile.max_recycles}, {profile.section('stock')})"
        )
    card = stock[-1]
    hand = card_inserted(state.hand, card)
    outcome = build_outcome(player, move, (card,), (), False, note, 0)
    return _after_stock_draw(
        state,
        _replace(state.hands, player, hand),
        stock[:-1],
        pile,
        recycles,
        "meld",
        None,
        outcome,
        state.history.add(outcome),
    )


def _lay_down(state: DiscardState, move: LayDown) -> DiscardState:
    player = state.current_player
    rest = cards_without(state.hand, move.cards)
    if rest is None:
        raise _illegal(
            state, f"cannot {move}", f"not all of {' '.join(map(str, move.cards))} are in the hand"
        )
    result = classify_meld(move.cards, state.profile)
    if result.kind is None:
        raise IllegalMoveError(f"cannot {move}", result.problems)
    meld = result.canonical
    used = move.cards.count(JOKER)
    return _after_meld(
        state,
        build_outcome(player, move, (), move.cards, False, "", 0),
        _replace(state.hands, player, rest),
        state.table._with_meld(len(state.table.melds), meld),
        (*state.owners, (player,) * len(meld)),
        max(0, state.jokers_owed - used),
    )


def _lay_off(state: DiscardState, move: LayOff) -> DiscardState:
    player = state.current_player
    card, index = move.card, move.meld_index
    if index >= len(state.table):
        raise _illegal(
            state, f"cannot {move}", f"there is no meld {index} (the table has {len(state.table)})"
        )
    rest = cards_without(state.hand, (card,))
    if rest is None:
        raise _illegal(state, f"cannot {move}", f"{card} is not in the hand")
    meld = state.table.melds[index]
    extended = (*meld, card)
    result = classify_meld(extended, state.profile)
    if result.kind is None:
        raise IllegalMoveError(f"cannot {move}", [p.at(index) for p in result.problems])
    owners = (*state.owners[index], player)
    new_meld = result.canonical
    new_owners = tuple(owners[i] for i in result.order)
    return _after_meld(
        state,
        build_outcome(player, move, (), (card,), False, "", 0),
        _replace(state.hands, player, rest),
        state.table._with_meld(index, new_meld),
        _replace(state.owners, index, new_owners),
        max(0, state.jokers_owed - (card == JOKER)),
    )


def _swap(state: DiscardState, move: SwapJoker) -> DiscardState:
    player = state.current_player
    profile = state.profile
    card, index = move.card, move.meld_index
    if not profile.joker_swap:
        raise _illegal(state, f"cannot {move}", "this game has no joker exchange", "jokers")
    if card == JOKER:
        raise _illegal(state, f"cannot {move}", "a joker is exchanged for a natural card", "jokers")
    if index >= len(state.table):
        raise _illegal(
            state, f"cannot {move}", f"there is no meld {index} (the table has {len(state.table)})"
        )
    rest = cards_without(state.hand, (card,))
    if rest is None:
        raise _illegal(state, f"cannot {move}", f"{card} is not in the hand")
    found = exchange(state.table.melds[index], card, profile)
    if found is None:
        raise _illegal(
            state,
            f"cannot {move}",
            f"meld {index} has no joker standing for {card} (a run's joker stands for the "
            "card its place fixes, a group's for a suit the group lacks)",
            "jokers",
        )
    position, swapped = found
    hand = card_inserted(rest, JOKER)
    table = state.table._with_meld(index, swapped.canonical)
    if not can_finish(hand, table, state.jokers_owed + 1, state.taken, profile):
        raise _illegal(
            state, f"cannot {move}", "the joker could not be used in a meld this turn", "jokers"
        )
    owners = _replace(state.owners[index], position, player)
    return state._successor(
        hands=_replace(state.hands, player, hand),
        table=table,
        owners=_replace(state.owners, index, tuple(owners[i] for i in swapped.order)),
        jokers_owed=state.jokers_owed + 1,
        last=Outcome(player, move, placed=(card,)),
    )


def _discard(state: DiscardState, move: Discard) -> DiscardState:
    player = state.current_player
    card = move.card
    if move.suit is not None or move.announce:
        raise _illegal(
            state, f"cannot {move}", "a rummy discard names no suit and announces nothing"
        )
    rest = card_without(state.hand, card)
    if rest is None:
        raise _illegal(state, f"cannot {move}", f"{card} is not in the hand")
    if state.jokers_owed:
        raise _illegal(
            state,
            f"cannot {move}",
            "the joker taken from the table must be used in a meld first",
            "jokers",
        )
    if state.taken is not None and card == state.taken:
        raise _illegal(
            state,
            f"cannot {move}",
            "a card just taken from the discard pile cannot be discarded this turn",
            "discard",
        )
    hands = _replace(state.hands, player, rest)
    pile = (*state.discard_pile, card)
    outcome = build_outcome(player, move, (), (), False, "", 0)
    opened = _replace(state.opened, player, state.opened[player] or state.laid_this_turn)
    if not rest:
        return _end(state, "out", outcome, hands=hands, discard_pile=pile)
    return _after_discard(
        state,
        hands,
        pile,
        opened,
        (player + 1) % len(state.hands),
        state.turn + 1,
        "draw",
        None,
        False,
        0,
        outcome,
        state.history.add(outcome),
    )


#: The meld-phase moves by their exact type (`apply` looks here before testing subclasses).
#: Each is looked up by the move's type, so it is only ever given a move of the
#: type it declares (the casts say so).
_MeldMove = Callable[[DiscardState, object], DiscardState]
_MELD_PHASE: dict[type, _MeldMove] = {
    LayDown: cast("_MeldMove", _lay_down),
    LayOff: cast("_MeldMove", _lay_off),
    SwapJoker: cast("_MeldMove", _swap),
    Discard: cast("_MeldMove", _discard),
}

# The successors of the commonest moves, built without a mapping of changes.
# Each sets ``last`` and ``history``, the history with ``last`` added.
_after_melding = successor(
    DiscardState, "hands", "table", "owners", "jokers_owed", "laid_this_turn", "last", "history"
)
_after_pile_draw = successor(
    DiscardState, "hands", "discard_pile", "phase", "taken", "last", "history"
)
_after_stock_draw = successor(
    DiscardState,
    "hands",
    "stock",
    "discard_pile",
    "recycles",
    "phase",
    "taken",
    "last",
    "history",
)
_after_discard = successor(
    DiscardState,
    "hands",
    "discard_pile",
    "opened",
    "current_player",
    "turn",
    "phase",
    "taken",
    "laid_this_turn",
    "jokers_owed",
    "last",
    "history",
)


# -- legal moves ---------------------------------------------------------------------


def legal_moves(view: PlayerView) -> tuple[Move, ...]:
    """Exactly the current player's legal moves.

    Draw phase: the draws allowed. Meld phase: every `LayDown` of a meld the
    hand can make, every `LayOff` of a hand card onto a meld it extends (by
    card, then meld), every `SwapJoker` (G12) and every allowed `Discard`,
    each once. Moves that would leave no way to end the turn (G5, G12) are
    left out, as `apply` refuses them.
    """
    profile = view.profile
    if view.phase == "draw":
        if stock_drawable(view):
            if not view.discard_pile:
                return _STOCK_DRAW
            return _BOTH_DRAWS if pile_take_leaves_a_way(view) else _STOCK_DRAW
        return _PILE_DRAW if view.discard_pile else ()
    hand = view.hand
    table = view.table
    owed = view.jokers_owed
    taken = view.taken
    # Moves that may leave no way to end the turn are checked (`leaves_a_way_on`);
    # with nothing owed, one that keeps a card other than the one taken (G5)
    # always leaves one, so it needs no check.
    check = bool(owed) or profile.joker_swap or taken is not None
    locked = -1 if taken is None else taken.code
    free = len(hand) - (sum(c.code == locked for c in hand) if check else 0)
    moves: list[Move] = []
    melds = find_melds(hand, profile)
    if melds:
        downs = list(map(_lay_down_move, melds))
        if len(downs) > 1 and hand[-1].code == JOKER_CODE:  # jokers placed otherwise: one move
            downs = list(dict.fromkeys(downs))
        for down in downs:
            if (
                not check
                or (not owed and free - sum(c.code != locked for c in down.cards) > 0)
                or leaves_a_way_on(view, down)
            ):
                moves.append(down)
    distinct = []  # the hand's distinct cards, in order (the hand is sorted)
    last = -1
    held = 0
    for card in hand:
        code = card.code
        if code != last:
            distinct.append(card)
            last = code
            held |= 1 << code
    if table.melds:
        rules = profile._meld_rules
        masks = [extension_mask(meld, rules) for meld in table.melds]
        reach = 0
        for extends in masks:
            reach |= extends
        if reach & held:
            for card in distinct:
                bit = 1 << card.code
                if not reach & bit:
                    continue
                quick = not check or (not owed and free - (card.code != locked) > 0)
                for i, extends in enumerate(masks):
                    if extends & bit:
                        off = _lay_off_move(card, i)
                        if quick or leaves_a_way_on(view, off):
                            moves.append(off)
        if profile.joker_swap:
            for i, meld in enumerate(table.melds):
                if JOKER in meld:
                    for card in distinct:
                        if exchange(meld, card, profile):
                            swap = SwapJoker(card, i)
                            if leaves_a_way_on(view, swap):
                                moves.append(swap)
    if not owed:
        # A discard always ends the turn: no check (G4).
        moves.extend(_DISCARDS[card.code] for card in distinct if card.code != locked)
    return tuple(moves)


#: Moves are immutable values: the listing hands out these shared ones.
_STOCK_DRAW: tuple[Move, ...] = (Draw(),)
_PILE_DRAW: tuple[Move, ...] = (Draw("discard"),)
_BOTH_DRAWS: tuple[Move, ...] = (*_STOCK_DRAW, *_PILE_DRAW)
_DISCARDS: tuple[Discard, ...] = tuple(Discard(Card.from_code(code)) for code in range(53))
#: `LayDown` of each meld `find_melds` hands out, by the meld tuple's identity
#: (``id -> (meld, move)``, bounded): its answers are the same tuples each time.
_LAY_DOWNS: dict[int, tuple[tuple[Card, ...], LayDown]] = {}


def _lay_down_move(meld: tuple[Card, ...]) -> LayDown:
    seen = _LAY_DOWNS.get(id(meld))
    if seen is not None and seen[0] is meld:
        return seen[1]
    move = LayDown(meld)
    if len(_LAY_DOWNS) >= 1 << 16:
        _LAY_DOWNS.clear()
    _LAY_DOWNS[id(meld)] = (meld, move)
    return move


def _lay_off_move(card: Card, index: int) -> LayOff:
    """``LayOff(card, index)`` for a card and a meld index already checked (no conversion)."""
    move = object.__new__(LayOff)
    object.__setattr__(move, "card", card)
    object.__setattr__(move, "meld_index", index)
    return move


def pile_take_leaves_a_way(view: PlayerView) -> bool:
    """Whether taking the top discard leaves a way to end the turn (G5), as `_draw` requires."""
    profile = view.profile
    card = view.discard_pile[-1]
    if profile.can_discard_taken_card or any(c != card for c in view.hand):
        return True  # another card to discard: the quick answer of most turns
    return can_finish(card_inserted(view.hand, card), view.table, 0, card, profile)


def stock_drawable(view: PlayerView) -> bool:
    """Whether the draw phase may draw from the stock: cards there, or a pile to turn over (G8)."""
    return bool(view.stock_size) or _empty_stock_status(view) != "impossible"


def _empty_stock_status(view: PlayerView) -> str:
    assert isinstance(view, DiscardView), type(view)  # only discard rounds have a pile (G8)
    if view.recycles >= view.profile.max_recycles:
        return "end"
    if len(view.discard_pile) >= 2:
        return "recycle"
    return "end" if not view.discard_pile else "impossible"


def leaves_a_way_on(view: PlayerView, move: Move) -> bool:
    """Whether the turn can still be ended after ``move`` (as `apply` requires)."""
    profile = view.profile
    hand, table = view.hand, view.table
    owed = view.jokers_owed
    if isinstance(move, SwapJoker):
        found = exchange(table.melds[move.meld_index], move.card, profile)
        assert found is not None
        rest = card_without(hand, move.card)
        assert rest is not None
        swapped = found[1].canonical
        new_table = Table._trusted(_replace(table.melds, move.meld_index, swapped))
        return can_finish(card_inserted(rest, JOKER), new_table, owed + 1, view.taken, profile)
    if isinstance(move, LayDown):
        rest = cards_without(hand, move.cards)
        assert rest is not None
        new_table = Table._trusted((*table.melds, classify_meld(move.cards, profile).canonical))
        owed -= move.cards.count(JOKER)
    elif isinstance(move, LayOff):
        rest = cards_without(hand, (move.card,))
        assert rest is not None
        meld = classify_meld((*table.melds[move.meld_index], move.card), profile).canonical
        new_table = Table._trusted(_replace(table.melds, move.meld_index, meld))
        owed -= move.card == JOKER
    else:
        return True
    return not rest or can_finish(rest, new_table, max(0, owed), view.taken, profile)
