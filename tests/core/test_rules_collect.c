/* Rulebook, "Collect resources" (Gameplay summary step 5): one resource per
 * controlled biome, none from a depleted supply, and discards down to the cap
 * of seven. Each test builds a position from scenario text and runs the step. */
#include "core_internal.h"
#include "fixtures.h"
#include "harness.h"
#include "scenario.h"

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
