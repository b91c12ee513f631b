"""kot-dark's rule, card and ruling tests run on the base game (mirror.py): one test here per
kot-dark test of a statement the base game shares."""

from __future__ import annotations

from mirror import mirror_module

MODULES = ["test_rules_setup", "test_rules_roll_dice", "test_rules_resolve_dice", "test_rules_tokyo",
           "test_rules_buy", "test_rules_end", "test_rules_options", "test_cards_keep", "test_cards_discard",
           "test_rulings"]

# kot-dark tests of shared statements that do not apply to the base game, and why
NOT_MIRRORED: dict[str, dict[str, str]] = {
    "test_rules_setup": {
        "test_setup_deck_of_66_cards_is_shuffled_and_three_dealt_face_up": "counts the Dark deck's 65 different cards and Wickedness (kot: tests/kotbase/test_base_rules.py)",
    },
    "test_rules_roll_dice": {},
    "test_rules_resolve_dice": {
        "test_two_different_triples_both_score": "expects a Wickedness tile choice",
        "test_resolve_categories_in_any_order_but_all_of_them": "relies on a Wickedness tile to make the order asked",
        "test_only_the_faces_of_the_last_roll_are_resolved": "checks Wickedness",
    },
    "test_rules_tokyo": {
        "test_a_yield_comes_during_smash_and_other_dice_still_resolve": "uses Reflective Hide (Dark only)",
    },
    "test_rules_buy": {},
    "test_rules_end": {
        "test_end_of_turn_effects_happen_before_passing_the_dice": "uses Lunar Powered (kot: Solar Powered)",
        "test_elimination_discards_cards_tiles_and_energy": "uses a Wickedness tile",
        "test_tokens_stay_when_the_card_and_tile_that_gave_them_are_discarded": "uses a Wickedness tile",
    },
    "test_rules_options": {},
    "test_cards_keep": {
        "test_alien_origin_and_evil_lair_discounts_stack": "uses a Wickedness tile",
        "test_alien_origin_cost_never_below_zero": "uses a Wickedness tile",
        "test_gourmet_two_extra_stars_for_triple_ones": "checks Wickedness",
        "test_herd_culler_turns_a_die_into_one_once_per_turn": "uses Reflective Hide (Dark only)",
        "test_it_has_a_child_back_with_ten_hearts_and_nothing_else": "uses a Wickedness tile",
        "test_opportunist_two_owners_asked_clockwise_from_the_active_monster": "plays a Wickedness tile side",
        "test_parasitic_tentacles_cannot_take_hibernation_in_tokyo": "uses Hibernation (Dark only)",
        "test_plot_twist_sets_a_die_then_discards": "uses Reflective Hide (Dark only)",
        "test_smoke_cloud_swapped_by_unstable_dna_keeps_the_tokens_left_on_it": "uses Unstable DNA (Dark only)",
        "test_smoke_cloud_taken_by_a_monster_copying_it_replaces_the_copys_tokens_with_the_cards": "plays a Wickedness tile side",
        "test_stretchy_pay_two_to_set_a_die": "uses Reflective Hide (Dark only)",
        "test_reflective_hide_not_reflected_back": "uses a Wickedness tile",
    },
    "test_cards_discard": {
        "test_discard_card_bought_with_discounts": "uses a Wickedness tile",
    },
    "test_rulings": {
        "test_r9_eater_of_the_dead_then_final_roar_before_zombify": "plays a Wickedness tile side",
        "test_r9_final_roar_below_16_stars_lets_zombify_save": "plays a Wickedness tile side",
        "test_r9_zombify_before_it_has_a_child_and_only_one_applies": "uses Zombify (Dark only)",
        "test_r10_die_changing_cards_only_before_the_first_category": "uses Reflective Hide (Dark only)",
        "test_r10_numbers_stars_then_wickedness_and_tile_then_number_cards": "plays a Wickedness tile choice",
        "test_r12_at_most_eight_dice": "uses Natural Selection (Dark only)",
        "test_r13_a_fluxling_copy_of_smoke_cloud_has_three_tokens_outside_the_box": "plays a Wickedness tile side",
        "test_r14_reflective_hide_losses_are_not_reflected_again": "uses Reflective Hide (Dark only)",
        "test_r17_fluxling_copy_ends_when_its_card_is_discarded": "plays a Wickedness tile side",
        "test_r20_active_monster_eliminated_stops_its_turn": "uses Reflective Hide (Dark only)",
        "test_r30_eater_of_the_dead_scores_when_a_zombified_monster_reached_0": "uses Zombify (Dark only)",
        "test_r36_a_monster_losing_its_last_heart_is_eliminated_before_the_effects_of_that_loss": "plays a Wickedness tile side",
        "test_r36_reflective_hide_still_reflects_when_its_holder_is_rescued_at_0_hearts": "uses Reflective Hide (Dark only)",
        "test_r36_an_eliminated_monster_gets_no_poison_token_from_the_smash_that_eliminated_it": "plays a Wickedness tile side",
        "test_r36_final_roar_counts_the_stars_held_when_eliminated_before_underdog_takes_one": "plays a Wickedness tile side",
        "test_r42_hibernation_is_kept_when_the_dice_do_nothing": "uses Hibernation (Dark only)",
        "test_r42_resolve_done_false_takes_a_lone_card_action_by_itself_as_before": "uses Hibernation (Dark only)",
        "test_r42_a_record_made_before_the_option_replays_as_it_was_played": "replays a record made before the option resolve_done (kot has no such records)",
    },
}

for _m in MODULES:
    mirror_module(_m, globals(), NOT_MIRRORED[_m])
