"""Ren Dhark observation (D31) and resampling of the hidden information."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Final

import attrs

from boardrules._owners import wrong_game
from boardrules._seats import check_player
from boardrules.games.ren_dhark.actions import Action, Attack, CounterStrike, Defend, Draw
from boardrules.games.ren_dhark.cards import COMBAT_TYPES, CombatType
from boardrules.games.ren_dhark.rules import _drawer, _evolve_duel, _evolve_state, to_move
from boardrules.games.ren_dhark.state import (
    ATTACKER,
    DEFENDER,
    TYPE_INDEX,
    UNDEPLOYABLE,
    Duel,
    Landing,
    Options,
    Phase,
    Played,
    State,
    Tables,
)
from boardrules.registry import picture

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
    shown_undeployable: tuple[tuple[int, int, int], tuple[int, int, int]]
    """Cards in each hand known to the opponent not to be deployable against each type."""
    winner: int | None
    """The winner once the game is over."""

    def _repr_svg_(self) -> str:
        """Return the picture of this observation, for Jupyter (see `svg`)."""
        return picture(self)


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
    if type(state) is not State:
        raise wrong_game("ren_dhark.observe", "ren_dhark.State", state)
    check_player(player, 2)
    hand = () if player is None else state.hands[player]
    return Observation(
        player, state.options, state.phase, state.blue, state.attacker, hand,
        (len(state.hands[0]), len(state.hands[1])), (len(state.decks[0]), len(state.decks[1])),
        state.landed, state.out, _duel_view(state, player), state.battle, state.skipped,
        state.mulligans, state.redrew, state.shown_nonships, state.shown_actions,
        state.shown_undeployable, state.winner)


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
    to attack (D6, D7), a card deployable against the declared type when `q` is asked to
    defend (D8); else None."""
    tables = state.options.tables
    if state.phase is Phase.ATTACK and q == state.attacker:
        landed = any(x.as_type is CombatType.SHIP for x in state.landed[q])
        return tables.is_combat if landed else tables.is_ship
    if state.phase is Phase.DEFEND and q != state.attacker:
        assert state.duel.attack_type is not None
        return tables.deployable[TYPE_INDEX[state.duel.attack_type]]
    return None


def _fits(tables: Tables, state: State, role: int, card: int) -> bool:
    """Whether `card` could be the face-down committed card of `role`, given what is public:
    the activation roll, a counter-strike's G mark, the attacker's declared type, and for a
    card committed against a known type that it may be deployed against it (D8, D15)."""
    duel = state.duel
    if not tables.is_combat[card]:
        return False
    activated = duel.attack_activated if role == ATTACKER else duel.defense_activated
    if (tables.activation[card] is not None) != activated:
        return False
    counter = duel.counter and role == duel.loser
    if counter and not tables.g[card]:
        return False
    if role == ATTACKER:
        assert duel.attack_type is not None
        if duel.attack_type not in tables.cards[card].types:
            return False
        if not counter:
            return True  # the attacker commits blind
        against = duel.defense_type
    else:
        against = duel.attack_type
    assert against is not None
    return tables.deployable[TYPE_INDEX[against]][card]


def announce(state: State, action: Action, observer: int | None) -> str:
    """Return what `observer` (``None``: a spectator) sees of `action` taken in `state`.

    The notation, with ``?`` for what the observer may not know (D31): another player's
    draw (``draw ?``) and a card an opponent commits face down — of an attack only the
    declared type shows (``attack ? as ship``); of a defence nothing (``defend ?``); of a
    counter-strike the attacker's declared type (``counter ? as ship``) or, by the
    defender, nothing (``counter ?``). A defence or counter-strike card without an
    activation roll turns face up at once (D9, ruling 16), so it reads in full.
    """
    if type(state) is not State:
        raise wrong_game("ren_dhark.announce", "ren_dhark.State", state)
    if not isinstance(action, Action):
        raise wrong_game("ren_dhark.announce action", "ren_dhark action", action)
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
    face-down card, a G mark for a counter-strike, that a defence or a counter-strike may
    be deployed against the type it meets, what skips and missing defences showed about
    the hand (`State.shown_nonships`, `State.shown_actions`, `State.shown_undeployable`),
    and that a player asked to attack or defend holds a card to do it with. Every world
    that keeps them is equally likely, unless they are so narrow that a few uniform draws
    all miss: then one is built card by card, each card drawn among those that leave a
    fitting world.
    """
    if type(state) is not State:
        raise wrong_game("ren_dhark.resample", "ren_dhark.State", state)
    check_player(player, 2, spectator=False)
    if state.phase is Phase.SIDES:
        return state
    tables = state.options.tables
    q = 1 - player
    duel = state.duel
    roles = _hidden_roles(state, player)
    size = len(state.hands[q])
    # Canonical order: the pool must not depend on how the hidden cards lie (only on what
    # the player knows), so that the same seed gives the same world.
    hidden = [c for r in roles if (c := duel.attack if r == ATTACKER else duel.defense) is not None]
    pool = sorted((*state.hands[q], *state.decks[q], *hidden))
    # What the hand must hold: at least need[b] cards whose knowledge mask has bit b.
    kinds = tables.kinds
    need: tuple[int, ...] = (state.shown_nonships[q], state.shown_actions[q],
                             *state.shown_undeployable[q])
    known = any(need)
    # Being asked to attack (defend) shows the hand holds a card to attack (defend) with.
    eligible = _eligible(state, q)
    # As a rule, a world drawn uniformly fits: draw until one does (every world that fits
    # the facts is then equally likely); when the facts are narrow, build one.
    for _ in range(_TRIES):
        rest = pool.copy()
        committed = _draw_committed(state, roles, rest, rng)
        assert committed is not None, "the true card always qualifies"
        picks = sorted(rng.sample(range(len(rest)), size), reverse=True)
        new_hand = [rest.pop(i) for i in picks]
        if ((eligible is None or any(map(eligible.__getitem__, new_hand)))
                and (not known or all(sum(kinds[c] >> b & 1 for c in new_hand) >= n
                                      for b, n in enumerate(need)))):
            return _rebuild(state, q, new_hand, rest, committed, rng=rng)
    world = fitting_world(state, q, roles, pool, size, rng=rng)
    assert world is not None, "the true hand always qualifies"
    return _rebuild(state, q, *world, rng=rng)


def fitting_world(state: State, q: int, roles: list[int], pool: list[int], size: int, *,
                  rng: random.Random | None) -> tuple[list[int], list[int], dict[int, int]] | None:
    """Deal `pool`, player `q`'s unseen cards, into a hand of `size` cards, a face-down
    committed card for each of `roles` and the deck, keeping every public fact; or None if
    no deal keeps them.

    Built card by card, each card chosen among those that leave a fitting world: at random
    with `rng` (for `resample`), else the first (a canonical deal, for checking an
    observation). `pool` is consumed. Returns the hand, the deck and the committed cards
    by role.
    """
    tables = state.options.tables
    kinds = tables.kinds
    need: tuple[int, ...] = (state.shown_nonships[q], state.shown_actions[q],
                             *state.shown_undeployable[q])
    eligible = _eligible(state, q)
    if eligible is not None:
        kinds = tuple(k | eligible[c] << _ELIGIBLE for c, k in enumerate(kinds))
        need = (*need, 1)
    committed = _draw_committed(state, roles, pool, rng, hand=(kinds, need, size))
    if committed is None or (any(need) and not _coverable(Counter(kinds[c] for c in pool),
                                                          need, size)):
        return None
    new_hand: list[int] = []
    while any(need):
        # One card at a time, each chosen among those that leave the rest coverable.
        choices = _leaving_a_hand(pool, range(len(pool)), kinds, need, size - len(new_hand),
                                  taken=True)
        card = pool.pop(choices[_pick(rng, len(choices))])
        new_hand.append(card)
        need = tuple(max(0, n - (kinds[card] >> b & 1)) for b, n in enumerate(need))
    extra = range(size - len(new_hand)) if rng is None else rng.sample(range(len(pool)),
                                                                       size - len(new_hand))
    for i in sorted(extra, reverse=True):
        new_hand.append(pool.pop(i))
    return new_hand, pool, committed


def _pick(rng: random.Random | None, choices: int) -> int:
    """Return the index of one of `choices` options: drawn with `rng`, else the first."""
    return 0 if rng is None else rng.randrange(choices)


_ELIGIBLE: Final = UNDEPLOYABLE + len(COMBAT_TYPES)
"""Bit of a knowledge mask in `resample`: the card proves the player could act now."""
_TRIES: Final = 24
"""Uniform draws `resample` makes before it builds a world that fits narrow facts."""


def _draw_committed(state: State, roles: list[int], pool: list[int],
                    rng: random.Random | None, *,
                    hand: tuple[Sequence[int], tuple[int, ...], int] | None = None,
                    ) -> dict[int, int] | None:
    """Take from `pool` (in place) a face-down committed card for each of `roles`, one that
    fits the public facts; with `hand` (knowledge masks, need, size: see `resample`), only
    one that leaves a hand fitting them too. Drawn with `rng`, else the first that fits;
    None if no card fits."""
    tables = state.options.tables
    committed: dict[int, int] = {}
    for role in roles:
        choices = [i for i, c in enumerate(pool) if _fits(tables, state, role, c)]
        if hand is not None:
            choices = _leaving_a_hand(pool, choices, *hand)
        if not choices:
            return None
        committed[role] = pool.pop(choices[_pick(rng, len(choices))])
    return committed


def _leaving_a_hand(pool: list[int], candidates: Iterable[int], kinds: Sequence[int],
                    need: tuple[int, ...], size: int, *, taken: bool = False) -> list[int]:
    """Return the `candidates` (indices into `pool`) whose removal from the pool leaves a
    hand of `size` cards holding at least ``need[b]`` cards with bit b in their knowledge
    mask for every b; with `taken`, the removed card goes into that hand (one of `size`)."""
    counts = Counter(kinds[c] for c in pool)
    verdict: dict[int, bool] = {}
    choices = []
    for i in candidates:
        mask = kinds[pool[i]]
        ok = verdict.get(mask)
        if ok is None:
            counts[mask] -= 1
            if taken:
                rest = tuple(max(0, n - (mask >> b & 1)) for b, n in enumerate(need))
                ok = _coverable(counts, rest, size - 1)
            else:
                ok = _coverable(counts, need, size)
            counts[mask] += 1
            verdict[mask] = ok
        if ok:
            choices.append(i)
    return choices


def _coverable(counts: Counter[int], need: tuple[int, ...], slots: int) -> bool:
    """Whether at most `slots` cards, drawn from `counts` (cards per knowledge mask), hold at
    least ``need[b]`` cards with bit b for every b (the other slots take any cards)."""
    wanted = sum(1 << b for b, n in enumerate(need) if n)
    if not wanted:
        return True
    items = tuple(sorted((mask, n) for mask, n in counts.items() if n > 0 and mask & wanted))
    return _cover(items, need, slots, {})


def _cover(items: tuple[tuple[int, int], ...], need: tuple[int, ...], slots: int,
           memo: dict[tuple[int, tuple[int, ...], int], bool]) -> bool:
    """`_coverable` over `items` (mask, count), trying the most useful counts first."""
    if not any(need):
        return True
    if not items or max(need) > slots:
        return False
    key = (len(items), need, slots)
    known = memo.get(key)
    if known is not None:
        return known
    (mask, count), rest = items[0], items[1:]
    useful = max((n for b, n in enumerate(need) if mask >> b & 1), default=0)
    found = False
    for k in range(min(count, useful, slots), -1, -1):
        fewer = tuple(max(0, n - k) if mask >> b & 1 else n for b, n in enumerate(need))
        if _cover(rest, fewer, slots - k, memo):
            found = True
            break
    memo[key] = found
    return found


def _rebuild(state: State, q: int, new_hand: list[int], rest: list[int],
             committed: dict[int, int], *, rng: random.Random) -> State:
    """Assemble the resampled state: the new hand, the committed card, the rest as the deck."""
    deck = tuple(sorted(rest))
    hands = (tuple(sorted(new_hand)), state.hands[1]) if q == 0 else (state.hands[0],
                                                                      tuple(sorted(new_hand)))
    decks = (deck, state.decks[1]) if q == 0 else (state.decks[0], deck)
    duel: Duel = state.duel
    tables = state.options.tables
    # The rules' fast constructors, not attrs.evolve (bots resample at every iteration).
    for role, card in committed.items():
        if role == ATTACKER:
            duel = _evolve_duel(duel, attack=card)
        else:
            types = tables.cards[card].types  # the defender's type is hidden too
            as_type = types[rng.randrange(len(types))]
            duel = _evolve_duel(duel, defense=card, defense_type=as_type)
    return _evolve_state(state, hands=hands, decks=decks, duel=duel)
