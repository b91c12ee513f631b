"""Every Energy card and Evolution of the kot-godzilla card data has an effect. The tests of
each card are in test_gz_powers.py, test_gz_actions.py and test_gz_evo_<monster>.py."""

from tokyo.core import game_catalogue
from tokyo.games.kingoftokyo.godzilla import GodzillaState


def test_every_card_and_evolution_has_an_effect():
    ids = {e["id"] for e in game_catalogue("kot-godzilla") if e["type"] != "MONSTER"}
    assert ids <= GodzillaState.effects.ids()


def test_no_effect_is_registered_for_an_id_the_data_does_not_have():
    ids = {e["id"] for e in game_catalogue("kot-godzilla") if e["type"] != "MONSTER"}
    assert GodzillaState.effects.ids() <= ids
