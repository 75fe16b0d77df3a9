"""A view as one SVG picture, drawn with the library's renderer (`mexemexe.render.svg`).

The picture stacks what the view holds: a caption (whose view, whose
turn, the hand sizes), the table's melds (rummy), the top of the discard
pile, and the seat's own hand. A spectator's view has no hand, so its
picture shows none.
"""

from __future__ import annotations

import re

from mexemexe import View, ViewRules
from mexemexe.render import svg

__all__ = ["view_svg"]

_SIZE = re.compile(r"width='([0-9.]+)' height='([0-9.]+)'")
_CAPTION = "<text x='4' y='{y}' font-family='sans-serif' font-size='14' fill='#333'>{text}</text>"


def _size(picture: str) -> tuple[float, float]:
    """The width and height the renderer wrote on a picture's root element."""
    found = _SIZE.search(picture)
    assert found is not None, "the renderer writes width and height"
    return float(found[1]), float(found[2])


def view_svg(view: View[ViewRules], title: str) -> str:
    """``view`` as one SVG document, the library's pictures nested in it, titled ``title``."""
    parts: list[str] = []
    width, y = 640.0, 0.0

    def caption(text: str) -> None:
        nonlocal y
        y += 20
        parts.append(_CAPTION.format(y=y, text=svg.escape(text)))
        y += 6

    def picture(drawn: str) -> None:
        nonlocal y, width
        w, h = _size(drawn)
        parts.append(drawn.replace("<svg ", f"<svg x='0' y='{y:g}' ", 1))
        y += h
        width = max(width, w)

    who = "spectator" if view.is_spectator else f"seat {view.player}"
    turn = "round over" if view.is_over else f"seat {view.current_player} to play"
    sizes = ", ".join(f"seat {i}: {n}" for i, n in enumerate(view.hand_sizes))
    caption(f"{title}: {who}; {turn}; cards in hand: {sizes}")
    table = getattr(view, "table", None)
    if table is not None:
        caption("table")
        picture(svg.table(table))
    pile = getattr(view, "discard_pile", ())
    if pile:
        caption(f"discard pile ({len(pile)})")
        picture(svg.card(pile[-1]))
    if not view.is_spectator:
        caption("your hand")
        picture(svg.cards(view.hand))
    return (
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{width:g}' height='{y + 4:g}'>"
        f"<title>{svg.escape(title)}</title>{''.join(parts)}</svg>"
    )
