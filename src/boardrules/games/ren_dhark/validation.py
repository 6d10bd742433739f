"""Validation of Ren Dhark states and observations loaded from untrusted data."""

from __future__ import annotations

from collections import Counter
from typing import Final, NoReturn

import attrs

from boardrules._observations import check_count, check_witness, refuse, remainder, seat
from boardrules._owners import describe
from boardrules.errors import InvalidStateError
from boardrules.games.ren_dhark.cards import COMBAT_TYPES, CombatType, Effect
from boardrules.games.ren_dhark.observe import Observation, fitting_world, observe
from boardrules.games.ren_dhark.rules import (
    _attack_options,
    _can_attack_with,
    _drawer,
    _playable_against,
    _strengths,
    has_won,
)
from boardrules.games.ren_dhark.state import (
    ATTACKER,
    DEFENDER,
    HAND_SIZE,
    NO_DUEL,
    TYPE_INDEX,
    Duel,
    Phase,
    State,
    Status,
)

__all__ = ["validate_observation", "validate_state"]


def _fail(problem: str) -> NoReturn:
    raise InvalidStateError(f"state: {problem}")


def validate_state(state: State) -> None:
    """Raise `InvalidStateError` naming the first problem unless `state` is possible.

    Checks card indices and zones, card conservation per player (deck, hand, committed,
    played, planet and out-of-game pile hold exactly the player's deck), hand limits,
    whose turn (the attacker alternates from blue, D17), the duel against the phase, the
    landings (D7), a skip (D6), the victory and end conditions, and the public knowledge of
    hands.
    """
    if not isinstance(state, State):
        raise InvalidStateError(f"state: expected a ren_dhark.State, got {describe(state)}")
    tables = state.options.tables
    n = len(tables.cards)
    for name in ("hands", "decks", "landed", "out", "redrew", "shown_nonships", "shown_actions",
                 "shown_undeployable"):
        if len(getattr(state, name)) != 2:
            _fail(f"{name}: expected one entry per player")
    if any(len(counts) != len(COMBAT_TYPES) for counts in state.shown_undeployable):
        _fail("shown_undeployable: expected one count per type (ship, person, unit)")
    for p in (0, 1):
        for zone in ("hands", "decks", "out"):
            cards = getattr(state, zone)[p]
            for c in cards:
                if not 0 <= c < n:
                    _fail(f"{zone}[{p}]: no card with index {c}")
                if c in tables.planets:
                    _fail(f"{zone}[{p}]: a planet card never leaves the table")
            if zone != "out" and list(cards) != sorted(cards):
                _fail(f"{zone}[{p}]: cards must be in ascending order")
        if len(state.hands[p]) > HAND_SIZE:
            _fail(f"hands[{p}]: {len(state.hands[p])} cards, more than {HAND_SIZE} (D17)")
        for k, landing in enumerate(state.landed[p]):
            if not 0 <= landing.card < n or not tables.is_combat[landing.card]:
                _fail(f"landed[{p}][{k}]: not a combat card")
            if landing.as_type not in tables.cards[landing.card].types:
                _fail(f"landed[{p}][{k}]: {tables.cards[landing.card].label} cannot fight as "
                      f"{landing.as_type.value}")
        if state.landed[p] and state.landed[p][0].as_type is not CombatType.SHIP:
            _fail(f"landed[{p}]: the first card to land must be a ship (D7)")
    duel = state.duel
    for label, card in (("attack", duel.attack), ("defense", duel.defense)):
        if card is not None and (not 0 <= card < n or not tables.is_combat[card]):
            _fail(f"duel.{label}: not a combat card")
    for k, entry in enumerate(duel.played):
        if not 0 <= entry.card < n or not tables.is_action[entry.card]:
            _fail(f"duel.played[{k}]: not an action card")
        if entry.role not in (ATTACKER, DEFENDER):
            _fail(f"duel.played[{k}].role: expected 0 or 1")
    if state.blue is None:
        _validate_before_sides(state)
        return
    if state.blue not in (0, 1):
        _fail(f"blue: expected 0, 1 or null, got {state.blue}")
    if state.attacker not in (0, 1):
        _fail(f"attacker: expected 0 or 1, got {state.attacker}")
    if state.battle < 0:
        _fail("battle: negative")
    if state.attacker != (state.blue if state.battle % 2 == 0 else 1 - state.blue):
        _fail(f"attacker: in battle {state.battle} player "
              f"{state.blue if state.battle % 2 == 0 else 1 - state.blue} attacks (blue "
              "attacks first and the attacker alternates, D17)")
    _validate_conservation(state)
    _validate_duel(state)
    _validate_setup(state)
    _validate_knowledge(state)
    _validate_skip(state)
    _validate_end(state)


def _validate_before_sides(state: State) -> None:
    tables = state.options.tables
    empty = ((), ())
    if (state.phase is not Phase.SIDES or state.decks != tables.decks or state.hands != empty
            or state.landed != empty or state.out != empty or state.duel != NO_DUEL
            or state.battle or state.mulligans or state.winner is not None
            or state.attacker != 0 or state.skipped or any(state.redrew)
            or any(state.shown_nonships) or any(state.shown_actions)
            or any(map(any, state.shown_undeployable))):
        _fail("before sides are drawn (blue is null) the phase is 'sides', the decks are "
              "the blue and the red deck and nothing else has happened (D4)")


def _validate_conservation(state: State) -> None:
    tables = state.options.tables
    assert state.blue is not None
    duel = state.duel
    for p in (0, 1):
        side = 0 if p == state.blue else 1
        held: Counter[int] = Counter(state.decks[p])
        held.update(state.hands[p])
        held.update(state.out[p])
        held.update(landing.card for landing in state.landed[p])
        role = ATTACKER if p == state.attacker else DEFENDER
        slot = duel.attack if role == ATTACKER else duel.defense
        if slot is not None:
            held[slot] += 1
        held.update(entry.card for entry in duel.played if entry.role == role)
        expected = Counter(tables.decks[side])
        if held != expected:
            extra = sorted(tables.cards[c].label for c in (held - expected).elements())
            missing = sorted(tables.cards[c].label for c in (expected - held).elements())
            _fail(f"cards of player {p}: {len(extra)} extra ({', '.join(extra)}) and "
                  f"{len(missing)} missing ({', '.join(missing)}) against the player's deck "
                  "(card conservation)")


def _validate_duel(state: State) -> None:  # noqa: PLR0915 - one check per phase
    tables = state.options.tables
    duel = state.duel
    phase = state.phase
    idle = (Phase.DEAL, Phase.MULLIGAN, Phase.ATTACK, Phase.OVER)
    if phase in idle:
        if duel != NO_DUEL:
            _fail(f"duel: no card is committed in phase {phase.value!r}")
        if phase is Phase.ATTACK and not _attack_options(state, state.attacker):
            _fail("phase 'attack': the attacker has no card to attack with, so the battle "
                  "is skipped (D6)")
        return
    if phase is Phase.SIDES:
        _fail("phase: sides are drawn only while blue is null")
    if duel.attack is None and phase is not Phase.COUNTER:
        _fail(f"duel.attack: the attacker has committed a card in phase {phase.value!r}")
    for role, card, as_type, activated in (
            (ATTACKER, duel.attack, duel.attack_type, duel.attack_activated),
            (DEFENDER, duel.defense, duel.defense_type, duel.defense_activated)):
        if (card is None) != (as_type is None):
            _fail(f"duel: the {'attack' if role == ATTACKER else 'defense'} card and its type "
                  "go together")
        if card is None:
            if activated:
                _fail("duel: an activation roll without a card")
            continue
        assert as_type is not None
        if as_type not in tables.cards[card].types:
            _fail(f"duel: {tables.cards[card].label} cannot fight as {as_type.value}")
        if activated != (tables.activation[card] is not None):
            _fail(f"duel: {tables.cards[card].label} makes an activation roll exactly when it "
                  "has an activation value (D12)")
        if duel.counter and role == duel.loser and not tables.g[card]:
            _fail(f"duel: {tables.cards[card].label} has no G mark to counter-strike (D15)")
    _validate_deployed(state)
    attacker_landed = any(x.as_type is CombatType.SHIP for x in state.landed[state.attacker])
    if (duel.attack is not None and not attacker_landed
            and duel.attack_type is not CombatType.SHIP):
        _fail("duel.attack_type: before a ship has landed only ships may attack (D7)")
    roles = [entry.role for entry in duel.played]
    if len(set(roles)) != len(roles):
        _fail("duel.played: at most one action card per combat card in a duel (D10)")
    if not 0 <= duel.window <= 3:
        _fail("duel.window: expected 0-3")
    if duel.counter and duel.loser is None:
        _fail("duel.loser: a counter-strike duel names the role that lost")
    if duel.loser is not None:
        if duel.loser not in (ATTACKER, DEFENDER):
            _fail("duel.loser: expected 0, 1 or null")
        if not duel.counter and phase is not Phase.COUNTER:
            _fail("duel.loser: only a counter-strike decision or duel has a loser (D15)")
    if not duel.revealed and duel.window:
        _fail("duel.window: the action window opens at the reveal (D10)")
    if not 0 <= duel.resolving <= len(duel.played):
        _fail("duel.resolving: out of range")
    if duel.played and (duel.attack is None or duel.defense is None):
        _fail("duel.played: action cards are added to two committed combat cards (D10)")
    for k, entry in enumerate(duel.played):
        pending = entry.status is Status.PENDING
        if pending != (k >= duel.resolving):
            _fail(f"duel.played[{k}]: the action cards before 'resolving' are resolved, the "
                  "others pending")
        if entry.status is Status.VOID:
            _fail(f"duel.played[{k}]: a void action card left with its duel")
        effect = tables.effect[entry.card]
        assert effect is not None
        if entry.status is Status.FAILED and effect.effect is not Effect.DESTROY:
            _fail(f"duel.played[{k}]: only a destroy effect can fail")
        if entry.status is Status.APPLIED and effect.effect is Effect.DESTROY:
            _fail(f"duel.played[{k}]: a successful destroy effect ends the duel")
        if entry.status is Status.WARDED and tables.a[_target(state, entry.role)] is None:
            _fail(f"duel.played[{k}]: the opposing card has no A value to ward it off")
    if duel.played and not duel.revealed:
        _fail("duel.played: action cards are played after the reveal (D10)")
    for k, entry in enumerate(duel.played):
        target = _target(state, entry.role)
        target_type = duel.defense_type if entry.role == ATTACKER else duel.attack_type
        assert target_type is not None
        if not _playable_against(tables, entry.card, entry.role, target, target_type):
            _fail(f"duel.played[{k}]: {tables.cards[entry.card].label} cannot be played "
                  f"against {tables.cards[target].label} (D3)")
    _validate_modifiers(state)
    if phase is Phase.ACTIVATE:
        if duel.revealed or duel.played:
            _fail("phase 'activate': the activation roll comes right after committing (D12)")
        rolling = (duel.loser if duel.counter
                   else ATTACKER if duel.defense is None else DEFENDER)
        card = duel.attack if rolling == ATTACKER else duel.defense
        if card is None or tables.activation[card] is None:
            _fail("phase 'activate': the card just committed has no activation roll")
    elif phase is Phase.DEFEND:
        if duel.defense is not None or duel.revealed or duel.counter or duel.played:
            _fail("phase 'defend': only the attacker's card is committed")
        assert duel.attack_type is not None
        deployable = tables.deployable[TYPE_INDEX[duel.attack_type]]
        if not any(deployable[c] for c in state.hands[1 - state.attacker]):
            _fail("phase 'defend': the defender has no card that may be deployed against "
                  f"a {duel.attack_type.value}, so the attacking card wins unopposed (D8)")
    elif phase is Phase.COUNTER:
        if duel.counter or duel.loser is None or duel.played or not duel.revealed:
            _fail("phase 'counter': the first duel is over and its loser decides (D15)")
        if not state.hands[state.attacker if duel.loser == ATTACKER else 1 - state.attacker]:
            _fail("phase 'counter': a loser with an empty hand is not asked (D15)")
        winner_card = duel.defense if duel.loser == ATTACKER else duel.attack
        loser_card = duel.attack if duel.loser == ATTACKER else duel.defense
        if winner_card is None or loser_card is not None:
            _fail("phase 'counter': the winning card waits, the losing card has left")
        loser_mod = duel.attack_mod if duel.loser == ATTACKER else duel.defense_mod
        if duel.window or loser_mod:
            _fail("phase 'counter': the counter-striking side has no window step or "
                  "modifier yet")
    else:
        if not duel.revealed or duel.defense is None:
            _fail(f"phase {phase.value!r}: both cards are face up")
        assert duel.attack is not None and duel.attack_type is not None
        assert duel.defense_type is not None
        if None in _strengths(tables, duel.attack, duel.attack_type, duel.defense,
                              duel.defense_type):
            _fail(f"phase {phase.value!r}: a card with '-' against the other card's type "
                  "loses at the reveal, so the duel is over (D9)")
        if phase is Phase.WINDOW:
            if duel.window == 3:
                _fail("phase 'window': the window is open (duel.window 0-2)")
            if duel.resolving:
                _fail("phase 'window': nothing resolves before the window closes")
            if roles not in _WINDOW_PLAYED[duel.window]:
                _fail(f"phase 'window': at step {duel.window} the action cards played so far "
                      "do not fit (step 2 comes exactly when only the defender has played, "
                      "D10)")
            role = DEFENDER if duel.window == 1 else ATTACKER
            player = state.attacker if role == ATTACKER else 1 - state.attacker
            if not state.hands[player]:
                _fail("phase 'window': a player with an empty hand passes at once")
            if role in roles:
                _fail("phase 'window': that player has played an action card already")
        else:
            if duel.window != 3:
                _fail(f"phase {phase.value!r}: the action window is closed (duel.window 3)")
            if phase is Phase.COMBAT and duel.resolving != len(duel.played):
                _fail("phase 'combat': every action card is resolved first (D11)")
            if phase in (Phase.WARD, Phase.DESTROY):
                if duel.resolving >= len(duel.played):
                    _fail(f"phase {phase.value!r}: an action card is being resolved")
                entry = duel.played[duel.resolving]
                effect = tables.effect[entry.card]
                assert effect is not None
                if phase is Phase.WARD and (not effect.aims_at_enemy
                                            or tables.a[_target(state, entry.role)] is None):
                    _fail("phase 'ward': the action aims at a card with an A value (D11)")
                if phase is Phase.DESTROY and effect.effect is not Effect.DESTROY:
                    _fail("phase 'destroy': the action being resolved destroys")


def _validate_deployed(state: State) -> None:
    """The card committed against a known type — the defender's (D8), a counter-strike's
    G card (D15) — may be deployed against it: no ``-`` unless option
    `Options.dash_cards_deployable` allows it."""
    duel = state.duel
    role = duel.loser if duel.counter else DEFENDER
    card = duel.attack if role == ATTACKER else duel.defense
    against = duel.defense_type if role == ATTACKER else duel.attack_type
    if card is None or against is None:
        return
    if not state.options.tables.deployable[TYPE_INDEX[against]][card]:
        label = state.options.tables.cards[card].label
        _fail(f"duel: {label} has '-' against a {against.value}, so it cannot be deployed "
              f"against the {against.value} (" + ("D15" if duel.counter else "D8") + "; "
              "option dash_cards_deployable allows it)")


_WINDOW_PLAYED: Final = {0: ([],), 1: ([], [ATTACKER]), 2: ([DEFENDER],)}
"""The roles that have played an action card while the window waits at each step (D10):
step 1 follows the attacker's choice, step 2 comes only when the defender played and the
attacker had passed."""


def _validate_modifiers(state: State) -> None:
    """The modifiers are those of the applied action cards (D11); in a counter-strike duel
    the winning card keeps those of the first duel too (ruling 15), so only the G card's
    side is recomputed."""
    tables = state.options.tables
    duel = state.duel
    mods = [0, 0]
    for entry in duel.played:
        effect = tables.effect[entry.card]
        assert effect is not None
        if entry.status is not Status.APPLIED or effect.effect is Effect.DESTROY:
            continue
        target = _target(state, entry.role)
        target_type = duel.defense_type if entry.role == ATTACKER else duel.attack_type
        assert target_type is not None
        amount = tables.effect_amount(entry.card, target, target_type)
        if effect.effect is Effect.WEAKEN:
            mods[1 - entry.role] -= amount
        else:
            mods[entry.role] += amount
    if state.phase is Phase.COUNTER:
        return  # checked there: no modifier on the counter-striking side yet
    roles: tuple[int, ...] = (ATTACKER, DEFENDER)
    if duel.counter:
        assert duel.loser is not None
        roles = (duel.loser,)
    for role in roles:
        actual = duel.attack_mod if role == ATTACKER else duel.defense_mod
        if actual != mods[role]:
            _fail(f"duel.{'attack' if role == ATTACKER else 'defense'}_mod: {actual}, but the "
                  f"applied action cards give {mods[role]} (D11)")


def _target(state: State, role: int) -> int:
    card = state.duel.defense if role == ATTACKER else state.duel.attack
    assert card is not None
    return card


def _validate_setup(state: State) -> None:
    if not 0 <= state.mulligans <= 2:
        _fail("mulligans: expected 0-2")
    if state.mulligans < 2:
        if state.battle or any(state.landed) or any(state.out) or state.skipped:
            _fail("mulligans: the battles start after both players decided on a redraw (D5)")
        if state.phase not in (Phase.DEAL, Phase.MULLIGAN):
            _fail(f"phase {state.phase.value!r}: opening hands are still being dealt or decided")
        if (any(state.shown_nonships) or any(state.shown_actions)
                or any(map(any, state.shown_undeployable))):
            _fail("shown_nonships, shown_actions, shown_undeployable: nothing of a hand is "
                  "shown before the battles start (only a skip or a missing defence shows it, "
                  "D6, D8)")
        assert state.blue is not None
        decided = (state.blue, 1 - state.blue)[:state.mulligans]
        for p in (0, 1):
            if state.redrew[p] and p not in decided:
                _fail(f"redrew[{p}]: the player has not decided yet")
        if state.phase is Phase.MULLIGAN and _drawer(state) is not None:
            _fail("phase 'mulligan': opening hands are dealt in full first")
    elif state.phase is Phase.MULLIGAN:
        _fail("phase 'mulligan': both players have decided (mulligans is 2)")
    if state.phase is Phase.DEAL and _drawer(state) is None:
        _fail("phase 'deal': nobody needs to draw")


def _validate_knowledge(state: State) -> None:
    tables = state.options.tables
    for p in (0, 1):
        hand = state.hands[p]
        nonships = sum(1 for c in hand if not tables.is_ship[c])
        actions = sum(1 for c in hand if tables.is_action[c])
        if not 0 <= state.shown_nonships[p] <= nonships:
            _fail(f"shown_nonships[{p}]: the opponent cannot know {state.shown_nonships[p]} "
                  f"non-ships in a hand holding {nonships}")
        if not 0 <= state.shown_actions[p] <= actions:
            _fail(f"shown_actions[{p}]: the opponent cannot know {state.shown_actions[p]} "
                  f"action cards in a hand holding {actions}")
        for t, (known, deployable) in enumerate(zip(state.shown_undeployable[p],
                                                    tables.deployable, strict=True)):
            undeployable = sum(1 for c in hand if not deployable[c])
            if not 0 <= known <= undeployable:
                _fail(f"shown_undeployable[{p}][{t}]: the opponent cannot know {known} cards "
                      f"that cannot be deployed against a {COMBAT_TYPES[t].value} in a hand "
                      f"holding {undeployable}")
        if state.redrew[p] and state.mulligans == 0:
            _fail(f"redrew[{p}]: nobody has decided on a redraw yet")


def _validate_skip(state: State) -> None:
    """A skip (D6) leaves its mark: the skipping player's hand, unchanged since but for
    cards committed or played, holds no card to attack with, and the opponent knows it."""
    if not state.skipped:
        return
    if state.phase is Phase.DEAL or not state.battle:
        _fail("skipped: nobody draws after a skip, and a skip needs a battle before this one "
              "(D6)")
    tables = state.options.tables
    skippers = [1 - state.attacker]
    if state.phase is Phase.OVER and not any(has_won(landed) for landed in state.landed):
        skippers.append(state.attacker)  # two skips in a row ended the game (D22)
    for p in skippers:
        hand = state.hands[p]
        landed_ship = any(x.as_type is CombatType.SHIP for x in state.landed[p])
        if (_can_attack_with(tables, state.landed[p], hand)
                or state.shown_nonships[p] != len(hand)
                or (landed_ship and state.shown_actions[p] != len(hand))):
            _fail(f"skipped: player {p} skipped, so the hand holds no card to attack with and "
                  "the opponent knows it (D6, ruling 11)")


def _validate_end(state: State) -> None:
    won = [has_won(state.landed[p]) for p in (0, 1)]
    if state.phase is not Phase.OVER:
        if any(won):
            _fail("landed: a player has enough cards on the enemy planet to have won (D18)")
        if state.winner is not None:
            _fail("winner: the game is not over")
        return
    if state.winner is not None and state.winner not in (0, 1):
        _fail("winner: expected 0, 1 or null")
    if any(won):
        if sum(won) > 1 or state.winner is None or not won[state.winner]:
            _fail("winner: the player who completed a D18 victory wins")
        return
    a, b = len(state.landed[0]), len(state.landed[1])
    expected = 0 if a > b else 1 if b > a else None
    if not state.skipped or state.winner != expected:
        _fail("winner: a game over without a D18 victory ended by two skips in a row, won by "
              "the player with more cards on the enemy planet (D22)")


def validate_observation(observation: Observation) -> None:
    """Raise `InvalidStateError` naming the first problem unless `observation` is possible.

    An observation is possible when some state `validate_state` accepts shows exactly
    it to its observer. Checked first, on the observation: the observer is a player or
    ``None``; `blue` is 0, 1 or ``None``; hand and deck sizes fit a player's deck and the
    observer's own hand has its size; what the opponent knows of a hand (non-ships,
    action cards, cards that cannot be deployed against a type) is at most its size; no
    card is shown more often than the player's deck holds it, and the cards not shown
    fill exactly the hidden places: hand, deck and a face-down committed card. Then a
    *witness* state is built: each player's unseen cards dealt, card by card, so that
    every public fact holds — the face-down card's declared type, activation roll, G
    mark and that it may be deployed against the type it meets (D7, D8, D12, D15); what
    skips and missing defences showed about the hand (D6, D8); a card to attack or
    defend with for a player asked to (the same deal `resample` builds when the facts
    are narrow). If no deal keeps them, no state shows the observation. The witness is
    judged by `validate_state` (conservation, the duel against the phase, landings,
    modifiers, knowledge, skips, the end), and `observe` of it must give back the
    observation: the observer's own cards show, a face-down card of the opponent shows
    only its type and roll, in the order `observe` writes them (D31).
    """
    o = observation
    if not isinstance(o, Observation):
        refuse("observation", f"expected a ren_dhark.Observation, got {describe(o)}")
    seat(o.player, 2)
    if o.blue not in (None, 0, 1):
        refuse("observation.blue", f"expected 0, 1 or None, got {o.blue!r}")
    if o.attacker not in (0, 1):
        refuse("observation.attacker", f"expected 0 or 1, got {o.attacker!r}")
    tables = o.options.tables
    decks = [tables.decks[p if o.blue is None else 0 if p == o.blue else 1] for p in (0, 1)]
    _check_sizes(o, decks)
    view = o.duel
    # A committed card shown as None is face down: the witness deals it from its owner's
    # unseen cards (a placeholder until then; nothing reads it before).
    hidden = {role for role, committed, card in ((ATTACKER, view.attack_committed, view.attack),
                                                 (DEFENDER, view.defense_committed, view.defense))
              if committed and card is None}
    _check_duel_view(o, hidden)
    duel = Duel(counter=view.counter, attack=_slot(view.attack_committed, view.attack),
                attack_type=view.attack_type,
                defense=_slot(view.defense_committed, view.defense),
                defense_type=view.defense_type, attack_activated=view.attack_activated,
                defense_activated=view.defense_activated, revealed=view.revealed,
                window=view.window, played=view.played, resolving=view.resolving,
                attack_mod=view.attack_mod, defense_mod=view.defense_mod, loser=view.loser)
    hands: list[tuple[int, ...]] = [(), ()]
    piles: list[tuple[int, ...]] = [(), ()]
    state = State(options=o.options, phase=o.phase, blue=o.blue, attacker=o.attacker,
                  hands=((), ()), decks=((), ()), landed=o.landed,
                  out=o.out, duel=duel, battle=o.battle, skipped=o.skipped,
                  mulligans=o.mulligans, redrew=o.redrew, shown_nonships=o.shown_nonships,
                  shown_actions=o.shown_actions, shown_undeployable=o.shown_undeployable,
                  winner=o.winner)
    dealt: dict[int, int] = {}
    for q in (0, 1):
        hands[q], piles[q], committed = _deal(o, state, q, decks[q], hidden)
        dealt.update(committed)
    for role, card in dealt.items():
        if role == ATTACKER:
            duel = attrs.evolve(duel, attack=card)
        else:  # the type it fights as is hidden too: the first it may take
            duel = attrs.evolve(duel, defense=card, defense_type=tables.cards[card].types[0])
    witness = attrs.evolve(state, hands=(hands[0], hands[1]), decks=(piles[0], piles[1]),
                           duel=duel)
    check_witness(validate_state, observe, witness, o, player=o.player)


def _slot(committed: bool, card: int | None) -> int | None:
    """The committed card of a duel view: None if none, a placeholder (0) if face down."""
    if not committed:
        return None
    return 0 if card is None else card


def _check_sizes(o: Observation, decks: list[tuple[int, ...]]) -> None:
    """Refuse sizes and knowledge counts out of range (before anything is built from them)."""
    for p in (0, 1):
        check_count(o.hand_sizes[p], len(decks[p]), f"observation.hand_sizes[{p}]")
        check_count(o.deck_sizes[p], len(decks[p]), f"observation.deck_sizes[{p}]")
        shown = [(f"shown_nonships[{p}]", o.shown_nonships[p]),
                 (f"shown_actions[{p}]", o.shown_actions[p]),
                 *((f"shown_undeployable[{p}][{t}]", n)
                   for t, n in enumerate(o.shown_undeployable[p]))]
        for name, cards in shown:
            check_count(cards, o.hand_sizes[p], f"observation.{name}")
    if o.player is not None and len(o.hand) != o.hand_sizes[o.player]:
        refuse("observation.hand", f"{len(o.hand)} cards, but hand_sizes[{o.player}] is "
               f"{o.hand_sizes[o.player]}")


def _deal(o: Observation, state: State, q: int, deck: tuple[int, ...], hidden: set[int],
          ) -> tuple[tuple[int, ...], tuple[int, ...], dict[int, int]]:
    """Return player `q`'s hand, deck and face-down committed card (by role) for the witness:
    their cards not shown, dealt so that every public fact holds; refuse if none does."""
    view = o.duel
    role = ATTACKER if q == o.attacker else DEFENDER
    slot = state.duel.attack if role == ATTACKER else state.duel.defense
    known = [*o.out[q], *(x.card for x in o.landed[q]),
             *(x.card for x in view.played if x.role == role)]
    if slot is not None and role not in hidden:
        known.append(slot)
    if q == o.player:
        known.extend(o.hand)
    pool = remainder(deck, known, "observation", f"the cards of player {q}'s deck")
    roles = [role] if role in hidden else []
    size = 0 if q == o.player else o.hand_sizes[q]
    if len(pool) != size + o.deck_sizes[q] + len(roles):
        refuse("observation", f"{len(pool)} of player {q}'s cards are not shown, but "
               f"{size + o.deck_sizes[q] + len(roles)} lie hidden in hand, deck and face "
               "down (card conservation)")
    if q == o.player:  # their own cards: the hand as shown, the rest the deck
        return o.hand, tuple(sorted(pool[len(roles):])), dict(zip(roles, pool, strict=False))
    world = fitting_world(state, q, roles, pool, size, rng=None)
    if world is None:
        refuse("observation", f"no deal of player {q}'s unseen cards fits what is public: "
               "the face-down card's type, roll and G mark, what skips and missing defences "
               "showed of the hand, a card to attack or defend with (D6-D8, D12, D15, D31)")
    hand, rest, committed = world
    return tuple(sorted(hand)), tuple(sorted(rest)), committed


def _check_duel_view(o: Observation, hidden: set[int]) -> None:
    """Refuse a duel whose face-down cards meet no known type: a committed attack card shows
    its declared type (D7), and a face-down card, like a defence asked for, is committed
    against a type that shows (D8, D15)."""
    view = o.duel
    if view.attack_committed != (view.attack_type is not None):
        refuse("observation.duel.attack_type", "a committed attack card shows its declared "
               "type, and only a committed one (D7)")
    if view.attack_type is None and (DEFENDER in hidden or o.phase is Phase.DEFEND):
        refuse("observation.duel", "a defence is committed against the attacking card's "
               "declared type, but no attack card is committed (D8)")
    if (ATTACKER in hidden and view.counter and view.loser == ATTACKER
            and view.defense_type is None):
        refuse("observation.duel.defense_type", "the attacker's counter-strike meets the "
               "defender's winning card, face up with its type (D15)")
