"""Every boardrules game as a PettingZoo AEC environment (``pip install 'boardrules[pettingzoo]'``).

>>> from boardrules.adapters.pettingzoo import env
>>> e = env("kivi", players=3)
>>> e.reset(seed=1)
>>> e.possible_agents, e.agent_selection
(['player_0', 'player_1', 'player_2'], 'player_0')
>>> observation, reward, terminated, truncated, info = e.last()
>>> observation["observation"].shape, int(observation["action_mask"].sum())
((169,), 39)
>>> e.step(int(observation["action_mask"].argmax()))

It follows PettingZoo's classic board games (``pettingzoo.classic.connect_four``):

* **Agents** ``player_0`` … ``player_{n-1}``, one per seat; `possible_agents` and, after
  `reset`, `agents` list them in seat order. `agent_selection` is the player to decide:
  chance (deals, draws, dice) is resolved inside by a `random.Random` seeded by
  ``reset(seed=...)`` (``reset()`` without a seed goes on with the same generator, so a
  seeded sequence of games is reproducible). One `step` is one player decision; a player
  may decide several times in a row where the rules say so.
* **Observations** (`observe`, `last`): a dict of ``"observation"``, the agent's
  observation tensor (``float32``, the shape of the game's ``observation_shape``, entries
  in 0 … 1, seat-relative: the agent first; layout on the game's docs page) and
  ``"action_mask"`` (``int8``, one entry per action index, 1 = legal; all zeros for an
  agent that is not to move and once the game is over). Both are computed when asked
  for, not in `step`, and are new arrays each time.
* **Actions**: ``Discrete(size)``, the game's `boardrules.numeric.spaces.ActionSpace` numbering
  (``env.space.action(i)`` is the action, ``env.space.index(action)`` its number). An
  index out of range, or not an integer, raises `UnknownActionError`.
* **Illegal actions** (an index in range that the mask forbids): with
  ``illegal_action="lose"`` (the default, PettingZoo's ``TerminateIllegalWrapper``
  convention) the game ends with PettingZoo's illegal-move warning, a reward of -1 for
  the agent that chose it, 0 for the others, every agent terminated, and
  ``infos[agent]["illegal_action"]`` set; with ``illegal_action="raise"`` the game's
  `IllegalActionError` (naming the rule) is raised and nothing changes.
* **Rewards** only at the end: every agent gets its return (1 for a sole winner, -1 for
  each loser, 0 for a shared win or a draw), collected by `last` as PettingZoo's
  cumulative reward. **Terminations and truncations**: when the rules end the game
  every agent is terminated; when an engine bound (a turn limit) cuts it off —
  ``result(state).truncated`` — every agent is truncated instead, with returns 0: its
  value is unknown, it is not a draw. Each agent then steps ``None`` once and is removed
  from `agents`, as the AEC API does.
* **Rendering**: ``render_mode="ansi"`` makes `render` return the game's text picture of
  what the agent to move sees (its observation, the same thing the policy gets);
  ``"human"`` prints it, after `reset` and every `step` too.
* `env` returns the environment itself, not wrapped: it checks what PettingZoo's classic
  wrappers check (actions out of range, illegal actions, use before `reset`) at less
  cost. There is no parallel API (the games are turn-based) and no `state` (a global
  state would show every hidden card).

Every game, player count and option passes PettingZoo's ``api_test``, ``seed_test`` and
``render_test`` in the test suite. The environment pickles and deep-copies mid-game.
"""

from __future__ import annotations

import random
from typing import Any, Final

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.env_logger import EnvLogger

from boardrules.adapters._common import Configuration
from boardrules.adapters._env import (
    ILLEGAL_ACTIONS,
    RENDER_FPS,
    RENDER_MODES,
    EnvironmentBase,
    IllegalAction,
    Mask,
    Observation,
    Table,
    check_choice,
    configuration,
    mask_space,
    observation_box,
)
from boardrules.games import AnyGame

__all__ = ["AGENT", "BoardrulesEnv", "env", "raw_env"]

AGENT: Final = "player_{}"
"""The name of the agent in a seat: ``AGENT.format(seat)``."""


class BoardrulesEnv(EnvironmentBase, AECEnv):  # type: ignore[misc]  # pettingzoo has no type hints
    """A boardrules game as a PettingZoo AEC environment: one configuration (game,
    players and options). Build it with `env`; see the module's description."""

    # RUF012 (a mutable class attribute): PettingZoo declares `metadata` so, and reads it
    # from the class; each environment replaces it with its own copy.
    metadata: dict[str, Any] = {  # noqa: RUF012
        "render_modes": list(RENDER_MODES),
        "name": "boardrules",
        "is_parallelizable": False,
        "render_fps": RENDER_FPS,
    }
    """PettingZoo's metadata; each environment has its own copy, named
    ``<game>_v<rules version>`` (``kivi_v2``)."""

    def __init__(self, game: str | AnyGame, players: int | None = None, options: object = None,
                 *, render_mode: str | None = None,
                 illegal_action: IllegalAction = "lose") -> None:
        """Make the environment of `game` (a registered name or a game module).

        `players` defaults to the fewest the game allows; `options` is the game's
        ``Options``, ``None`` for the defaults, or a mapping of flat parameter values. Raises
        `InvalidOptionsError` naming a bad option or player count, `BoardrulesError` for an
        unknown game, one without the numeric layer, or a bad `render_mode` or
        `illegal_action`.
        """
        super().__init__()
        check_choice("render_mode", render_mode, (None, *RENDER_MODES))
        check_choice("illegal_action", illegal_action, ILLEGAL_ACTIONS)
        config = configuration(game, players, options)
        self.config: Configuration = config
        """The game, player count and options."""
        self.render_mode = render_mode
        self.illegal_action: IllegalAction = illegal_action
        """What `step` does with an illegal action index: ``"lose"`` or ``"raise"``."""
        module = config.game
        self.metadata = {**type(self).metadata,
                         "name": f"{module.NAME}_v{module.RULES_VERSION}"}
        self.possible_agents: list[str] = [AGENT.format(p) for p in range(config.players)]
        self._seat_of = {agent: p for p, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {
            agent: spaces.Dict({"observation": observation_box(config),
                                "action_mask": mask_space(config)})
            for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(config.space.size)
                              for agent in self.possible_agents}
        self._rng: random.Random | None = None
        self._table: Table | None = None
        self._over = False

    # --- what the environment is -------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Dict:
        """Return `agent`'s observation space: ``Dict(observation=Box, action_mask=Box)``."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        """Return `agent`'s action space: ``Discrete(size)``."""
        return self.action_spaces[agent]

    # --- playing -----------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game, its chance drawn by a generator seeded with `seed` (by default
        the generator goes on, or is seeded from the system the first time). `options` is
        PettingZoo's per-reset argument and is not used: the game's options are fixed when
        the environment is made."""
        if seed is not None or self._rng is None:
            self._rng = random.Random(seed)
        agents = self.possible_agents[:]
        self.agents = agents
        self.rewards = dict.fromkeys(agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(agents, 0.0)
        self.terminations = dict.fromkeys(agents, False)
        self.truncations = dict.fromkeys(agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in agents}
        self._skip_agent_selection = None
        self._over = False
        table = self._table = Table(self.config, self._rng)
        if table.is_over():
            self._finish(table)
        else:
            self.agent_selection = agents[table.mover]
        if self.render_mode == "human":
            self.render()

    def step(self, action: Any) -> None:
        """Play `agent_selection`'s action index (``None`` for an agent that is done).

        Raises `UnknownActionError` for an index out of range or anything that is not an
        integer; an illegal index is treated as `illegal_action` says.
        """
        table = self._table
        if table is None or self._over:
            self._started()
            if not self.agents:
                EnvLogger.warn_step_after_terminated_truncated()
                return
            self._was_dead_step(action)
            return
        index = table.action_index(action)
        agent = self.agent_selection
        if not table.is_legal(index):
            if self.illegal_action == "raise":
                table.refuse(index)
            self._forfeit(agent)
            return
        self._cumulative_rewards[agent] = 0.0
        table.play(index)
        mover = table.mover
        if type(mover) is int:
            self.agent_selection = self.possible_agents[mover]
        else:
            self._finish(table)
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict[str, Observation | Mask]:
        """Return `agent`'s observation: its tensor and its legal-action mask (see the
        module's description). Raises `KeyError` for an unknown agent."""
        table = self._started()
        seat = self._seat_of[agent]
        return {"observation": table.observation(seat),
                "action_mask": (np.zeros(table.space.size, dtype=np.int8) if self._over
                                else table.action_mask(seat))}

    def action_mask(self, agent: str) -> Mask:
        """Return `agent`'s legal-action mask alone, as `observe` gives it, without the
        observation tensor: with ``last(observe=False)``, the loop of a policy that needs
        no observation (random play, rollouts) skips the encoding."""
        table = self._table
        if table is None:
            table = self._started()
        if self._over:
            return np.zeros(table.space.size, dtype=np.int8)
        return table.action_mask(self._seat_of[agent])

    def render(self) -> str | None:
        """Return (``"ansi"``) or print (``"human"``) the game's text picture of what the
        agent to move sees; without a render mode, warn and return ``None``."""
        if self.render_mode is None:
            gymnasium.logger.warn(
                "You are calling render method without specifying any render mode.")
            return None
        text = self._started().render(self._seat_of[self.agent_selection])
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Release nothing: the environment holds no outside resources."""

    # --- the end -------------------------------------------------------------------------

    def _finish(self, table: Table) -> None:
        """Give every agent its return and end the game, by the rules or truncated."""
        result = table.game.result(table.state)
        truncated = bool(result.truncated)
        for agent, value in zip(self.agents, result.returns(), strict=True):
            self.rewards[agent] = value
            self._cumulative_rewards[agent] += value
            self.terminations[agent] = not truncated
            self.truncations[agent] = truncated
        self._end()

    def _forfeit(self, agent: str) -> None:
        """End the game lost by `agent`, who chose an illegal action."""
        EnvLogger.warn_on_illegal_move()
        self._cumulative_rewards[agent] = 0.0
        for other in self.agents:
            value = -1.0 if other == agent else 0.0
            self.rewards[other] = value
            self._cumulative_rewards[other] += value
            self.terminations[other] = True
        self.infos[agent]["illegal_action"] = True
        self._end()

    def _end(self) -> None:
        self._over = True
        self.agent_selection = self.agents[0]

    def __repr__(self) -> str:
        config = self.config
        return f"<BoardrulesEnv {config.game.NAME}, {config.players} players>"


raw_env = BoardrulesEnv
"""PettingZoo's name for the environment class."""


def env(game: str | AnyGame, players: int | None = None, options: object = None, *,
        render_mode: str | None = None, illegal_action: IllegalAction = "lose") -> BoardrulesEnv:
    """Return the AEC environment of `game` (a registered name or a game module); see
    `BoardrulesEnv` for the arguments."""
    return BoardrulesEnv(game, players, options, render_mode=render_mode,
                         illegal_action=illegal_action)
