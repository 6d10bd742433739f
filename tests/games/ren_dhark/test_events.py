"""Ren Dhark events, checked against the true states of random games: the reveal (D9), the
combat roll's totals and winner (D13), destroyed and landed cards with the victory progress
(D14, D16, D18), action cards resolved (D11), the end (D18)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

from boardrules import CHANCE
from boardrules.games import ren_dhark as rd


def transitions(seeds: range = range(6)) -> Iterator[tuple[rd.State, Any, rd.State]]:
    for seed in seeds:
        rng, state = random.Random(seed), rd.new_game(2)
        while not rd.is_terminal(state):
            action = (rd.sample_chance(state, rng) if rd.to_move(state) is CHANCE
                      else rng.choice(rd.legal_actions(state)))
            after = rd.apply(state, action)
            yield state, action, after
            state = after


def number(state: rd.State, card: int | None) -> str:
    assert card is not None
    return state.options.tables.cards[card].number


def test_d13_a_combat_roll_tells_the_totals_and_the_winner() -> None:
    combats = 0
    for before, action, after in transitions():
        if isinstance(action, rd.CombatRoll):
            totals = rd.combat_totals(before, action.attacker, action.defender)
            (event,) = [e for e in rd.events(before, action, after, 0) if e.kind == "combat"]
            assert event.fields["totals"] == list(totals)
            assert event.fields["dice"] == [action.attacker, action.defender]
            winner = (before.attacker if totals[0] > totals[1]
                      else 1 - before.attacker if totals[1] > totals[0] else None)
            assert event.fields["winner"] == winner
            combats += 1
    assert combats > 20


def test_d9_the_reveal_names_both_cards_to_everyone() -> None:
    for before, action, after in transitions(range(1)):
        if after.duel.revealed and not before.duel.revealed and after.duel.loser is None \
                and after.duel.attack is not None and after.duel.defense is not None:
            for viewer in (0, 1, None):
                (event,) = [e for e in rd.events(before, action, after, viewer)
                            if e.kind == "reveal"]
                assert (event.fields["attack"], event.fields["defense"]) == (
                    number(after, after.duel.attack), number(after, after.duel.defense))
            return
    raise AssertionError("no reveal in a random game")


def test_d14_d16_d18_every_destroyed_and_landed_card_is_told() -> None:
    for before, action, after in transitions():
        told = rd.events(before, action, after, None)
        tables = after.options.tables
        for p in range(2):
            gone = Counter(after.out[p]) - Counter(before.out[p])
            destroyed = sorted(number(after, c) for c in gone.elements()
                               if not tables.is_action[c])
            assert sorted(e.fields["card"] for e in told if e.kind == "destroyed"
                          and e.fields["player"] == p) == destroyed  # type: ignore[type-var]
            landed = [e for e in told if e.kind == "landed" and e.fields["player"] == p]
            assert len(landed) == len(after.landed[p]) - len(before.landed[p])
            for event in landed:
                assert event.fields["progress"] == rd.victory_progress(after.landed[p])


def test_d11_an_action_card_resolved_is_told() -> None:
    statuses: set[object] = set()
    for before, action, after in transitions():
        statuses.update(e.fields["status"] for e in rd.events(before, action, after, 1)
                        if e.kind == "action_card")
    assert {"warded", "applied", "failed"} <= statuses


def test_d18_the_game_over_event_names_the_winner() -> None:
    last = None
    for before, action, after in transitions(range(1)):
        last = (before, action, after)
    assert last is not None
    event = rd.events(*last, 0)[-1]
    assert event.kind == "game_over"
    assert event.fields["winners"] == list(rd.result(last[2]).winners)
