"""A check shared by the games' refusal tests."""

from __future__ import annotations

from typing import Any

import pytest

from boardrules import IllegalActionError


def assert_refused(game: Any, state: object, action: object, reason: str, rule: str) -> None:
    """Check that `game.apply` refuses `action` in `state` with exactly `reason` and `rule`,
    naming the state and the action it was given."""
    with pytest.raises(IllegalActionError) as err:
        game.apply(state, action)
    assert (err.value.reason, err.value.rule) == (reason, rule)
    assert err.value.state is state and err.value.action is action
