"""The symmetries of the rules that the search races, and which way to sweep first.

A run reads the same backwards, so the position with its values reversed
has the same least loss; yet a search meets its dead ends at other times
each way, often late one way and early the other. A hard position is
searched both ways in turn (`mexemexe.solver._sweep.Sweep._race`), and the
first to finish answers, its melds relabelled back (`read_back`). The
rules treat the suits alike too, but the searches with the suits reversed
meet their dead ends at the same values as the position's own, so they are
not raced.

**The constrained end first.** A copy with no run to join in its suit (no
two neighbours within a run's reach) can only sit in a group, and whether
its group forms is only settled when the sweep reaches its value; until
then, every choice below it is tried in vain. So the search sweeps first in
the direction that meets those copies early (`high_constraints`), each copy
weighted by how few suits hold its value. That is for a search that looks
for a play; one that must prove no play beats a known one starts from the
other end (`mexemexe.solver._sweep.Sweep._race` says why).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from .._cards import _BY_CODE, JOKER_CODE, Card
from .._melds import classify_meld

if TYPE_CHECKING:
    from .._profiles import Profile

__all__ = ["MIRRORED_FIRST", "VARIANTS", "high_constraints", "read_back", "relabel"]

#: The symmetries a hard position is searched under: (values reversed, suits
#: reversed); the first is the position as given. The suits reversed are not
#: raced: their searches meet their dead ends at the same values as the
#: position's own, and on the hard self-play positions they never finished
#: first by enough to pay for the states they took.
VARIANTS = ((False, False), (True, False))

#: The same, for a position searched mirrored first (`high_constraints`).
MIRRORED_FIRST = ((True, False), (False, False))


@lru_cache(maxsize=8)
def relabel(ace_high: bool, mirror: bool, flip: bool) -> tuple[int, ...]:
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


def read_back(
    melds: list[tuple[Card, ...]],
    placed: list[int],
    profile: Profile,
    mirror: bool,
    flip: bool,
) -> tuple[list[tuple[Card, ...]], list[int]]:
    """A variant's melds and placed codes, relabelled back (runs in ascending order)."""
    back = relabel(profile._meld_rules.ace_high, mirror, flip)
    out = []
    for meld in reversed(melds) if mirror else melds:
        cards = tuple([_BY_CODE[back[card.code]] for card in meld])
        out.append(classify_meld(cards, profile).canonical)
    return out, [back[code] for code in placed]


def high_constraints(present: Sequence[Sequence[int]], min_run: int, ace_high: bool) -> bool:
    """Whether the copies only a group can take lie mostly in the high values.

    Such a copy has, in its suit, no neighbours that would make a run of
    the minimum length with it (jokers aside). Each counts by its distance from
    the middle value, divided by the number of suits holding its value
    (the fewer, the harder its group is to form). Aces in ace-high
    profiles, which sit at both ends, do not count. ``present[v][suit]``
    counts the copies of each card (values 1..13).
    """
    top = 14 if ace_high else 13
    window = (1 << min_run) - 1
    balance = 0
    for suit in range(4):
        # Bit w set where the suit holds value w (the ace also at 14, ace high).
        held = 0
        for w in range(1, 14):
            if present[w][suit]:
                held |= 1 << w
        if ace_high and held & 2:
            held |= 1 << 14
        # The values in some run the suit holds whole.
        runs = 0
        for lo in range(1, top - min_run + 2):
            if held >> lo & window == window:
                runs |= window << lo
        alone = held & ~runs & ~(3 if ace_high else 1) & (1 << 14) - 1
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
