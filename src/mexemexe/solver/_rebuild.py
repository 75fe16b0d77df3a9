"""Decoding: the melds and placed cards along the memo's choices.

The search keeps only losses and choices; the rebuild replays the choices
from the first state to the end, playing the forced steps the search passed
over (`SweepBase._advance`), forms each value's groups, and closes the runs.
In the lazy model it then adds the spare jokers the search assumed would
find room (`Rebuild._place_spares`); where they find none, the caller runs
the search again with jokers placed eagerly.
"""

from __future__ import annotations

from typing import NamedTuple

from .._cards import _BY_CODE, JOKER_CODE, Card
from .._melds import classify_meld
from ._groups import GIVES, form_groups
from ._memo import End, SweepBase
from ._runs import NO_ACES, desc, extend
from ._suit_plays import Play

__all__ = ["OpenRun", "Rebuild"]


class OpenRun(NamedTuple):
    """A run the rebuild holds open: its descriptor, and its cards so far (codes).

    Attributes:
        desc: The run's descriptor (`mexemexe.solver._runs.desc`).
        cards: Its codes, jokers included; the list grows as the run does.
    """

    desc: int
    cards: list[int]


def _by_desc(run: OpenRun) -> int:
    return run.desc


class Rebuild(SweepBase):
    """`SweepBase` with the decoding of its memo into melds."""

    def _rebuild(self) -> tuple[list[tuple[Card, ...]] | None, list[int]]:
        """The melds and placed hand codes along the memo's choices (``None`` if no room)."""
        melds: list[list[int]] = []
        open_runs: list[list[OpenRun]] = [[], [], [], []]  # per suit
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

        def play(v: int, si: int, option: Play) -> None:
            nonlocal group_copies
            _runs, _g, jokers, _loss, _kept, detail = option
            if si == 4 or detail is None:  # a value's groups (`_group_plays`)
                melds.extend(
                    form_groups(
                        group_copies,
                        jokers,
                        self.min_group,
                        self.max_group,
                        self.group_cap,
                        joker,
                    )
                )
                group_copies = []
                return
            actions, used_must, used_may, leads, to_group = detail
            code = suit_code = ((v - 1) % 13) * 4 + si
            placed.extend([suit_code] * used_may)
            copies = [code] * (used_must + used_may)
            current = open_runs[si]
            if len(current) > 1:
                current = sorted(current, key=_by_desc)
            survivors: list[OpenRun] = []
            for (run, cards), action in zip(current, actions, strict=True):
                if action == "close":
                    close(cards)
                    continue
                cards.append(copies.pop() if action == "nat" else joker())  # the run's own list
                survivors.append(OpenRun(extend(run, action == "nat", *self.run_args), cards))
            for pre in leads:
                run = desc(
                    min(1 + pre, self.min_run), pre if self.track else 0, 1, int(v - pre == 1)
                )
                cards = [joker() for _ in range(pre)] if pre else []
                cards.append(copies.pop())
                survivors.append(OpenRun(run, cards))
            group_copies.extend(copies[:to_group])
            del copies[:to_group]
            open_runs[si] = survivors

        forced: list[tuple[int, int, Play]] = []
        key = self._advance(1, 0, (0, 0, 0, 0), 0, 0, NO_ACES, forced)
        while True:
            for step in forced:
                play(*step)
            _value, choice = self.memo[key]
            if isinstance(choice, End):
                break
            assert choice is not None, "the rebuild follows proven choices only"
            nxt, option = choice
            v, si, runs, used, gcount, reserved = key
            forced = []
            play(v, si, option)
            if (nxt[0], nxt[1]) == ((v + 1, 0) if si == 4 else (v, si + 1)):
                key = nxt  # no empty or forced step on the way
                continue
            new_runs, g, jokers_here, _loss, kept, _detail = option
            if si == 4:
                key = self._advance(v + 1, 0, runs, used + jokers_here, 0, reserved, forced)
            else:
                key = self._advance(
                    v,
                    si + 1,
                    (*runs[:si], new_runs, *runs[si + 1 :]),
                    used + jokers_here,
                    gcount + GIVES[g],
                    (*reserved[:si], kept, *reserved[si + 1 :]),
                    forced,
                )
            assert key == nxt, "the rebuild follows the search's own steps"
        for suit_runs in open_runs:
            for _run, cards in suit_runs:
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
