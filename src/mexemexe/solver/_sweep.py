"""Exact rank-by-rank search for `arrange` and `best_play` (shared-table rules).

Sweep the values from 1 (ace low) to 13 — and to 14, the ace after the king,
where the profile allows it. Between two values the state is, for each
suit, the runs still open (each: its length capped at the minimum run, the
jokers in it where the per-run cap can bind, whether it began on a low ace,
whether it ends on a joker that a natural must follow), the jokers placed so
far and, in ace-high profiles, the aces kept back for the top. At each value
every copy of every suit's card extends an open run, starts a run or joins a
group of that value; open runs not continued are closed. Suits are folded in
one at a time; groups are settled from how many copies each suit gives them.

**Jokers are placed lazily.** A joker is only placed where a meld needs it:
inside a run between two naturals, to bring a short run up to the minimum
(its *deficit*, paid when the run closes) or to bring a short group up to
the minimum. Every other joker is *spare*: the search assumes it can be
added to some meld at the end, and the rebuild adds it. Any arrangement
maps onto this model (strip each meld's jokers that it does not need), so
the model is a relaxation that loses nothing; when the rebuilt optimum has
no room for its spare jokers (rare: say every run already holds its one
Brazilian joker), the solver runs again with jokers placed eagerly — every
run may take a joker at any value and begin with jokers — which is exact
without assumptions. This cuts the states a joker multiplies by an order of
magnitude.

**The search is a bounded depth-first search**, not an exhaustive table:
it looks for the least *loss* (the weight of hand cards left out) within a
budget that starts at a lower bound (one whole loss past it where it shows
a loss, `_HEAD_START`) and grows sixfold (`_BUDGET_GROWTH`); where a play
is known already (a small hand's play that keeps the table's melds), one
search looks for anything better, with the budget just below it.
The memo keeps, per state, either its exact least loss and the choice
reaching it, or a lower bound proven by a failed search; once a choice is
found, the others need only beat it. So a hand that fits whole costs one
feasibility search and a larger loss is proven, not guessed (cf. van Rijn,
Takes & Vis, 2015, for the rank sweep; IDA* with a transposition table for
the bound).

**Dominance.** A state can do all that the same state can with one suit's
open runs longer (a longer run grows the same and closes on fewer jokers)
or no longer waiting for a natural after a joker (it may also close), so
what the memo proved of those bounds it too. Before a state is expanded,
those of the suit that played last are looked up: a search that failed on
a state with its runs longer need not be tried again on this one. (So can
the same state with fewer jokers placed, but looking those up saved too
few states to pay.) Of a
suit's plays at one step, one that another dominates — that gives as many
copies to groups, uses no more jokers, leaves out no more cards and leaves
runs one for one as strong — is never tried; a step with a single play
that loses nothing and gives nothing to groups, or a value's groups that
fit a single count of jokers, is played in passing, not made a state
(`_advance`).

**The lower bound** sweeps each suit on its own (lazy model): groups are
taken as possible wherever enough other suits hold the value, and each suit
may use every joker left; where the suits' best plays need more jokers
between them than are left, the jokers are shared out among the suits
instead. A group short of naturals needs jokers; each of its naturals
carries an equal share of them, counted in fractions of a joker and taken
as small as the other suits holding the value allow (a suit's two copies
sit in two groups that share those suits, and carry both groups' shares),
so the shares never add up to more jokers than the groups truly need. A
state whose bound exceeds the budget is cut, the choices at each step are
tried in order of their loss, the least first (ranked by their loss plus
their bound, they took about as many states, and the ranking cost more
than it saved), and a state stops trying choices once one reaches its
proven lower bound.

**Symmetric searches race.** A run reads the same backwards, so the
position with its values reversed has the same least loss; yet a search
meets its dead ends at other times each way, often late one way and early
the other. A hard position is searched both ways in turn, in slices half as
long again each round, and the first to finish answers (its melds
relabelled back): twice the work of the quicker at most, against a search
that can be a hundred times longer one way than the other. (The rules
treat the suits alike too, but the searches with the suits reversed meet
their dead ends at the same values, and racing them as well doubled the
states of the hardest positions.)

**The constrained end first.** A copy with no run to join in its suit (no
two neighbours within a run's reach) can only sit in a group, and whether
its group forms is only settled when the sweep reaches its value; until
then, every choice below it is tried in vain. So the search sweeps first in
the direction that meets those copies early: the position as given if they
lie mostly in the low values, its mirror image if mostly in the high ones
(`Sweep._high_constraints`), each copy weighted by how few suits hold its
value. On the benchmark positions this saves a fifth of the states in all,
and nearly half the median in the classes of 24 and 48 table cards with 20
in the hand.
"""

from __future__ import annotations

import math
import operator
import time
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from functools import lru_cache
from itertools import combinations, permutations, product
from typing import TYPE_CHECKING, Any

import attrs

from .._cards import _BY_CODE, JOKER_CODE, Card
from .._melds import classify_meld

if TYPE_CHECKING:
    from .._profiles import Profile

__all__ = ["INF", "NEG", "Found", "SearchCut", "Sweep", "TimedSweep", "new_sweep"]

NEG = float("-inf")
INF = float("inf")
_END = "end"

# A run descriptor packed in an int: length (capped at the minimum run, at
# most 13) | jokers << 4 (a run of 13 holds at most 12) | natural << 8 |
# low ace << 9 | pending << 10.
_J, _N, _A, _P = 4, 8, 9, 10


#: A suit's open runs packed in one int: their descriptors in ascending order,
#: 11 bits each, the smallest in the lowest bits (a descriptor is never 0, so
#: the packing reads back unambiguously; no runs is 0). An int hashes far
#: faster than a tuple, and the runs of every suit are part of each state key.
_RUN_BITS = 11
_RUN_MASK = (1 << _RUN_BITS) - 1


def _pack(descriptors: Sequence[int]) -> int:
    """Runs packed as above, from their descriptors in any order."""
    packed = 0
    for d in sorted(descriptors, reverse=True):
        packed = packed << _RUN_BITS | d
    return packed


@lru_cache(maxsize=65_536)
def _unpack(packed: int) -> tuple[int, ...]:
    """The descriptors of packed runs, in ascending order."""
    out = []
    while packed:
        out.append(packed & _RUN_MASK)
        packed >>= _RUN_BITS
    return tuple(out)


def _aces(must: int, may: int) -> int:
    """The aces a suit keeps back for the top (ace high), table and hand copies, in one int."""
    return must << 2 | may


#: No suit keeps an ace back (an int per suit hashes faster than a pair of counts).
_NO_ACES = (0, 0, 0, 0)

#: The copies given to one value's groups so far, in one int of the state key:
#: suits giving one copy, plus 8 for each suit giving two (`_group_copies`).
#: ``_GIVES[g]`` adds a suit giving ``g`` copies.
_GIVES = (0, 1, 8)


def _group_copies(gcount: int) -> tuple[int, int]:
    """``(suits giving one copy, suits giving two)`` from a state's ``gcount``."""
    return gcount & 7, gcount >> 3


def _desc(length: int, jokers: int, natural: int, ace: int, pending: int = 0) -> int:
    return length | (jokers << _J) | (natural << _N) | (ace << _A) | (pending << _P)


def _length(d: int) -> int:
    return d & 15


def _jokers(d: int) -> int:
    return (d >> _J) & 15


def _natural(d: int) -> int:
    return (d >> _N) & 1


def _ace(d: int) -> int:
    return (d >> _A) & 1


def _pending(d: int) -> int:
    return (d >> _P) & 1


#: States a search expands before it counts as hard (then its mirror image races it).
_EASY = 1_000

#: States a search expands before it looks up the same states with longer runs
#: (`Sweep._longer_runs`): an easy search rarely gains what the lookups cost.
_LONGER_AFTER = 100

#: How much a search's budget grows after a failed search (`Sweep._least_loss`):
#: with the bound close to the least loss, a search past it wastes less than
#: searching the same states again under each of a few budgets in between
#: (on the benchmark positions, 4 % fewer instructions than doubling).
_BUDGET_GROWTH = 6

#: How far past the lower bound the first search's budget starts, in whole
#: losses, where the bound already shows a loss (`Sweep._least_loss`): such a
#: bound usually falls short of the least loss, and a search that fails at it
#: is mostly done again under the next budget. A bound of no loss gets no head
#: start: then the hand often fits whole (most positions of real games), and
#: the search for that is the quickest. On the 102 Brazilian self-play
#: positions of `bench_solver.py --selfplay`, 5 % fewer states (a head start
#: everywhere took 23 % more); on the 480 benchmark answers, 1 % fewer.
_HEAD_START = 1


@lru_cache(maxsize=8)
def _relabel(ace_high: bool, mirror: bool, flip: bool) -> tuple[int, ...]:
    """Each card's code under a symmetry of the rules, which is its own inverse.

    ``mirror`` reverses the values: A..K becomes K..A (ace low), or 2..K
    becomes K..2 with the ace kept at both ends (ace high). ``flip`` takes
    the suits in reverse order. Jokers stay.
    """
    out = []
    for code in range(53):
        rank, suit = code >> 2, code & 3
        if code == JOKER_CODE:
            out.append(code)
            continue
        if mirror:
            rank = (0 if rank == 0 else 13 - rank) if ace_high else 12 - rank
        out.append(rank * 4 + (3 - suit if flip else suit))
    return tuple(out)


#: The symmetries a hard position is searched under (`Sweep._race`): (values
#: reversed, suits reversed); the first is the position as given. The suits
#: reversed are not raced: their searches meet their dead ends at the same
#: values as the position's own, and on the hard self-play positions they
#: never finished first by enough to pay for the states they took.
_VARIANTS = ((False, False), (True, False))

#: The same, for a position searched mirrored first (`Sweep._high_constraints`).
_MIRRORED_FIRST = ((True, False), (False, False))

#: How much longer each round's slices are than the last's (`Sweep._race`):
#: less than doubling, so the searches that lose waste less past the winner.
_GROWTH = 1.5


#: `_plays` by the rules they follow (`Sweep.run_args`), then by the rest of their
#: arguments: a dict lookup is cheaper than the function's own cache, and every
#: search asks for many. Emptied when it holds more than `_KNOWN_PLAYS` entries.
_PLAYS_BY_RULES: dict[tuple[Any, ...], dict[tuple[Any, ...], Any]] = {}
_KNOWN_PLAYS = 100_000
#: The most sets of rules `_PLAYS_BY_RULES` keeps plays for before it is emptied.
_KNOWN_RULES = 32


class _LimitError(Exception):
    """A search went past its expansion limit."""


#: Plays a search with a deadline tries in one state between two looks at
#: the clock (`TimedSweep._watch`): a play its bound cuts costs a bound, which
#: may take a while to work out the first time; a look costs far less.
PLAYS_PER_LOOK = 8


@attrs.frozen
class Found:
    """A complete play that a search reached (not proven best when the search was cut).

    Attributes:
        value: The weight of the ``may`` cards placed.
        melds: The melds.
        placed: The codes of the ``may`` cards placed.
    """

    value: float
    melds: tuple[tuple[Card, ...], ...]
    placed: tuple[int, ...]


class SearchCut(Exception):  # noqa: N818 - not an error: the anytime search's way out
    """A search reached its deadline before it could prove its answer.

    Attributes:
        found: The best complete play the search had reached, or ``None``.
    """

    def __init__(self) -> None:
        super().__init__("the search reached its deadline")
        self.found: Found | None = None


def _option_loss(option: tuple[Any, ...]) -> float:
    loss: float = option[3]
    return loss


class Sweep:
    """One exact optimisation over fixed card counts (``must`` placed, ``may`` optional).

    Args:
        must: Counts by code (jokers at 52) of the cards that must be placed.
        may: Counts of the cards that may be placed.
        weights: The worth of placing one card of each code.
        profile: The rules.
        lazy: Place jokers lazily (the fast model; see the module docstring).
    """

    def __init__(
        self,
        must: Sequence[int],
        may: Sequence[int],
        weights: Sequence[float],
        profile: Profile,
        *,
        lazy: bool = True,
    ) -> None:
        rules = profile._meld_rules
        self.profile = profile
        self.lazy = lazy
        self.ace_high = rules.ace_high
        self.run_cap = rules.max_jokers if rules.jokers_in_runs else 0
        # Count jokers per run only where the per-run cap can bind (B5); else it
        # would split states that behave alike.
        self.track = self.run_cap < must[JOKER_CODE] + may[JOKER_CODE]
        self.group_cap = rules.max_jokers if rules.jokers_in_groups else 0
        self.min_run, self.min_group, self.max_group = (
            rules.min_run,
            rules.min_group,
            rules.max_group,
        )
        self.must, self.may, self.weights = list(must), list(may), list(weights)
        self.jokers_must, self.jokers_may = must[JOKER_CODE], may[JOKER_CODE]
        self.jokers = self.jokers_must + self.jokers_may
        self.top = 14 if self.ace_high else 13
        self.memo: dict[Any, tuple[float, Any]] = {}
        self.expanded = 0
        self.limit: float = INF  # always a float, as mypyc needs (`benchmarks/compiled.py`)
        self.deadline = INF  # a `TimedSweep` has one
        # A proven lower bound on the least loss, shared by the searches of a race,
        # and the most loss worth finding (below a play known already, `solve`).
        self.proven = [0.0]
        self.cap = INF
        self.whole = all(float(w).is_integer() for w in set(self.weights))  # whole-number losses
        self.step = 1.0 if self.whole else 0.0
        self.suit_bounds: dict[Any, float] = {}
        self.suit_costs: dict[Any, tuple[list[float], list[int]]] = {}
        self.bounds: dict[Any, float] = {}
        self.shared: dict[Any, float] = {}
        # By a suit's part of a bound (`_shared_at`): its bound, whether it wants
        # joker units, the part, and (once asked for) its bounds by units and the
        # fewest units that give its best.
        self.suit_pairs: dict[Any, list[Any]] = {}
        self.suit_memo: dict[Any, Sequence[Any]] = {}
        self.longer_runs: dict[int, tuple[int, ...]] = {}
        self.pending: dict[tuple[int, int, int], int] = {}  # `_pending`, remembered
        self.group_jokers: dict[tuple[int, int], list[int]] = {}  # `_group_jokers`, remembered
        self.group_args = (
            self.min_group,
            self.max_group,
            min(self.group_cap, self.jokers),
            self.jokers,
        )
        self.run_args = (self.run_cap, self.min_run, self.track, self.top, lazy)
        if self.run_args not in _PLAYS_BY_RULES and len(_PLAYS_BY_RULES) >= _KNOWN_RULES:
            _PLAYS_BY_RULES.clear()  # rules come from callers' profiles: keep the memo bounded
        self.known_plays = _PLAYS_BY_RULES.setdefault(self.run_args, {})
        # present[v][suit]: copies of that card (the ace at v = 1; none at v = 14 here).
        counts = list(map(operator.add, self.must, self.may))
        self.present = [[0] * 4] + [counts[c : c + 4] for c in range(0, 52, 4)] + [[0] * 4]
        # next_copy[suit][v]: the first value from v on (up to 13) where the suit has
        # a copy, else 14; a suit's bound skips the values before it (`_suit_bound`).
        self.next_copy = [_next_copies(tuple(counts[suit:52:4])) for suit in range(4)]
        # Per value, what the bound needs to know about groups there (see
        # `_group_facts`): group_room[v][suit][g], group_share[v][suit][g], and
        # later[v][si], how many of the suits si..3 hold the value.
        self.unit = math.lcm(*range(1, max(self.min_group, 2)))
        facts = [
            _group_facts(
                tuple(n),
                self.min_group,
                self.max_group,
                min(self.group_cap, self.jokers),
                self.unit,
            )
            for n in self.present
        ]
        self.group_room = [f[0] for f in facts]
        self.group_share = [f[1] for f in facts]
        self.later = [f[2] for f in facts]

    def _advance(
        self,
        v: int,
        si: int,
        runs: tuple[Any, ...],
        used: int,
        gcount: int,
        reserved: tuple[Any, ...],
        forced: list[tuple[int, int, Any]] | None = None,
    ) -> tuple[Any, ...]:
        """The state key ``(v, si, runs, used, gcount, reserved)``, past the empty and forced steps.

        An empty step has one empty choice: a suit with no copy and no open
        run, or the groups of a value where no suit gave any. A forced step
        has one play, which leaves nothing out and gives nothing to groups
        (say, a run of one that its copy must extend), or is a value's groups
        with one count of jokers that fits them: it is played here, and
        recorded in ``forced`` as ``(v, si, play)`` when a list is given, so
        that no state of the search stops at it.
        """
        top = self.top
        present = self.present
        known = self.suit_memo
        while v <= top:
            if si == 4:
                if gcount:
                    counts = self._group_jokers(used, gcount)
                    if len(counts) != 1:
                        break
                    used += counts[0]
                    gcount = 0
                    if forced is not None:
                        forced.append((v, 4, _group_play(counts[0])))
                v, si = v + 1, 0
                continue
            if runs[si] or (reserved[si] if v == 14 else present[v][si]):
                plays = known.get((v, si, runs[si], used, reserved[si]))
                if plays is None:
                    plays = self._suit_options(v, si, runs[si], used, reserved[si])
                if len(plays) != 1 or plays[0][1] or plays[0][3]:
                    break
                play = plays[0]
                runs = (*runs[:si], play[0], *runs[si + 1 :])
                used += play[2]
                if play[4] != reserved[si]:
                    reserved = (*reserved[:si], play[4], *reserved[si + 1 :])
                if forced is not None:
                    forced.append((v, si, play))
            si += 1
        return (v, si, runs, used, gcount, reserved)

    # -- entry ---------------------------------------------------------------------

    def solve(
        self, incumbent: float = INF
    ) -> tuple[float, list[tuple[Card, ...]] | None, list[int]]:
        """Best weight, the melds, and the ``may`` codes placed; ``-inf`` if impossible.

        Searches for the least loss within a budget that starts at (or just
        past) the lower bound and grows; the first budget that holds the
        optimum proves it.

        Args:
            incumbent: The loss of a play known already (whole weights only).
                The search then looks only for a smaller loss; if there is
                none, the melds returned are ``None`` (the known play is best).

        Raises:
            SearchCut: At the deadline, with the best complete play reached
                (better than the incumbent), if any.
        """
        total = sum(map(operator.mul, self.weights, self.may))
        if self.whole and incumbent < INF:
            self.cap = incumbent - 1  # losses are whole: "better" means at most this
        sweep, variant, loss = self._race()
        if loss == INF:
            return NEG, [], []
        if loss > self.cap:
            return total - incumbent, None, []
        melds, placed = sweep._rebuild()
        if melds is None:
            # No room for the spare jokers the lazy model assumed: redo eagerly.
            eager = new_sweep(
                self.must, self.may, self.weights, self.profile, lazy=False, deadline=self.deadline
            )
            return eager.solve()
        if sweep is not self:
            melds, placed = self._read_back(melds, placed, *variant)
        return total - loss, melds, placed

    def _reached(self, sweep: Sweep, variant: tuple[bool, bool]) -> Found | None:
        """The best complete play ``sweep`` (this search or a variant of it) reached, if any.

        At the deadline the states on the search's path keep the best play
        below them (`_expand`), so the start state holds one if the search
        had reached the end of the sweep anywhere within its budget.
        """
        start = sweep._start()
        found = sweep.memo.get(start)
        if found is None or found[1] is None or found[0] == INF:
            return None
        melds, placed = sweep._rebuild()
        if melds is None:
            return None  # the lazy model's spare jokers found no room
        if sweep is not self:
            melds, placed = self._read_back(melds, placed, *variant)
        total = sum(map(operator.mul, self.weights, self.may))
        return Found(total - found[0], tuple(melds), tuple(placed))

    def _start(self) -> tuple[Any, ...]:
        """The state before the first value: nothing open, no joker placed."""
        return self._advance(1, 0, (0, 0, 0, 0), 0, 0, _NO_ACES)

    def _race(self) -> tuple[Sweep, tuple[bool, bool], float]:
        """The least loss, from this search or, for a hard position, a symmetric one.

        A run reads the same backwards, so the position with its values
        reversed (`_relabel`) has the same least loss, yet its search meets
        its dead ends at other times: often late one way and early the other.
        The first to search is the position as given or its mirror image, by
        where the copies only a group can take lie (`_high_constraints`).
        Once it has used its first slice, the two (`_VARIANTS`) take turns,
        with slices half as long again each round, and the first to finish
        answers: at most about twice the work of the quicker.

        Returns:
            The search that finished, its variant, and the loss.
        """
        racers: list[tuple[Sweep, Generator[None, int, float]]] = []
        grant = _EASY
        variants = _MIRRORED_FIRST if self._high_constraints() else _VARIANTS
        while True:
            for index, (mirror, flip) in enumerate(variants):
                if index == len(racers):
                    sweep = self if not (mirror or flip) else self._variant(mirror, flip)
                    sweep.proven, sweep.cap = self.proven, self.cap
                    slices = sweep._slices(sweep._start())
                    next(slices)
                    racers.append((sweep, slices))
                sweep, slices = racers[index]
                try:
                    slices.send(grant)
                except StopIteration as done:
                    return sweep, (mirror, flip), done.value
                except SearchCut as cut:
                    cut.found = self._reached(sweep, (mirror, flip))
                    raise
            grant = math.ceil(grant * _GROWTH)

    def _high_constraints(self) -> bool:
        """Whether the copies only a group can take lie mostly in the high values.

        Such a copy has, in its suit, no neighbours that would make a run of
        the minimum length with it (jokers aside). Each counts by its distance from
        the middle value, divided by the number of suits holding its value
        (the fewer, the harder its group is to form). Aces in ace-high
        profiles, which sit at both ends, do not count.
        """
        present, top = self.present, self.top
        window = (1 << self.min_run) - 1
        balance = 0
        for suit in range(4):
            # Bit w set where the suit holds value w (the ace also at 14, ace high).
            held = 0
            for w in range(1, 14):
                if present[w][suit]:
                    held |= 1 << w
            if self.ace_high and held & 2:
                held |= 1 << 14
            # The values in some run the suit holds whole.
            runs = 0
            for lo in range(1, top - self.min_run + 2):
                if held >> lo & window == window:
                    runs |= window << lo
            alone = held & ~runs & ~(3 if self.ace_high else 1) & (1 << 14) - 1
            while alone:
                v = alone.bit_length() - 1
                alone ^= 1 << v
                # Twice the distance from the middle value, times 12 / the suits
                # holding the value: whole numbers (no rounding to tip a balanced
                # position either way).
                holding = (present[v][0] > 0) + (present[v][1] > 0)
                holding += (present[v][2] > 0) + (present[v][3] > 0)
                balance += present[v][suit] * (2 * v - top - 1) * (12 // holding)
        return balance > 0

    def _variant(self, mirror: bool, flip: bool) -> Sweep:
        """The same search on the position relabelled by `_relabel`."""
        to = _relabel(self.ace_high, mirror, flip)
        return new_sweep(
            [self.must[to[code]] for code in range(53)],
            [self.may[to[code]] for code in range(53)],
            [self.weights[to[code]] for code in range(53)],
            self.profile,
            lazy=self.lazy,
            deadline=self.deadline,
        )

    def _slices(self, start: tuple[Any, ...]) -> Generator[None, int, float]:
        """The search from ``start`` in slices: ``send(n)`` grants about n more states.

        Yields when a slice is used up, and returns the least loss.
        """
        grant = yield
        while True:
            self.limit = float(self.expanded + grant)
            try:
                return self._least_loss(start)
            except _LimitError:
                pass
            grant = yield

    def _read_back(
        self, melds: list[tuple[Card, ...]], placed: list[int], mirror: bool, flip: bool
    ) -> tuple[list[tuple[Card, ...]], list[int]]:
        """A variant's melds and placed codes, relabelled back (runs in ascending order)."""
        back = _relabel(self.ace_high, mirror, flip)
        out = []
        for meld in reversed(melds) if mirror else melds:
            cards = tuple([_BY_CODE[back[card.code]] for card in meld])
            out.append(classify_meld(cards, self.profile).canonical)
        return out, [back[code] for code in placed]

    def _least_loss(self, start: tuple[Any, ...]) -> float:
        """The least loss from ``start``, by searches within a growing budget.

        A failed search proves a lower bound, which ``proven`` passes on to
        the other searches of the race (`_race`): their loss is the same.
        """
        v, si, runs, used, gcount, reserved = start
        budget = self._bound(v, si, runs, used, reserved, gcount) if self.lazy else 0.0
        proven, cap = self.proven, self.cap
        budget = max(budget, proven[0])
        if budget > 0:  # a loss is certain: the bound likely falls short of it
            budget += _HEAD_START * self.step
        if cap < INF:
            # A play is known (`solve`): one search for anything better. Most such
            # positions are proofs that nothing is, and a search below the cap
            # that fails proves only part of it, doing its states over again.
            budget = cap
        while True:
            if proven[0] > cap:
                return proven[0]  # nothing beats the incumbent (`solve`)
            loss = self._search(start, budget)
            if loss <= budget or loss == INF:
                return loss
            proven[0] = max(proven[0], loss)
            budget = min(max(loss, _BUDGET_GROWTH * budget, proven[0]), cap)

    # -- the search ------------------------------------------------------------------

    def _search(self, key: tuple[Any, ...], budget: float) -> float:
        """The least loss from ``key`` if it is at most ``budget``; else a lower bound above it."""
        found = self.memo.get(key)
        if found is not None and (found[1] is not None or found[0] > budget):
            return found[0]
        return self._visit(key, budget, found, None)

    def _visit(
        self,
        key: tuple[Any, ...],
        budget: float,
        found: tuple[float, Any] | None,
        plain: float | None,
    ) -> float:
        """`_search` past its memo lookup: ``found`` is what the memo holds of ``key``.

        ``plain`` is the state's plain bound (`_bound_at`) where the caller knows it.
        """
        v, si, runs, used, gcount, reserved = key
        if v > self.top:
            loss = self._final_loss(runs, used)
            self.memo[key] = (loss, _END)
            return loss
        # A proven lower bound: once a choice reaches it, none can do better.
        floor = 0.0 if found is None else found[0]
        if self.lazy:
            memo = self.memo
            left = (
                self._units_left(v, si, used, gcount)
                if gcount
                else (self.jokers - used) * self.unit
            )
            bound = floor
            if found is None:  # a remembered bound is at least the plain one (checked first)
                if plain is None:
                    plain = self.bounds.get((v, si, runs, reserved, left)) if left >= 0 else INF
                    if plain is None:
                        plain = self._bound_sum(v, si, runs, reserved, left)
                if plain > bound:
                    bound = plain
            else:
                plain = None
            if bound <= budget and left > 0:
                shared = self._shared_at(v, si, runs, reserved, left)
                if shared > bound:
                    bound = shared
            if bound > budget:
                self.memo[key] = (bound, None)
                return bound
            # So can the same state with one suit's open runs longer
            # (`_longer_runs`): before expanding, look up what is known of those
            # (once the search has shown it is not quick: else rarely worth it).
            # Only the suit that played last: its siblings differ from the state
            # there. (Looking up every suit found 2-4 % fewer states, for 4 %
            # more instructions on T24-H20.)
            suit = (si - 1) % 4
            suit_runs = runs[suit]
            if suit_runs and self.expanded >= _LONGER_AFTER:
                longer = self.longer_runs.get(suit_runs)
                if longer is None:
                    longer = self._longer_runs(suit_runs)
                for better in longer:
                    other = memo.get(
                        (v, si, (*runs[:suit], better, *runs[suit + 1 :]), used, gcount, reserved)
                    )
                    if other is not None and other[0] > bound:
                        bound = other[0]
            if bound > budget:
                self.memo[key] = (bound, None)
                return bound
            if bound > floor:
                floor = bound
        else:
            left = 0
        self.expanded += 1
        if self.expanded > self.limit:
            raise _LimitError
        return self._expand(key, budget, floor, left, plain)

    def _longer_runs(self, suit_runs: int) -> tuple[int, ...]:
        """One suit's open runs with some of them stronger, every way.

        Stronger: lengthened (up to the minimum run), or, for a run that ends
        on a joker, no longer waiting for a natural. Not the runs as they
        are. A longer open run can do all a shorter one can, at no more cost:
        it grows the same, and it closes on fewer jokers; a run free to close
        can do all a waiting one can, and close too (lazy model). Remembered.
        """
        found = self.longer_runs.get(suit_runs)
        if found is None:
            ways = []
            for d in _unpack(suit_runs):
                way = [(d & ~15) | n for n in range(_length(d), self.min_run + 1)]
                if _pending(d):
                    way += [w & ~(1 << _P) for w in way]
                ways.append(way)
            longer = {_pack(runs) for runs in product(*ways)}
            longer.discard(suit_runs)
            found = self.longer_runs[suit_runs] = tuple(sorted(longer))
        return found

    # -- the bound -------------------------------------------------------------------

    def _bound(
        self,
        v: int,
        si: int,
        runs: tuple[Any, ...],
        used: int,
        reserved: tuple[Any, ...],
        gcount: int = 0,
    ) -> float:
        """A lower bound on the loss from a state: each suit alone, groups optimistic.

        Each suit is swept on its own with every joker left to itself; a copy
        may join a group wherever enough other suits hold that value at all.
        Each suit's least loss under those looser rules is at most its share
        of the true loss, so the sum bounds it (lazy model only). The copies
        already given to this value's groups (``gcount``) first take their
        share of the jokers.
        """
        return self._bound_at(v, si, runs, reserved, self._units_left(v, si, used, gcount))

    def _bound_at(
        self, v: int, si: int, runs: tuple[Any, ...], reserved: tuple[Any, ...], left: int
    ) -> float:
        """`_bound` given the joker units left (`_units_left`)."""
        if left < 0:
            return INF
        total = self.bounds.get((v, si, runs, reserved, left))
        if total is None:
            total = self._bound_sum(v, si, runs, reserved, left)
        return total

    def _bound_sum(
        self, v: int, si: int, runs: tuple[Any, ...], reserved: tuple[Any, ...], left: int
    ) -> float:
        """`_bound_at` for a key not remembered yet (``left`` at least 0); remembers it."""
        known = self.suit_bounds
        total = 0.0
        for suit in range(4):
            w = v + (suit < si)
            part = known.get((w, suit, runs[suit], reserved[suit], left))
            if part is None:
                part = self._suit_bound(w, suit, runs[suit], reserved[suit], left)
            total += part
        self.bounds[v, si, runs, reserved, left] = total
        return total

    def _units_left(self, v: int, si: int, used: int, gcount: int) -> int:
        """Joker units the suits may still share: the jokers left, less the pending shares."""
        if gcount:
            key = (v, si, gcount)
            pending = self.pending.get(key)
            if pending is None:
                pending = self.pending[key] = self._pending(v, si, gcount)
            return (self.jokers - used) * self.unit - pending
        return (self.jokers - used) * self.unit

    def _pending(self, v: int, si: int, gcount: int) -> int:
        """Joker units the copies already given to value ``v``'s groups must carry.

        Each copy sits in a group of at most one copy per suit: the suits
        that gave copies and the suits still to come that hold the value.
        More units than there are jokers if those suits cannot fill the groups.
        """
        c1, c2 = _group_copies(gcount)
        if not c1 and not c2:
            return 0
        later = self.later[v][si]
        # Each group needs this many naturals, and a suit giving two copies
        # needs two groups: if the suits left cannot supply them, no joker can.
        least = self.min_group - self.group_args[2]
        if c1 + c2 + later < least or (c2 and c1 + 2 * (c2 + later) < 2 * least):
            return (self.jokers + 1) * self.unit
        most = min(self.max_group, c1 + c2 + later)  # naturals in one group
        single = _share(most, self.min_group, self.unit)
        if not c2:
            return c1 * single
        # A suit giving two copies: their two groups hold the other copies given
        # and at most two copies of each suit still to come (`_pair_share`).
        both = c1 + 2 * c2 + sum(self.present[v][si:])
        return c1 * single + c2 * _pair_share(most, both, self.min_group, self.unit)

    def _shared_at(
        self, v: int, si: int, runs: tuple[Any, ...], reserved: tuple[Any, ...], left: int
    ) -> float:
        """`_bound_at` with the ``left`` joker units shared out among the suits (tighter, dearer).

        When the suits' best plays need no more jokers between them than are
        left (the usual case), sharing changes nothing and the sum over joker
        splits is skipped.
        """
        if left < 0:
            return INF
        key = (v, si, runs, reserved, left)
        found = self.shared.get(key)
        if found is not None:
            return found
        # A suit's bound falls as its units grow, so a suit whose bound with no
        # units is its bound with all of them wants none. The sharing can only
        # bind where two suits or more want some: else it is the plain bound,
        # and the suits' bounds at every count of units are not needed.
        known = self.suit_bounds
        wanting = []  # the parts (`suit_pairs` entries) of the suits that want some
        base = 0.0  # the bounds of the suits that want none
        wanted = 0.0  # the bounds of the suits that want some, with all the units
        pairs = self.suit_pairs
        for suit in range(4):
            w, suit_runs, kept = v + (suit < si), runs[suit], reserved[suit]
            part = (w, suit, suit_runs, kept, left)
            pair = pairs.get(part)
            if pair is None:
                most = known.get(part)
                if most is None:
                    most = self._suit_bound(*part)
                least = known.get((w, suit, suit_runs, kept, 0))
                if least is None:
                    least = self._suit_bound(w, suit, suit_runs, kept, 0)
                pair = pairs[part] = [most, least != most, part, None, 0]
            if pair[1]:
                wanting.append(pair)
                wanted += pair[0]
                continue
            base += pair[0]
        rows = []  # per suit wanting units: its bounds by units, and the fewest giving its best
        need = 0
        for pair in wanting if len(wanting) > 1 else ():
            if pair[3] is None:  # its bounds by units, asked for the first time
                w, suit, suit_runs, kept, _left = pair[2]
                costs, reach = self._suit_costs(w, suit, suit_runs, kept, left)
                pair[3], pair[4] = costs, reach[left]
            need += pair[4]
            rows.append((pair[3], pair[4]))
        if need <= left:  # also with one suit wanting (it wants at most ``left``)
            shared = base + wanted
        else:
            # The least sum over the ways to split the units among the suits that want
            # some. A suit's bound never rises with more units, so every split may as
            # well spend them all: by the units given to the suits so far, the least
            # sum (``spent``), then the last suit takes what is left.
            # (Plain loops: on so few units a comprehension's call costs more.)
            spent = rows[0][0][: left + 1]
            for costs, _want in rows[1:-1]:
                after: list[float] = []
                for u in range(left + 1):
                    lowest = INF
                    for j in range(u + 1):
                        if spent[u - j] + costs[j] < lowest:
                            lowest = spent[u - j] + costs[j]
                    after.append(lowest)
                spent = after
            last = rows[-1][0]
            lowest = INF
            for j in range(left + 1):
                if spent[left - j] + last[j] < lowest:
                    lowest = spent[left - j] + last[j]
            shared = base + lowest
        self.shared[key] = shared
        return shared

    def _suit_costs(
        self, v: int, suit: int, runs: int, reserved: int, most: int
    ) -> tuple[list[float], list[int]]:
        """A suit's `_suit_bound` with 0, 1, ... joker units, up to ``most`` at least.

        Also, for each count of units, the fewest that give the same bound.
        Remembered, and lengthened when more units are asked for.
        """
        key = (v, suit, runs, reserved)
        found = self.suit_costs.get(key)
        if found is None or len(found[0]) <= most:
            costs, reach = found if found is not None else ([], [])
            for units in range(len(costs), most + 1):
                costs.append(self._suit_bound(v, suit, runs, reserved, units))
                same = units and costs[units] == costs[units - 1]
                reach.append(reach[units - 1] if same else units)
            found = self.suit_costs[key] = (costs, reach)
        return found

    def _suit_bound(self, v: int, suit: int, runs: int, reserved: int, jokers: int) -> float:
        key = (v, suit, runs, reserved, jokers)
        found = self.suit_bounds.get(key)
        if found is not None:
            return found
        if not runs and v < 14 and self.next_copy[suit][v] != v:
            # Nothing open and no copy here: nothing happens until the suit's next copy.
            best = self._suit_bound(self.next_copy[suit][v], suit, 0, reserved, jokers)
            self.suit_bounds[key] = best
            return best
        unit = self.unit
        if v > self.top:
            best = 0.0 if self._closing_need(_unpack(runs)) * unit <= jokers else INF
        else:
            best = INF
            shares, room = self.group_share[v][suit], self.group_room[v][suit]
            known = self.suit_bounds
            w = v + 1
            # Each bound is worked out once, so its plays are rarely in `suit_memo`:
            # they are looked up where every search keeps them (`known_plays`).
            shared_key = self._plays_key(v, suit, runs, reserved, jokers // unit)
            plays = None if shared_key is None else self.known_plays.get(shared_key)
            if plays is None:
                plays = self._suit_options(v, suit, runs, self.jokers - jokers // unit, reserved)
            for new_runs, g, jokers_here, loss, res, _detail in plays:
                if loss >= best:
                    break  # least loss first: no later play can do better
                if g and not room[g]:
                    continue
                cost = jokers_here * unit + shares[g]
                if cost > jokers:
                    continue
                sub = known.get((w, suit, new_runs, res, jokers - cost))
                if sub is None:
                    sub = self._suit_bound(w, suit, new_runs, res, jokers - cost)
                if loss + sub < best:
                    best = loss + sub
        self.suit_bounds[key] = best
        return best

    def _closing_need(self, runs: Sequence[int]) -> float:
        """Jokers that closing all ``runs`` needs (lazy model); ``inf`` if one cannot close."""
        need = 0
        for d in runs:
            deficit = _deficit(d, *self.run_args)
            if deficit < 0:
                return INF
            need += deficit
        return need

    def _final_loss(self, runs: tuple[Any, ...], used: int) -> float:
        """Loss at the end of the sweep: open runs close; jokers are settled."""
        if self.lazy:
            # Every open run closes, paying its deficit; spare jokers all find room.
            need = self._closing_need([d for suit_runs in runs for d in _unpack(suit_runs)])
            return 0.0 if used + need <= self.jokers else INF
        closable = all(_length(d) >= self.min_run and _natural(d) for r in runs for d in _unpack(r))
        if not closable or used < self.jokers_must:
            return INF
        return (self.jokers - used) * self.weights[JOKER_CODE]

    def _expand(
        self, key: tuple[Any, ...], budget: float, floor: float, left: int, plain: float | None
    ) -> float:
        """Expand a state (`_search`): its plays, least loss first, each searched in turn.

        A suit's plays at its step, or the joker counts of a value's groups
        (`_group_plays`). A suit's play changes that suit's part of the plain
        bound (`_bound_at`), and may leave fewer joker units to all (jokers
        placed, or shares of the groups its copies join); the other suits'
        parts with the parent's units are no more than theirs with the
        child's, so the parent's bound with this suit's part replaced bounds
        the child. A child it already puts past its budget is neither built
        nor searched; where the units are the same and no step is passed on
        the way, it is the child's plain bound, handed to its search.
        ``left`` is the state's joker units left, and ``plain`` its plain
        bound if `_search` knows it.
        """
        v, si, runs, used, gcount, reserved = key
        advance, visit, memo = self._advance, self._visit, self.memo
        groups = si == 4
        plays: Sequence[tuple[int, int, int, float, int, Any]]
        if groups:
            plays = self._group_plays(used, gcount)
        else:
            before, after = runs[:si], runs[si + 1 :]
            kept = reserved[si]
            found = self.suit_memo.get((v, si, runs[si], used, kept))
            plays = self._suit_options(v, si, runs[si], used, kept) if found is None else found
        # The quick path below is for suit steps (a groups step changes every suit's
        # joker units and moves them all on a value).
        quick = self.lazy and not groups
        if quick:
            known = self.suit_bounds
            if plain is None:
                plain = self.bounds.get((v, si, runs, reserved, left))
                if plain is None:
                    plain = self._bound_sum(v, si, runs, reserved, left)
            part = known.get((v, si, runs[si], kept, left))
            if part is None:
                part = self._suit_bound(v, si, runs[si], kept, left)
            others = plain - part  # the other suits' parts, the same in every child
            w = v + 1
            passing = None  # the units after a play that places and gives nothing
        best = INF
        lower = INF
        cap = budget  # min(budget, best)
        choice: Any = None
        nxt: Any = None
        try:
            for option in self._watch(plays):  # least loss first
                new_runs_s, g, jokers_here, loss, res, _detail = option
                if loss > cap:
                    if loss < lower:
                        lower = loss
                    break
                limit = cap - loss
                if groups:  # a value's groups are settled: on to the next value
                    nxt = advance(v + 1, 0, runs, used + jokers_here, 0, reserved)
                    child = None
                else:
                    child = None
                    if quick:
                        units = left
                        if g or jokers_here:
                            # The child's units: fewer than the parent's, so the other
                            # suits' parts with the parent's units bound theirs.
                            units = self._units_left(
                                v, si + 1, used + jokers_here, gcount + _GIVES[g]
                            )
                        elif gcount:  # the same for every play that places and gives nothing
                            if passing is None:
                                passing = self._units_left(v, si + 1, used, gcount)
                            units = passing
                        if units < 0:
                            continue  # the groups cannot have the jokers they need
                        part = known.get((w, si, new_runs_s, res, units))
                        if part is None:
                            part = self._suit_bound(w, si, new_runs_s, res, units)
                        child = others + part
                        if child > limit:
                            if loss + child < lower:
                                lower = loss + child
                            continue
                        if units != left:
                            child = None  # a bound on the child's plain bound, not that bound
                    # The aces kept back change only at the ends of the sweep (v = 1, 14).
                    reserved2 = (
                        reserved if res == kept else (*reserved[:si], res, *reserved[si + 1 :])
                    )
                    nxt = advance(
                        v,
                        si + 1,
                        (*before, new_runs_s, *after),
                        used + jokers_here,
                        gcount + _GIVES[g],
                        reserved2,
                    )
                    if child is not None and (nxt[0] != v or nxt[1] != si + 1):
                        child = None  # past empty or forced steps: the bound is the child's own
                known_sub = memo.get(nxt)  # the lookup `_search` starts with
                if known_sub is not None and (known_sub[1] is not None or known_sub[0] > limit):
                    sub = known_sub[0]
                else:
                    sub = visit(nxt, limit, known_sub, child)
                if sub <= limit:
                    if loss + sub < best:
                        best, choice = loss + sub, (nxt, option)
                        if best - self.step < cap:
                            cap = best - self.step
                        if best <= floor:
                            break
                elif loss + sub < lower:
                    lower = loss + sub
        except SearchCut:
            # The deadline: the search is over, and its memo serves only to read
            # back the best complete play it reached. The child being searched
            # may have left one (as this state does below), which counts too.
            if nxt is not None:
                partial = memo.get(nxt)
                if partial is not None and partial[1] is not None and option[3] + partial[0] < best:
                    best, choice = option[3] + partial[0], (nxt, option)
            if choice is not None:
                self.memo[key] = (best, choice)
            raise
        if choice is not None:
            self.memo[key] = (best, choice)
            return best
        self.memo[key] = (lower, None)
        return lower

    def _watch(
        self, plays: Sequence[tuple[int, int, int, float, int, Any]]
    ) -> Iterable[tuple[int, int, int, float, int, Any]]:
        """The plays `_expand` tries, as they are (a `TimedSweep` watches the clock as it goes)."""
        return plays

    def _group_jokers(self, used: int, gcount: int) -> Sequence[int]:
        """The joker counts a value's groups can take, from the copies given (``gcount``).

        Remembered: the same few ``(used, gcount)`` pairs come up at every value.
        """
        found = self.group_jokers.get((used, gcount))
        if found is None:
            c1, c2 = _group_copies(gcount)
            left = self.jokers - used
            if self.lazy:
                found = [n for n in _group_needs(c1, c2, *self.group_args) if n <= left]
            else:
                found = [
                    gj for gj in range(left + 1) if _groups_possible(c1, c2, gj, *self.group_args)
                ]
            self.group_jokers[used, gcount] = found
        return found

    def _group_plays(self, used: int, gcount: int) -> list[tuple[int, int, int, float, int, Any]]:
        """A value's groups step as plays shaped like a suit's (`_suit_options`).

        One play for each joker count the groups can take (``jokers used``);
        they leave nothing out, and the runs and aces stay as they are.
        """
        return [_group_play(gj) for gj in self._group_jokers(used, gcount)]

    def _suit_options(
        self, v: int, suit: int, runs: int, used: int, reserved: int
    ) -> Sequence[tuple[int, int, int, float, int, Any]]:
        """Every way suit ``suit`` can play its copies of value ``v`` with its open runs.

        Least loss first (a stable sort): the search tries them in this order.
        """
        memo_key = (v, suit, runs, used, reserved)
        found = self.suit_memo.get(memo_key)
        if found is None:
            found = self.suit_memo[memo_key] = self._suit_options_new(v, suit, runs, used, reserved)
        return found

    def _plays_key(
        self, v: int, suit: int, runs: int, reserved: int, jokers_left: int
    ) -> tuple[Any, ...] | None:
        """A suit's plays at value ``v`` as `_plays` takes them, which keys `known_plays`.

        In the lazy model the value matters only at the ends (the low ace, the
        top); elsewhere one value stands for all, and the weight multiplies the
        count of cards left out afterwards, so the plays are shared across
        values and searches. ``None`` for the plays put together otherwise: the
        ace where it is also high (split between low and kept back) and the
        aces kept back at 14.

        In the lazy model the jokers left count only up to the most that a
        play of the suit can place (`_most_jokers`).
        """
        if v == 14 or (v == 1 and self.ace_high):
            return None
        if self.lazy:
            jokers_left = min(jokers_left, _most_jokers(runs, self.min_run))
        code = (v - 1) * 4 + suit
        value = v if not self.lazy or v == 1 or v >= self.top else 2
        weight = self.weights[code]
        return (runs, self.must[code], self.may[code], weight, reserved, jokers_left, value)

    def _suit_options_new(
        self, v: int, suit: int, runs: int, used: int, reserved: int
    ) -> Sequence[tuple[int, int, int, float, int, Any]]:
        jokers_left = self.jokers - used
        key = self._plays_key(v, suit, runs, reserved, jokers_left)
        if key is not None:
            found = self.known_plays.get(key)
            if found is None:
                if len(self.known_plays) > _KNOWN_PLAYS:
                    self.known_plays.clear()
                found = self.known_plays[key] = _plays(*key, *self.run_args)
            return found
        if self.lazy:
            jokers_left = min(jokers_left, _most_jokers(runs, self.min_run))
        args = (jokers_left, v, *self.run_args)  # at the ends the value stands for itself
        if v == 14:
            # Only the aces kept back for the top take part (code `suit` is that ace).
            must_n, may_n = reserved >> 2, reserved & 3
            return _plays(runs, must_n, may_n, self.weights[suit], reserved, *args)
        code = (v - 1) * 4 + suit
        must_n, may_n = self.must[code], self.may[code]
        weight = self.weights[code]
        # The ace, ace high: some copies played low now, the rest kept for the top (14).
        out: list[Any] = []
        for low_must in range(must_n + 1):
            for low_may in range(may_n + 1):
                kept = _aces(must_n - low_must, may_n - low_may)
                out.extend(_plays(runs, low_must, low_may, weight, kept, *args))
        out.sort(key=_option_loss)
        return out

    # -- rebuilding the melds ------------------------------------------------------------

    def _rebuild(self) -> tuple[Any, list[int]]:
        """The melds and placed hand codes along the memo's choices (``None`` if no room)."""
        melds: list[list[int]] = []
        open_runs: list[list[tuple[int, list[int]]]] = [[], [], [], []]  # per suit: (desc, codes)
        group_copies: list[int] = []
        placed: list[int] = []
        left = [self.jokers_must, self.jokers_may]

        def joker() -> int:
            if left[0]:
                left[0] -= 1
            else:
                left[1] -= 1
                placed.append(JOKER_CODE)
            return JOKER_CODE

        def close(cards: list[int]) -> None:
            # The lazy model pays a short run's deficit when it closes.
            cards.extend(joker() for _ in range(max(0, self.min_run - len(cards))))
            melds.append(cards)

        def play(v: int, si: int, option: Any) -> None:
            nonlocal group_copies
            if si == 4:  # a value's groups, with ``option[2]`` jokers (`_group_plays`)
                melds.extend(
                    _form_groups(
                        group_copies,
                        option[2],
                        self.min_group,
                        self.max_group,
                        self.group_cap,
                        joker,
                    )
                )
                group_copies = []
                return
            _new_runs, _g, _jk, _loss, _res, detail = option
            actions, used_must, used_may, leads, to_group = detail
            code = suit_code = ((v - 1) % 13) * 4 + si
            placed.extend([suit_code] * used_may)
            copies = [code] * (used_must + used_may)
            current = open_runs[si]
            if len(current) > 1:
                current = sorted(current, key=_first)
            survivors: list[tuple[int, list[int]]] = []
            for (desc, cards), action in zip(current, actions, strict=True):
                if action == "close":
                    close(cards)
                    continue
                cards.append(copies.pop() if action == "nat" else joker())  # the run's own list
                desc = _extend(desc, action == "nat", *self.run_args)
                survivors.append((desc, cards))
            for pre in leads:
                desc = _desc(
                    min(1 + pre, self.min_run), pre if self.track else 0, 1, int(v - pre == 1)
                )
                cards = [joker() for _ in range(pre)] if pre else []
                cards.append(copies.pop())
                survivors.append((desc, cards))
            group_copies.extend(copies[:to_group])
            del copies[:to_group]
            open_runs[si] = survivors

        forced: list[tuple[int, int, Any]] = []
        key = self._advance(1, 0, (0, 0, 0, 0), 0, 0, _NO_ACES, forced)
        while True:
            for step in forced:
                play(*step)
            _value, choice = self.memo[key]
            if choice is _END:
                break
            nxt, option = choice
            v, si, runs, used, gcount, reserved = key
            forced = []
            play(v, si, option)
            if (nxt[0], nxt[1]) == ((v + 1, 0) if si == 4 else (v, si + 1)):
                key = nxt  # no empty or forced step on the way
                continue
            if si == 4:
                key = self._advance(v + 1, 0, runs, used + option[2], 0, reserved, forced)
            else:
                new_runs, g, jokers_here, _loss, res, _detail = option
                key = self._advance(
                    v,
                    si + 1,
                    (*runs[:si], new_runs, *runs[si + 1 :]),
                    used + jokers_here,
                    gcount + _GIVES[g],
                    (*reserved[:si], res, *reserved[si + 1 :]),
                    forced,
                )
            assert key == nxt, "the rebuild follows the search's own steps"
        for suit_runs in open_runs:
            for _d, cards in suit_runs:
                close(cards)
        if self.lazy and not self._place_spares(melds, left, placed):
            return None, placed
        card = _BY_CODE.__getitem__
        return [tuple(map(card, meld)) for meld in melds], placed

    def _place_spares(self, melds: list[list[int]], left: list[int], placed: list[int]) -> bool:
        """Add the spare jokers to melds with room; ``False`` if the lazy optimum fails.

        Table jokers go first. Each meld takes jokers while it stays valid; a
        meld's room does not depend on the others, so the order is immaterial.
        """
        spare = left[0] + left[1]
        for meld in melds:
            while spare:
                trial = tuple(map(_BY_CODE.__getitem__, (*meld, JOKER_CODE)))
                if not classify_meld(trial, self.profile).ok:
                    break
                meld.append(JOKER_CODE)
                spare -= 1
                if left[0]:
                    left[0] -= 1
                else:
                    left[1] -= 1
                    placed.append(JOKER_CODE)
        # Table jokers must all be placed; a hand joker left out is a loss the
        # search did not count, unless jokers are worth nothing.
        return not left[0] and (not left[1] or self.weights[JOKER_CODE] == 0)


class TimedSweep(Sweep):
    """A `Sweep` that stops at a deadline (`SearchCut`), for searches given a time limit.

    It reads the clock at every state it visits, expanded or cut by its
    bound alike (a look costs far less than a visit), and every
    `PLAYS_PER_LOOK` plays a state tries: a state can have hundreds of plays
    that the bound cuts before any visit, each costing a bound. A subclass,
    so that a search without a limit runs the plain `Sweep` with no clock in
    its hot path.

    Args:
        must: As `Sweep`.
        may: As `Sweep`.
        weights: As `Sweep`.
        profile: As `Sweep`.
        lazy: As `Sweep`.
        deadline: The `time.perf_counter` reading at which the search stops.
    """

    def __init__(
        self,
        must: Sequence[int],
        may: Sequence[int],
        weights: Sequence[float],
        profile: Profile,
        *,
        lazy: bool = True,
        deadline: float = INF,
    ) -> None:
        super().__init__(must, may, weights, profile, lazy=lazy)
        self.deadline = deadline

    def _visit(
        self,
        key: tuple[Any, ...],
        budget: float,
        found: tuple[float, Any] | None,
        plain: float | None,
    ) -> float:
        """`Sweep._visit`, after a look at the clock.

        Raises:
            SearchCut: At the deadline.
        """
        if time.perf_counter() >= self.deadline:
            raise SearchCut
        return super()._visit(key, budget, found, plain)

    def _watch(
        self, plays: Sequence[tuple[int, int, int, float, int, Any]]
    ) -> Iterable[tuple[int, int, int, float, int, Any]]:
        """The plays `_expand` tries, reading the clock every `PLAYS_PER_LOOK` of them.

        One state can have hundreds of plays that its children's bounds cut
        without a visit, each costing a bound.
        """
        if len(plays) <= PLAYS_PER_LOOK:
            return plays
        return self._watched(plays)

    def _watched(
        self, plays: Sequence[tuple[int, int, int, float, int, Any]]
    ) -> Iterator[tuple[int, int, int, float, int, Any]]:
        for index, play in enumerate(plays):
            if (
                index % PLAYS_PER_LOOK == PLAYS_PER_LOOK - 1
                and time.perf_counter() >= self.deadline
            ):
                raise SearchCut
            yield play


def new_sweep(
    must: Sequence[int],
    may: Sequence[int],
    weights: Sequence[float],
    profile: Profile,
    *,
    lazy: bool = True,
    deadline: float = INF,
) -> Sweep:
    """A `Sweep`, or a `TimedSweep` if there is a deadline (a `time.perf_counter` reading)."""
    if deadline == INF:
        return Sweep(must, may, weights, profile, lazy=lazy)
    return TimedSweep(must, may, weights, profile, lazy=lazy, deadline=deadline)


@lru_cache(maxsize=4096)
def _most_jokers(runs: int, min_run: int) -> int:
    """The most jokers a lazy play of a suit with open ``runs`` can place.

    A lazy play places jokers only on its open runs: one to continue a run,
    or a run's deficit to close it. Any count of jokers left from this one
    up allows the same plays, so counted up to it, the plays of many counts
    are worked out once (`_plays` is a large share of a first search's time).
    """
    return sum(max(1, min_run - _length(d)) for d in _unpack(runs))


def _first(run: tuple[int, list[int]]) -> int:
    """An open run's descriptor (`Sweep._rebuild` sorts the runs by it)."""
    return run[0]


@lru_cache(maxsize=4096)
def _next_copies(column: tuple[int, ...]) -> tuple[int, ...]:
    """Per value 0..14, the first value from it on (1..13) where ``column`` has a copy, else 14.

    ``column`` counts one suit's copies of the values 1..13; value 0 reads as 1.
    Remembered: a suit's copies change little from one position to the next.
    """
    row = [14] * 15
    after = 14
    for v in range(13, 0, -1):
        if column[v - 1]:
            after = v
        row[v] = after
    row[0] = after
    return tuple(row)


def _group_play(jokers: int) -> tuple[int, int, int, float, int, Any]:
    """A value's groups taking ``jokers`` jokers, as a play (`Sweep._group_plays`)."""
    return (0, 0, jokers, 0.0, 0, None)


@lru_cache(maxsize=4096)
def _group_facts(
    present: tuple[int, ...], min_group: int, max_group: int, cap: int, unit: int
) -> tuple[tuple[tuple[bool, bool, bool], ...], tuple[tuple[int, int, int], ...], tuple[int, ...]]:
    """For the bound, per suit at one value: group room and joker shares.

    ``present`` counts each suit's copies at the value. Room: could ``g``
    (0, 1 or 2) copies join groups if every other suit's copies there were
    free to join them, with up to ``cap`` jokers a group? Shares, by ``g``:
    a group of k naturals short of ``min_group`` needs ``min_group - k``
    jokers, that is ``(min_group - k) / k`` for each natural, counted in
    units of ``1 / unit`` joker and taken with k as large as the other suits
    holding the value allow, so the shares never add up to more jokers than
    the groups need. Two copies sit in two groups, which share the other
    suits' copies: their naturals k1 and k2 add up to at most N (two, plus
    up to two copies of each other suit), so the two copies carry the least
    sum of the shares of a k1 and a k2 group over those splits (with N = 5,
    the groups of 3 and 2 naturals: half a joker, where the even split of
    2.5 and 2.5 would give only two fifths). Later: for each fold position
    ``si``, how many of the suits ``si``..3 hold the value.
    """
    room: list[tuple[bool, bool, bool]] = []
    shares: list[tuple[int, int, int]] = []
    for suit in range(4):
        others = [n for t, n in enumerate(present) if t != suit]
        one, two = (sum(min(n, g) for n in others) >= g * (min_group - 1 - cap) for g in (1, 2))
        room.append((True, one, two))
        most = min(max_group, 1 + sum(1 for n in others if n))  # naturals in one group
        single = _share(most, min_group, unit)
        both = 2 + sum(min(n, 2) for n in others)  # naturals in the two groups of two copies
        shares.append((0, single, _pair_share(most, both, min_group, unit)))
    later = tuple(sum(1 for t in range(si, 4) if present[t]) for si in range(5))
    return tuple(room), tuple(shares), later


def _pair_share(most: int, both: int, min_group: int, unit: int) -> int:
    """Joker units two copies of one suit carry, in two groups of ``most`` naturals at most.

    The two groups hold ``both`` naturals at most between them; the least sum
    of the two groups' shares (`_share`) over the whole-number splits.
    """
    return min(
        _share(k1, min_group, unit) + _share(k2, min_group, unit)
        for k1 in range(1, most + 1)
        for k2 in range(1, min(most, both - k1) + 1)
    )


def _share(naturals: int, min_group: int, unit: int) -> int:
    """Joker units each natural of a group of ``naturals`` carries (see `_group_facts`)."""
    if naturals >= min_group:
        return 0
    return unit * (min_group - naturals) // naturals


def _deficit(d: int, run_cap: int, min_run: int, track: bool, top: int, lazy: bool) -> int:
    """Jokers a run needs to close now (``-1`` if it cannot): the lazy model's deficit."""
    if _pending(d) or not _natural(d):
        return -1
    deficit = max(0, min_run - _length(d))
    if deficit and (deficit > run_cap or (track and _jokers(d) + deficit > run_cap)):
        return -1
    return deficit


def _extend(
    d: int, natural: bool, run_cap: int, min_run: int, track: bool, top: int, lazy: bool
) -> int:
    length = min(_length(d) + 1, min_run)
    jokers = _jokers(d) + (0 if natural or not track else 1)
    pending = int(lazy and not natural)
    return _desc(length, jokers, _natural(d) | int(natural), _ace(d), pending)


@lru_cache(maxsize=200_000)
def _options(
    packed: int,
    must_n: int,
    may_n: int,
    weight: float,
    jokers_left: int,
    value: int,
    run_cap: int,
    min_run: int,
    track: bool,
    top: int,
    lazy: bool,
) -> list[tuple[int, int, int, float, Any]]:
    """All plays of one suit at one value: extend/close each open run, start runs, feed groups.

    Lazy model: a run closes when not continued, paying its deficit in
    jokers; a joker continues a run only where a natural follows (the run is
    *pending* until then); new runs begin on a natural. Eager model: any run
    may take a joker at any value and a new run may begin with jokers before
    its first natural (placed with it, so at most ``value - 1`` of them).

    At value 14 (the ace after the king) only open runs take part: no run
    starts there, no group forms, and a run that began on the low ace cannot
    grow (it would hold the ace twice).

    ``packed`` is the suit's open runs (`_pack`). Returns ``(new runs
    packed, copies to groups, jokers used, loss, detail)`` where detail is
    ``(actions, must used, may used, leading jokers of each new run, copies
    to groups)`` for rebuilding the melds; the actions follow the runs in
    ascending order of their descriptors.
    """
    runs = _unpack(packed)
    at_top = value == 14
    start_runs = groups = not at_top
    args = (run_cap, min_run, track, top, lazy)
    out = []
    choices_per_run = []
    for d in runs:
        acts: list[tuple[str, int]] = []
        grows = not (at_top and _ace(d))  # a run begun on the low ace cannot reach 14
        if grows:
            acts.append(("nat", 0))
        if lazy:
            deficit = _deficit(d, *args)
            if deficit >= 0:
                acts.append(("close", deficit))
        elif _length(d) >= min_run and _natural(d):
            acts.append(("close", 0))
        if grows and _jokers(d) < run_cap and not (lazy and value >= top):
            acts.append(("jok", 1))
        choices_per_run.append(acts)
    for combo in product(*choices_per_run) if runs else [()]:
        actions = tuple(a for a, _ in combo)
        nat_ext = actions.count("nat")
        jokers_here = sum(j for _, j in combo)
        if jokers_here > jokers_left:
            continue
        extended = [
            _extend(d, a == "nat", *args)
            for d, a in zip(runs, actions, strict=True)
            if a != "close"
        ]
        for may_used in range(may_n, -1, -1):
            total = must_n + may_used
            if nat_ext > total:
                continue
            rest = total - nat_ext
            for new_nat in range(rest + 1 if start_runs else 1):
                to_group = rest - new_nat
                if to_group and not groups:
                    continue
                if to_group > 2:
                    continue
                spare = jokers_left - jokers_here
                if lazy:
                    lead_options: list[tuple[int, ...]] = [(0,) * new_nat]
                else:
                    most = min(run_cap, spare, value - 1)
                    lead_options = _lead_choices(new_nat, most, spare)
                for leads in lead_options:
                    new_runs = list(extended)
                    for pre in leads:
                        new_runs.append(
                            _desc(
                                min(1 + pre, min_run), pre if track else 0, 1, int(value - pre == 1)
                            )
                        )
                    detail = (actions, must_n, may_used, leads, to_group)
                    out.append(
                        (
                            _pack(new_runs),
                            to_group,
                            jokers_here + sum(leads),
                            weight * (may_n - may_used),
                            detail,
                        )
                    )
    return out


@lru_cache(maxsize=32_768)  # about 1 kB an entry
def _plays(
    runs: int, must_n: int, may_n: int, weight: float, kept: int, *rest: Any
) -> tuple[tuple[int, int, int, float, int, Any], ...]:
    """`_options` as the search takes them, least loss first (a stable sort).

    Each card left out is worth ``weight``, and ``kept`` are the aces kept
    back for the top: ``(new runs, copies to groups, jokers used, loss, aces
    kept, detail)``. ``rest`` is the rest of `_options`'s arguments, from
    ``jokers_left`` on. Remembered across searches.
    """
    plays = _options(runs, must_n, may_n, 1.0, *rest)
    if rest[-1]:  # lazy: drop the plays another play dominates
        plays = _undominated(plays)
    return tuple(
        sorted(((o[0], o[1], o[2], o[3] * weight, kept, o[4]) for o in plays), key=_option_loss)
    )


def _stronger(a: int, b: int) -> bool:
    """Whether open run ``a`` can do all that run ``b`` can (lazy model; see `Sweep._longer_runs`).

    The same but longer, no longer waiting for a natural after a joker, or
    not begun on the low ace (which keeps a run from reaching the high ace).
    """
    loose = 15 | 1 << _P | 1 << _A  # the length, the pending flag and the low-ace flag
    return (
        a & ~loose == b & ~loose
        and a & 15 >= b & 15
        and a >> _P & 1 <= b >> _P & 1
        and a >> _A & 1 <= b >> _A & 1
    )


def _runs_stronger(a: int, b: int) -> bool:
    """Whether packed runs ``a`` match packed runs ``b`` one for one, each as strong or stronger."""
    if a == b:
        return True
    runs_a, runs_b = _unpack(a), _unpack(b)
    if len(runs_a) != len(runs_b):
        return False
    return any(
        all(_stronger(x, y) for x, y in zip(order, runs_b, strict=True))
        for order in set(permutations(runs_a))
    )


_Play = tuple[int, int, int, float, Any]


def _undominated(plays: list[_Play]) -> list[_Play]:
    """``plays`` less each one that another play, kept or earlier, dominates (lazy model).

    A play dominates another when it gives as many copies to groups, uses no
    more jokers, leaves out no more cards, and leaves open runs that are
    one for one as strong (`_stronger`): whatever the other can still do,
    it can do at no more loss. Of two equal plays the first is kept.
    """
    kept: list[_Play] = []
    for play in plays:
        runs, g, jokers, loss = play[0], play[1], play[2], play[3]
        if any(
            o[1] == g and o[2] <= jokers and o[3] <= loss and _runs_stronger(o[0], runs)
            for o in kept
        ):
            continue
        kept = [
            o
            for o in kept
            if not (o[1] == g and jokers <= o[2] and loss <= o[3] and _runs_stronger(runs, o[0]))
        ]
        kept.append(play)
    return kept


def _lead_choices(runs: int, most: int, spare: int) -> list[tuple[int, ...]]:
    """Leading-joker counts for ``runs`` new runs: each 0..most, in total at most ``spare``."""
    if runs == 0:
        return [()]
    out = []
    for first in range(most + 1):
        for rest in _lead_choices(runs - 1, min(most, first), spare - first):
            out.append((first, *rest))
    return out


def _group_splits(
    c1: int, c2: int, min_group: int, max_group: int, cap: int, jokers: int
) -> list[tuple[int, int]]:
    """``(need, room)`` of each way to split one value's group copies into groups.

    ``c1`` suits give one copy and ``c2`` give two (the two copies go to two
    groups); ``need`` is the jokers that bring every group to the minimum,
    ``room`` the most jokers the groups can hold.
    """
    naturals = c1 + 2 * c2
    if naturals == 0:
        return [(0, 0)]
    out = []
    # Each group needs the minimum in naturals and jokers, and at most ``cap`` jokers.
    most = min(naturals, (naturals + jokers) // min_group)
    if cap < min_group:
        most = min(most, naturals // (min_group - cap))
    for k in range(2 if c2 else 1, most + 1):
        for sizes in _natural_sizes(c1, c2, k):
            if any(s < 1 or s > max_group for s in sizes):
                continue
            deficits = [max(0, min_group - s) for s in sizes]
            if any(d > cap for d in deficits) or sum(deficits) > jokers:
                continue
            out.append((sum(deficits), sum(min(cap, max_group - s) for s in sizes)))
    return out


@lru_cache(maxsize=4096)
def _group_needs(
    c1: int, c2: int, min_group: int, max_group: int, cap: int, jokers: int
) -> tuple[int, ...]:
    """The joker counts that some split of the group copies needs exactly (lazy model)."""
    splits = _group_splits(c1, c2, min_group, max_group, cap, jokers)
    return tuple(sorted({need for need, _room in splits}))


@lru_cache(maxsize=4096)
def _groups_possible(
    c1: int, c2: int, gj: int, min_group: int, max_group: int, cap: int, jokers: int
) -> bool:
    """Can c1 suits giving one copy, c2 suits giving two, and gj jokers form valid groups?"""
    if c1 + 2 * c2 == 0:
        return gj == 0
    splits = _group_splits(c1, c2, min_group, max_group, cap, jokers)
    return any(need <= gj <= room for need, room in splits)


def _natural_sizes(c1: int, c2: int, k: int) -> set[tuple[int, ...]]:
    """Natural counts of k groups when c2 suits give two copies (two groups) and c1 one.

    Built suit by suit over sorted size tuples, so equal splits are kept once.
    """
    if c2 and k < 2:
        return set()
    sizes: set[tuple[int, ...]] = {(0,) * k}
    for _ in range(c2):
        sizes = {
            tuple(sorted((*t[:a], t[a] + 1, *t[a + 1 : b], t[b] + 1, *t[b + 1 :])))
            for t in sizes
            for a, b in combinations(range(k), 2)
        }
    for _ in range(c1):
        sizes = {tuple(sorted((*t[:a], t[a] + 1, *t[a + 1 :]))) for t in sizes for a in range(k)}
    return sizes


def _form_groups(
    copies: list[int], gj: int, min_group: int, max_group: int, cap: int, joker: Callable[[], int]
) -> list[list[int]]:
    """Split one value's group copies (and ``gj`` jokers) into valid groups, explicitly."""
    if not copies and not gj:
        return []
    naturals = len(copies)
    if naturals and len(set(copies)) == naturals <= max_group:
        # One copy a suit: the first split tried is one group of them all.
        deficit = max(0, min_group - naturals)
        if deficit <= cap and deficit <= gj <= min(cap, max_group - naturals):
            return [[*copies, *(joker() for _ in range(gj))]]
    by_suit: dict[int, int] = {}
    for code in copies:
        by_suit[code] = by_suit.get(code, 0) + 1
    twos = [c for c, k in by_suit.items() if k == 2]
    ones = [c for c, k in by_suit.items() if k == 1]
    for k in range(1, naturals + 1):
        pairs = list(combinations(range(k), 2))
        for two_places in product(pairs, repeat=len(twos)) if twos else [()]:
            for one_places in product(range(k), repeat=len(ones)) if ones else [()]:
                groups: list[list[int]] = [[] for _ in range(k)]
                for code, (a, b) in zip(twos, two_places, strict=True):
                    groups[a].append(code)
                    groups[b].append(code)
                for code, a in zip(ones, one_places, strict=True):
                    groups[a].append(code)
                if any(not g or len(g) > max_group for g in groups):
                    continue
                deficits = [max(0, min_group - len(g)) for g in groups]
                rooms = [min(cap, max_group - len(g)) for g in groups]
                if any(d > cap for d in deficits) or not sum(deficits) <= gj <= sum(rooms):
                    continue
                extra = gj - sum(deficits)
                for g, deficit, room in zip(groups, deficits, rooms, strict=True):
                    add = deficit + min(extra, room - deficit)
                    extra -= add - deficit
                    g.extend(joker() for _ in range(add))
                return groups
    raise AssertionError("groups were feasible but could not be formed")  # pragma: no cover
