"""Lustry for learning code: the action space, observation and information-state tensors.

Action indices (the same for every option), 500 in all::

    0 - 2      Draw(colour)                 from the draw piles r, g, b
    3 - 8      Draw(colour, owner)          from the discard piles: player 0 r, g, b, player 1
    9 - 68     Lay(first, second)           60 pairs
    69 - 128   Exchange(first, second)      the same 60 pairs
    129 - 182  PutUnder(card)               54 kinds (not the steal cards)
    183 - 236  Extend(card)                 54 kinds
    237 - 332  Block(card, target)          48 filled kinds × 2 targets
    333 - 428  Unblock(card, blocker)       48 filled kinds × 2 blockers
    429 - 437  Steal(card, colour)          3 steal kinds × 3 named colours
    438 - 494  Discard(card)                57 kinds
    495 - 497  Defend(card)                 3 steal kinds
    498        Allow()
    499        EndTurn()

Kinds run in the canonical card order (`lustry.cards.KINDS`); pairs by their lower card in
that order (as `lustry.actions.LAY` lists them). Chance: `Drawn` of each of the 57 kinds.

Tensors are seat-relative ("me", then the opponent; the spectator sees as seat 0).
"""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Callable
from itertools import repeat
from typing import Any, Final, cast

from boardrules._caches import Memo
from boardrules._owners import wrong_game
from boardrules._seats import check_player
from boardrules.games.lustry.actions import (
    ALL_ACTIONS,
    DRAWN,
    Action,
)
from boardrules.games.lustry.cards import COLOURS, KINDS
from boardrules.games.lustry.observe import Observation
from boardrules.games.lustry.rules import (
    _DEFAULT_OPTIONS,
    action_bound,
    chance_outcomes,
    legal_actions,
    new_game,
)
from boardrules.games.lustry.state import Options, Phase, Sequence, State
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
    "HISTORY",
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

MAX_LEGAL: Final = 181
"""The most legal actions a decision can have (see the docs page). Phase 2: at most 60
`Lay`/`Exchange` (a pair is one or the other, as the colour has a sequence or not), 15
`Extend` (five kinds of each open sequence's branch), 24 `Block` (each of the opponent's at
most 12 blockable kinds — values 2–5 of three branches — by a card of one of two other
colours), 15 `Unblock` (a blocked slot each: values 2, 3, 4, 5, 5 of three sequences), 9
`Steal`, 57 `Discard` and `EndTurn`: 181. Drawing offers at most 9 piles, a defence 4, an
exchange 19 kinds."""
HISTORY: Final = 512
"""Actions the information-state tensor keeps (the latest; the game's bound is far larger)."""

_PILE: Final = 25
"""Cards of one colour: the most a draw or discard pile can hold."""
_HAND: Final = 75
_PENDING: Final = 7
_SLOTS: Final = 6
"""Cards a sequence can hold: the 1, 2, 3 and 4 of its branch and the two 5s."""
_PHASES: Final = tuple(Phase)
_KIND: Final = {k: i for i, k in enumerate(KINDS)}
_HIDDEN: Final = {c + "?": i for i, c in enumerate(COLOURS)}
_LOCAL: Final = {k: i for c in COLOURS for i, k in enumerate(k for k in KINDS if k[0] == c)}
"""A card's position among the 19 kinds of its colour (the steal card last)."""
_COLOUR_KINDS: Final = len(KINDS) // len(COLOURS)
_SOURCE: Final = {None: 0, "r": 1, "g": 2, "b": 3}
_PILE_SLOT: Final = _COLOUR_KINDS + 2
_HAND_SLOT: Final = len(KINDS) + 3
_SEQ_SLOT: Final = 1 + (_COLOUR_KINDS - 1) + 3 + 1


class _Memos:
    """Encoded segments of one configuration's observations, keyed by the values they
    encode (the hot path of `observe_tensor`: a step changes few of them). Each memo is
    bounded; together they hold at most about 1.5 MiB, and they live and die with the
    configuration's `_Code`, kept by its options."""

    def __init__(self) -> None:
        self.heads: Memo[tuple[int | None, int, int, int, int, int, int], bytes] = Memo(1 << 10)
        """Encoded segments up to the draw piles, by the observer, the phase's index, the
        player to move, the turn and the draw piles' sizes."""
        self.tails: Memo[tuple[str | None, bool, int, int | None, int], bytes] = Memo(1 << 10)
        """Encoded segments from `named` on, by their values and the observer's seat."""
        self.segments: Memo[tuple[object, ...], Tensor] = Memo(1 << 7)
        """Encoded piles, hands and `exposed` segments of observations, by their values."""
        self.sequences: Memo[Sequence, bytes] = Memo(1 << 8)
        """Encoded sequences, by their values."""
        self.hands: Memo[tuple[str, ...], bytes] = Memo(1 << 9)
        """Encoded hands as their holders see them, by their cards."""
        self.their_hands: Memo[tuple[tuple[str, ...], tuple[str, ...]], bytes] = Memo(1 << 9)
        """Encoded hands as the holder's opponent sees them, by the cards and the cards
        known."""
        self.exposed_cards: Memo[tuple[str, ...], bytes] = Memo(1 << 8)
        """Encoded `exposed` segments, by the cards known."""
        self.pending_cards: Memo[tuple[tuple[str, ...], tuple[int, ...], int | None],
                                 bytes] = Memo(1 << 7)
        """Encoded cards drawn this turn, by the cards, who knows them and the observer."""
        self.steal_counts: Memo[tuple[tuple[int, ...], int], bytes] = Memo(1 << 6)
        """Encoded steal counts, by their values and the observer's seat."""
        self.exchanged_cards: Memo[tuple[str, ...], bytes] = Memo(1 << 6)
        """Encoded cards of an exchange, by their values."""
        self.last_piles: Memo[int | None, tuple[tuple[tuple[str, ...], ...],
                                                tuple[tuple[bool, ...], ...], list[bytes]]] = (
            Memo(3))
        """Per observer, the discard piles and marks of the last state encoded, with their
        encoded piles in the tensor's order: the next state shares most of them."""
        self.last_sequences: Memo[int | None, tuple[tuple[Sequence, ...], list[bytes]]] = Memo(3)
        """Per observer, the sequences of the last state encoded, with their encodings in
        the tensor's order."""


class _Code(NumericTables):
    """Everything the tensors of one configuration need, computed once."""

    def __init__(self, players: int, options: Options) -> None:
        actions: tuple[Action, ...] = tuple(a for a in ALL_ACTIONS if a not in DRAWN.values())
        space: ActionSpace[Action] = ActionSpace(
            game="lustry", module="boardrules.games.lustry", players=players, options=options,
            actions=actions, chance_actions=tuple(DRAWN.values()), max_legal=MAX_LEGAL,
            legal_actions=legal_actions, chance_outcomes=chance_outcomes,
            masked_announcements=("drawn ?", *(f"discard {c}?" for c in COLOURS)))
        self.turn_scale = options.turn_limit
        self.stall_scale = options.stall_turns or options.turn_limit
        n = len(KINDS)
        b = LayoutBuilder()
        self.observer = b.add("observer", 3, "the observer: seat 0, seat 1, the spectator")
        self.phase = b.add("phase", len(_PHASES), "the phase, one-hot: "
                           + ", ".join(p.value for p in _PHASES))
        self.current = b.add("current", 2, "whose turn it is: me, the opponent")
        self.turn = b.add("turn", 1, f"turns completed ÷ {self.turn_scale} (the turn limit)")
        self.draw_sizes = b.add("draw_sizes", 3, f"cards in the draw piles r, g, b ÷ {_PILE}")
        self.pile_slot = _PILE_SLOT
        self.discards = b.add(
            "discards", 6 * _PILE * self.pile_slot,
            f"the discard piles, mine r, g, b then the opponent's, {_PILE} positions each from "
            f"the top, {self.pile_slot} per position: the card one-hot among its colour's "
            f"{_COLOUR_KINDS} kinds (canonical order), hidden (a card of the colour I cannot "
            "see), the pile owner's opponent knows the card")
        self.hand_slot = _HAND_SLOT
        self.hands = b.add("hands", 2 * self.hand_slot,
                           f"the hands, mine then the opponent's: count ÷ 3 of each known kind "
                           f"({n}, canonical order), then hidden cards of r, g, b ÷ {_HAND}")
        self.exposed = b.add("exposed", 2 * n, "for each hand, mine then the opponent's: the "
                             "kinds its holder's opponent knows are there, count ÷ 3")
        self.pending_slot = n + 3 + 2
        self.pending = b.add(
            "pending", _PENDING * self.pending_slot,
            f"the cards drawn this turn in order, {_PENDING} slots of {self.pending_slot}: the "
            f"kind one-hot ({n}), hidden r, g, b, known to me, known to the opponent")
        self.source = b.add("source", 4, "the draw pile a card comes off: none, r, g, b")
        self.seq_slot = _SEQ_SLOT
        self.sequences = b.add(
            "sequences", 6 * (_SLOTS * self.seq_slot + 1),
            f"the sequences, mine r, g, b then the opponent's, each {_SLOTS} slots of "
            f"{self.seq_slot} in canonical order and then 1 for closed: present, the card "
            f"one-hot among its colour's {_COLOUR_KINDS - 1} kinds, the blocker's colour r, g, b "
            "(its shape, value and fill follow from the card, L12), unblocked (the unblocking "
            "card follows from the card, L13)")
        self.steals = b.add("steals", 6, "steal cards laid, mine r, g, b then the opponent's, ÷ 3")
        self.exchanged = b.add("exchanged", n, "cards of an exchange waiting to go under the "
                               "discard piles: count ÷ 3 of each kind")
        self.named = b.add("named", 4, "the colour a steal named: none, r, g, b")
        self.progress = b.add("progress", 1, "1 when a card was added to a sequence this turn")
        self.stall = b.add("stall", 1, f"turns counted towards the deadlock draw ÷ "
                           f"{self.stall_scale}")
        self.winner = b.add("winner", 3, "the winner: nobody (yet), me, the opponent")
        self.memo = _Memos()
        """Encoded segments of this configuration's observations (bounded memos)."""
        bound = action_bound(players, options)
        self.finish(space, b, bound=bound, horizon=min(HISTORY, bound), perfect_recall=False)


_DRAWN_IDS: Final = {k: i for i, k in enumerate(DRAWN)}
"""The chance index of drawing each kind (`Drawn` of each kind, in the order of `DRAWN`)."""


def _code(players: int, options: Options) -> _Code:
    """Return the tables of a configuration read from a state or an observation: built on
    first use and kept by its options (`Options.numeric`), so that they live and die with them."""
    code = options.numeric.get(players)
    if code is None:
        code = options.numeric[players] = _Code(players, options)
    return cast(_Code, code)


def _configured(players: int, options: Options | None) -> _Code:
    """Return `_code` of a configuration a caller gave, checked by `new_game` (it raises
    `InvalidOptionsError`); options equal to the defaults share the defaults' tables."""
    players, checked = check_configuration(new_game, Options, players, options)
    return _code(players, _DEFAULT_OPTIONS if checked == _DEFAULT_OPTIONS else checked)


def action_space(players: int = 2, options: Options | None = None) -> ActionSpace[Action]:
    """Return the action space (cached; see the module).

    >>> space = action_space()
    >>> space.size, space.chance_size, space.max_legal
    (500, 57, 181)
    """
    return _configured(players, options).space


def tensor_layout(players: int = 2, options: Options | None = None) -> TensorLayout:
    """Return the segments of the observation tensor."""
    return _configured(players, options).layout


def observation_shape(players: int = 2, options: Options | None = None) -> tuple[int]:
    """Return the shape of the observation tensor.

    >>> observation_shape()
    (4742,)
    """
    return (_configured(players, options).size,)


def observation_tensor(observation: Observation) -> Tensor:
    """Return the observation as a flat float32 tensor, seat-relative (see `tensor_layout`).

    Everything the observation holds is there: two different observations of one
    configuration give different tensors.
    """
    if type(observation) is not Observation:
        raise wrong_game("lustry.observation_tensor", "lustry.Observation", observation)
    code = _code(2, observation.options)
    seat = observation.player
    me = 0 if seat is None else seat
    out = _head(code, seat, observation.phase, observation.current, observation.turn,
                observation.draw_sizes)
    length = _PILE * _PILE_SLOT
    piles, marks = observation.discards, observation.seen
    for side, owner in enumerate((me, 1 - me)):
        for c in range(3):
            i = 3 * owner + c
            pile, seen = piles[i], marks[i]
            if pile:
                at = code.discards + (3 * side + c) * length
                out[at:at + length] = _segment(code, ("pile", pile, seen), _pile, pile, seen)
        hand = observation.hands[owner]
        if hand:
            at = code.hands + side * _HAND_SLOT
            out[at:at + _HAND_SLOT] = _segment(code, ("hand", hand), _hand, hand)
    at = code.pending
    for card, known in zip(observation.pending, observation.pending_known, strict=True):
        hidden = _HIDDEN.get(card)
        out[at + (len(KINDS) + hidden if hidden is not None else _KIND[card])] = 1.0
        _pending_known(out, at, known, me)
        at += code.pending_slot
    _tail(out, code, me, observation.exposed, observation.source, observation.sequences,
          observation.steals, observation.exchanged, observation.named, observation.progress,
          observation.stall, observation.winner)
    return out


def observe_tensor(state: State, player: int | None) -> Tensor:
    """Return ``observation_tensor(observe(state, player))`` without building the
    observation: the fast path for environments.

    The tensor is joined from encoded segments kept in bounded memos: piles, hands and the
    cards drawn by their values, sequences by the identity of the objects the state shares
    between steps, the scalars by their values; a step encodes only what it changed.
    """
    if type(state) is not State:
        raise wrong_game("lustry.observe_tensor", "lustry.State", state)
    check_player(player, 2)
    code = _code(2, state.options)
    me = 0 if player is None else player
    draw = state.draw
    key = (player, _PHASES.index(state.phase), state.player, state.turn, len(draw[0]),
           len(draw[1]), len(draw[2]))
    head = code.memo.heads.get(key)
    if head is None:
        head = code.memo.heads[key] = _head(code, player, state.phase, state.player, state.turn,
                                       key[4:])[:code.discards].tobytes()
    parts = [head]
    piles, marks = state.discards, state.seen
    last = code.memo.last_piles.get(player)
    if last is None or last[0] is not piles or last[1] is not marks:
        last = _piles(code, piles, marks, player, last)
    parts += last[2]
    _hands(code, parts, state.hands, state.exposed, player)
    pending = state.pending
    if pending:
        pending_key = (pending, state.pending_known, player)
        found = code.memo.pending_cards.get(pending_key)
        if found is None:
            found = code.memo.pending_cards[pending_key] = _pending(*pending_key)
        parts.append(found)
    else:
        parts.append(_NO_PENDING)
    parts.append(_ONE_HOT_SOURCE[state.source])
    sequences = state.sequences
    last_sequences = code.memo.last_sequences.get(player)
    if last_sequences is None or last_sequences[0] is not sequences:
        last_sequences = _sequences(code, sequences, player)
    parts += last_sequences[1]
    _scalars(parts, code, state, me)
    return array("f", b"".join(parts))


def _head(code: _Code, seat: int | None, phase: Phase, current: int, turn: int,  # noqa: PLR0917 - the observation's fields
          draw_sizes: tuple[int, ...]) -> Tensor:
    """Return a tensor with the segments up to the draw piles written."""
    out = code.template[:]
    me = 0 if seat is None else seat
    out[code.observer + (2 if seat is None else seat)] = 1.0
    out[code.phase + _PHASES.index(phase)] = 1.0
    out[code.current + (current != me)] = 1.0
    out[code.turn] = turn / code.turn_scale
    for c, size in enumerate(draw_sizes):
        out[code.draw_sizes + c] = size / _PILE
    return out


def _pending_known(out: Tensor, at: int, known: int, me: int) -> None:
    out[at + len(KINDS) + 3] = float(known >> me & 1)
    out[at + len(KINDS) + 4] = float(known >> (1 - me) & 1)


def _tail(  # noqa: PLR0917 - the observation's fields in order
    out: Tensor, code: _Code, me: int, exposed: tuple[tuple[str, ...], ...], source: str | None,
    sequences: tuple[Sequence, ...], steals: tuple[int, ...], exchanged: tuple[str, ...],
    named: str | None, progress: bool, stall: int, winner: int | None,
) -> None:
    """Write the segments from `exposed` on (source, sequences, steals, ... winner)."""
    size = _SEQUENCE
    for side, owner in enumerate((me, 1 - me)):
        known = exposed[owner]
        if known:
            at = code.exposed + side * len(KINDS)
            out[at:at + len(KINDS)] = _segment(
                code, ("exposed", known), counts, known, _KIND, len(KINDS), 3)
        for c in range(3):
            seq = sequences[3 * owner + c]
            if seq.cards:
                at = code.sequences + (3 * side + c) * size
                out[at:at + size] = array("f", _sequence(code, seq))
            out[code.steals + 3 * side + c] = steals[3 * owner + c] / 3
    out[code.source + _SOURCE[source]] = 1.0
    for card in set(exchanged):
        out[code.exchanged + _KIND[card]] = exchanged.count(card) / 3
    out[code.named + _SOURCE[named]] = 1.0
    out[code.progress] = float(progress)
    out[code.stall] = stall / code.stall_scale
    out[code.winner + (0 if winner is None else 1 if winner == me else 2)] = 1.0


_SEQUENCE: Final = _SLOTS * _SEQ_SLOT + 1
_PILE_ORDER: Final = {None: range(6), 0: range(6), 1: (3, 4, 5, 0, 1, 2)}
"""The piles (and sequences) of the state in the tensor's order, the observer's first."""
_OWNS: Final = {None: (False,) * 6, 0: (True,) * 3 + (False,) * 3, 1: (True,) * 3 + (False,) * 3}
"""Whether the observer owns each discard pile, the observer's first (by the observer)."""
_NO_PILE_SLOT: Final = bytes(4 * _PILE_SLOT)
_NO_HAND: Final = bytes(4 * _HAND_SLOT)
_NO_KINDS: Final = bytes(4 * len(KINDS))
_NO_PENDING: Final = bytes(4 * _PENDING * (len(KINDS) + 5))
_NO_SEQUENCE_BLOCK: Final = bytes(4 * _SEQUENCE)
_NO_STEALS: Final = bytes(4 * 6)
_ONE_HOT_SOURCE: Final = {
    source: array("f", [float(i == index) for i in range(4)]).tobytes()
    for source, index in _SOURCE.items()}


def _piles(code: _Code, piles: tuple[tuple[str, ...], ...],
           marks: tuple[tuple[bool, ...], ...], player: int | None,
           last: tuple[tuple[tuple[str, ...], ...], tuple[tuple[bool, ...], ...], list[bytes]]
           | None) -> tuple[tuple[tuple[str, ...], ...], tuple[tuple[bool, ...], ...],
                            list[bytes]]:
    """Encode the discard piles as `player` sees them, in the tensor's order, reusing the
    encodings of the piles that the `last` state encoded for `player` shares; remember them."""
    order = _PILE_ORDER[player]
    owns = _OWNS[player]
    blocks = []
    for at, i in enumerate(order):
        pile, seen = piles[i], marks[i]
        if last is not None and last[0][i] is pile and last[1][i] is seen:
            blocks.append(last[2][at])
            continue
        blocks.append(b"".join(
            [*map(_PILE_SLOTS.__getitem__, zip(pile, seen, repeat(owns[at]))),
             _NO_PILE_SLOT * (_PILE - len(pile))]))
    found_last = code.memo.last_piles[player] = (piles, marks, blocks)
    return found_last


def _sequences(code: _Code, sequences: tuple[Sequence, ...], player: int | None
               ) -> tuple[tuple[Sequence, ...], list[bytes]]:
    """Encode the sequences in the tensor's order and remember them for `player`."""
    blocks = []
    for i in _PILE_ORDER[player]:
        seq = sequences[i]
        if seq.cards:
            blocks.append(_sequence(code, seq))
        else:
            blocks.append(_NO_SEQUENCE_BLOCK)
    last = code.memo.last_sequences[player] = (sequences, blocks)
    return last


def _hands(code: _Code, parts: list[bytes], hands: tuple[tuple[str, ...], ...],
           exposed: tuple[tuple[str, ...], ...], player: int | None) -> None:
    """Append the `hands` and `exposed` segments as `player` sees them."""
    me = 0 if player is None else player
    other = 1 - me
    for owner in (me, other):
        hand = hands[owner]
        if not hand:
            parts.append(_NO_HAND)
        elif owner == player:
            found = code.memo.hands.get(hand)
            if found is None:
                found = code.memo.hands[hand] = _hand(hand).tobytes()
            parts.append(found)
        else:
            hand_key = (hand, exposed[owner])
            found = code.memo.their_hands.get(hand_key)
            if found is None:
                found = code.memo.their_hands[hand_key] = _their_hand(
                    hand, exposed[owner]).tobytes()
            parts.append(found)
    for owner in (me, other):
        known = exposed[owner]
        if known:
            found = code.memo.exposed_cards.get(known)
            if found is None:
                found = code.memo.exposed_cards[known] = counts(
                    known, _KIND, len(KINDS), 3).tobytes()
            parts.append(found)
        else:
            parts.append(_NO_KINDS)


def _scalars(parts: list[bytes], code: _Code, state: State, me: int) -> None:
    """Append the segments from `steals` on."""
    other = 1 - me
    steals = state.steals
    if any(steals):
        steals_key = (steals, me)
        found = code.memo.steal_counts.get(steals_key)
        if found is None:
            found = code.memo.steal_counts[steals_key] = array("f", [
                steals[3 * owner + c] / 3 for owner in (me, other) for c in range(3)]).tobytes()
        parts.append(found)
    else:
        parts.append(_NO_STEALS)
    exchanged = state.exchanged
    if exchanged:
        found = code.memo.exchanged_cards.get(exchanged)
        if found is None:
            found = code.memo.exchanged_cards[exchanged] = counts(
                exchanged, _KIND, len(KINDS), 3).tobytes()
        parts.append(found)
    else:
        parts.append(_NO_KINDS)
    tail_key = (state.named, state.progress, state.stall, state.winner, me)
    found = code.memo.tails.get(tail_key)
    if found is None:
        found = code.memo.tails[tail_key] = _end(code, tail_key)
    parts.append(found)


def _pending(pending: tuple[str, ...], known: tuple[int, ...], player: int | None) -> bytes:
    """Encode the cards drawn this turn as `player` sees them (the `pending` segment)."""
    slot = len(KINDS) + 5
    out = array("f", bytes(4 * _PENDING * slot))
    me = 0 if player is None else player
    bits = 3 if player is None else 1 << player
    at = 0
    for card, who in zip(pending, known, strict=True):
        out[at + (_KIND[card] if who & bits == bits else len(KINDS) + _HIDDEN[card[0] + "?"])] \
            = 1.0
        _pending_known(out, at, who, me)
        at += slot
    return out.tobytes()


def _end(code: _Code, key: tuple[str | None, bool, int, int | None, int]) -> bytes:
    """Encode the segments after `exchanged` (named to winner) of a `_Code.tails` key."""
    named, progress, stall, winner, me = key
    out = array("f", bytes(4 * (code.size - code.named)))
    out[_SOURCE[named]] = 1.0
    out[code.progress - code.named] = float(progress)
    out[code.stall - code.named] = stall / code.stall_scale
    out[code.winner - code.named + (0 if winner is None else 1 if winner == me else 2)] = 1.0
    return out.tobytes()


def _pile(pile: tuple[str, ...], seen: tuple[bool, ...]) -> Tensor:
    """Encode a discard pile, top first (see the layout)."""
    out = array("f", bytes(4 * _PILE * _PILE_SLOT))
    at = 0
    for card, mark in zip(pile, seen, strict=True):
        out[at + (_COLOUR_KINDS if card in _HIDDEN else _LOCAL[card])] = 1.0
        if mark:
            out[at + _COLOUR_KINDS + 1] = 1.0
        at += _PILE_SLOT
    return out


def _hand(hand: tuple[str, ...]) -> Tensor:
    """Encode a hand as seen: known kinds, then hidden cards by colour."""
    out = array("f", bytes(4 * _HAND_SLOT))
    for card in set(hand):
        hidden = _HIDDEN.get(card)
        if hidden is None:
            out[_KIND[card]] = hand.count(card) / 3
        else:
            out[len(KINDS) + hidden] = hand.count(card) / _HAND
    return out


def _raw_pile(pile: tuple[str, ...], seen: tuple[bool, ...], visible: bool) -> Tensor:
    """Encode a discard pile of the state as its owner (`visible`) or anyone else sees it."""
    return _pile(pile if visible else tuple(
        card if mark else card[0] + "?" for card, mark in zip(pile, seen, strict=True)), seen)


_PILE_SLOTS: Final = {
    (card, mark, visible): _raw_pile((card,), (mark,), visible)[:_PILE_SLOT].tobytes()
    for card in KINDS for mark in (False, True) for visible in (False, True)}
"""A position of a discard pile encoded, by its card, whether the owner's opponent knows it
and whether the observer owns the pile."""


def _their_hand(hand: tuple[str, ...], exposed: tuple[str, ...]) -> Tensor:
    """Encode another player's hand of the state: the exposed cards, the rest by colour."""
    hidden = list(hand)
    for card in exposed:
        hidden.remove(card)
    return _hand((*exposed, *(card[0] + "?" for card in hidden)))


def _sequence(code: _Code, seq: Sequence) -> bytes:
    """Return a laid sequence encoded (see the layout), from the memo of `code`."""
    found = code.memo.sequences.get(seq)
    if found is not None:
        return found
    out = array("f", bytes(4 * _SEQUENCE))
    at = 0
    for card, blocker, unblocker in zip(seq.cards, seq.blockers, seq.unblockers, strict=True):
        out[at] = 1.0
        out[at + 1 + _LOCAL[card]] = 1.0
        if blocker is not None:
            out[at + _COLOUR_KINDS + COLOURS.index(blocker[0])] = 1.0
        if unblocker is not None:
            out[at + _COLOUR_KINDS + 3] = 1.0
        at += _SEQ_SLOT
    out[_SLOTS * _SEQ_SLOT] = float(seq.closed)
    found = code.memo.sequences[seq] = out.tobytes()
    return found


def _segment(code: _Code, key: tuple[object, ...], build: Callable[..., Tensor],
             *args: Any) -> Tensor:
    """Return the segment of an observation that `key` stands for, built by
    ``build(*args)`` the first time, from the memo of `code`."""
    found = code.memo.segments.get(key)
    if found is None:
        found = code.memo.segments[key] = build(*args)
    return found


def chance_probabilities(state: State) -> tuple[tuple[int, float], ...]:
    """Return ``(chance index, probability)`` for every chance outcome, in
    `chance_outcomes` order, each probability its exact fraction as a float (correctly
    rounded), without building the fractions: the fast path for frameworks that want
    floats (OpenSpiel).

    >>> from boardrules.games.lustry import Draw, apply
    >>> chance_probabilities(apply(new_game(2), Draw("b")))[0]
    (38, 0.04)
    """
    if type(state) is not State:
        raise wrong_game("lustry.chance_probabilities", "lustry.State", state)
    source = state.source
    if source is None or state.phase is not Phase.DRAW:
        return ()
    pile = state.draw[COLOURS.index(source)]
    total = len(pile)
    ids = _DRAWN_IDS  # one numbering of the outcomes for every option
    return tuple((ids[k], n / total) for k, n in Counter(pile).items())


def info_state_layout(players: int = 2, options: Options | None = None) -> TensorLayout:
    """Return the segments of the information-state tensor: the observation's, then the
    latest `HISTORY` actions as the player saw them (not perfect recall: see the docs)."""
    return _configured(players, options).info_layout


def info_state_shape(players: int = 2, options: Options | None = None) -> tuple[int]:
    """Return the shape of the information-state tensor.

    >>> info_state_shape()
    (11911,)
    """
    return (_configured(players, options).info_layout.size,)


def info_state_tensor(info: InfoState) -> Tensor:
    """Return a player's information state as a flat float32 tensor (see
    `info_state_layout`): the latest observation, then the latest actions the player saw."""
    if type(info) is not InfoState:
        raise wrong_game("lustry.info_state_tensor", "InfoState", info)
    if type(info.observation) is not Observation:
        raise wrong_game("lustry.info_state_tensor info.observation", "lustry.Observation",
                         info.observation)
    code = _code(2, info.observation.options)
    return code.info_tensor(info, observation_tensor(info.observation))

