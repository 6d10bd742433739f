"""Ren Dhark rules: new_game, legal_actions, apply, to_move, returns, result.

A game is a sequence of battles; blue attacks in the first and the attacker role
alternates (D17). A battle is one duel, plus at most one counter-strike duel (D15).

Order of `legal_actions` (stable, documented):

* ``SIDES`` (chance): ``blue 0``, ``blue 1``.
* ``DEAL`` (chance): one `Draw` per distinct card in the drawing player's deck, by card
  index (the card-set order).
* ``MULLIGAN``: `Keep`, then `Redraw` when the hand allows it (D5).
* ``ATTACK`` / ``DEFEND`` / ``COUNTER``: for ``COUNTER`` first `Pass`; then one action per
  distinct card in hand by card index, and per card its types in the order ship, person,
  unit (``DEFEND`` and ``COUNTER``: only cards that may be deployed against the opposing
  card's type, D8, D15).
* ``WINDOW``: `Pass`, then one `PlayAction` per distinct playable action card by index.
* ``ACTIVATE`` / ``WARD`` / ``DESTROY`` (chance): ``roll 1`` … ``roll 6``.
* ``COMBAT`` (chance): ``combat a:d`` for the attacker's die a major, the defender's d minor.
"""

from __future__ import annotations

import operator
import random
from bisect import bisect
from collections import Counter
from fractions import Fraction
from itertools import chain
from typing import Final, TypeVar, assert_never

import attrs

from boardrules._build import changer, slot_builder, successor_builder
from boardrules._owners import describe, game_name, not_an_action, wrong_game
from boardrules._seats import player_count
from boardrules.errors import (
    IllegalActionError,
    InvalidArgumentError,
    InvalidOptionsError,
)
from boardrules.game import CHANCE, TERMINAL, Result, ToMove
from boardrules.games.ren_dhark.actions import (
    COMBAT_ROLLS,
    KEEP,
    PASS,
    REDRAW,
    ROLLS,
    SIDES,
    Action,
    AssignSides,
    Attack,
    CombatRoll,
    CounterStrike,
    Defend,
    Draw,
    Keep,
    Pass,
    PlayAction,
    Redraw,
    Roll,
)
from boardrules.games.ren_dhark.cards import CardSet, CombatType, Effect
from boardrules.games.ren_dhark.state import (
    ACTION,
    ALL_KINDS,
    ATTACKER,
    DEFENDER,
    HAND_SIZE,
    NO_DUEL,
    NONSHIP,
    TYPE_INDEX,
    UNDEPLOYABLE,
    Duel,
    Landing,
    Options,
    Phase,
    Played,
    Seen,
    State,
    Status,
    Tables,
)

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "action_bound",
    "apply",
    "apply_unchecked",
    "can_redraw",
    "chance_outcomes",
    "has_won",
    "inventory",
    "is_terminal",
    "legal_actions",
    "new_game",
    "result",
    "returns",
    "sample_chance",
    "scores",
    "to_move",
    "victory_progress",
]

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 2

_SIX: Final = Fraction(1, 6)
_ROLL_OUTCOMES: Final = tuple((r, _SIX) for r in ROLLS)
_COMBAT_OUTCOMES: Final = tuple((r, Fraction(1, 36)) for r in COMBAT_ROLLS)
_SIDE_OUTCOMES: Final = tuple((s, Fraction(1, 2)) for s in SIDES)
_WINDOW_CLOSED: Final = 3
_SHIP = CombatType.SHIP
# Enum members as module constants: `Phase.DEAL` is an attribute lookup on the enum class
# (about ten times the cost of a global), and the hot paths test phases at every step.
_DEAL: Final = Phase.DEAL
_MULLIGAN: Final = Phase.MULLIGAN
_ATTACK: Final = Phase.ATTACK
_DEFEND: Final = Phase.DEFEND
_WINDOW: Final = Phase.WINDOW
_ACTIVATE: Final = Phase.ACTIVATE
_WARD: Final = Phase.WARD
_DESTROY: Final = Phase.DESTROY
_COMBAT: Final = Phase.COMBAT
_COUNTER: Final = Phase.COUNTER
_SIDES: Final = Phase.SIDES
_OVER: Final = Phase.OVER
_PENDING: Final = Status.PENDING
_APPLIED: Final = Status.APPLIED
_WARDED: Final = Status.WARDED
_FAILED: Final = Status.FAILED
_GROUND: Final = (CombatType.PERSON, CombatType.UNIT)
_AS_TYPE: Final = operator.attrgetter("as_type")
_ROLE: Final = operator.attrgetter("role")
_T = TypeVar("_T")


_State: Final = slot_builder(State)
"""Builds a `State` (every successor state is built here: bots build millions)."""
_Duel: Final = slot_builder(Duel)
"""Builds a `Duel`."""
_Played: Final = slot_builder(Played)
"""Builds a `Played`."""
_Landing: Final = slot_builder(Landing)
"""Builds a `Landing`."""


_evolve_state: Final = successor_builder(State)
"""``_evolve_state(s, field=value, ...)``: `s` with the fields named changed (every
successor state is built here or by `_State`: bots build millions)."""


_at: Final = changer(State, "phase", "duel")
"""``_at(s, phase, duel)``: `s` with another phase and duel (the most frequent change)."""
_drawn: Final = changer(State, "phase", "hands", "decks")
"""``_drawn(s, phase, hands, decks)``: `s` after a card was drawn."""
_left_hand: Final = changer(State, "phase", "hands", "duel", "shown_nonships", "shown_actions",
                            "shown_undeployable")
"""``_left_hand(s, phase, hands, duel, nonships, actions, undeployable)``: `s` after a card
left a hand: new phase, duel, hands and shown counts (as `_shown_after` returns them)."""
_duel_over: Final = changer(State, "phase", "out", "duel")
"""``_duel_over(s, phase, out, duel)``: `s` after a duel, a counter-strike next."""
_next_battle: Final = changer(State, "phase", "attacker", "landed", "out", "duel", "battle",
                              "skipped")
"""``_next_battle(s, phase, attacker, landed, out, duel, battle, skipped)``: `s` after a
battle."""


_evolve_duel: Final = successor_builder(Duel)
"""``_evolve_duel(d, field=value, ...)``: `d` with the fields named changed."""
_at_step: Final = changer(Duel, "window")
"""``_at_step(d, window)``: `d` at window step `window`."""
_resolving: Final = changer(Duel, "resolving")
"""``_resolving(d, k)``: `d` resolving played action `k`."""
_revealed: Final = changer(Duel, "revealed", "window")
"""``_revealed(d, True, 0)``: `d` with both cards face up, at window step 0."""
_with_played: Final = changer(Duel, "window", "played")
"""``_with_played(d, window, played)``: `d` after an action card was played."""
_with_status: Final = changer(Duel, "played", "resolving", "attack_mod", "defense_mod")
"""``_with_status(d, played, resolving, attack_mod, defense_mod)``: `d` as an action card
resolved."""
_defense_waits: Final = changer(Duel, "defense", "defense_type", "defense_activated", "revealed",
                                "defense_mod", "loser")
"""The duel of a counter-strike with the defence's winning card waiting (see `_finish_duel`)."""
_attack_waits: Final = changer(Duel, "attack", "attack_type", "attack_activated", "revealed",
                               "attack_mod", "loser")
"""The duel of a counter-strike with the attack's winning card waiting (see `_finish_duel`)."""
_defended: Final = changer(Duel, "defense", "defense_type", "defense_activated", "revealed",
                           "window")
"""``_defended(d, card, type, activated, revealed, window)``: `d` once the defence is
committed."""


# ---------------------------------------------------------------------------------------
# Small helpers


def _role_player(state: State, role: int) -> int:
    return state.attacker if role == ATTACKER else 1 - state.attacker


def _hands_without(hands: tuple[tuple[int, ...], tuple[int, ...]], player: int,
                   card: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Return the hands after `card` left `player`'s hand."""
    hand = hands[player]
    i = hand.index(card)
    hand = hand[:i] + hand[i + 1:]
    return (hand, hands[1]) if player == 0 else (hands[0], hand)


def _pair(pair: tuple[_T, _T], player: int, value: _T) -> tuple[_T, _T]:
    return (value, pair[1]) if player == 0 else (pair[0], value)


def _distinct(hand: tuple[int, ...]) -> tuple[int, ...] | dict[int, None]:
    """Return the distinct cards of a sorted multiset, in order (a dict keeps insertion order)."""
    return dict.fromkeys(hand)


def has_landed_ship(state: State, player: int) -> bool:
    """Return whether `player` has a ship on the enemy planet (D6, D7)."""
    if type(state) is not State:
        raise wrong_game("ren_dhark.has_landed_ship", "ren_dhark.State", state)
    return _SHIP in map(_AS_TYPE, state.landed[player])  # in C: no generator


def has_won(landed: tuple[Landing, ...]) -> bool:
    """Return whether these cards on the enemy planet win the game (D18).

    7 cards (ships); or 6 with at least one person/unit; or 5 with at least two: a
    `victory_progress` of 7 or more, which needs 5 cards at least: fewer are not counted
    (a battle's end asks, and most planets hold fewer).
    """
    return len(landed) >= 5 and victory_progress(landed) >= 7


def victory_progress(landed: tuple[Landing, ...]) -> int:
    """Return how far these cards on the enemy planet are towards victory (D18): the
    cards, plus one for each of the first two persons or units among them; 7 or more wins
    (7 ships, 6 cards with a person or unit, or 5 with two)."""
    n = len(landed)
    # In C: no generator (a generator's frame costs more than the count, for a few cards).
    return n + min(n - [*map(_AS_TYPE, landed)].count(_SHIP), 2)


def can_redraw(tables: Tables, hand: tuple[int, ...]) -> bool:
    """Return whether an opening hand may be redrawn (D5): < 2 ships or > 3 action cards."""
    # Summed in C (flags are bools): no generator.
    ships = sum(map(tables.is_ship.__getitem__, hand))
    actions = sum(map(tables.is_action.__getitem__, hand))
    return ships < 2 or actions > 3


def _drawer(state: State) -> int | None:
    """Return who draws next, or None when both hands are full (D4, D17).

    Opening hands: blue first. After a battle (the attacker role has already passed on):
    the player who attacked in it first.
    """
    return _who_draws(state.attacker, state.mulligans, state.hands, state.decks)


def _who_draws(attacker: int, mulligans: int, hands: tuple[tuple[int, ...], tuple[int, ...]],
               decks: tuple[tuple[int, ...], tuple[int, ...]]) -> int | None:
    """`_drawer` from the parts of a state. Who draws first (D4, D17): blue (the first
    attacker) for the opening hands, after a battle the player who attacked in it (the
    attacker role has already passed on)."""
    first = attacker if mulligans < 2 else 1 - attacker
    if len(hands[first]) < HAND_SIZE and decks[first]:
        return first
    if len(hands[1 - first]) < HAND_SIZE and decks[1 - first]:
        return 1 - first
    return None


_Hands = tuple[tuple[int, ...], tuple[int, ...]]
"""Both players' hands (or decks, or out-of-game piles)."""
_Shown = tuple[tuple[int, int], tuple[int, int],
               tuple[tuple[int, int, int], tuple[int, int, int]]]
"""The public counts of known cards in the hands: `State.shown_nonships`,
`State.shown_actions` and `State.shown_undeployable`."""

_NO_UNDEPLOYABLE: Final = (0, 0, 0)


def _shown_after(state: State, player: int, card: int, seen: Seen | None = None) -> _Shown:
    """Return what the opponent knows of `player`'s hand once `card` has left it.

    `seen` is what the opponent sees of a combat card committed face down (a
    `Tables.surely_outside` key), or None when the card is seen (an action card played, a
    card that turns face up at once). Each count of known cards (`State.shown_nonships`,
    `State.shown_actions`, `State.shown_undeployable`) falls by one unless it is zero or
    what the opponent sees rules the card out of it: it never depends on a hidden card
    (D31). A combat card is no action card, so the count of known action cards stays.
    """
    nonships, actions, undeployable = (state.shown_nonships, state.shown_actions,
                                       state.shown_undeployable)
    mine = undeployable[player]
    if not (nonships[player] or actions[player]) and mine == _NO_UNDEPLOYABLE:
        return nonships, actions, undeployable  # nothing known: the usual case
    tables = state.options.tables
    kinds = tables.kinds[card] if seen is None else ALL_KINDS & ~tables.surely_outside[seen]
    if nonships[player] and kinds >> NONSHIP & 1:
        nonships = _pair(nonships, player, nonships[player] - 1)
    if actions[player] and kinds >> ACTION & 1:
        actions = _pair(actions, player, actions[player] - 1)
    if mine != _NO_UNDEPLOYABLE:
        a, b, c = mine  # per type: ship, person, unit
        u = kinds >> UNDEPLOYABLE
        undeployable = _pair(undeployable, player, (a - 1 if a and u & 1 else a,
                                                    b - 1 if b and u & 2 else b,
                                                    c - 1 if c and u & 4 else c))
    return nonships, actions, undeployable


# ---------------------------------------------------------------------------------------
# Setup


_DEFAULT_OPTIONS: Final = Options()
"""The options of `new_game` without options (one object: its tables are built once)."""


@player_count("Ren Dhark", MIN_PLAYERS, MAX_PLAYERS)
def new_game(players: int, options: Options | None = None, *,
             card_set: CardSet | None = None) -> State:
    """Return the start of a game: sides are drawn (D4) unless `Options.blue_player` is set.

    `card_set` replaces the options' card set (for example one loaded with the printed
    values by `load_card_set`).

    >>> state = new_game(2)
    >>> to_move(state), state.phase
    (CHANCE, <Phase.SIDES: 'sides'>)
    """
    if options is None:
        options = _DEFAULT_OPTIONS
    elif not isinstance(options, Options):
        raise InvalidOptionsError("options",
                                  f"expected ren_dhark.Options, got {describe(options)}")
    if card_set is not None:
        options = attrs.evolve(options, card_set=card_set)
    blue_deck, red_deck = options.tables.decks
    state = _State(options=options, phase=_SIDES, blue=None, attacker=0, hands=((), ()),
                   decks=(blue_deck, red_deck), landed=((), ()), out=((), ()), duel=NO_DUEL,
                   battle=0, skipped=False, mulligans=0, redrew=(False, False),
                   shown_nonships=(0, 0), shown_actions=(0, 0),
                   shown_undeployable=(_NO_UNDEPLOYABLE, _NO_UNDEPLOYABLE), winner=None)
    if options.blue_player is None:
        return state
    return _assign_sides(state, options.blue_player)


def _assign_sides(state: State, blue: int) -> State:
    blue_deck, red_deck = state.options.tables.decks
    decks = (blue_deck, red_deck) if blue == 0 else (red_deck, blue_deck)
    return _evolve_state(state, phase=_DEAL, blue=blue, attacker=blue, decks=decks)


# ---------------------------------------------------------------------------------------
# Who acts and what they may do


def to_move(state: State) -> ToMove:
    """Return who acts: a player, `CHANCE` (sides, draws, dice) or `TERMINAL`."""
    if type(state) is not State:
        raise wrong_game("ren_dhark.to_move", "ren_dhark.State", state)
    phase = state.phase
    # Most frequent first: this runs at every step of every playout.
    if phase is _DEAL:
        return CHANCE
    if phase is _WINDOW:  # the attacker at steps 0 and 2, the defender at step 1 (D10)
        return state.attacker if state.duel.window != 1 else 1 - state.attacker
    if phase is _ATTACK:
        return state.attacker
    if phase is _DEFEND:
        return 1 - state.attacker
    if phase is _COMBAT or phase is _WARD or phase is _DESTROY or phase is _ACTIVATE \
            or phase is _SIDES:
        return CHANCE
    if phase is _COUNTER:  # the loser decides (D15)
        loser = state.duel.loser
        assert loser is not None
        return state.attacker if loser == ATTACKER else 1 - state.attacker
    if phase is _MULLIGAN:  # blue first (D5)
        assert state.blue is not None
        return state.blue if state.mulligans == 0 else 1 - state.blue
    return TERMINAL


def _decider(state: State) -> int:
    """Return the player who decides in `state` (not a chance node, not over)."""
    mover = to_move(state)
    assert isinstance(mover, int)
    return mover


def is_terminal(state: State) -> bool:
    """Return whether the game is over (D18 victory or D22 mutual skips)."""
    if type(state) is not State:
        raise wrong_game("ren_dhark.is_terminal", "ren_dhark.State", state)
    return state.phase is _OVER


def _attack_options(state: State, player: int) -> tuple[Action, ...]:
    """The attacks (D7): only ships before a ship has landed."""
    tables = state.options.tables
    table = tables.attack if has_landed_ship(state, player) else tables.attack_as_ship
    # dict.fromkeys: `_distinct` without the call (legal actions are asked at every decision).
    return tuple(chain.from_iterable(map(table.__getitem__, dict.fromkeys(state.hands[player]))))


def _counter_options(state: State) -> tuple[Action, ...]:
    """`Pass`, then the loser's counter-strikes against the winning card, face up (D15): G
    cards that may be deployed against its type, an attacker's only as ships before a ship
    has landed (D7)."""
    tables = state.options.tables
    duel = state.duel
    if duel.loser == ATTACKER:
        player = state.attacker
        table = (tables.counter_vs if has_landed_ship(state, player)
                 else tables.counter_as_ship_vs)[TYPE_INDEX[duel.defense_type]]  # type: ignore[index]  # it waits
    else:
        player = 1 - state.attacker
        table = tables.counter_vs[TYPE_INDEX[duel.attack_type]]  # type: ignore[index]  # it waits
    return (PASS, *chain.from_iterable(map(table.__getitem__, dict.fromkeys(state.hands[player]))))


def _can_attack(state: State, player: int) -> bool:
    """Whether `player` holds a card to attack with (D6, D7)."""
    return _can_attack_with(state.options.tables, state.landed[player], state.hands[player])


def _can_attack_with(tables: Tables, landed: tuple[Landing, ...], hand: tuple[int, ...]) -> bool:
    """`_can_attack` from a player's cards on the enemy planet and hand."""
    landed_ship = _SHIP in map(_AS_TYPE, landed)
    usable = tables.is_combat if landed_ship else tables.is_ship
    return any(map(usable.__getitem__, hand))


def _defend_options(state: State, player: int) -> tuple[Action, ...]:
    """The defences (D8): against the attacking card's type, which the defender knows."""
    table = state.options.tables.defend_vs[TYPE_INDEX[state.duel.attack_type]]  # type: ignore[index]  # committed
    # dict.fromkeys: `_distinct` without the call (legal actions are asked at every decision).
    return tuple(chain.from_iterable(map(table.__getitem__, dict.fromkeys(state.hands[player]))))


def _slot(duel: Duel, role: int) -> tuple[int | None, CombatType | None]:
    if role == ATTACKER:
        return duel.attack, duel.attack_type
    return duel.defense, duel.defense_type


def _playable_against(tables: Tables, action: int, role: int, target: int,
                      target_type: CombatType) -> bool:
    """Whether action card `action` may be added by `role` against the opposing card `target`
    fighting as `target_type` (D3)."""
    effect = tables.effect[action]
    if effect is None or (effect.defender_only and role != DEFENDER):
        return False
    return tables.matches(effect.target, target, target_type)


def _window_options(state: State) -> tuple[Action, ...]:
    """The window's choices (D10): `Pass`, then the playable action cards in hand."""
    tables = state.options.tables
    duel = state.duel
    # `_decider` and `_slot` written out: the window is the most frequent decision.
    if duel.window == 1:
        role, player = DEFENDER, 1 - state.attacker
        target, target_type = duel.attack, duel.attack_type
    else:
        role, player = ATTACKER, state.attacker
        target, target_type = duel.defense, duel.defense_type
    assert target is not None and target_type is not None
    playable = tables.playable.get((role, target, target_type))
    if playable is None:
        playable = _playable_cards(tables, role, target, target_type)
    hand = state.hands[player]
    if playable.isdisjoint(hand):
        return _PASS_ONLY  # the usual case: no playable action card in hand
    play = tables.play
    return (PASS, *[play[c] for c in dict.fromkeys(hand) if c in playable])


_PASS_ONLY: Final = (PASS,)


def _playable_cards(tables: Tables, role: int, target: int,
                    target_type: CombatType) -> frozenset[int]:
    """Return the action cards (by index) that `role` may add against `target` fighting as
    `target_type`. A few hundred combinations per card set: each is computed once (kept by
    the tables, so it goes with them)."""
    key = (role, target, target_type)
    found = tables.playable.get(key)
    if found is None:
        found = tables.playable[key] = frozenset(
            c for c in range(len(tables.cards))
            if tables.is_action[c] and _playable_against(tables, c, role, target, target_type))
    return found


def legal_actions(state: State) -> tuple[Action, ...]:
    """Return every legal action in the documented order (see the module docstring).

    >>> from boardrules.games.ren_dhark.state import Options
    >>> state = new_game(2, Options(blue_player=0))
    >>> [str(a) for a in legal_actions(state)][:2]
    ['draw I/1 Charaua', 'draw I/2 Ren Dhark']
    """
    if type(state) is not State:
        raise wrong_game("ren_dhark.legal_actions", "ren_dhark.State", state)
    phase = state.phase
    # Decisions first, most frequent first: drivers sample chance nodes instead.
    if phase is _WINDOW:
        return _window_options(state)
    if phase is _ATTACK:
        return _attack_options(state, state.attacker)
    if phase is _DEFEND:
        return _defend_options(state, 1 - state.attacker)
    if phase is _DEAL:
        p = _drawer(state)
        assert p is not None
        draws = state.options.tables.draw
        return tuple(draws[c] for c in _distinct(state.decks[p]))
    if phase is _ACTIVATE or phase is _WARD or phase is _DESTROY:
        return ROLLS
    if phase is _COMBAT:
        return COMBAT_ROLLS
    if phase is _COUNTER:
        return _counter_options(state)
    if phase is _MULLIGAN:
        if can_redraw(state.options.tables, state.hands[_decider(state)]):
            return (KEEP, REDRAW)
        return (KEEP,)
    if phase is _SIDES:
        return SIDES
    assert phase is _OVER
    return ()


# ---------------------------------------------------------------------------------------
# Chance


def chance_outcomes(state: State) -> tuple[tuple[Action, Fraction], ...]:
    """Return each chance outcome with its exact probability (``()`` at a decision).

    A draw is uniform over the cards of the deck (copies count separately).

    >>> from boardrules.games.ren_dhark.state import Options
    >>> state = new_game(2, Options(blue_player=1))
    >>> action, p = chance_outcomes(state)[0]
    >>> str(action), p
    ('draw I/1 Charaua', Fraction(1, 33))
    """
    if type(state) is not State:
        raise wrong_game("ren_dhark.chance_outcomes", "ren_dhark.State", state)
    phase = state.phase
    if phase is _DEAL:
        p = _drawer(state)
        assert p is not None
        deck = state.decks[p]
        counts = Counter(deck)
        draws = state.options.tables.draw
        return tuple((draws[c], Fraction(counts[c], len(deck))) for c in _distinct(deck))
    if phase is _ACTIVATE or phase is _WARD or phase is _DESTROY:
        return _ROLL_OUTCOMES
    if phase is _COMBAT:
        return _COMBAT_OUTCOMES
    if phase is _SIDES:
        return _SIDE_OUTCOMES
    return ()


def sample_chance(state: State, rng: random.Random) -> Action:
    """Draw one chance outcome with the distribution of `chance_outcomes`, without listing them."""
    if type(state) is not State:
        raise wrong_game("ren_dhark.sample_chance", "ren_dhark.State", state)
    phase = state.phase
    # `choice` draws as ``seq[rng.randrange(len(seq))]`` in one call.
    if phase is _DEAL:
        p = _who_draws(state.attacker, state.mulligans, state.hands, state.decks)
        assert p is not None
        return state.options.tables.draw[rng.choice(state.decks[p])]
    if phase is _ACTIVATE or phase is _WARD or phase is _DESTROY:
        return rng.choice(ROLLS)
    if phase is _COMBAT:
        return rng.choice(COMBAT_ROLLS)
    if phase is _SIDES:
        return rng.choice(SIDES)
    raise InvalidArgumentError(f"no chance event in phase {phase.value}: this is not a chance node")


# ---------------------------------------------------------------------------------------
# Applying actions


def _why_illegal(state: State, action: object) -> tuple[str, str]:
    """Return the reason and rule id for an action `apply` refused (only then computed)."""
    if not isinstance(action, Action) and game_name(action) is not None:
        return not_an_action(action, "Ren Dhark"), ""  # another game's: name both
    phase = state.phase
    if phase is _OVER:
        return "the game is over", "D18"
    kinds = {
        _SIDES: ("sides must be drawn first (blue 0 or blue 1)", "D4"),
        _DEAL: ("a card must be drawn from the drawing player's deck", "D17"),
        _ACTIVATE: ("the committed card's activation roll (roll 1-6) comes first", "D12"),
        _WARD: ("the ward-off roll (roll 1-6) comes first", "D11"),
        _DESTROY: ("the destroy roll (roll 1-6) comes first", "D11"),
        _COMBAT: ("the combat dice (combat a:d) come first", "D13"),
    }
    if phase in kinds:
        if phase is _DEAL and isinstance(action, Draw):
            return f"{action.card} {action.name} is not in the drawing player's deck", "D17"
        return kinds[phase]
    player = _decider(state)
    tables = state.options.tables
    card_number = getattr(action, "card", None)
    index = tables.index.get(card_number) if isinstance(card_number, str) else None
    if index is not None and getattr(action, "name", None) != tables.cards[index].name:
        return f"card {card_number} is {tables.cards[index].name!r}, not " \
            f"{getattr(action, 'name', None)!r}", ""
    in_hand = index is not None and index in state.hands[player]
    match phase:
        case Phase.MULLIGAN:
            if isinstance(action, Redraw):
                return "a redraw needs fewer than 2 ships or more than 3 action cards", "D5"
            return f"player {player} must keep or redraw the opening hand", "D5"
        case Phase.ATTACK | Phase.DEFEND | Phase.COUNTER:
            rule = {_ATTACK: "D7", _DEFEND: "D8", _COUNTER: "D15"}[phase]
            right_kind = (isinstance(action, Attack) if phase is _ATTACK
                          else isinstance(action, Defend) if phase is _DEFEND
                          else isinstance(action, CounterStrike))
            if not right_kind:
                verb = {_ATTACK: "attack", _DEFEND: "defend",
                        _COUNTER: "counter-strike or pass"}[phase]
                return f"player {player} must {verb} now", rule
            assert isinstance(action, Attack | Defend | CounterStrike)
            if index is None:
                return f"there is no card {action.card}", rule
            if not in_hand:
                return f"{action.card} {action.name} is not in player {player}'s hand", rule
            if not tables.is_combat[index]:
                return f"{action.card} {action.name} is not a combat card", rule
            if action.as_type not in tables.cards[index].types:
                as_type = getattr(action.as_type, "value", action.as_type)
                return f"{action.card} {action.name} cannot fight as {as_type}", rule
            if isinstance(action, CounterStrike) and not tables.g[index]:
                return f"{action.card} {action.name} has no G mark", "D15"
            if phase is not _ATTACK:  # committed against a card whose type is known
                duel = state.duel
                against = (duel.defense_type if phase is _COUNTER and duel.loser == ATTACKER
                           else duel.attack_type)
                assert against is not None
                if not tables.deployable[TYPE_INDEX[against]][index]:
                    return (f"{action.card} {action.name} has '-' against a {against.value}, "
                            f"so it cannot be deployed against the {against.value}",
                            "D8" if phase is _DEFEND else "D15")
            return "before a ship has landed on the enemy planet only ships may attack", "D7"
        case Phase.WINDOW:
            if not isinstance(action, PlayAction):
                return f"player {player} must play an action card or pass", "D10"
            if index is None:
                return f"there is no card {action.card}", "D10"
            if not in_hand:
                return f"{action.card} {action.name} is not in player {player}'s hand", "D10"
            if not tables.is_action[index]:
                return f"{action.card} {action.name} is not an action card", "D10"
            effect = tables.effect[index]
            assert effect is not None
            role = DEFENDER if state.duel.window == 1 else ATTACKER
            if effect.defender_only and role != DEFENDER:
                return f"{action.card} {action.name} may only be played by the defender", "D3"
            return f"{action.card} {action.name} cannot apply to the opposing card", "D3"
        case _:
            return f"{action!r} is not a Ren Dhark action here", ""


def apply(state: State, action: Action) -> State:
    """Return the state after `action`; raise `IllegalActionError` if it is illegal.

    The given state never changes.
    """
    if type(state) is not State:
        raise wrong_game("ren_dhark.apply", "ren_dhark.State", state)
    try:
        legal = action in legal_actions(state)
    except TypeError:  # an object that cannot be compared is no action
        legal = False
    if not legal:
        reason, rule = _why_illegal(state, action)
        raise IllegalActionError(state, action, reason, rule)
    return apply_unchecked(state, action)


def apply_unchecked(state: State, action: Action) -> State:
    """Return the state after `action`, trusting that it is legal (the fast path for bots).

    Only pass actions taken from `legal_actions(state)` or `sample_chance(state, ...)`;
    anything else may build an impossible state. Nothing is checked, not even that
    `state` and `action` are this game's (`apply` checks).
    """
    # By kind, most frequent first; an isinstance chain costs a fraction of ``match``'s
    # class patterns (about 400 instructions a kind tried), and mypy still checks that it
    # covers every kind (`assert_never`).
    if isinstance(action, Draw):
        return _draw(state, action)
    if isinstance(action, Pass):
        if state.phase is _WINDOW:
            duel = state.duel
            return _open_window(state, duel, _next_step(duel.window, duel.played, False))
        return _counter_declined(state)
    if isinstance(action, PlayAction):
        return _play(state, action)
    if isinstance(action, Attack):
        return _attack(state, action)
    if isinstance(action, Defend):
        return _defend(state, action)
    if isinstance(action, CombatRoll):
        return _combat(state, action)
    if isinstance(action, Roll):
        phase = state.phase
        if phase is _ACTIVATE:
            return _activation(state, action.value)
        if phase is _WARD:
            return _ward(state, action.value)
        return _destroy(state, action.value)
    if isinstance(action, CounterStrike):
        return _counter_strike(state, action)
    if isinstance(action, Keep | Redraw):
        return _mulligan(state, redraw=isinstance(action, Redraw))
    if isinstance(action, AssignSides):
        return _assign_sides(state, action.blue)
    assert_never(action)


def _draw(state: State, action: Draw) -> State:
    """Draw a card (D4, D17). Once nobody draws on: the mulligans after the opening hands
    (D5), else the battle begins (D6; the usual attack built at once)."""
    s = state
    attacker, mulligans = s.attacker, s.mulligans
    p = _who_draws(attacker, mulligans, s.hands, s.decks)
    assert p is not None
    # The card leaves the deck into the hand; the hand stays sorted, and the deck too (its
    # copies of a card stand together).
    card = s.options.tables.index[action.card]
    hand, deck = s.hands[p], s.decks[p]
    i, j = deck.index(card), bisect(hand, card)
    hand, deck = (*hand[:j], card, *hand[j:]), deck[:i] + deck[i + 1:]
    if p == 0:  # (`_pair` written out, twice: a draw is the most frequent step)
        hands, decks = (hand, s.hands[1]), (deck, s.decks[1])
    else:
        hands, decks = (s.hands[0], hand), (s.decks[0], deck)
    phase = _DEAL
    skip = False
    if _who_draws(attacker, mulligans, hands, decks) is None:
        if mulligans < 2:
            phase = _MULLIGAN
        elif _can_attack_with(s.options.tables, s.landed[attacker], hands[attacker]):
            phase = _ATTACK
        else:
            skip = True
    state = _drawn(s, phase=phase, hands=hands, decks=decks)
    if skip:
        return _start_battle(state)  # the attacker cannot attack: a skip (D6)
    return state


def _mulligan(state: State, *, redraw: bool) -> State:
    player = _decider(state)
    mulligans = state.mulligans + 1
    if not redraw:
        state = _evolve_state(state, mulligans=mulligans)
        return state if mulligans < 2 else _start_battle(state)
    deck = tuple(sorted(state.decks[player] + state.hands[player]))
    return _evolve_state(state, phase=_DEAL, mulligans=mulligans,
                         hands=_pair(state.hands, player, ()),
                         decks=_pair(state.decks, player, deck),
                         redrew=_pair(state.redrew, player, True))


def _start_battle(state: State) -> State:
    """Begin a battle: the attacker attacks, or skips (D6); two skips in a row end it (D22)."""
    while True:
        p = state.attacker
        if _can_attack(state, p):
            return _at(state, phase=_ATTACK, duel=NO_DUEL)
        state = _reveal_no_attack(state, p)
        if state.skipped:
            return _end_by_skips(state)
        state = _evolve_state(state, attacker=1 - p, battle=state.battle + 1, skipped=True)


def _reveal_no_attack(state: State, player: int) -> State:
    """Record what a skip tells the opponent: no ship (or no combat card) in hand (D6)."""
    n = len(state.hands[player])
    nonships = _pair(state.shown_nonships, player, n)
    actions = state.shown_actions
    if has_landed_ship(state, player):
        actions = _pair(actions, player, n)
    return _evolve_state(state, shown_nonships=nonships, shown_actions=actions)


def _end_by_skips(state: State) -> State:
    a, b = len(state.landed[0]), len(state.landed[1])
    winner = 0 if a > b else 1 if b > a else None
    return _evolve_state(state, phase=_OVER, duel=NO_DUEL, winner=winner)


def _attack(state: State, action: Attack) -> State:
    """Commit a card face down with its declared type (D7); an activation roll (D12) or the
    defence (D8) follows."""
    p = state.attacker
    tables = state.options.tables
    card, as_type = tables.index[action.card], action.as_type
    rolls = tables.activation[card] is not None
    # Face down until the defence: the opponent sees the declared type and the roll.
    shown_n, shown_a, shown_u = _shown_after(state, p, card, (as_type, rolls, False, None))
    duel = tables.attack_duels.get((card, as_type))
    if duel is None:  # built once per card and type (an attack is made in every battle)
        duel = tables.attack_duels[card, as_type] = _Duel(
            counter=False, attack=card, attack_type=as_type, defense=None, defense_type=None,
            attack_activated=rolls, defense_activated=False, revealed=False, window=0,
            played=(), resolving=0, attack_mod=0, defense_mod=0, loser=None)
    hands = _hands_without(state.hands, p, card)
    if rolls:
        return _left_hand(state, phase=_ACTIVATE, hands=hands, duel=duel, shown_nonships=shown_n,
                          shown_actions=shown_a, shown_undeployable=shown_u)
    if _can_defend(tables, as_type, hands[1 - p]):  # the state built once, as it goes on
        return _left_hand(state, phase=_DEFEND, hands=hands, duel=duel, shown_nonships=shown_n,
                          shown_actions=shown_a, shown_undeployable=shown_u)
    return _undefended(_left_hand(state, phase=_ATTACK, hands=hands, duel=duel,
                                  shown_nonships=shown_n, shown_actions=shown_a,
                                  shown_undeployable=shown_u))


def _can_defend(tables: Tables, attack_type: CombatType, hand: tuple[int, ...]) -> bool:
    """Whether the defender's `hand` holds a card that may be deployed against the attacking
    card's declared type (D8)."""
    return any(map(tables.deployable[TYPE_INDEX[attack_type]].__getitem__, hand))


def _to_defend(state: State) -> State:
    """Ask the defender for a card that may be deployed against the declared type (D8);
    without one the attacking card wins unopposed."""
    attack_type = state.duel.attack_type
    assert attack_type is not None
    if _can_defend(state.options.tables, attack_type, state.hands[1 - state.attacker]):
        return _at(state, phase=_DEFEND, duel=state.duel)
    return _undefended(state)


def _undefended(state: State) -> State:
    """D8 (R): no card to defend with: the attacking card wins unopposed; the opponent
    learns that no card of the hand may be deployed against the declared type."""
    d = 1 - state.attacker
    against = TYPE_INDEX[state.duel.attack_type]  # type: ignore[index]  # committed
    hand = state.hands[d]
    a, b, c = state.shown_undeployable[d]  # per type: ship, person, unit
    n = len(hand)
    known = (n, b, c) if against == 0 else (a, n, c) if against == 1 else (a, b, n)
    state = _evolve_state(state, shown_undeployable=_pair(state.shown_undeployable, d, known))
    return _outcome(state, state.duel, ATTACKER)


def _defend(state: State, action: Defend) -> State:
    """Commit a card against the attacking card (D8); its activation roll (D12) or the
    reveal (D9) follows."""
    d = 1 - state.attacker
    o = state.duel
    tables = state.options.tables
    card, as_type = tables.index[action.card], action.as_type
    rolls = tables.activation[card] is not None
    # With an activation roll the card stays face down (the opponent sees only the roll,
    # and that the card may be deployed against the declared type); without one it turns
    # face up at once.
    shown_n, shown_a, shown_u = _shown_after(
        state, d, card, (None, True, False, o.attack_type) if rolls else None)
    hands = _hands_without(state.hands, d, card)
    # No activation roll: both cards turn face up at once (D9), so the duel is built
    # revealed, at window step 0.
    duel = _defended(o, defense=card, defense_type=as_type, defense_activated=rolls,
                     revealed=o.revealed or not rolls, window=o.window if rolls else 0)
    if rolls:
        return _left_hand(state, phase=_ACTIVATE, hands=hands, duel=duel, shown_nonships=shown_n,
                          shown_actions=shown_a, shown_undeployable=shown_u)
    # The state is built as the window usually opens now; if not (a ``-`` decides the duel,
    # or the attacker's hand is empty), the steps after the reveal take the duel as an
    # argument and never read the state's phase or duel.
    return _judge(_left_hand(state, phase=_WINDOW, hands=hands, duel=duel, shown_nonships=shown_n,
                             shown_actions=shown_a, shown_undeployable=shown_u), duel)


def _activating_role(duel: Duel) -> int:
    if duel.counter:
        assert duel.loser is not None
        return duel.loser
    return ATTACKER if duel.defense is None else DEFENDER


def _activation(state: State, value: int) -> State:
    """Resolve an activation roll (D12): below the card's value it is destroyed."""
    duel = state.duel
    role = _activating_role(duel)
    card, _ = _slot(duel, role)
    assert card is not None
    need = state.options.tables.activation[card]
    assert need is not None
    if value >= need:
        if role == ATTACKER and not duel.counter:
            return _to_defend(state)
        return _reveal(state, duel)
    owner = _role_player(state, role)
    out = _pair(state.out, owner, (*state.out[owner], card))
    if duel.counter:
        # The counter-striking card failed: the loser may try another G card or pass.
        if role == ATTACKER:
            duel = _evolve_duel(duel, counter=False, attack=None, attack_type=None,
                                attack_activated=False, revealed=True)
        else:
            duel = _evolve_duel(duel, counter=False, defense=None, defense_type=None,
                                defense_activated=False, revealed=True)
        state = _duel_over(state, phase=_COUNTER, out=out, duel=duel)
        if not state.hands[owner]:
            return _counter_declined(state)  # ruling 10: an empty hand passes at once
        return state
    state = _evolve_state(state, out=out)
    if role == ATTACKER:
        if _can_attack(state, owner):
            return _at(state, phase=_ATTACK, duel=NO_DUEL)
        # (R) Nothing left to attack with: the battle ends without a duel.
        state = _reveal_no_attack(state, owner)
        return _end_battle(state, state.out, state.landed)
    duel = _evolve_duel(duel, defense=None, defense_type=None, defense_activated=False)
    return _to_defend(_at(state, phase=state.phase, duel=duel))


def _reveal(state: State, duel: Duel) -> State:
    """Turn both cards face up (D9); a ``-`` against the other card's type loses at once."""
    return _judge(state, _revealed(duel, revealed=True, window=0))


def _judge(state: State, duel: Duel) -> State:
    """Go on from the reveal with the revealed `duel` (window step 0)."""
    tables = state.options.tables
    a, ta, d, td = duel.attack, duel.attack_type, duel.defense, duel.defense_type
    assert a is not None and ta is not None and d is not None and td is not None
    sa, sd = _strengths(tables, a, ta, d, td)
    a_dash = sa is None
    d_dash = sd is None
    if a_dash or d_dash:
        winner = None if a_dash and d_dash else DEFENDER if a_dash else ATTACKER
        return _finish_duel(state, duel, winner)
    return _open_window(state, duel, 0)


def _open_window(state: State, duel: Duel, window: int) -> State:
    """Go on to the first window step from `window` on whose player decides, or resolve a
    closed window."""
    # Past the steps of a player with an empty hand (nothing to decide, nothing hidden).
    while window != _WINDOW_CLOSED:
        # `_role_player` written out: the window is the most frequent decision.
        if state.hands[1 - state.attacker if window == 1 else state.attacker]:
            break
        window = _next_step(window, duel.played, False)
    if window != duel.window:
        duel = _at_step(duel, window=window)
    if window == _WINDOW_CLOSED:
        return _resolve(state, duel)  # it builds the next state from `duel`
    s = state
    if s.phase is _WINDOW and s.duel is duel:
        return s  # the caller built it, expecting the window to open
    return _at(s, phase=_WINDOW, duel=duel)


def _next_step(step: int, played_cards: tuple[Played, ...], played: bool) -> int:
    """Return the window step after `step` (D10) given the action cards played so far
    (`played`: whether the step's player has just played one)."""
    if step == 1 and played and ATTACKER not in map(_ROLE, played_cards):  # in C: no generator
        return 2  # (R) the attacker passed: one more chance
    return _WINDOW_CLOSED if step else 1


def _play(state: State, action: PlayAction) -> State:
    """Play an action card into the window (D10)."""
    card = state.options.tables.index[action.card]
    duel = state.duel
    window = duel.window
    role = DEFENDER if window == 1 else ATTACKER
    player = _role_player(state, role)
    shown_n, shown_a, shown_u = _shown_after(state, player, card)
    played = (*duel.played, _Played(role=role, card=card, status=_PENDING))
    duel = _with_played(duel, window=_next_step(window, played, True), played=played)
    # Built as the window usually stays open; `_open_window` returns it as it is then, and
    # otherwise takes the duel as an argument and never reads the state's phase or duel.
    return _open_window(_left_hand(state, phase=_WINDOW,
                                   hands=_hands_without(state.hands, player, card), duel=duel,
                                   shown_nonships=shown_n, shown_actions=shown_a,
                                   shown_undeployable=shown_u), duel, duel.window)


def _set_status(d: Duel, index: int, status: Status, *, resolving: int,
                attack_mod: int | None = None, defense_mod: int | None = None) -> Duel:
    """Return `d` with action `index` in `status`, resolving and the modifiers changed."""
    played = d.played
    entry = played[index]
    played = (*played[:index], _Played(role=entry.role, card=entry.card, status=status),
              *played[index + 1:])
    return _with_status(d, played=played, resolving=resolving,
                        attack_mod=d.attack_mod if attack_mod is None else attack_mod,
                        defense_mod=d.defense_mod if defense_mod is None else defense_mod)


def _resolve(state: State, duel: Duel) -> State:
    """Resolve the played action cards in order (D10, D11): stop at a roll to ward off or
    to destroy, else roll for combat (D13)."""
    tables = state.options.tables
    k = duel.resolving
    while k < len(duel.played):
        entry = duel.played[k]
        effect = tables.effect[entry.card]
        assert effect is not None
        target, _ = _slot(duel, 1 - entry.role)
        assert target is not None
        if effect.aims_at_enemy and tables.a[target] is not None:
            return _at(state, phase=_WARD, duel=_resolving(duel, resolving=k))
        if effect.effect is Effect.DESTROY:
            return _at(state, phase=_DESTROY, duel=_resolving(duel, resolving=k))
        duel = _modify(tables, duel, k)
        k += 1
    return _at(state, phase=_COMBAT, duel=duel)


def _modify(tables: Tables, duel: Duel, k: int) -> Duel:
    """Apply the weaken/strengthen effect of played action `k` for this duel (D11)."""
    entry = duel.played[k]
    effect = tables.effect[entry.card]
    assert effect is not None
    target, target_type = _slot(duel, 1 - entry.role)
    assert target is not None and target_type is not None
    amount = tables.effect_amount(entry.card, target, target_type)
    weaken = effect.effect is Effect.WEAKEN
    change = -amount if weaken else amount
    if (entry.role == ATTACKER) == weaken:  # the defender's card changes
        return _set_status(duel, k, _APPLIED, resolving=k + 1,
                           defense_mod=duel.defense_mod + change)
    return _set_status(duel, k, _APPLIED, resolving=k + 1,
                       attack_mod=duel.attack_mod + change)


def _ward(state: State, value: int) -> State:
    """Resolve a ward-off roll (D11): on the A value or more the action card has no effect."""
    tables = state.options.tables
    duel = state.duel
    k = duel.resolving
    entry = duel.played[k]
    target, _ = _slot(duel, 1 - entry.role)
    a_value = tables.a[target]  # type: ignore[index]  # a committed card
    assert a_value is not None
    if value >= a_value:
        duel = _set_status(duel, k, _WARDED, resolving=k + 1)
        return _resolve(state, duel)
    effect = tables.effect[entry.card]
    assert effect is not None
    if effect.effect is Effect.DESTROY:
        return _at(state, phase=_DESTROY, duel=state.duel)
    duel = _modify(tables, duel, k)
    return _resolve(state, duel)


def _destroy(state: State, value: int) -> State:
    """Resolve a destroy roll (D11): success destroys the opposing card and wins the duel."""
    duel = state.duel
    k = duel.resolving
    entry = duel.played[k]
    effect = state.options.tables.effect[entry.card]
    assert effect is not None
    if value < effect.amount:
        return _resolve(state, _set_status(duel, k, _FAILED, resolving=k + 1))
    # Success: the opposing card is destroyed and the duel won. The duel ends here, and no
    # state holds it after (its action cards leave, `_finish_duel`): what became of this card
    # and of those after it (`APPLIED`, `VOID`) is not recorded.
    return _finish_duel(state, duel, entry.role)


def combat_totals(state: State, attacker_die: int, defender_die: int) -> tuple[int, int]:
    """Return both combat totals (D13): strength against the opposing type + bonuses +
    action modifiers + die."""
    if type(state) is not State:
        raise wrong_game("ren_dhark.combat_totals", "ren_dhark.State", state)
    duel = state.duel
    if None in (duel.attack, duel.attack_type, duel.defense, duel.defense_type):
        raise InvalidArgumentError("combat_totals: no duel has an attacker and a defender now")
    return _totals(state.options.tables, duel, attacker_die, defender_die)


def _totals(tables: Tables, duel: Duel, attacker_die: int, defender_die: int) -> tuple[int, int]:
    """`combat_totals` of `duel`."""
    a, ta, d, td = duel.attack, duel.attack_type, duel.defense, duel.defense_type
    assert a is not None and ta is not None and d is not None and td is not None
    sa, sd = _strengths(tables, a, ta, d, td)
    assert sa is not None and sd is not None
    return sa + duel.attack_mod + attacker_die, sd + duel.defense_mod + defender_die


def _strengths(tables: Tables, a: int, ta: CombatType, d: int,
               td: CombatType) -> tuple[int | None, int | None]:
    """Return the strengths of attacking card `a` (as `ta`) and defending card `d` (as
    `td`) against each other with their card bonuses (D3, D13), None for a ``-``.

    Fixed by the cards alone, so computed once per pairing (a few thousand in a card set)
    and kept by the tables."""
    key = (a, ta, d, td)
    found = tables.strengths.get(key)
    if found is None:
        sa = tables.base_strength(a, td)
        sd = tables.base_strength(d, ta)
        found = tables.strengths[key] = (
            None if sa is None else sa + tables.bonus(a, d, td),
            None if sd is None else sd + tables.bonus(d, a, ta))
    return found


def _combat(state: State, action: CombatRoll) -> State:
    """The higher combat total wins the duel (D13), a tie destroys both cards (D14)."""
    total_a, total_d = _totals(state.options.tables, state.duel, action.attacker,
                               action.defender)
    winner = ATTACKER if total_a > total_d else DEFENDER if total_d > total_a else None
    return _finish_duel(state, state.duel, winner)


def _finish_duel(state: State, duel: Duel, winner: int | None) -> State:
    """End a duel (D14): used action cards leave; a tie destroys both; else a counter-strike
    may follow (D15) or the outcome applies."""
    # `_role_player` and `_slot` written out: a duel ends in most battles.
    attacker = state.attacker
    out = state.out
    for entry in duel.played:
        owner = attacker if entry.role == ATTACKER else 1 - attacker
        out = _pair(out, owner, (*out[owner], entry.card))
    if winner is None:
        a, d = duel.attack, duel.defense
        assert a is not None and d is not None
        out = _pair(out, attacker, (*out[attacker], a))
        out = _pair(out, 1 - attacker, (*out[1 - attacker], d))
        return _end_battle(state, out, state.landed)
    loser = 1 - winner
    if duel.counter or not state.hands[attacker if loser == ATTACKER else 1 - attacker]:
        return _outcome(state, duel, winner, out)
    # The loser may counter-strike (D15): the losing card leaves, the winning card waits
    # face up, keeping its modifiers: they last for the battle (D11), and the
    # counter-strike is a second duel of the same battle.
    a, d = duel.attack, duel.defense
    if loser == ATTACKER:
        assert a is not None
        out = _pair(out, attacker, (*out[attacker], a))
        duel = _defense_waits(NO_DUEL, defense=d, defense_type=duel.defense_type,
                              defense_activated=duel.defense_activated, revealed=True,
                              defense_mod=duel.defense_mod, loser=loser)
    else:
        assert d is not None
        out = _pair(out, 1 - attacker, (*out[1 - attacker], d))
        duel = _attack_waits(NO_DUEL, attack=a, attack_type=duel.attack_type,
                             attack_activated=duel.attack_activated, revealed=True,
                             attack_mod=duel.attack_mod, loser=loser)
    return _duel_over(state, phase=_COUNTER, out=out, duel=duel)


def _counter_declined(state: State) -> State:
    """The loser passes the counter-strike (D15): the duel's outcome applies."""
    loser = state.duel.loser
    assert loser is not None
    return _outcome(state, state.duel, 1 - loser)


def _counter_strike(state: State, action: CounterStrike) -> State:
    """Commit a G card against the winning card (D15); the roles stay as they were."""
    tables = state.options.tables
    card, as_type = tables.index[action.card], action.as_type
    duel = state.duel
    loser = duel.loser
    assert loser is not None
    player = _role_player(state, loser)
    rolls = tables.activation[card] is not None
    # With an activation roll the G card stays face down (ruling 16): the opponent sees
    # the roll, the G mark, an attacker's declared type and that the card may be deployed
    # against the winning card's type; without one it turns face up.
    seen: Seen | None = None
    if rolls:
        seen = ((as_type, True, True, duel.defense_type) if loser == ATTACKER
                else (None, True, True, duel.attack_type))
    shown_n, shown_a, shown_u = _shown_after(state, player, card, seen)
    hands = _hands_without(state.hands, player, card)
    # Face down until its activation roll (D12); without one both cards turn face up at
    # once (D9), so the duel is built revealed, at window step 0 (as `_reveal` sets it).
    revealed, window = (False, duel.window) if rolls else (True, 0)
    if loser == ATTACKER:
        duel = _evolve_duel(duel, counter=True, attack=card, attack_type=as_type,
                            attack_activated=rolls, revealed=revealed, window=window)
    else:
        duel = _evolve_duel(duel, counter=True, defense=card, defense_type=as_type,
                            defense_activated=rolls, revealed=revealed, window=window)
    if rolls:
        return _left_hand(state, phase=_ACTIVATE, hands=hands, duel=duel, shown_nonships=shown_n,
                          shown_actions=shown_a, shown_undeployable=shown_u)
    # Built as the window usually opens now, as `_defend` builds it.
    return _judge(_left_hand(state, phase=_WINDOW, hands=hands, duel=duel, shown_nonships=shown_n,
                             shown_actions=shown_a, shown_undeployable=shown_u), duel)


def _outcome(state: State, duel: Duel, winner: int, out: _Hands | None = None) -> State:
    """Apply a battle's outcome (D14): the attacker's winning card lands, else both leave
    (`out`: the out-of-game piles, the state's by default)."""
    out = state.out if out is None else out
    landed = state.landed
    pa, pd = state.attacker, 1 - state.attacker
    if duel.defense is not None:
        out = _pair(out, pd, (*out[pd], duel.defense))
    if duel.attack is not None:
        if winner == ATTACKER:
            assert duel.attack_type is not None
            landing = _Landing(card=duel.attack, as_type=duel.attack_type)
            landed = _pair(landed, pa, (*landed[pa], landing))
        else:
            out = _pair(out, pa, (*out[pa], duel.attack))
    return _end_battle(state, out, landed)


def _end_battle(state: State, out: _Hands,
                landed: tuple[tuple[Landing, ...], tuple[Landing, ...]]) -> State:
    """Close a battle with these piles and planets: check victory (D18), switch the attacker,
    draw up to 7 (D17); when nobody draws, the next battle begins (D6)."""
    attacker = state.attacker
    if has_won(landed[attacker]):
        return _evolve_state(state, phase=_OVER, landed=landed, out=out, duel=NO_DUEL,
                             winner=attacker)
    attacker = 1 - attacker
    state = _next_battle(state, phase=_DEAL, attacker=attacker, landed=landed, out=out,
                         duel=NO_DUEL, battle=state.battle + 1, skipped=False)
    if _who_draws(attacker, state.mulligans, state.hands, state.decks) is None:
        return _start_battle(state)
    return state


# ---------------------------------------------------------------------------------------
# Results


def scores(state: State) -> tuple[int, int]:
    """Return the number of cards each player has on the enemy planet."""
    if type(state) is not State:
        raise wrong_game("ren_dhark.scores", "ren_dhark.State", state)
    return (len(state.landed[0]), len(state.landed[1]))


def result(state: State) -> Result:
    """Return the cards on the enemy planets as scores, and the winner once the game is over."""
    if type(state) is not State:
        raise wrong_game("ren_dhark.result", "ren_dhark.State", state)
    finished = state.phase is _OVER
    winners: tuple[int, ...] = (state.winner,) if finished and state.winner is not None else ()
    return Result(scores(state), winners, finished)


def returns(state: State) -> tuple[float, ...]:
    """Return 1.0 for the winner, -1.0 for the loser, 0.0 each for a draw or before the end."""
    if type(state) is not State:
        raise wrong_game("ren_dhark.returns", "ren_dhark.State", state)
    if state.phase is not _OVER or state.winner is None:
        return (0.0, 0.0)
    return (1.0, -1.0) if state.winner == 0 else (-1.0, 1.0)


def action_bound(players: int, options: Options) -> int:
    """Return the most actions one game can take.

    Every fought battle moves at least one card out of a hand for good, and two skips in
    a row end the game, so there are at most ``2 * cards + 1`` battles. Each card is drawn
    at most twice (the redraw), committed once and rolls once for activation; a battle has
    at most two duels of 3 window steps, 2 actions × 2 rolls and one combat roll, and one
    counter-strike decision plus one per failed G card (counted with the cards).
    """
    if type(options) is not Options:
        raise wrong_game("ren_dhark.action_bound", "ren_dhark.Options", options)
    cards = sum(len(d) for d in options.tables.decks)
    return 1 + 2 + 2 * cards + 3 * cards + (2 * cards + 1) * (2 * (3 + 4 + 1) + 2)


def inventory(state: State) -> Counter[str]:
    """Return every card counted once wherever it lies (decks, hands, duel, planets, piles)."""
    if type(state) is not State:
        raise wrong_game("ren_dhark.inventory", "ren_dhark.State", state)
    cards = state.options.tables.cards
    out: Counter[str] = Counter()
    for p in (0, 1):
        for zone in (state.decks[p], state.hands[p], state.out[p]):
            for c in zone:
                out[cards[c].label] += 1
        for landing in state.landed[p]:
            out[cards[landing.card].label] += 1
    duel = state.duel
    for slot in (duel.attack, duel.defense):
        if slot is not None:
            out[cards[slot].label] += 1
    for entry in duel.played:
        out[cards[entry.card].label] += 1
    for planet in state.options.tables.planets:
        out[cards[planet].label] += 1
    return out
