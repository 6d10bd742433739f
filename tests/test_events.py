"""Events across games: the kit catches a leaking or unserialisable `events`, and the match
log carries each step's events after its announcement (issue #31, item 1)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from boardrules import Event
from boardrules.apps.match import Match
from boardrules.games import GAMES, kivi, whales_rivals
from boardrules.testing import check_playout
from tests.test_kit_catches_bugs import broken


def test_kit_catches_events_that_show_a_hidden_hand() -> None:
    def events(before: Any, action: Any, after: Any, viewer: int | None) -> tuple[Event, ...]:
        whales_rivals.observe(before, viewer)  # the player check
        return (Event("hands", f"The hands are {before.hands}.", {}),)

    with pytest.raises(AssertionError, match="events leak to"):
        check_playout(broken(whales_rivals, events=events), 2, seed=0)


def test_kit_catches_events_that_are_no_json() -> None:
    def events(before: Any, action: Any, after: Any, viewer: int | None) -> tuple[Event, ...]:
        kivi.observe(before, viewer)
        return (Event("odd", "A set.", {"set": {1}}),)  # type: ignore[dict-item]

    with pytest.raises(AssertionError, match="not JSON-able"):
        check_playout(broken(events=events), 2, seed=0)


def test_kit_catches_events_accepting_a_bad_viewer() -> None:
    def events(before: Any, action: Any, after: Any, viewer: int | None) -> tuple[Event, ...]:
        return ()

    with pytest.raises(AssertionError, match="events accepted player"):
        check_playout(broken(events=events), 2, seed=0)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_match_log_gives_each_step_its_events_as_json(name: str) -> None:
    game = GAMES[name]
    if not hasattr(game, "events"):
        pytest.skip(f"{name} has no events yet")
    options = game.Options(turn_limit=60) if name in ("lustry", "captain_bluff") else None
    match = Match(game, ["random"] * game.MIN_PLAYERS, seed=3, options=options)
    for viewer in (0, None):
        log = match.log(viewer)
        assert len(log) == len(match.actions)
        for step, entry in enumerate(log):
            assert isinstance(entry, dict)
            before, action = match.states[step], match.actions[step]
            expected = [e.to_json() for e in game.events(before, action,
                                                         match.states[step + 1], viewer)]
            assert entry["events"] == expected
        json.dumps(log)
    last = match.log(None)[-1]
    assert isinstance(last, dict) and isinstance(last["events"], list)
    final = game.events(match.states[-2], match.actions[-1], match.states[-1], None)[-1]
    assert final.kind == "game_over" and last["events"][-1] == final.to_json()
