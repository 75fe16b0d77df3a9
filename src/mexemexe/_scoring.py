"""Round scoring by the profile's fields (B9, B10, R6, R8, G8, G9, G10)."""

from __future__ import annotations

from collections.abc import Sequence

from ._cards import Card
from ._outcomes import EndReason, RoundResult
from ._profiles import Profile

__all__ = ["round_result"]


def round_result(
    profile: Profile,
    hands: Sequence[Sequence[Card]],
    reason: EndReason,
    went_out: int | None = None,
    multiplier: int = 1,
) -> RoundResult:
    """Score a round that ended for ``reason``.

    Winners: the player who went out (``reason="out"``); otherwise the lowest
    hand (B9, R6), several on a tie if ``profile.share_tied_wins`` (B9
    **[decision]**) and nobody if not; nobody when the G8 recycle cap ended
    the round.

    Scores, by ``profile.scoring``:

    * ``"penalty"`` (B10): each player scores the points left in hand.
    * ``"zero_sum"`` (R8): each loser scores minus their hand points; the
      winners share the losers' total (any remainder goes to the winners in
      seat order), times ``multiplier``.
    * ``"winner_takes"`` (G9): the winners share the losers' total, times
      ``multiplier`` (G10); everyone else scores 0.

    Args:
        profile: The rules.
        hands: Each player's hand at the end.
        reason: Why the round ended (``"in_progress"`` for a provisional standing).
        went_out: The player who emptied the hand, with ``reason="out"``.
        multiplier: The G10 bonus factor for the winner.

    Returns:
        The `RoundResult`.
    """
    points = tuple(profile.hand_points(hand) for hand in hands)
    n = len(points)
    if reason == "recycles":
        return RoundResult(reason, (), points, (0,) * n)
    if reason == "out":
        if went_out is None:
            raise ValueError("reason 'out' needs the player who went out")
        winners: tuple[int, ...] = (went_out,)
    else:
        best = min(points)
        tied = tuple(i for i, p in enumerate(points) if p == best)
        winners = tied if (len(tied) == 1 or profile.share_tied_wins) else ()
    if profile.scoring == "penalty":
        return RoundResult(reason, winners, points, points, multiplier)
    losers_total = sum(p for i, p in enumerate(points) if i not in winners)
    scores = [0] * n
    if winners:
        share, extra = divmod(losers_total * multiplier, len(winners))
        for k, w in enumerate(winners):
            scores[w] = share + (1 if k < extra else 0)
    if profile.scoring == "zero_sum":
        for i in range(n):
            if i not in winners:
                scores[i] = -points[i]
    return RoundResult(reason, winners, points, tuple(scores), multiplier)
