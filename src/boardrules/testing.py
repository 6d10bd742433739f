"""The conformance kit: check that a game module keeps the boardrules contract.

Public, so the authors of third-party games can run it too (like pgx's
``api_test`` or OpenSpiel's random-simulation test). It needs Hypothesis
(``pip install boardrules[testing]``)::

    from boardrules.games import kivi
    from boardrules.testing import check_game

    def test_kivi_keeps_the_contract():
        check_game(kivi, players=2)

`check_game` plays whole games to the end from seeds chosen by Hypothesis and,
at every step, checks:

* terminal ⇔ ``legal_actions == ()`` ⇔ ``to_move is TERMINAL`` ⇔ `is_terminal`;
  legal actions are distinct and come in the same order every time (also for the
  same state rebuilt from JSON);
* at chance nodes: outcomes are the legal actions, with positive `Fraction`
  probabilities summing to exactly 1, and `sample_chance` draws one of them;
* `apply` never changes its input; checked and unchecked `apply` agree;
* actions legal elsewhere but not here are refused with `IllegalActionError`
  carrying the very state, which is unchanged;
* the state, every legal action and every player's observation round-trip through
  JSON; a state loaded from JSON passes `validate_state`;
* the state, the options, the legal actions, every player's observation and the
  record pickle and deep-copy to equal objects (process pools, checkpoints and
  OpenSpiel's ``clone`` rely on it);
* ``parse_action(state, str(a)) == a`` and a JSON round-trip for every legal action
  (for a sample of 24 plus the one played where there are more than 48); garbled
  notation (other Unicode digits, a number of 5,000 digits, a cut-off text, a NUL, a
  non-string) returns an action or raises `InvalidNotationError`, never another error;
* where the game has the optional ``label`` and ``action_fields``: at every decision and
  chance node, each legal action has a non-empty label and a `dict` of fields with a
  snake-case ``"kind"``; labels are distinct at the node, and so are fields; for the
  actions whose notation is checked, the fields are JSON (plain `dict`, `list`, `str`,
  `int`, `float`, `bool`, ``None``) and both are the same when asked twice;
* `resample` keeps the player's observation, the spectator's observation, the
  inventory (the component multiset) and, when that player acts, the legal actions;
  and it depends only on what the player knows: two states the player cannot tell
  apart resample to the same world for the same seed (so a bot searching through
  `resample` cannot peek);
* `observe`, `announce` and `resample` refuse a player who is no seat (out of range, a
  bool, a float, a string) with `BoardrulesError`, and `resample` refuses the spectator;
  `new_game` refuses a player count that is a bool, a float, a string or out of range;
* where the game has the optional `announce`: it tells each player (and the spectator)
  nothing hidden: what it says of an action is said of some action in one of three
  worlds `resample` draws for that player, unless no action there leaves the player
  the same view (the action shows something, like a card played face up);
* where the game has the optional ``svg``: the picture of every player's (and the
  spectator's) observation is well-formed XML with an ``<svg>`` root in the SVG
  namespace, stands alone (no script, image, foreign object or outside link), and is
  byte-identical for a world `resample` draws for that player — it shows nothing the
  player cannot see; the spectator's comes out byte-identical from two calls (checked
  at every ``picture_every``-th observed step and at the end);
* where the game has the optional ``believe`` (a search bot's reweighting of a world
  `resample` drew): the world it returns is valid and keeps the player's and the
  spectator's observation and the inventory;
* where the game has the optional ``heuristic``: at every observed step it gives one
  float in -1 … 1 per player, and at the end exactly `returns`; an optional
  ``ROLLOUT_LIMIT`` is None or a whole number >= 0, an optional ``WIDEN_FROM`` None or
  a whole number >= 1;
* the inventory never changes (conservation);
* the game ends within `action_bound` actions, and its record replays (also from
  JSON) to the same final state; `Result.truncated` is a bool, and a truncated game has
  no winner.

Where the game has the numeric members of `boardrules.numeric.spaces.NumericGame` (optional for
a third-party game, like `announce`), `check_playout` also checks, per configuration:

* the action space: ``index`` and ``action`` are inverse bijections over ``0 .. size - 1``
  (also for equal copies of the actions), and likewise for chance outcomes; foreign
  objects, chance outcomes passed as actions, out-of-range indices and bools are refused
  with `BoardrulesError`; it pickles and deep-copies; every action's notation is one of
  its `announcements`;
* at every step: `legal_indices` are the indices of `legal_actions` in order (the chance
  indices at a chance node, with the probabilities of `chance_outcomes`), never more than
  `max_legal` at a decision; `legal_mask` has `size` entries, 1 exactly at those indices
  (all 0 at the end) and refuses a chance node; where a game has the optional
  ``chance_probabilities(state)``, it is the chance indices with the probabilities of
  `chance_outcomes` as floats, in order;
* the observation tensor of every player and the spectator: an ``array('f')`` of
  ``observation_shape`` floats in 0 … 1 (the adapters' spaces say so), laid out by
  `tensor_layout` (segments without gaps), and injective — two different observations
  met in any playout of the configuration never give the same tensor;
  ``observe_tensor(state, player)`` (the fast path) equals the tensor of
  ``observe(state, player)`` and refuses a player who is no seat;
* the information state of every player, carried beside the game (`InfoState`): it
  keeps the player's observation; its tensor has ``info_state_shape`` entries in 0 … 1;
  equal information states (in any playout of the configuration) have equal
  observations, legal actions and tensors, and where `info_state_layout` claims perfect
  recall, equal tensors mean equal information states; it pickles and deep-copies.

`check_twins` (run by `check_game`) plays twin games that make the same choices under
different chance, so that a player meets the same information state in worlds that differ
in what they cannot see.

`check_chance_sampling` adds a statistical test (a fixed seed, so it is not flaky)
that `sample_chance` follows `chance_outcomes`. `check_observation_loading` feeds the
game mutated observations (seeded, bounded in time): each is refused at load with
`InvalidStateError` or loads and works with everything that takes an observation.
"""

from __future__ import annotations

import contextlib
import copy
import hashlib
import json
import math
import pickle
import random
import re
import time
import traceback
from array import array
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from fractions import Fraction
from typing import Any
from xml.etree import ElementTree

import attrs

from boardrules._convert import Codec
from boardrules.errors import (
    BoardrulesError,
    IllegalActionError,
    InvalidNotationError,
    InvalidStateError,
)
from boardrules.game import CHANCE, TERMINAL, Event, Game
from boardrules.numeric.spaces import InfoState, TensorLayout
from boardrules.records import Record, replay
from boardrules.serialization import from_data, from_json, to_data, to_json, unstructure

try:
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st
except ImportError as exc:  # pragma: no cover - only without the testing extra
    raise ImportError(
        "boardrules.testing needs Hypothesis: pip install 'boardrules[testing]'"
    ) from exc

__all__ = [
    "LoadingReport",
    "NumericRegistry",
    "check_chance_sampling",
    "check_game",
    "check_observation_loading",
    "check_playout",
    "check_twins",
    "fuzz_observation_loading",
    "playthrough",
    "random_playout",
    "reachable_states",
]

AnyGame = Game[Any, Any, Any, Any]

_MAX_POOL = 400
_ILLEGAL_TRIES = 4
_NOTATION_SAMPLE = 24
_ANNOUNCE_SAMPLE = 4
_SVG_ROOT = "{http://www.w3.org/2000/svg}svg"
_EXTERNAL = frozenset({"script", "image", "foreignObject", "iframe", "object", "embed", "audio",
                       "video"})
"""Elements through which a picture could load or run something from outside."""
_URL = re.compile(r"url\(\s*(?!['\"]?#)|@import")
"""A reference to anything but a part of the document itself."""
_KIND = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)*")
"""A snake-case kind of action, as ``action_fields`` gives it."""


def random_playout(
    game: AnyGame,
    players: int,
    options: object = None,
    rng: random.Random | None = None,
    *,
    max_actions: int | None = None,
) -> tuple[Any, list[Any]]:
    """Play uniformly random legal actions (chance by `sample_chance`) from a new game.

    Returns the last state and the list of actions taken. Stops at the end of the
    game or after `max_actions` actions.
    """
    rng = rng or random.Random(0)
    state = game.new_game(players, options)
    actions: list[Any] = []
    while not game.is_terminal(state) and (max_actions is None or len(actions) < max_actions):
        if game.to_move(state) is CHANCE:
            action = game.sample_chance(state, rng)
        else:
            action = rng.choice(game.legal_actions(state))
        state = game.apply_unchecked(state, action)
        actions.append(action)
    return state, actions


def reachable_states(
    game: AnyGame, players: int, options: object = None, *, max_actions: int | None = None
) -> st.SearchStrategy[Any]:
    """Return a Hypothesis strategy of states reached by random play from a new game.

    Useful for a game's own invariants: ``@given(reachable_states(kivi, 3))``.
    """
    bound = game.action_bound(players, options if options is not None else game.Options())
    limit = bound if max_actions is None else min(bound, max_actions)
    return st.builds(
        lambda seed, steps: random_playout(
            game, players, options, random.Random(seed), max_actions=steps
        )[0],
        st.integers(0, 2**32 - 1),
        st.integers(0, limit),
    )


def _check_copies(obj: object, what: str) -> None:
    """`obj` pickles and deep-copies to an equal object of the same class."""
    for how, copied in (("pickle", lambda: pickle.loads(pickle.dumps(obj))),
                        ("deepcopy", lambda: copy.deepcopy(obj))):
        try:
            twin = copied()
        except Exception as exc:  # any error is the failure reported
            raise AssertionError(f"{what} does not {how}: {type(exc).__name__}: {exc}") from exc
        assert type(twin) is type(obj) and twin == obj, f"{what} is not equal after {how}"


def _check_picture(draw: Callable[[Any], str], obs: Any, what: str) -> str:
    """The picture of `obs` is a standalone SVG document; return it."""
    text = draw(obs)
    assert isinstance(text, str), f"{what} must be text, got {type(text).__name__}"
    try:
        root = ElementTree.fromstring(text)
    except ElementTree.ParseError as exc:
        raise AssertionError(f"{what} is not well-formed XML: {exc}") from exc
    assert root.tag == _SVG_ROOT, f"{what} has the root {root.tag!r}, not <svg> in the SVG " \
        "namespace"
    for element in root.iter():
        name = element.tag.rpartition("}")[2]
        assert name not in _EXTERNAL, f"{what} holds a <{name}> element: it must stand alone"
        texts = [element.text or ""] if name == "style" else []
        for attribute, value in element.attrib.items():
            local = attribute.rpartition("}")[2] == "href" and value.startswith("#")
            assert local or attribute.rpartition("}")[2] != "href", (
                f"{what} links to {value!r}: a picture must stand alone")
            texts.append(value)
        for value in texts:
            assert not _URL.search(value), f"{what} refers to {value!r}: it must stand alone"
    return text


def _check_observations(game: AnyGame, state: Any, players: int, rng: random.Random, *,
                        pictures: bool = False) -> None:
    mover = game.to_move(state)
    legal = game.legal_actions(state)
    spectator = game.observe(state, None)
    inventory = game.inventory(state)
    announce = hasattr(game, "announce")
    events = hasattr(game, "events")
    draw: Callable[[Any], str] | None = getattr(game, "svg", None) if pictures else None
    public_worlds: list[Any] = []
    for player in [*range(players), None]:
        obs = game.observe(state, player)
        assert from_json(to_json(obs)) == obs, f"observation of {player} does not round-trip"
        _check_copies(obs, f"the observation of {player}")
        picture = None if draw is None else _check_picture(
            draw, obs, f"the picture of {player}'s observation")
        if player is None:
            if draw is not None:
                assert draw(obs) == picture, "the spectator's picture differs between two " \
                    "calls: it is not deterministic"
            continue
        other = game.resample(state, player, rng)
        game.validate_state(other)
        assert game.observe(other, player) == obs, (
            f"resample for player {player} changed what the player observes"
        )
        if draw is not None:
            assert draw(game.observe(other, player)) == picture, (
                f"the picture of player {player}'s observation differs in a world resample "
                "drew for that player: it shows something the player cannot see, or it is "
                "not deterministic")
        assert game.observe(other, None) == spectator, "resample changed the public view"
        assert game.inventory(other) == inventory, "resample changed the component multiset"
        seed = rng.getrandbits(32)
        assert game.resample(state, player, random.Random(seed)) == game.resample(
            other, player, random.Random(seed)
        ), (
            f"resample for player {player} reads hidden information: two states the player "
            "cannot tell apart give different worlds for the same seed"
        )
        assert game.to_move(other) == mover, "resample changed who acts"
        believe: Callable[[Any, int, random.Random], Any] | None = getattr(
            game, "believe", None)
        if believe is not None:
            believed = believe(other, player, rng)
            game.validate_state(believed)
            assert game.observe(believed, player) == obs and game.observe(
                believed, None) == spectator and game.inventory(believed) == inventory, (
                f"believe for player {player} changed what the player or the spectator "
                "observes, or the component multiset")
        if mover == player:
            assert game.legal_actions(other) == legal, (
                f"player {player}'s legal actions depend on what the player cannot see"
            )
        if (announce or events) and mover is not TERMINAL:
            worlds = [other, *(game.resample(state, player, rng) for _ in range(2))]
            if announce:
                _check_announce(game, state, worlds, player, rng)
            if events:
                _check_events(game, state, worlds, player, rng)
            public_worlds.extend(worlds)
    if announce and mover is not TERMINAL:
        _check_announce(game, state, public_worlds, None, rng)
    if events and mover is not TERMINAL:
        _check_events(game, state, public_worlds, None, rng)


def _check_heuristic(game: AnyGame, state: Any, players: int, terminal: bool,
                     step: int) -> None:
    """Where the game has ``heuristic`` (and ``ROLLOUT_LIMIT``), check what
    `boardrules.bots.ISMCTSBot` relies on: an estimate of `returns` on its scale, equal to
    it at the end."""
    heuristic: Callable[[Any], Any] | None = getattr(game, "heuristic", None)
    if heuristic is None:
        return
    limit = getattr(game, "ROLLOUT_LIMIT", None)
    assert limit is None or (type(limit) is int and limit >= 0), (
        f"ROLLOUT_LIMIT must be None or a whole number >= 0, got {limit!r}")
    widen = getattr(game, "WIDEN_FROM", None)
    assert widen is None or (type(widen) is int and widen >= 1), (
        f"WIDEN_FROM must be None or a whole number >= 1, got {widen!r}")
    estimate = tuple(heuristic(state))
    assert len(estimate) == players and all(
        type(v) is float and -1.0 <= v <= 1.0 for v in estimate), (
        f"step {step}: heuristic must give {players} floats in -1..1, got {estimate!r}")
    if terminal:
        assert estimate == tuple(game.returns(state)), (
            f"heuristic {estimate!r} is not returns {game.returns(state)!r} at the end")


def _check_bad_players(game: AnyGame, state: Any, players: int) -> None:
    """`observe`, `announce`, `events` and `resample` refuse a player who is not a seat with
    `BoardrulesError` (a bool or a float is no seat), and `resample` refuses the spectator;
    `new_game` refuses a player count that is not a whole number in the game's range."""
    bad_counts: tuple[Any, ...] = (True, float(players), str(players), game.MIN_PLAYERS - 1,
                                   game.MAX_PLAYERS + 1)
    for count in bad_counts:
        try:
            game.new_game(count)
        except BoardrulesError:
            continue
        except Exception as exc:  # any other error is the failure reported
            raise AssertionError(f"new_game({count!r}) raised {type(exc).__name__} ({exc}), "
                                 "not BoardrulesError") from exc
        raise AssertionError(f"new_game accepted {count!r} players")
    legal = game.legal_actions(state)
    calls: list[tuple[str, Callable[[Any], object]]] = [
        ("observe", lambda who: game.observe(state, who)),
        ("resample", lambda who: game.resample(state, who, random.Random(0))),
    ]
    if hasattr(game, "announce") and legal:
        calls.append(("announce", lambda who: game.announce(state, legal[0], who)))
    if hasattr(game, "events") and legal:
        calls.append(("events", lambda who: game.events(
            state, legal[0], game.apply_unchecked(state, legal[0]), who)))
    if hasattr(game, "observe_tensor"):
        calls.append(("observe_tensor", lambda who: game.observe_tensor(state, who)))
    for name, call in calls:
        bad: list[object] = [players, -1, True, 0.0, "0"] + ([None] if name == "resample" else [])
        for who in bad:
            try:
                call(who)
            except BoardrulesError:
                continue
            except Exception as exc:  # any other error is the failure reported
                raise AssertionError(f"{name} with player {who!r} raised {type(exc).__name__} "
                                     f"({exc}), not BoardrulesError") from exc
            raise AssertionError(f"{name} accepted player {who!r}, who is no seat")


def _check_labels(game: AnyGame, legal: tuple[Any, ...], sample: list[Any], step: int) -> None:
    """Where the game has ``label`` and ``action_fields``: every legal action's, distinct;
    the same when asked twice (for the `sample` of the notation check)."""
    label: Callable[[Any], object] | None = getattr(game, "label", None)
    if label is not None:
        texts = [label(a) for a in legal]
        for a, text in zip(legal, texts, strict=True):
            assert isinstance(text, str) and text.strip(), (
                f"step {step}: the label of {a!r} is {text!r}, not a non-empty string")
        same = _first_shared(legal, texts)
        assert same is None, f"step {step}: {same[0]!r} and {same[1]!r} share the label {same[2]!r}"
        assert all(label(a) == label(a) for a in sample), f"step {step}: label is not deterministic"
    fields_of: Callable[[Any], object] | None = getattr(game, "action_fields", None)
    if fields_of is None:
        return
    keys = []
    for a in legal:
        fields = fields_of(a)
        assert isinstance(fields, dict), f"step {step}: action_fields({a!r}) is no dict"
        kind = fields.get("kind")
        assert isinstance(kind, str) and _KIND.fullmatch(kind), (
            f"step {step}: action_fields({a!r}) needs a snake-case 'kind', not {kind!r}")
        keys.append(repr(sorted(fields.items())))  # True and 1 differ here, unlike in a set
    same = _first_shared(legal, keys)
    assert same is None, f"step {step}: {same[0]!r} and {same[1]!r} share the fields {same[2]}"
    for a in sample:  # JSON costs more than the rest: the actions of the notation check
        fields = fields_of(a)
        try:
            text = json.dumps(fields, allow_nan=False)
        except (TypeError, ValueError) as err:
            raise AssertionError(f"step {step}: action_fields({a!r}) is not JSON: {err}") from None
        assert json.loads(text) == fields, (
            f"step {step}: action_fields({a!r}) holds values JSON does not keep (a tuple?)")
        assert fields_of(a) == fields, f"step {step}: action_fields({a!r}) is not deterministic"


def _first_shared(legal: tuple[Any, ...], texts: list[Any]) -> tuple[Any, Any, Any] | None:
    """The first two actions given the same text, and the text; None if all differ."""
    first: dict[Any, Any] = {}
    for a, text in zip(legal, texts, strict=True):
        if text in first:
            return first[text], a, text
        first[text] = a
    return None


def _garbled(notation: str) -> list[object]:
    """Texts near `notation` that a parser might mishandle, and two that are no text."""
    digits = [i for i, c in enumerate(notation) if c.isascii() and c.isdigit()]
    texts: list[object] = [notation[: len(notation) // 2], notation + " \x00", "²", "", None, 7]
    if digits:
        first = digits[0]
        texts += [
            "".join("²" if i in digits else c for i, c in enumerate(notation)),  # superscript 2
            "".join("\u0663" if i in digits else c for i, c in enumerate(notation)),  # Arabic 3
            notation[:first] + "9" * 5000 + notation[first + 1:],
        ]
    else:
        texts += [notation + " ²", notation + " " + "9" * 5000]
    return texts


def _check_garbled_notation(game: AnyGame, state: Any, notation: str) -> None:
    """`parse_action` answers garbled text with an action or `InvalidNotationError`."""
    for text in _garbled(notation):
        try:
            game.parse_action(state, text)  # type: ignore[arg-type]  # non-strings too
        except InvalidNotationError:
            pass
        except Exception as exc:  # any other error breaks the contract
            raise AssertionError(f"parse_action({text!r:.60}) raised {type(exc).__name__}: "
                                 f"{exc!s:.200} instead of InvalidNotationError") from exc


def _check_announce(game: AnyGame, state: Any, worlds: list[Any], observer: int | None,
                    rng: random.Random) -> None:
    """`announce` tells `observer` nothing the observer may not know.

    `worlds` are states the observer cannot tell from `state`. What is announced of an
    action in `state` must be announced of some action in one of the worlds too, unless
    the action shows the observer something no action in those worlds would (a card
    played face up from a hidden hand): a text only the true state could produce, for an
    action whose view the worlds could produce, tells which world is true.
    """
    announce: Callable[[Any, Any, int | None], str] = game.announce  # type: ignore[attr-defined]
    legal = game.legal_actions(state)
    for action in rng.sample(legal, min(len(legal), _ANNOUNCE_SAMPLE)):
        text = announce(state, action, observer)
        assert isinstance(text, str) and text, f"announce({action!r}) must be text"
        if any(announce(world, other, observer) == text
               for world in worlds for other in game.legal_actions(world)):
            continue
        view = game.observe(game.apply_unchecked(state, action), observer)
        assert not any(game.observe(game.apply_unchecked(world, other), observer) == view
                       for world in worlds for other in game.legal_actions(world)), (
            f"announce leaks to {observer}: {text!r} for {action!r} is said in no world "
            "the observer cannot tell apart, though those worlds allow the same view")


def _check_events(game: AnyGame, state: Any, worlds: list[Any], observer: int | None,
                  rng: random.Random) -> None:
    """`events` tells `observer` nothing the observer may not know, as JSON, the same
    every time.

    `worlds` are states the observer cannot tell from `state`. An action in `state` and
    an action in a world that are announced alike and leave the observer the same view
    are one transition to the observer: they must give the same events.
    """
    events: Callable[[Any, Any, Any, int | None], Any] = game.events  # type: ignore[attr-defined]
    announce: Callable[[Any, Any, int | None], str] | None = getattr(game, "announce", None)
    distinct: list[Any] = []
    for world in worlds:  # a game without hidden things draws the same world every time
        if not any(world == seen for seen in distinct):
            distinct.append(world)
    legal = game.legal_actions(state)
    for action in rng.sample(legal, min(len(legal), _ANNOUNCE_SAMPLE)):
        after = game.apply_unchecked(state, action)
        told = events(state, action, after, observer)
        assert isinstance(told, tuple) and all(isinstance(e, Event) for e in told), (
            f"events({action!r}) must be a tuple of Event, got {told!r:.200}")
        for event in told:
            assert isinstance(event.kind, str) and event.kind and isinstance(
                event.text, str) and event.text, f"{event!r:.200} needs a kind and a text"
            try:
                json.dumps(event.to_json(), allow_nan=False)
            except (TypeError, ValueError) as exc:
                raise AssertionError(f"{event!r:.200} is not JSON-able: {exc}") from exc
        assert events(state, action, after, observer) == told, (
            f"events({action!r}) differ between two calls: they are not deterministic")
        text = None if announce is None else announce(state, action, observer)
        view = game.observe(after, observer)
        for world in distinct:
            for other in game.legal_actions(world):
                if announce is not None and announce(world, other, observer) != text:
                    continue
                twin = game.apply_unchecked(world, other)
                if game.observe(twin, observer) != view:
                    continue
                seen = events(world, other, twin, observer)
                assert seen == told, (
                    f"events leak to {observer}: {action!r} gives {told!r:.300}, but "
                    f"{other!r} in a world the observer cannot tell apart, announced "
                    f"alike and leaving the same view, gives {seen!r:.300}")


def _digest(data: bytes | str) -> bytes:
    raw = data.encode() if isinstance(data, str) else data
    return hashlib.blake2b(raw, digest_size=16).digest()


class NumericRegistry:
    """What `check_playout` saw of one configuration's tensors and information states,
    shared by its playouts (pass one to several `check_playout` calls, or let `check_game`
    do it), so that two playouts meeting the same tensor or information state are
    compared."""

    def __init__(self) -> None:
        self.observations: dict[bytes, tuple[bytes, str]] = {}
        """Observation tensor digest → (observation digest, who observed, at which step)."""
        self.infos: dict[bytes, tuple[bytes, bytes, bytes]] = {}
        """Information state digest → (observation, legal actions, tensor) digests."""
        self.info_tensors: dict[bytes, bytes] = {}
        """Information-state tensor digest → information state digest."""
        self.space: Any = None
        """The action space, once checked."""


def _has_numeric(game: AnyGame) -> bool:
    return hasattr(game, "action_space")


NumericModule = Any
"""A game module with the numeric members (`boardrules.numeric.spaces.NumericGame`), read through
``getattr`` like the other optional members."""


def _check_layout(layout: TensorLayout, size: int, what: str) -> None:
    assert isinstance(layout, TensorLayout), f"{what} must be a TensorLayout"
    end = 0
    for segment in layout:
        assert segment.offset == end and segment.length > 0, (
            f"{what}: segment {segment.name!r} leaves a gap or overlaps")
        end = segment.end
    assert end == size, f"{what} covers {end} entries, the shape says {size}"


def _check_tensor(tensor: object, size: int, what: str) -> Any:
    assert isinstance(tensor, array) and tensor.typecode == "f", (
        f"{what} must be an array('f'), got {type(tensor).__name__}")
    assert len(tensor) == size, f"{what} has {len(tensor)} entries, the shape says {size}"
    assert math.isfinite(sum(tensor)), f"{what} holds a value that is not finite"
    if tensor and (min(tensor) < 0.0 or max(tensor) > 1.0):
        at = next(i for i, v in enumerate(tensor) if not 0.0 <= v <= 1.0)
        raise AssertionError(f"{what} holds {tensor[at]} at {at}, outside 0 … 1")
    return tensor


def _refused(call: Callable[[], object], what: str) -> None:
    try:
        call()
    except BoardrulesError:
        return
    except Exception as exc:  # any other error is the failure reported
        raise AssertionError(f"{what} raised {type(exc).__name__} ({exc}), not "
                             "BoardrulesError") from exc
    raise AssertionError(f"{what} was accepted")


def _check_space(game: NumericModule, players: int, options: object) -> Any:
    """The action space of the configuration is a documented bijection; return it."""
    space = game.action_space(players, options)
    assert game.action_space(players, options) == space, "action_space is not stable"
    assert space.players == players, "the action space has another player count"
    assert space.size > 0 and space.max_legal <= space.size, (
        f"max_legal={space.max_legal} must lie in 1 .. size={space.size}")
    for number, kinds in ((space.size, space.actions), (space.chance_size, space.chance_actions)):
        assert len(kinds) == number, "the space's action tuple and size differ"
    for i, a in enumerate(space.actions):
        assert space.index(a) == i and space.action(i) is a, f"index {i} is no bijection"
    for i, a in enumerate(space.chance_actions):
        assert space.chance_index(a) == i and space.chance_outcome(i) is a, (
            f"chance index {i} is no bijection")
    rng = random.Random(len(space.actions))
    for a in rng.sample(space.actions, min(20, space.size)):
        twin = from_json(to_json(a))
        assert space.index(twin) == space.index(a), f"an equal copy of {a!r} has another index"
    announcements = space.announcements
    assert all(str(a) in announcements for a in (*space.actions, *space.chance_actions)), (
        "the notation of every action must be one of the space's announcements")
    bad: list[tuple[str, Callable[[], object]]] = [
        ("index(None)", lambda: space.index(None)),
        ("index([])", lambda: space.index([])),
        ("action(-1)", lambda: space.action(-1)),
        ("action(size)", lambda: space.action(space.size)),
        ("action(True)", lambda: space.action(True)),
        ("action(0.0)", lambda: space.action(0.0)),
        ("chance_outcome(chance_size)", lambda: space.chance_outcome(space.chance_size)),
        ("chance_index(a player action)", lambda: space.chance_index(space.actions[0])),
    ]
    if space.chance_actions:
        bad.append(("index(a chance outcome)", lambda: space.index(space.chance_actions[0])))
    for what, call in bad:
        _refused(call, f"the action space's {what}")
    _check_copies(space, "the action space")
    size = game.observation_shape(players, options)
    assert isinstance(size, tuple) and len(size) == 1, "observation_shape must be (n,)"
    _check_layout(game.tensor_layout(players, options), size[0], "tensor_layout")
    info_size = game.info_state_shape(players, options)
    assert isinstance(info_size, tuple) and len(info_size) == 1, "info_state_shape must be (n,)"
    _check_layout(game.info_state_layout(players, options), info_size[0], "info_state_layout")
    return space


def _check_indices(game: NumericModule, space: Any, state: Any, legal: tuple[Any, ...], *,
                   mover: object, step: int, full: bool) -> None:
    indices = space.legal_indices(state)
    if mover is CHANCE:
        expected = tuple(space.chance_index(a) for a in legal)
        assert indices == expected, f"step {step}: legal_indices are not the chance indices"
        assert not full or space.chance_indices(state) == tuple(
            (space.chance_index(a), p) for a, p in game.chance_outcomes(state)), (
            f"step {step}: chance_indices differ from chance_outcomes")
        floats = getattr(game, "chance_probabilities", None)
        if floats is not None:
            assert floats(state) == tuple(
                (space.chance_index(a), float(p)) for a, p in game.chance_outcomes(state)), (
                f"step {step}: chance_probabilities are not the chance_outcomes as floats")
        _refused(lambda: space.legal_mask(state), "legal_mask at a chance node")
        return
    if mover is TERMINAL:
        assert indices == (), "legal_indices must be () at the end"
        mask = space.legal_mask(state)
        assert len(mask) == space.size and not any(mask), "legal_mask must be all 0 at the end"
        return
    expected = tuple(space.index(a) for a in legal)
    assert indices == expected, f"step {step}: legal_indices are not the legal actions' indices"
    assert len(legal) <= space.max_legal, (
        f"step {step}: {len(legal)} legal actions, more than max_legal={space.max_legal}")
    mask = space.legal_mask(state)
    assert isinstance(mask, bytes | bytearray) and len(mask) == space.size, (
        f"step {step}: legal_mask must have {space.size} bytes")
    assert sum(mask) == len(legal) and all(mask[i] == 1 for i in indices), (
        f"step {step}: legal_mask is not 1 exactly at the legal actions")


def _check_observation_tensor(game: NumericModule, obs: Any, seen: bytes, *, size: int,
                              registry: NumericRegistry, where: str) -> None:
    tensor = _check_tensor(game.observation_tensor(obs), size, f"{where}: the observation tensor")
    assert game.observation_tensor(obs) == tensor, f"{where}: the observation tensor changes"
    key = _digest(tensor.tobytes())
    first = registry.observations.setdefault(key, (seen, where))
    assert first[0] == seen, (
        f"{where}: two different observations give the same tensor (the other at {first[1]})")


def _check_info(game: NumericModule, info: InfoState, state: Any, view: tuple[Any, bytes], *,
                size: int, perfect: bool, registry: NumericRegistry, where: str) -> None:
    player = info.player
    obs, seen = view
    assert info.observation == obs, f"{where}: the information state lost the observation"
    tensor = _check_tensor(game.info_state_tensor(info), size,
                           f"{where}: the information-state tensor")
    legal = game.legal_actions(state) if game.to_move(state) == player else ()
    key = _digest(str(info))
    facts = (seen, _digest("\n".join(map(str, legal))), _digest(tensor.tobytes()))
    first = registry.infos.setdefault(key, facts)
    for name, a, b in zip(("observations", "legal actions", "tensors"), first, facts, strict=True):
        assert a == b, f"{where}: equal information states with different {name}"
    if perfect:
        other = registry.info_tensors.setdefault(facts[2], key)
        assert other == key, (
            f"{where}: info_state_layout claims perfect recall, but two different "
            "information states give the same tensor")


def check_playout(
    game: AnyGame,
    players: int,
    options: object = None,
    seed: int = 0,
    *,
    pool: list[Any] | None = None,
    observe_every: int = 1,
    picture_every: int = 20,
    registry: NumericRegistry | None = None,
) -> Any:
    """Play one whole random game from `seed`, checking the contract at every step.

    `pool` collects actions seen legal, to try them where they are not (pass the
    same list to several playouts). `observe_every` checks observations,
    resampling and the state's JSON round-trip at every n-th step only (1: every
    step); `picture_every` checks the pictures (where the game has ``svg``) at every
    n-th of those checks (drawing is slower than observing). Both also check the final
    state. `registry` collects the
    tensors and information states met (pass one to several playouts of a
    configuration). Returns the final state. Raises `AssertionError` (or the game's own
    error) at the first broken promise.
    """
    rng = random.Random(seed)
    check_rng = random.Random(seed ^ 0x5EED)
    pool = [] if pool is None else pool
    seen = set(pool)
    opts = options if options is not None else game.Options()
    state = game.new_game(players, options)
    snapshot = Codec().dumper(type(state))  # the state's JSON data, converters built once
    numeric = _has_numeric(game)
    registry = NumericRegistry() if registry is None else registry
    if numeric:
        ngame: NumericModule = game
        if registry.space is None:
            registry.space = _check_space(ngame, players, options)
        space = registry.space
        obs_size = ngame.observation_shape(players, options)[0]
        info_size = ngame.info_state_shape(players, options)[0]
        perfect = ngame.info_state_layout(players, options).perfect_recall
        infos = [InfoState.initial(game, state, p) for p in range(players)]
    inventory = game.inventory(state)
    bound = game.action_bound(players, opts)
    record = Record.start(game.NAME, players, opts)
    actions: list[Any] = []
    step = 0
    while True:
        legal = game.legal_actions(state)
        mover = game.to_move(state)
        terminal = game.is_terminal(state)
        assert (mover is TERMINAL) == terminal == (legal == ()), (
            f"step {step}: to_move={mover!r}, is_terminal={terminal}, {len(legal)} legal actions"
        )
        assert isinstance(legal, tuple), "legal_actions must return a tuple"
        assert legal == game.legal_actions(state), "legal actions differ between two calls"
        assert len(set(legal)) == len(legal), "legal actions contain duplicates"
        assert game.inventory(state) == inventory, f"step {step}: the component multiset changed"
        if step % observe_every == 0 or terminal:
            loaded = from_json(to_json(state))
            assert loaded == state, f"step {step}: the state does not round-trip through JSON"
            assert game.legal_actions(loaded) == legal, (
                "legal actions differ after a JSON round-trip")
            _check_observations(game, state, players, check_rng, pictures=terminal or (
                step // observe_every) % picture_every == 0)
            _check_heuristic(game, state, players, terminal, step)
            _check_copies(state, f"step {step}: the state")
            if numeric:
                views = {}
                for p in [*range(players), None]:
                    obs = game.observe(state, p)
                    views[p] = (obs, _digest(to_json(obs)))
                    _check_observation_tensor(ngame, obs, views[p][1], size=obs_size,
                                              registry=registry,
                                              where=f"step {step} of seed {seed}, player {p}")
                    if hasattr(game, "observe_tensor"):
                        assert ngame.observe_tensor(state, p) == ngame.observation_tensor(obs), (
                            f"step {step}: observe_tensor(state, {p}) differs from the tensor "
                            f"of observe(state, {p})")
                for info in infos:
                    _check_info(ngame, info, state, views[info.player], size=info_size,
                                perfect=perfect, registry=registry,
                                where=f"step {step} of seed {seed}, player {info.player}")
                _check_copies(infos[step % players], f"step {step}: an information state")
        if step == 0:
            _check_bad_players(game, state, players)
            _check_copies(opts, "the options")
        if terminal:
            if numeric:
                _check_indices(ngame, space, state, legal, mover=mover, step=step, full=True)
            break
        assert step < bound, f"the game did not end within action_bound={bound} actions"

        if mover is CHANCE:
            outcomes = game.chance_outcomes(state)
            assert tuple(a for a, _ in outcomes) == legal, (
                "chance outcomes must be the legal actions, in the same order"
            )
            assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes), (
                "chance probabilities must be positive Fractions"
            )
            assert sum(p for _, p in outcomes) == 1, "chance probabilities must sum to exactly 1"
            action = game.sample_chance(state, rng)
            assert action in legal, f"sample_chance drew {action!r}, which is not an outcome"
            sample = check_rng.sample(legal, min(len(legal), _NOTATION_SAMPLE))
        else:
            assert isinstance(mover, int) and 0 <= mover < players, f"bad to_move {mover!r}"
            assert game.chance_outcomes(state) == (), "chance outcomes at a player's decision"
            action = rng.choice(legal)
            sample = (list(legal) if len(legal) <= _NOTATION_SAMPLE * 2
                      else [action, *check_rng.sample(legal, _NOTATION_SAMPLE)])
        for a in sample:
            assert game.parse_action(state, str(a)) == a, f"notation {str(a)!r} does not read back"
            assert from_json(to_json(a)) == a, f"action {a!r} does not round-trip through JSON"
        _check_copies(sample[0], f"action {sample[0]!r}")
        _check_garbled_notation(game, state, str(sample[0]))
        _check_labels(game, legal, sample, step)

        if numeric:
            _check_indices(ngame, space, state, legal, mover=mover, step=step,
                           full=step % observe_every == 0)
        legal_set = set(legal)
        strangers = [a for a in pool if a not in legal_set]
        before = snapshot(state)
        for a in check_rng.sample(strangers, min(len(strangers), _ILLEGAL_TRIES)):
            try:
                game.apply(state, a)
            except IllegalActionError as err:
                assert err.state is state, "IllegalActionError must carry the unchanged state"
                assert err.reason, "IllegalActionError must give a reason"
            else:
                raise AssertionError(f"step {step}: illegal action {a!r} was accepted")
            assert snapshot(state) == before, "a refused action changed the state"
        for a in legal:
            if a not in seen and len(pool) < _MAX_POOL:
                seen.add(a)
                pool.append(a)

        checked = game.apply(state, action)
        assert snapshot(state) == before, "apply changed its input state"
        assert game.apply_unchecked(state, action) == checked, "checked and unchecked apply differ"
        if numeric:
            infos = [info.advance(game, state, action, checked) for info in infos]
        state = checked
        actions.append(action)
        step += 1

    assert game.legal_actions(state) == ()
    record = record.extended(actions)
    assert replay(record) == state, "the record does not replay to the same state"
    loaded_record = from_json(to_json(record), Record)
    assert loaded_record == record, "the record does not round-trip through JSON"
    _check_copies(record, "the record")
    assert replay(loaded_record) == state
    result = game.result(state)
    assert result.finished, "result(state).finished must be true at the end"
    returns = game.returns(state)
    assert len(returns) == players, "returns must give one value per player"
    assert all(r in (-1.0, 0.0, 1.0) for r in returns), f"returns off the scale: {returns}"
    assert isinstance(result.truncated, bool), "Result.truncated must be a bool"
    assert not (result.truncated and result.winners), "a truncated game has no winner"
    return state


def check_twins(
    game: AnyGame,
    players: int,
    options: object = None,
    *,
    seed: int = 0,
    registry: NumericRegistry | None = None,
    max_actions: int = 300,
) -> None:
    """Play two games making the same choices (from `seed`) under different chance, and
    check every player's information state at every step against `registry` (equal
    information states: equal observations, legal actions and tensors).

    Where chance is hidden from a player, the two games stay the same to that player,
    so the information states met in one world are met again in the other: an
    information state (or its tensor) that reads hidden information is caught. Only the
    first `max_actions` actions are played (the worlds part soon).
    """
    ngame: NumericModule = game
    registry = NumericRegistry() if registry is None else registry
    size = ngame.info_state_shape(players, options)[0]
    perfect = ngame.info_state_layout(players, options).perfect_recall
    for chance_seed in (0, 1):
        decide, chance = random.Random(seed), random.Random(chance_seed)
        state = game.new_game(players, options)
        infos = [InfoState.initial(game, state, p) for p in range(players)]
        for step in range(max_actions):
            for info in infos:
                obs = game.observe(state, info.player)
                _check_info(ngame, info, state, (obs, _digest(to_json(obs))), size=size,
                            perfect=perfect, registry=registry,
                            where=f"step {step} of twin {seed}/{chance_seed}, player "
                                  f"{info.player}")
            if game.is_terminal(state):
                break
            if game.to_move(state) is CHANCE:
                action = game.sample_chance(state, chance)
            else:
                action = decide.choice(game.legal_actions(state))
            after = game.apply_unchecked(state, action)
            infos = [info.advance(game, state, action, after) for info in infos]
            state = after


def check_game(
    game: AnyGame,
    players: int,
    options: object = None,
    *,
    playouts: int = 10,
    observe_every: int = 1,
    picture_every: int = 20,
    twins: int = 1,
) -> None:
    """Run the whole conformance kit on `game` with `players` players.

    Hypothesis chooses `playouts` seeds; each whole game is checked by `check_playout`
    (`observe_every` and `picture_every` are passed on), and the chance sampler by
    `check_chance_sampling` at the first chance nodes of one seeded game. Where the game
    has the numeric members, `check_twins` runs `twins` times.
    """
    pool: list[Any] = []
    registry = NumericRegistry()
    if not game.MIN_PLAYERS <= players <= game.MAX_PLAYERS:
        raise ValueError(f"{game.NAME} is for {game.MIN_PLAYERS}-{game.MAX_PLAYERS} players")

    @settings(max_examples=playouts, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(st.integers(0, 2**32 - 1))
    def playouts_hold(seed: int) -> None:
        check_playout(game, players, options, seed, pool=pool, observe_every=observe_every,
                      picture_every=picture_every, registry=registry)

    playouts_hold()
    if _has_numeric(game):
        for twin in range(twins):
            check_twins(game, players, options, seed=1000 + twin, registry=registry)
    rng = random.Random(players)
    state = game.new_game(players, options)
    checked = 0
    while checked < 3 and not game.is_terminal(state):
        if game.to_move(state) is CHANCE:
            check_chance_sampling(game, state)
            checked += 1
            action = game.sample_chance(state, rng)
        else:
            action = rng.choice(game.legal_actions(state))
        state = game.apply(state, action)


def _difference(a: object, b: object, path: str) -> str | None:
    """Return where two values differ, every field of attrs classes compared (derived ones
    too, which ``==`` skips), or None."""
    if a is b:
        return None
    if type(a) is not type(b):
        return f"{path}: {type(a).__name__} {a!r:.80} against {type(b).__name__} {b!r:.80}"
    kind: Any = type(a)
    if attrs.has(kind):
        for field in attrs.fields(kind):
            found = _difference(getattr(a, field.name), getattr(b, field.name),
                                f"{path}.{field.name}")
            if found:
                return found
        return None
    if isinstance(a, tuple | list):
        assert isinstance(b, tuple | list)
        if len(a) != len(b):
            return f"{path}: {len(a)} items against {len(b)}"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found = _difference(x, y, f"{path}[{i}]")
            if found:
                return found
        return None
    if isinstance(a, Mapping):
        assert isinstance(b, Mapping)
        if a.keys() != b.keys():
            return f"{path}: keys differ"
        for key in a:
            found = _difference(a[key], b[key], f"{path}[{key!r}]")
            if found:
                return found
        return None
    return None if a == b else f"{path}: {a!r:.80} against {b!r:.80}"


def playthrough(game: AnyGame, players: int, seed: int, options: object = None) -> str:
    """Return the golden transcript of one seeded random game (chance by `sample_chance`).

    The first line names the game, players, seed and rules version; then, for every
    step, the state as JSON (without its options), who acts, the legal actions in
    notation (their count only at chance nodes) and the action taken; last, the
    result. A change in any rule, order or notation shows up as a diff.
    """
    rng = random.Random(seed)
    state = game.new_game(players, options)
    opts = options if options is not None else game.Options()
    lines = [f"# {game.NAME} players={players} seed={seed} rules_version={game.RULES_VERSION}",
             f"options {json.dumps(unstructure(opts), sort_keys=True)}"]
    step = 0
    while True:
        data = unstructure(state)
        if isinstance(data, dict):
            data.pop("options", None)
        lines.append(f"[{step}] state {json.dumps(data, sort_keys=True)}")
        mover = game.to_move(state)
        if mover is TERMINAL:
            break
        legal = game.legal_actions(state)
        if mover is CHANCE:
            lines.append(f"[{step}] chance: {len(legal)} outcomes")
            action = game.sample_chance(state, rng)
        else:
            lines.append(f"[{step}] player {mover}: {' | '.join(map(str, legal))}")
            action = rng.choice(legal)
        lines.append(f"[{step}] -> {action}")
        state = game.apply(state, action)
        step += 1
    result = game.result(state)
    lines.append(f"result scores={list(result.scores)} winners={list(result.winners)} "
                 f"returns={list(game.returns(state))}")
    return "\n".join(lines) + "\n"


def _chi_square_z(observed: Counter[Any], expected: dict[Any, float]) -> float:
    """Return the Wilson–Hilferty z-score of Pearson's chi-square statistic."""
    stat = sum((observed[a] - e) ** 2 / e for a, e in expected.items())
    df = max(len(expected) - 1, 1)
    z: float = ((stat / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))
    return z


def check_chance_sampling(
    game: AnyGame,
    state: object,
    *,
    samples: int | None = None,
    seed: int = 12345,
    sampler: Callable[[Any, random.Random], Any] | None = None,
) -> None:
    """Check statistically that `sample_chance` follows `chance_outcomes` at `state`.

    Draws `samples` outcomes (default: enough for 20 expected per outcome, at least
    2,000) with a fixed seed, merges outcomes expected fewer than 5 times, and fails
    when Pearson's chi-square lies beyond z = 5 (a false alarm is rarer than one in
    three million, and with the fixed seed the test is deterministic).
    """
    outcomes = game.chance_outcomes(state)
    assert outcomes, "not a chance node"
    probability = dict(outcomes)
    n = samples or max(2000, min(200_000, int(20 / min(probability.values()))))
    rng = random.Random(seed)
    draw = sampler or game.sample_chance
    counts: Counter[Any] = Counter(draw(state, rng) for _ in range(n))
    strays = set(counts) - set(probability)
    assert not strays, f"sample_chance drew unlisted outcomes: {sorted(map(str, strays))}"
    if len(outcomes) == 1:
        return
    observed: Counter[Any] = Counter()
    expected: dict[Any, float] = {}
    pending_keys: list[Any] = []
    pending_mass = 0.0
    for action, p in sorted(outcomes, key=lambda o: o[1]):
        pending_keys.append(action)
        pending_mass += float(p) * n
        if pending_mass >= 5:
            key = tuple(pending_keys)
            expected[key] = pending_mass
            observed[key] = sum(counts[a] for a in pending_keys)
            pending_keys, pending_mass = [], 0.0
    if pending_keys:
        last = next(reversed(expected))
        expected[last] += pending_mass
        observed[last] += sum(counts[a] for a in pending_keys)
    if len(expected) > 1:
        z = _chi_square_z(observed, expected)
        assert z < 5, f"sample_chance does not follow chance_outcomes (chi-square z = {z:.1f})"


# ---------------------------------------------------------------------------
# Loading mutated observations


@attrs.frozen
class LoadingReport:
    """The figures of one `fuzz_observation_loading` run."""

    sources: int
    """Observations taken from random play (every player's and the spectator's)."""
    mutations: int
    """Mutated documents tried."""
    refused: int
    """Documents refused at load with `InvalidStateError`."""
    loaded: int
    """Documents that loaded; everything taking an observation was run on each."""
    failures: tuple[str, ...]
    """Each other exception: its type, where it was raised, its message and the mutation."""

    @property
    def places(self) -> tuple[str, ...]:
        """The distinct places (``file:line``) where the failures were raised."""
        return tuple(sorted({f.split(" ", 2)[1] for f in self.failures}))


_EXTREMES: tuple[int, ...] = (0, 1, -1, 2, 3, 5, 6, 7, 2**31 - 1, 2**31, 2**63 - 1, 2**63,
                              -(2**63), 2**64 + 1, 10**30, -(10**30))
"""Numbers a mutation writes in place of a number: edges, limits of machine integers, huge."""

_USERS: tuple[str, ...] = ("render", "svg", "observation_tensor")
"""Optional members of a game module that take an observation."""

_Path = tuple[str | int, ...]


def _paths(value: Any, path: _Path, out: list[_Path]) -> None:
    """Append the path of every node below `value` (not `value` itself) to `out`."""
    if isinstance(value, dict):
        items: Any = value.items()
    elif isinstance(value, list):
        items = enumerate(value)
    else:
        return
    for key, child in items:
        here = (*path, key)
        out.append(here)
        _paths(child, here, out)


def _at(value: Any, path: _Path) -> Any:
    for key in path:
        value = value[key]
    return value


def _has(value: Any, path: _Path) -> bool:
    for key in path:
        found = ((isinstance(value, dict) and isinstance(key, str) and key in value)
                 or (isinstance(value, list) and isinstance(key, int) and key < len(value)))
        if not found:
            return False
        value = value[key]
    return True


def _kind(value: Any) -> str:
    return "int" if type(value) is int else type(value).__name__


class _Mutator:
    """Mutations of an observation's JSON data, drawn from `rng`.

    Most mutations keep the JSON types, so that a mutated document passes the strict
    structural check and reaches the game's own validation: numbers become extremes,
    neighbours or numbers seen elsewhere; lists lose, repeat, swap or gain items; strings
    become other strings of the game (card names, enum values); any node may be swapped
    with another of the same type (the hands of two players) or replaced by the node at
    the same path in another observation (a hand from another moment of the game).
    """

    def __init__(self, sources: list[Any], rng: random.Random) -> None:
        self.sources = sources
        self.rng = rng
        ints: set[int] = set()
        strings: set[str] = set()
        for source in sources:
            paths: list[_Path] = []
            _paths(source, (), paths)
            for path in paths:
                node = _at(source, path)
                if type(node) is int:
                    ints.add(node)
                elif isinstance(node, str):
                    strings.add(node)
        self.ints = sorted(ints) or [0]
        self.strings = sorted(strings) or [""]

    def mutate(self, data: Any) -> str:
        """Mutate `data` in place once or a few times; return what was done."""
        done = [self._once(data) for _ in range(self.rng.choice((1, 1, 1, 2, 3)))]
        return "; ".join(done)

    def _once(self, data: Any) -> str:
        rng = self.rng
        paths: list[_Path] = []
        _paths(data, (), paths)
        if not paths:
            return "nothing to mutate"
        path = rng.choice(paths)
        parent, key = _at(data, path[:-1]), path[-1]
        node = parent[key]
        where = "/".join(map(str, path))
        roll = rng.random()
        if roll < 0.12:  # swap with another node of the same JSON type
            same = [p for p in paths if _kind(_at(data, p)) == _kind(node)
                    and p[:len(path)] != path and path[:len(p)] != p]
            if same:
                other = rng.choice(same)
                other_parent = _at(data, other[:-1])
                parent[key], other_parent[other[-1]] = other_parent[other[-1]], node
                return f"swap {where} with {'/'.join(map(str, other))}"
        elif roll < 0.24:  # the node at the same path in another observation
            donors = [s for s in self.sources if _has(s, path)]
            if donors:
                parent[key] = copy.deepcopy(_at(rng.choice(donors), path))
                return f"graft {where} from another observation"
        if type(node) is int:
            choice = rng.random()
            if choice < 0.4:
                parent[key] = rng.choice(_EXTREMES)
            elif choice < 0.7:
                parent[key] = node + rng.choice((-2, -1, 1, 2))
            else:
                parent[key] = rng.choice(self.ints)
        elif isinstance(node, bool):
            parent[key] = not node
        elif node is None:
            parent[key] = rng.choice((rng.choice(self.ints), rng.choice(self.strings), 0))
        elif isinstance(node, str):
            parent[key] = rng.choice(self.strings) if rng.random() < 0.9 else node + "x"
        elif isinstance(node, list):
            self._mutate_list(node)
        elif isinstance(node, dict) and node:
            field = rng.choice(sorted(node))
            del node[field]
            return f"drop field {where}/{field}"
        return f"change {where}"

    def _mutate_list(self, items: list[Any]) -> None:
        rng = self.rng
        choice = rng.random()
        if not items or choice < 0.25:  # grow: repeat an item or add a number seen elsewhere
            extra = copy.deepcopy(rng.choice(items)) if items else rng.choice(self.ints)
            for _ in range(rng.choice((1, 1, 2, 5))):
                items.insert(rng.randint(0, len(items)), copy.deepcopy(extra))
        elif choice < 0.5:
            del items[rng.randrange(len(items))]
        elif choice < 0.6:
            items.clear()
        elif choice < 0.8 and len(items) > 1:
            i, j = rng.sample(range(len(items)), 2)
            items[i], items[j] = items[j], items[i]
        elif choice < 0.9:
            items.reverse()
        else:
            items.extend(copy.deepcopy(items))


def _observation_sources(game: AnyGame, players: int, options: object,
                         rng: random.Random, playouts: int) -> list[dict[str, Any]]:
    """Return the JSON envelopes of observations along `playouts` random games."""
    out: list[dict[str, Any]] = []
    for _ in range(playouts):
        _, actions = random_playout(game, players, options, rng)
        states = [game.new_game(players, options)]
        for action in actions:
            states.append(game.apply_unchecked(states[-1], action))
        picked = [*rng.sample(states[:-1], min(len(states) - 1, 6)), states[-1]]
        for state in picked:
            out.extend(to_data(game.observe(state, player)) for player in [*range(players), None])
    return out


def _where(exc: BaseException) -> str:
    """Return ``file:line`` of the innermost frame of `exc` inside boardrules (or anywhere)."""
    frames = traceback.extract_tb(exc.__traceback__)
    ours = [f for f in frames if "boardrules" in f.filename] or frames
    frame = ours[-1]
    parts = frame.filename.replace("\\", "/").split("/")
    short = "/".join(parts[parts.index("boardrules"):]) if "boardrules" in parts else parts[-1]
    return f"{short}:{frame.lineno}"


@contextlib.contextmanager
def _memory_cap(extra: int | None) -> Iterator[None]:
    """Cap the process's address space at its current size plus `extra` bytes, for a while.

    A game that builds lists as long as a number it read (``[0] * players`` with
    ``players = 2**40``) then raises `MemoryError`, which the fuzzer reports, instead of
    making the machine swap or the kernel kill the process. Only where the platform can
    (Linux: `resource` and ``/proc/self/statm``); elsewhere, and for ``None``, no cap.
    """
    try:
        import resource  # noqa: PLC0415 - POSIX only: absent on Windows

        with open("/proc/self/statm", encoding="ascii") as statm:
            size = int(statm.read().split()[0]) * resource.getpagesize()
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    except (ImportError, OSError, ValueError):
        yield
        return
    cap = None if extra is None else size + extra
    if cap is None or (soft != resource.RLIM_INFINITY and soft <= cap) or (
            hard != resource.RLIM_INFINITY and hard < cap):
        yield
        return
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def fuzz_observation_loading(
    game: AnyGame,
    players: int,
    options: object = None,
    *,
    seed: int = 0,
    mutations: int = 2000,
    seconds: float | None = 10.0,
    playouts: int = 4,
    memory: int | None = 1 << 30,
) -> LoadingReport:
    """Load mutated observations and use every loaded one; report what happened.

    Takes the observations of every player and the spectator at a few moments of
    `playouts` random games, mutates their JSON (numbers to extremes, negatives or huge
    values, lists shortened, extended or repeated, strings swapped for other names of
    the game, nodes swapped between players or taken from another moment), and loads
    each document with `from_data`. A document refused with `InvalidStateError` is fine.
    A loaded observation is given to everything that takes one — the game's `render`,
    `svg` and `observation_tensor` where it has them — and must round-trip through JSON,
    hash and print. Any
    other exception is a failure, listed in the report.

    Stops after `mutations` documents or `seconds` of CPU time (``None``: no time
    limit), whichever comes first; seeded, so a run without a time limit is
    reproducible. While mutating, the process may grow by at most `memory` bytes (on
    Linux; ``None``: no cap), so that a game allocating by a huge number it loaded fails
    with `MemoryError` rather than exhausting the machine.
    """
    rng = random.Random(seed)
    envelopes = _observation_sources(game, players, options, rng, playouts)
    mutator = _Mutator([e["data"] for e in envelopes], rng)
    texts = [json.dumps(e) for e in envelopes]
    users = [(name, getattr(game, name)) for name in _USERS if hasattr(game, name)]
    deadline = None if seconds is None else time.process_time() + seconds
    tried = refused = loaded = 0
    failures: list[str] = []
    with _memory_cap(memory):
        while tried < mutations and (deadline is None or time.process_time() < deadline):
            document = json.loads(rng.choice(texts))
            what = mutator.mutate(document["data"])
            tried += 1
            step = "load"
            try:
                try:
                    observation = from_data(document)
                except InvalidStateError:
                    refused += 1
                    continue
                loaded += 1
                for name, use in [*users, ("to_json", to_json), ("repr", repr), ("hash", hash)]:
                    step = name
                    use(observation)
                step = "round-trip"
                if from_json(to_json(observation)) != observation:
                    raise AssertionError("the loaded observation does not round-trip")
            except Exception as exc:  # any other error is the failure reported
                failures.append(f"{type(exc).__name__} {_where(exc)} in {step}: "
                                f"{exc!s:.160} [{what}]")
    return LoadingReport(len(envelopes), tried, refused, loaded, tuple(failures))


def check_observation_loading(
    game: AnyGame,
    players: int,
    options: object = None,
    *,
    seed: int = 0,
    mutations: int = 2000,
    seconds: float | None = 10.0,
    memory: int | None = 1 << 30,
) -> LoadingReport:
    """Check that mutated observations load and work, or are refused at load.

    Runs `fuzz_observation_loading` and raises `AssertionError` listing the failures:
    every exception other than `InvalidStateError` at load, and every exception while
    rendering, drawing or saving a loaded observation. Returns the report.
    """
    report = fuzz_observation_loading(game, players, options, seed=seed,
                                      mutations=mutations, seconds=seconds, memory=memory)
    if report.failures:
        shown = "\n  ".join(report.failures[:10])
        raise AssertionError(
            f"{game.NAME}: {len(report.failures)} of {report.mutations} mutated observations "
            f"failed at {len(report.places)} places ({', '.join(report.places)}):\n  {shown}")
    return report
