"""Ren Dhark observation (D31) and resampling of the hidden information."""

from __future__ import annotations

import random

import attrs

from boardrules._seats import check_player
from boardrules.games.ren_dhark.actions import Action, Attack, CounterStrike, Defend, Draw
from boardrules.games.ren_dhark.cards import CombatType
from boardrules.games.ren_dhark.rules import _drawer, to_move
from boardrules.games.ren_dhark.state import (
    ATTACKER,
    DEFENDER,
    Duel,
    Landing,
    Options,
    Phase,
    Played,
    State,
    Tables,
)

__all__ = ["DuelView", "Observation", "announce", "observe", "resample"]

@attrs.frozen
class DuelView:
    """The current duel as one player sees it: a face-down card shows only what is public."""

    counter: bool
    """Whether this duel is a counter-strike (D15)."""
    attack_committed: bool
    """Whether the attacker has a card committed."""
    attack: int | None
    """The attacker's card, if the viewer may see it (own card, or revealed)."""
    attack_type: CombatType | None
    """The attacker's declared type (public, D7)."""
    attack_activated: bool
    """Whether the attacker's card made an activation roll (public)."""
    defense_committed: bool
    """Whether the defender has a card committed."""
    defense: int | None
    """The defender's card, if the viewer may see it."""
    defense_type: CombatType | None
    """The defender's type, if the viewer may see the card."""
    defense_activated: bool
    """Whether the defender's card made an activation roll (public)."""
    revealed: bool
    """Whether both cards are face up."""
    window: int
    """Action window step (0 attacker, 1 defender, 2 attacker again, 3 closed)."""
    played: tuple[Played, ...]
    """The action cards played, in order, with what became of them (public)."""
    resolving: int
    """Index of the action card being resolved."""
    attack_mod: int
    """Action modifiers on the attacker's card."""
    defense_mod: int
    """Action modifiers on the defender's card."""
    loser: int | None
    """In a counter-strike decision or duel: the role that lost the first duel."""


@attrs.frozen
class Observation:
    """What a player (or a spectator, ``player=None``) may know (D31)."""

    player: int | None
    """The observing player, or ``None`` for a spectator."""
    options: Options
    """The options (the card set is public)."""
    phase: Phase
    """What happens next."""
    blue: int | None
    """The player who plays blue."""
    attacker: int
    """The attacking player of the current battle."""
    hand: tuple[int, ...]
    """The observer's own hand (empty for a spectator)."""
    hand_sizes: tuple[int, int]
    """Cards in each player's hand."""
    deck_sizes: tuple[int, int]
    """Cards in each player's deck."""
    landed: tuple[tuple[Landing, ...], tuple[Landing, ...]]
    """The cards each player has on the enemy planet."""
    out: tuple[tuple[int, ...], tuple[int, ...]]
    """The out-of-game piles."""
    duel: DuelView
    """The current duel as the observer sees it."""
    battle: int
    """Battles begun so far."""
    skipped: bool
    """Whether the last battle was skipped."""
    mulligans: int
    """Players who have decided on a redraw."""
    redrew: tuple[bool, bool]
    """Which players redrew."""
    shown_nonships: tuple[int, int]
    """Cards in each hand known to the opponent to be non-ships."""
    shown_actions: tuple[int, int]
    """Cards in each hand known to the opponent to be action cards."""
    winner: int | None
    """The winner once the game is over."""

    def _repr_svg_(self) -> str:
        """Return the picture of this observation, for Jupyter (see `svg`)."""
        from boardrules.games.ren_dhark.svg import svg

        return svg(self)


def _sees(state: State, player: int | None, role: int) -> bool:
    """Whether `player` may see the committed card of `role`."""
    duel = state.duel
    if duel.revealed or (duel.loser is not None and role != duel.loser):
        return True  # face up, or the card that won the first duel (D15)
    owner = state.attacker if role == ATTACKER else 1 - state.attacker
    return player == owner


def _duel_view(state: State, player: int | None) -> DuelView:
    duel = state.duel
    see_a = _sees(state, player, ATTACKER)
    see_d = _sees(state, player, DEFENDER)
    return DuelView(
        duel.counter, duel.attack is not None, duel.attack if see_a else None, duel.attack_type,
        duel.attack_activated, duel.defense is not None, duel.defense if see_d else None,
        duel.defense_type if see_d else None, duel.defense_activated, duel.revealed,
        duel.window, duel.played, duel.resolving, duel.attack_mod, duel.defense_mod, duel.loser)


def observe(state: State, player: int | None) -> Observation:
    """Return what `player` may know (D31): own hand; the opponent's hand and both decks as
    counts; a face-down committed card shows only its declared type; everything on the
    table, the out-of-game piles and all rolls are public.
    """
    check_player(player, 2)
    hand = () if player is None else state.hands[player]
    return Observation(
        player, state.options, state.phase, state.blue, state.attacker, hand,
        (len(state.hands[0]), len(state.hands[1])), (len(state.decks[0]), len(state.decks[1])),
        state.landed, state.out, _duel_view(state, player), state.battle, state.skipped,
        state.mulligans, state.redrew, state.shown_nonships, state.shown_actions, state.winner)


def _hidden_roles(state: State, player: int) -> list[int]:
    """The roles whose committed card `player` cannot see (the opponent's, face down)."""
    duel = state.duel
    roles = []
    for role, card in ((ATTACKER, duel.attack), (DEFENDER, duel.defense)):
        if card is not None and not _sees(state, player, role):
            roles.append(role)
    return roles


def _eligible(state: State, q: int) -> tuple[bool, ...] | None:
    """Per card, whether it proves `q` could act now: a card to attack with when `q` is asked
    to attack (D6, D7), a combat card when `q` is asked to defend (D8); else None."""
    tables = state.options.tables
    if state.phase is Phase.ATTACK and q == state.attacker:
        landed = any(x.as_type is CombatType.SHIP for x in state.landed[q])
        return tables.is_combat if landed else tables.is_ship
    if state.phase is Phase.DEFEND and q != state.attacker:
        return tables.is_combat
    return None


def _fits(tables: Tables, state: State, role: int, card: int) -> bool:
    """Whether `card` could be the face-down committed card of `role`, given what is public."""
    duel = state.duel
    if not tables.is_combat[card]:
        return False
    activated = duel.attack_activated if role == ATTACKER else duel.defense_activated
    if (tables.activation[card] is not None) != activated:
        return False
    if duel.counter and role == duel.loser and not tables.g[card]:
        return False
    if role == ATTACKER:
        assert duel.attack_type is not None
        return duel.attack_type in tables.cards[card].types
    return True


def announce(state: State, action: Action, observer: int | None) -> str:
    """Return what `observer` (``None``: a spectator) sees of `action` taken in `state`.

    The notation, with ``?`` for what the observer may not know (D31): another player's
    draw (``draw ?``) and a card an opponent commits face down — of an attack only the
    declared type shows (``attack ? as ship``); of a defence nothing (``defend ?``); of a
    counter-strike the attacker's declared type (``counter ? as ship``) or, by the
    defender, nothing (``counter ?``). A defence or counter-strike card without an
    activation roll turns face up at once (D9, ruling 16), so it reads in full.
    """
    check_player(observer, 2)
    kind = type(action)
    if kind is Draw:
        return str(action) if observer == _drawer(state) else "draw ?"
    if kind in (Attack, Defend, CounterStrike) and observer != to_move(state):
        assert isinstance(action, Attack | Defend | CounterStrike)
        if kind is Attack:
            return f"attack ? as {action.as_type.value}"
        tables = state.options.tables
        if tables.activation[tables.index[action.card]] is None:
            return str(action)  # face up at once
        if kind is Defend:
            return "defend ?"
        if state.duel.loser == ATTACKER:
            return f"counter ? as {action.as_type.value}"
        return "counter ?"
    return str(action)


def resample(state: State, player: int, rng: random.Random) -> State:
    """Return a state `player` cannot tell from `state`: the opponent's hand, deck and
    face-down committed card redrawn from the opponent's unseen cards.

    The redraw keeps every public fact: sizes, the declared type and activation roll of a
    face-down card, a G mark for a counter-strike, and what skips showed about the hand.
    """
    check_player(player, 2, spectator=False)
    if state.phase is Phase.SIDES:
        return state
    tables = state.options.tables
    q = 1 - player
    duel = state.duel
    roles = _hidden_roles(state, player)
    hand = state.hands[q]
    # Canonical order: the pool must not depend on how the hidden cards lie (only on what
    # the player knows), so that the same seed gives the same world.
    hidden = [c for r in roles if (c := duel.attack if r == ATTACKER else duel.defense) is not None]
    pool = sorted((*hand, *state.decks[q], *hidden))
    need_actions = state.shown_actions[q]
    need_nonships = state.shown_nonships[q]
    committed: dict[int, int] = {}
    for role in roles:
        actions = sum(tables.is_action[c] for c in pool)
        nonships = sum(not tables.is_ship[c] for c in pool)
        # A card that fits the public facts and leaves enough cards for what skips showed.
        choices = [i for i, c in enumerate(pool) if _fits(tables, state, role, c)
                   and actions - tables.is_action[c] >= need_actions
                   and nonships - (not tables.is_ship[c]) >= need_nonships]
        assert choices, "the true card always qualifies"
        committed[role] = pool.pop(choices[rng.randrange(len(choices))])
    new_hand: list[int] = []
    # Being asked to attack (defend) shows the hand holds a card to attack (defend) with.
    eligible = _eligible(state, q)
    if eligible is not None:
        # The card, the known action cards and the known non-ships must fit in the hand.
        choices = [i for i, c in enumerate(pool) if eligible[c]
                   and 1 + max(need_actions - tables.is_action[c],
                               need_nonships - (not tables.is_ship[c])) <= len(hand)]
        assert choices, "the true hand always qualifies"
        card = pool.pop(choices[rng.randrange(len(choices))])
        new_hand.append(card)
        if tables.is_action[card]:
            need_actions -= 1
        if not tables.is_ship[card]:
            need_nonships -= 1
    for count, is_action in ((need_actions, True), (need_nonships - need_actions, False)):
        if count > 0:
            indices = [i for i, c in enumerate(pool)
                       if (tables.is_action[c] if is_action else not tables.is_ship[c])]
            for i in sorted(rng.sample(indices, count), reverse=True):
                new_hand.append(pool.pop(i))
    for i in sorted(rng.sample(range(len(pool)), len(hand) - len(new_hand)), reverse=True):
        new_hand.append(pool.pop(i))
    return _rebuild(state, q, new_hand, pool, committed=committed, rng=rng)


def _rebuild(state: State, q: int, new_hand: list[int], rest: list[int], *,
             committed: dict[int, int], rng: random.Random) -> State:
    """Assemble the resampled state: the new hand, the committed card, the rest as the deck."""
    deck = tuple(sorted(rest))
    hands = (tuple(sorted(new_hand)), state.hands[1]) if q == 0 else (state.hands[0],
                                                                      tuple(sorted(new_hand)))
    decks = (deck, state.decks[1]) if q == 0 else (state.decks[0], deck)
    duel: Duel = state.duel
    tables = state.options.tables
    for role, card in committed.items():
        if role == ATTACKER:
            duel = attrs.evolve(duel, attack=card)
        else:
            types = tables.cards[card].types  # the defender's type is hidden too
            as_type = types[rng.randrange(len(types))]
            duel = attrs.evolve(duel, defense=card, defense_type=as_type)
    return attrs.evolve(state, hands=hands, decks=decks, duel=duel)
