"""Information-set Monte Carlo tree search: ``make_agent("ismcts:sims=400", game_id)``.

Source: P. I. Cowling, E. J. Powley and D. Whitehouse, "Information Set Monte Carlo Tree
Search", IEEE Transactions on Computational Intelligence and AI in Games 4(2), 2012,
pp. 120-143 (the single-observer variant, SO-ISMCTS, with the subset-armed bandit of
their section on availability counts).

How it works, in short. A plain Monte Carlo tree search needs the true state, which a
player of a game with hidden cards does not have. ISMCTS searches one tree over the
*information set* of the searching seat instead: every iteration starts from a
*determinization*, a full state drawn from the states that seat cannot tell apart
(``state.resample(seat, rng)``: the hidden hands and unseen cards are redealt from what
the seat has not seen), and walks the shared tree with it. Different iterations see
different deals, so the statistics of a tree node average over the deals the seat thinks
possible, and a move that is only good when an opponent happens to hold one particular
card is not mistaken for a good move.

One iteration:

1. *Determinize*: copy the real state with ``resample(self.seat, rng)``. This is the only
   place the agent touches the real state besides reading its own legal actions; every
   action below is applied to that copy.
2. *Select*: from the root, follow the tree. The tree is *open-loop*: an edge is the text
   of an action taken at a decision node (keyed with the seat that takes it); chance
   nodes are not stored but sampled afresh (``sample_chance``) each time the walk meets
   one, so a tree node stands for a sequence of decisions, whatever the dice or draws
   were. At a decision node the legal actions depend on the deal, so the choice is a
   *subset-armed bandit*: each child counts how often it was *available* (legal when its
   parent was visited) as well as how often it was chosen, and UCB1 uses the
   availability count in place of the parent's visit count::

       score(child) = mean reward of child for the seat to act
                      + c * sqrt(ln(available(child)) / visits(child))

   Each node keeps a reward *vector*, one entry per seat, and the seat to act picks the
   child best for *its own* entry: opponents are modelled as maximising their own return,
   which handles more than two players and shared wins without any zero-sum assumption.

   Two refinements from Chaslot, Winands, van den Herik, Uiterwijk and Bouzy,
   "Progressive strategies for Monte-Carlo tree search" (New Mathematics and Natural
   Computation 4(3), 2008), make small budgets useful when there is a heuristic agent
   (with ``widen=0,bias=0,horizon=none`` the search is the paper's plain SO-ISMCTS):

   - *progressive widening* (``widen``, default 1): a node visited ``v`` times holds at
     most ``1 + widen * sqrt(v)`` available children before UCB1 chooses among them,
     instead of trying every legal action once first. Without it, a 100-simulation search
     spends most of a deep line (attack, send Threats, pick a power, manoeuvres) on
     trying every bad sub-choice once, and good lines look worse than they are;
   - *progressive bias* (``bias``, default 1): the child the rollout policy would choose
     here gets ``bias / (visits + 1)`` added to its score, a hint that fades as the
     child's own statistics grow. With random rollouts there is no hint.

   Measured on Crisis: Tokyo for 2 against a random player (50 simulations, 2 games each,
   docs/performance.md): the plain search took 172 and 500 turns to win (its choices were
   close to random), with widening alone 132 and 156, with both 20 and 34.
3. *Expand*: when some legal action of the node has no child yet, one of them is added
   and taken, and the walk stops there. Which one: the rollout policy's choice if it is
   untried, else one drawn at random; so the first walk through a new node plays as the
   rollout policy would.
4. *Simulate*: play on from there with a rollout policy (the game's heuristic agent for
   every seat when the game has one, else uniform random) for at most ``rollout_steps``
   decisions; chance is sampled. The result is ``returns()`` (1.0 for each winner) if the
   game ended, else 0 for every seat.

   *Evaluation at the rollout horizon* (``horizon``): when the game's heuristic agent
   class has a ``heuristic_value(state, seat)`` method (an estimate in [0, 1] of the
   seat's share of the win, from what is public), a rollout stops after ``horizon``
   decisions and is scored with that estimate for every seat instead of being played to
   the end. This is early playout termination as studied by R. Lorentz, "Using
   evaluation functions in Monte-Carlo Tree Search", Theoretical Computer Science 644
   (2016), pp. 106-113: a short rollout followed by an evaluation is cheaper than a full
   one and, in a game with as much luck as dice, less noisy. The default ``horizon`` is
   the heuristic class's ``ROLLOUT_HORIZON`` (kot-dark: 20 decisions, those with one
   legal action included: about four turns, at 4.9 decisions per turn between two
   heuristic players); games whose heuristic has no evaluation (crisis-tokyo) keep full
   rollouts. Measured on kot-dark for 2 against the heuristic: docs/performance.md.
5. *Back-propagate*: add the returns vector to every node on the path and count a visit.

After the budget (``sims`` iterations and/or ``seconds`` of wall clock) the agent plays
the root action that was chosen most often (ties: higher mean reward, then the order of
the legal list). With only a ``sims`` budget it is deterministic given ``reset(seed,
seat)``: every random draw (determinizations, chance, expansion, rollouts) comes from the
agent's own generator. A decision with a single legal action is answered without search.

Parameters (spec ``ismcts:key=value,...``):

- ``sims`` (int >= 1, default 200; with ``seconds`` alone, no limit on iterations),
- ``seconds`` (float > 0, wall-clock cap per decision; not set by default),
- ``c`` (float >= 0, UCB1 exploration constant; rewards are in [0, 1]. Default 0.4 when
  rollouts are scored by an evaluation at the ``horizon`` (kot-dark), whose values vary
  less than won/lost outcomes, else 0.7. Measured against the heuristic, 2 players: on
  kot-dark at 50 simulations 0.4 won 26 of 30 games where 0.7 won 23 (seeds 0-29); on
  crisis-tokyo at 100 simulations and default options 0.4 won 8 of the first 14 games
  where 0.7 had won 26 of 30, so Crisis keeps 0.7),
- ``widen`` (float >= 0, progressive widening, default 1; 0: every action tried first),
- ``bias`` (float >= 0, progressive bias towards the rollout policy's choice, default 1),
- ``rollout`` (``heuristic`` or ``random``; default ``heuristic`` when the game has a
  heuristic agent, else ``random``),
- ``rollout_steps`` (int >= 0, default 2000: decisions per rollout before it is cut),
- ``horizon`` (int >= 0, or ``none``: rollout decisions before the position is scored by
  the heuristic's ``heuristic_value``; 0 scores the new tree node itself; default: the
  heuristic class's ``ROLLOUT_HORIZON`` when it has ``heuristic_value``, else ``none``,
  rollouts played to the end or to ``rollout_steps``; a number raises OptionError for a
  game without such an evaluation),
- ``seed_offset`` (int, default 0: added to the seed given to ``reset``, to run several
  differently seeded copies).
"""

from __future__ import annotations

import importlib
import math
import random
import time
from typing import Any, Callable, cast

from mypy_extensions import mypyc_attr

from ..core.errors import OptionError
from ..core.runner import sample_chance
from ..core.state import CHANCE, TERMINAL, Game, State
from .base import Agent

Evaluation = Callable[[Any, int], float]
"""A heuristic agent's ``heuristic_value(state, seat)``: the seat's estimated share of the win."""

PARAMS = ("sims", "seconds", "c", "widen", "bias", "rollout", "rollout_steps", "horizon", "seed_offset")
ROLLOUTS = ("heuristic", "random")


class _Node:
    """A node of the open-loop tree: the decisions taken to reach it, not a state."""

    __slots__ = ("children", "visits", "avail", "reward")

    def __init__(self, players: int) -> None:
        self.children: dict[tuple[int, str], _Node] = {}   # (seat to act, action text) -> child
        self.visits = 0
        self.avail = 1            # times this node's action was legal when its parent was visited
        self.reward = [0.0] * players


def _heuristic_class(game_id: str) -> type[Agent[Any]] | None:
    """The class of the game's heuristic agent, or None."""
    from . import HEURISTICS
    if game_id not in HEURISTICS:
        return None
    module, _, attr = HEURISTICS[game_id].partition(":")
    return cast("type[Agent[Any]]", getattr(importlib.import_module(module), attr))


@mypyc_attr(allow_interpreted_subclasses=True)
class ISMCTSAgent(Agent["State[Any]"]):
    """Single-observer ISMCTS (spec ``ismcts``). See the module docstring.

    Plain Python classes may subclass it (tests/agents/test_ismcts.py's cheating agent
    replaces :meth:`determinize`)."""

    spec = "ismcts"

    def __init__(self, **params: object) -> None:
        unknown = sorted(set(params) - set(PARAMS))
        if unknown:
            raise OptionError(f"unknown ismcts parameter {unknown[0]!r}; parameters: {', '.join(PARAMS)}")
        super().__init__(**params)
        self.seconds = None if params.get("seconds") is None else self.float_param("seconds", 0.0)
        if self.seconds is not None and self.seconds <= 0:
            raise OptionError(f"ismcts parameter seconds={params['seconds']!r} must be above 0")
        if "sims" in params:
            self.sims: int | None = self.int_param("sims", 200, 1)
        else:
            self.sims = None if self.seconds is not None else 200
        # None: 0.4 with an evaluation at the horizon, else 0.7 (set per game in _rollout_policies)
        self.c = None if params.get("c") is None else self.float_param("c", 0.0, 0)
        self._c = 0.7 if self.c is None else self.c     # the constant in force
        self.widen = self.float_param("widen", 1.0, 0)
        self.bias = self.float_param("bias", 1.0, 0)
        self.rollout_steps = self.int_param("rollout_steps", 2000, 0)
        given = params.get("horizon")
        horizon: int | str | None = None
        if isinstance(given, str) and given.strip().lower() == "none":
            horizon = "none"                # explicitly off
        elif given is not None:
            horizon = self.int_param("horizon", 0, 0)
        self.horizon = horizon            # None: the game's default; "none": off
        self.seed_offset = self.int_param("seed_offset", 0)
        rollout: str | None = None
        if params.get("rollout") is not None:
            rollout = str(params.get("rollout")).strip()
            if rollout not in ROLLOUTS:
                raise OptionError(f"ismcts parameter rollout={rollout!r}; allowed: {', '.join(ROLLOUTS)}")
        self.rollout = rollout            # None: heuristic if the game has one, else random
        self._policies: list[Agent[Any]] | None = None
        self._policy_game: str | None = None
        self._evaluate: Evaluation | None = None  # heuristic_value of the game's heuristic, or None
        self._horizon: int | None = None  # the horizon in force for that game
        self.last_iterations = 0          # iterations of the last search (for benchmarks)

    # ----- set-up -----------------------------------------------------------------------
    def check_game(self, game_id: str | None) -> None:
        """Raise OptionError if ``rollout=heuristic`` was asked for a game without a
        heuristic agent, or a numeric ``horizon`` for a game whose heuristic agent has no
        ``heuristic_value``."""
        from . import HEURISTICS
        if self.rollout == "heuristic" and game_id is not None and game_id not in HEURISTICS:
            raise OptionError(f"ismcts rollout=heuristic: no heuristic agent for game {game_id!r}; "
                              f"games with one: {', '.join(sorted(HEURISTICS))}")
        if isinstance(self.horizon, int) and game_id is not None \
                and not hasattr(_heuristic_class(game_id), "heuristic_value"):
            with_value = [g for g in sorted(HEURISTICS) if hasattr(_heuristic_class(g), "heuristic_value")]
            raise OptionError(f"ismcts horizon={self.horizon}: game {game_id!r} has no heuristic_value to "
                              f"score a cut rollout; games with one: {', '.join(with_value) or 'none'} "
                              f"(horizon=none plays rollouts to the end)")

    def reset(self, seed: int | None, seat: int) -> None:
        super().reset(None if seed is None else seed + self.seed_offset, seat)

    def _rollout_policies(self, game: Game) -> list[Agent[Any]] | None:
        """One heuristic agent per seat, or None for uniform random rollouts; also sets the
        evaluation and horizon in force for this game."""
        if self._policy_game != game.game_id or (self._policies is not None
                                                 and len(self._policies) != game.num_players):
            self.check_game(game.game_id)
            self._policy_game = game.game_id
            self._policies = None
            cls = _heuristic_class(game.game_id)
            if self.rollout != "random" and cls is not None:
                self._policies = [cls() for _ in range(game.num_players)]
            evaluate: Evaluation | None = getattr(cls(), "heuristic_value", None) if cls is not None else None
            horizon = self.horizon
            self._evaluate = evaluate
            if horizon == "none" or evaluate is None:
                self._evaluate, self._horizon = None, None
            elif horizon is None:
                default: int | None = getattr(cls, "ROLLOUT_HORIZON", None)
                self._horizon = default
                if default is None:
                    self._evaluate = None
            else:
                self._horizon = int(horizon)
            if self.c is None:
                self._c = 0.4 if self._evaluate is not None else 0.7
        return self._policies

    # ----- search -----------------------------------------------------------------------
    def step(self, state: State[Any]) -> str:
        legal = state.legal_texts()
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        me = state.current_player()
        n = state.game.num_players
        policies = self._rollout_policies(state.game)
        root = _Node(n)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        iterations = 0
        while True:
            if self.sims is not None and iterations >= self.sims:
                break
            if deadline is not None and iterations and time.perf_counter() >= deadline:
                break
            world = self.determinize(state)
            world.set_quiet()  # a rollout needs only the returns, not the log's sentences
            self._iterate(root, world, n, policies)
            iterations += 1
        self.last_iterations = iterations
        best = legal[0]
        best_key: tuple[int, float, int] | None = None
        for i, text in enumerate(legal):
            child = root.children.get((me, text))
            if child is None:
                continue
            key = (child.visits, child.reward[me] / child.visits, -i)
            if best_key is None or key > best_key:
                best, best_key = text, key
        return best

    def determinize(self, state: State[Any]) -> State[Any]:
        """A full state drawn from those this seat cannot tell from ``state``
        (``state.resample(self.seat, self.rng)``): where one iteration starts."""
        return state.resample(self.seat, self.rng)

    def _iterate(self, root: _Node, st: State[Any], n: int, policies: list[Agent[Any]] | None) -> None:
        rng = self.rng
        c = self._c
        widen = self.widen
        bias = self.bias
        log, sqrt = math.log, math.sqrt
        path = [root]
        node = root
        if policies is not None:
            for seat, agent in enumerate(policies):
                agent.reset(rng.getrandbits(32), seat)
        # selection and expansion
        while True:
            p = st._current_player()
            if p == TERMINAL:
                break
            if p == CHANCE:
                st._apply_legal(sample_chance(st, rng))
                continue
            legal = st.legal_texts()
            children = node.children
            untried: list[str] = []
            available: list[tuple[str, _Node]] = []
            for text in legal:
                child = children.get((p, text))
                if child is None:
                    untried.append(text)
                else:
                    child.avail += 1
                    available.append((text, child))
            if untried and (not widen or len(available) < 1 + widen * sqrt(node.visits)):
                new: str | None = None
                if policies is not None and len(untried) > 1:
                    choice = policies[p].step(st)     # the rollout policy's move is tried first
                    if choice in untried:
                        new = choice
                if new is None:
                    new = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                child = _Node(n)
                children[(p, new)] = child
                st._apply_legal(new)
                path.append(child)
                break
            hint: str | None = None
            if bias and policies is not None and len(available) > 1:
                hint = policies[p].step(st)
            best_text: str | None = None
            best_child: _Node | None = None
            best_score = -math.inf
            for text, child in available:
                score = child.reward[p] / child.visits + c * sqrt(log(child.avail) / child.visits)
                if text == hint:
                    score += bias / (child.visits + 1)
                if score > best_score:
                    best_text, best_child, best_score = text, child, score
            # UCB1 scores are finite (every child was visited): some child was chosen
            assert best_text is not None and best_child is not None
            st._apply_legal(best_text)
            node = best_child
            path.append(node)
        # simulation
        returns = self._simulate(st, n, policies)
        # back-propagation
        for nd in path:
            nd.visits += 1
            if returns is not None:
                reward = nd.reward
                for i in range(n):
                    reward[i] += returns[i]

    def _simulate(self, st: State[Any], n: int, policies: list[Agent[Any]] | None) -> list[float] | None:
        """Play the determinized state on; its returns, the heuristic's values if cut at the
        horizon, or None (all 0) if cut short without an evaluation."""
        rng = self.rng
        limit = self.rollout_steps
        evaluate = self._evaluate
        horizon = self._horizon
        if evaluate is not None and horizon is not None:
            limit = min(limit, horizon)
        decisions = 0
        while True:
            p = st._current_player()
            if p == TERMINAL:
                return st.returns()
            if p == CHANCE:
                st._apply_legal(sample_chance(st, rng))
                continue
            if decisions >= limit:
                if evaluate is not None:
                    return [evaluate(st, seat) for seat in range(n)]
                return None
            legal = st.legal_texts()
            if len(legal) == 1:
                text = legal[0]
            elif policies is None:
                text = legal[rng.randrange(len(legal))]
            else:
                text = policies[p].step(st)
                if text not in legal:
                    st.apply_action(text, seat=p)  # a spelling variant, or IllegalActionError
                    decisions += 1
                    continue
            st._apply_legal(text)
            decisions += 1
