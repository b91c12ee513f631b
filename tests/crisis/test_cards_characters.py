"""Every Character of Crisis: Tokyo, both halves: the Threat's spheres and passive, the
Hero's spheres and Talent.

Generated cases take their expected numbers from the printed card (the TOML data read
by the tests themselves): a Threat's side total is its printed spheres of each power
(wildcards: the chosen power), a Hero's spheres in the Reserve and in defence likewise;
each Talent is usable once per turn and ``destroy_self`` destroys its user. Then one
test per Threat passive and per Talent checks its exact effect. Test ids and names
carry the card id (``<card>:threat`` / ``<card>:hero``).
"""

from __future__ import annotations

import pytest

from card_helpers import (CHARACTERS, POWERS, card_mark, conflict, conflict_op, draws, finish_combat, half, in_play, inst,
                          kind, legal, manoeuvre_turn, play, position, printed, resolve_choices, talent_scenario,
                          talent_text, targets, uid)

THREATS = [pytest.param(c, id=f"{c}:threat", marks=card_mark(f"{c}:threat")) for c in CHARACTERS]
HEROES = [pytest.param(c, id=f"{c}:hero", marks=card_mark(f"{c}:hero")) for c in CHARACTERS]
TALENTED = [pytest.param(c, k, id=f"{c}:hero:{k}", marks=card_mark(f"{c}:hero")) for c in CHARACTERS
            for k in range(len(CHARACTERS[c]["hero"].get("talents", [])))]


def passive(cid: str) -> dict:
    return CHARACTERS[cid]["threat"].get("passive", {})


def with_passive(key: str) -> list:
    return [pytest.param(c, id=f"{c}:threat", marks=card_mark(f"{c}:threat")) for c in CHARACTERS if key in passive(c)]


# ===================================================================== Threat halves
@pytest.mark.parametrize("cid", THREATS)
def test_threat_side_total_is_its_printed_spheres(cid):
    # alone on the attacking side, wildcards chosen as Mystic powers, against the Drill Sergeant (3 fire)
    hero = "colonel-bazookas-mercenaries" if cid != "colonel-bazookas-mercenaries" else "retiring-in-two-days-cop"
    state = conflict([cid], [hero], att_power="mystic", def_power="fire", wild="mystic")
    t = inst(state, cid)
    assert t["half"] == "threat"
    for p in POWERS:
        assert state.spheres(t, p) == printed(cid, "threat", p, wild="mystic"), p
        assert state.side_total("att", p) == printed(cid, "threat", p, wild="mystic"), p
    # Ryogoku: no Superiority, so the combat totals are the printed spheres
    assert state.combat_totals() == (printed(cid, "threat", "mystic", wild="mystic"), printed(hero, "hero", "fire"))


@pytest.mark.rule("crisis-tokyo card:odaiba")
@pytest.mark.parametrize("cid", THREATS)
def test_threat_attacks_with_its_strongest_power_and_levels_odaiba_iff_five(cid):
    sph = half(cid, "threat")["spheres"]
    power = "fire" if "wild" in sph or not sph else max(POWERS, key=lambda p: sph.get(p, 0))
    total = printed(cid, "threat", power, wild=power)
    state = conflict([cid], district="odaiba", att_power=power, defender=None)
    assert state.side_total("att", power) == total
    play(state, "pass")
    assert state.districts[0] == (["odaiba"] if total >= 5 else [])


def test_threat_wildcards_are_asked_when_sent_and_stay_that_power():
    state = position(district="ryogoku", hands=[["the-evil-twin", "killer-virtual-pet-swarm"], []])
    play(state, "attack ryogoku", "send the-evil-twin")
    assert kind(state) == "wild" and state.node[1] == 0
    assert legal(state) == [f"power {p}" for p in POWERS]
    play(state, "power tech", "send killer-virtual-pet-swarm", "power fire")
    twin, swarm = inst(state, "the-evil-twin"), inst(state, "killer-virtual-pet-swarm")
    assert (twin["wild"], swarm["wild"]) == ("tech", "fire")
    play(state, "power fire")
    # Twin: 0 fire; Swarm: 2 fire + 1 for the other Threat
    assert state.side_total("att", "fire") == 3
    assert state.side_total("att", "tech") == 2 + 1


# ----- Threat passives --------------------------------------------------------------------
@pytest.mark.parametrize("cid", with_passive("bonus_per_other_threat"))
def test_threat_bonus_per_other_threat(cid):
    bonus = passive(cid)["bonus_per_other_threat"]
    alone = conflict([cid], att_power="martial", defender=None, wild="martial")
    assert alone.side_total("att", "martial") == printed(cid, "threat", "martial", wild="martial")
    # with Master of the Eagle's Claw (5 martial, no passive): one other Threat
    pair = conflict([cid, "master-of-the-eagles-claw"], att_power="martial", defender=None, wild="martial")
    assert pair.side_total("att", "martial") == printed(cid, "threat", "martial", wild="martial") + 5 + bonus
    # the bonus is of the attack power only if the side attacks with it: side_total(p) adds it for any p
    assert pair.side_total("att", "mystic") == printed(cid, "threat", "mystic", wild="martial") + bonus


def test_two_bonus_threats_each_count_the_other():
    # Mariachi Zombie (3 monster, +1) and Stuntman (grey, +3) attacking with monster
    state = conflict(["mariachi-zombie", "stuntman-in-a-rubber-suit"], att_power="monster", defender=None)
    assert state.side_total("att", "monster") == 3 + 1 + 0 + 3


def test_bonus_per_other_threat_counts_for_levelling():
    # Soul Brother Funky Fist (4 martial, +1) + Drunken Master (4 martial) level Kabukicho (martial 5)
    state = conflict(["soul-brother-funky-fist", "drunken-master-of-the-ninth-bottle"], district="kabukicho",
                     att_power="martial", defender=None)
    assert state.side_total("att", "martial") == 4 + 1 + 4
    play(state, "pass")
    assert state.districts[0] == ["kabukicho"]


def test_stuntman_alone_is_grey_and_cannot_level():
    state = conflict(["stuntman-in-a-rubber-suit"], district="shimokitazawa", att_power="martial", defender=None)
    assert all(state.side_total("att", p) == 0 for p in POWERS)
    play(state, "pass")
    assert state.districts[0] == []


@pytest.mark.parametrize("cid", with_passive("counts_as"))
def test_threat_counts_as_for_the_defender_reward(cid):
    # attacking with a power the Threat has no sphere of loses against the Cop's 2 fire
    power = next(p for p in POWERS if printed(cid, "threat", p) == 0)
    state = conflict([cid], ["retiring-in-two-days-cop"], att_power=power, def_power="fire")
    assert state.combat_totals()[0] == 0
    finish_combat(state)
    assert len(draws(state, 1)) == passive(cid)["counts_as"]
    # with a plain Threat beside it: one more card
    other = "swamp-kappa" if power != "monster" and power != "mystic" else "colonel-bazookas-mercenaries"
    assert printed(other, "threat", power) == 0
    state = conflict([cid, other], ["retiring-in-two-days-cop"], att_power=power, def_power="fire")
    finish_combat(state)
    assert len(draws(state, 1)) == passive(cid)["counts_as"] + 1


@pytest.mark.parametrize("cid", with_passive("reward"))
def test_threat_reward_when_the_district_is_levelled(cid):
    # with Master of the Eagle's Claw (5 martial) at Odaiba (5 white)
    state = conflict([cid, "master-of-the-eagles-claw"], district="odaiba", att_power="martial", defender=None,
                     wild="martial")
    play(state, "pass")
    assert state.districts[0] == ["odaiba"]
    assert len(draws(state, 0)) == 1 + passive(cid)["reward"]


@pytest.mark.parametrize("cid", with_passive("reward"))
def test_threat_reward_nothing_when_not_levelled(cid):
    # Ryogoku has no Firepower value
    state = conflict([cid], district="ryogoku", att_power="fire", defender=None, wild="fire")
    play(state, "pass")
    assert state.districts[0] == []
    assert kind(state) == "action" and len(state.hands[0]) == 0


@pytest.mark.parametrize("cid", with_passive("untargetable"))
def test_threat_untargetable_by_other_players(cid):
    # the defender's Occurrence and Talent find nothing; a Gift may still be given to it
    state = conflict([cid], ["swamp-kappa"], att_power="mystic", def_power="monster", wild="mystic",
                     def_hand=["disarmed", "sudden-radioactive-mutation"])
    t = inst(state, cid)
    before = state.combat_totals()
    assert "play disarmed a" in legal(state)             # ruling C16: playable for nothing
    assert talent_text(state, "swamp-kappa") in legal(state)
    play(state, "play disarmed a")
    assert kind(state) == "manoeuvre" and state.node[1] == 0
    assert state.combat_totals() == before and t["mods"] == {}
    play(state, "pass")
    play(state, talent_text(state, "swamp-kappa"))
    assert kind(state) == "manoeuvre" and t["mods"] == {}
    play(state, "play sudden-radioactive-mutation b")
    assert kind(state) == "gift-host" and targets(state) == [cid]
    play(state, f"host {t['uid']}")
    assert state.spheres(t, "monster") == printed(cid, "threat", "monster") + 2


@pytest.mark.parametrize("cid", with_passive("untargetable"))
def test_threat_untargetable_still_chosen_by_its_owner(cid):
    state = conflict([cid], ["swamp-kappa"], att_power="mystic", def_power="monster", wild="mystic",
                     att_hand=["forbidden-chant"])
    manoeuvre_turn(state, 0)
    play(state, "play forbidden-chant a")
    assert targets(state) == [cid]
    play(state, f"target {uid(state, cid)}")
    assert state.side_total("att", "mystic") == printed(cid, "threat", "mystic", wild="mystic") + 2


def test_threat_passive_keys_are_the_format_vocabulary():
    used = {k for c in CHARACTERS.values() for k in c["threat"].get("passive", {})}
    assert used == {"bonus_per_other_threat", "counts_as", "reward", "untargetable"}
    assert all("passive" not in c["hero"] for c in CHARACTERS.values())


# ===================================================================== Hero halves
@pytest.mark.parametrize("cid", HEROES)
def test_hero_recruited_with_its_printed_spheres(cid):
    state = position(hands=[[cid], []])
    play(state, f"recruit {cid}")
    if "wild" in half(cid, "hero")["spheres"]:
        assert kind(state) == "wild" and state.node[1] == 0
        play(state, "power tech")
    assert kind(state) == "action" and state.actions_left == 1
    assert state.hands[0] == []
    [h] = state.reserves[0]
    assert (h["card"], h["half"], h["owner"]) == (cid, "hero", 0)
    for p in POWERS:
        assert state.spheres(h, p) == printed(cid, "hero", p, wild="tech"), p
    assert state.total_spheres(h) == sum(printed(cid, "hero", p, wild="tech") for p in POWERS)


@pytest.mark.parametrize("cid", HEROES)
def test_hero_defends_with_its_printed_spheres(cid):
    threat = "cyborg-sumo-champion" if cid != "cyborg-sumo-champion" else "master-of-the-eagles-claw"
    sph = half(cid, "hero")["spheres"]
    power = "fire" if "wild" in sph or not sph else max(POWERS, key=lambda p: sph.get(p, 0))
    state = conflict([threat], [{"card": cid, "wild": "fire"}], att_power="martial", def_power=power)
    h = inst(state, cid)
    for p in POWERS:
        assert state.side_total("def", p) == printed(cid, "hero", p, wild="fire"), p
    # Ryogoku: no Superiority
    assert state.combat_totals() == (printed(threat, "threat", "martial"), printed(cid, "hero", power, wild="fire"))
    assert h["half"] == "hero"


# ----- every Talent: once per turn, destroy_self ----------------------------------------------
@pytest.mark.parametrize("cid, k", TALENTED)
def test_hero_talent_once_per_turn_and_destroy_self(cid, k):
    t = CHARACTERS[cid]["hero"]["talents"][k]
    state, user = talent_scenario(cid, t["effects"])
    text = talent_text(state, cid, k)
    assert text in legal(state)
    me = uid(state, cid)
    actions = state.actions_left
    play(state, text)
    resolve_choices(state, avoid_uid=me)
    if user == 0:
        extra = sum(o["n"] for o in t["effects"] if o["op"] == "actions")
        assert state.actions_left == actions - 1 + extra
    else:
        manoeuvre_turn(state, user)
    if t["destroy_self"]:
        assert not in_play(state, cid)
        assert cid in state.discards["character"]
    else:
        assert in_play(state, cid)
        assert not any(x.startswith(f"talent {me} ") for x in legal(state))


@pytest.mark.parametrize("cid, k", TALENTED)
def test_hero_talent_where_it_may_be_used(cid, k):
    t = CHARACTERS[cid]["hero"]["talents"][k]
    outside = position(reserves=[[{"card": cid}], []])
    usable_outside = not conflict_op(t["effects"])
    assert (talent_text(outside, cid, k) in legal(outside)) == usable_outside
    # in a Conflict: not for "actions"; deploy_from_reserve only for the defender
    inside = conflict(["radioactive-sumo-lizard"], ["retiring-in-two-days-cop"], def_bench=[cid],
                      def_power="fire")
    names = {o["op"] for o in t["effects"]}
    assert (talent_text(inside, cid, k) in legal(inside)) == ("actions" not in names)


def test_a_talent_spends_the_last_action():
    state = position(reserves=[[{"card": "dark-magical-girl-ruby-despair"}], []], actions_left=1)
    play(state, talent_text(state, "dark-magical-girl-ruby-despair"))
    draws(state, 0)
    assert state.active == 1 and kind(state) == "action"


def test_talent_used_on_own_turn_again_in_another_players_conflict():
    # ruling C5: Sailor Bento draws on seat 1's turn, and again in seat 0's Conflict next turn
    state = position(hands=[["radioactive-sumo-lizard"], []],
                     reserves=[[], [{"card": "dark-magical-girl-ruby-despair"}]], active=1, district="ryogoku")
    bento = talent_text(state, "dark-magical-girl-ruby-despair")
    play(state, bento)
    draws(state, 1)
    assert bento not in legal(state)
    play(state, "end")
    assert state.active == 0
    play(state, "attack ryogoku", "send radioactive-sumo-lizard", "power monster", "defend",
         f"deploy {uid(state, 'dark-magical-girl-ruby-despair')}", "power martial")
    assert kind(state) == "manoeuvre" and bento in legal(state)


# ----- each Talent's effect ---------------------------------------------------------------------
@pytest.mark.rule("crisis-tokyo card:master-of-the-eagles-claw:hero")
def test_master_of_the_eagles_claw_hero_sweep_the_leg():
    state = conflict(["cyborg-sumo-champion"], ["master-of-the-eagles-claw"], att_power="martial",
                     def_power="martial")
    assert state.combat_totals() == (4, 2)
    play(state, talent_text(state, "master-of-the-eagles-claw"))
    assert targets(state) == ["cyborg-sumo-champion"]
    play(state, f"target {uid(state, 'cyborg-sumo-champion')}")
    assert kind(state) == "spheres-power" and legal(state) == [f"power {p}" for p in POWERS]
    play(state, "power martial")
    assert state.spheres(inst(state, "cyborg-sumo-champion"), "martial") == 3
    assert state.spheres(inst(state, "cyborg-sumo-champion"), "tech") == 2
    assert state.combat_totals() == (3, 2)


@pytest.mark.rule("crisis-tokyo card:mystery-solving-schoolgirl:hero")
def test_mystery_solving_schoolgirl_hero_gather_in_the_drawing_room():
    state = conflict(["cyborg-sumo-champion"], ["mystery-solving-schoolgirl"], att_power="martial",
                     def_power="mystic")
    assert state.combat_totals() == (4, 1)
    play(state, talent_text(state, "mystery-solving-schoolgirl"))
    assert kind(state) == "change-power" and state.node[1] == 1
    play(state, "power tech")
    assert (state.conflict["att_power"], state.conflict["def_power"]) == ("tech", "mystic")
    assert state.combat_totals() == (2, 1)


@pytest.mark.rule("crisis-tokyo card:kind-alien:hero")
def test_kind_alien_hero_phone_home_for_a_favour():
    # the Example of Play: the Kind Alien puts the Soldier from the Future into the hand
    state = position(reserves=[[{"card": "kind-alien"}], []],
                     discards={"character": ["soldier-from-the-future", "tengu-warlord"]})
    play(state, talent_text(state, "kind-alien"))
    assert kind(state) == "from-discard"
    assert legal(state) == ["take soldier-from-the-future", "take tengu-warlord"]
    play(state, "take soldier-from-the-future")
    assert state.hands[0] == ["soldier-from-the-future"]
    assert state.reserves[0] == []
    assert state.discards["character"] == ["tengu-warlord", "kind-alien"]
    assert state.actions_left == 1
    assert not any(t.startswith("talent") for t in legal(state))


@pytest.mark.rule("crisis-tokyo card:kind-alien:hero")
def test_kind_alien_hero_empty_discard_pile_still_destroys_it():
    state = position(reserves=[[{"card": "kind-alien"}], []])
    play(state, talent_text(state, "kind-alien"))
    assert kind(state) == "action"
    assert state.hands[0] == [] and state.reserves[0] == []
    assert state.discards["character"] == ["kind-alien"]


@pytest.mark.rule("crisis-tokyo card:gothic-lolita-of-the-black-parasol:hero")
def test_gothic_lolita_of_the_black_parasol_hero_transformation():
    state = conflict(["cyborg-sumo-champion"], ["gothic-lolita-of-the-black-parasol"], att_power="martial",
                     def_power="mystic")
    assert state.combat_totals() == (4, 2)
    play(state, talent_text(state, "gothic-lolita-of-the-black-parasol"))
    assert targets(state) == ["gothic-lolita-of-the-black-parasol"]
    play(state, f"target {uid(state, 'gothic-lolita-of-the-black-parasol')}")
    assert state.spheres(inst(state, "gothic-lolita-of-the-black-parasol"), "mystic") == 3
    assert state.combat_totals() == (4, 3)


@pytest.mark.rule("crisis-tokyo card:soul-brother-funky-fist:hero")
def test_soul_brother_funky_fist_hero_thank_you_very_much():
    state = conflict(["cyborg-sumo-champion"], ["soul-brother-funky-fist"], att_power="martial",
                     def_power="martial")
    assert state.combat_totals() == (4, 2)
    play(state, talent_text(state, "soul-brother-funky-fist"))
    assert state.conflict["bonus"] == [0, 1]
    assert state.combat_totals() == (4, 3)


@pytest.mark.rule("crisis-tokyo card:dark-magical-girl-ruby-despair:hero")
def test_dark_magical_girl_ruby_despair_hero_lunch_is_served():
    state = position(reserves=[[{"card": "dark-magical-girl-ruby-despair"}], []])
    play(state, talent_text(state, "dark-magical-girl-ruby-despair"))
    assert kind(state) == "choose-deck" and legal(state) == ["draw character", "draw event"]
    got = draws(state, 0, "character")
    assert len(got) == 1 and got[0] in CHARACTERS
    assert state.hands[0] == got and state.actions_left == 1


@pytest.mark.rule("crisis-tokyo card:sinister-sentai-black:hero")
def test_sinister_sentai_black_hero_rangers_assemble():
    state = conflict(["cyborg-sumo-champion"], ["sinister-sentai-black"], att_power="martial", def_power="fire",
                     def_bench=["colonel-bazookas-mercenaries"])
    assert state.combat_totals() == (4, 0)
    play(state, talent_text(state, "sinister-sentai-black"))
    sergeant = uid(state, "colonel-bazookas-mercenaries")
    assert legal(state) == [f"deploy {sergeant}", "none"]
    play(state, f"deploy {sergeant}")
    assert [i["card"] for i in state.conflict["def"]] == ["sinister-sentai-black", "colonel-bazookas-mercenaries"]
    assert state.reserves[1] == []
    assert state.combat_totals() == (4, 3)


@pytest.mark.rule("crisis-tokyo card:sinister-sentai-black:hero")
def test_sinister_sentai_black_hero_not_for_the_attacker():
    state = conflict(["cyborg-sumo-champion"], ["retiring-in-two-days-cop"], att_reserve=["sinister-sentai-black",
                     "colonel-bazookas-mercenaries"], att_power="martial", def_power="fire")
    manoeuvre_turn(state, 0)
    assert not any(t.startswith("talent") for t in legal(state))


@pytest.mark.parametrize("cid", [pytest.param("doom-megazord", id="doom-megazord:hero", marks=card_mark("doom-megazord:hero")),
                                 pytest.param("vampire-idol-group", id="vampire-idol-group:hero", marks=card_mark("vampire-idol-group:hero"))])
def test_deploy_from_hand_talent_hero_for_the_defender(cid):
    state = conflict(["cyborg-sumo-champion"], [cid], att_power="martial", def_power="fire",
                     def_hand=["colonel-bazookas-mercenaries", "sumo-slap"])
    base = printed(cid, "hero", "fire")
    assert state.combat_totals() == (4, base)
    play(state, talent_text(state, cid))
    assert legal(state) == ["deploy colonel-bazookas-mercenaries", "none"]
    play(state, "deploy colonel-bazookas-mercenaries")
    new = inst(state, "colonel-bazookas-mercenaries")
    assert new["half"] == "hero" and new in state.conflict["def"]
    assert state.hands[1] == ["sumo-slap"]
    assert state.combat_totals() == (4, base + 3)


@pytest.mark.parametrize("cid", [pytest.param("doom-megazord", id="doom-megazord:hero", marks=card_mark("doom-megazord:hero")),
                                 pytest.param("vampire-idol-group", id="vampire-idol-group:hero", marks=card_mark("vampire-idol-group:hero"))])
def test_deploy_from_hand_talent_threat_for_the_attacker(cid):
    state = conflict(["cyborg-sumo-champion"], ["retiring-in-two-days-cop"], att_reserve=[cid],
                     att_hand=["colonel-bazookas-mercenaries"], att_power="fire", def_power="fire")
    assert state.combat_totals() == (0, 2)
    manoeuvre_turn(state, 0)
    play(state, talent_text(state, cid), "deploy colonel-bazookas-mercenaries")
    new = inst(state, "colonel-bazookas-mercenaries")
    assert new["half"] == "threat" and new in state.conflict["att"]
    assert state.combat_totals() == (5, 2)


@pytest.mark.rule("crisis-tokyo card:gigametal-the-mecha-kaiju:hero")
def test_gigametal_the_mecha_kaiju_hero_i_mustnt_run_away():
    state = conflict(["cyborg-sumo-champion"], ["gigametal-the-mecha-kaiju"], att_power="martial",
                     def_power="tech")
    assert state.combat_totals() == (4, 2)
    play(state, talent_text(state, "gigametal-the-mecha-kaiju"), f"target {uid(state, 'gigametal-the-mecha-kaiju')}")
    assert state.combat_totals() == (4, 3)


@pytest.mark.rule("crisis-tokyo card:brooding-scientist:hero")
def test_brooding_scientist_hero_the_oxygen_eraser():
    # Master (5 spheres) may be chosen; Saucer Fleet Commander (4 + 2 = 6) may not
    state = conflict(["master-of-the-eagles-claw", "kind-alien"], ["brooding-scientist"], att_power="martial",
                     def_power="tech")
    play(state, talent_text(state, "brooding-scientist"))
    assert targets(state) == ["master-of-the-eagles-claw"]
    play(state, f"target {uid(state, 'master-of-the-eagles-claw')}")
    assert [i["card"] for i in state.conflict["att"]] == ["kind-alien"]
    assert state.conflict["def"] == []
    assert state.discards["character"] == ["master-of-the-eagles-claw", "brooding-scientist"]
    assert state.combat_totals() == (0, 0)


@pytest.mark.parametrize("cid", [pytest.param("swamp-kappa", id="swamp-kappa:hero", marks=card_mark("swamp-kappa:hero")),
                                 pytest.param("chimpanzee-attack-helicopter", id="chimpanzee-attack-helicopter:hero", marks=card_mark("chimpanzee-attack-helicopter:hero"))])
def test_monster_minus_one_talent_hero(cid):
    state = conflict(["tentacled-horror-of-tokyo-bay"], [cid], att_power="monster", def_power="monster")
    assert state.combat_totals() == (7, printed(cid, "hero", "monster"))
    play(state, talent_text(state, cid), f"target {uid(state, 'tentacled-horror-of-tokyo-bay')}")
    assert state.spheres(inst(state, "tentacled-horror-of-tokyo-bay"), "monster") == 6
    assert state.combat_totals() == (6, printed(cid, "hero", "monster"))


@pytest.mark.rule("crisis-tokyo card:possessed-vending-machine:hero")
def test_possessed_vending_machine_hero_leak_their_group_chat():
    state = position(3, hands=[["recoil-shot"], ["sumo-slap", "disarmed"], ["tengu-warlord"]],
                     reserves=[[{"card": "possessed-vending-machine"}], [], []])
    play(state, talent_text(state, "possessed-vending-machine"))
    assert kind(state) == "random-discard" and state.node[3]["seat"] == 1
    assert {a.text: p for a, p in state.chance_outcomes()} == {"discard sumo-slap": 0.5, "discard disarmed": 0.5}
    play(state, "discard disarmed")
    assert kind(state) == "random-discard" and state.node[3]["seat"] == 2
    assert legal(state) == ["discard tengu-warlord"]
    play(state, "discard tengu-warlord")
    assert state.hands == [["recoil-shot"], ["sumo-slap"], []]
    assert state.discards == {"character": ["tengu-warlord"], "event": ["disarmed"], "district": []}
    assert kind(state) == "action" and state.actions_left == 1


@pytest.mark.rule("crisis-tokyo card:killer-virtual-pet-swarm:hero")
def test_killer_virtual_pet_swarm_hero_grey_exclusive_scoop():
    state = position(reserves=[[{"card": "killer-virtual-pet-swarm"}], []])
    h = inst(state, "killer-virtual-pet-swarm")
    assert state.total_spheres(h) == 0
    play(state, talent_text(state, "killer-virtual-pet-swarm"))
    assert len(draws(state, 0, "event")) == 1 and len(state.hands[0]) == 1


@pytest.mark.rule("crisis-tokyo card:jet-powered-fire-turtle:hero")
def test_jet_powered_fire_turtle_hero_come_help_us_big_guy():
    state = conflict(["cyborg-sumo-champion"], ["jet-powered-fire-turtle"], att_power="martial", def_power="fire")
    deck = sum(state.decks["character"].values())
    assert state.combat_totals() == (4, 0)
    play(state, talent_text(state, "jet-powered-fire-turtle"))
    assert kind(state) == "portal"
    assert len(state.chance_outcomes()) == deck
    play(state, "reveal colonel-bazookas-mercenaries")
    assert kind(state) == "portal-half" and legal(state) == ["half threat", "half hero"]
    play(state, "half hero")
    assert inst(state, "colonel-bazookas-mercenaries")["half"] == "hero"
    assert sum(state.decks["character"].values()) == deck - 1
    assert state.combat_totals() == (4, 3)


@pytest.mark.rule("crisis-tokyo card:moth-goddess-of-doom:hero")
def test_moth_goddess_of_doom_hero_song_of_the_open_audition():
    state = position(hands=[["colonel-bazookas-mercenaries", "sumo-slap"], []],
                     reserves=[[{"card": "moth-goddess-of-doom"}], []])
    play(state, talent_text(state, "moth-goddess-of-doom"))
    assert legal(state) == ["recruit colonel-bazookas-mercenaries", "none"]
    play(state, "recruit colonel-bazookas-mercenaries")
    assert [i["card"] for i in state.reserves[0]] == ["moth-goddess-of-doom", "colonel-bazookas-mercenaries"]
    assert len(draws(state, 0)) == 1
    assert len(state.hands[0]) == 2 and state.actions_left == 1


@pytest.mark.rule("crisis-tokyo card:general-tank:hero")
def test_general_tank_hero_stand_your_ground():
    # Roppongi: Monstrous attributes (defence) is superior to Firepower (attack)
    state = conflict(["colonel-bazookas-mercenaries"], ["general-tank"], att_power="fire", def_power="monster",
                     district="roppongi")
    assert state.combat_totals() == (5, 2 + 2)
    play(state, talent_text(state, "general-tank"))
    assert state.conflict["no_superiority"] is True
    assert state.combat_totals() == (5, 2)


@pytest.mark.rule("crisis-tokyo card:stuntman-in-a-rubber-suit:hero")
def test_stuntman_in_a_rubber_suit_hero_cut_get_him_out():
    state = conflict(["cyborg-sumo-champion"], ["stuntman-in-a-rubber-suit",
                     {"card": "retiring-in-two-days-cop", "gifts": [["sniper-rifle", "a"]]}],
                     att_power="martial", def_power="fire")
    assert state.combat_totals() == (4, 3)
    play(state, talent_text(state, "stuntman-in-a-rubber-suit"))
    assert targets(state) == ["retiring-in-two-days-cop", "stuntman-in-a-rubber-suit"]
    play(state, f"target {uid(state, 'retiring-in-two-days-cop')}")
    assert state.hands[1] == ["retiring-in-two-days-cop"]
    assert state.discards["event"] == ["sniper-rifle"]
    assert [i["card"] for i in state.conflict["def"]] == ["stuntman-in-a-rubber-suit"]
    assert state.combat_totals() == (4, 0)


@pytest.mark.rule("crisis-tokyo card:laser-shark-of-odaiba-beach:hero")
def test_laser_shark_of_odaiba_beach_hero_man_overboard_for_the_attacker():
    state = conflict(["cyborg-sumo-champion"], ["retiring-in-two-days-cop"],
                     att_reserve=["laser-shark-of-odaiba-beach"],
                     att_power="martial", def_power="fire")
    manoeuvre_turn(state, 0)
    play(state, talent_text(state, "laser-shark-of-odaiba-beach"))
    assert targets(state) == ["cyborg-sumo-champion"]
    play(state, f"target {uid(state, 'cyborg-sumo-champion')}")
    assert state.hands[0] == ["cyborg-sumo-champion"]
    assert state.conflict["att"] == []
    assert state.combat_totals() == (0, 2)


@pytest.mark.rule("crisis-tokyo card:corporate-ninja-ceo:hero")
def test_corporate_ninja_ceo_hero_unpaid_overtime():
    state = position(reserves=[[{"card": "corporate-ninja-ceo"}], []])
    play(state, talent_text(state, "corporate-ninja-ceo"))
    assert state.actions_left == 2 - 1 + 2
    assert state.reserves[0] == [] and state.discards["character"] == ["corporate-ninja-ceo"]


@pytest.mark.rule("crisis-tokyo card:evil-origami-sorcerer:hero")
def test_evil_origami_sorcerer_hero_thousand_paper_cranes():
    state = position(reserves=[[{"card": "evil-origami-sorcerer"}], []],
                     discards={"event": ["sumo-slap", "disarmed"], "character": ["tengu-warlord"]})
    play(state, talent_text(state, "evil-origami-sorcerer"))
    assert legal(state) == ["take sumo-slap", "take disarmed"]
    play(state, "take disarmed")
    assert state.hands[0] == ["disarmed"]
    assert state.discards["event"] == ["sumo-slap"]
    assert in_play(state, "evil-origami-sorcerer")


def test_heroes_without_talents_have_none():
    plain = [c for c, v in CHARACTERS.items() if not v["hero"].get("talents")]
    for cid in plain:
        state = position(reserves=[[{"card": cid, "wild": "fire"}], []])
        assert not any(t.startswith("talent") for t in legal(state)), cid
    assert len(plain) == 40 - len(TALENTED)


@pytest.mark.rule("crisis-tokyo card:mariachi-zombie:threat")
def test_mariachi_zombie_threat_bonus_counts_threats_not_a_hero_on_its_side():
    # a Hero brought to the attacking side by a Portal is not an "other Threat"
    state = conflict(["mariachi-zombie"], ["retiring-in-two-days-cop"], att_power="monster", def_power="fire",
                     att_hand=["dimensional-portal"])
    manoeuvre_turn(state, 0)
    play(state, "play dimensional-portal a", "reveal swamp-kappa", "half hero")
    assert inst(state, "swamp-kappa") in state.conflict["att"]
    # 3 monster + 2 (Kappa Who Went Straight), no bonus
    assert state.side_total("att", "monster") == 3 + 2


@pytest.mark.rule("crisis-tokyo card:tentacled-horror-of-tokyo-bay:threat")
def test_tentacled_horror_of_tokyo_bay_threat_reward_counts_threats_not_a_hero_on_its_side():
    # Tentacled Horror (counts as 2) + a Hero from a Portal on the attacking side: 2 cards, not 3
    state = conflict(["tentacled-horror-of-tokyo-bay"], ["retiring-in-two-days-cop"], att_power="tech",
                     def_power="fire", att_hand=["dimensional-portal"])
    manoeuvre_turn(state, 0)
    play(state, "play dimensional-portal a", "reveal tengu-warlord", "half hero")
    assert state.combat_totals() == (0, 2)
    finish_combat(state)
    assert len(draws(state, 1)) == 2
