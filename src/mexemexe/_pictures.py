"""Where the values' pictures come from: drawers that the render layer installs.

`Card`, `Table` and the game states show as pictures in Jupyter through
``_repr_svg_``, but the code that draws them (`mexemexe.render.svg`) belongs
to the top layer and imports them. So they do not import it: when
`mexemexe.render.svg` is imported (the package's ``__init__`` does so) it
installs its drawers here by kind, and ``_repr_svg_`` asks for one. The
other display hook, ``_repr_pretty_``, writes to a `TextPrinter`.
This module imports nothing of the library, so any layer may use it.

Examples:
    >>> import mexemexe as m
    >>> svg("card", m.Card.parse("7H")).startswith("<svg")
    True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

__all__ = ["TextPrinter", "install_svg", "svg"]


class TextPrinter(Protocol):
    """What ``_repr_pretty_`` writes to: IPython's and hypothesis' pretty-printers."""

    def text(self, obj: str) -> None:
        """Write ``obj``."""


#: The installed drawers, by kind (``"card"``, ``"table"``, ``"state"``).
_SVG_DRAWERS: dict[str, Callable[..., str]] = {}


def install_svg(kind: str, draw: Callable[..., str]) -> None:
    """Make ``draw`` the SVG drawer of ``kind``, replacing any drawer it had."""
    _SVG_DRAWERS[kind] = draw


def svg(kind: str, value: object) -> str:
    """Draw ``value``, a thing of ``kind``, with the SVG drawer installed for that kind.

    Raises:
        LookupError: If no drawer of ``kind`` is installed (`mexemexe.render.svg`
            was not imported, which ``import mexemexe`` always does).
    """
    draw = _SVG_DRAWERS.get(kind)
    if draw is None:
        raise LookupError(f"no SVG drawer for {kind!r}: import mexemexe.render.svg")
    return draw(value)
