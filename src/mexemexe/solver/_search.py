"""The exact search behind `arrange` and `best_play` (shared-table rules, RULES.md §0, B, R).

Cards are counted by code: ``must`` holds cards that have to be placed (the
table), ``may`` cards that may be placed (the hand), each with jokers at
index 52. The search always takes the smallest natural card left: every meld
containing it has all its other naturals among the cards left, so the
search enumerates exactly those melds — runs through it (jokers before it,
after it, or instead of any later natural, as the profile allows; the ace
also at the top of an ace-high run) and groups of its rank — and, for a
card that may stay in the hand, leaving it there. Results are memoized by
the counts left, so the answer is a proven optimum.

Two copies of a card are interchangeable, so a meld always takes a table
copy before a hand copy, and a table joker before a hand joker: any other
choice gives the same cards on the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from .._cards import _BY_CODE, JOKER_CODE, Card

if TYPE_CHECKING:
    from .._profiles import Profile

__all__ = ["Search"]

NEG = float("-inf")

#: Cards counted by code, jokers at 52.
_Counts = tuple[int, ...]


class _Skip(NamedTuple):
    """The choice to leave hand card ``code`` in the hand."""

    code: int


class _Meld(NamedTuple):
    """The choice of a meld (codes), and the counts left after it."""

    codes: tuple[int, ...]
    must: _Counts
    may: _Counts


#: A state's best choice: ``None`` when no card is left to choose for.
_Choice = _Skip | _Meld | None


class Search:
    """One exact search over fixed counts; `solve` returns the best weight and the melds."""

    def __init__(
        self,
        must: Sequence[int],
        may: Sequence[int],
        weights: Sequence[float],
        profile: Profile,
    ) -> None:
        self.profile = profile
        rules = profile._meld_rules
        self.ace_high = rules.ace_high
        self.run_jokers = rules.max_jokers if rules.jokers_in_runs else 0
        self.group_jokers = rules.max_jokers if rules.jokers_in_groups else 0
        self.min_run = rules.min_run
        self.min_group, self.max_group = rules.min_group, rules.max_group
        self.weights = weights
        self.start_must = tuple(must)
        self.start_may = tuple(may)
        self.memo: dict[tuple[_Counts, _Counts], tuple[float, _Choice]] = {}

    # -- public ---------------------------------------------------------------------

    def solve(self) -> tuple[float, list[tuple[Card, ...]], list[int]]:
        """The best total weight of placed ``may`` cards, the melds, and the ``may`` codes placed.

        The weight is ``-inf`` when the ``must`` cards cannot all be placed.
        """
        best, _ = self._best(self.start_must, self.start_may)
        if best == NEG:
            return best, [], []
        melds: list[tuple[Card, ...]] = []
        placed: list[int] = []
        must, may = self.start_must, self.start_may
        while True:
            _, choice = self.memo[(must, may)]
            if choice is None:
                break
            if isinstance(choice, _Skip):
                may = _minus(may, choice.code, 1)
                continue
            meld_codes, next_must, next_may = choice
            melds.append(tuple(_BY_CODE[c] for c in meld_codes))
            for code in range(53):
                used = may[code] - next_may[code]
                placed.extend([code] * used)
            must, may = next_must, next_may
        return best, melds, placed

    # -- search -------------------------------------------------------------------------

    def _best(self, must: _Counts, may: _Counts) -> tuple[float, _Choice]:
        key = (must, may)
        found = self.memo.get(key)
        if found is not None:
            return found
        low = _lowest(must, may)
        if low < 0:
            # No natural left: table jokers cannot form a meld alone.
            result: tuple[float, _Choice] = (0.0, None) if not must[JOKER_CODE] else (NEG, None)
            self.memo[key] = result
            return result
        best: float = NEG
        choice: _Choice = None
        if not must[low]:
            # A hand card may stay in the hand.
            value, _ = self._best(must, _minus(may, low, 1))
            if value > best:
                best, choice = value, _Skip(low)
        for meld, next_must, next_may, weight in self._melds_with(low, must, may):
            value, _ = self._best(next_must, next_may)
            if value == NEG:
                continue
            gained = value + weight
            if gained > best:
                best, choice = gained, _Meld(meld, next_must, next_may)
        self.memo[key] = (best, choice)
        return best, choice

    def _melds_with(
        self, low: int, must: tuple[int, ...], may: tuple[int, ...]
    ) -> list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], float]]:
        """Every meld holding card ``low`` (the smallest natural left), with the counts after it."""
        out: list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], float]] = []
        jokers = must[JOKER_CODE] + may[JOKER_CODE]
        have = [must[c] + may[c] for c in range(52)]
        have[low] -= 1
        rank, suit = low >> 2, low & 3
        value = rank + 1
        # Runs of `suit` through `value`: positions below it are jokers (no smaller
        # natural of the suit is left); positions above are naturals or jokers.
        run_j = min(self.run_jokers, jokers)
        top = 14 if self.ace_high else 13  # a joker may stand for the high ace
        for below in range(run_j + 1):
            lo = value - below
            if lo < 1:
                break
            prefix = [JOKER_CODE] * below + [low]
            self._extend(prefix, value + 1, top, below, run_j, suit, have, must, may, out)
        if self.ace_high and value == 1:
            # The ace at the top of a run ending at 14, built downwards.
            self._downwards([low], 13, 0, run_j, suit, have, must, may, out)
        # Groups of `rank`: other suits (later ones; earlier copies are placed) and jokers.
        group_j = min(self.group_jokers, jokers)
        others = [s for s in range(suit + 1, 4) if have[rank * 4 + s]]
        for size in range(0, len(others) + 1):
            for chosen in _subsets(others, size):
                for j in range(group_j + 1):
                    total = 1 + size + j
                    if self.min_group <= total <= self.max_group:
                        codes = (low, *(rank * 4 + s for s in chosen), *([JOKER_CODE] * j))
                        out.append(self._take(codes, must, may))
        return out

    def _downwards(
        self,
        meld: list[int],
        position: int,
        jokers_used: int,
        run_j: int,
        suit: int,
        have: list[int],
        must: tuple[int, ...],
        may: tuple[int, ...],
        out: list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], float]],
    ) -> None:
        """Runs ending with the high ace, grown below it: each position natural or joker."""
        if len(meld) >= self.min_run:
            out.append(self._take(tuple(reversed(meld)), must, may))
        if position < 2 or len(meld) >= 13:
            return
        code = (position - 1) * 4 + suit
        if have[code]:
            have[code] -= 1
            meld.append(code)
            self._downwards(meld, position - 1, jokers_used, run_j, suit, have, must, may, out)
            meld.pop()
            have[code] += 1
        if jokers_used < run_j:
            meld.append(JOKER_CODE)
            self._downwards(meld, position - 1, jokers_used + 1, run_j, suit, have, must, may, out)
            meld.pop()

    def _extend(
        self,
        meld: list[int],
        position: int,
        top: int,
        jokers_used: int,
        run_j: int,
        suit: int,
        have: list[int],
        must: tuple[int, ...],
        may: tuple[int, ...],
        out: list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], float]],
    ) -> None:
        if len(meld) >= self.min_run:
            out.append(self._take(tuple(meld), must, may))
        if position > top or len(meld) >= 13:
            return
        code = ((position - 1) % 13) * 4 + suit
        if position <= 13 and have[code]:
            have[code] -= 1
            meld.append(code)
            self._extend(meld, position + 1, top, jokers_used, run_j, suit, have, must, may, out)
            meld.pop()
            have[code] += 1
        if jokers_used < run_j:
            meld.append(JOKER_CODE)
            self._extend(
                meld, position + 1, top, jokers_used + 1, run_j, suit, have, must, may, out
            )
            meld.pop()

    def _take(
        self, codes: tuple[int, ...], must: tuple[int, ...], may: tuple[int, ...]
    ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], float]:
        """Remove ``codes`` from the counts, table copies first; also the weight gained."""
        m, h = list(must), list(may)
        gained = 0.0
        for code in codes:
            if m[code]:
                m[code] -= 1
            else:
                h[code] -= 1
                gained += self.weights[code]
        return codes, tuple(m), tuple(h), gained


def _lowest(must: tuple[int, ...], may: tuple[int, ...]) -> int:
    for code in range(52):
        if must[code] or may[code]:
            return code
    return -1


def _minus(counts: tuple[int, ...], code: int, k: int) -> tuple[int, ...]:
    return (*counts[:code], counts[code] - k, *counts[code + 1 :])


def _subsets(items: list[int], size: int) -> list[tuple[int, ...]]:
    from itertools import combinations

    return list(combinations(items, size))
