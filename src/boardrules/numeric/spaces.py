"""The numeric layer for learning code: fixed action spaces, tensors, information states.

Learning code (PettingZoo, OpenSpiel, Gymnasium, RLCard, a hand-written policy) wants
integers and flat float vectors where the rules speak in actions and observations. Every
built-in game offers, per *configuration* (player count and options):

* `ActionSpace` (``game.action_space(players, options)``): a fixed numbering ``0 ..
  size - 1`` of every player action of the configuration, its own numbering of the chance
  outcomes, a proven bound `ActionSpace.max_legal` on the number of legal actions, and
  cheap `ActionSpace.legal_indices` / `ActionSpace.legal_mask` for a state. Indices are
  documented per game and stay the same while the game's ``RULES_VERSION`` does.
* an observation tensor (``game.observation_tensor(observation)``): a flat ``array('f')``
  of ``game.observation_shape(players, options)`` floats, seat-relative to the observer,
  holding everything the observation holds (two different observations never give the
  same tensor); its named segments come from ``game.tensor_layout(players, options)``.
* an information state per player (`InfoState`): what that player has seen so far —
  every observation and what they saw of every action — with perfect recall, as a string
  (for tabular methods such as CFR) and as a tensor (``game.info_state_tensor(info)``).
  It is carried beside the state and fed only what the player sees (`InfoState.advance`),
  so plain play pays nothing for it.
* optionally, ``game.chance_probabilities(state)``: ``(chance index, probability)`` of
  every chance outcome, in `chance_outcomes` order, the exact fractions as floats without
  building them (what OpenSpiel's ``chance_outcomes`` wants; the conformance kit checks it
  against `chance_outcomes`).

Tensors are ``array.array('f')`` (float32): they take 4 bytes an entry, pickle, compare
with ``==``, and go into numpy or torch without a copy through the buffer protocol
(``numpy.frombuffer(tensor, dtype=numpy.float32)``), which a list of floats cannot.

>>> from boardrules.games import kivi
>>> space = kivi.action_space(2)
>>> space.size, space.chance_size
(3325, 923)
>>> state = kivi.apply(kivi.new_game(2), kivi.Roll((1, 1, 2, 2, 2, 6)))
>>> [str(space.action(i)) for i in space.legal_indices(state)][:3]
['g3', 'b4', 'e6']
>>> sum(space.legal_mask(state)) == len(kivi.legal_actions(state))
True
"""

from __future__ import annotations

import importlib
import json
from array import array
from collections.abc import Callable, Iterator, Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Final, Generic, Protocol, TypeAlias, TypeVar

import attrs

from boardrules._caches import Memo
from boardrules._convert import _fields, unstructure
from boardrules.errors import BoardrulesError, UnknownActionError
from boardrules.game import CHANCE, Chance

__all__ = [
    "ActionSpace",
    "HistoryCode",
    "InfoState",
    "LayoutBuilder",
    "NumericGame",
    "NumericTables",
    "Segment",
    "Tensor",
    "TensorLayout",
    "check_configuration",
    "counts",
]

A = TypeVar("A")
S = TypeVar("S")
O_contra = TypeVar("O_contra", contravariant=True)
P = TypeVar("P")
P_contra = TypeVar("P_contra", contravariant=True)
S_contra = TypeVar("S_contra", contravariant=True)

Tensor: TypeAlias = "array[float]"
"""A flat float32 tensor: ``array.array('f')``."""

class ActionSpace(Generic[A]):
    """The fixed numbering of a game configuration's actions and chance outcomes.

    Build one with the game's ``action_space(players, options)`` (cached); the
    constructor is for game authors. Player actions are numbered ``0 .. size - 1`` and
    chance outcomes ``0 .. chance_size - 1``, separately. The object is immutable, pickles
    (as the call that built it) and is shared between threads.
    """

    __slots__ = (
        "_actions", "_any_values", "_chance", "_chance_outcomes", "_chance_types",
        "_chance_values", "_indices", "_kept", "_legal", "_max_legal", "_memo", "_module",
        "_options", "_parts", "_players", "_texts", "_values", "game",
    )

    game: str
    """The game's registry name."""
    _module: str
    _players: int
    _options: object
    _actions: tuple[A, ...]
    _chance: tuple[A, ...]
    _max_legal: int
    _legal: Callable[[Any], tuple[A, ...]]
    _chance_outcomes: Callable[[Any], tuple[tuple[A, Fraction], ...]]
    _values: dict[object, int]
    _chance_values: dict[object, int]
    _chance_types: frozenset[type]
    _any_values: dict[object, int]
    _texts: Mapping[str, int]
    _memo: tuple[object, tuple[int, ...], bool]
    _parts: Callable[[Any], tuple[Sequence[A], tuple[A, ...]] | None] | None
    _indices: Callable[[Any], tuple[int, ...] | None] | None
    _kept: Memo[tuple[A, ...], bytes]

    def __init__(
        self,
        *,
        game: str,
        module: str,
        players: int,
        options: object,
        actions: tuple[A, ...],
        chance_actions: tuple[A, ...],
        max_legal: int,
        legal_actions: Callable[[Any], tuple[A, ...]],
        chance_outcomes: Callable[[Any], tuple[tuple[A, Fraction], ...]],
        masked_announcements: tuple[str, ...] = (),
        legal_parts: Callable[[Any], tuple[Sequence[A], tuple[A, ...]] | None] | None = None,
        legal_indices: Callable[[Any], tuple[int, ...] | None] | None = None,
    ) -> None:
        """Number `actions` and `chance_actions` in the order given.

        `module` is the importable name of the game module, whose ``action_space``
        rebuilds this space when it is unpickled. `masked_announcements` are the texts
        ``announce`` may show in place of an action's notation (``"draw ?"``); with the
        notation of every action and outcome they make `announcements`. Raises
        `TypeError` if two actions are equal or share a notation, or if a class holds
        both player actions and chance outcomes.

        `legal_parts`, optional, speeds up `legal_mask`: ``legal_parts(state)`` returns
        the legal actions of a player's decision as ``(rest, kept)``, together exactly
        those of ``legal_actions(state)`` in any order, where `kept` is a tuple the game
        keeps and hands out again (its mask is computed once and kept, by the tuple's
        value); it returns ``None`` where it does not apply (a chance node, the end).

        `legal_indices`, optional, speeds up `legal_indices` and `legal_mask` where a
        decision has many legal actions: ``legal_indices(state)`` returns the indices of
        ``legal_actions(state)``, in that order, computed without looking the actions up
        (``()`` at the end of the game); it returns ``None`` at a chance node (or wherever
        it does not apply), where the space looks the actions up. `legal_parts` is not
        consulted where it gives the indices.
        """
        set_ = object.__setattr__
        set_(self, "game", game)
        set_(self, "_module", module)
        set_(self, "_players", players)
        set_(self, "_options", options)
        set_(self, "_actions", actions)
        set_(self, "_chance", chance_actions)
        set_(self, "_max_legal", max_legal)
        set_(self, "_legal", legal_actions)
        set_(self, "_chance_outcomes", chance_outcomes)
        values: dict[object, int] = {a: i for i, a in enumerate(actions)}
        chance_values: dict[object, int] = {a: i for i, a in enumerate(chance_actions)}
        if len(values) != len(actions) or len(chance_values) != len(chance_actions):
            raise TypeError(f"{game}: the actions of a space must be distinct")
        chance_types = frozenset(type(a) for a in chance_actions)
        if chance_types & {type(a) for a in actions}:
            raise TypeError(f"{game}: a class holds both player actions and chance outcomes")
        texts = [str(a) for a in (*actions, *chance_actions)] + list(masked_announcements)
        text_ids = {t: i for i, t in enumerate(texts)}
        if len(text_ids) != len(texts):
            raise TypeError(f"{game}: two actions (or masked announcements) share a text")
        set_(self, "_values", values)
        set_(self, "_chance_values", chance_values)
        set_(self, "_chance_types", chance_types)
        set_(self, "_any_values", {**values, **chance_values})
        set_(self, "_texts", MappingProxyType(text_ids))
        set_(self, "_memo", (None, (), False))
        set_(self, "_parts", legal_parts)
        set_(self, "_indices", legal_indices)
        set_(self, "_kept", Memo(1 << 10))  # a game's prebuilt tuples: a few hundred

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"ActionSpace is immutable: cannot set {name!r}")

    def __reduce__(self) -> tuple[Callable[..., ActionSpace[Any]], tuple[object, ...]]:
        return _rebuild, (self._module, self._players, self._options)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ActionSpace):
            return NotImplemented
        return (self.game, self._players, self._options) == (
            other.game, other._players, other._options)

    def __hash__(self) -> int:
        return hash((self.game, self._players, self._options))

    def __repr__(self) -> str:
        return (f"<ActionSpace {self.game}, {self._players} players: {self.size} actions, "
                f"{self.chance_size} chance outcomes, max_legal={self._max_legal}>")

    @property
    def players(self) -> int:
        """The number of players of the configuration."""
        return self._players

    @property
    def options(self) -> object:
        """The options of the configuration."""
        return self._options

    @property
    def size(self) -> int:
        """The number of distinct player actions (OpenSpiel's ``num_distinct_actions``)."""
        return len(self._actions)

    @property
    def chance_size(self) -> int:
        """The number of distinct chance outcomes (OpenSpiel's ``max_chance_outcomes``)."""
        return len(self._chance)

    @property
    def max_legal(self) -> int:
        """A proven upper bound on ``len(legal_actions(state))`` at any player's decision of
        this configuration (the reasoning is on the game's docs page)."""
        return self._max_legal

    @property
    def actions(self) -> tuple[A, ...]:
        """Every player action, by index."""
        return self._actions

    @property
    def chance_actions(self) -> tuple[A, ...]:
        """Every chance outcome, by chance index."""
        return self._chance

    @property
    def announcements(self) -> Mapping[str, int]:
        """Every text ``announce`` can show of an action, numbered: the notation of each
        player action (its index), of each chance outcome (``size`` + its chance index),
        then the game's masked texts such as ``"draw ?"``. Information-state tensors encode
        what a player saw of an action by this number."""
        return self._texts

    def index(self, action: object) -> int:
        """Return the index of a player action.

        Raises `UnknownActionError` for anything that is no player action of this
        configuration (a chance outcome, another game's action, any other object).
        """
        try:
            found = self._values.get(action)
        except TypeError:  # unhashable: no action at all
            found = None
        if found is None:
            raise UnknownActionError(action, f"not a player action of {self._where()}")
        return found

    def action(self, index: int) -> A:
        """Return the player action numbered `index` (the shared object `legal_actions`
        returns). Raises `UnknownActionError` unless ``0 <= index < size`` (an `int`, not a
        `bool`)."""
        if type(index) is not int or not 0 <= index < len(self._actions):
            raise UnknownActionError(
                index, f"not an action index of {self._where()} (0 to {self.size - 1})")
        return self._actions[index]

    def chance_index(self, outcome: object) -> int:
        """Return the chance index of a chance outcome; raise `UnknownActionError` for
        anything else."""
        try:
            found = self._chance_values.get(outcome)
        except TypeError:
            found = None
        if found is None:
            raise UnknownActionError(outcome, f"not a chance outcome of {self._where()}")
        return found

    def chance_outcome(self, index: int) -> A:
        """Return the chance outcome numbered `index`; raise `UnknownActionError` unless
        ``0 <= index < chance_size``."""
        if type(index) is not int or not 0 <= index < len(self._chance):
            raise UnknownActionError(
                index, f"not a chance index of {self._where()} (0 to {self.chance_size - 1})")
        return self._chance[index]

    def announcement_index(self, text: str) -> int:
        """Return the number of a text ``announce`` shows (see `announcements`); raise
        `UnknownActionError` for any other text."""
        found = self._texts.get(text) if type(text) is str else None
        if found is None:
            raise UnknownActionError(text, f"not an announcement of {self._where()}")
        return found

    def legal_indices(self, state: object) -> tuple[int, ...]:
        """Return the indices of the legal actions in `legal_actions` order.

        At a chance node: the chance indices of the outcomes, in order; at the end: ``()``.
        No action object is built: the actions `legal_actions` hands out are looked up by
        value.
        """
        return self._lookup(state)[0]

    def _lookup(self, state: object) -> tuple[tuple[int, ...], bool]:
        """Return the indices of the legal actions and whether they are chance outcomes."""
        last, found, chance = self._memo
        if last is state:
            return found, chance
        if self._indices is not None:
            fast = self._hooked(state)
            if fast is not None:
                return fast, False
        return self._remember(state, self._legal(state))

    def _hooked(self, state: object) -> tuple[int, ...] | None:
        """The game's `legal_indices` hook of `state` (there is one), memoized as `_lookup`
        memoizes; None where the hook does not apply."""
        assert self._indices is not None
        fast = self._indices(state)
        if fast is not None:
            object.__setattr__(self, "_memo", (state, fast, False))
        return fast

    def _remember(self, state: object, legal: tuple[Any, ...]) -> tuple[tuple[int, ...], bool]:
        """`_lookup` of `state` given its legal actions `legal`: compute and memo the result."""
        chance = bool(legal) and type(legal[0]) in self._chance_types
        try:
            found = tuple(map(self._any_values.__getitem__, legal))
        except KeyError:  # an outcome equal to an action: no state of the rules
            lookup = self.chance_index if chance else self.index
            found = tuple(lookup(a) for a in legal)
        object.__setattr__(self, "_memo", (state, found, chance))
        return found, chance

    def legal_mask(self, state: object) -> bytearray:
        """Return a mask of length `size`: 1 at the index of each legal action, else 0.

        All zeros at the end of the game. At a chance node it raises `BoardrulesError`:
        chance outcomes have their own numbering (`legal_indices`, `chance_indices`).
        """
        last, indices, chance = self._memo
        if last is not state and self._indices is not None:
            fast = self._hooked(state)
            if fast is not None:
                last, indices, chance = state, fast, False
        if last is not state and self._parts is not None:
            parts = self._parts(state)
            if parts is not None:
                return self._mask_of_parts(*parts)
        mask = bytearray(len(self._actions))
        if last is not state:
            legal = self._legal(state)
            if not legal or type(legal[0]) not in self._chance_types:
                # The indices straight into the mask, no tuple of them built.
                self._mark(mask, legal)
                return mask
            indices, chance = self._remember(state, legal)
        if chance:
            raise BoardrulesError(
                "legal_mask: this is a chance node; its outcomes are numbered apart "
                "(use legal_indices or chance_indices)")
        for i in indices:
            mask[i] = 1
        return mask

    def _mask_of_parts(self, rest: Sequence[A], kept: tuple[A, ...]) -> bytearray:
        """Return the mask of the legal actions `rest` and `kept` (see `legal_parts`)."""
        found = self._kept.get(kept)
        if found is None:
            kept_mask = bytearray(len(self._actions))
            self._mark(kept_mask, kept)
            found = self._kept[kept] = bytes(kept_mask)
        mask = bytearray(found)
        self._mark(mask, rest)
        return mask

    def _mark(self, mask: bytearray, actions: Sequence[A]) -> None:
        """Set `mask` to 1 at the index of each of `actions`; raise `UnknownActionError` for
        anything that is no player action of the space."""
        try:
            for i in map(self._values.__getitem__, actions):  # a plain loop: no tuple built
                mask[i] = 1
        except (KeyError, TypeError):  # not an action (unhashable: TypeError)
            for i in map(self.index, actions):  # raises on the first stranger
                mask[i] = 1

    def chance_indices(self, state: object) -> tuple[tuple[int, Fraction], ...]:
        """Return ``(chance index, probability)`` for every chance outcome of `state`, in
        order (``()`` where chance does not act)."""
        return tuple((self.chance_index(a), p) for a, p in self._chance_outcomes(state))

    def _where(self) -> str:
        return f"{self.game} for {self._players} players"


def _rebuild(module: str, players: int, options: object) -> ActionSpace[Any]:
    space: ActionSpace[Any] = importlib.import_module(module).action_space(players, options)
    return space


def check_configuration(
    new_game: Callable[[int, P | None], object], options_type: type[P], players: int,
    options: P | None,
) -> tuple[int, P]:
    """Return ``(players, options)`` with the default options filled in, after `new_game`
    accepted them (it raises `InvalidOptionsError` naming a bad player count or options).

    For game authors: a game keeps its tables of a configuration on the options object
    (they live and die with it), per player count.
    """
    new_game(players, options)
    return players, options if options is not None else options_type()


def counts(cards: tuple[Any, ...], kinds: Mapping[Any, int], length: int,
           scale: float) -> Tensor:
    """Return a segment of `length` entries holding, at ``kinds[card]``, how many times each
    card occurs in `cards`, divided by `scale` (for game authors)."""
    out = array("f", bytes(4 * length))
    for card in set(cards):
        out[kinds[card]] = cards.count(card) / scale
    return out


@attrs.frozen
class Segment:
    """A named run of entries of a flat tensor."""

    name: str
    """The segment's name, e.g. ``"cells"``."""
    offset: int
    """Where it starts."""
    length: int
    """How many entries it has."""
    meaning: str
    """What its entries hold, in words (the docs tables are generated from it)."""

    @property
    def end(self) -> int:
        """The offset just after the segment."""
        return self.offset + self.length


@attrs.frozen
class TensorLayout:
    """The layout of a flat tensor: its segments in order, and whether it has perfect
    recall (for an information-state tensor: equal tensors mean equal information states)."""

    segments: tuple[Segment, ...]
    """The segments, in order, without gaps."""
    perfect_recall: bool = False
    """For an information-state tensor: whether it determines the whole information state
    (everything the player saw). Observation tensors leave it ``False``."""

    @property
    def size(self) -> int:
        """The number of entries."""
        return self.segments[-1].end if self.segments else 0

    def __getitem__(self, name: str) -> Segment:
        for segment in self.segments:
            if segment.name == name:
                return segment
        raise KeyError(name)

    def __iter__(self) -> Iterator[Segment]:
        return iter(self.segments)

    def __len__(self) -> int:
        return len(self.segments)

    def markdown(self) -> str:
        """Return the layout as a Markdown table (offset, length, name, meaning)."""
        rows = ["| offset | length | segment | holds |", "|---:|---:|---|---|"]
        rows += [f"| {s.offset} | {s.length} | `{s.name}` | {s.meaning} |"
                 for s in self.segments]
        return "\n".join(rows)


class LayoutBuilder:
    """Lay out segments one after another (for game authors).

    >>> b = LayoutBuilder()
    >>> b.add("me", 3, "one-hot"), b.add("board", 49, "cells")
    (0, 3)
    >>> b.build().size
    52
    """

    def __init__(self) -> None:
        self._segments: list[Segment] = []
        self.size = 0
        """Entries laid out so far."""

    def add(self, name: str, length: int, meaning: str) -> int:
        """Append a segment and return its offset."""
        offset = self.size
        self._segments.append(Segment(name, offset, length, meaning))
        self.size += length
        return offset

    def extend(self, layout: TensorLayout, prefix: str) -> int:
        """Append every segment of `layout`, names prefixed; return the offset of the first."""
        offset = self.size
        for s in layout:
            self.add(f"{prefix}{s.name}", s.length, s.meaning)
        return offset

    def build(self, *, perfect_recall: bool = False) -> TensorLayout:
        """Return the layout."""
        return TensorLayout(tuple(self._segments), perfect_recall)


# --- information states -------------------------------------------------------------------

_SKIPPED: Final = frozenset({"player", "options"})
"""Observation fields the transcript leaves out: the observer (named in the first line)
and the options (fixed by the configuration)."""


def _json(value: object, hint: object) -> str:
    return json.dumps(unstructure(value, hint), separators=(",", ":"), sort_keys=True)


def _element_hint(hint: object, i: int) -> object:
    """Return the type hint of item `i` of a tuple hinted `hint` (``None``: unknown)."""
    args: tuple[object, ...] = getattr(hint, "__args__", ())
    if getattr(hint, "__origin__", None) is not tuple:  # a union such as `tuple[int, ...] | None`
        members = [a for a in args if getattr(a, "__origin__", None) is tuple]
        if len(members) != 1:
            return None
        args = getattr(members[0], "__args__", ())
    if len(args) == 2 and args[1] is Ellipsis:
        return args[0]
    return args[i] if i < len(args) else None


def _changes(old: object, new: object, hint: object, path: str, out: list[str]) -> None:
    """Append ``path=value`` for every leaf of `new` that differs from `old`."""
    if old is new:
        return
    kind = type(new)
    if kind is type(old):
        if attrs.has(kind):
            if old == new:
                return
            for f in _fields(kind):
                _changes(getattr(old, f.name), getattr(new, f.name), f.type,
                         f"{path}.{f.name}" if path else f.name, out)
            return
        if kind is tuple and len(old) == len(new):  # type: ignore[arg-type]
            if old == new:
                return
            for i, (a, b) in enumerate(zip(old, new, strict=True)):  # type: ignore[call-overload]
                _changes(a, b, _element_hint(hint, i), f"{path}[{i}]", out)
            return
        if old == new:
            return
    out.append(f"{path}={_json(new, hint)}")


def _announce(game: Any, state: object, action: object, player: int) -> str:
    announce = getattr(game, "announce", None)
    if announce is not None:
        text: str = announce(state, action, player)
        return text
    return str(action) if getattr(game, "PERFECT_INFORMATION", False) else "?"


@attrs.frozen(repr=False)
class InfoState:
    """What one player has seen of a game so far, with perfect recall.

    It holds every observation the player had and what they saw of every action (the
    game's ``announce``), nothing else, so two histories the player cannot tell apart
    give equal information states. Carry one per player beside the state::

        info = InfoState.initial(game, state, player)
        next_state = game.apply(state, action)
        info = info.advance(game, state, action, next_state)

    ``str(info)`` is the transcript, one line per step (a key for tabular methods such
    as CFR); ``game.info_state_tensor(info)`` is the tensor. Equality and hashing use the
    player and the transcript.
    """

    player: int
    """The player whose information state this is."""
    lines: tuple[str, ...]
    """The transcript: the first observation, then per action who took it, what the player
    saw of it and what changed in their observation (``path=value``, JSON values)."""
    observation: Any = attrs.field(eq=False)
    """The player's latest observation."""
    steps: tuple[tuple[int | Chance, str], ...] = attrs.field(eq=False)
    """Per action: who took it (a seat or `CHANCE`) and what the player saw of it."""

    @classmethod
    def initial(cls, game: Any, state: object, player: int) -> InfoState:
        """Return `player`'s information state at `state`, where their record begins
        (normally the start of the game)."""
        observation = game.observe(state, player)
        data = unstructure(observation)
        assert isinstance(data, dict)
        seen = {k: v for k, v in data.items() if k not in _SKIPPED}
        view = json.dumps(seen, separators=(",", ":"), sort_keys=True)
        first = f"{game.NAME}, seen by player {player}: {view}"
        return cls(player, (first,), observation, ())

    def advance(self, game: Any, state: object, action: object, next_state: object) -> InfoState:
        """Return the information state after `action` took `state` to `next_state`.

        Reads only what the player sees: who acts, ``announce(state, action, player)``
        (the notation for a game of perfect information without ``announce``) and
        ``observe(next_state, player)``.
        """
        mover = game.to_move(state)
        text = _announce(game, state, action, self.player)
        observation = game.observe(next_state, self.player)
        changes: list[str] = []
        _changes(self.observation, observation, type(observation), "", changes)
        who = "chance" if mover is CHANCE else f"player {mover}"
        line = f"{who}: {text}" + (f" | {'; '.join(changes)}" if changes else "")
        return InfoState(self.player, (*self.lines, line), observation,
                         (*self.steps, (mover, text)))

    def __str__(self) -> str:
        return "\n".join(self.lines)

    def __repr__(self) -> str:
        return f"<InfoState of player {self.player} after {len(self.steps)} actions>"

    def __len__(self) -> int:
        """The number of actions the player has seen taken."""
        return len(self.steps)


class HistoryCode:
    """Encode an information state's actions as fixed-size slots (for game authors).

    A slot per action, in order, for the first `horizon` actions (or, once there are
    more, the latest `horizon`): 1 (the slot is used), who acted seat-relative to the
    player (one-hot: the player, the next seat, ..., chance), and the number of what the
    player saw (`ActionSpace.announcements`) in binary, lowest bit first.
    """

    def __init__(self, space: ActionSpace[Any], horizon: int) -> None:
        """Prepare the slots of `space`'s configuration, `horizon` of them."""
        self.players = space.players
        self.horizon = horizon
        self.bits = max(1, (len(space.announcements) - 1).bit_length())
        self.slot = 1 + self.players + 1 + self.bits
        self._space = space
        self._cache: Memo[tuple[int, int | Chance, str], bytes] = Memo(1 << 16)

    def describe(self, builder: LayoutBuilder, bound: int) -> None:
        """Add the segments ``actions`` and ``history`` to a layout."""
        builder.add("actions", 1, f"actions seen so far ÷ {bound} (the game's action bound)")
        window = f"the latest {self.horizon} once there are more; " if self.horizon < bound else ""
        builder.add(
            "history", self.horizon * self.slot,
            f"{self.horizon} slots of {self.slot}, one per action in order ({window}unused "
            f"slots are 0): used (1), who acted one-hot ({self.players + 1}: the player, the "
            f"next seats, chance), what the player saw as its number in `announcements` "
            f"({self.bits} bits, lowest first)")

    def _slot(self, player: int, mover: int | Chance, text: str) -> bytes:
        key = (player, mover, text)
        found = self._cache.get(key)
        if found is None:
            values = [0.0] * self.slot
            values[0] = 1.0
            who = self.players if isinstance(mover, Chance) else (mover - player) % self.players
            values[1 + who] = 1.0
            number = self._space.announcement_index(text)
            for b in range(self.bits):
                if number >> b & 1:
                    values[2 + self.players + b] = 1.0
            found = self._cache[key] = array("f", values).tobytes()
        return found

    def encode(self, info: InfoState, out: Tensor, bound: int) -> None:
        """Append the segments ``actions`` and ``history`` of `info` to `out`."""
        steps = info.steps
        out.append(len(steps) / bound)
        kept = steps[-self.horizon:] if len(steps) > self.horizon else steps
        player = info.player
        out.frombytes(b"".join(self._slot(player, m, t) for m, t in kept))
        out.frombytes(bytes(4 * self.slot * (self.horizon - len(kept))))


class NumericTables:
    """What a game's numeric members need for one configuration (for game authors): a
    game subclasses it, lays out its observation tensor, and calls `finish`."""

    space: ActionSpace[Any]
    """The action space."""
    layout: TensorLayout
    """The observation tensor's layout."""
    size: int
    """The observation tensor's size."""
    template: Tensor
    """A zero observation tensor, copied to start each one."""
    history: HistoryCode
    """The encoding of the actions in the information-state tensor."""
    bound: int
    """The game's action bound for the configuration."""
    info_layout: TensorLayout
    """The information-state tensor's layout."""

    def finish(self, space: ActionSpace[Any], builder: LayoutBuilder, *, bound: int,
               horizon: int, perfect_recall: bool) -> None:
        """Set every attribute from the action space, the observation tensor's segments, the
        action bound, the number of actions the history keeps, and whether the
        information-state tensor has perfect recall."""
        self.space = space
        self.layout = builder.build()
        self.size = builder.size
        self.template = array("f", bytes(4 * self.size))
        self.bound = bound
        self.history = HistoryCode(space, horizon)
        info = LayoutBuilder()
        info.extend(self.layout, "")
        self.history.describe(info, bound)
        self.info_layout = info.build(perfect_recall=perfect_recall)

    def fixed_chance(self, outcomes: tuple[tuple[Any, Fraction], ...]
                     ) -> tuple[tuple[int, float], ...]:
        """Return a short chance-outcome tuple (such as a game's dice rolls) as ``(chance
        index, probability as a float)``."""
        index = self.space.chance_index
        return tuple((index(a), p.numerator / p.denominator) for a, p in outcomes)

    def info_tensor(self, info: InfoState, observation: Tensor) -> Tensor:
        """Return the information-state tensor of `info`, given its observation's tensor
        (extended in place)."""
        self.history.encode(info, observation, self.bound)
        return observation


class NumericGame(Protocol[S_contra, A, O_contra, P_contra]):
    """The numeric members of a game module (optional for a third-party game).

    Type parameters: ``S_contra`` the state, ``A`` the action union, ``O_contra`` the
    observation, ``P_contra`` the options.
    """

    def action_space(self, players: int, options: P_contra | None = None) -> ActionSpace[A]:
        """Return the action space of a configuration (cached)."""

    def observation_tensor(self, observation: O_contra) -> Tensor:
        """Return the flat tensor of an observation, seat-relative to its observer."""

    def observe_tensor(self, state: S_contra, player: int | None) -> Tensor:
        """Return ``observation_tensor(observe(state, player))`` (a game may skip building
        the observation)."""

    def observation_shape(self, players: int, options: P_contra | None = None) -> tuple[int]:
        """Return the shape of the observation tensors of a configuration: ``(n,)``."""

    def tensor_layout(self, players: int, options: P_contra | None = None) -> TensorLayout:
        """Return the named segments of the observation tensors of a configuration."""

    def info_state_tensor(self, info: InfoState) -> Tensor:
        """Return the flat tensor of a player's information state."""

    def info_state_shape(self, players: int, options: P_contra | None = None) -> tuple[int]:
        """Return the shape of the information-state tensors of a configuration."""

    def info_state_layout(self, players: int, options: P_contra | None = None) -> TensorLayout:
        """Return the named segments of the information-state tensors of a configuration."""
