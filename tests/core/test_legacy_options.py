"""Options with a ``legacy`` value: records made before such an option existed replay as the
game was then played (docs/architecture.md, Skipped questions and old records).

The test game is Pig with one change: after rolling a 2 the player always rolls again, so
the engine no longer asks ``roll``/``hold`` there, unless ``ask_always`` (legacy: true)
restores the question. A history recorded before holds the answer ``roll`` after each 2.
"""

from __future__ import annotations

import pytest

import toygame
from tokyo import IllegalActionError, load_game, play_game, register_game
from tokyo.agents import RandomAgent
from tokyo.core import GameInfo, Option, load_recorded_game, recorded_options
from tokyo.sim import replay_record

GAME_ID = "toy-pig-skip"


class SkipState(toygame.PigState):
    def _apply(self, text: str) -> None:
        super()._apply(text)
        # a 2 just rolled: rolling again is the only sensible answer, so it is not asked
        if (text == "roll 2" and not self.over and not self.awaiting_roll
                and not self.game.options["ask_always"]):
            self.awaiting_roll = True

    def clone(self) -> "SkipState":
        other = SkipState(self.game)
        for k in ("scores", "player", "turn_total", "awaiting_roll", "over", "winner", "turn_count"):
            v = getattr(self, k)
            setattr(other, k, list(v) if isinstance(v, list) else v)
        self._copy_base_into(other)
        return other


class SkipGame(toygame.PigGame):
    info = GameInfo(GAME_ID, "Pig that rolls again after a 2", 2, 3, 2, toygame.INFO.options + (
        Option("ask_always", False, "ask after a 2 too", kind="bool", legacy=True),))

    def new_initial_state(self):
        return SkipState(self)

    def _new_blank_state(self):
        return SkipState(self)


register_game(GAME_ID, SkipGame)


def _old_record(seed: int) -> dict:
    """A record as the engine wrote it before ``ask_always`` existed: the question after a 2
    was asked, and the option is not in the record."""
    game = load_game(GAME_ID, 2, ask_always=True)
    rec = play_game(game, [RandomAgent(), RandomAgent()], seed=seed).as_dict()
    del rec["options"]["ask_always"]
    return rec


def _asked_after_a_two(history: list[str]) -> bool:
    return any(a == "roll 2" and b in ("roll", "hold") for a, b in zip(history, history[1:]))


def test_recorded_options_give_an_option_the_record_lacks_its_legacy_value():
    info = SkipGame.info
    assert recorded_options(info, {"target": 30})["ask_always"] is True
    assert recorded_options(info, {"target": 30, "ask_always": False})["ask_always"] is False
    assert load_recorded_game(GAME_ID, 2, {"target": 30}).options["ask_always"] is True
    assert load_game(GAME_ID, 2).options["ask_always"] is False   # a new game: the default


def test_legacy_game_sets_every_legacy_option():
    game = load_game(GAME_ID, 2, target=30)
    older = game.legacy()
    assert older.options == dict(game.options, ask_always=True)
    assert older.legacy() is None
    assert load_game("toy-pig", 2).legacy() is None   # no option with a legacy value


def test_an_old_history_replays_on_the_game_it_was_played_on():
    rec = next(r for r in map(_old_record, range(50)) if _asked_after_a_two(r["history"]))
    game = load_game(GAME_ID, 2, **rec["options"])
    assert game.options["ask_always"] is False
    state = game.replay(rec["history"])
    assert state.game.options["ask_always"] is True
    assert state.returns() == rec["returns"] and state.history() == rec["history"]
    result = replay_record(rec)
    assert result.ok and result.state.game.options["ask_always"] is True


def test_a_new_history_replays_as_it_is():
    rec = play_game(load_game(GAME_ID, 2), [RandomAgent(), RandomAgent()], seed=3).as_dict()
    assert rec["options"]["ask_always"] is False
    state = load_game(GAME_ID, 2).replay(rec["history"])
    assert state.game.options["ask_always"] is False and state.returns() == rec["returns"]
    assert replay_record(rec).ok


def test_a_history_legal_on_neither_game_raises_the_first_error():
    game = load_game(GAME_ID, 2)
    with pytest.raises(IllegalActionError, match="'hold' is not legal now. Legal: roll 1"):
        game.replay(["hold"])   # the error of the game as loaded, not of its legacy form


def test_legacy_variants_try_every_legacy_option_first_then_each_alone():
    """kot-dark has two options with a legacy value (ask_always R41, resolve_done R42): a record
    made between them names ask_always and lacks resolve_done, so Game.replay must also try
    the game with only resolve_done at its legacy value."""
    game = load_game("kot-dark", 2)
    variants = [{k: g.options[k] for k in ("ask_always", "resolve_done")} for g in game.legacy_variants()]
    assert variants == [{"ask_always": True, "resolve_done": False}, {"ask_always": True, "resolve_done": True},
                        {"ask_always": False, "resolve_done": False}]
    assert game.legacy() == game.legacy_variants()[0]
    assert load_game("kot-dark", 2, resolve_done=False).legacy_variants()[0].options["ask_always"] is True
    assert load_game("kot-dark", 2, ask_always=True, resolve_done=False).legacy_variants() == []
    assert load_game(GAME_ID, 2).legacy_variants() == [load_game(GAME_ID, 2).legacy()]
