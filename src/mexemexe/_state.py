"""The immutable `GameState` of a rummy round, `deal`, and the `PlayerView` of one player.

A state is a value: every move returns a new state and the old one stays
usable (undo, search and replay come free). States share structure with
their successors (tuples are reused, never deep-copied) and check
conservation of the deck once, when they are built (RULES.md §0): stock +
discard pile + hands + table is always the full deck. The rules of a turn
live in one module per *turn structure* (`mexemexe._turns`), chosen by the
profile's ``turn_structure`` field.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import chain
from types import ModuleType
from typing import Any, Literal

import attrs

from ._cards import CODE, Card, as_cards
from ._errors import IllegalMoveError, InvalidStateError, MexeMexeError, Problem
from ._fastcopy import changer, copier, maker
from ._jsonio import dumps, loads_object
from ._kinds import kind_problems
from ._moves import Move
from ._notation import format_cards
from ._outcomes import Outcome, Proposal, RoundResult
from ._profiles import Profile, get_profile
from ._random import Seed, make_rng, shuffled
from ._scoring import round_result
from ._table import Table, TableLike

__all__ = ["SCHEMA", "GameState", "PlayerView", "deal"]

#: The schema tag written by `GameState.to_dict`; `from_dict` reads it back.
SCHEMA = "mexemexe.state/1"


def _profile(value: Profile | str) -> Profile:
    return get_profile(value)


def _hands(value: Iterable[Iterable[Card | str] | str]) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(sorted(as_cards(hand), key=CODE)) for hand in value)


def _card_tuple(value: Iterable[Card | str] | str) -> tuple[Card, ...]:
    return as_cards(value)


def _table(value: TableLike) -> Table:
    return Table.coerce(value)


def _optional_card(value: Card | str | None) -> Card | None:
    if value is None or isinstance(value, Card):
        return value
    return Card.parse(value)


def _owners(value: Iterable[Iterable[int]]) -> tuple[tuple[int, ...], ...]:
    try:
        return tuple(tuple(int(x) for x in meld) for meld in value)
    except (TypeError, ValueError):
        raise InvalidStateError(
            f"owners is a list of player numbers per meld, got {value!r}"
        ) from None


def _bools(value: Iterable[bool]) -> tuple[bool, ...]:
    return tuple(bool(v) for v in value)


def _default_opened(state: GameState) -> tuple[bool, ...]:
    return (False,) * len(state.hands)


_ENGINES: dict[str, ModuleType] = {}
#: Each engine's ``apply``, by turn structure (looked up once).
_APPLY: dict[str, Callable[[GameState, Move], GameState]] = {}


def _engine(profile: Profile) -> ModuleType:
    """The engine module of ``profile.turn_structure`` (imported once, on first use)."""
    if not _ENGINES:
        from ._turns import ENGINES

        _ENGINES.update(ENGINES)
    return _ENGINES[profile.turn_structure]


@attrs.frozen(repr=False, weakref_slot=False)
class GameState:
    """One moment of a rummy round: who holds what, the table, the stock, whose turn.

    Build one with `deal` (or `from_dict`); then every move returns a new
    state. Construction checks conservation of the deck and raises
    `InvalidStateError` for a state that breaks it.

    Attributes:
        profile: The rules (a `Profile`; a registered name is accepted).
        hands: Each player's hand, sorted, indexed by player.
        table: The melds on the table.
        stock: The face-down stock; its top card is the *last* one.
        discard_pile: The discard pile, top card last (discard games, G4).
        current_player: Whose turn it is.
        turn: How many turns have been taken this round.
        opened: Whether each player has laid down a card this round (R4, G10).
        passes: Consecutive turns passed with an empty stock (R6).
        recycles: Times the discard pile was turned into a new stock (G8).
        last: What the previous move did, or ``None`` at the start.
        result: How the round ended, or ``None`` while it is being played.
        phase: Where the turn is: ``"play"`` (shared table: one move per
            turn), or ``"draw"`` then ``"meld"`` (discard games, G4).
        taken: A card taken from the discard pile this turn that may not be
            discarded in the same turn (G5), or ``None``.
        laid_this_turn: Whether the current player has laid down or laid off
            a card this turn (G10).
        jokers_owed: Jokers taken from the table this turn that must still be
            used in a meld before the turn ends (G12).
        owners: For discard games, who laid down each table card, parallel
            to ``table`` (G4; -1 for a card of a stacked table); empty for
            shared-table games.
    """

    profile: Profile = attrs.field(converter=_profile)
    hands: tuple[tuple[Card, ...], ...] = attrs.field(converter=_hands)
    table: Table = attrs.field(converter=_table, factory=Table)
    stock: tuple[Card, ...] = attrs.field(converter=_card_tuple, default=())
    discard_pile: tuple[Card, ...] = attrs.field(converter=_card_tuple, default=())
    current_player: int = 0
    turn: int = 0
    opened: tuple[bool, ...] = attrs.field(
        converter=_bools, default=attrs.Factory(_default_opened, takes_self=True)
    )
    passes: int = 0
    recycles: int = 0
    last: Outcome | None = None
    result: RoundResult | None = None
    phase: str = "play"
    taken: Card | None = attrs.field(default=None, converter=_optional_card)
    laid_this_turn: bool = False
    jokers_owed: int = 0
    owners: tuple[tuple[int, ...], ...] = attrs.field(default=(), converter=_owners)

    def __attrs_post_init__(self) -> None:
        problems = self._consistency_problems()
        if problems:
            raise InvalidStateError("invalid game state: " + "; ".join(problems))

    def _successor(self, **changes: Any) -> GameState:
        """A copy with ``changes``, for the engines, which pass canonical values.

        Skips the converters and the full consistency check: the engines only
        move cards from one place to another, so the state they start from
        (checked in full when it was built) fixes the deck. A cheap guard
        still counts the cards, so an engine bug that drops or duplicates one
        cannot pass silently.

        Raises:
            InvalidStateError: If the card count changed (an engine bug).
        """
        new = _copy_state(self, changes)
        if changes.keys().isdisjoint(_CARD_FIELDS):
            return new
        return _counted(new)

    def _consistency_problems(self) -> list[str]:
        problems = kind_problems(
            self,
            whole=("current_player", "turn", "passes", "recycles", "jokers_owed"),
            flags=("laid_this_turn",),
            text=("phase",),
            optional={"last": Outcome, "result": RoundResult},
        )
        if problems:
            return problems  # the checks below compare and count these fields
        profile = self.profile
        n = len(self.hands)
        if not profile.min_players <= n <= profile.max_players:
            problems.append(
                f"{n} players, but {profile.name!r} is for "
                f"{profile.min_players}-{profile.max_players}"
            )
        if not 0 <= self.current_player < max(n, 1):
            problems.append(f"current_player {self.current_player} is not a player (0-{n - 1})")
        if len(self.opened) != n:
            problems.append(f"opened has {len(self.opened)} entries for {n} players")
        if self.turn < 0 or self.passes < 0 or self.recycles < 0:
            problems.append("turn, passes and recycles cannot be negative")
        if self.result is not None and len(self.result.scores) != n:
            problems.append(f"the result scores {len(self.result.scores)} players, not {n}")
        engine = _engine(profile)
        if self.phase not in engine.PHASES:
            problems.append(f"phase {self.phase!r} is not one of {', '.join(engine.PHASES)}")
        if self.owners:
            shape = [len(meld) for meld in self.table.melds]
            if [len(o) for o in self.owners] != shape:
                problems.append("owners does not match the table's melds")
            elif any(not -1 <= p < n for o in self.owners for p in o):
                problems.append("owners names a player who is not in the round")
        if self.jokers_owed < 0:
            problems.append("jokers_owed cannot be negative")
        # Conservation (§0): every card of the deck exactly once, in one place.
        codes = _all_codes(self)
        if codes != _deck_codes(profile):
            problems.append(_conservation_message(codes, profile))
        return problems

    # -- queries ------------------------------------------------------------------

    @property
    def players(self) -> int:
        """How many players are in the round."""
        return len(self.hands)

    @property
    def hand(self) -> tuple[Card, ...]:
        """The current player's hand."""
        return self.hands[self.current_player]

    @property
    def is_over(self) -> bool:
        """True once the round has ended (see `result`)."""
        return self.result is not None

    def hand_points(self, player: int) -> int:
        """Points left in ``player``'s hand (B10, R7, G9).

        Raises:
            InvalidStateError: If ``player`` is not a player of this round.
        """
        return self.profile.hand_points(self.hands[self._check_player(player)])

    def score(self) -> RoundResult:
        """The round's result if it is over; otherwise the standing if it ended now.

        A provisional standing has ``reason == "in_progress"``, the lowest hands
        as ``winners`` and the scores they would get (``final`` is False).
        """
        if self.result is not None:
            return self.result
        return round_result(self.profile, self.hands, "in_progress")

    # -- moves --------------------------------------------------------------------

    def apply(self, move: Move | str, *, player: int | None = None) -> GameState:
        """Return the state after ``move`` (a `Move` or its text form).

        Args:
            move: The move, e.g. ``Draw()`` or ``"play 7H 8H 9H"``.
            player: If given, the player making the move; a move out of turn is illegal.

        Raises:
            IllegalMoveError: If the rules forbid the move here; the state is unchanged.
            NotationError: If ``move`` is text that is not a move.
        """
        if isinstance(move, str):
            move = Move.parse(move)
        if player is not None:
            self._check_turn(player)
        apply = _APPLY.get(self.profile.turn_structure)
        if apply is None:
            apply = _APPLY[self.profile.turn_structure] = _engine(self.profile).apply
        new: GameState = apply(self, move)
        return new

    def draw(
        self, source: Literal["stock", "discard"] = "stock", *, player: int | None = None
    ) -> GameState:
        """Draw a card (B6b, R4; from the discard pile in discard games, G4).

        Raises:
            IllegalMoveError: If drawing is not allowed now (e.g. the stock is empty under R6).
        """
        from ._moves import Draw

        return self.apply(Draw(source), player=player)

    def propose(self, table: TableLike) -> Proposal:
        """Check a proposed new table without changing anything (B6-B8, R3-R4).

        Args:
            table: The whole new table (a `Table`, notation, or sequences of cards).

        Returns:
            A `Proposal`, truthy iff ``play(table)`` would be legal, with every reason if not.

        Raises:
            NotationError: If ``table`` is text that is not valid notation.
        """
        proposal: Proposal = _engine(self.profile).propose(self, Table.coerce(table))
        return proposal

    def play(self, table: TableLike, *, player: int | None = None) -> GameState:
        """Commit a new table, or fail with the reasons (B6, B8, R4).

        Raises:
            IllegalMoveError: Carrying the same problems as `propose`; the state is unchanged.
        """
        from ._moves import Play

        return self.apply(Play(table), player=player)

    def forfeit_turn(self, *, player: int | None = None) -> GameState:
        """Give up the turn: the failed-play penalty of the profile (B8: 1 card; R5: 3 or 1).

        Raises:
            IllegalMoveError: If the round is over.
        """
        from ._moves import Forfeit

        return self.apply(Forfeit(), player=player)

    def pass_turn(self, *, player: int | None = None) -> GameState:
        """Pass without drawing: only with an empty stock under ``stock_exhaustion="pass"`` (R6).

        Raises:
            IllegalMoveError: If passing is not allowed now.
        """
        from ._moves import Pass

        return self.apply(Pass(), player=player)

    def meld(self, cards: Iterable[Card | str] | str, *, player: int | None = None) -> GameState:
        """Lay down a new meld from the hand (discard games, G4).

        Raises:
            IllegalMoveError: Out of phase, cards not in hand, or an invalid meld.
        """
        from ._moves import LayDown

        return self.apply(LayDown(cards), player=player)

    def lay_off(self, card: Card | str, meld_index: int, *, player: int | None = None) -> GameState:
        """Add a card from the hand to anyone's meld on the table, keeping it valid (G4).

        Raises:
            IllegalMoveError: Out of phase, card not in hand, or the meld would become invalid.
        """
        from ._moves import LayOff

        return self.apply(LayOff(card, meld_index), player=player)

    def swap_joker(
        self, card: Card | str, meld_index: int, *, player: int | None = None
    ) -> GameState:
        """Exchange a table joker for the natural card it stands for (G12).

        The joker goes to the hand and must be used in a meld before the turn ends.

        Raises:
            IllegalMoveError: If the profile has no joker swap, or the joker does not
                stand for that card.
        """
        from ._moves import SwapJoker

        return self.apply(SwapJoker(card, meld_index), player=player)

    def discard(self, card: Card | str, *, player: int | None = None) -> GameState:
        """Discard a card, ending the turn (G4, G5).

        Raises:
            IllegalMoveError: Out of phase, card not in hand, the card just taken (G5),
                or a table joker still to be melded (G12).
        """
        from ._moves import Discard

        return self.apply(Discard(card), player=player)

    def legal_moves(self, *, best: bool = True) -> tuple[Move, ...]:
        """The current player's legal moves; every listed move is legal.

        Shared table (B, R): draw or pass, forfeit, every play that lays down
        one new meld from the hand and, with ``best`` (the default), the exact
        best play of `mexemexe.solver.best_play`, which may rearrange the
        table. Other rearrangements are not enumerated (there are far too
        many). The search is exact and usually takes milliseconds, but on a
        large table where the best play leaves cards in hand it can take a
        second or more; ``best=False`` leaves the solver out, for bots that
        need speed.

        Discard games (G): exactly the legal moves — every draw, every meld
        the hand can lay down, every lay-off, every joker swap and every
        discard; ``best`` changes nothing there.
        """
        return self.view(self.current_player).legal_moves(best=best)

    def hint(self, time_limit: float | None = None) -> Move:
        """A good move for the current player, from what that player can see.

        Shared table (B6, R4): the exact best play (most hand cards placed,
        by `mexemexe.solver.best_play`, which may rearrange the table; under
        an opening minimum the best by points when that by cards falls short);
        with nothing to place, the draw (or the pass, R6). Discard games (G4):
        in the meld phase the first move of the exact best set of melds and
        lay-offs (`mexemexe.solver.best_play`), else the discard that sheds the
        most points; in the draw phase the draw. The solver is exact but can be
        slow on large tables: ``time_limit`` bounds it.

        Args:
            time_limit: At most this many seconds of search (wall clock), or
                ``None`` for no limit; when the limit cuts the search, the
                hint is the best play found so far (a legal move still).

        Raises:
            IllegalMoveError: If the round is over.
            SolverInputError: If ``time_limit`` is negative.
        """
        from ._moves import Discard, Draw, LayDown, LayOff, Pass, Play

        if self.result is not None:
            raise IllegalMoveError("no hint", [self._over()])
        view = self.view(self.current_player)
        legal = view.legal_moves(best=False)
        if self.phase == "play":
            from ._turns.shared_table import _best_play, _shape

            need = 0 if view.opened[view.player] else self.profile.min_opening_points
            found = _best_play(view, need, time_limit)
            if found is not None:
                # The move as `legal_moves` lists it: a play of the same melds,
                # in whatever order their cards are written, is listed once.
                shape = _shape(found)
                for move in legal:
                    if isinstance(move, Play) and _shape(move.table) == shape:
                        return move
                return Play(found)
            return Draw() if Draw() in legal else Pass()
        if self.phase != "draw":
            from .solver import best_play

            best = best_play(
                table=view.table, hand=view.hand, profile=self.profile, time_limit=time_limit
            )
            if best.moves and best.moves[0] in legal:
                return best.moves[0]
        melds = [move for move in legal if isinstance(move, LayDown)]
        if melds:
            return max(melds, key=lambda move: (len(move.cards), [-c.code for c in move.cards]))
        offs = [move for move in legal if isinstance(move, LayOff)]
        if offs:
            return offs[0]
        if Draw() in legal:
            return Draw()
        discards = [move for move in legal if isinstance(move, Discard)]
        if discards:
            return max(
                discards, key=lambda move: (self.profile.card_points(move.card), move.card.code)
            )
        return legal[0]

    def _check_player(self, player: int) -> int:
        if not isinstance(player, int) or not 0 <= player < len(self.hands):
            raise InvalidStateError(f"no player {player!r}: players are 0-{len(self.hands) - 1}")
        return player

    def _over(self) -> Problem:
        """Why no move is possible once the round is over, citing how it ended.

        A hand emptied (the ``"out"`` section: B9, R8, G6), else the stock
        (B9, R6, G8).
        """
        assert self.result is not None
        key = "out" if self.result.reason == "out" else "stock"
        return Problem("the round is over", self.profile.section(key))

    def _check_turn(self, player: int | None) -> None:
        if player is not None and player != self.current_player:
            raise IllegalMoveError(
                f"it is player {self.current_player}'s turn, not player {player}'s",
                [Problem("a player moves only on their own turn", self.profile.section("turn"))],
            )

    # -- views and serialization -------------------------------------------------

    def view(self, player: int) -> PlayerView:
        """What ``player`` may see: own hand, the table, the other hands' sizes, the stock's size.

        Raises:
            InvalidStateError: If ``player`` is not a player of this round.
        """
        hands = self.hands
        if not isinstance(player, int) or not 0 <= player < len(hands):
            self._check_player(player)  # raises
        last = self.last
        if last is not None and last.player != player:
            last = last.hidden() if last.drawn else last
        return _make_view(
            player,
            self.profile,
            hands[player],
            self.table,
            tuple(map(len, hands)),
            len(self.stock),
            self.discard_pile,
            self.current_player,
            self.turn,
            self.opened,
            self.passes,
            self.recycles,
            last,
            self.result,
            self.phase,
            self.taken,
            self.jokers_owed,
            self.owners,
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of the whole state, with a ``schema`` tag."""
        return {
            "schema": SCHEMA,
            "profile": self.profile.to_dict(),
            "hands": [format_cards(h) for h in self.hands],
            "table": [format_cards(m) for m in self.table.melds],
            "stock": format_cards(self.stock),
            "discard_pile": format_cards(self.discard_pile),
            "current_player": self.current_player,
            "turn": self.turn,
            "opened": list(self.opened),
            "passes": self.passes,
            "recycles": self.recycles,
            "last": None if self.last is None else self.last.to_dict(),
            "result": None if self.result is None else self.result.to_dict(),
            "phase": self.phase,
            "taken": None if self.taken is None else str(self.taken),
            "laid_this_turn": self.laid_this_turn,
            "jokers_owed": self.jokers_owed,
            "owners": [list(o) for o in self.owners],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameState:
        """Rebuild a state from `to_dict` output, checking everything.

        Raises:
            InvalidStateError: If the data is not a state this library wrote, or
                describes an impossible one (a duplicated or missing card, a
                wrong count, an invalid table …); the message says what is wrong.
        """
        try:
            if not isinstance(data, Mapping):
                raise InvalidStateError(f"a state is a mapping, got {type(data).__name__}")
            if data.get("schema") != SCHEMA:
                raise InvalidStateError(
                    f"unknown schema {data.get('schema')!r} (this version reads {SCHEMA!r})"
                )
            profile = Profile.from_dict(data["profile"])
            table = Table([as_cards(m) for m in data["table"]])
            report = profile.validate_table(table)
            if not report:
                raise InvalidStateError(
                    f"the table is not valid: {'; '.join(map(str, report.problems))}"
                )
            state = cls(
                profile=profile,
                hands=[as_cards(h) for h in data["hands"]],
                table=table,
                stock=as_cards(data["stock"]),
                discard_pile=as_cards(data.get("discard_pile", "")),
                current_player=_int(data["current_player"]),
                turn=_int(data["turn"]),
                opened=[bool(x) for x in data["opened"]],
                passes=_int(data.get("passes", 0)),
                recycles=_int(data.get("recycles", 0)),
                last=None if data.get("last") is None else Outcome.from_dict(data["last"]),
                result=None
                if data.get("result") is None
                else RoundResult.from_dict(data["result"]),
                phase=str(data.get("phase", "play")),
                taken=data.get("taken"),
                laid_this_turn=bool(data.get("laid_this_turn", False)),
                jokers_owed=_int(data.get("jokers_owed", 0)),
                owners=data.get("owners", ()),
            )
        except InvalidStateError:
            raise
        except MexeMexeError as err:
            raise InvalidStateError(f"invalid state data: {err}") from err
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            what = f"missing key {err}" if isinstance(err, KeyError) else str(err)
            raise InvalidStateError(f"invalid state data: {what}") from err
        return state

    def to_json(self, **kwargs: Any) -> str:
        """`to_dict` as JSON text (keyword arguments go to `json.dumps`)."""
        return dumps(self.to_dict(), **kwargs)

    @classmethod
    def from_json(cls, text: str) -> GameState:
        """Rebuild a state from `to_json` output.

        Raises:
            InvalidStateError: If the text is not JSON or not a valid state.
        """
        return cls.from_dict(loads_object(text, "state"))

    # -- display ------------------------------------------------------------------

    def __str__(self) -> str:
        lines = [
            f"{self.profile.name} round, turn {self.turn}, player {self.current_player} to move"
            if self.result is None
            else f"{self.profile.name} round over ({self.result.reason}), "
            f"winners {list(self.result.winners)}",
            f"table: {self.table.unicode() or '(empty)'}",
        ]
        for i, hand in enumerate(self.hands):
            marker = ">" if i == self.current_player and self.result is None else " "
            lines.append(
                f"{marker} player {i} ({len(hand):2} cards): {format_cards(hand, unicode=True)}"
            )
        lines.append(f"stock: {len(self.stock)} cards")
        if self.discard_pile:
            lines.append(
                f"discard pile: top {self.discard_pile[-1].unicode()} "
                f"({len(self.discard_pile)} cards)"
            )
        return "\n".join(lines)

    def _repr_svg_(self) -> str:
        """A picture for Jupyter: the table, the discard pile and every hand."""
        from .render import svg

        return svg.state(self)

    def __repr__(self) -> str:
        sizes = ", ".join(str(len(h)) for h in self.hands)
        status = "over" if self.result is not None else f"player={self.current_player}"
        return (
            f"<GameState {self.profile.name} turn={self.turn} {status} hands=[{sizes}] "
            f"table={len(self.table)} melds stock={len(self.stock)}>"
        )


_copy_state = copier(GameState)
#: The fields that hold cards: a change to any of them gets the card count checked.
_CARD_FIELDS = frozenset({"hands", "table", "stock", "discard_pile"})


def _counted(new: GameState) -> GameState:
    """``new``, after the cheap guard of `GameState._successor`: the deck's card count.

    Raises:
        InvalidStateError: If the card count changed (an engine bug).
    """
    count = sum(map(len, new.hands)) + new.table.card_count + len(new.stock) + len(new.discard_pile)
    if count != len(new.profile._deck):
        raise InvalidStateError(
            "invalid game state: " + _conservation_message(_all_codes(new), new.profile)
        )
    return new


def successor(*names: str) -> Callable[..., GameState]:
    """`GameState._successor` for an engine call site that always changes ``names``.

    Returns ``build(state, *values)``, the values in the order of ``names``:
    the same copy, with the same card-count guard where a card field changes,
    without a mapping of changes (the engines' hottest moves use it).
    """
    check = None if _CARD_FIELDS.isdisjoint(names) else _counted
    return changer(GameState, names, check)


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidStateError(f"expected an integer, got {value!r}")
    return value


_DECK_CODES: dict[tuple[int, int], list[int]] = {}


def _all_codes(state: GameState) -> list[int]:
    """The sorted codes of every card of ``state``: hands, table, stock and discard pile."""
    return sorted(
        map(
            CODE,
            chain(
                chain.from_iterable(state.hands),
                state.table.cards(),
                state.stock,
                state.discard_pile,
            ),
        )
    )


def _deck_codes(profile: Profile) -> list[int]:
    """The sorted card codes of ``profile``'s full deck (memoized)."""
    key = (profile.decks, profile.jokers)
    codes = _DECK_CODES.get(key)
    if codes is None:
        codes = [card.code for card in profile.deck()]
        _DECK_CODES[key] = codes
    return codes


def _conservation_message(codes: list[int], profile: Profile) -> str:
    counts = Counter(codes)
    expected = Counter(_deck_codes(profile))
    extra = [f"{Card.from_code(c)} x{k}" for c, k in sorted((counts - expected).items())]
    missing = [f"{Card.from_code(c)} x{k}" for c, k in sorted((expected - counts).items())]
    parts = []
    if extra:
        parts.append("too many: " + ", ".join(extra))
    if missing:
        parts.append("missing: " + ", ".join(missing))
    return f"the cards are not the {profile.name!r} deck (§0 conservation): " + "; ".join(parts)


@attrs.frozen(repr=False, weakref_slot=False)
class PlayerView:
    """What one player may see of a state, and nothing else.

    Holds the player's own hand, the table, the discard pile, every hand's
    *size*, the stock's *size*, whose turn it is and the scores — never other
    hands, the stock's order or the seed. Bots choose moves from a view.

    Attributes:
        player: Whose view this is.
        profile: The rules.
        hand: This player's hand.
        table: The table.
        hand_sizes: How many cards each player holds.
        stock_size: How many cards are in the stock.
        discard_pile: The discard pile, top card last (face up in discard games).
        current_player: Whose turn it is.
        turn: How many turns have been taken.
        opened: Whether each player has laid down a card this round.
        passes: Consecutive passes with an empty stock.
        recycles: Times the discard pile became the stock.
        last: The previous move's outcome, with other players' drawn cards hidden.
        result: The round's result, once over.
        phase: Where the turn is (see `GameState.phase`).
        taken: The card that may not be discarded this turn (G5), if any.
        jokers_owed: Jokers the current player must still meld (G12).
        owners: Who laid each table card (G4), for discard games.
    """

    player: int
    profile: Profile
    hand: tuple[Card, ...]
    table: Table
    hand_sizes: tuple[int, ...]
    stock_size: int
    discard_pile: tuple[Card, ...]
    current_player: int
    turn: int
    opened: tuple[bool, ...]
    passes: int
    recycles: int
    last: Outcome | None
    result: RoundResult | None
    phase: str = "play"
    taken: Card | None = None
    jokers_owed: int = 0
    owners: tuple[tuple[int, ...], ...] = ()

    @property
    def my_turn(self) -> bool:
        """True if it is this player's turn and the round is not over."""
        return self.current_player == self.player and self.result is None

    def legal_moves(self, *, best: bool = True) -> tuple[Move, ...]:
        """This player's legal moves on their turn, else ``()``; see `GameState.legal_moves`."""
        if not self.my_turn:
            return ()
        moves: tuple[Move, ...] = _engine(self.profile).legal_moves(self, best=best)
        return moves

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict, safe to send to this player's client."""
        return {
            "schema": "mexemexe.view/1",
            "player": self.player,
            "profile": self.profile.name,
            "hand": format_cards(self.hand),
            "table": [format_cards(m) for m in self.table.melds],
            "hand_sizes": list(self.hand_sizes),
            "stock_size": self.stock_size,
            "discard_pile": format_cards(self.discard_pile),
            "current_player": self.current_player,
            "turn": self.turn,
            "opened": list(self.opened),
            "passes": self.passes,
            "recycles": self.recycles,
            "last": None if self.last is None else self.last.to_dict(),
            "result": None if self.result is None else self.result.to_dict(),
            "phase": self.phase,
            "taken": None if self.taken is None else str(self.taken),
            "jokers_owed": self.jokers_owed,
            "owners": [list(o) for o in self.owners],
        }

    def to_json(self, **kwargs: Any) -> str:
        """`to_dict` as JSON text."""
        return dumps(self.to_dict(), **kwargs)

    def __repr__(self) -> str:
        return (
            f"<PlayerView player={self.player} {self.profile.name} turn={self.turn} "
            f"hand={format_cards(self.hand)!r} table={len(self.table)} melds "
            f"stock={self.stock_size}>"
        )


_make_view = maker(PlayerView)


def deal(
    profile: Profile | str,
    players: int | None = None,
    *,
    seed: Seed,
    hands: Sequence[Iterable[Card | str] | str] | None = None,
    table: TableLike | None = None,
    discard_pile: Iterable[Card | str] | str | None = None,
    first_player: int = 0,
) -> GameState:
    """Deal a round reproducibly: the same seed gives the same deal everywhere.

    A normal deal shuffles the profile's deck and deals ``hand_size(players)``
    cards to each player one at a time, starting with ``first_player`` (B2,
    R1, G2); the rest is the stock. Discard games turn the top stock card to
    start the discard pile (G2).

    A *stacked* deal (puzzles, tests, restoring a position) gives the hands
    and/or table: those cards are placed, and the rest of the deck is
    shuffled into the stock.

    Examples:
        >>> state = deal("brazilian", players=4, seed=7)
        >>> [len(h) for h in state.hands], len(state.stock)
        ([11, 11, 11, 11], 64)

    Args:
        profile: The rules, or a registered profile name.
        players: How many players (for a stacked deal, ``len(hands)``).
        seed: An int or a `random.Random`: randomness is always explicit.
        hands: Stacked hands, one per player (notation or cards).
        table: A stacked table; it must be valid under the profile.
        discard_pile: A stacked discard pile (discard games), top card last.
        first_player: Who takes the first turn (B3: player 0; G3 rotates it).

    Returns:
        The first `GameState` of the round.

    Raises:
        InvalidStateError: If a stacked deal uses more copies of a card than
            the deck holds, its table is invalid, or the player count is wrong.
        ProfileError: If the profile does not allow that many players.
    """
    prof = get_profile(profile)
    rng = make_rng(seed)
    count = len(hands) if hands is not None else players
    if count is not None and count > 0 and not 0 <= first_player < count:
        raise InvalidStateError(f"first_player {first_player} is not a player (0-{count - 1})")
    if hands is None:
        if players is None:
            raise InvalidStateError("deal needs players=N (or stacked hands=[...])")
        size = prof.hand_size(players)
        cards = shuffled(prof.deck(), rng)
        dealt: list[list[Card]] = [[] for _ in range(players)]
        for _ in range(size):
            for k in range(players):
                dealt[(first_player + k) % players].append(cards.pop())
        stacked_table = Table.coerce(table) if table is not None else Table()
        if stacked_table:
            raise InvalidStateError("a stacked table needs stacked hands too")
        pile: list[Card] = []
        if prof.turn_structure == "discard":
            pile.append(cards.pop())
        return GameState(
            prof,
            dealt,
            stacked_table,
            cards,
            pile,
            current_player=first_player,
            phase=_engine(prof).INITIAL_PHASE,
        )
    hand_list = [as_cards(h) for h in hands]
    if players is not None and players != len(hand_list):
        raise InvalidStateError(f"players={players} but {len(hand_list)} hands were given")
    if not prof.min_players <= len(hand_list) <= prof.max_players:
        raise InvalidStateError(
            f"{len(hand_list)} hands, but {prof.name!r} is for "
            f"{prof.min_players}-{prof.max_players} players"
        )
    stacked_table = Table.coerce(table) if table is not None else Table()
    pile = list(as_cards(discard_pile)) if discard_pile is not None else []
    placed: Counter[Card] = Counter()
    for hand in hand_list:
        placed.update(hand)
    placed.update(stacked_table.counts())
    placed.update(pile)
    too_many = [
        f"{n} x {c} (the deck holds {prof.copies(c)})"
        for c, n in sorted(placed.items())
        if n > prof.copies(c)
    ]
    if too_many:
        raise InvalidStateError(
            "a stacked deal uses more cards than the deck holds: " + ", ".join(too_many)
        )
    report = prof.validate_table(stacked_table)
    if not report:
        raise InvalidStateError(
            "the stacked table is not valid: " + "; ".join(map(str, report.problems))
        )
    rest: Counter[Card] = Counter(prof.deck())
    rest.subtract(placed)
    remaining = sorted(rest.elements(), key=CODE)
    stock = shuffled(remaining, rng)
    if prof.turn_structure == "discard" and not pile and stock:
        pile.append(stock.pop())
    owners = [(-1,) * len(meld) for meld in stacked_table.melds]
    return GameState(
        prof,
        hand_list,
        stacked_table,
        stock,
        pile,
        current_player=first_player,
        phase=_engine(prof).INITIAL_PHASE,
        owners=owners if prof.turn_structure == "discard" else (),
    )
