"""tokyo.rl: the games as environments for reinforcement-learning libraries (issue 14).

Three adapters, each importing its library only when imported itself (the ``rl`` extra,
``pip install tokyo-engine[rl]``):

- :mod:`tokyo.rl.pettingzoo`: a PettingZoo AEC environment for every game, every seat an
  agent (``tokyo.rl.pettingzoo.env("kot-dark", players=4)``);
- :mod:`tokyo.rl.gym`: a Gymnasium environment where one seat learns and the others are
  project agents (``gymnasium.make("tokyo/KotDark-v0")``);
- :mod:`tokyo.rl.openspiel`: each game registered with OpenSpiel
  (``tokyo.rl.openspiel.load_game("kot-dark", players=4)``).

All of them work on any game that implements the kernel's action indices and observation
tensors (docs/notation.md, "Action indices and observation tensors"); a game that does not
yet is refused with :class:`NoEncodingError`. How to use them: docs/rl.md.
"""

from ._common import DEFAULT_MAX_DECISIONS, ILLEGAL_ACTION_MODES, NoEncodingError, load_encoded_game

__all__ = ["DEFAULT_MAX_DECISIONS", "ILLEGAL_ACTION_MODES", "NoEncodingError", "load_encoded_game"]
