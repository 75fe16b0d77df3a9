"""Checks shared by the Mau-Mau state and match on data from outside (RULES.md M1-M8).

A state or match built by a caller (its constructor, ``attrs.evolve``,
``from_dict``) may hold anything. These helpers name the wrong field and
quote it safely: a quoted value is cut short, and a huge integer or a deeply
nested list is described instead of written out (writing it would raise,
which is the very failure they are here to prevent).
"""

from __future__ import annotations

import contextlib
import warnings
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, SupportsIndex, TypeGuard, overload

from .._cards import Card
from .._errors import InvalidStateError, MexeMexeError
from .._kinds import error_reason as reason_of
from .._kinds import quote
from .._outcomes import Outcome, RoundResult
from .._roundparts import tagged

if TYPE_CHECKING:  # the profile module quotes its settings with `quote`
    from ._profile import MauMauProfile

__all__ = [
    "HOSTILE",
    "MAX_WORD",
    "OldCardPoints",
    "OldHandSize",
    "deprecated",
    "is_whole",
    "outcome_from_data",
    "quote",
    "reason_of",
    "result_from_data",
    "result_problems",
    "tagged",
]

#: What hostile data makes Python's own code raise while it is read or
#: converted (a missing key, an unhashable or unindexable value, a value
#: nested past the recursion limit, an integer too long to write …). The
#: loaders turn each into an `InvalidStateError` naming the field.
HOSTILE: tuple[type[BaseException], ...] = (
    MexeMexeError,
    KeyError,
    IndexError,
    TypeError,
    AttributeError,
    ValueError,
    RecursionError,
)

#: Counters and seeds are 64-bit words: a larger number is no count a game
#: reaches, and seeds are written into text (reshuffles, round seeds), which
#: Python refuses for integers of more than a few thousand digits.
MAX_WORD = 2**63


def deprecated(message: str, *, depth: int = 1) -> None:
    """Warn the caller ``depth`` calls above the public function calling this one.

    Used where a Mau-Mau name or argument order gives way to the one the
    rummy side uses (`DeprecationWarning`, pointing at the caller's line).
    """
    warnings.warn(message, DeprecationWarning, stacklevel=2 + depth)


def is_whole(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a whole number (an ``int``, and a flag is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _whole_tuple(value: object, what: str) -> tuple[int, ...]:
    """``value`` (a list of whole numbers from JSON) as a tuple, checked strictly."""
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise InvalidStateError(f"{what}={quote(value)}: a list of whole numbers")
    for item in value:
        if not is_whole(item):
            raise InvalidStateError(f"{what}={quote(value)}: {quote(item)} is not a whole number")
    return tuple(value)


def result_from_data(data: object, what: str) -> RoundResult:
    """A hand's result from `RoundResult.to_dict` output (strict: nothing is coerced).

    Raises:
        InvalidStateError: Naming ``what``, if a key is missing, a value is of
            the wrong kind or the result is impossible on its own.
    """
    with _reading(what):
        return RoundResult.from_dict(data)  # type: ignore[arg-type]  # checked by it


def outcome_from_data(data: object, what: str) -> Outcome:
    """The last move's outcome from `Outcome.to_dict` output (strict: nothing is coerced).

    Raises:
        InvalidStateError: Naming ``what``, if a key is missing or a value is
            of the wrong kind (a move or card that is not notation included).
    """
    with _reading(what):
        return Outcome.from_dict(data)  # type: ignore[arg-type]  # checked by it


@contextlib.contextmanager
def _reading(what: str) -> Iterator[None]:
    """Errors of reading ``what`` as `InvalidStateError` that say where, once."""
    try:
        yield
    except HOSTILE as err:
        message = reason_of(err)
        if isinstance(err, InvalidStateError) and message.startswith(what):
            raise
        raise InvalidStateError(f"{what}: {message}") from err


def result_problems(
    result: RoundResult, players: int, profile: MauMauProfile, what: str
) -> list[str]:
    """What is wrong with a finished hand's ``result`` among ``players`` players (M7).

    Checks the kinds of its fields and what holds without the hands: one
    winner in range with no points left for "out", none and no scores for a
    blocked hand, and each score the hand's points times the multiplier (a
    Jack's when it is not 1).
    """
    if not isinstance(result, RoundResult):
        return [f"{what}={quote(result)}: a RoundResult"]
    problems = []
    if result.reason not in ("out", "blocked"):
        problems.append(
            f"{what}.reason={quote(result.reason)}: a Mau-Mau hand ends 'out' or 'blocked' "
            f"({profile.section('score')})"
        )
    for name in ("winners", "hand_points", "scores"):
        value = getattr(result, name)
        if not isinstance(value, tuple) or not all(map(is_whole, value)):
            problems.append(f"{what}.{name}={quote(value)}: a tuple of whole numbers")
    if not is_whole(result.multiplier):
        problems.append(f"{what}.multiplier={quote(result.multiplier)}: a whole number")
    if problems:
        return problems  # the checks below count and compare these fields
    winners, points, scores = result.winners, result.hand_points, result.scores
    for name, value in (("hand_points", points), ("scores", scores)):
        if len(value) != players:
            problems.append(
                f"{what}.{name}={quote(value)}: one entry for each of {players} players"
            )
        elif any(not 0 <= v < MAX_WORD for v in value):
            problems.append(f"{what}.{name}={quote(value)}: points are not negative")
    if problems:
        return problems
    multiplier = result.multiplier
    section = profile.section("score")
    if result.reason == "out":
        if len(winners) != 1 or not 0 <= winners[0] < players:
            problems.append(
                f"{what}.winners={quote(winners)}: the one player of 0-{players - 1} who went out "
                f"({section})"
            )
        elif points[winners[0]]:
            problems.append(
                f"{what}.hand_points={quote(points)}: the winner went out with no cards ({section})"
            )
        if multiplier not in (1, profile.wild_finish_multiplier):
            problems.append(
                f"{what}.multiplier={quote(multiplier)}: 1, or "
                f"{profile.wild_finish_multiplier} for a hand ended on the wild rank ({section})"
            )
        elif scores != tuple(p * multiplier for p in points):
            problems.append(
                f"{what}.scores={quote(scores)}: the points in hand times {multiplier} ({section})"
            )
    elif result.reason == "blocked" and (winners or multiplier != 1 or any(scores)):
        problems.append(
            f"{what}: a blocked hand has no winner, multiplier 1 and no scores, not "
            f"winners={quote(winners)}, multiplier={quote(multiplier)}, scores={quote(scores)}"
        )
    return problems


class OldHandSize(int):
    """``MauMauProfile.hand_size``: ``hand_size(players)``, or the old one size, deprecated.

    ``MauMauProfile.hand_size`` and ``card_points`` were attributes (one
    hand size; the points of A … K) whose names the rummy `Profile` uses for
    methods of another meaning. They are now those methods. So that code of
    the old meaning keeps working, the method is also the old value (an
    ``int`` here, a ``tuple`` for `OldCardPoints`: JSON, formatting and
    ``isinstance`` see it as before), and using it as one — compared,
    counted, printed — warns with a `DeprecationWarning` at the caller's line.
    """

    _size: Callable[[int], int]
    _message: str
    _problem: MexeMexeError | None

    def __new__(
        cls, size: Callable[[int], int], old: Callable[[], int], message: str
    ) -> OldHandSize:
        problem = None
        try:
            value = old()
        except MexeMexeError as err:  # no one size: a profile the old attribute never described
            value, problem = 0, err
        made = super().__new__(cls, value)
        made._size, made._message, made._problem = size, message, problem
        return made

    def __call__(self, players: int) -> int:
        """Cards dealt to each of ``players`` players (M1), as the rummy `Profile.hand_size`.

        Raises:
            ProfileError: If the profile does not allow that many players.
        """
        return self._size(players)

    def _old(self) -> int:
        deprecated(self._message, depth=2)
        if self._problem is not None:
            raise self._problem
        return int.__int__(self)

    def __int__(self) -> int:
        return self._old()

    def __index__(self) -> int:
        return self._old()

    def __eq__(self, other: object) -> bool:
        return self._old() == other

    def __ne__(self, other: object) -> bool:
        return self._old() != other

    def __hash__(self) -> int:
        return hash(int.__int__(self))

    def __lt__(self, other: int) -> bool:
        return self._old() < other

    def __le__(self, other: int) -> bool:
        return self._old() <= other

    def __gt__(self, other: int) -> bool:
        return self._old() > other

    def __ge__(self, other: int) -> bool:
        return self._old() >= other

    def __add__(self, other: int) -> int:
        return self._old() + other

    def __radd__(self, other: int) -> int:
        return other + self._old()

    def __sub__(self, other: int) -> int:
        return self._old() - other

    def __mul__(self, other: int) -> int:
        return self._old() * other

    def __rmul__(self, other: int) -> int:
        return other * self._old()

    def __str__(self) -> str:
        return str(self._old())

    def __format__(self, spec: str) -> str:
        return format(self._old(), spec)

    def __repr__(self) -> str:
        return "<MauMauProfile.hand_size(players)>"


class OldCardPoints(tuple[int, ...]):
    """``MauMauProfile.card_points``: ``card_points(card)``, or the old rank points, deprecated.

    See `OldHandSize`: also the old tuple of the points of A … K.
    """

    _points: Callable[[Card], int]
    _message: str

    def __new__(
        cls, points: Callable[[Card], int], old: Callable[[], tuple[int, ...]], message: str
    ) -> OldCardPoints:
        made = super().__new__(cls, old())
        made._points, made._message = points, message
        return made

    def __call__(self, card: Card) -> int:
        """Hand points of one card (M7), as the rummy `Profile.card_points`."""
        return self._points(card)

    def _old(self) -> tuple[int, ...]:
        deprecated(self._message, depth=2)
        return tuple(tuple.__iter__(self))

    def __iter__(self) -> Iterator[int]:
        return iter(self._old())

    def __len__(self) -> int:
        return len(self._old())

    @overload
    def __getitem__(self, index: SupportsIndex) -> int: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[int, ...]: ...
    def __getitem__(self, index: SupportsIndex | slice) -> int | tuple[int, ...]:
        return self._old()[index]

    def __contains__(self, value: object) -> bool:
        return value in self._old()

    def __eq__(self, other: object) -> bool:
        return self._old() == other

    def __ne__(self, other: object) -> bool:
        return self._old() != other

    def __hash__(self) -> int:
        return hash(tuple(tuple.__iter__(self)))

    def __add__(self, other: tuple[int, ...]) -> tuple[int, ...]:  # type: ignore[override]
        return self._old() + other

    def __str__(self) -> str:
        return str(self._old())

    def __repr__(self) -> str:
        return "<MauMauProfile.card_points(card)>"
