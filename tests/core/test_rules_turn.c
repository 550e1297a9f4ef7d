/* Rulebook, "Gameplay summary" steps 1, 3, 4, 5: critter movement, placing
 * critters (claims), sacrifices and resource collection. Each test builds a
 * position from scenario text and acts through the decision model. */
#include "core_internal.h"
#include "fixtures.h"
#include "harness.h"
#include "scenario.h"

#define C(q, r) fx_cell(q, r)

/* ---- Critter movement ---- */

TEST(rule_move_within_a_connected_biome_to_another_tile)
{
    static Game g;
    fx_scenario(&g,
                "tile 0 0 uno_dark\n"
                "tile 1 0 uno_dark\n"
                "tile 3 0 uno_dark      # dark too, but not connected\n"
                "critter A 0 0 dark\n"
                "turn A move\n");
    int a = fx_critter_on(&g, 0, 0, "dark");
    CHECK(fx_find(&g, VERB_MOVE, C(1, 0), -1, a) >= 0);
    CHECK_EQ(fx_find(&g, VERB_MOVE, C(3, 0), -1, a), -1);
    fx_do(&g, VERB_MOVE, C(1, 0), -1, a);
    CHECK_EQ(fx_critter_on(&g, 1, 0, "dark"), a);
    CHECK(g.phase != PHASE_MOVE);   /* one move per turn */
}

TEST(rule_move_onto_an_uncontrolled_biome_of_its_own_tile)
{
    static Game g;
    fx_scenario(&g,
                "tile 0 0 duo_dark_light\n"
                "critter A 0 0 dark\n"
                "turn A move\n");
    int a = fx_critter_on(&g, 0, 0, "dark");
    fx_do(&g, VERB_MOVE, C(0, 0), fx_area(&g, 0, 0, "light"), a);
    CHECK_EQ(fx_critter_on(&g, 0, 0, "light"), a);
}

TEST(rule_no_movement_onto_a_controlled_biome)
{
    static Game g;
    /* The Duo's light side (W) joins B's light Uno to its west. */
    fx_scenario(&g,
                "tile 0 0 duo_dark_light\n"
                "tile -1 0 uno_light\n"
                "tile 1 0 uno_medium\n"
                "critter A 0 0 dark\n"
                "critter B -1 0 light\n"
                "turn A move\n");
    int a = fx_critter_on(&g, 0, 0, "dark");
    CHECK_EQ(fx_find(&g, VERB_MOVE, C(0, 0), -1, a), -1);    /* B's light biome */
    CHECK_EQ(fx_find(&g, VERB_MOVE, C(-1, 0), -1, a), -1);
    CHECK_EQ(fx_find(&g, VERB_MOVE, C(1, 0), -1, a), -1);    /* another tile, another biome */
}

/* ---- Placing critters (claims) ---- */

TEST(rule_claim_one_critter_per_uninhabited_tile)
{
    static Game g;
    fx_scenario(&g,
                "tile 0 0 uno_dark\n"
                "tile 2 0 trio_dml\n"
                "turn A claim\n");
    CHECK_EQ(fx_count_at(&g, VERB_CRITTER, C(2, 0)), 3);   /* any of the Trio's areas */
    fx_do(&g, VERB_CRITTER, C(2, 0), fx_area(&g, 2, 0, "medium"), -1);
    CHECK_EQ(fx_count_at(&g, VERB_CRITTER, C(2, 0)), 0);   /* now inhabited */
    fx_do(&g, VERB_CRITTER, C(0, 0), -1, -1);
    CHECK_EQ(game_land_critters(&g, 0), 2);
    CHECK(g.phase != PHASE_CLAIM);   /* nothing left to claim */
}

TEST(rule_no_claim_on_a_controlled_biome_or_an_inhabited_tile)
{
    static Game g;
    /* (0,0) holds B on its dark side: inhabited, though its light side is free.
     * (1,0) joins B's dark biome: uninhabited but controlled. (3,0) is free. */
    fx_scenario(&g,
                "tile 0 0 duo_dark_light\n"
                "tile 1 0 uno_dark\n"
                "tile 3 0 uno_medium\n"
                "critter B 0 0 dark\n"
                "turn A claim\n");
    CHECK_EQ(fx_count_at(&g, VERB_CRITTER, C(0, 0)), 0);
    CHECK_EQ(fx_count_at(&g, VERB_CRITTER, C(1, 0)), 0);
    CHECK_EQ(fx_count_at(&g, VERB_CRITTER, C(3, 0)), 1);
}

TEST(rule_uninhabited_uno_joined_to_a_controlled_biome_counts_as_controlled)
{
    static Game g;
    fx_scenario(&g,
                "tile 0 0 uno_dark\n"
                "tile 1 0 uno_dark\n"
                "tile 0 1 uno_dark\n"
                "critter A 0 0 dark\n"
                "turn A claim\n");
    View v;
    game_view(&g, &v);
    CHECK_EQ(v.players_in[game_view_region(&g, &v, C(1, 0), 0)], 1);   /* A's */
    CHECK_EQ(fx_count(&g, VERB_CRITTER), 0);                      /* not even A's own */
}

/* ---- Sacrifices ---- */

TEST(rule_sacrifice_from_the_board_once_and_from_hand_for_five_once)
{
    static Game g;
    fx_scenario(&g,
                "tile 0 0 uno_dark\n"
                "tile 2 0 uno_light\n"
                "critter A 0 0 dark\n"
                "critter A 2 0 light\n"
                "tile 1 0 uno_dark\n"
                "resources A dark 4 medium 3\n"
                "resources B dark 3\n"   /* B's turn then stops at the buy step */
                "turn A sacrifice\n");
    CHECK_EQ(fx_count(&g, VERB_SACRIFICE), 2);
    CHECK(fx_find_pay(&g, VERB_SACRIFICE_HAND, -1, 4, 1, 0) >= 0);   /* 5 of any kinds */
    CHECK_EQ(fx_find_pay(&g, VERB_SACRIFICE_HAND, -1, 4, 0, 0), -1);
    fx_do(&g, VERB_SACRIFICE, -1, -1, fx_critter_on(&g, 0, 0, "dark"));
    CHECK_EQ(game_crater_count(&g, 0), 1);
    CHECK_EQ(fx_count(&g, VERB_SACRIFICE), 0);                 /* the board sacrifice is spent */
    fx_apply(&g, fx_find_pay(&g, VERB_SACRIFICE_HAND, -1, 2, 3, 0));
    CHECK_EQ(game_crater_count(&g, 0), 2);
    CHECK_EQ(game_land_critters(&g, 0), 1);
    CHECK_EQ(g.player[0].resources[BIOME_DARK], 2);
    CHECK_EQ(g.player[0].resources[BIOME_MEDIUM], 0);
    CHECK(g.phase != PHASE_SACRIFICE || g.active != 0);   /* both spent: the step is over */
}

TEST(rule_the_crater_holds_three)
{
    static Game g;
    fx_scenario(&g,
                "tile 0 0 uno_dark\n"
                "critter A 0 0 dark\n"
                "crater A 3\n"
                "resources A dark 5\n"
                "turn A sacrifice\n");
    CHECK_EQ(fx_count(&g, VERB_SACRIFICE), 0);
    CHECK_EQ(fx_count(&g, VERB_SACRIFICE_HAND), 0);
    fx_scenario(&g,
                "tile 0 0 uno_dark\n"
                "critter A 0 0 dark\n"
                "crater A 2\n"
                "resources A dark 5\n"
                "turn A sacrifice\n");
    fx_do(&g, VERB_SACRIFICE, -1, -1, -1);
    CHECK_EQ(game_crater_count(&g, 0), 3);
    CHECK_EQ(g.player[0].resources[BIOME_DARK], 5);   /* the hand sacrifice was not offered */
}

/* ---- Collect resources ---- */

TEST(rule_collect_one_resource_per_controlled_biome)
{
    static Game g;
    /* Dark over two tiles (one biome), medium and light on a Duo, another dark biome. */
    fx_scenario(&g,
                "tile 0 0 uno_dark\n"
                "tile 1 0 uno_dark\n"
                "tile 3 0 duo_medium_light\n"
                "tile 5 0 uno_dark\n"
                "critter A 0 0 dark\n"
                "critter A 3 0 medium\n"
                "critter A 3 0 light\n"
                "critter A 5 0 dark\n"
                "critter B 1 0 dark      # a contested position: B shares A's biome\n"
                "turn A collect\n"
                "unchecked\n");
    scenario_run(&g);
    CHECK_EQ(g.player[0].resources[BIOME_DARK], 2);
    CHECK_EQ(g.player[0].resources[BIOME_MEDIUM], 1);
    CHECK_EQ(g.player[0].resources[BIOME_LIGHT], 1);
}

TEST(rule_collection_over_seven_discards_down_to_seven)
{
    static Game g;
    fx_scenario(&g,
                "tile 0 0 uno_dark\n"
                "tile 2 0 uno_light\n"
                "critter A 0 0 dark\n"
                "critter A 2 0 light\n"
                "resources A dark 3 medium 2 light 2\n"
                "turn A collect\n");
    scenario_run(&g);
    REQUIRE(g.pending.kind == DK_DISCARD);
    CHECK_EQ(g.pending.player, 0);
    CHECK_EQ(player_resource_total(&g.player[0]), 9);
    fx_do(&g, VERB_RESOURCE, -1, BIOME_MEDIUM, -1);
    REQUIRE(g.pending.kind == DK_DISCARD);
    fx_do(&g, VERB_RESOURCE, -1, BIOME_MEDIUM, -1);
    CHECK_EQ(player_resource_total(&g.player[0]), 7);
    CHECK_EQ(g.player[0].resources[BIOME_MEDIUM], 0);
    CHECK_EQ(g.supply_resources[BIOME_MEDIUM], g.rules.resources_per_type);
    CHECK(g.pending.kind != DK_DISCARD || g.pending.player != 0);
}

TEST(rule_a_depleted_resource_is_not_collected)
{
    static Game g;
    fx_scenario(&g,
                "players 3\n"
                "tile 0 0 uno_dark\n"
                "tile 2 0 uno_medium\n"
                "critter A 0 0 dark\n"
                "critter A 2 0 medium\n"
                "resources B dark 10\n"
                "resources C dark 10\n"
                "turn A collect\n");
    scenario_run(&g);
    CHECK_EQ(g.player[0].resources[BIOME_DARK], 0);
    CHECK_EQ(g.player[0].resources[BIOME_MEDIUM], 1);
}
