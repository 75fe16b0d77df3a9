"""Validate tables from a text file, one table per line, and print the reasons.

Usage: python examples/validate_tables.py [FILE] [--profile NAME]
Without FILE, a few built-in tables are checked. Exit code 1 if any is invalid.
"""

from __future__ import annotations

import argparse
import sys

import mexemexe as m

SAMPLE = """\
5H JK 7H | 7S 7H 7D
5H JK 7H | 7S 7H JK
QS KS AS | 10D JD QD KD
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("file", nargs="?", help="a text file with one table per line")
    parser.add_argument("--profile", default="brazilian")
    args = parser.parse_args(argv)
    profile = m.get_profile(args.profile)
    text = SAMPLE
    if args.file:
        with open(args.file, encoding="utf-8") as f:
            text = f.read()
    all_ok = True
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            report = profile.validate_table(line)
        except m.NotationError as err:
            print(f"line {number}: {err}")
            all_ok = False
            continue
        print(f"line {number}: {'valid' if report else 'invalid'}: {line}")
        for problem in report.problems:
            print(f"    {problem}")
        all_ok = all_ok and report.ok
    return 0 if all_ok else 1


if __name__ == "__main__":
    sys.exit(main())
