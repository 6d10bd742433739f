"""Text pictures: a game's own `render` of an observation, or its JSON."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from boardrules.game import Game
from boardrules.serialization import unstructure

__all__ = ["render"]


def render(game: Game[Any, Any, Any, Any], observation: Any) -> str:
    """Return the game's text picture of an observation (its `render`, else JSON)."""
    renderer: Callable[[Any], str] | None = getattr(game, "render", None)
    if renderer is not None:
        return renderer(observation)
    return json.dumps(unstructure(observation), indent=1, ensure_ascii=False)
