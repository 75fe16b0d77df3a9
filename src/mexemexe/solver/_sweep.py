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
without assumptions. A joker placed only where needed multiplies the
states far less than one that may go anywhere.

The parts, each a module of this package, read bottom up:

- `_runs`: open runs packed in ints, and how they grow and compare;
- `_groups`: a value's groups, their joker counts and shares, their melds;
- `_suit_plays`: the plays of one suit at one value (the sweep's slices);
- `_memo`: the state keys, the memo, and the steps played in passing;
- `_bounds`: the lower bound on a state's loss;
- `_dfs`: the bounded depth-first search (with its dominance checks);
- `_rebuild`: the melds read back along the memo's choices;
- `_symmetry`: the mirrored position the search races, and which goes first;
- here: the search as callers use it (`Sweep.solve`), the race of a
  position against its mirror image, and the deadline (`TimedSweep`).

(Cf. van Rijn, Takes & Vis, 2015, for the rank sweep; IDA* with a
transposition table for the bound.)
"""

from __future__ import annotations

import math
import operator
import time
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

from .._cards import Card
from ._dfs import Found, LimitError, SearchCut
from ._memo import INF, NEG, MemoEntry, StateKey
from ._need import NeedSearch
from ._rebuild import Rebuild
from ._stack_room import in_room
from ._suit_plays import Play
from ._symmetry import MIRRORED_FIRST, VARIANTS, high_constraints, read_back, relabel

if TYPE_CHECKING:
    from .._profiles import Profile

__all__ = ["INF", "NEG", "Found", "SearchCut", "Sweep", "TimedSweep", "new_sweep"]

#: States a search expands before it counts as hard (then its mirror image races it).
_EASY = 1_000

#: How much longer each round's slices are than the last's (`Sweep._race`):
#: less than doubling, so the searches that lose waste less past the winner.
_GROWTH = 1.5

#: The share of each round's slice that the racer going second gets where a
#: play is known already (`Sweep._race`): in such a proof the first racer is
#: the likelier to finish, and the second is insurance against the positions
#: where it is far quicker, which a smaller share still covers at a bounded
#: cost while wasting less where the first one wins.
_PROOF_SHARE = 0.25

#: States the first racer of a proof expands before `solve`'s ``improve`` is
#: asked for a better known play (`Sweep._race`). The quick proofs, most of
#: them, never pay for the asking, nor do those the jokers-needed cut ends
#: when it starts (`_need._NEED_AFTER`), a cluster around the median's time:
#: the probe comes just after that start, once the cut has had its chance.
#: Asked before it, a proof would also be spared the loose fit, but those
#: would pay; asked much later, a proof that the better play ends within its
#: first slice runs past it and pays the mirror image's slice as well (see
#: benchmarks/README.md).
_PROBE = 550

#: Plays a search with a deadline tries in one state between two looks at
#: the clock (`TimedSweep._watch`): a play its bound cuts costs a bound, which
#: may take a while to work out the first time; a look costs far less.
PLAYS_PER_LOOK = 8


class Sweep(NeedSearch, Rebuild):
    """One exact optimisation over fixed card counts (``must`` placed, ``may`` optional).

    Args:
        must: Counts by code (jokers at 52) of the cards that must be placed.
        may: Counts of the cards that may be placed.
        weights: The worth of placing one card of each code.
        profile: The rules.
        lazy: Place jokers lazily (the fast model; see the module docstring).
    """

    def _prepare(self) -> None:
        super()._prepare()
        self.incumbent = INF  # the loss of the play known already (`solve`)
        self.improve: Callable[[float], float] | None = None

    def solve(
        self, incumbent: float = INF, improve: Callable[[float], float] | None = None
    ) -> tuple[float, list[tuple[Card, ...]] | None, list[int]]:
        """Best weight, the melds, and the ``may`` codes placed; ``-inf`` if impossible.

        Searches for the least loss within a budget that starts at (or just
        past) the lower bound and grows; the first budget that holds the
        optimum proves it.

        Args:
            incumbent: The loss of a play known already (whole weights only).
                The search then looks only for a smaller loss; if there is
                none, the melds returned are ``None`` (the known play is best).
            improve: With an incumbent, called once if the search is not
                quick (its first slice is used up; `_race`) with the
                incumbent's loss: the loss of a better play the caller
                found, else that loss. The search then looks only for
                less, and an answer of ``None`` melds means that play is best.

        Raises:
            SearchCut: At the deadline, with the best complete play reached
                (better than the incumbent), if any.
        """
        total = sum(map(operator.mul, self.weights, self.may))
        if self.whole and incumbent < INF:
            self.cap = incumbent - 1  # losses are whole: "better" means at most this
        self.incumbent, self.improve = incumbent, improve
        raced = in_room(self._race_or_cut)
        if isinstance(raced, SearchCut):
            raise raced  # outside the room (`_stack_room` says why)
        sweep, variant, loss = raced
        if loss == INF:
            return NEG, [], []
        if loss > self.cap:
            return total - self.incumbent, None, []
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

    def _race_or_cut(self) -> tuple[Sweep, tuple[bool, bool], float] | SearchCut:
        """`_race`, or its cut at the deadline as a value (a fresh one, without a traceback).

        `solve` runs this in a roomy chunk of the frame stack and raises the
        cut outside it: an exception leaving the room would keep the room's
        frame, evaluation stack and all, for as long as its traceback is kept
        (`mexemexe.solver._stack_room`).
        """
        try:
            return self._race()
        except SearchCut as cut:
            fresh = SearchCut()
            fresh.found = cut.found
            return fresh

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

    def _race(self) -> tuple[Sweep, tuple[bool, bool], float]:
        """The least loss, from this search or, for a hard position, a symmetric one.

        The first to search is the position as given or its mirror image, by
        where the copies only a group can take lie (`_high_constraints`):
        the end where they lie first when the search looks for a play, the
        other end first when a play is known already and the search must
        mostly prove that nothing beats it (`solve`'s incumbent). Measured,
        not derived: on positions of self-play the constrained end first
        costs those proofs more states far more often than not, while the
        positions where a play is sought gain from it (see
        benchmarks/README.md). Once it has used its first slice, the two (`VARIANTS`) take turns,
        with slices half as long again each round, and the first to finish
        answers: at most about twice the work of the quicker, against a
        search that can take far longer one way than the other. In a proof
        the second gets only `_PROOF_SHARE` of each round's slice: there the
        first usually wins, and the second is insurance (where the second is
        the quicker, the race then costs up to about five times its work).
        In a proof that `solve` may improve, the first racer's first slice
        stops after `_PROBE` states to ask for a better known play
        (`_improve`), then goes on below it.

        Returns:
            The search that finished, its variant, and the loss.
        """
        racers: list[tuple[Sweep, Generator[None, int, float]]] = []
        grant = _EASY
        proof = self.cap < INF  # a play is known: the search mostly proves none is better
        variants = MIRRORED_FIRST if self._high_constraints() != proof else VARIANTS
        share = _PROOF_SHARE if proof else 1.0
        # States of the first racer's first slice after which a better known
        # play is asked for (`_improve`), if the search has not finished.
        probe = _PROBE if self.improve is not None and proof and grant > _PROBE else None
        while True:
            for index, (mirror, flip) in enumerate(variants):
                if index == len(racers):
                    sweep = self if not (mirror or flip) else self._variant(mirror, flip)
                    sweep.proven, sweep.cap = self.proven, self.cap
                    sweep.need_shared, sweep.need_mirror = self.need_shared, mirror
                    slices = sweep._slices(sweep._start())
                    next(slices)
                    racers.append((sweep, slices))
                sweep, slices = racers[index]
                size = grant if index == 0 else math.ceil(share * grant)
                parts = (size,) if index or probe is None else (probe, size - probe)
                for turn, part in enumerate(parts):
                    if turn:
                        self._improve(sweep)
                    try:
                        slices.send(part)
                    except StopIteration as done:
                        loss: float = done.value
                        return sweep, (mirror, flip), loss
                    except SearchCut as cut:
                        cut.found = self._reached(sweep, (mirror, flip))
                        raise
                probe = None
            grant = math.ceil(grant * _GROWTH)

    def _improve(self, first: Sweep) -> None:
        """Ask `solve`'s ``improve`` for a better known play, ``first`` being the first racer.

        Asked only of a search that is not quick (past `_PROBE` states): one
        that finishes sooner would gain less than the asking costs. Its
        states so far stay in the memo: what they proved holds below any cap.
        """
        if self.improve is None or self.cap == INF:
            return
        better = self.improve(self.incumbent)
        if better < self.incumbent:
            self.incumbent = better
            self.cap = first.cap = better - 1  # as `solve` sets it

    def _high_constraints(self) -> bool:
        """Whether the copies only a group can take lie mostly in the high values."""
        return high_constraints(self.present, self.min_run, self.ace_high)

    def _variant(self, mirror: bool, flip: bool) -> Sweep:
        """The same search on the position relabelled by `relabel`."""
        to = relabel(self.ace_high, mirror, flip)
        return new_sweep(
            [self.must[to[code]] for code in range(53)],
            [self.may[to[code]] for code in range(53)],
            [self.weights[to[code]] for code in range(53)],
            self.profile,
            lazy=self.lazy,
            deadline=self.deadline,
        )

    def _slices(self, start: StateKey) -> Generator[None, int, float]:
        """The search from ``start`` in slices: ``send(n)`` grants about n more states.

        Yields when a slice is used up, and returns the least loss.
        """
        grant = yield
        while True:
            self.limit = float(self.expanded + grant)
            try:
                return self._least_loss(start)
            except LimitError:
                pass
            grant = yield

    def _read_back(
        self, melds: list[tuple[Card, ...]], placed: list[int], mirror: bool, flip: bool
    ) -> tuple[list[tuple[Card, ...]], list[int]]:
        """A variant's melds and placed codes, relabelled back (runs in ascending order)."""
        return read_back(melds, placed, self.profile, mirror, flip)


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
        key: StateKey,
        budget: float,
        found: MemoEntry | None,
        plain: float | None,
    ) -> float:
        """`Sweep._visit`, after a look at the clock.

        Raises:
            SearchCut: At the deadline.
        """
        if time.perf_counter() >= self.deadline:
            raise SearchCut
        return super()._visit(key, budget, found, plain)

    def _watch(self, plays: Sequence[Play]) -> Iterable[Play]:
        """The plays `_expand` tries, reading the clock every `PLAYS_PER_LOOK` of them.

        One state can have hundreds of plays that its children's bounds cut
        without a visit, each costing a bound.
        """
        if len(plays) <= PLAYS_PER_LOOK:
            return plays
        return self._watched(plays)

    def _watched(self, plays: Sequence[Play]) -> Iterator[Play]:
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
