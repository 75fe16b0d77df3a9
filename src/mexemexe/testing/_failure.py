"""The harness's failure: which invariant broke, where, and the state it broke on."""

from __future__ import annotations

__all__ = ["ConformanceError"]

#: The longest state text a message quotes (a state's JSON is a few kilobytes).
_STATE_HEAD = 20_000


class ConformanceError(AssertionError):
    """A game broke one of the cross-game invariants.

    An `AssertionError`, so pytest reports it as a failed test. Every field
    but ``invariant`` and ``detail`` may be unknown (``None`` or empty) when a
    piece is called on its own; `check_game` and `play_random_round` fill in
    the game, the seed and the move number.

    Attributes:
        invariant: The invariant that broke (``"deck conserved"`` …).
        detail: What was seen.
        game: The game's registry name.
        seed: The seed of the round that broke it.
        move: How many moves had been made in that round.
        state: The state it broke on, in notation (its JSON).
    """

    def __init__(
        self,
        invariant: str,
        detail: str,
        *,
        state: str = "",
        game: str | None = None,
        seed: int | None = None,
        move: int | None = None,
    ) -> None:
        self.invariant = invariant
        self.detail = detail
        self.state = state
        self.game = game
        self.seed = seed
        self.move = move
        super().__init__(self._message())

    def _message(self) -> str:
        where = [
            f"{label} {value!r}" if label == "game" else f"{label} {value}"
            for label, value in (("game", self.game), ("seed", self.seed), ("move", self.move))
            if value is not None
        ]
        head = f"[{', '.join(where)}] " if where else ""
        text = f"{head}{self.invariant}: {self.detail}"
        if self.state:
            state = self.state
            if len(state) > _STATE_HEAD:
                state = state[:_STATE_HEAD] + " …"
            text += f"\n  state: {state}"
        return text

    def located(
        self, *, game: str | None = None, seed: int | None = None, move: int | None = None
    ) -> ConformanceError:
        """This failure with the game, seed and move number filled in where still unknown."""
        return ConformanceError(
            self.invariant,
            self.detail,
            state=self.state,
            game=self.game if self.game is not None else game,
            seed=self.seed if self.seed is not None else seed,
            move=self.move if self.move is not None else move,
        )


def notation(state: object) -> str:
    """``state`` in notation (its JSON) for a failure message, whatever is wrong with it."""
    to_json = getattr(state, "to_json", None)
    if to_json is None:
        return repr(state)
    try:
        text = to_json()
    except Exception as err:  # a broken state is what is being reported: show what we can
        return f"{state!r} (its to_json raised {type(err).__name__}: {err})"
    return text if isinstance(text, str) else repr(text)
