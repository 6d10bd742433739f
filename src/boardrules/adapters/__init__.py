"""Adapters to learning frameworks, each behind its own optional extra.

The core of boardrules needs only ``attrs``; an adapter needs its framework (and numpy),
installed with the extra of the same name:

* `boardrules.adapters.pettingzoo` (``boardrules[pettingzoo]``): every registered game as
  a PettingZoo AEC environment, chance resolved inside;
* `boardrules.adapters.gymnasium` (``boardrules[gymnasium]``): every registered game as a
  single-agent Gymnasium environment, the learner against boardrules bots;
* `boardrules.adapters.openspiel` (``boardrules[openspiel]``): every registered game as
  a ``pyspiel`` Python game.

Importing this package imports no framework. What the adapters share lives in
`boardrules.adapters._common`: framework-free, numpy-free pieces (options as flat
parameters, a game's path with its information states computed on demand); what the
PettingZoo and Gymnasium environments share, in `boardrules.adapters._env`.
"""

from __future__ import annotations

__all__: list[str] = []
