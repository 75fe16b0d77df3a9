"""Pictures of cards, melds, tables and states: SVG for notebooks and docs, colour for terminals.

Examples:
    >>> import mexemexe as m
    >>> from mexemexe.render import svg
    >>> svg.table(m.parse_table("7H 8H 9H | 7S 7D 7C")).startswith("<svg")
    True
"""

from . import svg, terminal

__all__ = ["svg", "terminal"]
