"""The bots' lay-off index: carried over from table to table exactly (G4)."""

from __future__ import annotations

import gc

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import mexemexe as m
from mexemexe import strategies as mst
from mexemexe._melds import table_extensions
from mexemexe.bots import _extension_index

PROFILES = st.sampled_from(
    [m.get_profile(name) for name in ("galician", "galician-jokers", "brazilian", "rummikub")]
)


def fresh_index(table: m.Table, profile: m.Profile) -> list[int]:
    """The index worked out from scratch, on a copy of ``table`` without memo."""
    return _extension_index(m.Table(table.melds), profile)


@given(st.data())
def test_a_changed_meld_updates_the_index_as_a_fresh_table_would(data: st.DataObject) -> None:
    """Replacing or appending a meld gives the extensions and index of a table built anew."""
    profile = data.draw(PROFILES)
    table = data.draw(mst.tables(profile, min_melds=1, max_melds=6))
    _extension_index(table, profile)  # memoized on the old table
    index = data.draw(st.integers(0, len(table)))
    meld = data.draw(mst.melds(profile))
    new = table._with_meld(index, meld)
    expected = (*table.melds[:index], meld, *table.melds[index + 1 :])
    assert new.melds == expected
    assert table_extensions(new, profile) == tuple(m.meld_extensions(x, profile) for x in expected)
    assert _extension_index(new, profile) == fresh_index(new, profile)


@given(st.data())
def test_chains_of_lay_offs_keep_the_index_exact(data: st.DataObject) -> None:
    """Table after table, each a meld grown by one card, the index stays that of a fresh table."""
    profile = data.draw(PROFILES)
    table = data.draw(mst.tables(profile, min_melds=1, max_melds=6))
    for _ in range(data.draw(st.integers(1, 6))):
        index = _extension_index(table, profile)
        open_cards = [code for code in range(53) if index[code] >= 0]
        if not open_cards:
            break
        code = data.draw(st.sampled_from(open_cards))
        i = index[code]
        grown = m.classify_meld((*table.melds[i], m.Card.from_code(code)), profile)
        assert grown, "the index points at a meld the card extends"
        table = table._with_meld(i, grown.canonical)
        assert _extension_index(table, profile) == fresh_index(table, profile)


def test_an_unindexed_base_table_is_worked_out_from_scratch() -> None:
    """A table whose base was never indexed gets its index from scratch, the same as fresh."""
    profile = m.get_profile("galician")
    table = m.Table.parse("5H 6H 7H | 9S 9D 9C")
    new = table._with_meld(1, m.parse_cards("9S 9H 9D 9C"))
    assert _extension_index(new, profile) == fresh_index(new, profile)
    assert _extension_index(new, profile)[m.Card.parse("8H").code] == 0


def test_a_collected_profiles_reused_id_never_serves_its_memo_to_a_new_profile() -> None:
    """G4, G7: a bot's lay-off stays legal when profiles come and go on one table (no id() keys)."""
    base = m.get_profile("galician")
    table = m.Table.parse("JH QH KH")  # AH extends it only where the ace may be high (G7)
    for i in range(16):
        # A fresh profile each time, alternately ace-low and ace-high; once one
        # is collected the next one's rules often land at the same address.
        profile = attrs.evolve(base, name=f"g{i}", ace="low_or_high" if i % 2 else "low")
        state = m.deal(profile, hands=["AH 4C 8D", "2S 6S 10D"], table=table, seed=i)
        state = state.draw()
        move = m.SimpleBot().choose(state.view(0))
        state.apply(move)  # an IllegalMoveError here is a stale lay-off index
        assert (move == m.LayOff("AH", 0)) == (profile.ace == "low_or_high")
        del profile, state, move
        gc.collect()


@pytest.mark.parametrize("profile", ["galician", "galician-jokers"])
def test_simple_bot_leaves_a_discard_it_could_not_end_its_turn_with(profile: str) -> None:
    """G5: holding only the other copy, the bot draws from the stock instead of taking the pile."""
    state = m.deal(profile, hands=["KC", "2H 5S 9D"], table="KH KD KS", discard_pile="KC", seed=1)
    move = m.SimpleBot().choose(state.view(0))
    assert move == m.Draw() and move in state.legal_moves()


@pytest.mark.parametrize("profile", ["galician", "galician-jokers"])
def test_simple_bot_never_lays_off_the_last_card_but_the_one_taken(profile: str) -> None:
    """G5: the bot keeps a card it may discard rather than lay off all but the card taken."""
    state = attrs.evolve(
        m.deal(
            profile, hands=["6D JH", "2S 9D 9D"], table=["8H 9H 10H"], discard_pile="KS", seed=0
        ),
        phase="meld",
        taken="6D",
    )
    move = m.SimpleBot().choose(state.view(0))
    assert move in state.legal_moves()
    state.apply(move)


@pytest.mark.parametrize("profile", ["galician", "galician-jokers"])
def test_simple_bot_never_melds_all_but_the_card_taken(profile: str) -> None:
    """G5: the bot does not lay down a meld that leaves only the card taken from the pile."""
    state = attrs.evolve(
        m.deal(profile, hands=["8H 10H JH QH", "2S 9D 9D"], discard_pile="KS", seed=0),
        phase="meld",
        taken="8H",
    )
    move = m.SimpleBot().choose(state.view(0))
    assert move in state.legal_moves()
    state.apply(move)


def test_a_jokerless_refusal_cites_only_g5() -> None:
    """G5: in a game without jokers, the refusal of a move that locks the turn cites no G12."""
    state = attrs.evolve(
        m.deal(
            "galician", hands=["6D JH", "2S 9D 9D"], table=["8H 9H 10H"], discard_pile="KS", seed=0
        ),
        phase="meld",
        taken="6D",
    )
    with pytest.raises(m.IllegalMoveError, match="G5") as err:
        state.lay_off("JH", 0)
    assert "G12" not in str(err.value)
