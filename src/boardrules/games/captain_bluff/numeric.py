"""Captain Bluff for learning code: the action space, observation and information-state tensors.

Action indices (the same for every player count and option), 5,780 in all::

    0 - 5201      PlayLuggage(conveyor, cards)    by conveyor, first card, last card: every
                                                  run of one destination (17 × 17 a
                                                  destination, the single cards included)
    5202 - 5531   SetDestination(conveyor, card)  by conveyor, then card code (55 each)
    5532 - 5537   CheckDestination(conveyor)
    5538 - 5543   TakeDestination(conveyor)       a swap's first step (B9); its second is
                                                  a SetDestination
    5544 - 5549   CloseConveyor(conveyor)
    5550 - 5651   PlayStar(conveyor, value)       by conveyor, then value 1-17
    5652 - 5657   PlayArrows(conveyor)
    5658 - 5679   PlayEye(conveyors)              none, one (0-5), two (lexicographic)
    5680          PlayPlusOne()
    5681 - 5776   PickUp(conveyor, count)         by conveyor, then count 1-16
    5777          Challenge()
    5778          Pass()
    5779          EndTurn()

Card codes as in `captain_bluff.cards` (r1-r17, g1-g17, b1-b17, star, arrows, eye,
plus_one). Chance: `Draw` of each of the 55 card codes, by code.

A pick-up never takes more than 16 cards (`MAX_PICK_UP`): the luggage of a row is of one
destination, each card once, and its first card stays (B14).

`MAX_LEGAL` = 6 × (2 + 867) + 22 + 1 = 5,237 bounds the legal actions of a decision,
conveyor by conveyor, before the turn's main action (where the choice is widest). A
conveyor without a destination card offers a set of each distinct card in hand (≤ 55).
One with a destination card and no row offers a check, a take and, while fewer than
three rows are open, every run of the hand: at most 17 × 17 a destination (17 single
cards, 136 runs up, 136 down), 867 — 869 in all. One with a row offers a check, a take,
a close, ≤ 16 × 16 continuations (its first card is not in hand), ≤ 17 star values,
arrows and ≤ 16 pick-ups: 293. Then at most 22 eyes and a plus-one. After the main
action only specials, pick-ups and `end` remain; between a swap's two steps at most 55
sets; a challenge window offers at most 2 + 3 × 16 actions, the setup 6 × 15 placements.

`legal_indices` and `legal_mask` at a player's decision come from the rules' own listing
(`rules._listing`) run over tables of the actions' indices instead of the actions, so no
legal action is built or looked up: the same indices in the same order.

Tensors are seat-relative ("me", then the next seats in turn order; the spectator sees as
seat 0).
"""

from __future__ import annotations

import functools
from array import array
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, Final, cast

from boardrules._caches import Memo
from boardrules._owners import wrong_game
from boardrules._seats import check_player
from boardrules.game import CHANCE
from boardrules.games.captain_bluff.actions import (
    ARROWS_ON,
    CHALLENGE,
    CHECK,
    CLOSE,
    DRAW,
    END_TURN,
    EYES,
    PASS,
    PICK_UP,
    PLAYS,
    PLUS_ONE_PLAY,
    SET,
    STAR_ON,
    TAKE,
    Action,
)
from boardrules.games.captain_bluff.cards import (
    ARROWS,
    CARDS,
    CONVEYORS,
    DESTINATIONS,
    LUGGAGE,
    MAX_VALUE,
    STAR,
)
from boardrules.games.captain_bluff.observe import Observation, _swap_seen
from boardrules.games.captain_bluff.rules import (
    _FLAT_PLAYS,
    DEFAULT_OPTIONS,
    _chance_pool,
    _listing,
    _Plan,
    _plan_counterpart,
    _Tables,
    action_bound,
    chance_outcomes,
    legal_actions,
    new_game,
    to_move,
)
from boardrules.games.captain_bluff.state import (
    SPECIAL_TOTAL,
    FaceDown,
    Options,
    Stage,
    State,
)
from boardrules.numeric.spaces import (
    ActionSpace,
    InfoState,
    LayoutBuilder,
    NumericTables,
    Tensor,
    TensorLayout,
    check_configuration,
)

__all__ = [
    "HISTORY",
    "MAX_LEGAL",
    "MAX_PICK_UP",
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

MAX_PICK_UP: Final = MAX_VALUE - 1
"""The most cards a pick-up can take (B14): 16. A row's luggage is of one destination, each
card once, so 17 cards at most, and the row's first card always stays."""
_RUNS: Final = DESTINATIONS * MAX_VALUE * MAX_VALUE
"""Runs of luggage a hand can play onto a new row: a destination's 17 values give 17 × 17
(each first value with each last value, the single card when they are equal)."""
MAX_LEGAL: Final = CONVEYORS * (2 + _RUNS) + len(EYES) + 1
"""The most legal actions a decision can have: 6 × (2 + 867) + 22 + 1 = 5,237 (see the
module `captain_bluff.numeric` and the docs page for the reasoning)."""
HISTORY: Final = 512
"""Actions the information-state tensor keeps (the latest; the game's bound is far larger)."""

_STAGES: Final = tuple(Stage)
_CARDS_IN_GAME: Final = LUGGAGE + SPECIAL_TOTAL
"""65 cards: the most a hand, a pile or a count can hold."""
_ROW: Final = MAX_VALUE + SPECIAL_TOTAL
"""Cards a row can hold: 17 luggage of its destination and at most the 14 specials."""
_ROW_SLOT: Final = MAX_VALUE + 2
"""A card of a row: its value one-hot (a star's named value), star, arrows."""
_SCALE: Final = tuple(1.0 if c < LUGGAGE else float(SPECIAL_TOTAL) for c in range(CARDS))
"""What a count of each card code is divided by: a luggage card is unique, a special has
at most 14 copies."""


def _player_actions() -> tuple[Action, ...]:
    """Return every player action in index order (see the module)."""
    plays = tuple(
        play for v in range(CONVEYORS) for first in range(LUGGAGE) for play in PLAYS[v][first]
        if play is not None)
    assert len(plays) == CONVEYORS * _RUNS
    return (
        *plays,
        *(a for row in SET for a in row),
        *CHECK,
        *TAKE,
        *CLOSE,
        *(a for row in STAR_ON for a in row[1:]),
        *ARROWS_ON,
        *EYES.values(),
        PLUS_ONE_PLAY,
        *(a for row in PICK_UP for a in row[1:MAX_PICK_UP + 1]),
        CHALLENGE, PASS, END_TURN,
    )


_ACTIONS: Final = _player_actions()
_INDEX: Final = {a: i for i, a in enumerate(_ACTIONS)}
"""The index of each player action."""


def _each(actions: Sequence[Action]) -> tuple[int, ...]:
    """Return the indices of player actions, in order."""
    return tuple(map(_INDEX.__getitem__, actions))


def _plan_indices(plan: _Plan[Action]) -> _Plan[int]:
    """Return a plan of main actions with the indices of its actions."""
    return _plan_counterpart(plan, _each)


_FLAT_INDICES: Final = tuple(tuple(_each(table) for table in tables)  # type: ignore[arg-type]
                             for tables in _FLAT_PLAYS)  # (_FLAT_PLAYS holds no None)
"""`rules._FLAT_PLAYS` with the index of each play."""


_INDEX_TABLES: Final[_Tables[int]] = _Tables(_FLAT_INDICES, _plan_indices, _each, _each)
"""What the rules list legal actions from, as the actions' indices: the rules' own walk
(`rules._listing`) gives the indices of the legal actions in order."""


def _legal_indices(state: State) -> tuple[int, ...] | None:
    """Return the indices of the legal actions of a player's decision in `legal_actions`
    order (``()`` at the end), or None at a chance node: `ActionSpace`'s `legal_indices`
    hook (the same in every configuration)."""
    if to_move(state) is CHANCE:
        return None
    return _listing(state, _INDEX_TABLES)


class _Code(NumericTables):
    """Everything the tensors of one configuration need, computed once."""

    def __init__(self, players: int, options: Options) -> None:
        space: ActionSpace[Action] = ActionSpace(
            game="captain_bluff", module="boardrules.games.captain_bluff", players=players,
            options=options, actions=_ACTIONS, chance_actions=DRAW,
            max_legal=MAX_LEGAL, legal_actions=legal_actions, chance_outcomes=chance_outcomes,
            legal_indices=_legal_indices,
            masked_announcements=("draw ?", *(f"set {v} ?" for v in range(CONVEYORS))))
        n = players
        self.players = n
        self.turn_scale = options.turn_limit
        seats = "me, then the next seats in turn order"
        b = LayoutBuilder()
        self.observer = b.add("observer", n + 1, "the observer: "
                              + ", ".join([*(f"seat {p}" for p in range(n)), "the spectator"]))
        self.stage = b.add("stage", len(_STAGES), "the stage, one-hot: "
                           + ", ".join(s.value for s in _STAGES))
        self.active = b.add("active", n, f"whose turn it is (the active player): {seats}")
        self.turn = b.add("turn", 1, f"turns completed ÷ {self.turn_scale} (the turn limit)")
        self.flags = b.add("flags", 3, "the main action taken this turn, the special played "
                           "this turn, the discard pile reshuffled into the draw pile yet (B15)")
        cards = (f"count of each card code ({CARDS}: r1 … r17, g1 … g17, b1 … b17, star, "
                 f"arrows, eye, plus_one), luggage as 0 or 1, specials ÷ {SPECIAL_TOTAL}")
        self.hand = b.add("hand", CARDS, f"my hand: {cards} (all 0 for the spectator)")
        self.hand_sizes = b.add("hand_sizes", n, f"cards in hand ÷ {_CARDS_IN_GAME}: {seats}")
        self.exposed = b.add("exposed", n * CARDS, f"the cards everybody knows each hand "
                             f"holds, {seats}: {cards}")
        self.picked_up = b.add("picked_up", n * LUGGAGE, f"the luggage each player picked up "
                               f"and may use only from their next turn on (B14), {seats}: "
                               f"each luggage card ({LUGGAGE}) 0 or 1")
        self.draw_size = b.add("draw_size", 1, f"cards in the draw pile ÷ {_CARDS_IN_GAME}")
        self.stowed = b.add("stowed", 1, f"specials out of the game unseen (B3) ÷ {SPECIAL_TOTAL}")
        self.removed = b.add("removed", 1, f"plus-one cards out of the game (the only cards "
                             f"removed, B12) ÷ {SPECIAL_TOTAL}")
        self.discard = b.add("discard", CARDS, f"the face-up discard pile: {cards}")
        self.subsets = 1 << n
        self.buried_unknown = b.add(
            "buried_unknown", self.subsets,
            f"face-down destination cards in the discard pile that I do not know, by who "
            f"knows them (the set of seats as a bit mask, bit 0 me, bit 1 the next seat …; "
            f"{self.subsets} sets) ÷ {_CARDS_IN_GAME}")
        self.buried_known = b.add(
            "buried_known", CARDS * (self.subsets // 2),
            f"those I know ({CARDS} card codes × the {self.subsets // 2} sets of the others "
            f"who know them too, as a bit mask, bit 0 the next seat …): luggage 0 or 1, "
            f"specials ÷ {SPECIAL_TOTAL} (all 0 for the spectator)")
        self.conveyor_slot = 1 + CARDS + n + DESTINATIONS + _ROW * _ROW_SLOT
        self.conveyors = b.add(
            "conveyors", CONVEYORS * self.conveyor_slot,
            f"the conveyors 0-5, {self.conveyor_slot} each: it has a destination card, the "
            f"card one-hot ({CARDS}) if I know it, who knows it ({n}: {seats}), the row's "
            f"destination one-hot (red, green, blue; all 0 without a row), then the row in "
            f"play order, {_ROW} slots of {_ROW_SLOT}: the value one-hot (1-17: a luggage "
            f"card's value or the value a star names; all 0 for arrows), star, arrows")
        self.window = b.add("window", 1 + CONVEYORS, "the conveyor of the open challenge "
                            "window (B13): none, conveyor 0-5")
        self.polled = b.add("polled", n + 1, f"the player asked to challenge or pass: nobody, "
                            f"{seats}")
        self.draws = b.add("draws", n * n, f"players still to draw a card, in order, {n} slots "
                           f"of {n}: the drawer one-hot ({seats})")
        self.winner = b.add("winner", n + 1, f"the winner: nobody (yet), {seats}")
        self.swap = b.add("swap", 1 + CONVEYORS, "the swap in progress (B9): none, or the "
                          "conveyor 0-5 whose destination card the active player took")
        self.swap_card = b.add("swap_card", CARDS, f"the card taken, one-hot ({CARDS} card "
                               "codes), if I know it: I took it, or it is luggage everyone "
                               "knew (else all 0)")
        bound = action_bound(players, options)
        self.finish(space, b, bound=bound, horizon=min(HISTORY, bound), perfect_recall=False)
        self._segments()

    def _segments(self) -> None:
        """Prepare what `observe_tensor` joins: constant segments and memos of encoded ones."""
        n = self.players
        self.seats = tuple(tuple((me + r) % n for r in range(n)) for me in range(n))
        """For each observer, the seats in the tensor's order (the observer first)."""
        self.no_buried = bytes(4 * (self.conveyors - self.buried_unknown))
        """The encoded buried segments of an empty pile."""
        self.no_conveyor = bytes(4 * self.conveyor_slot)
        """An encoded conveyor without a destination card or a row."""
        self.heads: Memo[tuple[int | None, int, int, int, bool, bool, bool], bytes] = Memo(1 << 12)
        """Encoded segments before the hand, by the observer, the stage's index, the active
        seat relative to the observer, the turn and the three flags."""
        self.tails: Memo[_TailKey, bytes] = Memo(1 << 10)
        """Encoded segments after the conveyors, by the window, the player polled, the
        draws, the winner, the observer's seat and the swap in progress as they see it."""
        self.card_bytes: Memo[tuple[int, ...], bytes] = Memo(1 << 14)
        """Encoded multisets of card codes (hands, exposed cards, the discard pile) by
        their cards."""
        self.luggage_bytes: Memo[tuple[int, ...], bytes] = Memo(1 << 10)
        """Encoded sets of luggage picked up, by their cards."""
        self.pile_sizes: Memo[tuple[int, int, int], bytes] = Memo(1 << 12)
        """Encoded sizes of the draw pile, the stowed and the removed cards."""
        self.conveyor_bytes: Memo[tuple[object, ...], bytes] = Memo(1 << 12)
        """Encoded conveyors by what the observer sees of them (as `_write` keys them)."""
        self.segments: Memo[tuple[object, ...], Tensor] = Memo(1 << 14)
        """Encoded segments of `observation_tensor` (`_write`), by what they encode."""
        self.buried: Memo[tuple[tuple[FaceDown, ...], int | None], bytes] = Memo(1 << 12)
        """The buried segments of states by the pile and the observer."""
        self.last_conveyors: dict[int | None, _LastConveyors] = {}
        """Per observer (at most six), the conveyors of the last state encoded and their
        encodings: the next state shares most of them."""

    @functools.cached_property
    def draw_ids(self) -> tuple[int, ...]:
        """The chance index of drawing each card, by the card's code."""
        return tuple(map(self.space.chance_index, DRAW))


def _code(players: int, options: Options) -> _Code:
    """Return the tables of a configuration read from a state or an observation: built on
    first use and kept by its options (`Options.memos`), so that they live and die with them."""
    code = options.memos.numeric.get(players)
    if code is None:
        code = options.memos.numeric[players] = _Code(players, options)
    return cast(_Code, code)


def _configured(players: int, options: Options | None) -> _Code:
    """Return `_code` of a configuration a caller gave, checked by `new_game` (it raises
    `InvalidOptionsError`); options equal to the defaults share the defaults' tables."""
    players, checked = check_configuration(new_game, Options, players, options)
    return _code(players, DEFAULT_OPTIONS if checked == DEFAULT_OPTIONS else checked)


def action_space(players: int = 2, options: Options | None = None) -> ActionSpace[Action]:
    """Return the action space (cached; see the module).

    >>> space = action_space(3)
    >>> space.size, space.chance_size, space.max_legal
    (5780, 55, 5237)
    >>> str(space.action(0)), str(space.action(5779)), str(space.chance_outcome(51))
    ('play 0 r1', 'end', 'draw star')
    """
    return _configured(players, options).space


def tensor_layout(players: int = 2, options: Options | None = None) -> TensorLayout:
    """Return the segments of the observation tensor."""
    return _configured(players, options).layout


def observation_shape(players: int = 2, options: Options | None = None) -> tuple[int]:
    """Return the shape of the observation tensor.

    >>> observation_shape(2), observation_shape(5)
    ((4432,), (5602,))
    """
    return (_configured(players, options).size,)


def _cards(cards: tuple[int, ...]) -> Tensor:
    """Encode a multiset of card codes (see the layout)."""
    out = array("f", bytes(4 * CARDS))
    for c in cards:  # counts are whole numbers, exact in float32
        out[c] += 1.0
    for c in range(LUGGAGE, CARDS):  # the specials' counts, scaled (a luggage card's is 1)
        if out[c]:
            out[c] /= _SCALE[c]
    return out


def _luggage(cards: tuple[int, ...]) -> Tensor:
    """Encode a set of luggage cards, 0 or 1 each."""
    out = array("f", bytes(4 * LUGGAGE))
    for c in cards:
        out[c] = 1.0
    return out


def _conveyor(code: _Code, has: bool, card: int | None, knowers: int,  # noqa: PLR0917 - a conveyor's fields
              row: tuple[int, ...], stars: tuple[int, ...]) -> Tensor:
    """Encode one conveyor; `knowers` is the seat-relative bit mask of who knows its card."""
    out = array("f", bytes(4 * code.conveyor_slot))
    out[0] = float(has)
    if card is not None:
        out[1 + card] = 1.0
    at = 1 + CARDS
    for r in range(code.players):
        if knowers >> r & 1:
            out[at + r] = 1.0
    if row:
        at += code.players
        out[at + row[0] // MAX_VALUE] = 1.0
        at += DESTINATIONS
        star = 0
        for c in row:  # a row longer than the layout allows raises IndexError here
            if c == STAR:
                out[at + stars[star] - 1] = 1.0
                out[at + MAX_VALUE] = 1.0
                star += 1
            elif c == ARROWS:
                out[at + MAX_VALUE + 1] = 1.0
            else:
                out[at + c % MAX_VALUE] = 1.0
            at += _ROW_SLOT
    return out


def _mask(seats: frozenset[int], me: int, n: int) -> int:
    """Return a set of seats as a bit mask relative to `me` (bit 0 me, bit 1 the next seat)."""
    mask = 0
    for q in seats:
        mask |= 1 << (q - me) % n
    return mask


def observation_tensor(observation: Observation) -> Tensor:
    """Return the observation as a flat float32 tensor, seat-relative (see `tensor_layout`).

    Everything the observation holds is there: two different observations of one
    configuration give different tensors.
    """
    if type(observation) is not Observation:
        raise wrong_game("captain_bluff.observation_tensor", "captain_bluff.Observation",
                         observation)
    return _encode(observation, observation.players)


def _encode(o: Observation, n: int) -> Tensor:
    code = _code(n, o.options)
    me = 0 if o.player is None else o.player
    out = _write(code, o, n, o.player, o.hand, o.hand_sizes, o.draw_size, o.stowed_size,
                 o.has_destination, o.destinations)
    if o.buried:
        end = code.buried_known + CARDS * (code.subsets // 2)
        out[code.buried_unknown:end] = _buried(code, [(b.card, b.known_by) for b in o.buried],
                                               me)
    return out


def observe_tensor(state: State, player: int | None) -> Tensor:  # noqa: PLR0915 - one path
    """Return ``observation_tensor(observe(state, player))`` without building the
    observation: the fast path for environments.

    The tensor is joined from encoded segments kept in bounded memos: card multisets by
    their values, the buried cards by the pile, the conveyors by the identity of the
    objects the state shares between steps, the scalars by their values; a step encodes
    only what it changed.
    """
    if type(state) is not State:
        raise wrong_game("captain_bluff.observe_tensor", "captain_bluff.State", state)
    check_player(player, state.players)
    n = state.players
    code = _code(n, state.options)
    me = 0 if player is None else player
    turn = state.turn
    key = (player, _STAGES.index(state.stage), (state.options.first_player + turn - me) % n,
           turn, state.main_done, state.special_used, state.reshuffled)
    head = code.heads.get(key)
    if head is None:
        head = code.heads[key] = _head(code, key)
    hands, exposed, picked_up = state.hands, state.exposed, state.picked_up
    seats = code.seats[me]
    hand = () if player is None else hands[player]
    card_bytes = code.card_bytes
    parts = [head, card_bytes.get(hand) or _card_bytes(code, hand)]
    try:
        parts += [_HAND_SIZES[len(hands[q])] for q in seats]
    except IndexError:  # more cards than the game has: no state of the rules
        parts += [array("f", (len(hands[q]) / _CARDS_IN_GAME,)).tobytes() for q in seats]
    for q in seats:
        known = exposed[q]
        parts.append(card_bytes.get(known) or _card_bytes(code, known))
    for q in seats:
        picked = picked_up[q]
        parts.append(code.luggage_bytes.get(picked) or _luggage_bytes(code, picked))
    piles = (len(state.draw), len(state.stowed), len(state.removed))
    pile_bytes = code.pile_sizes.get(piles)
    if pile_bytes is None:
        pile_bytes = code.pile_sizes[piles] = array(
            "f", (piles[0] / _CARDS_IN_GAME, piles[1] / SPECIAL_TOTAL,
                  piles[2] / SPECIAL_TOTAL)).tobytes()
    discard = state.discard
    parts += (pile_bytes, card_bytes.get(discard) or _card_bytes(code, discard))
    buried = state.buried
    if buried:
        found = code.buried.get((buried, player))
        if found is None:
            segment = _buried(code, [(f.card if player in f.known_by else None, f.known_by)
                                     for f in buried], me)
            found = code.buried[buried, player] = segment.tobytes()
        parts.append(found)
    else:
        parts.append(code.no_buried)
    conveyors = (state.destinations, state.knowers, state.rows, state.star_values)
    last = code.last_conveyors.get(player)
    if (last is None or last[0][0] is not conveyors[0] or last[0][1] is not conveyors[1]
            or last[0][2] is not conveyors[2] or last[0][3] is not conveyors[3]):
        last = _conveyors(code, conveyors, player, last)
    parts += last[1]
    window, polled, draws, winner = state.window, state.polled, state.draws, state.winner
    tail_key = (window, polled, draws, winner, me, _swap_seen(state, player))
    tail = code.tails.get(tail_key)
    if tail is None:
        tail = code.tails[tail_key] = _tail(code, tail_key)
    parts.append(tail)
    return array("f", b"".join(parts))


def _head(code: _Code, key: tuple[int | None, int, int, int, bool, bool, bool]) -> bytes:
    """Encode the segments before the hand (observer to flags) of a `_Code.heads` key."""
    seat, stage, active, turn, main_done, special_used, reshuffled = key
    out = array("f", bytes(4 * code.hand))
    out[code.observer + (code.players if seat is None else seat)] = 1.0
    out[code.stage + stage] = 1.0
    out[code.active + active] = 1.0
    out[code.turn] = turn / code.turn_scale
    out[code.flags] = float(main_done)
    out[code.flags + 1] = float(special_used)
    out[code.flags + 2] = float(reshuffled)
    return out.tobytes()


_TailKey = tuple[int | None, int | None, tuple[int, ...], int | None, int,
                 tuple[int, int | None] | None]
"""A key of `_Code.tails`: the window, the player polled, the draws, the winner, the
observer's seat and the swap in progress as the observer sees it."""


def _tail(code: _Code, key: _TailKey) -> bytes:
    """Encode the segments after the conveyors (window to swap) of a `_Code.tails` key."""
    window, polled, draws, winner, me, swap = key
    n = code.players
    base = code.window
    out = array("f", bytes(4 * (code.size - base)))
    out[code.window - base + (0 if window is None else 1 + window)] = 1.0
    out[code.polled - base + (0 if polled is None else 1 + (polled - me) % n)] = 1.0
    if len(draws) > n:
        raise IndexError(f"{len(draws)} draws pending: at most one a player")
    for i, q in enumerate(draws):
        out[code.draws - base + i * n + (q - me) % n] = 1.0
    out[code.winner - base + (0 if winner is None else 1 + (winner - me) % n)] = 1.0
    _write_swap(code, out, base, swap)
    return out.tobytes()


def _write_swap(code: _Code, out: Tensor, base: int, swap: tuple[int, int | None] | None
                ) -> None:
    """Write the swap in progress as the observer sees it into `out`, which starts at
    index `base` of the tensor."""
    if swap is None:
        out[code.swap - base] = 1.0
        return
    out[code.swap - base + 1 + swap[0]] = 1.0
    if swap[1] is not None:
        out[code.swap_card - base + swap[1]] = 1.0


_HAND_SIZES: Final = tuple(array("f", (size / _CARDS_IN_GAME,)).tobytes()
                          for size in range(_CARDS_IN_GAME + 1))
"""An entry of `hand_sizes` encoded, by the size (a hand holds at most every card)."""


def _card_bytes(code: _Code, cards: tuple[int, ...]) -> bytes:
    found = code.card_bytes[cards] = _cards(cards).tobytes()
    return found


def _luggage_bytes(code: _Code, cards: tuple[int, ...]) -> bytes:
    found = code.luggage_bytes[cards] = _luggage(cards).tobytes()
    return found


_Conveyors = tuple[tuple[int | None, ...], tuple[frozenset[int], ...], tuple[tuple[int, ...], ...],
                   tuple[tuple[int, ...], ...]]
"""A state's destinations, knowers, rows and star values."""
_LastConveyors = tuple[_Conveyors, list[bytes]]
"""A state's conveyors and their encodings, as one observer sees them (`_Code.last_conveyors`)."""


def _conveyors(code: _Code, conveyors: _Conveyors, player: int | None,
               last: _LastConveyors | None) -> _LastConveyors:
    """Encode the conveyors as `player` sees them, reusing the encodings of those whose
    fields are the objects of the `last` state encoded for `player`; remember them."""
    destinations, knowers, rows, star_values = conveyors
    n = code.players
    me = 0 if player is None else player
    old = last
    blocks = []
    for v in range(CONVEYORS):
        card, known, row, stars = destinations[v], knowers[v], rows[v], star_values[v]
        if old is not None:
            was = old[0]
            if (was[0][v] is card and was[1][v] is known and was[2][v] is row
                    and was[3][v] is stars):
                blocks.append(old[1][v])
                continue
        has = card is not None
        if has or row:
            seen = card if player in known else None
            mask = _mask(known, me, n)
            segment_key = ("conveyor", n, has, seen, mask, row, stars)
            found = code.conveyor_bytes.get(segment_key)
            if found is None:
                found = code.conveyor_bytes[segment_key] = _conveyor(
                    code, has, seen, mask, row, stars).tobytes()
            blocks.append(found)
        else:
            blocks.append(code.no_conveyor)
    remembered = code.last_conveyors[player] = (conveyors, blocks)
    return remembered


def _buried(code: _Code, cards: list[tuple[int | None, frozenset[int]]], me: int) -> Tensor:
    """Encode the face-down destination cards of the discard pile, each as the observer
    sees it (the card or ``None``, who knows it): the segments ``buried_unknown`` and
    ``buried_known``, which follow each other."""
    n = code.players
    half = code.subsets // 2
    base = code.buried_unknown
    out = array("f", bytes(4 * (code.buried_known + CARDS * half - base)))
    found: dict[int, int] = {}
    for card, known_by in cards:
        mask = _mask(known_by, me, n)
        at = mask if card is None else code.buried_known - base + card * half + (mask >> 1)
        found[at] = found.get(at, 0) + 1
    for at, count in found.items():
        if at < code.buried_known - base:
            out[at] = count / _CARDS_IN_GAME
        else:
            out[at] = count / _SCALE[(at - (code.buried_known - base)) // half]
    return out


def _segment(code: _Code, key: tuple[object, ...], build: Callable[..., Tensor],
             *args: Any) -> Tensor:
    """Return the segment `key` stands for from `code.segments`, built by ``build(*args)``
    the first time."""
    found = code.segments.get(key)
    if found is None:
        found = code.segments[key] = build(*args)
    return found


def _write(  # noqa: PLR0917 - the fields an observation and a state spell differently
    code: _Code, o: Observation | State, n: int, seat: int | None, hand: tuple[int, ...] | None,
    hand_sizes: tuple[int, ...], draw_size: int, stowed_size: int,
    has_destination: tuple[bool, ...], destinations: tuple[int | None, ...],
) -> Tensor:
    """Return a tensor with every segment but the buried cards written, from an observation
    or a state (`o`: the fields they share) and the fields they spell differently."""
    out = code.template[:]
    me = 0 if seat is None else seat
    out[code.observer + (n if seat is None else seat)] = 1.0
    out[code.stage + _STAGES.index(o.stage)] = 1.0
    out[code.active + (o.options.first_player + o.turn - me) % n] = 1.0
    out[code.turn] = o.turn / code.turn_scale
    out[code.flags] = float(o.main_done)
    out[code.flags + 1] = float(o.special_used)
    out[code.flags + 2] = float(o.reshuffled)
    if hand:
        out[code.hand:code.hand + CARDS] = _segment(code, ("cards", hand), _cards, hand)
    exposed, picked_up = o.exposed, o.picked_up
    for r in range(n):
        q = (me + r) % n
        out[code.hand_sizes + r] = hand_sizes[q] / _CARDS_IN_GAME
        known = exposed[q]
        if known:
            at = code.exposed + r * CARDS
            out[at:at + CARDS] = _segment(code, ("cards", known), _cards, known)
        picked = picked_up[q]
        if picked:
            at = code.picked_up + r * LUGGAGE
            out[at:at + LUGGAGE] = _segment(code, ("luggage", picked), _luggage, picked)
    out[code.draw_size] = draw_size / _CARDS_IN_GAME
    out[code.stowed] = stowed_size / SPECIAL_TOTAL
    out[code.removed] = len(o.removed) / SPECIAL_TOTAL
    discard = o.discard
    if discard:
        out[code.discard:code.discard + CARDS] = _segment(code, ("cards", discard), _cards,
                                                               discard)
    slot = code.conveyor_slot
    rows, knowers, star_values = o.rows, o.knowers, o.star_values
    for v in range(CONVEYORS):
        has, row = has_destination[v], rows[v]
        if has or row:
            card, stars = destinations[v], star_values[v]
            mask = _mask(knowers[v], me, n)
            at = code.conveyors + v * slot
            out[at:at + slot] = _segment(code, ("conveyor", n, has, card, mask, row, stars),
                                              _conveyor, code, has, card, mask, row, stars)
    window, polled, draws, winner = o.window, o.polled, o.draws, o.winner
    out[code.window + (0 if window is None else 1 + window)] = 1.0
    out[code.polled + (0 if polled is None else 1 + (polled - me) % n)] = 1.0
    if len(draws) > n:
        raise IndexError(f"{len(draws)} draws pending: at most one a player")
    for i, q in enumerate(draws):
        out[code.draws + i * n + (q - me) % n] = 1.0
    out[code.winner + (0 if winner is None else 1 + (winner - me) % n)] = 1.0
    _write_swap(code, out, 0, o.swap)
    return out


def chance_probabilities(state: State) -> tuple[tuple[int, float], ...]:
    """Return ``(chance index, probability)`` for every chance outcome, in
    `chance_outcomes` order, each probability its exact fraction as a float (correctly
    rounded), without building the fractions: the fast path for frameworks that want
    floats (OpenSpiel).

    >>> chance_probabilities(new_game(2))[0]
    (0, 0.0196078431372549)
    """
    if type(state) is not State:
        raise wrong_game("captain_bluff.chance_probabilities", "captain_bluff.State", state)
    if state.stage is not Stage.DEAL and not state.draws:
        return ()
    pool = _chance_pool(state)
    total = len(pool)
    ids = _code(state.players, state.options).draw_ids
    return tuple((ids[c], k / total) for c, k in Counter(pool).items())


def info_state_layout(players: int = 2, options: Options | None = None) -> TensorLayout:
    """Return the segments of the information-state tensor: the observation's, then the
    latest `HISTORY` actions as the player saw them (not perfect recall: see the docs)."""
    return _configured(players, options).info_layout


def info_state_shape(players: int = 2, options: Options | None = None) -> tuple[int]:
    """Return the shape of the information-state tensor.

    >>> info_state_shape(2)
    (13137,)
    """
    return (_configured(players, options).info_layout.size,)


def info_state_tensor(info: InfoState) -> Tensor:
    """Return a player's information state as a flat float32 tensor (see
    `info_state_layout`): the latest observation, then the latest actions the player saw."""
    if type(info) is not InfoState:
        raise wrong_game("captain_bluff.info_state_tensor", "InfoState", info)
    if type(info.observation) is not Observation:
        raise wrong_game("captain_bluff.info_state_tensor info.observation",
                         "captain_bluff.Observation",
                         info.observation)
    observation: Observation = info.observation
    code = _code(observation.players, observation.options)
    return code.info_tensor(info, _encode(observation, observation.players))

