"""The HTTP side of the web table: Starlette routes over a `Lobby` (README.md lists them).

Start it with ``uvicorn examples.web_table.app:app`` or ``python -m
examples.web_table`` from the repository's root; ``WEB_TABLE_DB`` names the
SQLite file (``web_table.sqlite3`` by default).

Each request's work is synchronous (the engine and SQLite are quick), so on
the event loop no two requests interleave inside a room: a move is checked,
saved and answered before the next request is read.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from mexemexe import IllegalMoveError, MexeMexeError, Move, game_names, get_game

from .bodies import read_object
from .openapi import OPENAPI
from .pictures import view_svg
from .rooms import Lobby, Room, TableError, legal_moves
from .storage import Storage

__all__ = ["app", "create_app", "locale_of"]

#: The locales the library's problem messages are written in (`Problem.text`).
LOCALES = ("en", "pt_BR", "gl")


def locale_of(request: Request) -> str:
    """The locale of a request's messages: ``?lang=``, else Accept-Language, else English.

    Tags are read loosely (``pt-BR``, ``pt``, ``gl-ES``, ``en-US``); a tag in
    no locale of `LOCALES` is skipped. Accept-Language's ``q`` weights order
    its tags, and ``q=0`` refuses one.
    """
    tags = [request.query_params.get("lang", "")]
    weighted: list[tuple[float, str]] = []
    for item in request.headers.get("accept-language", "").split(","):
        tag, _, params = item.strip().partition(";")
        weight = params.strip().removeprefix("q=")
        try:
            quality = float(weight) if weight else 1.0
        except ValueError:
            continue
        if quality > 0:  # q=0 means "not this one"
            weighted.append((quality, tag.strip()))
    tags += [tag for _, tag in sorted(weighted, key=lambda pair: -pair[0])]
    for tag in tags:
        language = tag.replace("-", "_").lower()
        for locale in LOCALES:
            if language == locale.lower() or language.split("_")[0] == locale[:2]:
                return locale
    return "en"


def _error(
    status: int, code: str, message: str, headers: Mapping[str, str] | None = None, **more: object
) -> JSONResponse:
    if status == 401:
        headers = {"WWW-Authenticate": "Bearer"}
    return JSONResponse({"error": {"code": code, "message": message, **more}}, status, headers)


async def _table_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, TableError)
    return _error(exc.status, exc.code, exc.message)


async def _illegal_move(request: Request, exc: Exception) -> Response:
    """A refused move: 422 with every problem's code, rule and message in the request's locale."""
    assert isinstance(exc, IllegalMoveError)
    locale = locale_of(request)
    problems = [problem.to_dict() | {"text": problem.text(locale)} for problem in exc.problems]
    return _error(422, "illegal_move", str(exc), locale=locale, problems=problems)


async def _bad_input(request: Request, exc: Exception) -> Response:
    """Any other refusal by the library (a move's JSON that is no move, say): 400."""
    return _error(400, "bad_request", str(exc))


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    return _error(exc.status_code, "http_error", exc.detail, exc.headers)


def _lobby(request: Request) -> Lobby:
    lobby: Lobby = request.app.state.lobby
    return lobby


def _room(request: Request) -> Room:
    return _lobby(request).get(request.path_params["room"])


def _seat(request: Request, room: Room, *, required: bool) -> int | None:
    """The seat whose token the request carries (``Authorization: Bearer TOKEN``), else ``None``.

    Raises:
        TableError: 401 ``token_required`` without a token when one is
            required, 401 ``token_invalid`` for a malformed header or a token
            of no seat of ``room``.
    """
    header = request.headers.get("authorization")
    if header is None:
        if required:
            raise TableError(401, "token_required", "send the seat's token as a Bearer token")
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise TableError(401, "token_invalid", "expected 'Authorization: Bearer TOKEN'")
    return room.seat_of(token.strip())


def _seen(room: Room, seat: int | None) -> JSONResponse:
    """What ``seat`` (``None``: a spectator) sees of ``room``: its view and legal moves."""
    return JSONResponse(
        room.summary()
        | {
            "seat": seat,
            "view": room.view(seat).to_dict(),
            "legal_moves": legal_moves(room, seat),
        }
    )


async def list_games(request: Request) -> Response:
    """GET /games: every game a room can hold, with its seats and bots."""
    games = [get_game(name) for name in game_names()]
    return JSONResponse(
        {
            "games": [
                {
                    "name": game.name,
                    "title": game.label,
                    "min_players": game.rules.min_players,
                    "max_players": game.rules.max_players,
                    "bots": list(game.bots),
                }
                for game in games
            ]
        }
    )


async def list_rooms(request: Request) -> Response:
    """GET /rooms: every room, as anyone may see it."""
    lobby = _lobby(request)
    return JSONResponse({"rooms": [lobby.get(room).summary() for room in lobby.room_ids()]})


async def create_room(request: Request) -> Response:
    """POST /rooms: deal a new room (body: game, players; seed only on a testing server).

    The server draws the seed: whoever knows a room's seed knows every hand
    and the stock, so a client's ``seed`` is refused unless the app was made
    with ``client_seeds=True`` (tests and replays, never a real table).
    """
    body = await read_object(request)
    game, players, seed = body.get("game"), body.get("players", 2), body.get("seed")
    if not isinstance(game, str):
        raise TableError(400, "bad_request", "'game' is a game's name (GET /games)")
    if not isinstance(players, int) or isinstance(players, bool):
        raise TableError(400, "bad_players", "'players' is a whole number")
    if seed is not None and not request.app.state.client_seeds:
        raise TableError(
            400,
            "seed_refused",
            "the server draws each room's seed: whoever chose it would know every hand",
        )
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or seed < 0):
        raise TableError(400, "bad_request", "'seed' is a whole number, or absent")
    room = _lobby(request).create(game, players, seed)
    return JSONResponse(room.summary(), 201)


async def show_room(request: Request) -> Response:
    """GET /rooms/{room}: the room's game, status and seats."""
    return JSONResponse(_room(request).summary())


async def take_seat(request: Request) -> Response:
    """POST /rooms/{room}/seats/{seat}: a player (body: name) or a bot (body: bot) sits down."""
    room, seat = _room(request), request.path_params["seat"]
    body = await read_object(request)
    bot, name = body.get("bot"), body.get("name", f"player {seat}")
    if bot is not None:
        if not isinstance(bot, str):
            raise TableError(400, "unknown_bot", "'bot' is one of the game's bots (GET /games)")
        _lobby(request).sit_bot(room, seat, bot)
        return JSONResponse({"room": room.id, "seat": seat, "bot": bot}, 201)
    if not isinstance(name, str) or not 0 < len(name) <= 40:
        raise TableError(400, "bad_request", "'name' is text of 1-40 characters")
    token = _lobby(request).sit(room, seat, name)
    return JSONResponse({"room": room.id, "seat": seat, "name": name, "token": token}, 201)


async def show_view(request: Request) -> Response:
    """GET /rooms/{room}/view: the token's seat's view, or without a token the spectator's."""
    room = _room(request)
    return _seen(room, _seat(request, room, required=False))


async def show_view_svg(request: Request) -> Response:
    """GET /rooms/{room}/view.svg: the same view as an SVG picture."""
    room = _room(request)
    view = room.view(_seat(request, room, required=False))
    picture = view_svg(view, f"{room.game.label} room {room.id}")
    return Response(picture, media_type="image/svg+xml")


async def make_move(request: Request) -> Response:
    """POST /rooms/{room}/moves: the token's seat makes the move in the body (a move's JSON)."""
    room = _room(request)
    seat = _seat(request, room, required=True)
    assert seat is not None
    move = Move.from_dict(await read_object(request))
    _lobby(request).move(room, seat, move)
    return _seen(room, seat)


async def openapi(request: Request) -> Response:
    """GET /openapi.json: the OpenAPI description of these routes."""
    return JSONResponse(OPENAPI)


ROUTES = [
    Route("/games", list_games),
    Route("/rooms", list_rooms),
    Route("/rooms", create_room, methods=["POST"]),
    Route("/rooms/{room}", show_room),
    Route("/rooms/{room}/seats/{seat:int}", take_seat, methods=["POST"]),
    Route("/rooms/{room}/view", show_view),
    Route("/rooms/{room}/view.svg", show_view_svg),
    Route("/rooms/{room}/moves", make_move, methods=["POST"]),
    Route("/openapi.json", openapi),
]


def create_app(
    database: str | Path = "web_table.sqlite3", *, client_seeds: bool = False
) -> Starlette:
    """A web table serving the rooms saved in the SQLite file ``database`` (created if new).

    ``client_seeds=True`` lets ``POST /rooms`` take a ``seed``, so tests can
    deal a known round; a client that chose the seed knows every hand, so a
    server for real players leaves it off.
    """
    app = Starlette(
        routes=ROUTES,
        exception_handlers={
            TableError: _table_error,
            IllegalMoveError: _illegal_move,
            MexeMexeError: _bad_input,
            HTTPException: _http_error,
        },
    )
    app.state.lobby = Lobby(Storage(database))
    app.state.client_seeds = client_seeds
    return app


#: The app uvicorn serves: ``uvicorn examples.web_table.app:app``.
app = create_app(os.environ.get("WEB_TABLE_DB", "web_table.sqlite3"))
