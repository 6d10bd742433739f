"""The fuzz suite's machinery: seeds of valid input, mutations, and the checks every
input must pass (issue #29, "the attack, kept").

Every check takes one input and raises `Finding` if the library answers it with
anything but a valid object or a typed refusal (`BoardrulesError`) within `SECONDS`:
an untyped error, a hang, or a loaded object that is not valid.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import math
import os
import random
from collections.abc import Callable, Iterator
from typing import Any, Final

import attrs

from boardrules.chance import playout
from boardrules.errors import BoardrulesError
from boardrules.game import CHANCE
from boardrules.games import GAMES, game_of
from boardrules.records import Record, replay_states
from boardrules.serialization import (
    MAX_DOCUMENT_BYTES,
    from_data,
    from_json,
    read_json,
    to_json,
)
from tests.cross_game import Overtime, bounded

SECONDS: Final = 10.0
"""The most one input may take."""

JSON = Any


class Finding(AssertionError):
    """An input the library mishandled; `case` is the input, to keep in the corpus."""

    def __init__(self, case: dict[str, JSON], problem: str) -> None:
        self.case = case
        super().__init__(f"{problem}\nthe input (add it to tests/fuzz/corpus/):\n"
                         f"{json.dumps(case)[:4000]}")


# --- valid seeds --------------------------------------------------------------------------


@attrs.frozen
class Seeds:
    """Valid documents and notations of every game, from seeded random games."""

    documents: tuple[str, ...]
    """Every kind: states, actions, observations, options, records."""
    notations: dict[str, tuple[str, ...]]
    """Each game's action and chance-outcome notations met."""
    states: dict[str, tuple[Any, ...]]
    """Each game's states met (decisions and chance nodes)."""


def seeds(games: int = 2, seed: int = 0) -> Seeds:
    """Play `games` random games of each registered game and its player counts; keep their
    documents, notations and states."""
    rng = random.Random(seed)
    documents: list[str] = []
    notations: dict[str, list[str]] = {}
    states: dict[str, list[Any]] = {}
    for name, game in GAMES.items():
        met_notation = notations.setdefault(name, [])
        met_states = states.setdefault(name, [])
        documents.append(to_json(game.Options()))
        for players in sorted({game.MIN_PLAYERS, min(game.MAX_PLAYERS, game.MIN_PLAYERS + 1)}):
            for _ in range(games):
                record = Record.start(name, players)
                state = game.new_game(players)
                actions = []
                steps = 0
                while not game.is_terminal(state) and steps < 120:
                    action = (game.sample_chance(state, rng) if game.to_move(state) is CHANCE
                              else rng.choice(game.legal_actions(state)))
                    actions.append(action)
                    met_notation.append(str(action))
                    state = game.apply(state, action)
                    steps += 1
                    if rng.random() < 0.08:
                        met_states.append(state)
                        documents.append(to_json(state))
                        documents.append(to_json(action))
                        for seat in (None, *range(players)):
                            if rng.random() < 0.4:
                                documents.append(to_json(game.observe(state, seat)))
                documents.append(to_json(record.extended(actions)))
    return Seeds(tuple(documents), {k: tuple(v) for k, v in notations.items()},
                 {k: tuple(v) for k, v in states.items()})


# --- mutations ----------------------------------------------------------------------------

_DEEP: Final = 200


def _deep(depth: int) -> JSON:
    value: JSON = 0
    for _ in range(depth):
        value = [value]
    return value


INTERESTING: Final[tuple[JSON, ...]] = (
    None, True, False, 0, 1, -1, 2, 3, 6, 7, 13, 255, 256, 2**31, -(2**31), 2**63, -(2**63),
    2**64, 10**40, 0.5, -0.0, 1e308, math.inf, -math.inf, math.nan, "", "x", "0", "-1",
    "1/0", "1/6", "0/1", "-1/2", "\u0000", "\ud800", "🂡", "x" * 5000, [], {}, [None], [[]],
    {"type": "Forfeit"}, {"type": "NoSuchAction"}, {"type": 1}, _deep(_DEEP),
)
"""Values that break validators: edges of ints, floats JSON may not carry, odd strings,
empty and deep containers."""


def _paths(data: JSON, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _paths(value, (*path, index))


def _get(data: JSON, path: tuple[Any, ...]) -> JSON:
    for key in path:
        data = data[key]
    return data


def _set(data: JSON, path: tuple[Any, ...], value: JSON) -> JSON:
    if not path:
        return value
    _get(data, path[:-1])[path[-1]] = value
    return data


def mutate_data(data: JSON, rng: random.Random, donors: list[JSON]) -> JSON:
    """Return `data` (a copy) with one mutation at a random node."""
    data = copy.deepcopy(data)
    paths = list(_paths(data))
    path = rng.choice(paths)
    node = _get(data, path)
    kind = rng.randrange(9)
    if kind == 0:
        return _set(data, path, rng.choice(INTERESTING))
    if kind == 1 and isinstance(node, bool | int) and not isinstance(node, bool):
        return _set(data, path, node + rng.choice((-1, 1, -2, 2, 10)))
    if kind == 2 and path:  # delete the node
        parent = _get(data, path[:-1])
        del parent[path[-1]]
        return data
    if kind == 3 and isinstance(node, list) and node:  # duplicate, drop or reorder items
        choice = rng.randrange(3)
        if choice == 0:
            node.append(copy.deepcopy(rng.choice(node)))
        elif choice == 1:
            node.pop(rng.randrange(len(node)))
        else:
            rng.shuffle(node)
        return data
    if kind == 4 and isinstance(node, dict):
        node[rng.choice(("extra", "type", "data", "players", "format"))] = rng.choice(
            INTERESTING)
        return data
    if kind == 5 and donors:  # a node of another document, of this game or another
        donor = rng.choice(donors)
        return _set(data, path, copy.deepcopy(_get(donor, rng.choice(list(_paths(donor))))))
    if kind == 6 and isinstance(node, str):
        return _set(data, path, node[:-1] if node and rng.random() < 0.5 else node + "0")
    game = data.get("game") if isinstance(data, dict) else None
    if kind == 7 and isinstance(node, dict) and "type" in node and isinstance(game, str) \
            and game in GAMES:
        node["type"] = rng.choice(GAMES[game].ACTION_TYPES).__name__
        return data
    return _set(data, path, rng.choice(INTERESTING))


def mutate_text(text: str, rng: random.Random) -> str:
    """Return `text` cut, with a character changed, or with a piece repeated."""
    if not text:
        return "{"
    at = rng.randrange(len(text))
    kind = rng.randrange(4)
    if kind == 0:
        return text[:at]  # truncated
    if kind == 1:
        return text[:at] + rng.choice('{}[]",:0-9eE\\ \x00\ufffd') + text[at + 1:]
    if kind == 2:
        end = min(len(text), at + rng.randrange(1, 40))
        return text[:end] + text[at:end] * rng.randrange(1, 4) + text[end:]
    return text[:at] + text[at:][::-1][:5] + text[at + 5:]


# --- checks -------------------------------------------------------------------------------


def _typed(case: dict[str, JSON], call: Callable[[], object]) -> tuple[bool, object]:
    """Return ``(True, answer)``, or ``(False, None)`` for a typed refusal; raise `Finding`
    for anything else."""
    try:
        return True, bounded(call, SECONDS)
    except BoardrulesError:
        return False, None
    except Overtime:
        raise Finding(case, f"no answer within {SECONDS} s") from None
    except Exception as exc:
        raise Finding(case, f"untyped {type(exc).__name__}: {exc!s:.300}") from exc


def check_loaded(case: dict[str, JSON], obj: object) -> None:
    """A loaded object is valid: it round-trips, and a state, an observation and a record
    pass the game's checks (a record replays or names the action it cannot)."""
    if isinstance(obj, Record):
        game = GAMES[obj.game]
        try:  # a record is checked on load: its game can start (issue #29: players 2000)
            game.new_game(obj.players, obj.options)
        except BoardrulesError as exc:
            raise Finding(case, f"a record loaded whose game cannot start: {exc}") from None
        _typed(case, lambda: list(replay_states(obj)))
        return
    game, kind = game_of(obj)
    again = from_json(to_json(obj))
    if again != obj:
        raise Finding(case, f"a loaded {kind} does not round-trip")
    try:
        if kind == "state":
            game.validate_state(obj)
        elif kind == "observation" and hasattr(game, "validate_observation"):
            game.validate_observation(obj)
    except BoardrulesError as exc:
        raise Finding(case, f"a loaded {kind} is not valid: {exc}") from None
    if kind == "state":
        # What a user does next with a loaded state must work, or refuse with a type.
        _typed(case, lambda: game.legal_actions(obj) if not game.is_terminal(obj) else ())
        _typed(case, lambda: playout(game, obj, random.Random(0), 30))
        _typed(case, lambda: [game.observe(obj, None), game.result(obj)])


def check_document(case: dict[str, JSON]) -> None:
    """A document given as text, data and a file: each reader refuses it with a typed
    error or builds a valid object."""
    text = case["text"]
    loaded, obj = _typed(case, lambda: from_json(text))
    if loaded:
        check_loaded(case, obj)
    try:
        raw = text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: no file holds this text as UTF-8
        raw = None
    if raw is not None:
        ok_file, from_file = _typed(case, lambda: read_json(io.BytesIO(raw)))
        if ok_file != loaded or (loaded and from_file != obj):
            raise Finding(case, "read_json and from_json disagree")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return
    ok_data, from_d = _typed(case, lambda: from_data(data))
    if ok_data and from_d != obj and loaded:
        raise Finding(case, "from_data and from_json disagree")
    if ok_data and not loaded:
        check_loaded(case, from_d)
    for expect in (Record, object):
        _typed(case, lambda e=expect: from_json(text, e))  # type: ignore[misc]


def check_notation(case: dict[str, JSON], states: dict[str, tuple[Any, ...]]) -> None:
    """A text read as an action of a game, in one of its states: refused with a typed
    error, or an action of the game that `apply` takes or refuses with a type."""
    game = GAMES[case["game"]]
    state = states[case["game"]][case["state"]]
    text = case["text"]
    parsed, action = _typed(case, lambda: game.parse_action(state, text))
    if not parsed:
        return
    if type(action) not in game.ACTION_TYPES:
        raise Finding(case, f"parse_action returned a {type(action).__name__}")
    _typed(case, lambda: game.apply(state, action))


def check_oversized(case: dict[str, JSON]) -> None:
    """A document over the bound is refused before it is parsed."""
    limit = case["limit"]
    text = case["text"]
    refused = False
    try:
        from_json(text, limit=limit)
    except BoardrulesError as exc:
        refused = "over" in str(exc) or len(text) <= limit
    if not refused and len(text) > limit:
        raise Finding(case, "a text over the limit was read")
    stream = io.BytesIO(text.encode("utf-8", "surrogatepass"))
    with contextlib.suppress(BoardrulesError):
        read_json(stream, limit=limit)
    if stream.tell() > limit + 1:
        raise Finding(case, f"read {stream.tell()} bytes past a limit of {limit}")


def check_parameters(case: dict[str, JSON]) -> None:
    """Flat option values, as OpenSpiel and config files pass them, for a game: options
    or a typed refusal."""
    from boardrules.adapters._common import options_from_parameters

    game = GAMES[case["game"]]
    ok, options = _typed(case, lambda: options_from_parameters(game, case["values"]))
    if ok:
        _typed(case, lambda: game.new_game(game.MIN_PLAYERS, options))


def check_playout(case: dict[str, JSON]) -> None:
    """``boardrules.playout`` of a game from a state (perhaps another game's) ends in a
    state or a typed refusal within the bound (issue #29: it once looped forever)."""
    game = GAMES[case["game"]]
    ok, state = _typed(case, lambda: from_json(case["state"]))
    if ok:
        _typed(case, lambda: playout(game, state, random.Random(0), 50))


def check_file(case: dict[str, JSON]) -> None:
    """A file read through `read_json` (an endless one such as /dev/zero included) ends in
    a typed refusal or an object, with at most `limit` + 1 bytes read."""
    path = case["path"]
    if not os.path.exists(path):
        return
    _typed(case, lambda: read_json(path, limit=case.get("limit", MAX_DOCUMENT_BYTES)))


def check_environment(case: dict[str, JSON]) -> None:
    """Values stepped into a PettingZoo environment (numbers of every kind, text, None,
    past the end of the game): each one played or refused with a typed error."""
    try:
        from boardrules.adapters import pettingzoo
    except ImportError:  # pragma: no cover - the extra is not installed
        return
    env = pettingzoo.env(case["game"], illegal_action=case.get("illegal", "lose"))
    env.reset(seed=case.get("seed", 0))
    for value in case["actions"]:
        if not env.agents:
            env.reset(seed=0)
        _typed(case, lambda v=value: env.step(v))  # type: ignore[misc]


def check_case(case: dict[str, JSON], seeds_: Seeds) -> None:
    """Run the check of `case`'s kind."""
    kind = case["kind"]
    if kind == "playout":
        check_playout(case)
        return
    if kind == "file":
        check_file(case)
        return
    if kind == "environment":
        check_environment(case)
        return
    if kind == "document":
        check_document(case)
    elif kind == "notation":
        check_notation(case, seeds_.states)
    elif kind == "oversized":
        check_oversized(case)
    elif kind == "parameters":
        check_parameters(case)
    else:
        raise ValueError(f"unknown case kind {kind!r}")


# --- generated cases ------------------------------------------------------------------------


def cases(seeds_: Seeds, count: int, seed: int) -> Iterator[dict[str, JSON]]:
    """Yield `count` cases of every kind drawn by a `random.Random(seed)`."""
    rng = random.Random(seed)
    datas = [json.loads(d) for d in seeds_.documents]
    names = list(GAMES)
    for number in range(count):
        roll = number % 20
        if roll < 13:  # mutated data
            base = rng.choice(datas)
            data = base
            for _ in range(rng.randrange(1, 4)):
                data = mutate_data(data, rng, datas)
            yield {"kind": "document", "text": json.dumps(data, ensure_ascii=False)}
        elif roll < 15:  # mutated text: truncated, changed, repeated
            yield {"kind": "document", "text": mutate_text(rng.choice(seeds_.documents), rng)}
        elif roll < 18:  # notation: another game's, mutated, or noise
            name = rng.choice(names)
            pool = seeds_.notations[rng.choice(names) if rng.random() < 0.3 else name]
            text = rng.choice(pool) if pool else ""
            if rng.random() < 0.6:
                text = mutate_text(text, rng)
            if rng.random() < 0.1:
                text = "".join(rng.choice(" ()[],:;x-+0123456789AKQJ♠🂡\t\n") for _ in range(
                    rng.randrange(0, 30)))
            yield {"kind": "notation", "game": name,
                   "state": rng.randrange(len(seeds_.states[name])), "text": text}
        elif roll < 19:
            text = rng.choice(seeds_.documents)
            yield {"kind": "oversized", "text": text,
                   "limit": rng.randrange(0, len(text) + 2)}
        elif number % 40 == 39:  # a pettingzoo environment's inputs
            yield {"kind": "environment", "game": rng.choice(names),
                   "illegal": rng.choice(("lose", "raise")), "seed": rng.randrange(100),
                   "actions": [rng.choice((*INTERESTING[:30], None, "1", [1]))
                               if rng.random() < 0.3 else rng.randrange(0, 4000)
                               for _ in range(rng.randrange(1, 30))]}
        else:
            from boardrules.adapters._common import parameters

            name = rng.choice(names)
            params = parameters(GAMES[name])
            values: dict[str, JSON] = {}
            for p in rng.sample(params, rng.randrange(0, len(params) + 1)):
                values[p.name] = rng.choice((*INTERESTING[:34], p.default, "default"))
            if rng.random() < 0.1:
                values["no_such_option"] = 1
            yield {"kind": "parameters", "game": name, "values": values}
