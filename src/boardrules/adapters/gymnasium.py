"""Every boardrules game as a single-agent Gymnasium environment against boardrules bots
(``pip install 'boardrules[gymnasium]'``).

Importing this module registers, for every registered game with the numeric layer, the
id ``boardrules/<game>-v<rules version>`` (``boardrules/kivi-v2``,
``boardrules/whales_rivals-v1``): the version is the game's ``RULES_VERSION``, so an id
names one numbering of actions, one tensor layout and one set of rules (Gymnasium's
unversioned ``"boardrules/kivi"`` takes the current one, with a warning).

>>> import gymnasium
>>> import boardrules.adapters.gymnasium
>>> env = gymnasium.make("boardrules/kivi-v2", players=3, seat=1, opponents="random")
>>> observation, info = env.reset(seed=7)
>>> observation.shape, env.action_space
((169,), Discrete(3325))
>>> action = env.action_space.sample(info["action_mask"])
>>> observation, reward, terminated, truncated, info = env.step(action)

The learner plays one `seat`; every other seat is a boardrules bot, named as the command
line names them (``"random"``, ``"ismcts"``, ``"ismcts:N"`` for N iterations a move,
``"ismcts:Ss"`` for S seconds) or given as a `boardrules.bots.Bot`. A `step` plays the
learner's action, then chance and the bots until the learner must decide again or the
game is over.

* **Observation**: the learner's observation tensor, ``Box(0, 1, (n,), float32)`` — the
  game's ``observation_tensor``, seat-relative (the learner first); layout on the game's
  docs page.
* **Actions**: ``Discrete(size)``, the game's `boardrules.numeric.spaces.ActionSpace` numbering.
  The legal actions are in ``info["action_mask"]`` (``int8``, 1 = legal; all zeros once the
  game is over), as Gymnasium's own environments (``Taxi``) give them, so
  ``env.action_space.sample(info["action_mask"])`` draws a legal action; `action_masks`
  returns the same as booleans (the method sb3-contrib's ``MaskablePPO`` calls). An index
  out of range raises `UnknownActionError`. An illegal index ends the game as a loss with
  ``illegal_action="lose"`` (the default: reward -1, ``terminated``, and
  ``info["illegal_action"]``), or raises the game's `IllegalActionError` with
  ``illegal_action="raise"``.
* **Reward** at the end only: the learner's return (1 for a sole win, -1 for a loss, 0 for
  a shared win or a draw). ``terminated`` when the rules end the game; ``truncated`` when
  an engine bound (a turn limit) cuts it off — the game's ``result(state).truncated``,
  reward 0, a position of unknown value rather than a draw. No ``TimeLimit`` is added:
  every game ends within its ``action_bound``.
* **Seeding**: ``reset(seed=...)`` seeds `np_random`, which draws the chance of each game
  and the seeds of the bots named by text (built afresh each game); a `Bot` object keeps
  its own randomness. With bots on a time budget the environment is not reproducible.
* **Rendering**: ``render_mode="ansi"``: `render` returns the game's text picture of what
  the learner sees; ``"human"`` prints it after every `reset` and `step`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import repeat
from operator import is_
from typing import Any, Final, cast

import gymnasium
import numpy as np
import numpy.typing as npt

from boardrules.adapters._common import Configuration, numeric_games
from boardrules.adapters._env import (
    ILLEGAL_ACTIONS,
    RENDER_FPS,
    RENDER_MODES,
    EnvironmentBase,
    IllegalAction,
    Observation,
    Table,
    check_choice,
    configuration,
    observation_box,
)
from boardrules.bots import Bot, Decision
from boardrules.bots.spec import make_bot
from boardrules.errors import BoardrulesError
from boardrules.games import GAMES, AnyGame

__all__ = ["NAMESPACE", "BoardrulesEnv", "env_id", "register_envs"]

NAMESPACE: Final = "boardrules"
"""The namespace of the registered ids."""


def env_id(game: AnyGame) -> str:
    """Return the Gymnasium id of a game: ``boardrules/<name>-v<rules version>``, or
    without a version when the game's ``RULES_VERSION`` is not a whole number.

    >>> from boardrules.games import kivi
    >>> env_id(kivi)
    'boardrules/kivi-v2'
    """
    version = game.RULES_VERSION
    suffix = f"-v{int(version)}" if version.isdigit() else ""
    return f"{NAMESPACE}/{game.NAME}{suffix}"


def register_envs() -> list[str]:
    """Register every registered game with the numeric layer with Gymnasium (ids already
    registered are left alone) and return the ids registered now.

    Importing this module does it for the games registered then; call it again after
    adding a third-party game to `boardrules.games.GAMES`.
    """
    done = []
    for name in numeric_games():
        id_ = env_id(GAMES[name])
        if id_ in gymnasium.registry:
            continue
        gymnasium.register(id=id_, entry_point=f"{__name__}:BoardrulesEnv",
                           kwargs={"game": name})
        done.append(id_)
    return done


class BoardrulesEnv(EnvironmentBase, gymnasium.Env[Observation, np.int64]):
    """A boardrules game as a single-agent Gymnasium environment: the learner in one seat,
    boardrules bots in the others. See the module's description."""

    # RUF012 (a mutable class attribute): Gymnasium declares `metadata` so, and reads it
    # from the class before making an environment.
    metadata = {"render_modes": list(RENDER_MODES), "render_fps": RENDER_FPS}  # noqa: RUF012

    def __init__(self, game: str | AnyGame = "kivi", players: int | None = None,
                 options: object = None, *, seat: int = 0,
                 opponents: str | Bot | Sequence[str | Bot] = "random",
                 render_mode: str | None = None,
                 illegal_action: IllegalAction = "lose") -> None:
        """Make the environment.

        `game` is a registered name or a game module; `players` defaults to the fewest
        the game allows; `options` is the game's ``Options``, ``None`` for the defaults,
        or a mapping of flat parameter values. `seat` is the learner's seat;
        `opponents` one bot for every other seat, or one per other seat in seat order (a
        bot's name or a `Bot`). Raises `InvalidOptionsError` naming a bad option or player
        count, `BoardrulesError` for anything else that is wrong.
        """
        check_choice("render_mode", render_mode, (None, *RENDER_MODES))
        check_choice("illegal_action", illegal_action, ILLEGAL_ACTIONS)
        config = configuration(game, players, options)
        if type(seat) is not int or not 0 <= seat < config.players:
            raise BoardrulesError(f"seat must be a seat of the {config.players} players "
                                  f"(0 to {config.players - 1}), got {seat!r}")
        others = config.players - 1
        given = ([opponents] if isinstance(opponents, str) or not isinstance(opponents, Sequence)
                 else list(opponents))
        if len(given) == 1:
            given *= others
        if len(given) != others:
            raise BoardrulesError(f"opponents: give one bot for all {others} other seats or "
                                  f"one per seat, got {len(given)}")
        for bot in given:
            if isinstance(bot, str):
                make_bot(bot, 0)  # a bad name is refused now, not at reset
        self.config: Configuration = config
        """The game, player count and options."""
        self.seat = seat
        """The learner's seat."""
        self.opponents: tuple[str | Bot, ...] = tuple(given)
        """The other seats' bots in seat order (names, or `Bot` objects)."""
        self.illegal_action: IllegalAction = illegal_action
        """What `step` does with an illegal action index: ``"lose"`` or ``"raise"``."""
        self.render_mode = render_mode
        self.observation_space = cast(gymnasium.spaces.Space[Observation],
                                      observation_box(config))
        self.action_space = gymnasium.spaces.Discrete(config.space.size)
        self._bots: dict[int, Bot] = {}
        self._table: Table | None = None
        self._over = False

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observation, dict[str, Any]]:
        """Start a new game (chance and the named bots' seeds drawn from `np_random`, seeded
        by `seed`); play the bots' and chance's turns before the learner's first decision.
        `options` is Gymnasium's per-reset argument and is not used."""
        super().reset(seed=seed)
        rng = random.Random(int(self.np_random.integers(1 << 62)))
        others = [p for p in range(self.config.players) if p != self.seat]
        self._bots = {p: make_bot(bot, rng.randrange(1 << 62)) if isinstance(bot, str) else bot
                      for p, bot in zip(others, self.opponents, strict=True)}
        self._over = False
        self._table = Table(self.config, rng)
        self._play_bots()
        if self.render_mode == "human":
            self.render()
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Play the learner's action index, then the bots and chance; return Gymnasium's
        ``(observation, reward, terminated, truncated, info)``.

        Raises `UnknownActionError` for an index out of range or anything that is not an
        integer, `BoardrulesError` once the game is over (call `reset`); an illegal index
        is treated as `illegal_action` says.
        """
        table = self._started()
        if self._over or table.is_over():
            raise BoardrulesError("the game is over: call reset() to start another")
        index = table.action_index(action)
        if not table.is_legal(index):
            if self.illegal_action == "raise":
                table.refuse(index)
            self._over = True
            info = self._info()
            info["illegal_action"] = True
            return self._observation(), -1.0, True, False, info
        table.play(index)
        self._play_bots()
        reward, terminated, truncated = 0.0, False, False
        if table.is_over():
            result = self.config.game.result(table.state)
            truncated = bool(result.truncated)
            terminated = not truncated
            reward = result.returns()[self.seat]
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, terminated, truncated, self._info()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Return the legal-action mask as booleans (what sb3-contrib's ``MaskablePPO``
        asks an environment for)."""
        return self._mask().astype(bool)

    def render(self) -> str | None:
        """Return (``"ansi"``) or print (``"human"``) the game's text picture of what the
        learner sees; ``None`` without a render mode."""
        if self.render_mode is None:
            return None
        text = self._started().render(self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    # --- inside ----------------------------------------------------------------------------

    def _play_bots(self) -> None:
        """Let the bots decide (chance resolved) until the learner must decide or the end.

        A bot's action that is one of its decision's legal action objects is applied
        unchecked (it is legal); any other goes through the checked ``apply``, which raises
        the game's `IllegalActionError` for an illegal one.
        """
        table = self._started()
        game = self.config.game
        bots, seat = self._bots, self.seat
        apply, apply_unchecked = game.apply, game.apply_unchecked
        while type(mover := table.mover) is int and mover != seat:
            state = table.state
            decision = Decision(game, state, mover)
            action = bots[mover].act(decision)
            # By identity, in C: comparing with == would call each action's __eq__.
            if any(map(is_, decision.legal_actions, repeat(action))):
                table.move_to(apply_unchecked(state, action))
            else:
                table.move_to(apply(state, action))

    def _observation(self) -> Observation:
        return self._started().observation(self.seat)

    def _mask(self) -> npt.NDArray[np.int8]:
        table = self._started()
        if self._over:
            return np.zeros(self.config.space.size, dtype=np.int8)
        return table.action_mask(self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._mask()}

    def __repr__(self) -> str:
        config = self.config
        return (f"<BoardrulesEnv {config.game.NAME}, {config.players} players, learner in "
                f"seat {self.seat}>")


register_envs()
