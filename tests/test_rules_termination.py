"""Deal checks and termination of the rummy rounds (issue #29, items 8 and 9: B11, R4, G8)."""

from __future__ import annotations

import pytest

import mexemexe as m
from mexemexe import Discard, Draw, InvalidStateError

GA = m.get_profile("galician")


@pytest.mark.parametrize("profile", ["brazilian", "rummikub", "rummikub-classic"])
def test_b11_a_stacked_deal_without_a_discard_pile_refuses_one(profile: str) -> None:
    """B11: a stacked shared-table deal given a discard_pile is refused, naming the field."""
    with pytest.raises(InvalidStateError, match=r"discard_pile=.*has no discard pile.*B11"):
        m.deal(profile, hands=["7H 8H", "9S 9D"], discard_pile="7C", seed=1)


class _NeverMelds:
    """Draws from the stock (the pile only when the stock cannot be drawn) and discards at once."""

    def choose(self, view: m.PlayerView) -> m.Move:
        if view.phase == "draw":
            listed = view.legal_moves()
            return Draw() if Draw() in listed else listed[0]
        taken = view.taken
        return Discard(next(card for card in view.hand if card != taken))


def _tiny_stock_state() -> m.GameState:
    """Player 0 holds three loose cards, the stock three, the pile two; player 1 the rest."""
    hand, pile, stock = "QD 4S 8C", m.parse_cards("2C 9H"), m.parse_cards("5D JS 3H")
    rest = list(GA.deck())
    for card in (*m.parse_cards(hand), *pile, *stock):
        rest.remove(card)
    state = m.deal(GA, hands=[hand, m.format_cards(rest)], discard_pile=pile, seed=1)
    assert sorted(state.stock) == sorted(stock)
    return state


def test_g8_a_round_played_past_the_recycle_cap_ends() -> None:
    """G8 [decision]: players who never meld turn the pile over max_recycles times, then it ends."""
    final, record = m.play_round(_tiny_stock_state(), [_NeverMelds(), _NeverMelds()], max_turns=200)
    assert final.recycles == GA.max_recycles
    assert final.result is not None
    assert final.result.reason == "recycles"
    assert (final.result.winners, final.result.scores) == ((), (0, 0))
    assert record.replay() == final
