"""Rulings C7 (no Superiority at zero spheres) and C20 (a Threat's passive on either side)."""

import pytest

import tokyo
from tokyo.games.crisis.position import build_position


def _conflict(attacker_cards, defender_reserve, district, att_power, def_power, def_hand=()):
    # the script answers every question (ask_always: also those with one answer, C25)
    game = tokyo.load_game("crisis-tokyo", players=2, ask_always=True)
    tokyo_slots = [district] + [d for d in ("jimbocho", "nerima", "nakano", "haneda", "ikebukuro")
                                if d != district][:4]
    state = build_position(game, hands=[list(attacker_cards), list(def_hand)],
                           reserves=[[], [{"card": c} for c in defender_reserve]],
                           tokyo=tokyo_slots, active=0, actions_left=2)
    state.apply_action(f"attack {district}")
    for c in attacker_cards:
        if f"send {c}" in state.legal_texts():
            state.apply_action(f"send {c}")
    if "done" in state.legal_texts():
        state.apply_action("done")
    state.apply_action(f"power {att_power}")
    state.apply_action("defend")
    for i in list(state.reserves[1]):
        state.apply_action(f"deploy {i['uid']}")
    if "done" in state.legal_texts():
        state.apply_action("done")
    state.apply_action(f"power {def_power}")
    return state


@pytest.mark.rule("crisis-tokyo C7", "crisis-tokyo 13.7.4")
def test_c7_no_superiority_for_zero_spheres_even_with_a_district_bonus():
    # Asakusa gives the defending side +1; the Cop has 2 fire, 0 mystic.
    game = tokyo.load_game("crisis-tokyo", players=2)
    cards = game.cards
    assert cards["district"]["asakusa"]["special"]["defender_bonus"] == 1
    state = _conflict(["master-of-the-eagles-claw"], ["retiring-in-two-days-cop"], "asakusa", "martial", "mystic")
    # Mystic is superior to Martial arts (Dragon A), but the defenders have no mystic sphere:
    att, dfn = state.combat_totals()
    assert (att, dfn) == (5, 1)
    state2 = _conflict(["master-of-the-eagles-claw"], ["retiring-in-two-days-cop"], "asakusa", "martial", "fire")
    # with fire (superior to martial) and 2 spheres the bonus applies: 2 + 1 + 2
    assert state2.combat_totals() == (5, 5)


@pytest.mark.rule("crisis-tokyo C20")
def test_c20_a_threat_passive_counts_on_the_defending_side_too():
    # The defender portals in two Threats (Soul Brother: martial 4, +1 per other Threat;
    # Sinister Sentai Black: martial 2 tech 2, +1 per other Threat) and defends with martial.
    state = _conflict(["master-of-the-eagles-claw"], [], "harajuku", "martial", "martial",
                      def_hand=["dimensional-portal", "summon-the-understudy"])
    assert state.current_player() == 1
    state.apply_action("play dimensional-portal a")
    state.apply_action("reveal soul-brother-funky-fist")
    state.apply_action("half threat")
    state.apply_action("pass")   # the attacker passes; the defender goes on
    state.apply_action("play summon-the-understudy a")
    state.apply_action("reveal sinister-sentai-black")
    state.apply_action("half threat")
    # 4 + 2 martial spheres, +1 for each of the two Threats for the other one
    assert state.side_total("def", "martial") == 4 + 2 + 1 + 1
    assert state.combat_totals() == (5, 8)


def test_resample_keeps_a_card_everyone_saw_go_into_a_hand():
    import random
    game = tokyo.load_game("crisis-tokyo", players=2, ask_always=True)
    state = build_position(game, hands=[[], ["master-of-the-eagles-claw"]],
                           reserves=[[{"card": "kind-alien"}], []],
                           discards={"character": ["retiring-in-two-days-cop"]}, active=0, actions_left=2)
    uid = state.reserves[0][0]["uid"]
    state.apply_action(f"talent {uid} 0")
    state.apply_action("take retiring-in-two-days-cop")
    assert state.known_cards[0] == ["retiring-in-two-days-cop"]
    assert state.observation(1)["known_cards"][0] == ["retiring-in-two-days-cop"]
    for seed in range(20):
        other = state.resample(1, random.Random(seed))
        assert "retiring-in-two-days-cop" in other.hands[0]
    state.apply_action("recruit retiring-in-two-days-cop")
    assert state.known_cards[0] == []


@pytest.mark.rule("crisis-tokyo C21", "crisis-tokyo 18.2.1")
def test_c21_a_value_reduced_below_zero_becomes_zero():
    from tokyo.games.crisis.effects import _add_spheres
    game = tokyo.load_game("crisis-tokyo", players=2)
    state = build_position(game, reserves=[[{"card": "soldier-from-the-future"}], []], active=0)
    inst = state.reserves[0][0]
    assert state.spheres(inst, "fire") == 1
    _add_spheres(state, inst, "fire", -2, "Recoil Shot")
    assert state.spheres(inst, "fire") == 0
    _add_spheres(state, inst, "fire", 1, "Recoil Shot")
    assert state.spheres(inst, "fire") == 1


@pytest.mark.rule("crisis-tokyo 17.2.1")
def test_collateral_damage_counts_passive_bonuses_only_in_the_attack_power():
    game = tokyo.load_game("crisis-tokyo", players=2, collateral_damage=True, ask_always=True)
    state = build_position(game, hands=[["stuntman-in-a-rubber-suit", "sinister-sentai-black"], []],
                           tokyo=["ginza", "akihabara", "harajuku", "asakusa", "roppongi"], active=0)
    for a in ["attack ginza", "send stuntman-in-a-rubber-suit", "send sinister-sentai-black", "power mystic",
              "decline", "pass"]:
        state.apply_action(a)
    # 2 martial and 2 tech (Black Ranger), 4 mystic from the passives: Ginza needs 6 martial or 5 tech
    assert state.districts[0] == []
    assert any("fails to level Ginza" in e.text for e in state.log)


def test_observation_of_a_seat_out_of_range_is_refused():
    import pytest
    game = tokyo.load_game("crisis-tokyo", players=2)
    state = build_position(game, active=0)
    for bad in (-1, 2, 7):
        with pytest.raises(ValueError, match="seat must be from 0 to 1"):
            state.observation(bad)
    kot = tokyo.load_game("kot-dark", players=3).new_initial_state()
    with pytest.raises(ValueError, match="seat must be from 0 to 2"):
        kot.observation(-1)
