"""SVG pictures of cards, melds, hands, tables and game states.

Self-contained SVG text (no external fonts or images), sized in pixels:
`card`, `cards` (a hand or a meld), `table` (melds side by side, wrapped into
rows, each meld on its own tray) and `state` (the table above the hands).
`Card`, `Table` and `GameState` use these for ``_repr_svg_``, so Jupyter
shows them as pictures: importing this module installs them as the drawers
those values look up (they cannot import this module, which imports them).
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from typing import Protocol

from .. import _pictures
from .._cards import Card
from .._table import Table, TableLike

__all__ = ["StateLike", "card", "cards", "state", "table"]

WIDTH, HEIGHT, GAP = 48, 68, 6
RED, BLACK, JOKER_COLOUR = "#c62828", "#1a1a1a", "#6a1b9a"
TRAY, TRAY_EDGE = "#2e7d32", "#1b5e20"
FONT = "font-family='DejaVu Sans, Arial, Helvetica, sans-serif'"


class StateLike(Protocol):
    """What `state` draws: any game state with hands, a turn and a result.

    A ``table`` (rummy) and a ``discard_pile`` are drawn when the state has them.
    """

    @property
    def hands(self) -> Sequence[Sequence[Card]]:
        """The players' hands."""

    @property
    def current_player(self) -> int:
        """Whose turn it is."""

    @property
    def result(self) -> object:
        """The result once the round is over, else ``None``."""


def escape(text: str) -> str:
    """``text`` with ``&``, ``<`` and ``>`` escaped for SVG text and titles."""
    # `xml.sax.saxutils.escape` does the same, but importing it loads
    # `urllib.request`, `http.client` and `ssl`, and ``import mexemexe`` imports
    # this module.
    return html.escape(text, quote=False)


def _text(x: float, y: float, size: int, colour: str, content: str, extra: str = "") -> str:
    return (
        f"<text x='{x:g}' y='{y:g}' {FONT} font-size='{size}' fill='{colour}'{extra}>"
        f"{content}</text>"
    )


def _card_body(c: Card, x: float, y: float) -> str:
    """One card face at (x, y): rank and suit in the corner, a big pip below."""
    bold, middle = " font-weight='bold'", " text-anchor='middle'"
    parts = [
        f"<g transform='translate({x:g},{y:g})'>",
        f"<rect width='{WIDTH}' height='{HEIGHT}' rx='5' fill='white' "
        "stroke='#555' stroke-width='1'/>",
    ]
    if c.rank is None:
        parts.append(_text(6, 17, 14, JOKER_COLOUR, "JK", bold))
        parts.append(_text(WIDTH - 10, HEIGHT - 10, 24, JOKER_COLOUR, "★", middle))
    else:
        assert c.suit is not None
        colour = RED if c.suit.is_red else BLACK
        parts.append(_text(5, 18, 15, colour, c.rank.symbol, bold))
        parts.append(_text(5, 33, 13, colour, c.suit.unicode))
        # The big pip sits right, where an overlapping neighbour covers it whole.
        parts.append(_text(WIDTH - 9, HEIGHT - 10, 22, colour, c.suit.unicode, middle))
    parts.append(f"<title>{escape(str(c))}</title></g>")
    return "".join(parts)


def _svg(width: float, height: float, body: str, title: str) -> str:
    return (
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{width:g}' height='{height:g}' "
        f"viewBox='0 0 {width:g} {height:g}' role='img' aria-label='{escape(title)}'>"
        f"<title>{escape(title)}</title>{body}</svg>"
    )


def card(c: Card) -> str:
    """One card as SVG."""
    return _svg(WIDTH + 2, HEIGHT + 2, _card_body(c, 1, 1), str(c))


def _row(cs: Sequence[Card], x: float, y: float, overlap: float) -> tuple[str, float]:
    step = WIDTH - overlap
    body = "".join(_card_body(c, x + i * step, y) for i, c in enumerate(cs))
    width = (len(cs) - 1) * step + WIDTH if cs else 0
    return body, width


def cards(cs: Iterable[Card], *, overlap: float = 16) -> str:
    """A row of cards (a hand or a meld) as SVG; cards overlap by ``overlap`` pixels."""
    items = list(cs)
    body, width = _row(items, 1, 1, overlap)
    return _svg(max(width, 1) + 2, HEIGHT + 2, body, " ".join(map(str, items)) or "no cards")


def _table_body(t: Table, width: float, y0: float) -> tuple[str, float, float]:
    """The melds of ``t`` on trays, wrapped into rows no wider than ``width``."""
    pad = 6
    x, y, row_height, used = 0.0, y0, HEIGHT + 2 * pad, 0.0
    parts: list[str] = []
    for index, meld in enumerate(t.melds):
        meld_width = (len(meld) - 1) * (WIDTH - 16) + WIDTH + 2 * pad
        if x and x + meld_width > width:
            x, y = 0.0, y + row_height + GAP
        body, _ = _row(meld, x + pad, y + pad, 16)
        parts.append(
            f"<rect x='{x:g}' y='{y:g}' width='{meld_width:g}' height='{row_height:g}' rx='8' "
            f"fill='{TRAY}' stroke='{TRAY_EDGE}' stroke-width='2'>"
            f"<title>meld {index}</title></rect>" + body
        )
        x += meld_width + GAP
        used = max(used, x - GAP)
    height = (y - y0 + row_height) if t.melds else 0.0
    return "".join(parts), used, height


def table(t: TableLike, *, width: float = 640) -> str:
    """A table as SVG: each meld on its own green tray, wrapping into rows of ``width`` pixels."""
    tbl = Table.coerce(t)
    body, used, height = _table_body(tbl, width, 1)
    if not tbl.melds:
        return _svg(
            200,
            30,
            f"<text x='4' y='20' {FONT} font-size='14' fill='#555'>(empty table)</text>",
            "empty table",
        )
    return _svg(used + 2, height + 2, body, str(tbl))


def state(s: StateLike, *, width: float = 640) -> str:
    """A rummy or Mau-Mau state as SVG: the table (or top discard) above every hand."""
    parts: list[str] = []
    y = 4.0
    label = f"<text x='0' y='{{y}}' {FONT} font-size='13' fill='#333'>{{text}}</text>"
    tbl = getattr(s, "table", None)
    if tbl is not None and tbl.melds:
        body, _used, height = _table_body(tbl, width, y)
        parts.append(body)
        y += height + 18
    pile = getattr(s, "discard_pile", ())
    if pile:
        parts.append(label.format(y=y + 12, text=f"discard pile ({len(pile)})"))
        parts.append(_card_body(pile[-1], 130, y))
        y += HEIGHT + 14
    for player, hand in enumerate(s.hands):
        marker = "▶ " if player == s.current_player and s.result is None else ""
        parts.append(label.format(y=y + 14, text=escape(f"{marker}player {player} ({len(hand)})")))
        body, _ = _row(hand, 130, y, 22)
        parts.append(body)
        y += HEIGHT + GAP
    return _svg(width, y + 2, "".join(parts), repr(s))


_pictures.install_svg("card", card)
_pictures.install_svg("table", table)
_pictures.install_svg("state", state)
