"""The immutable `GameState` of a rummy round, `deal`, and the `PlayerView` of one player.

`GameState` and `PlayerView` hold what every turn structure shares; each
turn module of `mexemexe._turns` defines the subclasses that add its own
fields (`SharedTableState`, `DiscardState` and their views) and registers
them here.

A state is a value: every move returns a new state and the old one stays
usable (undo, search and replay come free). States share structure with
their successors (tuples are reused, never deep-copied) and check
conservation of the deck once, when they are built (RULES.md §0): stock +
discard pile + hands + table is always the full deck. The rules of a turn
live in one module per *turn structure* (`mexemexe._turns`), chosen by the
profile's ``turn_structure`` field.

Layers: this module imports neither the turn modules nor the solver. The
turn modules import it and are registered here (`register_turn_structure`,
done by `mexemexe._turns`); the search behind `GameState.hint` is lent by the
agents layer through `_search_hook` (set by `mexemexe/__init__.py`).
"""

from __future__ import annotations

import warnings
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import chain
from typing import ClassVar, Literal, Protocol, TypeVar, cast

import attrs

from . import _pictures
from ._cards import _BY_CODE, CODE, Card, as_cards
from ._errors import IllegalMoveError, InvalidStateError, MexeMexeError, Problem, ProfileError
from ._fastcopy import changer, copier, maker
from ._history import (
    EMPTY_HISTORY,
    History,
    SeenHistory,
    as_history,
    history_from_json,
    history_json,
    history_problems,
)
from ._jsonio import JSON, JSONObject, dumps, loads_object
from ._kinds import MAX_COUNT, kind_problems, loading, quote, whole_number
from ._moves import Move
from ._notation import format_cards
from ._outcomes import Outcome, Proposal, RoundResult
from ._profiles import Profile, get_profile, untyped_constructor
from ._random import Seed, make_rng, shuffled
from ._roundparts import current_hand, hand_lines, player_count, seen_by
from ._scoring import result_problems, round_result
from ._table import Table, TableLike
from ._views import FORMAT, MAPPING, View, read_view_cards, spectator_of
from ._views import read_key as _read

__all__ = [
    "ENGINES",
    "SCHEMA",
    "STATE_TYPES",
    "GameState",
    "PlayableCards",
    "PlayerView",
    "SearchHook",
    "TurnRules",
    "deal",
    "register_turn_structure",
]

#: The schema tag written by `GameState.to_dict`; `from_dict` reads it back.
SCHEMA = "mexemexe.state/1"
#: The schema tag written by `PlayerView.to_dict`; `PlayerView.from_dict` reads it back.
VIEW_SCHEMA = "mexemexe.view/1"


def _profile(value: object) -> Profile:
    if not isinstance(value, (Profile, str)):
        raise InvalidStateError(f"profile={quote(value)}: a Profile or a profile name")
    return get_profile(value)


_In = TypeVar("_In")
_Out = TypeVar("_Out")


def _convert(name: str, convert: Callable[[_In], _Out], value: object) -> _Out:
    """``convert(value)`` for the field ``name``, failing only with `InvalidStateError` naming it.

    A converter given hostile input (a number for a hand, a list nested a
    million deep) fails with whatever Python raises; a caller of the
    constructor or of `attrs.evolve` gets the library's error instead.
    """
    try:
        # ``value`` may be anything: one ``convert`` does not take fails inside
        # it, and that failure is what this function turns into the library's.
        return convert(cast("_In", value))
    except InvalidStateError as err:
        raise InvalidStateError(f"{name}: {err}") from None
    except (MexeMexeError, TypeError, ValueError, AttributeError, RecursionError) as err:
        raise InvalidStateError(f"{name}={quote(value)}: {str(err)[:200]}") from None


def _hand_tuple(value: Iterable[Iterable[Card | str] | str]) -> tuple[tuple[Card, ...], ...]:
    if isinstance(value, str):  # one text would be read as one hand per character
        raise InvalidStateError("hands is a list of hands, one per player, not one text")
    return tuple(tuple(sorted(as_cards(hand), key=CODE)) for hand in value)


def _optional_card(value: object) -> Card | None:
    if value is None or isinstance(value, Card) or not isinstance(value, str):
        # Anything but text is checked for its kind with the other fields, so
        # a state holding another kind is refused before anyone reads it.
        return cast("Card | None", value)
    return Card.parse(value)


def _owners(value: Iterable[Iterable[int]]) -> tuple[tuple[int, ...], ...]:
    owners = tuple(tuple(meld) for meld in value)
    if not all(isinstance(p, int) and not isinstance(p, bool) for o in owners for p in o):
        raise InvalidStateError(f"owners is a list of player numbers per meld, got {quote(value)}")
    return owners


def _hands(value: object) -> tuple[tuple[Card, ...], ...]:
    return _convert("hands", _hand_tuple, value)


def _stock(value: object) -> tuple[Card, ...]:
    return _convert("stock", as_cards, value)


def _pile(value: object) -> tuple[Card, ...]:
    return _convert("discard_pile", as_cards, value)


def _table(value: object) -> Table:
    return _convert("table", Table.coerce, value)


def _taken(value: object) -> Card | None:
    return _convert("taken", _optional_card, value)


def _owner_lists(value: object) -> tuple[tuple[int, ...], ...]:
    return _convert("owners", _owners, value)


def _history(value: object) -> History:
    return _convert("history", as_history, value)


def _flags(value: Iterable[bool]) -> tuple[bool, ...]:
    return tuple(value)


def _bools(value: object) -> tuple[bool, ...]:
    # Kept as given (a tuple): their kind is checked with the other fields.
    return _convert("opened", _flags, value)


#: A state of one turn structure (the engines' successors keep the type).
S = TypeVar("S", bound="GameState")


def _default_opened(state: GameState) -> tuple[bool, ...]:
    return (False,) * len(state.hands)


class TurnRules(Protocol):
    """What the state layer asks of the rules of one turn structure (a module of `_turns`).

    Each turn module registers itself with `register_turn_structure` when it
    is imported; the state layer never imports them (they import it), so the
    import graph only points down.
    """

    #: The phases of a turn (``GameState.phase``), and the first one.
    PHASES: tuple[str, ...]
    INITIAL_PHASE: str

    def propose(self, state: GameState, table: Table, /) -> Proposal: ...

    def apply(self, state: GameState, move: Move, /) -> GameState: ...

    def legal_moves(self, view: PlayerView, /) -> tuple[Move, ...]: ...


class SearchHook(Protocol):
    """The search the agents layer lends the state layer, for `GameState.hint`.

    The state layer sits below the solver and never imports it: the package
    (`mexemexe/__init__.py`, above both) puts an implementation in
    `_search_hook` when it is imported, and it loads the solver lazily.
    """

    def hint(self, state: GameState, time_limit: float | None, /) -> Move:
        """The move `GameState.hint` returns."""
        ...

    def with_best_play(self, view: PlayerView, moves: tuple[Move, ...], /) -> tuple[Move, ...]:
        """``moves`` and the solver's best play, for the deprecated ``legal_moves(best=True)``."""
        ...

    def playable_cards(self, view: PlayerView, time_limit: float | None, /) -> PlayableCards:
        """The answer of `GameState.playable_cards` for the player of ``view``, on their turn."""
        ...


@attrs.frozen
class PlayableCards:
    """The hand cards some legal play can put on the table this turn (`GameState.playable_cards`).

    Attributes:
        cards: Those cards, each once, sorted by code.
        exact: True if ``cards`` is exactly that set; False if a time limit
            cut the search for plays that rearrange the table, so that a card
            left out might still be placed by one. Cards listed are always
            placeable, and every card a play keeping the table's melds
            places is always listed.
    """

    cards: tuple[Card, ...]
    exact: bool


#: The search behind `GameState.hint` and ``legal_moves(best=True)``, set by
#: `mexemexe/__init__.py` (which imports the state layer first), else ``None``.
_search_hook: SearchHook | None = None


def _search() -> SearchHook:
    """`_search_hook`, which importing the package always sets.

    Raises:
        MexeMexeError: If it is unset (the package's ``__init__`` did not run to its end).
    """
    if _search_hook is None:
        raise MexeMexeError("the search is not loaded: import mexemexe to use hints")
    return _search_hook


#: The rules of each turn structure, by ``Profile.turn_structure``: filled by
#: `register_turn_structure` as each module of `mexemexe._turns` is imported.
ENGINES: dict[str, TurnRules] = {}
#: Each engine's ``apply``, by turn structure (looked up once).
_APPLY: dict[str, Callable[[GameState, Move], GameState]] = {}


def register_turn_structure(name: str, rules: TurnRules, state_type: type[GameState]) -> None:
    """Make ``rules`` and ``state_type`` those of profiles whose ``turn_structure`` is ``name``.

    Called for each turn module by `mexemexe._turns` as it is imported
    (`mexemexe/__init__.py` imports it), so the state layer needs no import
    of its own. `deal`, `GameState(...)` and `GameState.from_dict` build the
    ``state_type`` of the profile's structure.

    Raises:
        ValueError: If ``state_type`` is not a `GameState` of that structure.
    """
    if not issubclass(state_type, GameState) or name != state_type.TURN_STRUCTURE:
        raise ValueError(f"{state_type!r} is not the GameState type of {name!r}")
    state_type._own = frozenset(field for field, _, _ in state_type._OWN)
    for field, _, what in state_type._OWN:
        _STRUCTURE_FIELDS[field] = what
    ENGINES[name] = rules
    STATE_TYPES[name] = state_type
    _APPLY.pop(name, None)


def _engine(profile: Profile) -> TurnRules:
    """The rules of ``profile.turn_structure``.

    Raises:
        InvalidStateError: If no turn module registered that structure.
    """
    rules = ENGINES.get(profile.turn_structure)
    if rules is None:
        raise InvalidStateError(
            f"no rules registered for turn_structure={profile.turn_structure!r} "
            "(import mexemexe to load them)"
        )
    return rules


def _no_discard_pile(_: object) -> tuple[Card, ...]:
    """The discard pile, top card last (G4); always empty without one (B11)."""
    return ()


def _one_phase(_: object) -> str:
    """Where the turn is: ``"play"`` (one move a turn) unless the structure has phases (G4)."""
    return "play"


@attrs.frozen(repr=False, weakref_slot=False)
class GameState:
    """One moment of a rummy round: who holds what, the table, the stock, whose turn.

    Build one with `deal` (or `from_dict`); then every move returns a new
    state. Construction checks conservation of the deck and raises
    `InvalidStateError` for a state that breaks it.

    This class holds what every turn structure shares; each structure's
    state is a subclass holding only its own fields (`SharedTableState`,
    with the passes of R6; `DiscardState`, with the discard pile and the
    phases of G4). ``GameState(profile=..., hands=..., ...)`` builds the
    subclass of the profile's ``turn_structure``, and refuses, with an
    `InvalidStateError` naming it, a field of another structure.
    `discard_pile` and `phase` read as ``()`` and ``"play"`` on a state
    without them, so code that shows any state keeps working.

    Attributes:
        profile: The rules (a `Profile`; a registered name is accepted).
        hands: Each player's hand, sorted, indexed by player.
        table: The melds on the table.
        stock: The face-down stock; its top card is the *last* one.
        current_player: Whose turn it is.
        turn: How many turns have been taken this round.
        opened: Whether each player has laid down a card this round (R4, G10).
        last: What the previous move did, or ``None`` at the start.
        result: How the round ended, or ``None`` while it is being played.
        history: What every move of the round did, oldest first (a `History`
            of `Outcome`, whose newest entry is ``last``); views show it as
            each player may see it. Empty for a state written before it was
            kept.
    """

    profile: Profile = attrs.field(converter=_profile)
    hands: tuple[tuple[Card, ...], ...] = attrs.field(converter=_hands)
    table: Table = attrs.field(converter=_table, factory=Table)
    stock: tuple[Card, ...] = attrs.field(converter=_stock, default=())
    current_player: int = attrs.field(default=0, kw_only=True)
    turn: int = attrs.field(default=0, kw_only=True)
    opened: tuple[bool, ...] = attrs.field(
        converter=_bools, default=attrs.Factory(_default_opened, takes_self=True), kw_only=True
    )
    last: Outcome | None = attrs.field(default=None, kw_only=True)
    result: RoundResult | None = attrs.field(default=None, kw_only=True)
    history: History = attrs.field(default=EMPTY_HISTORY, converter=_history, kw_only=True)

    #: The ``Profile.turn_structure`` of this state type ("" for the base).
    TURN_STRUCTURE: ClassVar[str] = ""
    #: This structure's own fields: name, resting value, what it holds (for messages).
    _OWN: ClassVar[tuple[tuple[str, object, str], ...]] = ()
    #: Its own fields by kind, for `kind_problems` (whole numbers are also bounded).
    _WHOLE: ClassVar[tuple[str, ...]] = ()
    _FLAGS: ClassVar[tuple[str, ...]] = ()
    _TEXT: ClassVar[tuple[str, ...]] = ()
    _OPTIONAL: ClassVar[dict[str, type]] = {}
    #: The view type of this structure (`view` builds it).
    _VIEW: ClassVar[type[PlayerView]]
    #: The names of ``_OWN`` (set by `register_turn_structure`).
    _own: ClassVar[frozenset[str]] = frozenset()

    def __new__(cls, *args: object, **kwargs: object) -> GameState:
        """The state type of the profile's turn structure, refusing another structure's fields.

        Raises:
            InvalidStateError: If a field of another turn structure is given
                (named, with the rule that says why), or no state type is
                registered for the profile's structure.
        """
        target = cls
        given = args[0] if args else kwargs.get("profile")
        if cls is GameState and given is not None:
            target = _state_type(_profile(given))
        own = target._own
        foreign = [name for name in kwargs if name in _STRUCTURE_FIELDS and name not in own]
        if foreign and given is not None:
            profile = _profile(given)
            problems = [target._foreign_problem(profile, name, kwargs[name]) for name in foreign]
            raise InvalidStateError("invalid game state: " + "; ".join(problems))
        state: GameState = object.__new__(target)
        return state

    def __attrs_post_init__(self) -> None:
        problems = self._consistency_problems()
        if problems:
            raise InvalidStateError("invalid game state: " + "; ".join(problems))

    # -- what each turn structure adds (overridden by the subclasses) -------------------

    discard_pile = property(_no_discard_pile)
    phase = property(_one_phase)

    @property
    def failed_plays(self) -> tuple[int, ...]:
        """Each player's failed plays this round (B8), ``()`` for none (a game without forfeits)."""
        return ()

    @classmethod
    def _foreign_problem(cls, profile: Profile, name: str, value: object) -> str:
        """Why a field of another turn structure has no place in this one."""
        return (
            f"{name}={_show(value)}: a {profile.name!r} round has no {_STRUCTURE_FIELDS[name]} "
            f"({cls._foreign_rule(profile)})"
        )

    @classmethod
    def _foreign_rule(cls, profile: Profile) -> str:
        """The section a field of another turn structure breaks in this one."""
        return profile.section("play")

    def _structure_problems(self) -> list[str]:
        """The invariants of this structure's own fields (B6, R6, G4 …), one problem each."""
        return []

    def _structure_result_problems(self, result: RoundResult, rule: str) -> list[str]:
        """Whether this structure's fields show how ``result`` came about (R6, G8, G10).

        ``rule`` is the profile's stock section, which most of these cite.
        """
        return []

    def _view_structure(self) -> tuple[object, ...]:
        """The own fields of this structure's view type (``_VIEW``), in its order."""
        return ()

    def _structure_json(self) -> JSONObject:
        """This structure's own fields, as `to_dict` writes them."""
        return {}

    def _pickled_structure(self) -> tuple[object, ...]:
        """This structure's own fields, for `__reduce__` (cards as bytes)."""
        return ()

    @classmethod
    def _unpickled_structure(cls, values: tuple[object, ...]) -> tuple[object, ...]:
        """The own fields from what `_pickled_structure` wrote."""
        return values

    @classmethod
    def _opening_fields(
        cls, profile: Profile, pile: list[Card], stacked_table: Table
    ) -> dict[str, object]:
        """The own fields of a round `deal` starts (a stacked ``pile`` for a discard game)."""
        return {"discard_pile": pile} if pile else {}  # refused by the constructor (B11)

    # -- construction ----------------------------------------------------------------------

    def _successor(self: S, **changes: object) -> S:
        """A copy with ``changes``, for the engines, which pass canonical values.

        Skips the converters and the full consistency check: the engines only
        move cards from one place to another, so the state they start from
        (checked in full when it was built) fixes the deck. A cheap guard
        still counts the cards, so an engine bug that drops or duplicates one
        cannot pass silently.

        A change of ``last`` (a move's outcome) adds it to ``history``.

        Raises:
            InvalidStateError: If the card count changed (an engine bug).
        """
        if "last" in changes and "history" not in changes:
            changes["history"] = self.history.add(cast("Outcome", changes["last"]))
        new: S = _copier(type(self))(self, changes)  # type: ignore[assignment]
        if changes.keys().isdisjoint(_CARD_FIELDS):
            return new
        return _counted(new)

    def _consistency_problems(self) -> list[str]:
        """Every invariant of a state this library could have reached, one problem each.

        The fields' kinds first (the later checks compare and count them),
        then the players and counters, the fields the turn structure uses
        (`_structure_problems`), the table (B5, B7, R3, G4), the result
        (`_result_problems`) and conservation of the deck (§0).
        """
        profile = self.profile
        problems = kind_problems(
            self,
            whole=("current_player", "turn", *self._WHOLE),
            flags=self._FLAGS,
            text=self._TEXT,
            optional={"last": Outcome, "result": RoundResult, **self._OPTIONAL},
        )
        if not all(isinstance(flag, bool) for flag in self.opened):
            problems.append(f"opened={quote(self.opened)}: True or False for each player")
        if profile.turn_structure != self.TURN_STRUCTURE:
            problems.append(
                f"a {type(self).__name__} is a {self.TURN_STRUCTURE!r} round, but "
                f"{profile.name!r} has turn_structure={profile.turn_structure!r}"
            )
        if problems:
            return problems  # the checks below compare and count these fields
        n = len(self.hands)
        if not profile.min_players <= n <= profile.max_players:
            problems.append(
                f"{n} players, but {profile.name!r} is for "
                f"{profile.min_players}-{profile.max_players} ({profile.section('players')})"
            )
        if not 0 <= self.current_player < max(n, 1):
            problems.append(
                f"current_player {quote(self.current_player)} is not a player (0-{n - 1})"
            )
        if len(self.opened) != n:
            problems.append(f"opened has {len(self.opened)} entries for {n} players")
        for name in ("turn", *self._WHOLE):
            value = getattr(self, name)
            if not 0 <= value <= MAX_COUNT:
                problems.append(f"{name}={quote(value)}: from 0 to {MAX_COUNT}")
        if self.last is not None and not 0 <= self.last.player < n:
            problems.append(f"last.player {quote(self.last.player)} is not a player (0-{n - 1})")
        if not isinstance(self.history, History):
            problems.append(f"history={quote(self.history)}: a History")
        else:
            problems.extend(
                history_problems(
                    self.history,
                    self.last,
                    self.turn,
                    n,
                    self.result is not None,
                    # The moves that end and start a turn: the view type knows them.
                    self._VIEW.TURN_ENDS,
                    self._VIEW.TURN_STARTS,
                )
            )
        if problems:
            return problems  # the checks below index the hands by these numbers
        problems.extend(self._structure_problems())
        if not problems:
            report = profile.validate_table(self.table)
            if not report:
                problems.append("the table is not valid: " + "; ".join(map(str, report.problems)))
        # Conservation (§0): every card of the deck exactly once, in one place.
        codes = _all_codes(self)
        if codes != _deck_codes(profile):
            problems.append(_conservation_message(codes, profile))
        elif self.result is not None and not problems:
            problems.extend(self._result_problems())
        if self.result is None:
            # An emptied hand ends the round at once (B9, R8, G6): a round
            # still in play where someone holds nothing has no legal move.
            empty = [p for p, hand in enumerate(self.hands) if not hand]
            if empty:
                problems.append(
                    f"player {empty[0]} holds no card, but the round is not over "
                    f"({profile.section('out')})"
                )
        return problems

    def _result_problems(self) -> list[str]:
        """Whether ``result`` is how this round ended (B9, R6, R8, G6, G8-G10).

        The result must be one the profile's scoring gives (`result_problems`)
        for these very hands, and the state must show its reason: an empty
        hand for the winner who went out, an empty stock when the stock ended
        the round; the turn structure checks its own fields
        (`_structure_result_problems`: every player's pass for a blocked
        round, the cap of G8 for a round ended by recycles, the bonus of G10).
        """
        result = self.result
        assert result is not None  # only called with a result
        profile = self.profile
        n = len(self.hands)
        if result.reason == "in_progress" or len(result.scores) != n:
            return [
                f"the result {result.reason!r} scores {len(result.scores)} players: a finished "
                f"round of {n} players has a final result"
            ]
        points = tuple(profile.hand_points(hand) for hand in self.hands)
        if result.hand_points != points:
            return [f"result hand_points {quote(result.hand_points)}, but the hands hold {points}"]
        if result.failed_plays != self.failed_plays:
            return [
                f"result failed_plays {quote(result.failed_plays)}, but the round counted "
                f"{quote(self.failed_plays)} ({profile.section('failed')})"
            ]
        problems = result_problems(profile, result)
        if problems:
            return problems
        rule = profile.section("stock")
        if result.reason in ("stock", "blocked", "recycles") and self.stock:
            problems.append(f"result reason {result.reason!r} with cards in the stock ({rule})")
        problems.extend(self._structure_result_problems(result, rule))
        return problems

    # -- queries ------------------------------------------------------------------

    players = property(player_count)
    hand = property(current_hand)

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
        return round_result(self.profile, self.hands, "in_progress", failed_plays=self.failed_plays)

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

    def propose(self, table: TableLike, *, player: int | None = None) -> Proposal:
        """Check a proposed new table without changing anything (B6-B8, R3-R4).

        Only the player whose turn it is may ask, as only they may `play`: the
        answer speaks of that player's hand (the cards it lacks), so it is
        theirs to see. What it says depends only on the proposal, the table,
        that hand and public state (whose turn, who has opened, whether the
        round is over), never on the other hands or the stock: a prober learns
        nothing it could not see. ``player=None`` trusts the caller to be the
        current player, as `play` does; a server passes ``player``.

        Args:
            table: The whole new table (a `Table`, notation, or sequences of cards).
            player: If given, who proposes; anyone but the current player is refused.

        Returns:
            A `Proposal`, truthy iff ``play(table)`` would be legal, with every reason if not.

        Raises:
            IllegalMoveError: If ``player`` is given and it is not their turn (B3, R4,
                G4), the same error `play` raises.
            NotationError: If ``table`` is text that is not valid notation.
            TypeError: If ``table`` is neither text, a `Table` nor a sequence of melds.
        """
        # Read the table first, then check the turn: the order `play` has, so
        # the two refuse the same input with the same error.
        proposed = Table.coerce(table)
        if player is not None:
            self._check_turn(player)
        proposal: Proposal = _engine(self.profile).propose(self, proposed)
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

    def add_meld(
        self, cards: Iterable[Card | str] | str, *, player: int | None = None
    ) -> GameState:
        """Lay down a new meld from the hand: ``apply(LayDown(cards))`` (B6, R4, G4).

        On a shared table the move is the play of the old table, kept as it
        is, plus the new meld, checked exactly as `play` checks it (the
        opening rules of R4 included); in a discard game, the meld phase's
        lay-down (G4).

        Raises:
            IllegalMoveError: With every problem: cards not in the hand, an
                invalid meld, an opening short of the minimum, out of phase
                (G4), out of turn; the state is unchanged.
            NotationError: If ``cards`` is text that is not valid notation.
        """
        from ._moves import LayDown

        return self.apply(LayDown(cards), player=player)

    def meld(self, cards: Iterable[Card | str] | str, *, player: int | None = None) -> GameState:
        """Lay down a new meld from the hand; the same as `add_meld`.

        Raises:
            IllegalMoveError: As `add_meld`.
            NotationError: If ``cards`` is text that is not valid notation.
        """
        return self.add_meld(cards, player=player)

    def lay_off(self, card: Card | str, meld_index: int, *, player: int | None = None) -> GameState:
        """Add a hand card to table meld ``meld_index`` (from 0), keeping it valid (B6, G4).

        On a shared table the move is the play of the old table with the card
        added to that meld, checked exactly as `play` checks it (B6, B7, R4:
        the classic initial meld refuses it); in a discard game, the meld
        phase's lay-off onto anyone's meld (G4).

        Raises:
            IllegalMoveError: With every problem: no such meld, the card not
                in the hand, the meld no longer valid, out of phase, out of
                turn; the state is unchanged.
            NotationError: If ``card`` is text that is not a card.
        """
        from ._moves import LayOff

        return self.apply(LayOff(card, meld_index), player=player)

    def playable_cards(self, time_limit: float | None = None) -> PlayableCards:
        """The current player's hand cards that some legal play can put on the table this turn.

        Exact, with no search, for the plays that keep every table meld (new
        melds from the hand, cards added to table melds; under the opening
        rules of R4 only plays that meet them; in a discard game, only plays
        after which the turn can still end, G5, G12). On a shared table the
        cards only a rearrangement places (B6, R4) are then searched for by
        the exact solver, one card at a time, within ``time_limit``; the
        answer says whether it is exact (`PlayableCards.exact`). In a
        discard game's draw phase the answer is about the hand as it stands.

        Args:
            time_limit: At most this many seconds of search (wall clock) for
                the cards only a rearrangement places, or ``None`` for no
                limit.

        Returns:
            A `PlayableCards`; a round that is over has none (exact).

        Raises:
            SolverInputError: If ``time_limit`` is negative.
        """
        if self.result is not None:
            return PlayableCards((), True)
        view = self._view_of(self.current_player, (), None, None, _NO_HISTORY)
        return _search().playable_cards(view, time_limit)

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

    def legal_moves(self, *, best: bool | None = None) -> tuple[Move, ...]:
        """The current player's legal moves that need no search; every listed move is legal.

        Shared table (B6, R4): the draw or the pass (R6), the forfeit (B8,
        R5), every play that lays down one new meld from the hand, and every
        play that lays off one hand card onto one table meld (extending it,
        or taking its joker's place while the joker stays in the meld, B7,
        R3) — the moves a player sees without rearranging the table, the
        very plays `add_meld` and `lay_off` make. Under an
        opening minimum, only those that reach it. Listing them never runs
        the solver (tens of microseconds); the exact best play, which may
        rearrange the table, is `hint` or `mexemexe.solver.best_play`.

        Discard games (G): exactly the legal moves — every draw, every meld
        the hand can lay down, every lay-off, every joker swap and every
        discard.

        Args:
            best: Deprecated (a `DeprecationWarning` whenever it is passed).
                ``best=True`` still appends the solver's best play on a
                shared table, as the list used to by default; ask `hint` for
                it instead. ``best=False`` is the default listing.
        """
        if best is not None:
            _deprecated_best()
        if self.result is not None:
            return ()
        # The engines list moves from the current player's view; this one is
        # built for them only and never handed out, so it skips what they do
        # not read (the hand sizes, the previous move with its draw hidden).
        view = self._view_of(self.current_player, (), None, None, _NO_HISTORY)
        moves = _engine(self.profile).legal_moves(view)
        return _search().with_best_play(view, moves) if best else moves

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
        if self.result is not None:
            raise IllegalMoveError("no hint", [self._over()])
        # The search sits above the state layer: it is reached through the
        # hook the package sets, never imported from here.
        return _search().hint(self, time_limit)

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
        return self._view_of(
            player,
            tuple(map(len, hands)),
            seen_by(self.last, player),
            self.result,
            SeenHistory(self.history, player),
        )

    def spectator_view(self) -> PlayerView:
        """What anyone watching may see: the hand sizes, the table, any discard pile, the result.

        A view of this round's view type with ``player`` -1 (`View.is_spectator`)
        and no hand, every drawn card hidden; it has no legal moves and
        rebuilds from its JSON as any view does.
        """
        return spectator_of(self.view(0))

    def _view_of(
        self,
        player: int,
        hand_sizes: tuple[int, ...],
        last: Outcome | None,
        result: RoundResult | None,
        history: SeenHistory,
    ) -> PlayerView:
        """The view of ``player`` with these hand sizes, previous move, result and history."""
        return _view_maker(self._VIEW)(
            player,
            self.profile,
            self.hands[player],
            hand_sizes,
            len(self.stock),
            self.current_player,
            self.turn,
            last,
            result,
            history,
            self.table,
            self.opened,
            *self._view_structure(),
        )

    def __reduce__(self) -> tuple[Callable[..., GameState], tuple[object, ...]]:
        # Pickled compactly: each card as one byte (its code), the profile by
        # its settings (`Profile.__reduce__`), no memoized data. A pickle is
        # this library's own trusted data, restored as it was, as attrs'
        # default pickling restores a state: without the checks of the
        # constructor (`from_dict` checks everything).
        # The state type goes by reference (its module and name).
        return (
            _unpickle_state,
            (
                type(self),
                self.profile,
                tuple(bytes(map(CODE, hand)) for hand in self.hands),
                tuple(bytes(map(CODE, meld)) for meld in self.table.melds),
                bytes(map(CODE, self.stock)),
                self.current_player,
                self.turn,
                self.opened,
                self.last,
                self.result,
                self.history,
                *self._pickled_structure(),
            ),
        )

    def to_dict(self) -> JSONObject:
        """A JSON-ready dict of the whole state, with a ``schema`` tag.

        Every turn structure writes the same keys (schema ``mexemexe.state/1``):
        the fields of another structure at their resting values, as before
        the states were split, so old readers read new files.
        """
        own = self._structure_json()
        out: JSONObject = {
            "schema": SCHEMA,
            "profile": self.profile.to_dict(),
            "hands": [format_cards(h) for h in self.hands],
            "table": [format_cards(m) for m in self.table.melds],
            "stock": format_cards(self.stock),
            "discard_pile": own.get("discard_pile", _JSON_REST["discard_pile"]),
            "current_player": self.current_player,
            "turn": self.turn,
            "opened": list(self.opened),
            "passes": own.get("passes", _JSON_REST["passes"]),
            "recycles": own.get("recycles", _JSON_REST["recycles"]),
            "last": None if self.last is None else self.last.to_dict(),
            "result": None if self.result is None else self.result.to_dict(),
        }
        for key in ("phase", "taken", "laid_this_turn", "jokers_owed", "owners", "failed_plays"):
            out[key] = own.get(key, _JSON_REST[key])
        out.update((key, value) for key, value in own.items() if key not in out)
        out["history"] = history_json(self.history)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> GameState:
        """Rebuild a state from `to_dict` output, checking everything.

        The state type is the profile's turn structure's (also when called on
        a subclass). The keys of another structure's fields are read at their
        resting values (every `to_dict` writes them); any other value there
        is refused, naming the field.

        Raises:
            InvalidStateError: If the data is not a state this library wrote, or
                describes an impossible one (a duplicated or missing card, a
                wrong count, an invalid table …); the message says what is wrong.
        """
        with loading("state data"):
            if not isinstance(data, Mapping):
                raise InvalidStateError(f"a state is a mapping, got {type(data).__name__}")
            if data.get("schema") != SCHEMA:
                raise InvalidStateError(
                    f"unknown schema {quote(data.get('schema'))} (this version reads {SCHEMA!r})"
                )
            profile = Profile.from_dict(_read(data, "profile", MAPPING))
            hands = _read(data, "hands", list)
            if not all(isinstance(h, str) for h in hands):
                raise InvalidStateError(f"hands={quote(hands)}: one card text per player")
            melds = _read(data, "table", list)
            if not all(isinstance(meld, str) for meld in melds):
                raise InvalidStateError(f"table={quote(melds)}: one card text per meld")
            owners = _read(data, "owners", list, [])
            if not all(isinstance(o, list) for o in owners):
                raise InvalidStateError(
                    f"owners={quote(owners)}: a list of player numbers per meld"
                )
            last = _read(data, "last", (MAPPING, type(None)), None)
            result = _read(data, "result", (MAPPING, type(None)), None)
            fields: dict[str, object] = {
                "profile": profile,
                "hands": hands,
                "table": Table([as_cards(m) for m in melds]),
                "stock": _read(data, "stock", str),
                "discard_pile": _read(data, "discard_pile", str, ""),
                "current_player": whole_number(
                    _read(data, "current_player", int), "current_player"
                ),
                "turn": whole_number(_read(data, "turn", int), "turn"),
                "opened": _read(data, "opened", list),
                "passes": whole_number(_read(data, "passes", int, 0), "passes"),
                "recycles": whole_number(_read(data, "recycles", int, 0), "recycles"),
                "last": None if last is None else Outcome.from_dict(last),
                "result": None if result is None else RoundResult.from_dict(result),
                # A state written before the history was kept reads with none.
                "history": history_from_json(data.get("history")),
                "phase": _read(data, "phase", str, "play"),
                "taken": _read(data, "taken", (str, type(None)), None),
                "laid_this_turn": _read(data, "laid_this_turn", bool, False),
                "jokers_owed": whole_number(_read(data, "jokers_owed", int, 0), "jokers_owed"),
                "owners": [
                    [whole_number(x, "owners", -1, MAX_COUNT) for x in meld] for meld in owners
                ],
                "failed_plays": [
                    whole_number(x, "failed_plays") for x in _read(data, "failed_plays", list, [])
                ],
            }
            own = _state_type(profile)._own
            for key, rest in _JSON_REST.items():
                # Another structure's field at rest is what every to_dict writes.
                if key not in own and fields[key] == rest:
                    del fields[key]
            # The constructor converts and checks every field it is given.
            state = untyped_constructor(GameState)(**fields)
        return state

    def to_json(self, **kwargs: object) -> str:
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
        lines += hand_lines(self.hands, self.current_player, self.result is not None)
        lines.append(f"stock: {len(self.stock)} cards")
        if self.discard_pile:
            lines.append(
                f"discard pile: top {self.discard_pile[-1].unicode()} "
                f"({len(self.discard_pile)} cards)"
            )
        return "\n".join(lines)

    def _repr_svg_(self) -> str:
        """A picture for Jupyter: the table, the discard pile and every hand."""
        return _pictures.svg("state", self)

    def __repr__(self) -> str:
        sizes = ", ".join(str(len(h)) for h in self.hands)
        status = "over" if self.result is not None else f"player={self.current_player}"
        return (
            f"<GameState {self.profile.name} turn={self.turn} {status} hands=[{sizes}] "
            f"table={len(self.table)} melds stock={len(self.stock)}>"
        )


_COPIERS: dict[type[GameState], Callable[[GameState, Mapping[str, object]], GameState]] = {}


def _copier(cls: type[GameState]) -> Callable[[GameState, Mapping[str, object]], GameState]:
    """The fast copier of the state type ``cls`` (`copier`, made once per type)."""
    copy = _COPIERS.get(cls)
    if copy is None:
        copy = _COPIERS[cls] = copier(cls)
    return copy


def _cards_of(codes: bytes) -> tuple[Card, ...]:
    return tuple(map(_BY_CODE.__getitem__, codes))


def _unpickle_state(
    cls: type[GameState],
    profile: Profile,
    hands: tuple[bytes, ...],
    melds: tuple[bytes, ...],
    stock: bytes,
    *rest: object,
) -> GameState:
    """A state from what `GameState.__reduce__` wrote."""
    common, own = rest[:6], rest[6:]
    state: GameState = maker(cls)(
        profile,
        tuple(map(_cards_of, hands)),
        Table._trusted(tuple(map(_cards_of, melds))),
        _cards_of(stock),
        *common,
        *cls._unpickled_structure(own),
    )
    return state


#: Every turn structure's own fields, with what they hold (for messages):
#: filled by `register_turn_structure`.
_STRUCTURE_FIELDS: dict[str, str] = {}
#: The state type of each turn structure, by ``Profile.turn_structure``.
STATE_TYPES: dict[str, type[GameState]] = {}
#: What schema ``mexemexe.state/1`` writes for each structure's own fields
#: in a state of another structure: their resting values.
_JSON_REST: dict[str, JSON] = {
    "discard_pile": "",
    "passes": 0,
    "recycles": 0,
    "phase": "play",
    "taken": None,
    "laid_this_turn": False,
    "jokers_owed": 0,
    "owners": [],
    "failed_plays": [],
}


#: A view's own fields of every turn structure at rest, as `PlayerView.from_dict` reads them.
_VIEW_REST: dict[str, object] = {
    "discard_pile": (),
    "passes": 0,
    "recycles": 0,
    "phase": "play",
    "taken": None,
    "jokers_owed": 0,
    "owners": (),
}


_I = TypeVar("_I")


def _items(
    data: Mapping[str, object], key: str, kind: type[_I], what: str, default: list[_I] | None = None
) -> list[_I]:
    """The list ``data[key]`` (or ``default``), each item a ``kind``; ``what`` says what it holds.

    Raises:
        InvalidStateError: If the key is missing without a default, or is not such a list.
    """
    found = _read(data, key, list) if default is None else _read(data, key, list, default)
    items = [item for item in found if isinstance(item, kind)]
    if len(items) != len(found):
        raise InvalidStateError(f"{key}={quote(found)}: {what}")
    return items


def _view_profile_json(profile: Profile) -> JSON:
    """A view's rules in its JSON: the registered name, or the settings of other rules."""
    try:
        if get_profile(profile.name) == profile:
            return profile.name
    except ProfileError:
        pass
    return profile.to_dict()


def _view_profile(found: object, given: Profile | str | None) -> Profile:
    """The rules of a view read back: ``given``, else those ``found`` in the data.

    Raises:
        InvalidStateError: If neither names a profile, or they differ.
    """
    if given is not None:
        rules = _profile(given)
        if found is not None and found != rules.name and not isinstance(found, Mapping):
            raise InvalidStateError(f"profile={quote(found)}: the view is of {rules.name!r}")
        return rules
    if isinstance(found, Mapping):
        return Profile.from_dict(found)
    if not isinstance(found, str):
        raise InvalidStateError(f"profile={quote(found)}: a profile name")
    return get_profile(found)


def _state_type(profile: Profile) -> type[GameState]:
    """The state type of ``profile.turn_structure``.

    Raises:
        InvalidStateError: If no turn module registered that structure.
    """
    found = STATE_TYPES.get(profile.turn_structure)
    if found is None:
        raise InvalidStateError(
            f"no state type registered for turn_structure={profile.turn_structure!r} "
            "(import mexemexe to load them)"
        )
    return found


#: The fields that hold cards: a change to any of them gets the card count checked.
_CARD_FIELDS = frozenset({"hands", "table", "stock", "discard_pile"})


def _counted(new: S) -> S:
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


def successor(cls: type[S], *names: str) -> Callable[..., S]:
    """`GameState._successor` for an engine call site that always changes ``names``.

    Returns ``build(state, *values)`` for states of type ``cls``, the values
    in the order of ``names``: the same copy, with the same card-count guard
    where a card field changes, without a mapping of changes (the engines'
    hottest moves use it).
    """
    check = None if _CARD_FIELDS.isdisjoint(names) else _counted
    return changer(cls, names, check)


def _show(value: object) -> str:
    """A field's value for a message: a card or cards in notation, anything else quoted."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, tuple) and value and all(isinstance(c, Card) for c in value):
        return repr(format_cards(value[:12]) + (" …" if len(value) > 12 else ""))
    return quote(value)


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


@attrs.frozen(repr=False, weakref_slot=False, kw_only=True)
class PlayerView(View[Profile]):
    """What one player may see of a rummy round, and nothing else.

    Holds the player's own hand, the table, every hand's *size*, the stock's
    *size*, whose turn it is and the scores — never other hands, the stock's
    order or the seed. Bots choose moves from a view. The fields every game's
    view holds (the player, the rules, the hand, hand sizes, stock size,
    current player, turn, previous move and result) come from the common
    `View`; this class adds the table and who has opened.

    Like the states, each turn structure has its own view type holding its
    own fields (`SharedTableView`, `DiscardView`); `GameState.view` builds
    the right one. `discard_pile`, `phase`, `taken` and `jokers_owed` read
    as ``()``, ``"play"``, ``None`` and ``0`` on a view without them, so a
    bot or a client that shows any view keeps working.

    Attributes:
        table: The table.
        opened: Whether each player has laid down a card this round.
    """

    table: Table
    opened: tuple[bool, ...]

    SCHEMA: ClassVar[str] = VIEW_SCHEMA

    discard_pile = property(_no_discard_pile)
    phase = property(_one_phase)

    @property
    def taken(self) -> Card | None:
        """The card that may not be discarded this turn (G5); never one without a pile."""
        return None

    @property
    def jokers_owed(self) -> int:
        """Jokers the current player must still meld (G12); none without the exchange."""
        return 0

    def _structure_json(self) -> JSONObject:
        """This structure's own fields, as `to_dict` writes them."""
        return {}

    def legal_moves(self, *, best: bool | None = None) -> tuple[Move, ...]:
        """This player's legal moves on their turn, else ``()``; see `GameState.legal_moves`.

        Args:
            best: Deprecated, as in `GameState.legal_moves` (a
                `DeprecationWarning` whenever it is passed).
        """
        if best is not None:
            _deprecated_best()
        return _legal_moves(self, bool(best))

    def to_dict(self) -> JSONObject:
        """A JSON-ready dict, safe to send to this player's client.

        Every view type writes the same keys (schema ``mexemexe.view/1``),
        another structure's fields at their resting values, then
        ``"format": 1``. The profile is written by its name when that name
        is registered as these very rules, else as its whole settings (a
        variant that kept a preset's name must not read back as the preset).
        """
        own = self._structure_json()
        out: JSONObject = {
            "schema": VIEW_SCHEMA,
            "player": self.player,
            "profile": _view_profile_json(self.profile),
            "hand": format_cards(self.hand),
            "table": [format_cards(m) for m in self.table.melds],
            "hand_sizes": list(self.hand_sizes),
            "stock_size": self.stock_size,
            "discard_pile": own.get("discard_pile", _JSON_REST["discard_pile"]),
            "current_player": self.current_player,
            "turn": self.turn,
            "opened": list(self.opened),
            "passes": own.get("passes", _JSON_REST["passes"]),
            "recycles": own.get("recycles", _JSON_REST["recycles"]),
            "last": None if self.last is None else self.last.to_dict(),
            "result": None if self.result is None else self.result.to_dict(),
        }
        for key in ("phase", "taken", "jokers_owed", "owners"):
            out[key] = own.get(key, _JSON_REST[key])
        out.update((key, value) for key, value in own.items() if key not in out)
        out["history"] = history_json(self.history)
        out["format"] = FORMAT
        return out

    @classmethod
    def from_json(cls, text: str, *, profile: Profile | str | None = None) -> PlayerView:
        """Rebuild a view from `to_json` output, with the rules as `from_dict` takes them.

        Raises:
            InvalidStateError: If the text is not JSON or not a valid view.
        """
        return cls.from_dict(loads_object(text, "view"), profile=profile)

    @classmethod
    def from_dict(
        cls, data: Mapping[str, object], *, profile: Profile | str | None = None
    ) -> PlayerView:
        """Rebuild a view from `to_dict` output, checking it.

        The view type is that of the profile's turn structure. The profile is
        read by its registered name (a profile's settings are read too), or
        given as ``profile`` (then a name in the data must be its name).
        The keys of another structure's fields must hold their resting
        values; ``format`` may be absent (views written before it).

        Raises:
            InvalidStateError: If the data is not a view this library wrote,
                or one no round could show (a player out of range, a hand of
                the wrong size, more copies of a card than the deck holds,
                counts that are not the deck, another player's drawn cards,
                an invalid table …); the message names the field.
        """
        with loading("view data"):
            data = View._tagged(data, VIEW_SCHEMA)
            rules = _view_profile(data.get("profile"), profile)
            fields = View._common_fields(data)
            melds = _items(data, "table", str, "one card text per meld")
            opened = _items(data, "opened", bool, "true or false per player")
            owners = _items(data, "owners", list, "a list of player numbers per meld", [])
            taken = _read(data, "taken", (str, type(None)), None)
            own: dict[str, object] = {
                "discard_pile": read_view_cards(data, "discard_pile", ""),
                "passes": whole_number(_read(data, "passes", int, 0), "passes"),
                "recycles": whole_number(_read(data, "recycles", int, 0), "recycles"),
                "phase": _read(data, "phase", str, "play"),
                "taken": None if taken is None else Card.parse(taken),
                "jokers_owed": whole_number(_read(data, "jokers_owed", int, 0), "jokers_owed"),
                "owners": tuple(
                    tuple(whole_number(x, "owners", -1, MAX_COUNT) for x in meld) for meld in owners
                ),
            }
            view_type = _state_type(rules)._VIEW
            if not issubclass(view_type, cls):
                raise InvalidStateError(f"a {rules.name!r} view is a {view_type.__name__}")
            names = {field.name for field in attrs.fields(view_type)}
            for key, value in own.items():
                if key in names:
                    fields[key] = value
                elif value != _VIEW_REST[key]:
                    raise InvalidStateError(
                        f"{key}={quote(data.get(key))}: a {rules.name!r} view has no "
                        f"{_STRUCTURE_FIELDS.get(key, key)}"
                    )
            fields.update(
                profile=rules, table=Table([as_cards(m) for m in melds]), opened=tuple(opened)
            )
            view: PlayerView = untyped_constructor(view_type)(**fields)
        view._checked()
        return view

    def _problems(self) -> list[str]:
        """The common checks of `View`, then the table, the openings, phase and owners."""
        problems = self._common_problems(chain(self.table.cards(), self.discard_pile))
        n = len(self.hand_sizes)
        if len(self.opened) != n:
            problems.append(f"opened={quote(list(self.opened))}: one flag per player")
        report = self.profile.validate_table(self.table)
        if not report:
            problems.extend(f"table: {problem}" for problem in report.problems)
        phases = _engine(self.profile).PHASES
        if self.phase not in phases:
            problems.append(f"phase={self.phase!r}: one of {list(phases)}")
        owners = getattr(self, "owners", ())
        if owners and [len(o) for o in owners] != [len(m) for m in self.table.melds]:
            problems.append("owners: one owner per table card, meld by meld")
        if any(not -1 <= p < n for o in owners for p in o):
            problems.append(f"owners: players are 0-{n - 1} (-1 for a stacked card)")
        return problems

    def __repr__(self) -> str:
        return (
            f"<PlayerView player={self.player} {self.profile.name} turn={self.turn} "
            f"hand={format_cards(self.hand)!r} table={len(self.table)} melds "
            f"stock={self.stock_size}>"
        )


_VIEW_MAKERS: dict[type[PlayerView], Callable[..., PlayerView]] = {}
#: The history of the views built for the engines' move listing, which never read it.
_NO_HISTORY = SeenHistory(EMPTY_HISTORY, 0)


def _view_maker(cls: type[PlayerView]) -> Callable[..., PlayerView]:
    """The fast builder of the view type ``cls`` (`maker`, made once per type)."""
    make = _VIEW_MAKERS.get(cls)
    if make is None:
        make = _VIEW_MAKERS[cls] = maker(cls)
    return make


def _legal_moves(view: PlayerView, best: bool) -> tuple[Move, ...]:
    """`PlayerView.legal_moves` without the deprecation warning (the library's own callers)."""
    if not view.my_turn:
        return ()
    moves = _engine(view.profile).legal_moves(view)
    return _search().with_best_play(view, moves) if best else moves


def _deprecated_best() -> None:
    """Warn a caller of ``legal_moves(best=...)`` (two frames up) that the argument is going."""
    warnings.warn(
        "legal_moves(best=...) is deprecated: legal_moves() lists the moves that need no "
        "search (draw or pass, forfeit, new melds, single-card lay-offs); for the exact best "
        "play use state.hint() or mexemexe.solver.best_play()",
        DeprecationWarning,
        stacklevel=3,
    )


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
        The first `GameState` of the round, of the state type of the
        profile's turn structure (`SharedTableState`, `DiscardState`).

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
        if discard_pile is not None and as_cards(discard_pile):
            raise InvalidStateError("a stacked discard pile needs stacked hands too")
        pile: list[Card] = []
        if prof.turn_structure == "discard":
            pile.append(cards.pop())
        # Untyped: the structure's own opening fields are not parameters of `GameState`.
        state_type = _state_type(prof)
        return untyped_constructor(state_type)(
            prof,
            dealt,
            stacked_table,
            cards,
            current_player=first_player,
            **state_type._opening_fields(prof, pile, stacked_table),
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
    # Untyped: the structure's own opening fields are not parameters of `GameState`.
    state_type = _state_type(prof)
    return untyped_constructor(state_type)(
        prof,
        hand_list,
        stacked_table,
        stock,
        current_player=first_player,
        **state_type._opening_fields(prof, pile, stacked_table),
    )
