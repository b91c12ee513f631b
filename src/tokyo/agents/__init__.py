"""tokyo.agents: agents that play any game through the kernel, and their registry.

``make_agent("random")``, ``make_agent("heuristic", game_id="kot-dark")``,
``make_agent("ismcts:sims=400,seconds=2", game_id="crisis-tokyo")``,
``make_agent("policy:runs/kot2p/policy.npz", game_id="kot-dark")`` (a trained network,
tokyo.agents.policy; plain ``policy`` is the one shipped for the game, if any). A spec may carry
parameters: ``name:key=value,key=value`` (``;`` separates them too, as inside the
command line's comma-separated ``--agents``). Each agent rejects a parameter it does not
read, naming the ones it does.
"""

from __future__ import annotations

import importlib
from typing import Any

from ..core.errors import OptionError
from ..core.state import Game
from .base import Agent, RandomAgent

# per-game heuristic agents, imported lazily: game id -> "module:Class"
HEURISTICS = {
    "kot": "tokyo.agents.kot_heuristic:KotHeuristicAgent",
    "kot-dark": "tokyo.agents.kot_heuristic:KotHeuristicAgent",
    "kot-godzilla": "tokyo.agents.kot_godzilla_heuristic:KotGodzillaHeuristicAgent",
    "crisis-tokyo": "tokyo.agents.crisis_heuristic:CrisisHeuristicAgent",
    "storyline": "tokyo.agents.storyline_heuristic:StorylineHeuristicAgent",
    "crisis-format": "tokyo.agents.storyline_heuristic:StorylineHeuristicAgent",
}
AGENT_NAMES = ("random", "heuristic", "ismcts", "policy")


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    name, _, rest = spec.strip().partition(":")
    params = {}
    for part in filter(None, (p.strip() for p in rest.replace(";", ",").split(","))):
        key, eq, value = part.partition("=")
        if not eq:
            raise OptionError(f"agent parameter {part!r} must look like key=value")
        params[key.strip()] = value.strip()
    return name.strip(), params


def make_agent(spec: str, game_id: str | None = None) -> Agent[Any]:
    """Build an agent from its spec. Raises OptionError naming the known agents."""
    head, _, rest = spec.strip().partition(":")
    if head.strip() == "policy":
        # everything after the colon is the file (or a shipped policy's name), not key=value
        from .policy import PolicyAgent
        policy = PolicyAgent(rest.strip(), game_id)  # PolicyFileError (an OptionError) for a bad file
        policy.check_game(game_id)
        return policy
    name, params = parse_spec(spec)
    agent: Agent[Any]
    if name == "random":
        agent = RandomAgent(**params)
    elif name == "heuristic":
        if game_id not in HEURISTICS:
            raise OptionError(f"no heuristic agent for game {game_id!r}; games with one: "
                              + ", ".join(sorted(HEURISTICS)))
        module, _, attr = HEURISTICS[game_id].partition(":")
        agent = getattr(importlib.import_module(module), attr)(**params)  # an Agent class
    elif name == "ismcts":
        from .ismcts import ISMCTSAgent
        search = ISMCTSAgent(**params)  # parses numbers; OptionError naming the parameters
        search.check_game(game_id)
        agent = search
    elif "=" in name:
        raise OptionError(f"unknown agent {name!r}: an agent's parameters go after ':' and, inside "
                          f"--agents, are separated by ';' (ismcts:sims=100;seconds=1); "
                          f"agents: {', '.join(AGENT_NAMES)}")
    else:
        raise OptionError(f"unknown agent {name!r}; agents: {', '.join(AGENT_NAMES)}")
    agent.spec = spec.strip()
    return agent


def check_agent_for(agent: Agent[Any], game: Game) -> Agent[Any]:
    """OptionError unless ``agent`` can play the loaded ``game`` (its player count and
    options included); only agents tied to one game's shape (``policy``) check anything."""
    check = getattr(agent, "check_for_game", None)
    if check is not None:
        check(game)
    return agent


__all__ = ["Agent", "RandomAgent", "make_agent", "check_agent_for", "parse_spec", "AGENT_NAMES", "HEURISTICS"]
