"""Round scoring by the profile's fields (B9, B10, R6, R8, G8, G9, G10)."""

from __future__ import annotations

from collections.abc import Sequence

from ._cards import Card
from ._kinds import quote
from ._outcomes import EndReason, RoundResult
from ._profiles import Profile

__all__ = ["result_problems", "round_result"]


def round_result(
    profile: Profile,
    hands: Sequence[Sequence[Card]],
    reason: EndReason,
    went_out: int | None = None,
    multiplier: int = 1,
    failed_plays: Sequence[int] = (),
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

    Each failed play then costs its player ``profile.failed_play_points``
    (B8, rule 21): added to the score under ``"penalty"`` (a penalty total),
    taken from it under the other scorings. Failed plays never change the
    winners. A round ended by G8's recycle cap scores nothing at all.

    Args:
        profile: The rules.
        hands: Each player's hand at the end.
        reason: Why the round ended (``"in_progress"`` for a provisional standing).
        went_out: The player who emptied the hand, with ``reason="out"``.
        multiplier: The G10 bonus factor for the winner.
        failed_plays: Each player's failed plays this round (B8), or ``()``.

    Returns:
        The `RoundResult`.
    """
    points = tuple(profile.hand_points(hand) for hand in hands)
    failed = tuple(failed_plays) if any(failed_plays) else ()
    return _scored(profile, points, reason, went_out, multiplier, failed)


def _scored(
    profile: Profile,
    points: tuple[int, ...],
    reason: EndReason,
    went_out: int | None,
    multiplier: int,
    failed: tuple[int, ...] = (),
) -> RoundResult:
    """`round_result` from each player's hand points and failed plays (all scoring needs)."""
    n = len(points)
    if reason == "recycles":
        return RoundResult(reason, (), points, (0,) * n, 1, failed)
    if reason == "out":
        if went_out is None:
            raise ValueError("reason 'out' needs the player who went out")
        winners: tuple[int, ...] = (went_out,)
    else:
        best = min(points)
        tied = tuple(i for i, p in enumerate(points) if p == best)
        winners = tied if (len(tied) == 1 or profile.share_tied_wins) else ()
    charge = profile.failed_play_points
    if profile.scoring == "penalty":
        if failed and charge:
            charged = tuple(p + k * charge for p, k in zip(points, failed, strict=True))
            return RoundResult(reason, winners, points, charged, multiplier, failed)
        return RoundResult(reason, winners, points, points, multiplier, failed)
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
    if failed and charge:
        scores = [score - k * charge for score, k in zip(scores, failed, strict=True)]
    return RoundResult(reason, winners, points, tuple(scores), multiplier, failed)


def _reasons(profile: Profile) -> tuple[str, ...]:
    """How a round of ``profile`` can end (B9, R6, G6, G8)."""
    if profile.turn_structure == "discard":
        return ("out", "recycles")  # the discard turn ends an empty stock by G8's cap
    if profile.stock_exhaustion == "pass":
        return ("out", "blocked")
    return ("out", "stock")


def result_problems(profile: Profile, result: RoundResult) -> list[str]:
    """Why ``result`` cannot be how a round of ``profile`` ended; empty if it can.

    Checks what the result says against itself and the profile: the reason is
    one this game's rounds end with; each hand is worth no more than the
    whole deck; a round won by going out has one winner with an empty hand
    (B9, R8, G6); only going out earns a bonus (G10); and the winners and
    scores are exactly those the profile's scoring gives for those hand
    points (B10, R8, G9), recomputed by `round_result`'s rules.

    Args:
        profile: The rules the round was played by.
        result: The result to check.

    Returns:
        One sentence per problem, quoting the bad values.
    """
    problems = result._shape_problems()
    if problems:
        return problems
    reasons = _reasons(profile)
    if result.reason not in reasons:
        return [
            f"result reason {result.reason!r}: a {profile.name!r} round ends with "
            + " or ".join(map(repr, reasons))
        ]
    deck_points = profile.hand_points(profile.deck())
    if any(p > deck_points for p in result.hand_points):
        problems.append(
            f"result hand_points {quote(result.hand_points)}: a hand holds at most "
            f"{deck_points} points"
        )
    went_out = None
    if result.reason == "out":
        if len(result.winners) != 1:
            return [f"result winners {quote(result.winners)}: going out has one winner (B9, G6)"]
        went_out = result.winners[0]
        if result.hand_points[went_out] != 0:
            problems.append(f"result winner {went_out} went out with cards in hand")
        bonuses = {1, profile.mexe_mexe_multiplier}
        if result.multiplier not in bonuses:
            problems.append(
                f"result multiplier {result.multiplier}: {profile.name!r} allows "
                + " or ".join(map(str, sorted(bonuses)))
                + " (G10)"
            )
    elif result.multiplier != 1:
        problems.append(f"result multiplier {result.multiplier}: only going out earns a bonus")
    if problems:
        return problems
    expected = _scored(
        profile,
        result.hand_points,
        result.reason,
        went_out,
        result.multiplier,
        result.failed_plays,
    )
    if expected.winners != result.winners:
        problems.append(
            f"result winners {quote(result.winners)}, but the hands make "
            f"{quote(expected.winners)} the winners ({profile.section('score')})"
        )
    elif expected.scores != result.scores:
        problems.append(
            f"result scores {quote(result.scores)}, but {profile.name!r} scores these hands "
            f"{quote(expected.scores)} ({profile.section('score')})"
        )
    return problems
