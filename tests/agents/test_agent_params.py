"""Agent specs: every agent rejects a parameter it does not read (naming the ones it does)
and a value of the wrong kind, each with a one-line OptionError."""

import pytest

from tokyo import OptionError
from tokyo.agents import RandomAgent, make_agent, parse_spec


@pytest.mark.parametrize("spec,game,allowed", [
    ("heuristic:x=1", "kot-dark", ("yield_at", "energy_value")),
    ("heuristic:risk=1", "kot-dark", ("yield_at", "energy_value")),   # a Crisis parameter
    ("heuristic:x=1", "crisis-tokyo", ("risk", "defend_margin", "want_characters")),
    ("heuristic:yield_at=3", "crisis-tokyo", ("risk", "defend_margin", "want_characters")),
    ("ismcts:x=1", "kot-dark", ("sims", "seconds", "horizon")),
])
def test_unknown_parameter_names_the_allowed_ones(spec, game, allowed):
    with pytest.raises(OptionError) as info:
        make_agent(spec, game)
    message = str(info.value)
    assert "\n" not in message and "unknown" in message and "parameter" in message
    assert repr(spec.split(":")[1].split("=")[0]) in message
    assert all(name in message for name in allowed)


def test_random_takes_no_parameters():
    with pytest.raises(OptionError, match=r"^the random agent takes no parameters \(got 'seed'\)$"):
        make_agent("random:seed=3")
    with pytest.raises(OptionError, match="no parameters"):
        RandomAgent(x=1)
    assert make_agent("random:").params == {} and make_agent("random").spec == "random"


@pytest.mark.parametrize("spec,game,words", [
    ("heuristic:yield_at=many", "kot-dark", ("yield_at='many'", "an integer")),
    ("heuristic:yield_at=2.5", "kot-dark", ("yield_at='2.5'", "an integer")),
    ("heuristic:yield_at=", "kot-dark", ("yield_at=''", "an integer")),
    ("heuristic:energy_value=lots", "kot-dark", ("energy_value='lots'", "a number")),
    ("heuristic:energy_value=inf", "kot-dark", ("energy_value='inf'", "a number")),
    ("heuristic:risk=high", "crisis-tokyo", ("risk='high'", "an integer")),
    ("heuristic:defend_margin=1.5", "crisis-tokyo", ("defend_margin='1.5'", "an integer")),
    ("heuristic:want_characters=x", "crisis-tokyo", ("want_characters='x'", "an integer")),
    ("heuristic:yield_at", "kot-dark", ("key=value",)),
])
def test_bad_values_are_one_line_errors(spec, game, words):
    with pytest.raises(OptionError) as info:
        make_agent(spec, game)
    message = str(info.value)
    assert "\n" not in message and all(w in message for w in words), message


def test_good_parameters_are_read():
    kot = make_agent("heuristic:yield_at=3,energy_value=0.5", "kot-dark")
    assert (kot.yield_at, kot.energy_value, kot.spec) == (3, 0.5, "heuristic:yield_at=3,energy_value=0.5")
    crisis = make_agent("heuristic: risk = -1 , defend_margin=0,want_characters=4", "crisis-tokyo")
    assert (crisis.risk, crisis.defend_margin, crisis.want_characters) == (-1, 0, 4)
    default = make_agent("heuristic", "kot-dark")
    assert (default.yield_at, default.energy_value) == (5, 0.4)


def test_semicolons_separate_parameters_as_in_the_command_line():
    assert parse_spec("ismcts:sims=20;horizon=8") == ("ismcts", {"sims": "20", "horizon": "8"})
    agent = make_agent("ismcts:sims=20;horizon=8", "kot-dark")
    assert (agent.sims, agent.horizon) == (20, 8)


def test_a_parameter_split_off_by_a_comma_says_how_to_separate_them():
    # `--agents ismcts:sims=20,horizon=8` makes "horizon=8" a second agent
    with pytest.raises(OptionError, match=r"unknown agent 'horizon=8'.*';'.*agents: random, heuristic, ismcts, policy"):
        make_agent("horizon=8", "kot-dark")
    with pytest.raises(OptionError, match=r"^unknown agent 'alphazero'; agents: random, heuristic, ismcts, policy$"):
        make_agent("alphazero", "kot-dark")
