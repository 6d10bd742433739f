"""Ren Dhark events: what an action caused, as each viewer saw it (D9-D18, D22).

The two cards of a duel turned face up (D9); an action card warded off, applied or failed
(D11); a combat roll's totals and the duel's winner (D13); the cards destroyed or removed
(D12, D14, D16) and the cards that landed on the enemy planet, with the victory progress
(D14, D18); a skipped battle (D6); the end of the game (D18, D22). Read only from what the
viewer sees: the observations before and after (everything on the table, the out-of-game
piles and every roll are public, D31) and the kind of action (which the announcement names).
"""

from __future__ import annotations

from collections import Counter

from boardrules._events import check_objects, game_over
from boardrules.game import Event
from boardrules.games.ren_dhark.actions import Action, CombatRoll
from boardrules.games.ren_dhark.observe import Observation, announce, observe
from boardrules.games.ren_dhark.rules import _strengths, is_terminal, result, victory_progress
from boardrules.games.ren_dhark.state import ATTACKER, Phase, State, Status, Tables

__all__ = ["events"]


def _owner(view: Observation, role: int) -> int:
    return view.attacker if role == ATTACKER else 1 - view.attacker


def _reveal(tables: Tables, new: Observation) -> Event:
    duel = new.duel
    a, ta, d, td = duel.attack, duel.attack_type, duel.defense, duel.defense_type
    assert a is not None and ta is not None and d is not None and td is not None
    pa, pd = new.attacker, 1 - new.attacker
    return Event(
        "reveal",
        f"Revealed: player {pa}'s {tables.cards[a].label} ({ta.value}) against player "
        f"{pd}'s {tables.cards[d].label} ({td.value}).",
        {"attacker": pa, "attack": tables.cards[a].number, "attack_type": ta.value,
         "defender": pd, "defense": tables.cards[d].number, "defense_type": td.value})


def _combat(tables: Tables, old: Observation, roll: CombatRoll) -> Event:
    duel = old.duel
    a, ta, d, td = duel.attack, duel.attack_type, duel.defense, duel.defense_type
    assert a is not None and ta is not None and d is not None and td is not None
    sa, sd = _strengths(tables, a, ta, d, td)
    assert sa is not None and sd is not None
    sa, sd = sa + duel.attack_mod, sd + duel.defense_mod
    totals = (sa + roll.attacker, sd + roll.defender)
    pa, pd = old.attacker, 1 - old.attacker
    winner = pa if totals[0] > totals[1] else pd if totals[1] > totals[0] else None
    how = "a tie: both cards are destroyed" if winner is None else f"player {winner} wins"
    return Event(
        "combat",
        f"Combat: {tables.cards[a].label} {sa}+{roll.attacker} = {totals[0]} against "
        f"{tables.cards[d].label} {sd}+{roll.defender} = {totals[1]}: {how}.",
        {"attacker": pa, "defender": pd, "strengths": [sa, sd],
         "dice": [roll.attacker, roll.defender], "totals": list(totals), "winner": winner})


def _resolved(tables: Tables, old: Observation, new: Observation) -> list[Event]:
    told = []
    said = {Status.WARDED: "is warded off", Status.APPLIED: "takes effect",
            Status.FAILED: "fails its roll"}
    before = old.duel.played
    for k, entry in enumerate(new.duel.played):
        if (entry.status in said and k < len(before)
                and before[k].status is Status.PENDING):
            player = _owner(new, entry.role)
            told.append(Event(
                "action_card",
                f"Player {player}'s {tables.cards[entry.card].label} {said[entry.status]}.",
                {"player": player, "card": tables.cards[entry.card].number,
                 "status": entry.status.value}))
    if old.phase is Phase.DESTROY and not told:  # a success ends the duel, recording nothing
        entry = old.duel.played[old.duel.resolving]
        player = _owner(old, entry.role)
        told.append(Event(
            "action_card",
            f"Player {player}'s {tables.cards[entry.card].label} destroys the opposing card.",
            {"player": player, "card": tables.cards[entry.card].number,
             "status": Status.APPLIED.value}))
    return told


def _moved(tables: Tables, old: Observation, new: Observation) -> list[Event]:
    told = []
    for p in range(2):
        for card in sorted((Counter(new.out[p]) - Counter(old.out[p])).elements()):
            if not tables.is_action[card]:
                told.append(Event(
                    "destroyed", f"Player {p}'s {tables.cards[card].label} is destroyed.",
                    {"player": p, "card": tables.cards[card].number}))
        for landing in new.landed[p][len(old.landed[p]):]:
            progress = victory_progress(new.landed[p])
            told.append(Event(
                "landed",
                f"Player {p}'s {tables.cards[landing.card].label} lands on the enemy planet "
                f"({len(new.landed[p])} card{'s' if len(new.landed[p]) > 1 else ''} "
                f"there): victory progress {progress} of 7.",
                {"player": p, "card": tables.cards[landing.card].number,
                 "as_type": landing.as_type.value, "landed": len(new.landed[p]),
                 "progress": progress}))
    return told


def events(before: State, action: Action, after: State, viewer: int | None) -> tuple[Event, ...]:
    """Return what `viewer` (``None``: a spectator) saw `action` cause, `before` → `after`.

    >>> import random
    >>> from boardrules import CHANCE
    >>> from boardrules.games import ren_dhark as rd
    >>> rng, state = random.Random(2), rd.new_game(2)
    >>> while not isinstance(action := (rd.sample_chance(state, rng)
    ...         if rd.to_move(state) is CHANCE else rng.choice(rd.legal_actions(state))),
    ...         rd.CombatRoll):
    ...     state = rd.apply(state, action)
    >>> [e.kind for e in events(state, action, rd.apply(state, action), None)][:2]
    ['combat', 'destroyed']
    """
    check_objects("ren_dhark.events", before, action, after, state=State, actions=Action)
    announce(before, action, viewer)  # the viewer check
    old, new = observe(before, viewer), observe(after, viewer)
    tables = old.options.tables
    told: list[Event] = []
    if new.duel.revealed and not old.duel.revealed and new.duel.attack is not None \
            and new.duel.defense is not None and new.duel.loser is None:
        told.append(_reveal(tables, new))
    if isinstance(action, CombatRoll):
        told.append(_combat(tables, old, action))
    told += _resolved(tables, old, new)
    told += _moved(tables, old, new)
    if new.skipped and not old.skipped:
        told.append(Event("skipped", "The attacker has no card to attack with: the battle "
                          "is skipped.", {}))
    if is_terminal(after):
        told.append(game_over(result(after)))
    return tuple(told)
