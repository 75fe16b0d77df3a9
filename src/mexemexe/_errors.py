"""The error hierarchy and the `Problem` value that explains every "no".

Every error the library raises for bad input is a `MexeMexeError`, itself a
`ValueError`, so callers can catch one class. The subclasses say what kind of
input was wrong; the message quotes the input and names the rule it breaks,
and a `Problem` knows where the rulebook explains that rule (`Problem.anchor`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING

import attrs

from ._codes import match_message
from ._translations import LOCALE_NOTATIONS, LOCALES, normalize_locale, translate

if TYPE_CHECKING:
    from ._cards import Card
    from ._jsonio import JSONObject

__all__ = [
    "IllegalMoveError",
    "InvalidStateError",
    "MexeMexeError",
    "NotationError",
    "Problem",
    "ProfileError",
    "SearchTimeoutError",
    "SolverInputError",
]


def _card_tuple(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(cards)


#: The rulebook page of each game, by the letter its section ids start with
#: (``"B5"`` is on ``brazilian``); section 0, the common ground, is on the
#: rulebook's index. The pages ship in the package (``mexemexe/rulebook``)
#: and are published under ``rules/`` in the docs.
RULEBOOK_PAGES: Mapping[str, str] = {
    "0": "index",
    "B": "brazilian",
    "R": "rummikub",
    "G": "galician",
    "M": "maumau",
}

#: A section id as the library cites it: ``"§0"``, or a game's letter with
#: its number (``"B5"``), or the letter alone (Mau-Mau's fallback ``"M"``).
_SECTION_ID = re.compile(r"§?(?P<zero>0)|(?P<game>[BRGM])(?P<number>[1-9][0-9]?)?")


def rulebook_location(section: str) -> tuple[str, str] | None:
    """The rulebook page and anchor of ``section``, or ``None`` if it is no rulebook section.

    The anchor is the section id in lower case (``"b5"``, ``"0"``), or empty
    for a bare game letter, which names the game's whole page.

    Examples:
        >>> rulebook_location("G12")
        ('galician', 'g12')
        >>> rulebook_location("§0")
        ('index', '0')
        >>> rulebook_location("house rule 3") is None
        True
    """
    found = _SECTION_ID.fullmatch(section)
    if found is None:
        return None
    if found["zero"]:
        return RULEBOOK_PAGES["0"], "0"
    letter, number = found["game"], found["number"] or ""
    return RULEBOOK_PAGES[letter], (letter.lower() + number if number else "")


#: The version of the JSON of a problem, a move, a proposal and a best play
#: (their ``"format"`` field); a reader refuses any other.
JSON_FORMAT = 1

#: How a problem is read back from JSON, by ``"dict"`` and ``"json"``: filled
#: in by `mexemexe._problemjson`, which needs the card notation and the JSON
#: reader, both of which import this module. The package imports it whole.
READERS: dict[str, Callable[[object], Problem]] = {}
#: Writes English card text in a notation (``"7H 8H"``, ``"pt"`` → ``"7C 8C"``),
#: filled by `mexemexe._problemjson`, which may import the notation modules.
CARD_WRITERS: dict[str, Callable[[str, str], str]] = {}
#: The placeholders of a message that hold cards, rewritten in the reader's notation.
_CARD_PLACEHOLDERS = frozenset({"card", "cards", "meld", "missing", "top"})


@attrs.frozen
class Problem:
    """One reason why a meld, a table or a move is not valid.

    Attributes:
        message: A sentence a player can read, e.g. ``"joker not allowed in a
            group"``.
        rule: The rulebook section it breaks (``"B5"``, ``"R3"``, ``"§0"``);
            `anchor` and `url` say where the rulebook explains it.
        meld_index: The index of the meld on the table it concerns, or
            ``None`` when it concerns no single meld.
        cards: The cards concerned, as written.

    Each kind of problem the library writes has a stable `code`, and its
    message reads in the players' languages with `text`.

    Examples:
        An app links each problem to the rule it breaks:

        >>> problem = Problem("joker not allowed in a group", "B5")
        >>> problem.anchor
        'rules/brazilian/#b5'
        >>> problem.url("https://example.org/mexemexe/")
        'https://example.org/mexemexe/rules/brazilian/#b5'

        and shows it in the player's language:

        >>> problem.code
        'joker_in_group'
        >>> problem.text("pt_BR")
        'coringa não é permitido numa trinca'
    """

    message: str
    rule: str = "§0"
    meld_index: int | None = None
    cards: tuple[Card, ...] = attrs.field(default=(), converter=_card_tuple)

    def __str__(self) -> str:
        where = ""
        if self.meld_index is not None:
            where = f"meld {self.meld_index}"
            if self.cards:
                where += " (" + " ".join(str(c) for c in self.cards) + ")"
            where += ": "
        elif self.cards:
            where = " ".join(str(c) for c in self.cards) + ": "
        return f"{where}{self.message} ({self.rule})"

    @property
    def anchor(self) -> str | None:
        """Where the rulebook explains `rule`: a path relative to the docs' root.

        The game's page under ``rules/`` and the section's anchor, the
        section id in lower case: ``"rules/brazilian/#b5"`` for ``"B5"``,
        ``"rules/#0"`` for ``"§0"`` (the common ground), just the page
        (``"rules/maumau/"``) for a bare game letter. ``None`` when `rule`
        is no rulebook section (say, a custom profile's own citation). The
        same anchors are headings of the text ``mexemexe rules GAME`` prints.

        Examples:
            >>> Problem("the stock is empty: pass instead", "R6").anchor
            'rules/rummikub/#r6'
            >>> Problem("empty meld").anchor
            'rules/#0'
        """
        location = rulebook_location(self.rule)
        if location is None:
            return None
        page, fragment = location
        path = "rules/" if page == RULEBOOK_PAGES["0"] else f"rules/{page}/"
        return path + (f"#{fragment}" if fragment else "")

    def url(self, base: str) -> str | None:
        """The address of `anchor` on a published copy of the docs, or ``None`` without one.

        Args:
            base: Where the docs are published (their root, with or without
                the final ``/``), e.g. your app's own copy of the site.

        Examples:
            >>> Problem("a Jack names the suit", "M6").url("https://docs.example.org")
            'https://docs.example.org/rules/maumau/#m6'
        """
        anchor = self.anchor
        return None if anchor is None else base.rstrip("/") + "/" + anchor

    def at(self, meld_index: int) -> Problem:
        """Return this problem attached to the meld at ``meld_index``."""
        return attrs.evolve(self, meld_index=meld_index)

    @property
    def code(self) -> str | None:
        """The stable identifier of this kind of problem, e.g. ``"card_not_in_hand"``.

        Read from `message`, whose wording each kind keeps; the docs'
        *Problem codes* page lists every code with its rule sections.
        ``None`` for a message of no kind the library writes (a problem an
        app built itself).

        Examples:
            >>> Problem("7H is not in the hand", "G4").code
            'card_not_in_hand'
            >>> Problem("my own reason").code is None
            True
        """
        found = match_message(self.message)
        return None if found is None else found[0].code

    def text(self, locale: str = "en", *, notation: str | None = None) -> str:
        """The message in ``locale``: ``"en"``, ``"pt_BR"`` or ``"gl"`` (see `LOCALES`).

        The cards in it are written in ``notation`` — by default the
        locale's own (``"pt"`` for ``"pt_BR"``, ``"gl"`` for ``"gl"``), so a
        Brazilian player reads ``7C`` for 7 de Copas as everywhere else in
        their notation; `rule` and `meld_index` are for the app to show. As in
        ``str(problem)``, the `cards` of a problem about no single meld come
        first (``"KC: não estão na mão do jogador 0"``), since its message
        does not name them; a meld's problem names its cards itself. The
        locale may also be written ``"pt-BR"``, ``"pt"``, ``"gl_ES"``,
        ``"en_US"`` … A problem without a `code` has no translation: its
        message comes back as it is in every locale.

        Examples:
            >>> problem = Problem("group of 2 cards: at least 3 needed")
            >>> problem.text("gl")
            'grupo de 2 cartas: fan falta polo menos 3'
            >>> problem.text("en") == problem.message
            True

        Raises:
            MexeMexeError: If ``locale`` is none of the available ones (the
                message lists them).
            NotationError: If ``notation`` is no registered notation.
        """
        language = normalize_locale(locale)
        if language is None:
            shown = repr(locale) if len(repr(locale)) <= 40 else repr(locale)[:40] + "…"
            raise MexeMexeError(
                f"no messages in locale {shown}: available are {', '.join(LOCALES)}"
            )
        target = LOCALE_NOTATIONS[language] if notation is None else notation
        write = CARD_WRITERS["cards"]
        found = match_message(self.message)
        if found is None or (language == "en" and target == "en"):
            message = self.message
        else:
            kind, values = found
            filled = {
                key: write(value, target) if key in _CARD_PLACEHOLDERS else value
                for key, value in dict(values).items()
            }
            message = translate(kind, filled, language)
        if self.cards and self.meld_index is None:
            return write(" ".join(str(c) for c in self.cards), target) + ": " + message
        return message

    def to_dict(self) -> JSONObject:
        """A JSON-ready dict (``"format": 1``; the cards in notation, the code as `code`).

        Examples:
            >>> Problem("7H is not in the hand", "G4").to_dict()["code"]
            'card_not_in_hand'
        """
        return {
            "format": JSON_FORMAT,
            "code": self.code,
            "message": self.message,
            "rule": self.rule,
            "meld_index": self.meld_index,
            "cards": " ".join(str(card) for card in self.cards),
        }

    def to_json(self, **kwargs: object) -> str:
        """`to_dict` as JSON text (keyword arguments go to `json.dumps`)."""
        return json.dumps(self.to_dict(), ensure_ascii=False, **kwargs)  # type: ignore[arg-type]

    @classmethod
    def from_dict(cls, data: object) -> Problem:
        """Rebuild a problem from `to_dict` output, checking every field.

        Raises:
            InvalidStateError: If a field is missing, unknown or of the wrong
                kind, the format is not 1, or ``code`` is not the message's.
            NotationError: If ``cards`` is not card notation.
        """
        return READERS["dict"](data)

    @classmethod
    def from_json(cls, text: str) -> Problem:
        """Rebuild a problem from `to_json` output.

        Raises:
            InvalidStateError: If the text is not JSON or not a problem's.
            NotationError: If its cards are not card notation.
        """
        return READERS["json"](text)


class MexeMexeError(ValueError):
    """Base class of every error the library raises for bad input."""


class NotationError(MexeMexeError):
    """Text that is not valid card, meld or table notation (RULES.md §0).

    Attributes:
        text: The whole text being parsed.
        token: The offending token (may be empty, e.g. for an empty meld).
        position: Character offset of the token in ``text``.
        reason: Why the token is wrong.
    """

    def __init__(self, text: str, token: str, position: int, reason: str) -> None:
        self.text = text
        self.token = token
        self.position = position
        self.reason = reason
        if token:
            what = f"bad token {token!r} at position {position}"
        else:
            what = f"error at position {position}"
        super().__init__(f"{what} in {text!r}: {reason}")


class ProfileError(MexeMexeError):
    """An unknown profile name, or a profile whose settings contradict each other."""


class InvalidStateError(MexeMexeError):
    """Data that cannot form a valid game state (e.g. it breaks conservation of the deck)."""


class IllegalMoveError(MexeMexeError):
    """A move the rules forbid in the current state.

    Attributes:
        problems: Every reason the move is illegal, each naming its rule section.
    """

    def __init__(self, message: str, problems: Iterable[Problem] = ()) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        if len(message) > _MESSAGE_HEAD:  # it may quote a whole proposed move
            message = message[:_MESSAGE_HEAD] + " …"
        if self.problems:
            # The message stays short whatever was proposed; `problems` has them all.
            shown = "; ".join(str(p) for p in self.problems[:_SHOWN_PROBLEMS])
            more = len(self.problems) - _SHOWN_PROBLEMS
            message = message + ": " + shown + (f"; and {more} more" if more > 0 else "")
        super().__init__(message)


#: The most problems an `IllegalMoveError` writes into its message.
_SHOWN_PROBLEMS = 10
#: The most characters of its own text an `IllegalMoveError` message starts with.
_MESSAGE_HEAD = 200


class SolverInputError(MexeMexeError):
    """A solver argument no search can take: an unknown objective, a negative time limit."""


class SearchTimeoutError(MexeMexeError):
    """A search whose time limit ran out before it could decide (`mexemexe.solver.arrange`).

    Attributes:
        time_limit: The limit given, in seconds.
    """

    def __init__(self, message: str, time_limit: float) -> None:
        self.time_limit = time_limit
        super().__init__(message)
