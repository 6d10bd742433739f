"""``boardrules serve``: the page, the JSON API over `Match`, and every refusal (issue #31,
item 4). The browser run is in .ci/screenshots.py (``--serve``)."""

from __future__ import annotations

import http.client
import io
import json
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from boardrules import to_data
from boardrules.apps.cli import main
from boardrules.apps.serve import MAX_REQUEST_BYTES, Server, make_server
from boardrules.games import GAMES


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    running = make_server("127.0.0.1", 0, quiet=True)
    threading.Thread(target=running.serve_forever, daemon=True).start()
    yield running
    running.shutdown()
    running.server_close()


def call(server: Server, method: str, path: str, body: bytes | None = None,
         headers: dict[str, str] | None = None) -> tuple[int, str, Any]:
    """Send one request; return the status, the content type and the body (JSON read)."""
    connection = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=60)
    try:
        connection.request(method, path, body, headers or {})
        answer = connection.getresponse()
        data = answer.read()
        kind = answer.getheader("Content-Type", "")
        return answer.status, kind, json.loads(data) if kind == "application/json" else data
    finally:
        connection.close()


def post(server: Server, path: str, body: object) -> tuple[int, Any]:
    status, _, data = call(server, "POST", path, json.dumps(body).encode(),
                           {"Content-Type": "application/json"})
    return status, data


def new(server: Server, name: str = "kivi", **fields: Any) -> tuple[str, dict[str, Any]]:
    status, data = post(server, "/api/new", {"game": name, "seats": ["human", "random"],
                                             "seed": 4, **fields})
    assert status == 200, data
    return data["session"], data["view"]


def test_page(server: Server) -> None:
    """One page, self-contained: no resource from another site."""
    status, kind, page = call(server, "GET", "/")
    assert status == 200 and kind == "text/html; charset=utf-8"
    text = page.decode()
    assert "<script>" in text and "/api/act" in text
    assert "http://" not in text and "https://" not in text and " src=" not in text


def test_games(server: Server) -> None:
    status, _, data = call(server, "GET", "/api/games")
    assert status == 200
    assert [g["name"] for g in data["games"]] == list(GAMES)
    assert "random" in data["bots"]


def test_a_whole_game(server: Server) -> None:
    """A game of KIVI through the API: views are the human seat's; undo and redo work."""
    session, view = new(server)
    assert view["status"] == "your move" and view["viewer"] == 0
    assert view["observation"]["kind"] == "observation" and view["svg"].startswith("<svg")
    status, data = post(server, "/api/act", {"session": session, "index": 0})
    assert status == 200
    assert post(server, "/api/undo", {"session": session})[1]["view"] == view | {
        "can_redo": True}
    assert post(server, "/api/redo", {"session": session})[1] == data
    moves = 1
    while data["view"]["status"] != "game over":
        status, data = post(server, "/api/act", {"session": session,
                                                 "index": len(data["view"]["actions"]) - 1})
        assert status == 200, data
        moves += 1
    assert data["view"]["result"].startswith("Scores: ")
    assert post(server, "/api/view", {"session": session})[1] == data
    assert moves > 5


def test_options_and_seats(server: Server) -> None:
    """A new game takes the game's options (JSON) and any seat order."""
    options = to_data(GAMES["kivi"].Options(highest_rule="strict"))["data"]
    _, view = new(server, seats=["random", "human"], options=options)
    assert view["viewer"] == 1 and view["seats"] == ["random", "human"]


@pytest.mark.parametrize(("body", "reason"), [
    ({"game": "chess", "seats": ["human", "random"]}, "game"),
    ({"game": "kivi", "seats": ["human", "human"]}, "exactly one 'human'"),
    ({"game": "kivi", "seats": ["random", "random"]}, "exactly one 'human'"),
    ({"game": "kivi", "seats": ["human"]}, "seats"),
    ({"game": "kivi", "seats": "human,random"}, "seats"),
    ({"game": "kivi", "seats": ["human", "ismcts:5s"]}, "not 'human'"),
    ({"game": "kivi", "seats": ["human", "ismcts:100000"]}, "not 'human'"),
    ({"game": "kivi", "seats": ["human", "random"], "seed": -1}, "seed"),
    ({"game": "kivi", "seats": ["human", "random"], "seed": True}, "seed"),
    ({"game": "kivi", "seats": ["human", "random"], "options": {"board": 3}}, "options"),
    ({"game": "kivi", "seats": ["human", "random"], "colour": "red"}, "unknown ['colour']"),
    ({"game": "kivi"}, "missing ['seats']"),
    ([1, 2], "JSON object"),
])
def test_new_refusals(server: Server, body: object, reason: str) -> None:
    before = len(server.sessions)
    status, data = post(server, "/api/new", body)
    assert status == 400 and reason in data["error"]
    assert len(server.sessions) == before


def test_session_refusals(server: Server) -> None:
    """Bad sessions, indices and bodies are refused; the match does not change."""
    session, view = new(server)
    for body, code in [
        ({"session": "nope", "index": 0}, 404), ({"session": 7, "index": 0}, 400),
        ({"session": "x" * 100, "index": 0}, 400),
        ({"session": session, "index": len(view["actions"])}, 400),
        ({"session": session, "index": -1}, 400), ({"session": session, "index": "0"}, 400),
        ({"session": session, "index": True}, 400), ({"session": session, "index": 0.0}, 400),
        ({"session": session}, 400),
    ]:
        status, data = post(server, "/api/act", body)
        assert status == code and "error" in data, body
    assert post(server, "/api/undo", {"session": session})[0] == 400  # nothing to undo
    assert post(server, "/api/redo", {"session": session})[0] == 400
    assert post(server, "/api/view", {"session": session})[1]["view"] == view


@pytest.mark.parametrize("request_", [
    ("GET", "/api/act", None, {}, 405),
    ("GET", "/nothing", None, {}, 404),
    ("POST", "/api/nothing", b"{}", {"Content-Type": "application/json"}, 404),
    ("POST", "/api/view", b"{}", {"Content-Type": "text/plain"}, 415),
    ("POST", "/api/view", b"{", {"Content-Type": "application/json"}, 400),
    ("POST", "/api/view", b"\xff", {"Content-Type": "application/json"}, 400),
    ("POST", "/api/view", b"[" * 100_000, {"Content-Type": "application/json"}, 413),
    ("POST", "/api/view", b"[" * 50_000, {"Content-Type": "application/json"}, 400),
    ("GET", "/", None, {"Host": "attacker.example:80"}, 400),
])
def test_request_refusals(
        server: Server,
        request_: tuple[str, str, bytes | None, dict[str, str], int]) -> None:
    """Every refusal is JSON with an error and a 4xx status."""
    method, path, body, headers, code = request_
    status, kind, data = call(server, method, path, body, headers)
    assert status == code and kind == "application/json" and data["error"]
    assert MAX_REQUEST_BYTES < 100_000


def test_sessions_are_unguessable(server: Server) -> None:
    first, _ = new(server)
    second, _ = new(server)
    assert first != second and len(first) >= 32


def test_cli_serve_refuses_a_bad_address() -> None:
    """``--host`` elsewhere than this computer warns; an address that cannot be bound is
    an error, not a traceback."""
    out, err = io.StringIO(), io.StringIO()
    assert main(["serve", "--host", "256.0.0.1", "--port", "0"], out=out, err=err) == 1
    assert "warning" in err.getvalue() and "cannot serve on 256.0.0.1" in err.getvalue()
    with pytest.raises(SystemExit):
        main(["serve", "--port", "70000"], out=out, err=err)
