"""Whales Rivals for learning code: the action space, observation and information-state tensors.

The numbering depends on the whale values (option `whale_values`): with the default
values 1-6 and 10 there are 66 actions::

    0 - 41    PlayWhale(value, pack, face_up)   by value ascending, pack, face down first
    42 - 50   PlayTurtle(pack, slot)            by pack, then slot
    51        PlayTurtle()                      no target
    52        EndRound()
    53 - 61   Flip(pack, slot)                  by pack, then slot
    62 - 64   Peek(pack)
    65        Skip()

A value any whale of red or blue shows is a row of six plays. Chance outcomes: `DealGrey`
of each grey value ascending, then `Draw` of each card a player's deck holds (the turtle
``T`` first, then the whale values): 15 by default.

Tensors are seat-relative ("me", then the opponent; the spectator sees as seat 0).
"""

from __future__ import annotations

from array import array
from collections import Counter
from typing import Final, cast

from boardrules._caches import Memo
from boardrules._owners import wrong_game
from boardrules._seats import check_player
from boardrules.games.whales_rivals.actions import (
    END_ROUND,
    FLIP,
    PEEK,
    SKIP,
    TURTLE_AT,
    TURTLE_NO_TARGET,
    Action,
)
from boardrules.games.whales_rivals.cards import (
    HAND_SIZE,
    MAX_WHALES,
    PACKS,
    ROUNDS,
    TURTLE,
    TURTLES,
    WHALES_PER_COLOUR,
    Grey,
    Whale,
)
from boardrules.games.whales_rivals.observe import Observation
from boardrules.games.whales_rivals.rules import (
    _DEFAULT_OPTIONS,
    action_bound,
    chance_outcomes,
    legal_actions,
    new_game,
)
from boardrules.games.whales_rivals.state import Options, Phase, Reveal, State
from boardrules.numeric.spaces import (
    ActionSpace,
    InfoState,
    LayoutBuilder,
    NumericTables,
    Tensor,
    TensorLayout,
    check_configuration,
    counts,
)

__all__ = [
    "MAX_LEGAL",
    "action_space",
    "chance_probabilities",
    "info_state_layout",
    "info_state_shape",
    "info_state_tensor",
    "observation_shape",
    "observation_tensor",
    "observe_tensor",
    "tensor_layout",
]

MAX_LEGAL: Final = 25
"""The most legal actions a decision can have (see the docs page): an action with a turtle
in hand has at most 4 whale values × 3 packs face down + 3 face up (a pack's top matches
one value), 9 turtle targets (the opponent's face-down whales) and End round: 25; without a
turtle, 5 × 3 + 3 + 1 = 19; an Exploration has at most 9 flips, 3 peeks and Skip: 13."""

_CARDS: Final = WHALES_PER_COLOUR + TURTLES
"""Cards of a player (deck, hand and discards hold at most these)."""
_GREYS: Final = WHALES_PER_COLOUR
"""Grey cards."""
_PHASES: Final = tuple(Phase)
_PILE_CAPACITY: Final = tuple(ROUNDS * (k + 1) for k in range(PACKS))
"""A pack in slot k (from 0) receives k + 1 cards a round and may be tied twice (W16)."""
_SEEN: Final = ((False, False), (True, False), (False, True), (True, True))


class _Code(NumericTables):
    """Everything the tensors of one configuration need, computed once."""

    def __init__(self, players: int, options: Options) -> None:
        red, blue, greys = options.whale_values
        whales = sorted(set(red) | set(blue))
        self.kinds = {v: i for i, v in enumerate([TURTLE, *whales])}
        """Player cards (turtle first) → position in a count segment."""
        self.whales = {v: i for i, v in enumerate(whales)}
        self.greys = {v: i for i, v in enumerate(sorted(set(greys)))}
        tables = options.tables
        plays = [play for v in whales for play in tables.plays[v]]
        turtles = [TURTLE_AT[i][s] for i in range(PACKS) for s in range(MAX_WHALES)]
        flips = [FLIP[i][s] for i in range(PACKS) for s in range(MAX_WHALES)]
        actions: tuple[Action, ...] = (*plays, *turtles, TURTLE_NO_TARGET, END_ROUND, *flips,
                                       *PEEK, SKIP)
        chance: tuple[Action, ...] = (*(tables.deals[v] for v in self.greys),
                                      *(tables.draws[v] for v in self.kinds))
        space: ActionSpace[Action] = ActionSpace(
            game="whales_rivals", module="boardrules.games.whales_rivals", players=players,
            options=options, actions=actions, chance_actions=chance, max_legal=MAX_LEGAL,
            legal_actions=legal_actions, chance_outcomes=chance_outcomes,
            masked_announcements=("deal ?", "draw ?", *(f"?>{i + 1}" for i in range(PACKS))))
        k, w, g = len(self.kinds), len(self.whales), len(self.greys)
        b = LayoutBuilder()
        self.observer = b.add("observer", 3, "the observer: seat 0, seat 1, the spectator")
        self.round = b.add("round", ROUNDS, "the round 1-3, one-hot")
        self.phase = b.add("phase", len(_PHASES), "the phase, one-hot: "
                           + ", ".join(p.value for p in _PHASES))
        self.to_act = b.add("to_act", 2, "whose turn it is: me, the opponent")
        self.starter = b.add("starter", 2, "who started the round: me, the opponent")
        self.opening = b.add("opening", 1, "1 in the round's one-action first turn")
        self.actions_left = b.add("actions_left", 1, "actions left in the turn ÷ 2")
        self.dealt = b.add("dealt", 1, "grey cards dealt this round ÷ 6")
        kinds = "turtle, " + ", ".join(map(str, whales))
        self.hand = b.add("hand", k, f"my hand: count of each card ({kinds}) ÷ {HAND_SIZE}")
        self.deck = b.add("deck", k, f"my deck: count of each card ÷ {_CARDS}")
        self.hand_sizes = b.add("hand_sizes", 2, f"cards in hand ÷ {HAND_SIZE}: me, the opponent")
        self.deck_sizes = b.add("deck_sizes", 2, f"cards in deck ÷ {_CARDS}: me, the opponent")
        self.discards = b.add("discards", 2 * k,
                              f"discard piles, count of each card ÷ {_CARDS}: mine, then the "
                              "opponent's")
        self.grey_deck = b.add("grey_deck", 1, f"cards in the grey deck ÷ {_GREYS}")
        self.grey_slot = 1 + g + 3
        self.whale_slot = 2 + w
        grey_values = ", ".join(map(str, self.greys))
        self.packs: list[tuple[int, int]] = []
        self.pack_segments: list[tuple[int, int]] = []
        """Per pack: the offset and length of its grey cards and whales together."""
        for i in range(PACKS):
            cards = b.add(
                f"pack{i + 1}_grey", _PILE_CAPACITY[i] * self.grey_slot,
                f"pack {i + 1}'s grey cards bottom to top, {_PILE_CAPACITY[i]} slots of "
                f"{self.grey_slot}: present, the value one-hot ({grey_values}; all 0 unknown), "
                "has lain face up, seen by me, seen by the opponent")
            pods = b.add(
                f"pack{i + 1}_whales", 2 * MAX_WHALES * self.whale_slot,
                f"the whales at pack {i + 1} in the order played, mine then the opponent's, "
                f"{MAX_WHALES} slots of {self.whale_slot} each: present, face up, the value "
                "one-hot (all 0 unknown)")
            self.packs.append((cards, pods))
            self.pack_segments.append((cards, b.size - cards))
        self.pile_kinds = (g + 1) * 2 * len(_SEEN)
        kind_text = (f"count ÷ {_GREYS} of each kind of card: value ({grey_values}, unknown) × "
                     "has lain face up (no, yes) × seen by (nobody, me, the opponent, both)")
        self.captured = b.add("captured", 2 * self.pile_kinds,
                              f"captured piles, mine then the opponent's: {kind_text}")
        self.unclaimed = b.add("unclaimed", self.pile_kinds, f"the unclaimed pile: {kind_text}")
        self.reveal_slot = 1 + w
        self.revealed = b.add(
            "revealed", PACKS * 2 * MAX_WHALES * self.reveal_slot,
            f"the whales revealed at the last end of a round, pack by pack, mine then the "
            f"opponent's, {MAX_WHALES} slots of {self.reveal_slot} each: present, the value "
            "one-hot")
        self._segments(k)
        bound = action_bound(players, options)
        self.finish(space, b, bound=bound, horizon=bound, perfect_recall=False)


    def _segments(self, kinds: int) -> None:
        """Prepare what `observe_tensor` joins: constant segments and memos of encoded ones
        (each bounded; a full memo starts afresh)."""
        self.no_counts = bytes(4 * kinds)
        """An encoded count segment of no cards."""
        self.no_pile = bytes(4 * self.pile_kinds)
        """An encoded empty captured or unclaimed pile."""
        self.heads: Memo[_HeadKey, bytes] = Memo(1 << 12)
        """The encoded segments before the hand (observer to dealt), by their values (at
        most 3 × 3 × 5 × 2 × 2 × 2 × 3 × 6 values in play)."""
        self.sizes: Memo[tuple[int, int, int, int], bytes] = Memo(1 << 10)
        """The encoded hand and deck sizes (me, the opponent), by their values."""
        self.hand_counts: Memo[tuple[int, ...], bytes] = Memo(1 << 10)
        """Encoded hands (count segments ÷ the hand size) by their cards."""
        self.pile_counts: Memo[tuple[int, ...], bytes] = Memo(1 << 11)
        """Encoded decks and discard piles (count segments ÷ a player's cards) by their
        cards."""
        self.grey_rows: Memo[tuple[tuple[Grey, ...], int, int | None], bytes] = Memo(1 << 12)
        """Encoded grey cards of a pack by the cards, the pack's slot and the observer."""
        self.pods: Memo[tuple[tuple[Whale, ...], bool], bytes] = Memo(1 << 12)
        """Encoded whales of a player at a pack by the whales and whether the observer
        owns them."""
        self.piles: Memo[tuple[tuple[Grey, ...], int | None, bool], bytes] = Memo(1 << 12)
        """Encoded captured and unclaimed piles by their cards, the observer and whether
        the game is over (all revealed)."""
        self.reveals: Memo[tuple[Reveal, int], bytes] = Memo(1 << 10)
        """Encoded whales revealed at the last end of a round, by the whales and the seat
        the tensor is relative to."""


_HeadKey = tuple[int | None, int, int, int, int, bool, int, int]
"""What the segments before the hand encode: the observer, round, phase index, player to
act, starter, opening flag, actions left and cards dealt."""


def _code(players: int, options: Options) -> _Code:
    """Return the tables of a configuration read from a state or an observation: built on
    first use and kept by its options (`Options.tables`), so that they live and die with them."""
    code = options.tables.numeric.get(players)
    if code is None:
        code = options.tables.numeric[players] = _Code(players, options)
    return cast(_Code, code)


def _configured(players: int, options: Options | None) -> _Code:
    """Return `_code` of a configuration a caller gave, checked by `new_game` (it raises
    `InvalidOptionsError`); options equal to the defaults share the defaults' tables."""
    players, checked = check_configuration(new_game, Options, players, options)
    return _code(players, _DEFAULT_OPTIONS if checked == _DEFAULT_OPTIONS else checked)


def action_space(players: int = 2, options: Options | None = None) -> ActionSpace[Action]:
    """Return the action space (cached; see the module).

    >>> space = action_space(2)
    >>> space.size, space.chance_size, space.max_legal
    (66, 15, 25)
    >>> str(space.action(1)), str(space.chance_outcome(7))
    ('1>1 up', 'draw T')
    """
    return _configured(players, options).space


def tensor_layout(players: int = 2, options: Options | None = None) -> TensorLayout:
    """Return the segments of the observation tensor."""
    return _configured(players, options).layout


def observation_shape(players: int = 2, options: Options | None = None) -> tuple[int]:
    """Return the shape of the observation tensor (751 floats with the default values).

    >>> observation_shape()
    (751,)
    """
    return (_configured(players, options).size,)


def observation_tensor(observation: Observation) -> Tensor:
    """Return the observation as a flat float32 tensor, seat-relative (see `tensor_layout`).

    Everything the observation holds is there: two different observations of one
    configuration give different tensors.
    """
    if type(observation) is not Observation:
        raise wrong_game("whales_rivals.observation_tensor", "whales_rivals.Observation",
                         observation)
    code = _code(2, observation.options)
    seat = observation.player
    me = 0 if seat is None else seat
    other = 1 - me
    out = _head(code, seat, observation.round, observation.phase, observation.to_act,
                observation.starter, observation.opening, observation.actions_left,
                observation.dealt, observation.hand, observation.deck,
                observation.hand_sizes, observation.deck_sizes, observation.discards,
                observation.grey_deck_size)
    for index, pack in enumerate(observation.packs):
        at, length = code.pack_segments[index]
        greys = [(v.value, v.shown, v.seen[me], v.seen[other]) for v in pack.grey]
        pods = [[(w.value, w.face_up) for w in pack.whales[owner]] for owner in (me, other)]
        out[at:at + length] = _pack(code, index, greys, pods)
    for side, owner in enumerate((me, other)):
        _pile(out, code, code.captured + side * code.pile_kinds,
              [(v.value, v.shown, v.seen[me], v.seen[other]) for v in observation.captured[owner]])
    _pile(out, code, code.unclaimed,
          [(v.value, v.shown, v.seen[me], v.seen[other]) for v in observation.unclaimed])
    end = code.revealed + PACKS * 2 * MAX_WHALES * code.reveal_slot
    out[code.revealed:end] = array("f", _revealed(code, observation.revealed, me))
    return out


def observe_tensor(state: State, player: int | None) -> Tensor:
    """Return ``observation_tensor(observe(state, player))`` without building the
    observation: the fast path for environments.

    The tensor is joined from encoded segments kept in bounded memos of the configuration
    (`_Code`): the scalars before the hand, card counts, the cards and whales of each pack
    and the piles, each by the values it encodes, so a step mostly encodes only what it
    changed.
    """
    if type(state) is not State:
        raise wrong_game("whales_rivals.observe_tensor", "whales_rivals.State", state)
    check_player(player, 2)
    code = _code(2, state.options)
    me = 0 if player is None else player
    other = 1 - me
    hands, decks, discards = state.hands, state.decks, state.discards
    key = (player, state.round, _PHASES.index(state.phase), state.player, state.starter,
           state.opening, state.actions_left, state.dealt)
    head = code.heads.get(key)
    if head is None:
        head = code.heads[key] = _head_bytes(code, key)
    hand_counts, pile_counts = code.hand_counts, code.pile_counts
    sizes = (len(hands[me]), len(hands[other]), len(decks[me]), len(decks[other]))
    size_bytes = code.sizes.get(sizes)
    if size_bytes is None:
        size_bytes = code.sizes[sizes] = array(
            "f", (sizes[0] / HAND_SIZE, sizes[1] / HAND_SIZE, sizes[2] / _CARDS,
                  sizes[3] / _CARDS)).tobytes()
    if player is None:
        hand = deck = code.no_counts
    else:
        hand = hand_counts.get(hands[me]) or _counted(hand_counts, code, hands[me], HAND_SIZE)
        deck = pile_counts.get(decks[me]) or _counted(pile_counts, code, decks[me], _CARDS)
    mine, theirs = discards[me], discards[other]
    grey_deck = len(state.grey_deck)
    reveal = state.phase is Phase.OVER
    captured = state.captured
    parts = [
        head, hand, deck, size_bytes,
        pile_counts.get(mine) or _counted(pile_counts, code, mine, _CARDS),
        pile_counts.get(theirs) or _counted(pile_counts, code, theirs, _CARDS),
        _GREY_DECK[grey_deck] if grey_deck < len(_GREY_DECK)
        else array("f", (grey_deck / _GREYS,)).tobytes(),
    ]
    grey_rows, pods = code.grey_rows, code.pods
    for index, pack in enumerate(state.packs):
        greys = pack.grey
        parts.append(grey_rows.get((greys, index, player))
                     or _grey_row(code, index, greys, player))
        for owner in (me, other):
            pod = pack.whales[owner]
            parts.append(pods.get((pod, owner == player)) or _pod(code, pod, owner == player))
    for cards in (captured[me], captured[other], state.unclaimed):
        parts.append((code.piles.get((cards, player, reveal))
                      or _state_pile_tensor(code, cards, player, reveal)) if cards
                     else code.no_pile)
    parts.append(_revealed(code, state.revealed, me))
    return array("f", b"".join(parts))


_GREY_DECK: Final = tuple(array("f", (n / _GREYS,)).tobytes() for n in range(_GREYS + 1))


def _head_bytes(code: _Code, key: _HeadKey) -> bytes:
    """Encode the segments before the hand (observer to dealt) of a `_Code.heads` key."""
    seat, round_, phase, to_act, starter, opening, actions_left, dealt = key
    me = 0 if seat is None else seat
    out = array("f", bytes(4 * code.hand))
    out[code.observer + (2 if seat is None else seat)] = 1.0
    out[code.round + round_ - 1] = 1.0
    out[code.phase + phase] = 1.0
    out[code.to_act + (to_act != me)] = 1.0
    out[code.starter + (starter != me)] = 1.0
    out[code.opening] = float(opening)
    out[code.actions_left] = actions_left / 2
    out[code.dealt] = dealt / 6
    return out.tobytes()


def _counted(memo: Memo[tuple[int, ...], bytes], code: _Code, cards: tuple[int, ...],
             scale: int) -> bytes:
    """Encode the counts of `cards` (a count segment of the player cards) and keep them."""
    found = memo[cards] = counts(cards, code.kinds, len(code.kinds), scale).tobytes()
    return found


def _head(  # noqa: PLR0917 - the observation's fields in order
    code: _Code, seat: int | None, round_: int, phase: Phase, to_act: int, starter: int,
    opening: bool, actions_left: int, dealt: int, hand: tuple[int, ...], deck: tuple[int, ...],
    hand_sizes: tuple[int, int], deck_sizes: tuple[int, int],
    discards: tuple[tuple[int, ...], tuple[int, ...]], grey_deck: int,
) -> Tensor:
    """Return a tensor with every segment before the packs written."""
    out = code.template[:]
    me = 0 if seat is None else seat
    other = 1 - me
    out[code.observer + (2 if seat is None else seat)] = 1.0
    out[code.round + round_ - 1] = 1.0
    out[code.phase + _PHASES.index(phase)] = 1.0
    out[code.to_act + (to_act != me)] = 1.0
    out[code.starter + (starter != me)] = 1.0
    out[code.opening] = float(opening)
    out[code.actions_left] = actions_left / 2
    out[code.dealt] = dealt / 6
    _counts(out, code.hand, code, hand, HAND_SIZE)
    _counts(out, code.deck, code, deck, _CARDS)
    at = code.hand_sizes
    out[at], out[at + 1] = hand_sizes[me] / HAND_SIZE, hand_sizes[other] / HAND_SIZE
    at = code.deck_sizes
    out[at], out[at + 1] = deck_sizes[me] / _CARDS, deck_sizes[other] / _CARDS
    _counts(out, code.discards, code, discards[me], _CARDS)
    _counts(out, code.discards + len(code.kinds), code, discards[other], _CARDS)
    out[code.grey_deck] = grey_deck / _GREYS
    return out


_Card = tuple[int | None, bool, bool, bool]
"""A grey card as the encoder reads it: its value if known, has lain face up, seen by me,
seen by the opponent."""


def _counts(out: Tensor, offset: int, code: _Code, cards: tuple[int, ...], scale: int) -> None:
    if cards:
        kinds = code.kinds
        k = len(kinds)
        out[offset:offset + k] = counts(cards, kinds, k, scale)


def _pack(code: _Code, index: int, greys: list[_Card],
          pods: list[list[tuple[int | None, bool]]]) -> Tensor:
    """Encode the pack in slot `index`: its grey cards bottom to top, then my whales and the
    opponent's, in the order played."""
    out = array("f", bytes(4 * code.pack_segments[index][1]))
    values, whales = code.greys, code.whales
    gslot, wslot, g = code.grey_slot, code.whale_slot, len(values)
    at = 0
    for value, shown, mine, theirs in greys:
        out[at] = 1.0
        if value is not None:
            out[at + 1 + values[value]] = 1.0
        out[at + 1 + g] = float(shown)
        out[at + 2 + g] = float(mine)
        out[at + 3 + g] = float(theirs)
        at += gslot
    base = _PILE_CAPACITY[index] * gslot
    for side, pod in enumerate(pods):
        at = base + side * MAX_WHALES * wslot
        for value, up in pod:
            out[at] = 1.0
            out[at + 1] = float(up)
            if value is not None:
                out[at + 2 + whales[value]] = 1.0
            at += wslot
    return out


def _grey_row(code: _Code, index: int, greys: tuple[Grey, ...], player: int | None) -> bytes:
    """Encode the grey cards of the pack in slot `index` and keep them (`_Code.grey_rows`)."""
    me = 0 if player is None else player
    cards = [(g.value if g.shown or (player is not None and g.seen[player]) else None,
              g.shown, g.seen[me], g.seen[1 - me]) for g in greys]
    row = code.grey_rows[greys, index, player] = _pack(code, index, cards, [[], []])[
        :_PILE_CAPACITY[index] * code.grey_slot].tobytes()
    return row


def _pod(code: _Code, whales: tuple[Whale, ...], own: bool) -> bytes:
    """Encode a player's whales at a pack, face-down values shown to their owner alone, and
    keep them (`_Code.pods`)."""
    values = array("f", bytes(4 * code.whale_slot * MAX_WHALES))
    at = 0
    for w in whales:
        values[at] = 1.0
        values[at + 1] = float(w.face_up)
        if w.face_up or own:
            values[at + 2 + code.whales[w.value]] = 1.0
        at += code.whale_slot
    tensor = code.pods[whales, own] = values.tobytes()
    return tensor


def _revealed(code: _Code, revealed: Reveal, me: int) -> bytes:
    """Encode the whales revealed at the last end of a round, seat-relative, and keep them
    (`_Code.reveals`)."""
    found = code.reveals.get((revealed, me))
    if found is None:
        slot = code.reveal_slot
        out = array("f", bytes(4 * PACKS * 2 * MAX_WHALES * slot))
        at = 0
        for pair in revealed:
            for owner in (me, 1 - me):
                for k, value in enumerate(pair[owner]):
                    out[at + k * slot] = 1.0
                    out[at + k * slot + 1 + code.whales[value]] = 1.0
                at += MAX_WHALES * slot
        found = code.reveals[revealed, me] = out.tobytes()
    return found


def _state_pile_tensor(code: _Code, cards: tuple[Grey, ...], player: int | None,
                       reveal: bool) -> bytes:
    """Encode the category counts of a captured or unclaimed pile of a state and keep them
    (`_Code.piles`)."""
    tensor = array("f", bytes(4 * code.pile_kinds))
    _pile(tensor, code, 0, _state_pile(cards, player, reveal))
    found = code.piles[cards, player, reveal] = tensor.tobytes()
    return found


def _state_pile(cards: tuple[Grey, ...], player: int | None, reveal: bool) -> list[_Card]:
    me = 0 if player is None else player
    other = 1 - me
    return [(g.value if reveal or g.shown or (player is not None and g.seen[player]) else None,
             g.shown, g.seen[me], g.seen[other]) for g in cards]


def _pile(out: Tensor, code: _Code, offset: int, cards: list[_Card]) -> None:
    """Write the category counts of a captured or unclaimed pile."""
    if cards:
        values, g = code.greys, len(code.greys)
        kinds = [((g if v is None else values[v]) * 2 + shown) * 4 + mine + 2 * theirs
                 for v, shown, mine, theirs in cards]
        for kind in set(kinds):
            out[offset + kind] = kinds.count(kind) / _GREYS


def chance_probabilities(state: State) -> tuple[tuple[int, float], ...]:
    """Return ``(chance index, probability)`` for every chance outcome, in
    `chance_outcomes` order, each probability its exact fraction as a float (correctly
    rounded), without building the fractions: the fast path for frameworks that want
    floats (OpenSpiel).

    >>> chance_probabilities(new_game(2))[:2]
    ((0, 0.2222222222222222), (1, 0.16666666666666666))
    """
    if type(state) is not State:
        raise wrong_game("whales_rivals.chance_probabilities", "whales_rivals.State", state)
    phase = state.phase
    code = _code(2, state.options)
    if phase is Phase.DEAL:  # chance indices: the grey values, then the player cards
        pile, ids, base = state.grey_deck, code.greys, 0
    elif phase is Phase.DRAW:
        pile, ids, base = state.decks[state.player], code.kinds, len(code.greys)
    else:
        return ()
    total = len(pile)
    # Counter keeps the order of first occurrence, as chance_outcomes lists the values.
    return tuple((base + ids[v], n / total) for v, n in Counter(pile).items())


def info_state_layout(players: int = 2, options: Options | None = None) -> TensorLayout:
    """Return the segments of the information-state tensor: the observation's, then every
    action of the game as the player saw it (not perfect recall: see the docs page)."""
    return _configured(players, options).info_layout


def info_state_shape(players: int = 2, options: Options | None = None) -> tuple[int]:
    """Return the shape of the information-state tensor (2,303 floats by default).

    >>> info_state_shape()
    (2303,)
    """
    return (_configured(players, options).info_layout.size,)


def info_state_tensor(info: InfoState) -> Tensor:
    """Return a player's information state as a flat float32 tensor (see
    `info_state_layout`): the latest observation, then every action the player saw."""
    if type(info) is not InfoState:
        raise wrong_game("whales_rivals.info_state_tensor", "InfoState", info)
    if type(info.observation) is not Observation:
        raise wrong_game("whales_rivals.info_state_tensor info.observation",
                         "whales_rivals.Observation",
                         info.observation)
    code = _code(2, info.observation.options)
    return code.info_tensor(info, observation_tensor(info.observation))
