"""The example web table (examples/web_table) driven through Starlette's test client.

A whole two-player Brazilian round (B6: melds and lay-offs sent as the
library's move JSON), refusals with codes and translations, tokens that
guard each seat's hand, and a restart that resumes a round from SQLite.
"""

from __future__ import annotations

import re
import warnings
from collections import Counter
from pathlib import Path
from xml.etree import ElementTree

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")


from examples.web_table.app import ROUTES, create_app, locale_of
from examples.web_table.bodies import MAX_BODY
from examples.web_table.openapi import OPENAPI
from examples.web_table.rooms import bot_seed
from starlette.requests import Request

import mexemexe as m

with warnings.catch_warnings():
    # Newer Starlette asks for httpx2 in its test client; httpx still works.
    warnings.filterwarnings("ignore", "Using `httpx`")
    from starlette.testclient import TestClient

Json = dict[str, object]

EXAMPLE = Path(__file__).parents[1] / "examples" / "web_table"


@pytest.fixture
def database(tmp_path: Path) -> Path:
    return tmp_path / "table.sqlite3"


@pytest.fixture
def client(database: Path) -> TestClient:
    """A testing server: it takes a client's seed, so each test deals a known round."""
    return TestClient(create_app(database, client_seeds=True))


@pytest.fixture
def server(database: Path) -> TestClient:
    """A server as real players meet it: it draws every seed itself."""
    return TestClient(create_app(database))


def open_room(client: TestClient, *, seed: int = 7, bots: tuple[str | None, ...] = (None, None)):
    """A Brazilian room with a seat per entry of ``bots``: its id and each player seat's token."""
    answer = client.post("/rooms", json={"game": "brazilian", "players": len(bots), "seed": seed})
    assert answer.status_code == 201, answer.text
    room = answer.json()["room"]
    tokens: dict[int, str] = {}
    for seat, bot in enumerate(bots):
        body = {"bot": bot} if bot else {"name": f"player {seat}"}
        answer = client.post(f"/rooms/{room}/seats/{seat}", json=body)
        assert answer.status_code == 201, answer.text
        if not bot:
            tokens[seat] = answer.json()["token"]
    return room, tokens


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def real_hands(client: TestClient, room: str) -> list[str]:
    """Every hand of the room's state, in notation (what must never leak)."""
    state = client.app.state.lobby.get(room).state  # type: ignore[attr-defined]
    return [m.format_cards(hand) for hand in state.hands]


def helper_move(seen: Json) -> Json:
    """A scripted player's move: the first listed meld, else lay-off, else the draw, else forfeit.

    The server lists a shared table's simple plays as ``meld`` and
    ``layoff`` moves (B6), sent back as they are.
    """
    legal: list[Json] = seen["legal_moves"]  # type: ignore[assignment]
    kinds: dict[str, Json] = {}
    for move in legal:
        kinds.setdefault(str(move["kind"]), move)
    return kinds.get("meld") or kinds.get("layoff") or kinds.get("draw") or kinds["forfeit"]


def play_moves(client: TestClient, room: str, token: str, most: int) -> tuple[Json, Counter[str]]:
    """Play seat 0's scripted moves (a bot answers each) until the end or ``most`` moves."""
    seen = client.get(f"/rooms/{room}/view", headers=bearer(token)).json()
    sent: Counter[str] = Counter()
    while seen["status"] == "playing" and sum(sent.values()) < most:
        move = helper_move(seen)
        answer = client.post(f"/rooms/{room}/moves", headers=bearer(token), json=move)
        assert answer.status_code == 200, answer.text
        sent[str(move["kind"])] += 1
        seen = answer.json()
    return seen, sent


def test_full_brazilian_round_with_melds_and_layoffs(client: TestClient) -> None:
    """A player and a bot play a whole round (B6-B9), the player by meld and layoff JSON."""
    room, tokens = open_room(client, bots=(None, "simple"))
    seen, sent = play_moves(client, room, tokens[0], most=400)
    assert seen["status"] == "over"
    assert seen["view"]["result"] is not None
    assert sent["meld"] > 0
    assert sent["layoff"] > 0


def test_every_move_is_saved(client: TestClient) -> None:
    """The room's move count counts the player's moves and the bot's answers."""
    room, tokens = open_room(client, bots=(None, "simple"))
    seen, sent = play_moves(client, room, tokens[0], most=5)
    assert seen["moves"] == 2 * sum(sent.values())


def test_two_bots_play_a_round_alone(client: TestClient) -> None:
    """Once bots hold every seat they play the round out on their own."""
    room, _ = open_room(client, bots=("simple", "random"))
    assert client.get(f"/rooms/{room}").json()["status"] == "over"


def test_refused_move_has_code_and_portuguese_text(client: TestClient) -> None:
    """An invalid meld comes back 422 with its code and the pt_BR message (?lang=)."""
    room, tokens = open_room(client, bots=(None, "simple"))
    hand = client.get(f"/rooms/{room}/view", headers=bearer(tokens[0])).json()["view"]["hand"]
    by_rank = Counter(card[:-1] for card in hand.split() if card != "JK")
    rank = next(
        rank
        for rank, count in by_rank.items()
        if count >= 2 and len({c for c in hand.split() if c[:-1] == rank}) >= 2
    )
    pair = list(dict.fromkeys(card for card in hand.split() if card[:-1] == rank))[:2]
    move = {"format": 1, "kind": "meld", "cards": " ".join(pair)}
    answer = client.post(f"/rooms/{room}/moves?lang=pt_BR", headers=bearer(tokens[0]), json=move)
    assert answer.status_code == 422
    problem = answer.json()["error"]["problems"][0]
    assert problem["code"] == "group_too_small"
    assert problem["text"] == m.Problem.from_dict(
        {k: v for k, v in problem.items() if k != "text"}
    ).text("pt_BR")
    assert problem["text"] != problem["message"]


def test_accept_language_chooses_galician(client: TestClient) -> None:
    """Without ?lang=, Accept-Language picks the locale of the problems' texts."""
    room, tokens = open_room(client)
    headers = bearer(tokens[1]) | {"Accept-Language": "fr;q=1, gl-ES;q=0.8, en;q=0.5"}
    answer = client.post(
        f"/rooms/{room}/moves", headers=headers, json={"format": 1, "kind": "draw"}
    )
    error = answer.json()["error"]
    assert error["locale"] == "gl"
    assert error["problems"][0]["text"] == m.Problem.from_dict(
        {k: v for k, v in error["problems"][0].items() if k != "text"}
    ).text("gl")


def test_move_out_of_turn_is_refused(client: TestClient) -> None:
    """Seat 1's token cannot move on seat 0's turn (B3): 422 with the turn's code."""
    room, tokens = open_room(client)
    answer = client.post(
        f"/rooms/{room}/moves", headers=bearer(tokens[1]), json={"format": 1, "kind": "draw"}
    )
    assert answer.status_code == 422
    assert answer.json()["error"]["problems"][0]["code"] is not None


def test_move_that_is_no_move_is_refused(client: TestClient) -> None:
    """A body that is not a move's JSON is a 400, whatever it holds."""
    room, tokens = open_room(client)
    answer = client.post(
        f"/rooms/{room}/moves",
        headers=bearer(tokens[0]),
        json={"format": 1, "kind": "layoff", "card": "7H"},
    )
    assert answer.status_code == 400


def test_spectator_sees_no_hand(client: TestClient) -> None:
    """A request without a token gets the spectator view: no hand, none of the real hands."""
    room, _ = open_room(client)
    answer = client.get(f"/rooms/{room}/view")
    assert answer.status_code == 200
    assert answer.json()["seat"] is None
    assert answer.json()["view"]["hand"] == ""
    assert answer.json()["legal_moves"] == []
    for hand in real_hands(client, room):
        assert hand not in answer.text


def test_spectator_picture_shows_no_card(client: TestClient) -> None:
    """Before any play the spectator's SVG draws no card; a seat's draws its whole hand."""
    room, tokens = open_room(client)
    hands = real_hands(client, room)
    watched = client.get(f"/rooms/{room}/view.svg")
    seated = client.get(f"/rooms/{room}/view.svg", headers=bearer(tokens[0]))
    assert watched.headers["content-type"].startswith("image/svg+xml")
    assert not any(f"<title>{card}</title>" in watched.text for card in hands[0].split())
    assert all(f"<title>{card}</title>" in seated.text for card in hands[0].split())


def test_picture_is_well_formed_svg(client: TestClient) -> None:
    """The view's picture parses as XML with an svg root, nested pictures inside."""
    room, tokens = open_room(client)
    answer = client.get(f"/rooms/{room}/view.svg", headers=bearer(tokens[0]))
    root = ElementTree.fromstring(answer.text)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.find("{http://www.w3.org/2000/svg}svg") is not None


def test_seat_sees_own_hand(client: TestClient) -> None:
    """A seat's token shows that seat's real hand."""
    room, tokens = open_room(client)
    seen = client.get(f"/rooms/{room}/view", headers=bearer(tokens[1])).json()
    assert seen["seat"] == 1
    assert seen["view"]["hand"] == real_hands(client, room)[1]


def test_wrong_token_is_refused(client: TestClient) -> None:
    """A token of no seat of the room is a 401, not a spectator's view."""
    room, _ = open_room(client)
    _other, tokens = open_room(client)
    answer = client.get(f"/rooms/{room}/view", headers=bearer(tokens[0]))
    assert answer.status_code == 401
    assert answer.json()["error"]["code"] == "token_invalid"


def test_move_without_token_is_refused(client: TestClient) -> None:
    """Moving needs a seat's token: 401 token_required."""
    room, _ = open_room(client)
    answer = client.post(f"/rooms/{room}/moves", json={"format": 1, "kind": "draw"})
    assert answer.status_code == 401
    assert answer.json()["error"]["code"] == "token_required"


def test_taken_seat_is_refused(client: TestClient) -> None:
    """A seat already taken is a 409."""
    room, _ = open_room(client)
    answer = client.post(f"/rooms/{room}/seats/0", json={"name": "late"})
    assert answer.status_code == 409


def test_no_move_before_every_seat_is_taken(client: TestClient) -> None:
    """The round starts once every seat is taken: 409 room_not_ready before."""
    room = client.post("/rooms", json={"game": "brazilian", "players": 2}).json()["room"]
    token = client.post(f"/rooms/{room}/seats/0", json={"name": "early"}).json()["token"]
    answer = client.post(
        f"/rooms/{room}/moves", headers=bearer(token), json={"format": 1, "kind": "draw"}
    )
    assert answer.json()["error"]["code"] == "room_not_ready"


def test_restart_resumes_mid_round(client: TestClient, database: Path) -> None:
    """A new app on the same SQLite file shows the same view, and the old token plays on."""
    room, tokens = open_room(client, bots=(None, "simple"))
    before, _ = play_moves(client, room, tokens[0], most=8)
    client.app.state.lobby.storage.close()  # type: ignore[attr-defined]
    restarted = TestClient(create_app(database, client_seeds=True))
    after = restarted.get(f"/rooms/{room}/view", headers=bearer(tokens[0])).json()
    assert after == before
    final, _ = play_moves(restarted, room, tokens[0], most=400)
    assert final["status"] == "over"


def test_restart_keeps_hands_secret(client: TestClient, database: Path) -> None:
    """After a restart a spectator still sees no hand."""
    room, _ = open_room(client)
    restarted = TestClient(create_app(database, client_seeds=True))
    answer = restarted.get(f"/rooms/{room}/view")
    assert answer.json()["view"]["hand"] == ""
    for hand in real_hands(restarted, room):
        assert hand not in answer.text


def test_every_game_can_open_a_room(client: TestClient) -> None:
    """GET /games lists the registry; a room of each game deals."""
    games = client.get("/games").json()["games"]
    assert {game["name"] for game in games} == set(m.game_names())
    for game in games:
        body = {"game": game["name"], "players": game["min_players"], "seed": 1}
        assert client.post("/rooms", json=body).status_code == 201


def test_openapi_describes_every_route() -> None:
    """The OpenAPI description has a path for every route but its own."""
    paths = {route.path.replace(":int", "") for route in ROUTES}  # type: ignore[attr-defined]
    assert paths - {"/openapi.json"} == set(OPENAPI["paths"])  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("query", "header", "expected"),
    [
        ("", "pt-BR,pt;q=0.9,en;q=0.8", "pt_BR"),
        ("gl", "pt-BR", "gl"),
        ("", "de, fr;q=0.5", "en"),
        ("xx", "", "en"),
        ("", "pt;q=0, gl;q=0.1", "gl"),
    ],
)
def test_locale_of_request(query: str, header: str, expected: str) -> None:
    """?lang= wins, then Accept-Language by weight, then English."""
    scope = {
        "type": "http",
        "query_string": f"lang={query}".encode() if query else b"",
        "headers": [(b"accept-language", header.encode())] if header else [],
    }
    assert locale_of(Request(scope)) == expected


def test_readme_lists_every_route() -> None:
    """The README's routes table names every route with its method, and no other."""
    readme = (EXAMPLE / "README.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^\| `(GET|POST) (/[^`]*)`", readme, re.MULTILINE))
    served = {
        (method, route.path.replace(":int", ""))
        for route in ROUTES
        for method in route.methods - {"HEAD"}  # type: ignore[attr-defined]
    }
    assert listed == served


def test_readme_lists_every_error_code() -> None:
    """Each error code the app answers with is in the README's table, under its status."""
    readme = (EXAMPLE / "README.md").read_text(encoding="utf-8")
    source = "".join(path.read_text(encoding="utf-8") for path in EXAMPLE.glob("*.py"))
    answered = set(re.findall(r'(?:TableError|_error)\(\s*(\d+),\s*"(\w+)"', source))
    assert len(answered) > 10
    for status, code in answered:
        assert re.search(rf"^\| {status} .*`{code}`", readme, re.MULTILINE), (status, code)


def new_room(client: TestClient, **body: object) -> dict[str, object]:
    """POST /rooms for a two-player Brazilian room with ``body``'s extra fields."""
    answer = client.post("/rooms", json={"game": "brazilian", "players": 2} | body)
    return {"status": answer.status_code} | answer.json()


def test_client_seed_is_refused(server: TestClient) -> None:
    """A chosen seed would give away every hand (§0 seeded randomness, B2): 400 seed_refused."""
    answer = new_room(server, seed=7)
    assert answer["status"] == 400
    assert answer["error"]["code"] == "seed_refused"  # type: ignore[index]
    assert server.get("/rooms").json()["rooms"] == []


def test_rooms_get_different_deals(server: TestClient) -> None:
    """Two rooms opened without a seed are dealt different hands."""
    first, second = (new_room(server)["room"] for _ in range(2))
    assert real_hands(server, str(first)) != real_hands(server, str(second))


def test_server_seed_has_128_bits(server: TestClient) -> None:
    """The server's seed is far past brute force: rooms' seeds reach past 2**64."""
    rooms = [new_room(server)["room"] for _ in range(8)]
    seeds = [server.app.state.lobby.get(room).seed for room in rooms]  # type: ignore[attr-defined]
    assert max(seeds) > 2**64


def test_big_seed_survives_a_restart(client: TestClient, database: Path) -> None:
    """A seed over SQLite's 64-bit INTEGER is saved as text and read back whole."""
    room = str(new_room(client, seed=10**30)["room"])
    restarted = TestClient(create_app(database))
    assert restarted.app.state.lobby.get(room).seed == 10**30  # type: ignore[attr-defined]


def test_bot_seed_is_not_the_room_seed() -> None:
    """A bot's seed is a digest: neither the room's seed nor the room's plus its seat."""
    seeds = {bot_seed(12345, seat) for seat in range(4)}
    assert len(seeds) == 4
    assert not seeds & {12345 + seat for seat in range(4)}


def test_deeply_nested_body_is_a_400(server: TestClient) -> None:
    """JSON nested 30000 levels deep (past Python's recursion limit) is bad_json, not a 500."""
    answer = server.post("/rooms", content="[" * 30000 + "]" * 30000)
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "bad_json"


def test_body_nested_past_the_limit_is_a_400(server: TestClient) -> None:
    """An object nested past the table's limit (but within Python's) is bad_json."""
    body = '{"game": ' + "[" * 100 + "]" * 100 + "}"
    answer = server.post("/rooms", content=body)
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "bad_json"


def test_huge_number_is_a_400(server: TestClient) -> None:
    """An integer of 5000 digits (past Python's conversion limit) is bad_json."""
    answer = server.post("/rooms", content='{"game": "brazilian", "players": ' + "9" * 5000 + "}")
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "bad_json"


def test_body_that_is_not_utf8_is_a_400(server: TestClient) -> None:
    """Bytes that are no UTF-8 text are bad_json."""
    answer = server.post("/rooms", content=b'{"game": "\xff"}')
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "bad_json"


def test_nan_is_a_400(server: TestClient) -> None:
    """NaN is not JSON: bad_json."""
    answer = server.post("/rooms", content='{"game": "brazilian", "players": NaN}')
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "bad_json"


def test_big_body_is_a_413(server: TestClient) -> None:
    """A body over 64 KiB, its Content-Length saying so, is refused with 413."""
    answer = server.post("/rooms", json={"game": "brazilian", "pad": "x" * MAX_BODY})
    assert answer.status_code == 413
    assert answer.json()["error"]["code"] == "body_too_large"


def test_big_streamed_body_is_a_413(server: TestClient) -> None:
    """A body sent in chunks without Content-Length is counted as it comes: 413 past 64 KiB."""
    chunks = iter([b'{"game": "' + b"x" * 1024] * 80)
    answer = server.post("/rooms", content=chunks)
    assert "content-length" not in answer.request.headers
    assert answer.status_code == 413


def test_big_move_body_is_a_413(client: TestClient) -> None:
    """The moves route reads its body with the same limit."""
    room, tokens = open_room(client)
    move = {"format": 1, "kind": "draw", "pad": "x" * MAX_BODY}
    answer = client.post(f"/rooms/{room}/moves", headers=bearer(tokens[0]), json=move)
    assert answer.status_code == 413


def test_bad_content_length_is_a_400(server: TestClient) -> None:
    """A Content-Length that is no number is a 400."""
    answer = server.post("/rooms", content=b"{}", headers={"Content-Length": "ten"})
    assert answer.status_code == 400
