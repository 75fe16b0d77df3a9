"""The stable code of every kind of `Problem`: code, rule sections, English template.

An app cannot match English sentences, so each kind of problem has a
snake_case code that never changes (``"joker_in_group"``,
``"card_not_in_hand"``). The engines write their problems in English as
they always did; the code is read back from the message here, by the
template each kind of message follows, so no rule module needs to know the
codes. The same templates, with their named placeholders (``{card}``,
``{size}``), are the message ids of the translations (`mexemexe._translations`) and
the rows of the docs' *Problem codes* page.

A message no template matches (a custom profile's own problem, or a
problem an app built by hand) has no code; the tests play every registered
game, legally and with hostile moves, and fail on any library problem
without one.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping

import attrs

__all__ = ["BY_CODE", "CODES", "ProblemCode", "match_message", "placeholders", "render"]

#: What each placeholder may hold, by name: numbers are digits, a card one
#: word, a list of cards or symbols words without commas; anything else any
#: text. Narrow patterns keep templates that share a beginning apart.
_NUMBER = r"-?[0-9]+"
_PATTERNS: Mapping[str, str] = {
    **dict.fromkeys(
        ("count", "most", "found", "size", "least", "have", "allowed", "deck", "need"),
        _NUMBER,
    ),
    **dict.fromkeys(("points", "player", "index", "digits", "jokers"), _NUMBER),
    **dict.fromkeys(("card", "suit", "top"), r"\S+"),
    **dict.fromkeys(("cards", "meld", "missing", "ranks", "suits"), r"[^\s,]+(?: [^\s,]+)*"),
}
_PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")


@functools.cache
def _regex(template: str) -> re.Pattern[str]:
    """A pattern matching the messages ``template`` gives, one named group a placeholder."""
    parts: list[str] = []
    seen: set[str] = set()
    position = 0
    for found in _PLACEHOLDER.finditer(template):
        parts.append(re.escape(template[position : found.start()]))
        name = found[1]
        if name in seen:  # the same value twice: "…, and {jokers} jokers can fill only {jokers}"
            parts.append(f"(?P={name})")
        else:
            seen.add(name)
            parts.append(f"(?P<{name}>{_PATTERNS.get(name, '.+?')})")
        position = found.end()
    parts.append(re.escape(template[position:]))
    return re.compile("".join(parts))


def placeholders(template: str) -> frozenset[str]:
    """The names of the placeholders of ``template``."""
    return frozenset(_PLACEHOLDER.findall(template))


@attrs.frozen
class ProblemCode:
    """One kind of problem.

    Attributes:
        code: The stable identifier, snake_case.
        sections: The rulebook sections its problems cite in the built-in
            games (the profile decides which one a problem cites).
        template: The English message, with named placeholders.
        plural: The English message when ``count`` is not 1, or ``None``
            when the message has one form.
        count: The placeholder that chooses between ``template`` and ``plural``.
        example: A message of this kind, as the engines write it.
    """

    code: str
    sections: tuple[str, ...]
    template: str
    example: str
    plural: str | None = None
    count: str | None = None

    def match(self, message: str) -> dict[str, str] | None:
        """The placeholders' values if ``message`` is of this kind, else ``None``."""
        forms = (self.template,) if self.plural is None else (self.template, self.plural)
        for form in forms:
            found = _regex(form).fullmatch(message)
            if found is not None:
                return found.groupdict()
        return None


_JOKER = ("B5", "R3", "G12")
_ACE = ("B4", "R2", "G7")
_DECK = ("B1", "R1", "G1")
_SHARED_PLAY = ("B6", "R4")
_ANY_TURN = (
    "a turn is a play (a whole new table, a new meld or a lay-off), a draw, a pass or a forfeit"
)
_TIE = "a group needs distinct suits and a run distinct ranks"
_NO_END = "this would leave no way to end the turn: "
_TAKEN_LOCK = "the card taken from the discard pile cannot be discarded (G5)"
_JOKER_LOCK = "a joker taken from the table must be melded first (G12)"
_SIMPLE = "a player may {what} only without a meld from the hand or a card to add to a table meld"

#: Every kind of problem the library writes, grouped as the rulebook is:
#: melds (§0 and each game's meld sections), the deck, the shared-table
#: turn (B6, R4), the discard turn (G4), moves, and Mau-Mau (M).
CODES: tuple[ProblemCode, ...] = (
    # -- melds ------------------------------------------------------------------------
    ProblemCode("empty_meld", ("§0",), "empty meld", "empty meld"),
    ProblemCode(
        "only_jokers",
        ("§0",),
        "a meld made only of jokers is never valid",
        "a meld made only of jokers is never valid",
    ),
    ProblemCode(
        "card_repeated",
        ("§0",),
        "{card} appears {count} times: " + _TIE,
        "7H appears 2 times: " + _TIE,
    ),
    ProblemCode(
        "mixed_ranks_and_suits",
        ("§0",),
        "neither a group (one rank) nor a run (one suit): mixes ranks {ranks} and suits {suits}",
        "neither a group (one rank) nor a run (one suit): mixes ranks 7 8 and suits ♥ ♠",
    ),
    ProblemCode(
        "joker_in_group", _JOKER, "joker not allowed in a group", "joker not allowed in a group"
    ),
    ProblemCode("joker_in_run", _JOKER, "joker not allowed in a run", "joker not allowed in a run"),
    ProblemCode(
        "too_many_jokers_in_group",
        _JOKER,
        "at most {most} joker per group, found {found}",
        "at most 1 joker per group, found 2",
        plural="at most {most} jokers per group, found {found}",
        count="most",
    ),
    ProblemCode(
        "too_many_jokers_in_run",
        _JOKER,
        "at most {most} joker per run, found {found}",
        "at most 2 jokers per run, found 3",
        plural="at most {most} jokers per run, found {found}",
        count="most",
    ),
    ProblemCode("group_repeats_suit", ("§0",), "group repeats suit {suit}", "group repeats suit ♥"),
    ProblemCode(
        "group_too_small",
        ("§0",),
        "group of {size} cards: at least {least} needed",
        "group of 2 cards: at least 3 needed",
    ),
    ProblemCode(
        "group_too_large",
        ("§0",),
        "group of {size} cards: at most {most} (one per suit)",
        "group of 5 cards: at most 4 (one per suit)",
    ),
    ProblemCode(
        "run_too_short",
        ("§0",),
        "run of {size} cards: at least {least} needed",
        "run of 2 cards: at least 3 needed",
    ),
    ProblemCode("run_repeats_rank", ("§0",), "run repeats rank {ranks}", "run repeats rank 7"),
    ProblemCode(
        "ace_low_only",
        _ACE,
        "the ace is low only: it cannot follow the king",
        "the ace is low only: it cannot follow the king",
    ),
    ProblemCode(
        "run_wraps",
        _ACE,
        "wraps around the ace (like K-A-2): a run never wraps, the ace is only at an end",
        "wraps around the ace (like K-A-2): a run never wraps, the ace is only at an end",
    ),
    ProblemCode(
        "run_too_long", ("§0",), "run of {size} cards: at most 13", "run of 14 cards: at most 13"
    ),
    ProblemCode(
        "run_gap_with_jokers",
        ("§0",),
        "not consecutive: missing {missing}, and {jokers} joker can fill only {jokers}",
        "not consecutive: missing 8H 9H, and 1 joker can fill only 1",
        plural="not consecutive: missing {missing}, and {jokers} jokers can fill only {jokers}",
        count="jokers",
    ),
    ProblemCode(
        "run_gap", ("§0",), "not consecutive: missing {missing}", "not consecutive: missing 8H"
    ),
    ProblemCode("not_a_run", ("§0",), "not a run", "not a run"),
    # -- the deck ---------------------------------------------------------------------
    ProblemCode(
        "too_many_copies",
        _DECK,
        "{have} copies of {card} but the deck holds {allowed}",
        "3 copies of 7H but the deck holds 2",
    ),
    ProblemCode(
        "too_many_jokers",
        _DECK,
        "{have} jokers but the deck holds {allowed}",
        "3 jokers but the deck holds 2",
    ),
    ProblemCode(
        "table_too_large",
        ("§0",),
        "the proposed table holds {count} cards; the whole deck has {deck}",
        "the proposed table holds 200 cards; the whole deck has 106",
    ),
    # -- every turn -------------------------------------------------------------------
    ProblemCode(
        "round_over",
        ("B9", "R6", "R8", "G6", "G8"),
        "the round is over",
        "the round is over",
    ),
    ProblemCode(
        "not_your_turn",
        ("B3", "R4", "G4", "M2"),
        "a player moves only on their own turn",
        "a player moves only on their own turn",
    ),
    ProblemCode(
        "action_not_masked",
        ("B3", "R4", "G4", "M2"),
        "only the actions the action_mask marks are legal",
        "only the actions the action_mask marks are legal",
    ),
    # -- the shared table (B6, R4) ----------------------------------------------------
    ProblemCode(
        "table_card_taken",
        _SHARED_PLAY,
        "table cards taken off the table: no table card may return to the hand",
        "table cards taken off the table: no table card may return to the hand",
    ),
    ProblemCode(
        "nothing_placed",
        _SHARED_PLAY,
        "no card from the hand is added: a play lays down at least one",
        "no card from the hand is added: a play lays down at least one",
    ),
    ProblemCode(
        "cards_not_in_hand",
        _SHARED_PLAY,
        "not in player {player}'s hand",
        "not in player 0's hand",
    ),
    ProblemCode(
        "table_joker_leaves_run",
        ("B7",),
        "a joker already on the table must stay in a valid run",
        "a joker already on the table must stay in a valid run",
    ),
    ProblemCode(
        "opening_too_low",
        _SHARED_PLAY,
        "a first play must be worth {need} points, this one is worth {points}",
        "a first play must be worth 30 points, this one is worth 24",
    ),
    ProblemCode(
        "initial_meld_changes_table",
        ("R4",),
        "this table meld is changed, but a first play (the classic initial meld) only "
        "lays down new melds from the hand: no table card may move and nothing may be "
        "added to a table meld before the player's next turn",
        "this table meld is changed, but a first play (the classic initial meld) only "
        "lays down new melds from the hand: no table card may move and nothing may be "
        "added to a table meld before the player's next turn",
    ),
    ProblemCode(
        "not_a_shared_table_move",
        _SHARED_PLAY,
        _ANY_TURN,
        _ANY_TURN,
    ),
    ProblemCode(
        "no_discard_pile",
        _SHARED_PLAY,
        "there is no discard pile in this game",
        "there is no discard pile in this game",
    ),
    ProblemCode(
        "stock_empty_pass",
        ("R6",),
        "the stock is empty: pass instead",
        "the stock is empty: pass instead",
    ),
    *(
        ProblemCode(
            f"{what}_with_{kind}",
            sections,
            f"player {{player}} can play {form}: " + _SIMPLE.replace("{what}", what),
            f"player 1 can play {example}: " + _SIMPLE.replace("{what}", what),
        )
        for what, sections in (("draw", ("B6",)), ("pass", ("B9", "R6")))
        for kind, form, example in (
            ("meld_in_hand", "the meld {cards}", "the meld 7H 8H 9H"),
            (
                "layoff_possible",
                "{card} onto the table meld {meld}",
                "AD onto the table meld AS AH AC",
            ),
        )
    ),
    ProblemCode(
        "stock_not_empty",
        ("B9", "R6"),
        "the stock is not empty: draw instead",
        "the stock is not empty: draw instead",
    ),
    ProblemCode("no_passing", ("B9",), "this game has no passing", "this game has no passing"),
    # -- the discard turn (G4) --------------------------------------------------------
    ProblemCode(
        "no_rearranging",
        ("G4",),
        "no rearranging of the table: lay down melds or lay off cards instead",
        "no rearranging of the table: lay down melds or lay off cards instead",
    ),
    ProblemCode(
        "draw_phase",
        ("G4",),
        "the turn is in its draw phase: first draw from the stock or the discard pile",
        "the turn is in its draw phase: first draw from the stock or the discard pile",
    ),
    ProblemCode(
        "already_drawn",
        ("G4",),
        "the turn is in its meld phase: the card was drawn",
        "the turn is in its meld phase: the card was drawn",
    ),
    ProblemCode(
        "meld_phase",
        ("G4",),
        "the turn is in its meld phase: meld, lay off, or discard to end the turn",
        "the turn is in its meld phase: meld, lay off, or discard to end the turn",
    ),
    ProblemCode(
        "turn_cannot_end_taken",
        ("G5",),
        _NO_END + _TAKEN_LOCK,
        _NO_END + _TAKEN_LOCK,
    ),
    ProblemCode(
        "turn_cannot_end_joker",
        ("G5",),
        _NO_END + _JOKER_LOCK,
        _NO_END + _JOKER_LOCK,
    ),
    ProblemCode(
        "turn_cannot_end_taken_and_joker",
        ("G5",),
        _NO_END + _TAKEN_LOCK + " and " + _JOKER_LOCK,
        _NO_END + _TAKEN_LOCK + " and " + _JOKER_LOCK,
    ),
    ProblemCode(
        "discard_pile_empty", ("G4",), "the discard pile is empty", "the discard pile is empty"
    ),
    ProblemCode(
        "taken_card_blocks_turn",
        ("G5",),
        "with {card} taken no card could be discarded (G5) and no meld ends the turn: "
        "draw from the stock",
        "with 7H taken no card could be discarded (G5) and no meld ends the turn: "
        "draw from the stock",
    ),
    ProblemCode(
        "stock_and_pile_exhausted",
        ("G8",),
        "the stock is empty and the discard pile is too small to turn over: take the discard",
        "the stock is empty and the discard pile is too small to turn over: take the discard",
    ),
    ProblemCode(
        "meld_cards_not_in_hand",
        ("G4",),
        "not all of {cards} are in the hand",
        "not all of 7H 8H 9H are in the hand",
    ),
    ProblemCode(
        "no_such_meld",
        ("G4", *_SHARED_PLAY),
        "there is no meld {index} (the table has {count})",
        "there is no meld 5 (the table has 2)",
    ),
    ProblemCode(
        "card_not_in_hand", ("G4", "M2"), "{card} is not in the hand", "7H is not in the hand"
    ),
    ProblemCode(
        "no_joker_exchange",
        ("G12",),
        "this game has no joker exchange",
        "this game has no joker exchange",
    ),
    ProblemCode(
        "joker_for_joker",
        ("G12",),
        "a joker is exchanged for a natural card",
        "a joker is exchanged for a natural card",
    ),
    ProblemCode(
        "no_joker_for_card",
        ("G12",),
        "meld {index} has no joker standing for {card} (a run's joker stands for the card its "
        "place fixes, a group's for a suit the group lacks)",
        "meld 0 has no joker standing for 7H (a run's joker stands for the card its "
        "place fixes, a group's for a suit the group lacks)",
    ),
    ProblemCode(
        "joker_unusable",
        ("G12",),
        "the joker could not be used in a meld this turn",
        "the joker could not be used in a meld this turn",
    ),
    ProblemCode(
        "rummy_discard_extras",
        ("G4",),
        "a rummy discard names no suit and announces nothing",
        "a rummy discard names no suit and announces nothing",
    ),
    ProblemCode(
        "joker_owed",
        ("G12",),
        "the joker taken from the table must be used in a meld first",
        "the joker taken from the table must be used in a meld first",
    ),
    ProblemCode(
        "taken_card_discarded",
        ("G5",),
        "a card just taken from the discard pile cannot be discarded this turn",
        "a card just taken from the discard pile cannot be discarded this turn",
    ),
    # -- moves ------------------------------------------------------------------------
    ProblemCode(
        "bad_meld_number",
        ("G4", "G12"),
        "melds on the table are counted from 0, with at most {digits} digits",
        "melds on the table are counted from 0, with at most 6 digits",
    ),
    ProblemCode(
        "bad_draw_source",
        ("G4",),
        "cards are drawn from the stock or the discard pile",
        "cards are drawn from the stock or the discard pile",
    ),
    # -- Mau-Mau (M) ------------------------------------------------------------------
    ProblemCode("hand_over", ("M7",), "the hand is over", "the hand is over"),
    ProblemCode(
        "not_a_maumau_move",
        ("M2",),
        "a turn is draws, then one discard",
        "a turn is draws, then one discard",
    ),
    ProblemCode(
        "draw_from_stock_only",
        ("M2",),
        "cards are drawn from the stock only",
        "cards are drawn from the stock only",
    ),
    ProblemCode(
        "nothing_to_reshuffle",
        ("M3",),
        "the stock is empty and there is nothing to reshuffle",
        "the stock is empty and there is nothing to reshuffle",
    ),
    ProblemCode(
        "pass_while_can_draw",
        ("M2",),
        "passing is only for a player who cannot move: draw a card instead",
        "passing is only for a player who cannot move: draw a card instead",
    ),
    ProblemCode(
        "pass_while_can_play",
        ("M2",),
        "passing is only for a player who cannot move: a card in the hand can be played",
        "passing is only for a player who cannot move: a card in the hand can be played",
    ),
    ProblemCode(
        "wrong_suit_named",
        ("M6",),
        "{card} does not match the named suit {suit}",
        "7H does not match the named suit ♠",
    ),
    ProblemCode(
        "card_does_not_match",
        ("M2",),
        "{card} does not match the suit or rank of {top}",
        "7H does not match the suit or rank of 9S",
    ),
    ProblemCode(
        "only_jack_names_suit", ("M6",), "only a Jack names a suit", "only a Jack names a suit"
    ),
    ProblemCode(
        "announce_count",
        ("M4",),
        "the last card is announced when one is left, not {count}",
        "the last card is announced when one is left, not 3",
    ),
)

#: Each code's entry, by code.
BY_CODE: Mapping[str, ProblemCode] = {entry.code: entry for entry in CODES}


@functools.lru_cache(maxsize=4096)
def match_message(message: str) -> tuple[ProblemCode, tuple[tuple[str, str], ...]] | None:
    """The kind of ``message`` and its placeholders' values, or ``None`` if it is of no kind.

    Remembered per message: an app asks for the code of the same few
    messages again and again.
    """
    for entry in CODES:
        values = entry.match(message)
        if values is not None:
            return entry, tuple(values.items())
    return None


def render(template: str, values: Mapping[str, str]) -> str:
    """``template`` with each ``{name}`` replaced by its value (no other formatting).

    Not `str.format`: a catalog's template is data, and may not reach the
    values' attributes.
    """
    return _PLACEHOLDER.sub(lambda found: values.get(found[1], found[0]), template)
