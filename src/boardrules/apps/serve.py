"""``boardrules serve``: play any game against the bots in a web browser.

A small web server from the standard library (`http.server`), bound to 127.0.0.1 by
default, serves one page and a JSON API over `Match`:

* ``GET /`` — the page (plain HTML and a little JavaScript, nothing loaded from elsewhere);
* ``GET /api/games`` — the games, their player counts and default options;
* ``POST /api/new`` ``{"game", "seats", "seed"?, "options"?}`` — a new match with exactly
  one ``"human"`` seat; answers ``{"session", "seat", "view"}``;
* ``POST /api/view``, ``/api/undo``, ``/api/redo`` ``{"session"}`` and ``/api/act``
  ``{"session", "index"}`` — answer ``{"view"}``, the human seat's `Match.view`.

Every request is checked: its size (at most `MAX_REQUEST_BYTES`), its ``Host`` (a page of
another site cannot reach the server through a DNS name of its own), its content type, and
every field's type and value; a problem is answered with ``{"error": "..."}`` and a 4xx
status, and changes nothing. A session is named by an unguessable id, and its state never
leaves the server except as the human seat's view.
"""

from __future__ import annotations

import http.server
import json
import re
import secrets
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable
from collections.abc import Set as AbstractSet
from importlib import resources
from typing import Any, ClassVar, Final, TextIO
from urllib.parse import urlsplit

from boardrules.apps.match import HUMAN, Match
from boardrules.errors import BoardrulesError
from boardrules.registry import GAMES
from boardrules.serialization import JSONValue, structure, unstructure

__all__ = ["MAX_REQUEST_BYTES", "MAX_SESSIONS", "Server", "make_server", "serve"]

MAX_REQUEST_BYTES: Final = 64 * 1024
"""The largest request body read; a larger one is refused (413) unread."""
MAX_SESSIONS: Final = 100
"""Matches kept at once; a new one past this ends the least recently used."""
BOT_SPEC: Final = re.compile(r"random|ismcts(:[1-9][0-9]{0,3})?")
"""The bots a page may seat: random, or ISMCTS with at most 9,999 iterations a move (a
time budget or a huge one would let one request hold the server)."""
BOTS: Final = ("random", "ismcts:20", "ismcts:200", "ismcts:1000")
"""The bots the page offers."""


class RequestError(Exception):
    """A request the server refuses: its status code and the reason."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status


class Server(http.server.ThreadingHTTPServer):
    """The HTTP server with its matches (one lock guards the table; one lock per match)."""

    daemon_threads = True

    def __init__(self, address: tuple[str, int], *, quiet: bool = False) -> None:
        super().__init__(address, Handler)
        self.quiet = quiet
        self.sessions: OrderedDict[str, tuple[Match, int, threading.Lock]] = OrderedDict()
        self.table_lock = threading.Lock()

    def add(self, match: Match, seat: int) -> str:
        """Keep `match` played by `seat`; return its new session id."""
        session = secrets.token_urlsafe(24)
        with self.table_lock:
            self.sessions[session] = (match, seat, threading.Lock())
            while len(self.sessions) > MAX_SESSIONS:
                self.sessions.popitem(last=False)
        return session

    def find(self, session: object) -> tuple[Match, int, threading.Lock]:
        """The match of a session id; raise `RequestError` (404) for an unknown one."""
        if not isinstance(session, str) or len(session) > 64:
            raise RequestError(400, "session: expected the session's id")
        with self.table_lock:
            found = self.sessions.get(session)
            if found is None:
                raise RequestError(404, "no such session (it may have ended: start a new game)")
            self.sessions.move_to_end(session)
        return found


def _fields(body: dict[str, Any], required: AbstractSet[str],
            optional: AbstractSet[str] = frozenset()) -> None:
    """Refuse a body without every required key or with another key."""
    missing = required - body.keys()
    extra = body.keys() - required - optional
    if missing or extra:
        raise RequestError(400, f"expected the fields {sorted(required)}"
                           + (f" and optionally {sorted(optional)}" if optional else "")
                           + f"; missing {sorted(missing)}, unknown {sorted(extra)}")


def _new(server: Server, body: dict[str, Any]) -> dict[str, JSONValue]:
    _fields(body, {"game", "seats"}, {"seed", "options"})
    name, seats, seed = body["game"], body["seats"], body.get("seed", 0)
    if not isinstance(name, str) or name not in GAMES:
        raise RequestError(400, f"game: expected one of {sorted(GAMES)}")
    game = GAMES[name]
    if (not isinstance(seats, list) or not all(isinstance(s, str) for s in seats)
            or not game.MIN_PLAYERS <= len(seats) <= game.MAX_PLAYERS):
        raise RequestError(400, f"seats: expected a list of {game.MIN_PLAYERS} to "
                                f"{game.MAX_PLAYERS} seat names")
    if seats.count(HUMAN) != 1:
        raise RequestError(400, "seats: expected exactly one 'human' seat")
    for spec in seats:
        if spec != HUMAN and not BOT_SPEC.fullmatch(spec):
            raise RequestError(400, f"seats: {spec[:40]!r} is not 'human', 'random' or "
                                    "'ismcts:N' (N < 10000)")
    if type(seed) is not int or not 0 <= seed < 2**63:
        raise RequestError(400, "seed: expected a whole number from 0 to 2**63 - 1")
    options = None
    if body.get("options") is not None:
        options = structure(body["options"], game.Options, "options")
    match = Match(game, seats, seed=seed, options=options)
    seat = seats.index(HUMAN)
    return {"session": server.add(match, seat), "seat": seat, "view": match.view(seat)}


def _session_call(server: Server, body: dict[str, Any], extra: set[str],
                  call: Callable[[Match, int], None]) -> dict[str, JSONValue]:
    _fields(body, {"session", *extra})
    match, seat, lock = server.find(body["session"])
    with lock:
        call(match, seat)
        return {"view": match.view(seat)}


def _act(match: Match, seat: int, body: dict[str, Any]) -> None:
    index = body["index"]
    if type(index) is not int:
        raise RequestError(400, "index: expected the index of a legal action")
    match.act(seat, index)


def _games() -> dict[str, JSONValue]:
    return {"games": [{"name": g.NAME, "title": g.TITLE, "min_players": g.MIN_PLAYERS,
                       "max_players": g.MAX_PLAYERS,
                       "options": unstructure(g.Options(), g.Options)}
                      for g in GAMES.values()],
            "bots": list(BOTS)}


class Handler(http.server.BaseHTTPRequestHandler):
    """Answers the page and the JSON API (see the module's docs)."""

    server: Server
    server_version = "boardrules"
    sys_version = ""
    POSTS: ClassVar[frozenset[str]] = frozenset(
        {"/api/new", "/api/view", "/api/act", "/api/undo", "/api/redo"})

    def log_message(self, format: str, *args: Any) -> None:
        if not self.server.quiet:
            super().log_message(format, *args)

    def _send(self, status: int, body: bytes, content_type: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Content-Security-Policy",
                         "default-src 'none'; script-src 'unsafe-inline'; "
                         "style-src 'unsafe-inline'; img-src data:; connect-src 'self'; "
                         "frame-ancestors 'none'")
        self.end_headers()
        self.wfile.write(body)

    def _json(self, status: int, data: object) -> None:
        self._send(status, json.dumps(data).encode(), "application/json")

    def _check_host(self) -> None:
        """Refuse a Host other than the address served (DNS rebinding)."""
        host, port = str(self.server.server_address[0]), self.server.server_address[1]
        allowed = {f"{host}:{port}", f"[{host}]:{port}", f"localhost:{port}",
                   f"127.0.0.1:{port}"}
        if host in ("0.0.0.0", "::"):
            return
        if self.headers.get("Host", "") not in allowed:
            raise RequestError(400, "unexpected Host header")

    def do_GET(self) -> None:
        try:
            self._check_host()
            path = urlsplit(self.path).path
            if path in ("/", "/index.html"):
                self._send(200, page(), "text/html; charset=utf-8")
            elif path == "/api/games":
                self._json(200, _games())
            elif path in self.POSTS:
                raise RequestError(405, f"{path} takes POST")
            else:
                raise RequestError(404, f"no page {path[:60]!r}")
        except RequestError as exc:
            self._json(exc.status, {"error": str(exc)})

    def do_POST(self) -> None:
        try:
            self._check_host()
            path = urlsplit(self.path).path
            if path not in self.POSTS:
                raise RequestError(404, f"no API {path[:60]!r}")
            body = self._body()
            try:
                self._json(200, self._dispatch(path, body))
            except BoardrulesError as exc:
                raise RequestError(400, str(exc)) from None
        except RequestError as exc:
            self.close_connection = True  # an unread body must not be read as a request
            self._json(exc.status, {"error": str(exc)})

    def _body(self) -> dict[str, Any]:
        if self.headers.get_content_type() != "application/json":
            raise RequestError(415, "expected Content-Type: application/json")
        length = self.headers.get("Content-Length", "")
        if not length.isascii() or not length.isdigit():
            raise RequestError(411, "expected a Content-Length")
        if int(length) > MAX_REQUEST_BYTES:
            raise RequestError(413, f"the request is larger than {MAX_REQUEST_BYTES} bytes")
        try:
            body = json.loads(self.rfile.read(int(length)))
        except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
            raise RequestError(400, "the request is not JSON") from None
        if not isinstance(body, dict):
            raise RequestError(400, "expected a JSON object")
        return body

    def _dispatch(self, path: str, body: dict[str, Any]) -> dict[str, JSONValue]:
        server = self.server
        if path == "/api/new":
            return _new(server, body)
        if path == "/api/act":
            return _session_call(server, body, {"index"},
                                 lambda match, seat: _act(match, seat, body))
        if path == "/api/undo":
            return _session_call(server, body, set(), lambda match, seat: match.undo(seat))
        if path == "/api/redo":
            return _session_call(server, body, set(), lambda match, seat: match.redo(seat))
        return _session_call(server, body, set(), lambda match, seat: None)


def page() -> bytes:
    """The page: ``serve.html`` beside this module."""
    return resources.files("boardrules.apps").joinpath("serve.html").read_bytes()


def make_server(host: str = "127.0.0.1", port: int = 8000, *, quiet: bool = False) -> Server:
    """Return a server bound to `host`:`port` (port 0: any free port), not yet serving."""
    return Server((host, port), quiet=quiet)


def serve(host: str, port: int, *, out: TextIO = sys.stdout, err: TextIO = sys.stderr
          ) -> int:
    """Serve until Ctrl-C (``boardrules serve``); return the exit status."""
    if host not in ("127.0.0.1", "localhost", "::1"):
        err.write(f"boardrules: warning: serving on {host}, so other machines can reach the "
                  "page; boardrules serve has no login, so anyone who can reach it can play\n")
    try:
        server = make_server(host, port)
    except OSError as exc:
        err.write(f"boardrules: cannot serve on {host}:{port}: {exc.strerror or exc}\n")
        return 1
    with server:
        shown_host, shown_port = str(server.server_address[0]), server.server_address[1]
        out.write(f"Serving boardrules on http://{shown_host}:{shown_port}/ "
                  "(Ctrl-C stops)\n")
        out.flush()
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            out.write("\nStopped.\n")
    return 0
