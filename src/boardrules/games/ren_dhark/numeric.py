"""Ren Dhark for learning code: the action space, observation and information-state tensors.

The numbering follows the card set (option `card_set`; decks do not change it). For the
bundled Starter I set (68 cards) there are 131 actions::

    0          Keep()
    1          Redraw()
    2 - 56     Attack(card, as_type)           every combat card, each of its types
    57 - 111   Defend(card, as_type)           the same
    112 - 123  PlayAction(card)                every action card
    124 - 129  CounterStrike(card, as_type)    every G card, each of its types
    130        Pass()

Cards run in the card-set order (I/1, I/2, ...), types in the order ship, person, unit.
Chance: `AssignSides` 0 and 1, `Draw` of each card the decks hold (card-set order),
`Roll` 1-6, `CombatRoll` a:d (the attacker's die major): 110 for the starter decks.

Tensors are seat-relative ("me", then the opponent; the spectator sees as seat 0). Roles in
the duel (attacker, defender) are kept as roles.
"""

from __future__ import annotations

import functools
from array import array
from collections import Counter
from typing import Final

from boardrules._caches import Memo
from boardrules._owners import wrong_game
from boardrules._seats import check_player
from boardrules.games.ren_dhark.actions import (
    COMBAT_ROLLS,
    KEEP,
    PASS,
    REDRAW,
    ROLLS,
    SIDES,
    Action,
    CounterStrike,
    Defend,
)
from boardrules.games.ren_dhark.cards import COMBAT_TYPES, CombatType, Effect
from boardrules.games.ren_dhark.observe import DuelView, Observation, _sees
from boardrules.games.ren_dhark.rules import (
    _DEFAULT_OPTIONS,
    _drawer,
    action_bound,
    chance_outcomes,
    legal_actions,
    new_game,
)
from boardrules.games.ren_dhark.state import (
    ATTACKER,
    DEFENDER,
    HAND_SIZE,
    TYPE_INDEX,
    Duel,
    Landing,
    Options,
    Phase,
    State,
    Status,
)
from boardrules.numeric.spaces import (
    ActionSpace,
    InfoState,
    LayoutBuilder,
    NumericTables,
    Tensor,
    TensorLayout,
)

__all__ = [
    "HISTORY",
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

HISTORY: Final = 512
"""Actions the information-state tensor keeps (the latest; most games take fewer)."""

_PHASES: Final = tuple(Phase)
_STATUSES: Final = tuple(Status)
_LANDED: Final = 7
"""Cards on the enemy planet: 7 win (D18), so no player ever has more."""
_PLAYED: Final = 2
"""Action cards in a duel: one per combat card (D10)."""
_WINDOW: Final = 4


def _canonical(table: tuple[tuple[tuple[Action, ...], ...], ...], card: int,
               action: Action) -> Action:
    """Return the shared object equal to `action` among the card's entries of a per-type
    table, so that the space holds the very objects `legal_actions` hands out."""
    for per_type in table:
        for candidate in per_type[card]:
            if candidate == action:
                return candidate
    return action


class _Code(NumericTables):
    """Everything the tensors of one configuration need, computed once."""

    def __init__(self, players: int, options: Options) -> None:
        tables = options.tables
        cards = tables.cards
        self.cards = len(cards)
        attacks = [a for per_card in tables.attack for a in per_card]
        defends = [_canonical(tables.defend_vs, k, Defend(c.number, c.name, t))
                   for k, c in enumerate(cards) if c.is_combat for t in c.types]
        plays = [tables.play[k] for k, c in enumerate(cards) if tables.is_action[k]]
        counters = [_canonical(tables.counter_vs, k, CounterStrike(c.number, c.name, t))
                    for k, c in enumerate(cards) if c.is_combat and c.g for t in c.types]
        actions: tuple[Action, ...] = (KEEP, REDRAW, *attacks, *defends, *plays, *counters,
                                       PASS)
        in_decks = sorted({k for deck in tables.decks for k in deck})
        chance: tuple[Action, ...] = (*SIDES, *(tables.draw[k] for k in in_decks), *ROLLS,
                                      *COMBAT_ROLLS)
        types = max(len(c.types) for c in cards if c.is_combat)
        masked = ("draw ?", *(f"attack ? as {t.value}" for t in COMBAT_TYPES), "defend ?",
                  *(f"counter ? as {t.value}" for t in COMBAT_TYPES), "counter ?")
        space: ActionSpace[Action] = ActionSpace(
            game="ren_dhark", module="boardrules.games.ren_dhark", players=players,
            options=options, actions=actions, chance_actions=chance,
            max_legal=1 + HAND_SIZE * types, legal_actions=legal_actions,
            chance_outcomes=chance_outcomes, masked_announcements=masked)
        self.deck_scale = max(len(deck) for deck in tables.decks)
        bound = action_bound(players, options)
        self.battles = 2 * sum(len(deck) for deck in tables.decks) + 1
        # A modifier is the sum of at most _PLAYED weaken/strengthen amounts (D10, D11).
        amounts = [abs(amount) for e in tables.effect
                   if e is not None and e.effect is not Effect.DESTROY
                   for amount in (e.amount, *(b.amount for b in e.amount_against))]
        self.mod_scale = _PLAYED * max(amounts, default=1) or 1
        n = self.cards
        b = LayoutBuilder()
        self.observer = b.add("observer", 3, "the observer: seat 0, seat 1, the spectator")
        self.phase = b.add("phase", len(_PHASES), "the phase, one-hot: "
                           + ", ".join(p.value for p in _PHASES))
        self.blue = b.add("blue", 3, "who plays blue: not drawn yet, me, the opponent")
        self.attacker = b.add("attacker", 2, "who attacks in this battle: me, the opponent")
        self.hand = b.add("hand", n, f"my hand: count of each card ({n}, card-set order) ÷ 2")
        self.hand_sizes = b.add("hand_sizes", 2, f"cards in hand ÷ {HAND_SIZE}: me, the opponent")
        self.deck_sizes = b.add("deck_sizes", 2,
                                f"cards in deck ÷ {self.deck_scale}: me, the opponent")
        self.land_slot = n + len(COMBAT_TYPES)
        self.landed = b.add(
            "landed", 2 * _LANDED * self.land_slot,
            f"cards on the enemy planet in the order they landed, mine then the opponent's, "
            f"{_LANDED} slots of {self.land_slot}: the card one-hot, the type it fought as "
            "(ship, person, unit)")
        self.out = b.add("out", 2 * n, "out-of-game piles, mine then the opponent's: count of "
                         "each card ÷ 2")
        self.duel_flags = b.add(
            "duel_flags", 6, "the duel: a counter-strike, the attacker's card committed, "
            "activated, the defender's card committed, activated, both revealed")
        self.attack = b.add("attack", n, "the attacker's committed card one-hot, if I may see it")
        self.attack_type = b.add("attack_type", 3, "its declared type (ship, person, unit)")
        self.defense = b.add("defense", n, "the defender's committed card one-hot, if I may "
                             "see it")
        self.defense_type = b.add("defense_type", 3, "its type, if I may see the card")
        self.window = b.add("window", _WINDOW, "the action window step one-hot: the attacker, "
                            "the defender, the attacker again, closed")
        self.played_slot = 2 + n + len(_STATUSES)
        self.played = b.add(
            "played", _PLAYED * self.played_slot,
            f"action cards played in the duel, in order, {_PLAYED} slots of "
            f"{self.played_slot}: by the attacker, by the defender, the card one-hot, what "
            "became of it (" + ", ".join(s.value for s in _STATUSES) + ")")
        self.resolving = b.add("resolving", _PLAYED + 1, "the action card being resolved, "
                               "one-hot 0-2")
        self.mods = b.add("mods", 2, f"action modifiers on the attacker's, the defender's "
                          f"card, plus {self.mod_scale}, ÷ {2 * self.mod_scale} (the "
                          "largest two action cards can make it)")
        self.loser = b.add("loser", 3, "the role that lost the first duel: none, the attacker, "
                           "the defender")
        self.battle = b.add("battle", 1, f"battles begun ÷ {self.battles}")
        self.skipped = b.add("skipped", 1, "1 when the last battle was skipped")
        self.mulligans = b.add("mulligans", 1, "players who decided on a redraw ÷ 2")
        self.redrew = b.add("redrew", 2, "who redrew: me, the opponent")
        self.shown = b.add(
            "shown", 2 * 5, f"what each hand is known to hold, mine then the opponent's, ÷ "
            f"{HAND_SIZE}: non-ships, action cards, cards that may not be deployed against a "
            "ship, a person, a unit")
        self.winner = b.add("winner", 3, "the winner: nobody (yet), me, the opponent")
        self.finish(space, b, bound=bound, horizon=min(HISTORY, bound), perfect_recall=False)
        self._segments()

    def _segments(self) -> None:
        """Prepare what `observe_tensor` joins: constant segments and memos of encoded ones."""
        self.no_landed = bytes(4 * _LANDED * self.land_slot)
        """One side of the `landed` segment with no card."""
        self.no_duel = self.template[self.duel_flags:self.battle]
        """The duel's segments, zero (copied to write a duel)."""
        self.heads: Memo[tuple[int | None, int, int | None, int], bytes] = Memo(1 << 8)
        """Encoded segments before the hand by the observer, the phase's index, the blue
        player and the attacker."""
        self.card_counts: Memo[tuple[int, ...], bytes] = Memo(1 << 12)
        """Encoded hands and out-of-game piles (counts ÷ 2) by their cards."""
        self.sizes: Memo[tuple[int, int, int, int], bytes] = Memo(1 << 10)
        """Encoded hand and deck sizes (the observer's first) by their values."""
        self.tails: Memo[_TailKey, bytes] = Memo(1 << 12)
        """Encoded segments after the duel by their values and the observer's seat."""
        self.counts: Memo[tuple[int, ...], Tensor] = Memo(1 << 14)
        """Card-count segments of hands and piles by their cards (`observation_tensor`)."""
        self.landed_bytes: Memo[tuple[Landing, ...], bytes] = Memo(1 << 10)
        """Encoded landed cards of a player (one side of the `landed` segment) by the cards."""

    @functools.cached_property
    def draw_ids(self) -> dict[int, int]:
        """The chance index of drawing each card a deck can hold, by the card."""
        chance = set(self.space.chance_actions)
        index = self.space.chance_index
        draws = self.space.options.tables.draw  # type: ignore[attr-defined]  # Options
        return {c: index(a) for c, a in enumerate(draws) if a in chance}


def _code(options: Options) -> _Code:
    """Return the tables of the tensors of `options` (two players: the only count), built
    on first use and kept by the options' lookup tables, so they go with the options."""
    tables = options.tables
    code = tables.numeric
    if code is None:
        code = tables.numeric = _Code(2, options)
    assert isinstance(code, _Code)
    return code


def _configured(players: int, options: Options | None) -> _Code:
    """`_code` of a configuration a caller gave: checked by `new_game` (it raises
    `InvalidOptionsError`); options equal to the defaults (or None) share the defaults'."""
    new_game(players, options)
    return _code(_DEFAULT_OPTIONS if options is None or options == _DEFAULT_OPTIONS
                 else options)


def action_space(players: int = 2, options: Options | None = None) -> ActionSpace[Action]:
    """Return the action space (built once per options object and kept by it; see the module).

    >>> space = action_space()
    >>> space.size, space.chance_size, space.max_legal
    (131, 110, 15)
    """
    return _configured(players, options).space


def tensor_layout(players: int = 2, options: Options | None = None) -> TensorLayout:
    """Return the segments of the observation tensor."""
    return _configured(players, options).layout


def observation_shape(players: int = 2, options: Options | None = None) -> tuple[int]:
    """Return the shape of the observation tensor.

    >>> observation_shape()
    (1550,)
    """
    return (_configured(players, options).size,)


def _counts(cards: tuple[int, ...], length: int) -> Tensor:
    """Return a segment of `length` entries holding, at each card index, how many times the
    card occurs in `cards`, ÷ 2 (the layout's scale): `counts` with the card as its own
    position, without a lookup per card."""
    out = array("f", bytes(4 * length))
    for card in cards:  # halves add up exactly in float32: count ÷ 2
        out[card] += 0.5
    return out


def _segment(code: _Code, cards: tuple[int, ...]) -> Tensor:
    """Return the card counts of `cards` (a hand or a pile), kept by `code`."""
    found = code.counts.get(cards)
    if found is None:
        found = code.counts[cards] = _counts(cards, code.cards)
    return found


def _rel(who: int | None, me: int, offset: int) -> int:
    """Return the one-hot position of a seat or nobody: nobody, me, the opponent."""
    return offset + (0 if who is None else 1 if who == me else 2)


def observation_tensor(observation: Observation) -> Tensor:
    """Return the observation as a flat float32 tensor, seat-relative (see `tensor_layout`).

    Everything the observation holds is there: two different observations of one
    configuration give different tensors.
    """
    if type(observation) is not Observation:
        raise wrong_game("ren_dhark.observation_tensor", "ren_dhark.Observation", observation)
    code = _code(observation.options)
    duel = observation.duel
    out = _write(code, observation, observation.player, observation.hand,
                 observation.hand_sizes, observation.deck_sizes)
    _write_duel(out, code, duel, duel.attack_committed, duel.attack, duel.defense_committed,
                duel.defense, duel.defense_type)
    return out


def observe_tensor(state: State, player: int | None) -> Tensor:
    """Return ``observation_tensor(observe(state, player))`` without building the
    observation: the fast path for environments.

    The tensor is joined from encoded segments: card counts, landed cards and the scalars
    by their values (kept in bounded memos of the options' tables), the duel (which changes
    at nearly every step) written afresh.
    """
    if type(state) is not State:
        raise wrong_game("ren_dhark.observe_tensor", "ren_dhark.State", state)
    check_player(player, 2)
    code = _code(state.options)
    me = 0 if player is None else player
    other = 1 - me
    key = (player, _PHASES.index(state.phase), state.blue, state.attacker)
    head = code.heads.get(key)
    if head is None:
        head = code.heads[key] = _head(code, key)
    hands, decks, landed, piles = state.hands, state.decks, state.landed, state.out
    card_counts = code.card_counts
    hand = () if player is None else hands[player]
    sizes = (len(hands[me]), len(hands[other]), len(decks[me]), len(decks[other]))
    size_bytes = code.sizes.get(sizes)
    if size_bytes is None:
        size_bytes = code.sizes[sizes] = array(
            "f", (sizes[0] / HAND_SIZE, sizes[1] / HAND_SIZE, sizes[2] / code.deck_scale,
                  sizes[3] / code.deck_scale)).tobytes()
    parts = [head, card_counts.get(hand) or _counted(code, hand), size_bytes]
    for owner in (me, other):
        cards = landed[owner]
        if cards:
            parts.append(code.landed_bytes.get(cards) or _landed(code, cards))
        else:
            parts.append(code.no_landed)
    mine, theirs = piles[me], piles[other]
    parts += (card_counts.get(mine) or _counted(code, mine),
              card_counts.get(theirs) or _counted(code, theirs))
    duel = state.duel
    see_d = _sees(state, player, DEFENDER)
    out = code.no_duel[:]
    _write_duel(out, code, duel, duel.attack is not None,
                duel.attack if _sees(state, player, ATTACKER) else None,
                duel.defense is not None, duel.defense if see_d else None,
                duel.defense_type if see_d else None, base=code.duel_flags)
    parts.append(out.tobytes())
    tail_key = (state.battle, state.skipped, state.mulligans, state.redrew,
                state.shown_nonships, state.shown_actions, state.shown_undeployable,
                state.winner, me)
    tail = code.tails.get(tail_key)
    if tail is None:
        tail = code.tails[tail_key] = _tail(code, tail_key)
    parts.append(tail)
    return array("f", b"".join(parts))


def _head(code: _Code, key: tuple[int | None, int, int | None, int]) -> bytes:
    """Encode the segments before the hand (observer to attacker) of a `_Code.heads` key."""
    seat, phase, blue, attacker = key
    me = 0 if seat is None else seat
    out = array("f", bytes(4 * code.hand))
    out[code.observer + (2 if seat is None else seat)] = 1.0
    out[code.phase + phase] = 1.0
    out[_rel(blue, me, code.blue)] = 1.0
    out[code.attacker + (attacker != me)] = 1.0
    return out.tobytes()


_TailKey = tuple[int, bool, int, tuple[bool, bool], tuple[int, int], tuple[int, int],
                 tuple[tuple[int, int, int], tuple[int, int, int]], int | None, int]


def _tail(code: _Code, key: _TailKey) -> bytes:
    """Encode the segments after the duel (battle to winner) of a `_Code.tails` key."""
    battle, skipped, mulligans, redrew, nonships, actions, undeployable, winner, me = key
    base = code.battle
    out = array("f", bytes(4 * (code.size - base)))
    for side, owner in enumerate((me, 1 - me)):
        out[code.redrew - base + side] = float(redrew[owner])
        shown = code.shown - base + 5 * side
        out[shown] = nonships[owner] / HAND_SIZE
        out[shown + 1] = actions[owner] / HAND_SIZE
        for t, count in enumerate(undeployable[owner]):
            out[shown + 2 + t] = count / HAND_SIZE
    out[0] = battle / code.battles
    out[code.skipped - base] = float(skipped)
    out[code.mulligans - base] = mulligans / 2
    out[_rel(winner, me, code.winner - base)] = 1.0
    return out.tobytes()


def _counted(code: _Code, cards: tuple[int, ...]) -> bytes:
    """Encode the counts of `cards` (a hand or an out-of-game pile, ÷ 2) and keep them."""
    found = code.card_counts[cards] = _counts(cards, code.cards).tobytes()
    return found


def _landed(code: _Code, cards: tuple[Landing, ...]) -> bytes:
    """Encode a player's landed cards (one side of the `landed` segment) and keep them."""
    out = array("f", bytes(4 * _LANDED * code.land_slot))
    at = 0
    for landing in cards:
        out[at + landing.card] = 1.0
        out[at + code.cards + TYPE_INDEX[landing.as_type]] = 1.0
        at += code.land_slot
    found = code.landed_bytes[cards] = out.tobytes()
    return found


def _write(  # noqa: PLR0917 - the fields an observation and a state spell differently
    code: _Code, o: Observation | State, seat: int | None, hand: tuple[int, ...],
    hand_sizes: tuple[int, int], deck_sizes: tuple[int, int],
) -> Tensor:
    """Return a tensor with every segment but the duel's written, from an observation or a
    state (`o`: the fields they share) and the fields they spell differently."""
    out = code.template[:]
    if seat is None:
        out[code.observer + 2] = 1.0
        me = 0
    else:
        out[code.observer + seat] = 1.0
        me = seat
    other = 1 - me
    out[code.phase + _PHASES.index(o.phase)] = 1.0
    out[_rel(o.blue, me, code.blue)] = 1.0
    out[code.attacker + (o.attacker != me)] = 1.0
    n = code.cards
    if hand:
        out[code.hand:code.hand + n] = _segment(code, hand)
    landed, piles, redrew = o.landed, o.out, o.redrew
    nonships, actions, undeployable = o.shown_nonships, o.shown_actions, o.shown_undeployable
    for side, owner in enumerate((me, other)):
        out[code.hand_sizes + side] = hand_sizes[owner] / HAND_SIZE
        out[code.deck_sizes + side] = deck_sizes[owner] / code.deck_scale
        at = code.landed + side * _LANDED * code.land_slot
        for landing in landed[owner]:
            out[at + landing.card] = 1.0
            out[at + code.cards + TYPE_INDEX[landing.as_type]] = 1.0
            at += code.land_slot
        pile = piles[owner]
        if pile:
            at = code.out + side * n
            out[at:at + n] = _segment(code, pile)
        out[code.redrew + side] = float(redrew[owner])
        shown = code.shown + 5 * side
        out[shown] = nonships[owner] / HAND_SIZE
        out[shown + 1] = actions[owner] / HAND_SIZE
        for t, count in enumerate(undeployable[owner]):
            out[shown + 2 + t] = count / HAND_SIZE
    out[code.battle] = o.battle / code.battles
    out[code.skipped] = float(o.skipped)
    out[code.mulligans] = o.mulligans / 2
    out[_rel(o.winner, me, code.winner)] = 1.0
    return out


def _write_duel(  # noqa: PLR0917 - the fields a duel view spells differently
    out: Tensor, code: _Code, duel: DuelView | Duel, attack_committed: bool,
    attack: int | None, defense_committed: bool, defense: int | None,
    defense_type: CombatType | None, *, base: int = 0,
) -> None:
    """Write the duel's segments from a duel view or a state's duel (`duel`: the fields they
    share) and what the observer sees of the committed cards, into `out` holding the tensor
    from offset `base` on."""
    flags = code.duel_flags - base
    for i, flag in enumerate((duel.counter, attack_committed, duel.attack_activated,
                              defense_committed, duel.defense_activated, duel.revealed)):
        out[flags + i] = float(flag)
    if attack is not None:
        out[code.attack - base + attack] = 1.0
    if duel.attack_type is not None:
        out[code.attack_type - base + TYPE_INDEX[duel.attack_type]] = 1.0
    if defense is not None:
        out[code.defense - base + defense] = 1.0
    if defense_type is not None:
        out[code.defense_type - base + TYPE_INDEX[defense_type]] = 1.0
    out[code.window - base + duel.window] = 1.0
    at = code.played - base
    for played in duel.played:
        out[at + played.role] = 1.0
        out[at + 2 + played.card] = 1.0
        out[at + 2 + code.cards + _STATUSES.index(played.status)] = 1.0
        at += code.played_slot
    out[code.resolving - base + duel.resolving] = 1.0
    scale = code.mod_scale
    out[code.mods - base] = (duel.attack_mod + scale) / (2 * scale)
    out[code.mods - base + 1] = (duel.defense_mod + scale) / (2 * scale)
    out[code.loser - base + (0 if duel.loser is None else 1 + duel.loser)] = 1.0


def chance_probabilities(state: State) -> tuple[tuple[int, float], ...]:
    """Return ``(chance index, probability)`` for every chance outcome, in
    `chance_outcomes` order, each probability its exact fraction as a float (correctly
    rounded), without building the fractions: the fast path for frameworks that want
    floats (OpenSpiel).

    >>> from boardrules.games.ren_dhark.state import Options
    >>> chance_probabilities(new_game(2, Options(blue_player=1)))[0]
    (2, 0.030303030303030304)
    """
    if type(state) is not State:
        raise wrong_game("ren_dhark.chance_probabilities", "ren_dhark.State", state)
    if state.phase is not Phase.DEAL:  # prebuilt outcomes (dice, sides) or none
        return _code(state.options).fixed_chance(chance_outcomes(state))
    code = _code(state.options)
    drawer = _drawer(state)
    assert drawer is not None
    deck = state.decks[drawer]
    size, ids = len(deck), code.draw_ids
    # Counter keeps the order of first occurrence: the deck's order, as chance_outcomes.
    return tuple((ids[c], n / size) for c, n in Counter(deck).items())


def info_state_layout(players: int = 2, options: Options | None = None) -> TensorLayout:
    """Return the segments of the information-state tensor: the observation's, then the
    latest `HISTORY` actions as the player saw them (not perfect recall: see the docs)."""
    return _configured(players, options).info_layout


def info_state_shape(players: int = 2, options: Options | None = None) -> tuple[int]:
    """Return the shape of the information-state tensor.

    >>> info_state_shape()
    (7695,)
    """
    return (_configured(players, options).info_layout.size,)


def info_state_tensor(info: InfoState) -> Tensor:
    """Return a player's information state as a flat float32 tensor (see
    `info_state_layout`): the latest observation, then the latest actions the player saw."""
    if type(info) is not InfoState:
        raise wrong_game("ren_dhark.info_state_tensor", "InfoState", info)
    if type(info.observation) is not Observation:
        raise wrong_game("ren_dhark.info_state_tensor info.observation", "ren_dhark.Observation",
                         info.observation)
    code = _code(info.observation.options)
    return code.info_tensor(info, observation_tensor(info.observation))
