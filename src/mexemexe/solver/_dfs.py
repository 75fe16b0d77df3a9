"""The bounded depth-first search over the sweep's states.

The search looks for the least *loss* (the weight of hand cards left out)
within a budget (`Search._search`): a state whose lower bound exceeds it is
cut, the choices at each step are tried least loss first, and a state stops
trying choices once one reaches its proven lower bound. (Ranked by their
loss plus their bound instead, the choices took about as many states, and
the ranking cost more than it saved.) The budget starts at the lower bound
(one whole loss past it where the bound shows a loss, `_HEAD_START`) and
grows after each failed search (`_BUDGET_GROWTH`); where a play is known
already (a small hand's play that keeps the table's melds), one search
looks for anything better, with the budget just below it
(`Search._least_loss`). The memo keeps, per state, its exact least loss
and the choice reaching it, or the lower bound a failed search proved; once
a choice is found, the others need only beat it. So a hand that fits whole
costs one feasibility search, and a larger loss is proven, not guessed
(IDA* with a transposition table).

**Dominance.** A state can do all that the same state can with one suit's
open runs longer (a longer run grows the same and closes on fewer jokers)
or no longer waiting for a natural after a joker (it may also close), so
what the memo proved of those bounds it too. Before a state is expanded,
those of the suit that played last are looked up: a search that failed on
a state with its runs longer need not be tried again on this one. (So can
the same state with fewer jokers placed, but looking those up saved too few
states to pay.)

**Aces relaxed.** Where the ace is also high, the aces each suit keeps back
for the top are part of the key, and the states of the middle values are
split by every way of keeping them, each proving the same dead ends again.
The same state with every ace optional and worth nothing at the top (its
*relaxed* state, `SweepBase.free_aces`) can do all any of them can at no
more loss, so its least loss bounds them all: once a search has shown it is
not quick, each state is first cut by its relaxed state, searched once for
all the ways of keeping the aces.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from .._cards import JOKER_CODE, Card
from ._bounds import Bounds
from ._groups import GIVES
from ._memo import END, INF, MemoEntry, Runs, StateKey
from ._runs import length, natural, unpack
from ._suit_plays import Play

__all__ = ["Found", "LimitError", "Search", "SearchCut"]

#: States a search expands before it looks up the same states with longer runs
#: (`Search._visit`): an easy search rarely gains what the lookups cost.
_LONGER_AFTER = 100

#: States a search expands before it also searches each state with its aces
#: kept back relaxed (`Search._visit`): on a quick search the relaxed states
#: are mostly extra work; on a long one they prove its dead ends once for
#: every way of keeping the aces (see benchmarks/README.md).
_RELAX_AFTER = 1_000

#: How much a search's budget grows after a failed search (`Search._least_loss`):
#: with the bound close to the least loss, a search past it wastes less than
#: searching the same states again under each of a few budgets in between
#: (measured against doubling: see benchmarks/README.md).
_BUDGET_GROWTH = 6

#: How far past the lower bound the first search's budget starts, in whole
#: losses, where the bound already shows a loss (`Search._least_loss`): such a
#: bound usually falls short of the least loss, and a search that fails at it
#: is mostly done again under the next budget. A bound of no loss gets no head
#: start: then the hand often fits whole (most positions of real games), and
#: the search for that is the quickest (a head start everywhere cost more:
#: see benchmarks/README.md).
_HEAD_START = 1


class LimitError(Exception):
    """A search went past its expansion limit (the end of its slice of a race)."""


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


class Search(Bounds):
    """`Bounds` with the depth-first search that uses them."""

    def _prepare(self) -> None:
        super()._prepare()
        self.expanded = 0
        self.limit: float = INF  # always a float, as mypyc needs (`benchmarks/compiled.py`)
        self.deadline = INF  # a `TimedSweep` has one
        # A proven lower bound on the least loss, shared by the searches of a race,
        # and the most loss worth finding (below a play known already, `solve`).
        self.proven = [0.0]
        self.cap = INF
        self.whole = all(float(w).is_integer() for w in set(self.weights))  # whole-number losses
        self.step = 1.0 if self.whole else 0.0

    def _least_loss(self, start: StateKey) -> float:
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

    def _search(self, key: StateKey, budget: float) -> float:
        """The least loss from ``key`` if it is at most ``budget``; else a lower bound above it."""
        found = self.memo.get(key)
        if found is not None and (found[1] is not None or found[0] > budget):
            return found[0]
        return self._visit(key, budget, found, None)

    def _visit(
        self, key: StateKey, budget: float, found: MemoEntry | None, plain: float | None
    ) -> float:
        """`_search` past its memo lookup: ``found`` is what the memo holds of ``key``.

        ``plain`` is the state's plain bound (`_bound_at`) where the caller knows it.
        """
        v, si, runs, used, gcount, reserved = key
        if v > self.top:
            loss = self._final_loss(runs, used)
            self.memo[key] = (loss, END)
            return loss
        # A proven lower bound: once a choice reaches it, none can do better.
        floor = 0.0 if found is None else found[0]
        if self.lazy:
            memo = self.memo
            left = (self.jokers - used) * self.unit
            if gcount:  # less the units the copies given to this value's groups owe
                owed = self.pending.get((v, si, gcount))
                left = left - owed if owed is not None else self._units_left(v, si, used, gcount)
            bound = floor
            bkey = (v, si, runs, reserved, left)  # the plain and shared bounds' key
            if found is None:  # a remembered bound is at least the plain one (checked first)
                if plain is None:
                    plain = self.bounds.get(bkey) if left >= 0 else INF
                    if plain is None:
                        plain = self._bound_sum(v, si, runs, reserved, left)
                if plain > bound:
                    bound = plain
            else:
                plain = None
            if bound <= budget and left > 0:
                # The units shared out (`_shared_at`), settled with the plain bound.
                shared = self.shared.get(bkey)
                if shared is None:
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
            # there. (Looking up every suit found a few more states for more
            # work than they saved: see benchmarks/README.md.)
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
            # The same state with its aces kept back relaxed (`free_aces`) bounds it,
            # and stands for every way of keeping them: searched once, it proves
            # what fails in the middle values for all of them.
            free = self.free_aces
            if (
                free is not None
                and reserved != free
                and 1 < v < 14
                and self.expanded >= _RELAX_AFTER
            ):
                relaxed = (v, si, runs, used, gcount, free)
                known = memo.get(relaxed)
                if known is not None and (known[1] is not None or known[0] > budget):
                    loose = known[0]
                else:
                    loose = self._visit(relaxed, budget, known, None)
                if loose > bound:
                    bound = loose
                if bound > budget:
                    self.memo[key] = (bound, None)
                    return bound
            if bound > floor:
                floor = bound
        else:
            left = 0
        self.expanded += 1
        if self.expanded > self.limit:
            raise LimitError
        return self._expand(key, budget, floor, left, plain)

    def _final_loss(self, runs: Runs, used: int) -> float:
        """Loss at the end of the sweep: open runs close; jokers are settled."""
        if self.lazy:
            # Every open run closes, paying its deficit; spare jokers all find room.
            need = self._closing_need([d for suit_runs in runs for d in unpack(suit_runs)])
            return 0.0 if used + need <= self.jokers else INF
        closable = all(length(d) >= self.min_run and natural(d) for r in runs for d in unpack(r))
        if not closable or used < self.jokers_must:
            return INF
        return (self.jokers - used) * self.weights[JOKER_CODE]

    def _expand(
        self, key: StateKey, budget: float, floor: float, left: int, plain: float | None
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
        plays: Sequence[Play]
        if groups:
            found = self.group_plays.get((used, gcount))
            plays = self._group_plays(used, gcount) if found is None else found
        else:
            before, after = runs[:si], runs[si + 1 :]
            kept = reserved[si]
            suit_memo, present = self.suit_memo, self.present[v]
            found = suit_memo.get((v, si, runs[si], used, kept))
            plays = self._suit_options(v, si, runs[si], used, kept) if found is None else found
        # The quick path below is for suit steps (a groups step changes every suit's
        # joker units and moves them all on a value).
        quick = self.lazy and not groups
        if quick:
            rows = self.suit_rows  # a suit's part by units (`_suit_row`), read as is
            if plain is None:
                plain = self.bounds.get((v, si, runs, reserved, left))
                if plain is None:
                    plain = self._bound_sum(v, si, runs, reserved, left)
            row = rows.get((v, si, runs[si], kept))
            if row is None:
                row = self._suit_row(v, si, runs[si], kept)
            # The other suits' parts, the same in every child. (A state short of the
            # units its groups need has no part: only an unbounded search gets here.)
            others = plain - (row[left] if left >= 0 else INF)
            jokers, unit, pending = self.jokers, self.unit, self.pending
            w = v + 1
            passing: int | None = None  # the units after a play that places and gives nothing
        best = INF
        lower = INF
        cap = budget  # min(budget, best)
        choice: tuple[StateKey, Play] | None = None
        nxt: StateKey | None = None
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
                    used2, gcount2 = used + jokers_here, gcount + GIVES[g]
                    if quick:
                        units = left
                        if g or jokers_here:
                            # The child's units: fewer than the parent's, so the other
                            # suits' parts with the parent's units bound theirs.
                            # (`_units_left`, its usual case written out.)
                            units = (jokers - used2) * unit
                            if gcount2:
                                owed = pending.get((v, si + 1, gcount2))
                                if owed is None:
                                    units = self._units_left(v, si + 1, used2, gcount2)
                                else:
                                    units -= owed
                        elif gcount:  # the same for every play that places and gives nothing
                            if passing is None:
                                passing = self._units_left(v, si + 1, used, gcount)
                            units = passing
                        if units < 0:
                            continue  # the groups cannot have the jokers they need
                        row = rows.get((w, si, new_runs_s, res))
                        if row is None:
                            row = self._suit_row(w, si, new_runs_s, res)
                        child = others + row[units]
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
                    runs2 = (*before, new_runs_s, *after)
                    # The usual next state, the next suit's step with a choice of plays
                    # already made, as `_advance` would stop at it (without the call).
                    nxt = None
                    if si < 3:
                        s1 = si + 1
                        if runs2[s1] or (reserved2[s1] if v == 14 else present[s1]):
                            ahead = suit_memo.get((v, s1, runs2[s1], used2, reserved2[s1]))
                            if ahead is not None and (
                                len(ahead) != 1 or ahead[0][1] or ahead[0][3]  # groups, loss
                            ):
                                nxt = (v, s1, runs2, used2, gcount2, reserved2)
                    if nxt is None:
                        nxt = advance(v, si + 1, runs2, used2, gcount2, reserved2)
                        if child is not None and (nxt[0] != v or nxt[1] != si + 1):
                            child = None  # past empty or forced steps: the bound is its own
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
            if nxt is not None:  # then ``option`` is the play that led to it
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

    def _watch(self, plays: Sequence[Play]) -> Iterable[Play]:
        """The plays `_expand` tries, as they are (a `TimedSweep` watches the clock as it goes)."""
        return plays
