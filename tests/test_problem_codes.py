"""Stable problem codes (#30 item 3): every problem the library writes has one, listed in the docs.

The sweep plays every registered game with random legal moves and, at each
state, the hostile attempts of the conformance harness, random proposals
and random melds; each problem met must have a code whose table row cites
the problem's rule section.
"""

from __future__ import annotations

import os
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import mexemexe as m
from mexemexe._codes import BY_CODE, CODES, match_message
from mexemexe.games import game_names, get_game
from mexemexe.testing._illegal import illegal_attempts

DOCS_PAGE = Path(__file__).resolve().parent.parent / "docs" / "reference" / "problem-codes.md"


def _problems_of(call: Any) -> list[m.Problem]:
    try:
        call()
    except m.IllegalMoveError as err:
        return list(err.problems)
    except m.MexeMexeError:
        pass
    return []


def _sweep(game: str, seed: int) -> Iterator[m.Problem]:
    """Problems of hostile and random input along a random game of ``game``."""
    rng = random.Random(seed)
    rules = get_game(game).rules
    state: Any = get_game(game).deal(rng.randint(rules.min_players, 4), seed=seed)
    for _ in range(150):
        for _, attempt in illegal_attempts(state, rng):
            yield from _problems_of(attempt)
        if hasattr(state, "propose"):
            hand = list(state.hand)
            extra = tuple(rng.sample(hand, min(len(hand), rng.randint(1, 4))))
            yield from state.propose([*state.table.melds, extra]).problems
            deck = list(state.profile.deck())
            yield from state.profile.classify_meld(rng.sample(deck, rng.randint(0, 6))).problems
        if state.result is not None:
            break
        state = state.apply(rng.choice(state.legal_moves()))
    for _, attempt in illegal_attempts(state, rng):
        yield from _problems_of(attempt)


def _crafted() -> Iterator[m.Problem]:
    """Problems random play meets rarely: meld shapes, deck counts, bad move values."""
    for profile, melds in {
        "brazilian": ["QH KH AH 2H", "JK JK", "7H 7S 7D 7C 7H", "AH 3H 5H", "JK 7H JK"],
        "rummikub-classic": ["QH KH AH", "JK 7H 7S JK 7D", "AH 2H JK 4H JK"],
        "galician": ["7H JK 7S", "5H JK 7H", "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"],
    }.items():
        for meld in melds:
            yield from m.get_profile(profile).classify_meld(meld).problems
    yield from m.get_profile("rummikub").validate_table("7H 7H 7H | JK JK JK").problems
    yield from _problems_of(lambda: m.LayOff("7H", -1))
    yield from _problems_of(lambda: m.Draw("sideways"))  # type: ignore[arg-type]


def test_every_problem_of_every_game_has_a_code() -> None:
    """No problem met playing every registered game, legally and hostilely, lacks a code."""
    missing: dict[str, str] = {}
    wrong_rule: dict[str, str] = {}
    seen = set()
    for game in game_names():
        for seed in range(3):
            for problem in _sweep(game, seed):
                code = problem.code
                if code is None:
                    missing[problem.message] = game
                    continue
                seen.add(code)
                if problem.rule not in BY_CODE[code].sections:
                    wrong_rule[f"{code} cites {problem.rule}"] = game
    for problem in _crafted():
        if problem.code is None:
            missing[problem.message] = "crafted"
        else:
            seen.add(problem.code)
    assert not missing, f"problems without a code (add them to _codes.CODES): {missing}"
    assert not wrong_rule, f"sections missing from _codes.CODES: {wrong_rule}"
    assert len(seen) >= 40  # the sweep reaches most kinds


@pytest.mark.parametrize("entry", CODES, ids=lambda entry: entry.code)
def test_example_is_of_its_own_code_only(entry: Any) -> None:
    """Each code's example message is read as that code, and matches no other template."""
    found = match_message(entry.example)
    assert found is not None
    assert found[0] is entry
    others = [other.code for other in CODES if other is not entry and other.match(entry.example)]
    assert not others


def test_codes_are_unique_snake_case() -> None:
    """Codes are distinct snake_case identifiers, each citing at least one section."""
    codes = [entry.code for entry in CODES]
    assert len(set(codes)) == len(codes)
    assert all(re.fullmatch(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)*", code) for code in codes)
    assert all(entry.sections for entry in CODES)


def test_plural_entries_name_a_counting_placeholder() -> None:
    """A message with a plural form names the placeholder that counts, present in both forms."""
    for entry in CODES:
        if entry.plural is not None:
            assert entry.count is not None
            assert f"{{{entry.count}}}" in entry.template
            assert f"{{{entry.count}}}" in entry.plural


def test_problem_code_is_read_from_the_message() -> None:
    """`Problem.code` is the message's kind, and None for a message of no kind."""
    assert m.Problem("joker not allowed in a group", "B5").code == "joker_in_group"
    assert m.Problem("3 copies of 7H but the deck holds 2", "B1").code == "too_many_copies"
    assert m.Problem("something an app says").code is None


def _docs_page() -> str:
    rows = "\n".join(
        f"| `{entry.code}` | {', '.join(entry.sections)} | {entry.template}"
        + ("" if entry.plural is None else f"<br>{entry.plural}")
        + " |"
        for entry in CODES
    )
    return f"""# Problem codes

Every `Problem` the library writes has a stable `code`: an app can match
it, store it, or pick its own wording by it, while `message` stays the
library's English sentence. The code never changes for a kind of problem;
a new kind gets a new code. `Problem.text(locale)` gives the message in
English (`"en"`), Brazilian Portuguese (`"pt_BR"`) or Galician (`"gl"`):

```python
import mexemexe as m

problem = m.Problem("7H is not in the hand", "G4")
print(problem.code)
print(problem.text("pt_BR"))
print(problem.text("gl"))
```

A locale the library has no messages for raises `MexeMexeError`, naming
the ones it has. A problem an app builds itself, with a message of no kind
below, has no code (`None`), and `text` gives its message unchanged.

The rule sections are those the built-in games cite: a profile says which
section each kind of problem cites (`Profile.rule_sections`). Values in
braces are filled in from the message: cards in the card notation, counts
and meld numbers; a message with two lines has a plural form, for a count
other than one. The translations are gettext catalogs shipped in the
package (`mexemexe/locale/<lang>/LC_MESSAGES/mexemexe.po`, with the
template `mexemexe/locale/mexemexe.pot` for a new language): each entry's
context is its code.

| Code | Rule sections | Message (English) |
|---|---|---|
{rows}
"""


def test_docs_page_lists_every_code() -> None:
    """docs/reference/problem-codes.md is generated from the code table (it cannot drift)."""
    want = _docs_page()
    if os.environ.get("MEXEMEXE_WRITE_DOCS"):
        DOCS_PAGE.write_text(want, encoding="utf-8")
    assert DOCS_PAGE.read_text(encoding="utf-8") == want, (
        "run MEXEMEXE_WRITE_DOCS=1 pytest tests/test_problem_codes.py"
    )
