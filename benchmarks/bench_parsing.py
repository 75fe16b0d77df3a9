"""Benchmark the notation parsers on hostile and valid text (issue: hardening).

Run: python benchmarks/bench_parsing.py [--sizes 1000 10000 100000 1000000]

For each input shape and size, prints the best of a few calls and the time
per character. Parsing is linear when the ns/char column stays flat as the
size grows ten-fold; a cost that grows with the text shows as a column that
grows with it. Every call either returns or raises the library's own error.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import mexemexe as m


def _fit(unit: str, n: int) -> str:
    """``unit`` repeated to exactly ``n`` characters (a cut unit may leave a bad token)."""
    return (unit * (n // len(unit) + 1))[:n]


def _whole(unit: str, n: int) -> str:
    """``unit`` repeated to about ``n`` characters, never cut."""
    return unit * max(1, n // len(unit))


def _random_unicode(n: int) -> str:
    rng = random.Random(n)
    return "".join(chr(rng.randrange(0x20, 0x3_0000)) for _ in range(n))


#: Shape name -> (parser, text of about n characters).
SHAPES: dict[str, tuple[Callable[[str], object], Callable[[int], str]]] = {
    "valid cards (parse_cards)": (m.parse_cards, lambda n: _whole("7H 8H 9H ", n)),
    "valid table (parse_table)": (m.parse_table, lambda n: _whole("7H 8H 9H | 7S 7D 7C\n", n)),
    "'7' * n (parse_cards)": (m.parse_cards, lambda n: "7" * n),
    "one long token (parse_table)": (m.parse_table, lambda n: _fit("7HQX", n)),
    "many separators (parse_table)": (m.parse_table, lambda n: _fit(", ", n)),
    "many bars (parse_table)": (m.parse_table, lambda n: _whole("7H|", n)),
    "empty melds (parse_table)": (m.parse_table, lambda n: "|" * n),
    "many line breaks (parse_table)": (m.parse_table, lambda n: _fit("\r\n", n)),
    "random unicode (parse_table)": (m.parse_table, _random_unicode),
    "tab at the end (parse_table)": (m.parse_table, lambda n: _fit("7H ", n - 1) + "\t"),
    "long play (parse_move)": (m.parse_move, lambda n: "play " + _whole("7H 8H 9H | ", n - 5)),
    "long meld (parse_move)": (m.parse_move, lambda n: "meld " + _whole("7H ", n - 5)),
    "huge meld number (parse_move)": (m.parse_move, lambda n: "layoff 7H " + "9" * (n - 10)),
    "one long card (Card.parse)": (m.Card.parse, lambda n: "7" * n),
}


def best_of(parse: Callable[[str], object], text: str, repeat: int) -> tuple[float, str]:
    """The fastest of ``repeat`` calls, in seconds, and what the call gave."""
    best = float("inf")
    outcome = ""
    for _ in range(repeat):
        start = time.perf_counter()
        try:
            parse(text)
            outcome = "parsed"
        except m.MexeMexeError as err:
            outcome = type(err).__name__
        best = min(best, time.perf_counter() - start)
    return best, outcome


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--sizes", type=int, nargs="+", default=[10**3, 10**4, 10**5, 10**6], help="characters"
    )
    parser.add_argument("--repeat", type=int, default=3, help="calls per size (best is kept)")
    args = parser.parse_args()
    print(f"{'shape':32} {'chars':>9} {'time':>10} {'ns/char':>8}  outcome")
    for name, (parse, make) in SHAPES.items():
        for size in args.sizes:
            text = make(size)
            seconds, outcome = best_of(parse, text, args.repeat)
            print(
                f"{name:32} {len(text):9d} {seconds * 1e3:8.2f}ms "
                f"{seconds * 1e9 / len(text):8.1f}  {outcome}"
            )


if __name__ == "__main__":
    main()
