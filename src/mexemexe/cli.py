"""The ``mexemexe`` command line (also ``python -m mexemexe``).

Subcommands:

* ``demo [--profile NAME] [--players N] [--seed S]`` — a seeded round played by bots;
* ``validate "<table>" --profile NAME`` — check a table, exit code 0 if valid, 1 if not;
* ``play [--game NAME] [--rounds N|all] [--seat S] [--bots B,…]`` — play against bots in
  the terminal, a round or a whole match (``hint``, ``add``, ``layoff`` at the prompt);
* ``simulate [--game maumau] --bots simple,random --games N --workers W [--time-limit S]``
  — self-play with a progress bar (a seat may also be ``module:Class``, your own bot class);
* ``rules NAME [--section ID] [--settings]`` — print a game's rulebook and its
  profile's settings (one section of the rulebook, or the settings alone).

``-g`` is ``--game``, ``-p`` ``--profile``, ``-n`` ``--players`` and ``-s``
``--seed`` in every command that has them.

Every error (bad arguments, bad notation, an unknown profile or bot, a
library error, even a user's bot failing mid-run) is printed as one line on
stderr with exit code 2, never as a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from itertools import pairwise
from typing import NoReturn, TextIO

from ._cli_play import REASONS as _REASONS
from ._cli_play import play as _play_session
from ._cli_play import rounds_option
from ._errors import MexeMexeError
from ._notation import format_cards
from ._profiles import get_profile
from ._table import format_table, parse_table
from ._version import __version__
from .games import Game, game_names, get_game

__all__ = ["main"]


def _print_report(profile_name: str, text: str, out: TextIO, notation: str = "en") -> bool:
    report = get_profile(profile_name).validate_table(parse_table(text, notation=notation))
    mark = "valid  " if report else "INVALID"
    out.write(f"[{profile_name:9}] {mark} {text}\n")
    if report:
        for result in report.melds:
            jokers = result.jokers
            extra = f"  (joker = {format_cards(jokers, notation=notation)})" if jokers else ""
            meld = format_cards(result.canonical, notation=notation)
            out.write(f"              {result.kind} {meld}{extra}\n")
    for problem in report.problems:
        out.write(f"              - {problem}\n")
    return bool(report)


def _game(args: argparse.Namespace) -> Game:
    """The game a command plays: ``--game NAME``, else ``--profile NAME`` (any registered game).

    ``--game rummy``, the old spelling of "the rummy game of ``--profile``",
    still means that.

    Raises:
        ProfileError: If the name is no registered game or profile.
    """
    name = args.game if args.game not in (None, _RUMMY) else args.profile
    return get_game(name)


#: ``--game rummy``: play the rummy profile ``--profile`` names (the option's old default).
_RUMMY = "rummy"


def _demo(args: argparse.Namespace, out: TextIO) -> int:
    game = _game(args)
    if game.demo == "match":
        return _demo_match(game, args, out)
    return _demo_round(game, args, out)


def _demo_round(game: Game, args: argparse.Namespace, out: TextIO) -> int:
    """One seeded round played by the game's default bots, turn by turn."""
    from ._rounds import play_round

    players = game.demo_players if args.players is None else args.players
    state = game.deal(players, seed=args.seed)
    out.write(
        f"mexemexe {__version__}: a seeded {game.label} {game.round_word}, {players} "
        f"{game.default_bot} bots (seed {args.seed})\n\n"
    )
    for i, hand in enumerate(state.hands):
        dealt = format_cards(hand, unicode=args.unicode, notation=args.notation)
        out.write(f"player {i} is dealt {dealt}\n")
    out.write("\n")
    bots = [game.bot(game.default_bot, args.seed + seat) for seat in range(players)]
    final, record = play_round(state, bots)

    for before, after in pairwise(record.states()):
        outcome = after.last
        assert outcome is not None
        out.write(
            f"turn {before.turn + 1:3}  {outcome.describe()}   "
            f"[{len(after.hands[outcome.player])} in hand, stock {len(after.stock)}]\n"
        )
        # Only the shared-table and discard games have a table to show.
        table = getattr(after, "table", None)
        if table is not None and table is not getattr(before, "table", None):
            shown = format_table(table, unicode=args.unicode, notation=args.notation)
            out.write(f"          table: {shown}\n")
    result = final.result
    assert result is not None
    out.write(f"\n{game.round_word} over ({_REASONS[result.reason]})\n")
    for player in range(final.players):
        mark = "  <- wins" if player in result.winners else ""
        out.write(
            f"  player {player}: {result.hand_points[player]:3} points in hand, "
            f"scores {result.scores[player]:4}{mark}\n"
        )
    return 0


def _demo_match(game: Game, args: argparse.Namespace, out: TextIO) -> int:
    """A seeded match played by the game's default bots, round by round, then replayed."""
    from ._rounds import play_match, replay_match

    players = game.demo_players if args.players is None else args.players
    start = game.start_match(players, seed=args.seed)
    out.write(
        f"mexemexe {__version__}: a seeded {game.label} match, {players} bots (seed {args.seed})\n"
    )
    bots = [game.bot(game.default_bot, args.seed + seat) for seat in range(players)]
    match, records = play_match(start, bots)
    for number, (record, seats) in enumerate(zip(records, match.seats, strict=True), 1):
        result = record.replay().result
        assert result is not None
        winners = ", ".join(f"seat {seats[p]}" for p in result.winners) or "no one"
        double = f", scores x{result.multiplier}" if result.multiplier > 1 else ""
        out.write(
            f"\n{game.round_word} {number}: seats {list(seats)}, {len(record.moves)} moves, "
            f"{_REASONS[result.reason]}: {winners} won{double}\n"
        )
        for player, seat in enumerate(seats):
            out.write(f"  seat {seat}: +{result.scores[player]:3}\n")
    out.write(f"\n{match.summary()}\n")
    same = replay_match(start, records) == match
    out.write(
        f"replayed from the {len(records)} {game.round_word} records: "
        f"{'the same match' if same else 'A DIFFERENT MATCH'}\n"
    )
    return 0 if same else 1


def _play(args: argparse.Namespace, out: TextIO, stdin: TextIO) -> int:
    return _play_session(_game(args), args, out, stdin)


def _bot_spec(text: str) -> object:
    """A seat of ``--bots``: a shipped bot's name, or ``module:Class`` naming your own bot class.

    The class must have a callable ``choose`` (the `Bot` protocol); it is
    built once here, with the seat's seed if its constructor takes one, so a
    constructor that fails is reported before any round is played. Modules
    are also looked for in the working directory.

    Raises:
        ValueError: If the module cannot be imported, has no such name, or
            the name is not a bot class that can be built.
    """
    if ":" not in text:
        return text  # a bot's name: `simulate` knows the game's names
    import importlib

    from ._selfplay import _takes_seed

    module_name, _, attribute = text.partition(":")
    if not module_name or not attribute:
        raise ValueError(f"bot {text!r}: write a shipped bot's name or module:Class")
    if os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    try:
        module = importlib.import_module(module_name)
    except (Exception, SystemExit) as err:  # the user's module: not found, or raising as it loads
        raise ValueError(
            f"cannot import {module_name!r} for bot {text!r}: {type(err).__name__}: {err}"
        ) from None
    missing = object()
    found: object = getattr(module, attribute, missing)
    if found is missing:
        raise ValueError(f"module {module_name!r} has no {attribute!r} for bot {text!r}")
    if not isinstance(found, type) or not callable(getattr(found, "choose", None)):
        kind = (
            "a class without a choose method"
            if isinstance(found, type)
            else (f"a {type(found).__name__}")
        )
        raise ValueError(
            f"{text!r} is neither a bot nor a bot class (it is {kind}): module:Class must name "
            "a class with a choose(view) method"
        )
    try:  # as `simulate` will build it for each round: with a seed if it takes one
        found(0) if _takes_seed(found) else found()
    except Exception as err:  # the user's constructor failed: say so in one line
        raise ValueError(
            f"bot class {text!r} cannot be built: {type(err).__name__}: {err}"
        ) from None
    return found


#: The most rounds one ``simulate`` run plays (a bound on the work queued for
#: the worker processes, which is listed up front).
MAX_GAMES = 10_000_000
#: The most worker processes ``simulate`` starts (every one is started at once).
MAX_WORKERS = 256


def _simulate(args: argparse.Namespace, out: TextIO) -> int:
    from ._selfplay import simulate

    if not 1 <= args.games <= MAX_GAMES:
        return _fail("simulate", f"--games {args.games}: from 1 to {MAX_GAMES}")
    if not 1 <= args.workers <= MAX_WORKERS:
        return _fail("simulate", f"--workers {args.workers}: from 1 to {MAX_WORKERS}")
    try:
        bots = [_bot_spec(b.strip()) for b in args.bots.split(",") if b.strip()]
    except ValueError as err:
        return _fail("simulate", str(err))
    show = sys.stderr.isatty() or args.progress
    drawn = [-1]  # the percentage last drawn: thousands of quick rounds redraw 101 times

    def progress(done: int, total: int) -> None:
        percent = 100 * done // total
        if not show or percent == drawn[0]:
            return
        drawn[0] = percent
        width = 30
        filled = width * done // total
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} rounds")
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    try:
        result = simulate(
            _game(args),
            bots,  # type: ignore[arg-type]
            args.games,
            args.seed,
            workers=args.workers,
            progress=progress,
            time_limit=args.time_limit,
        )
    except ValueError as err:
        if isinstance(err, MexeMexeError):
            raise
        return _fail("simulate", str(err))
    out.write(result.table() + "\n")
    return 0


def _validate(args: argparse.Namespace, out: TextIO) -> int:
    text = " | ".join(args.table)
    ok = _print_report(args.profile, text, out, args.notation)
    return 0 if ok else 1


def _rules(args: argparse.Namespace, out: TextIO) -> int:
    from ._errors import RULEBOOK_PAGES

    rules = get_game(args.profile).rules
    if args.section is not None:
        section = _rulebook_section(args.section)
        if section is None:
            return _fail("rules", f"no rulebook section {args.section!r}: say B5, R3, G12, M6, 0")
        out.write(section)
        return 0
    if not args.settings:
        page = _rulebook_page_of(rules)
        if page is None:
            out.write(f"({rules.name} cites no rulebook section: only its settings follow)\n\n")
        else:
            out.write(_plain(_rulebook_text(page)) + "\n")
            common = _rulebook_text(RULEBOOK_PAGES["0"]).split(_COMMON_GROUND, 1)[1]
            out.write(_plain(_COMMON_GROUND + common) + "\n")
        out.write(f"Settings of {rules.name}\n{'-' * (12 + len(rules.name))}\n\n")
    out.write(f"{rules.name}: {rules.description}\n")
    for name, value in rules.to_dict().items():
        if name not in ("name", "description"):
            out.write(f"  {name:24} {_setting(value)}\n")
    return 0


#: The heading that starts section 0 on the rulebook's index page.
_COMMON_GROUND = "## 0 · "


def _rulebook_text(page: str) -> str:
    """The rulebook page ``page`` as the package ships it (Markdown, the docs' ``rules/``)."""
    from importlib.resources import files

    return (files("mexemexe") / "rulebook" / f"{page}.md").read_text(encoding="utf-8")


def _rulebook_page_of(rules: object) -> str | None:
    """The rulebook page of a game's rules: the game its cited sections belong to.

    Found from ``rule_sections`` (the ``B…`` sections are the Brazilian page),
    never from the rules' name, so a variant made with ``attrs.evolve`` finds
    its family's page; ``None`` if the rules cite no game's section.
    """
    from ._errors import RULEBOOK_PAGES, rulebook_location

    for _, section in getattr(rules, "rule_sections", ()):
        location = rulebook_location(section)
        if location is not None and location[0] != RULEBOOK_PAGES["0"]:
            return location[0]
    return None


def _rulebook_section(section: str) -> str | None:
    """One section of the rulebook (``"B5"``, ``"g12"``, ``"0"``) for the terminal, or ``None``."""
    import re

    from ._errors import rulebook_location

    wanted = section.strip().upper()
    location = rulebook_location(wanted if wanted != "0" else "§0")
    if location is None or not location[1]:
        return None
    page, anchor = location
    for part in re.split(r"(?m)^(?=## )", _rulebook_text(page)):
        if part.startswith("## ") and part.splitlines()[0].endswith(f"{{#{anchor}}}"):
            return _plain(part)
    return None


def _plain(markdown: str) -> str:
    """Rulebook Markdown as terminal text: no anchors, links as their text, no bold marks."""
    import re

    text = re.sub(r" \{#[\w-]+\}$", "", markdown, flags=re.M)
    text = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", text)
    text = text.replace("**", "")
    lines = []
    for line in text.splitlines():
        heading = re.match(r"^(#+) (.*)$", line)
        if heading:  # a heading, underlined as plain text does
            lines += [heading[2], ("=" if len(heading[1]) == 1 else "-") * len(heading[2])]
        else:
            lines.append(line)
    return "\n".join(lines).rstrip("\n") + "\n"


def _setting(value: object) -> str:
    """A rules setting for people, by its shape: a table as ``key: value``, points by rank."""
    if isinstance(value, dict):
        return ", ".join(f"{key}: {item}" for key, item in value.items())
    if isinstance(value, list) and len(value) == len(_RANKS):
        return " ".join(map(str, value)) + f"  ({' '.join(_RANKS)})"
    return str(value)


#: The ranks in a rules' points table (13 values, A to K).
_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def _add_game_option(parser: argparse.ArgumentParser) -> None:
    """The ``--game`` (``-g``) option of the commands that play: any registered game by name."""
    parser.add_argument(
        "--game",
        "-g",
        default=None,
        metavar="NAME",
        help=f"the game: {', '.join(game_names())} (or 'rummy': the --profile's)",
    )


def _add_profile_option(parser: argparse.ArgumentParser) -> None:
    """The ``--profile`` option every command shares (for those that play, any game's name)."""
    parser.add_argument(
        "--profile", "-p", default="brazilian", help=f"rules: {', '.join(game_names())}"
    )


def _notation_option() -> _Parser:
    """The ``--notation`` option of every command that reads or prints cards (a parent parser)."""
    from ._notations import NOTATIONS

    suits = [f"{n.name} ({' '.join(n.suit_letters)}, {n.language})" for n in NOTATIONS.values()]
    parent = _Parser(add_help=False)
    parent.add_argument(
        "--notation",
        choices=tuple(NOTATIONS),
        default="en",
        help=f"card notation, suits ♠ ♥ ♦ ♣: {'; '.join(suits)}; default en",
    )
    return parent


def _fail(command: str, message: str) -> int:
    """Write ``message`` as one error line on stderr; return exit code 2."""
    line = " ".join(message.split())  # one line, whatever the message holds
    if len(line) > 500:
        line = line[:500] + " …"
    sys.stderr.write(f"mexemexe {command}: error: {line}\n")
    return 2


class _UsageError(Exception):
    """Bad command-line arguments (raised by `_Parser.error` instead of exiting)."""

    def __init__(self, prog: str, message: str) -> None:
        super().__init__(message)
        self.prog = prog


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr, not a usage block.

    `main` catches the error and returns exit code 2, so a caller running
    ``main`` in-process gets the code back instead of a `SystemExit`.
    """

    def error(self, message: str) -> NoReturn:
        raise _UsageError(self.prog, message)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``mexemexe`` command."""
    parser = _Parser(
        prog="mexemexe",
        description="Rules engine for the Mexe-Mexe family of card games.",
    )
    parser.add_argument("--version", action="version", version=f"mexemexe {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    cards = [_notation_option()]  # the commands that read or print cards

    demo = sub.add_parser("demo", help="play a seeded round with bots, turn by turn", parents=cards)
    _add_profile_option(demo)
    _add_game_option(demo)
    demo.add_argument(
        "--players", "-n", type=int, default=None, help="players (default: the game's, 4 or 6)"
    )
    demo.add_argument("--seed", "-s", type=int, default=7, help="deal seed (default 7)")
    demo.add_argument("--unicode", action="store_true", help="write suits as ♠♥♦♣")
    demo.set_defaults(func=_demo)

    validate = sub.add_parser(
        "validate",
        help="check a table; exit code 0 if valid, 1 if not",
        description='Check a table, e.g.: mexemexe validate "5H JK 7H | 7S 7H 7D" -p brazilian',
        parents=cards,
    )
    validate.add_argument("table", nargs="+", help="table notation: melds separated by '|'")
    _add_profile_option(validate)
    validate.set_defaults(func=_validate)

    play = sub.add_parser(
        "play",
        help="play against bots in the terminal: a round or a whole match",
        description="Play against bots: type moves at the prompt ('help' lists them; 'hint' "
        "suggests one, 'add CARDS' lays down a meld, 'layoff CARD MELD' adds a card to a "
        "table meld).",
        parents=cards,
    )
    _add_profile_option(play)
    _add_game_option(play)
    play.add_argument("--players", "-n", type=int, default=None, help="players (default 3)")
    play.add_argument("--seed", "-s", type=int, default=1, help="match seed (default 1)")
    play.add_argument(
        "--rounds",
        "-r",
        type=rounds_option,
        default=1,
        metavar="N",
        help="rounds to play (default 1), or 'all' for the whole match",
    )
    play.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    play.add_argument(
        "--bots",
        "-b",
        default=None,
        help="the bots of the other seats: one name for all, or one per seat, "
        "comma-separated (default: the game's first bot)",
    )
    play.add_argument(
        "--time-limit",
        "-t",
        type=float,
        default=2.0,
        metavar="SECONDS",
        help="seconds of search for 'hint' and 'playable' (default 2)",
    )
    play.add_argument("--plain", action="store_true", help="no colour")
    play.set_defaults(func=_play)

    simulate = sub.add_parser("simulate", help="self-play: many seeded rounds between bots")
    _add_profile_option(simulate)
    _add_game_option(simulate)
    simulate.add_argument(
        "--bots",
        "-b",
        default="simple,simple,random,random",
        help="one bot per seat, comma-separated: simple, random, greedy, or "
        "module:Class for your own bot class (one with a choose(view) method)",
    )
    simulate.add_argument(
        "--games", type=int, default=100, help=f"rounds to play (1 to {MAX_GAMES})"
    )
    simulate.add_argument("--seed", "-s", type=int, default=0, help="seed of the whole run")
    simulate.add_argument(
        "--workers", "-w", type=int, default=1, help=f"worker processes (1 to {MAX_WORKERS})"
    )
    simulate.add_argument(
        "--progress", action="store_true", help="show the progress bar even when not a terminal"
    )
    simulate.add_argument(
        "--time-limit",
        "-t",
        type=float,
        default=None,
        metavar="SECONDS",
        help="seconds of search a move for the bots that search (greedy); exact if omitted",
    )
    simulate.set_defaults(func=_simulate)

    rules = sub.add_parser(
        "rules",
        help="print a game's rulebook and its profile's settings",
        description="Print the rulebook of a game's family (the docs' rules/ pages, with the "
        "section ids errors cite, then the common ground), followed by the settings of its "
        "profile. --section prints one section, --settings only the settings.",
    )
    rules.add_argument("profile", help=f"one of: {', '.join(game_names())}")
    rules.add_argument(
        "--section", metavar="ID", default=None, help="print only this section: B5, R3, G12, M6, 0"
    )
    rules.add_argument(
        "--settings", action="store_true", help="print only the profile's settings (no rulebook)"
    )
    rules.set_defaults(func=_rules)
    return parser


def _old_games_short(argv: list[str]) -> list[str]:
    """``simulate -g N`` (a number) as ``--games N``, with a deprecation warning on stderr.

    ``-g`` was ``--games`` in ``simulate`` only; it is ``--game`` in every
    command now. A number after it can only mean the old option (no game
    is named by a number), so it keeps working for a while.
    """
    if not argv or argv[0] != "simulate":
        return argv
    out = list(argv)
    for i, word in enumerate(argv[:-1]):
        if word == "-g" and argv[i + 1].isdigit():
            out[i] = "--games"
            sys.stderr.write(
                "mexemexe simulate: warning: '-g N' for the number of rounds is deprecated: "
                "-g is --game in every command; write --games N\n"
            )
    return out


def main(
    argv: Sequence[str] | None = None, out: TextIO | None = None, stdin: TextIO | None = None
) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit code.

    ``out`` and ``stdin`` default to the process's streams (tests pass their own).
    """
    parser = build_parser()
    argv = _old_games_short(list(sys.argv[1:] if argv is None else argv))
    try:
        args = parser.parse_args(argv)
    except _UsageError as err:
        sys.stderr.write(
            f"{err.prog}: error: {' '.join(str(err).split())} (see '{err.prog} --help' for usage)\n"
        )
        return 2
    stream = sys.stdout if out is None else out
    if args.command is None:
        parser.print_help(stream)
        return 2
    try:
        if args.func is _play:
            code: int = _play(args, stream, sys.stdin if stdin is None else stdin)
        else:
            code = args.func(args, stream)
    except MexeMexeError as exc:
        return _fail(args.command, str(exc))
    except BrokenPipeError:  # e.g. piped into `head`: stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except KeyboardInterrupt:  # Ctrl-C, e.g. at the `play` prompt: no traceback
        sys.stderr.write(f"\nmexemexe {args.command}: interrupted\n")
        return 130
    except Exception as exc:  # a user's bot failing mid-run, or a bug: still one line
        return _fail(args.command, f"{type(exc).__name__}: {exc}")
    return code
