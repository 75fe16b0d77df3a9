"""SVG and terminal pictures: well-formed, complete, coloured."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import mexemexe as m
from mexemexe import maumau
from mexemexe.render import svg, terminal

NS = "{http://www.w3.org/2000/svg}"


def texts(picture: str) -> list[str]:
    root = ET.fromstring(picture)
    return [t.text or "" for t in root.iter(f"{NS}text")]


def test_card_svg_shows_rank_and_suit_in_red() -> None:
    """A heart is drawn with its rank, suit and in red."""
    picture = m.Card.parse("10H")._repr_svg_()
    assert "10" in texts(picture)
    assert "♥" in texts(picture)
    assert svg.RED in picture


def test_table_svg_has_one_tray_per_meld_and_every_card() -> None:
    """Every card and a tray per meld are drawn."""
    table = m.parse_table("7H 8H 9H | 7S 7D 7C | AS JK 3S")
    root = ET.fromstring(table._repr_svg_())
    titles = [t.text for t in root.iter(f"{NS}title")]
    assert [t for t in titles if t and t.startswith("meld")] == ["meld 0", "meld 1", "meld 2"]
    assert sum(1 for t in titles if t in {str(c) for c in table.cards()}) == 9


def test_empty_table_svg() -> None:
    """An empty table says so."""
    assert "(empty table)" in texts(svg.table(m.Table()))


def test_state_svgs_are_well_formed() -> None:
    """Rummy and Mau-Mau states draw as well-formed SVG with every hand."""
    for state in (m.deal("galician", players=3, seed=1), maumau.deal(maumau.MAUMAU, 4, seed=1)):
        picture = state._repr_svg_()
        assert ET.fromstring(picture).tag == f"{NS}svg"
        assert sum(1 for t in texts(picture) if "player" in t) == state.players


def test_terminal_colours_red_suits_only_when_asked() -> None:
    """Hearts and diamonds are red in colour mode; plain mode has no escapes."""
    cards = m.parse_cards("7H 7S JK")
    coloured = terminal.cards(cards)
    assert "\x1b[31m7♥" in coloured
    assert "\x1b" not in terminal.cards(cards, colour=False)
    assert terminal.table(m.parse_table("7H 8H 9H"), colour=False) == "7♥ 8♥ 9♥"
