"""KIVI for learning code: the action space, observation tensors, information-state tensors.

Action indices (the same for every board and `highest_rule`)::

    0 - 48        Place(square)                      square 0-48
    49 - 2400     Displace(square, to)               by square, then destination (to != square)
    2401 - 3323   Reroll(dice)                       by number of dice, then values ascending
    3324          Forfeit()

Chance indices: `Roll` of one die (6 outcomes), of two (21), ... of six (462), by number
of dice then values ascending: 923 in all.

The observation tensor is seat-relative: "me" is the observer (seat 0 for the spectator),
then the next seats in turn order. KIVI hides nothing, so the information-state tensor,
which adds what was played, has perfect recall: every action of a game fits its history.
"""

from __future__ import annotations

from typing import Final, cast

from boardrules._owners import wrong_game
from boardrules._seats import check_player
from boardrules.games.kivi.actions import (
    DISPLACE,
    FORFEIT,
    PLACE,
    REROLL_OF,
    ROLL_WEIGHTS,
    ROLLS,
    Action,
    Displace,
    Forfeit,
    Place,
    Reroll,
)
from boardrules.games.kivi.board import DICE, FACES, SQUARES
from boardrules.games.kivi.observe import Observation
from boardrules.games.kivi.rules import (
    _decision,
    action_bound,
    chance_outcomes,
    legal_actions,
    new_game,
)
from boardrules.games.kivi.state import DEFAULT_OPTIONS, ROUNDS, STONES, Options, State
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
    "action_space",
    "chance_probabilities",
    "info_state_layout",
    "info_state_shape",
    "info_state_tensor",
    "max_legal",
    "observation_shape",
    "observation_tensor",
    "observe_tensor",
    "tensor_layout",
]

_WILD_MOST: Final = SQUARES + 63
"""A wild roll that is no six of a kind: at most every square, plus the 63 rerolls of a
straight (each of its six different dice kept or rerolled)."""
_SIX_REROLLS: Final = DICE
"""Six of a kind has six rerolls: one to six of its dice."""


def max_legal(players: int) -> int:
    """Return the most legal actions a KIVI decision can have with `players` players.

    A roll that is not wild allows at most one placement per square (49) and at most 47
    rerolls (the sub-multisets of 2-1-1-1-1, the most varied roll that is not a straight):
    96. A wild roll other than six of a kind: 49 placements and the 63 rerolls of a
    straight: 112. Six of a kind: a placement on each of `f` free squares and a
    displacement from each of `o` opponent stones to each free square, and 6 rerolls;
    ``f + o <= 49`` and the opponents have at most ``10 * (players - 1)`` stones, so at
    most ``max((49 - o) * (1 + o)) + 6`` — 435, 615 and 631 for 2, 3 and 4 players.

    >>> [max_legal(n) for n in (2, 3, 4)]
    [435, 615, 631]
    """
    opponents = min(SQUARES, STONES * (players - 1))
    six = max((SQUARES - o) * (1 + o) for o in range(opponents + 1)) + _SIX_REROLLS
    return max(_WILD_MOST, six)


_ACTIONS: Final[tuple[Action, ...]] = (
    *PLACE, *(d for row in DISPLACE for d in row if d is not None), *REROLL_OF.values(), FORFEIT)
"""Every player action in the order of the action space (the module docstring)."""
_CHANCE: Final[tuple[Action, ...]] = tuple(r for k in range(1, DICE + 1) for r in ROLLS[k])
"""Every chance outcome in the order of the action space."""
_PROBABILITIES: Final[tuple[tuple[tuple[int, float], ...], ...]] = ((), *(
    tuple((sum(len(ROLLS[j]) for j in range(1, k)) + i, w / 6**k)
          for i, w in enumerate(ROLL_WEIGHTS[k]))
    for k in range(1, DICE + 1)))
"""`chance_probabilities` of 0 .. 6 pending dice, built once (a roll of six dice has 462)."""


def chance_probabilities(state: State) -> tuple[tuple[int, float], ...]:
    """Return ``(chance index, probability)`` for every roll of the pending dice, in
    `chance_outcomes` order, each probability its exact fraction as a float (correctly
    rounded), without building the fractions: the fast path for frameworks that want
    floats (OpenSpiel). The chance indices do not depend on the players or options.

    >>> from boardrules.games.kivi.actions import Reroll, Roll
    >>> from boardrules.games.kivi.rules import apply, new_game
    >>> state = apply(apply(new_game(2), Roll((1, 2, 3, 4, 6, 6))), Reroll((6, 6)))
    >>> chance_probabilities(state)[:2]
    ((6, 0.027777777777777776), (7, 0.05555555555555555))
    """
    if type(state) is not State:
        raise wrong_game("kivi.chance_probabilities", "kivi.State", state)
    return _PROBABILITIES[state.pending]


def _legal_parts(
    state: State,
) -> tuple[list[Place | Displace], tuple[Reroll | Forfeit, ...]] | None:
    """Return a decision's legal actions as the placements and the rerolls, a tuple kept per
    roll (or the forfeit): `ActionSpace.legal_mask` keeps the mask of the rerolls."""
    if state.pending or state.turn >= ROUNDS * state.players:
        return None
    return _decision(state)


def action_space(players: int, options: Options | None = None) -> ActionSpace[Action]:
    """Return the action space of KIVI for `players` players (cached; see the module).

    >>> space = action_space(2)
    >>> space.size, space.chance_size, space.max_legal
    (3325, 923, 435)
    >>> str(space.action(49)), space.index(FORFEIT)
    ('a1>b1', 3324)
    """
    return _configured(players, options).space


class _Code(NumericTables):
    """The action space, the offsets and a zero template of the tensors of a configuration
    (the tensors' offsets depend on the player count only)."""

    def __init__(self, players: int, options: Options) -> None:
        n = self.players = players
        b = LayoutBuilder()
        self.observer = b.add("observer", n + 1,
                              "the observer's seat, one-hot (seats 0 .. n-1, then the spectator)")
        self.turn = b.add("turn", 1, f"turns taken ÷ {ROUNDS * n} (the game ends at 1)")
        self.mover = b.add("to_move", n, "whose turn it is, one-hot: me, the next seats "
                           "(all 0 once the game is over)")
        self.cells = b.add("cells", n * SQUARES,
                           f"{n} planes of {SQUARES} squares (0 = a1 ... 48 = g7): 1 where my "
                           "stone lies, then the next seats' stones")
        self.lost = b.add("lost", n, f"stones each seat forfeited ÷ {STONES}: me, the next seats")
        self.rolls = b.add("rolls", 4, "rolls made this turn, one-hot 0-3")
        self.dice = b.add("dice", FACES, f"dice on the table showing 1 .. 6, each count ÷ {DICE}")
        self.pending = b.add("pending", 1, f"dice waiting to be rolled ÷ {DICE}")
        self.planes = tuple(tuple(self.cells + ((owner - me) % n) * SQUARES for owner in range(n))
                            for me in range(n))
        space: ActionSpace[Action] = ActionSpace(
            game="kivi", module="boardrules.games.kivi", players=players, options=options,
            actions=_ACTIONS, chance_actions=_CHANCE, max_legal=max_legal(players),
            legal_actions=legal_actions, chance_outcomes=chance_outcomes,
            legal_parts=_legal_parts)
        bound = action_bound(players, options)
        self.finish(space, b, bound=bound, horizon=bound, perfect_recall=True)


def _code(players: int, options: Options) -> _Code:
    """Return the tables of a configuration read from a state or an observation: built on
    first use and kept by its options (`Options.numeric`), so that they live and die with
    them."""
    code = options.numeric.get(players)
    if code is None:
        code = options.numeric[players] = _Code(players, options)
    return cast(_Code, code)


def _configured(players: int, options: Options | None) -> _Code:
    """Return `_code` of a configuration a caller gave, checked by `new_game` (it raises
    `InvalidOptionsError`); options equal to the defaults share the defaults' tables."""
    players, checked = check_configuration(new_game, Options, players, options)
    return _code(players, DEFAULT_OPTIONS if checked == DEFAULT_OPTIONS else checked)


def tensor_layout(players: int, options: Options | None = None) -> TensorLayout:
    """Return the segments of the observation tensor (the same for every option)."""
    return _configured(players, options).layout


def observation_shape(players: int, options: Options | None = None) -> tuple[int]:
    """Return the shape of the observation tensor: ``(52 * players + 13,)``.

    >>> observation_shape(2)
    (117,)
    """
    return (_configured(players, options).size,)


def observation_tensor(observation: Observation) -> Tensor:
    """Return the observation as a flat float32 tensor, seat-relative (see `tensor_layout`).

    Everything the observation holds is there: two different observations (of one board
    and rule) give different tensors.

    >>> from boardrules.games.kivi import Roll, apply, new_game, observe
    >>> state = apply(new_game(2), Roll((1, 1, 2, 2, 2, 6)))
    >>> t = observation_tensor(observe(state, 1))
    >>> list(t[:6])
    [0.0, 1.0, 0.0, 0.0, 0.0, 1.0]
    """
    if type(observation) is not Observation:
        raise wrong_game("kivi.observation_tensor", "kivi.Observation", observation)
    return _encode(observation.position, observation.player)


def _encode(state: State, me: int | None) -> Tensor:
    n = state.players
    code = _code(n, state.options)
    out = code.template[:]
    if me is None:
        out[n] = 1.0
        me = 0
    else:
        out[me] = 1.0
    turn = state.turn
    out[code.turn] = turn / (ROUNDS * n)
    if turn < ROUNDS * n:
        out[code.mover + (turn - me) % n] = 1.0
    planes = code.planes[me]
    for square, owner in enumerate(state.cells):
        if owner is not None:
            out[planes[owner] + square] = 1.0
    lost = code.lost
    for p, count in enumerate(state.lost):
        if count:
            out[lost + (p - me) % n] = count / STONES
    out[code.rolls + state.rolls] = 1.0
    dice = state.dice
    if dice:
        base = code.dice - 1
        for value in set(dice):
            out[base + value] = dice.count(value) / DICE
    out[code.pending] = state.pending / DICE
    return out


def observe_tensor(state: State, player: int | None) -> Tensor:
    """Return ``observation_tensor(observe(state, player))`` (no observation built)."""
    if type(state) is not State:
        raise wrong_game("kivi.observe_tensor", "kivi.State", state)
    check_player(player, state.players)
    return _encode(state, player)


def info_state_layout(players: int, options: Options | None = None) -> TensorLayout:
    """Return the segments of the information-state tensor: the observation's, then what
    was played (every action of the game fits: perfect recall)."""
    return _configured(players, options).info_layout


def info_state_shape(players: int, options: Options | None = None) -> tuple[int]:
    """Return the shape of the information-state tensor.

    >>> [info_state_shape(n) for n in (2, 3, 4)]
    [(2158,), (3410,), (4782,)]
    """
    return (_configured(players, options).info_layout.size,)


def info_state_tensor(info: InfoState) -> Tensor:
    """Return a player's information state as a flat float32 tensor (see
    `info_state_layout`): the latest observation, then every action the player saw."""
    if type(info) is not InfoState:
        raise wrong_game("kivi.info_state_tensor", "InfoState", info)
    if type(info.observation) is not Observation:
        raise wrong_game("kivi.info_state_tensor info.observation", "kivi.Observation",
                         info.observation)
    position = info.observation.position
    code = _code(position.players, position.options)
    return code.info_tensor(info, observation_tensor(info.observation))
