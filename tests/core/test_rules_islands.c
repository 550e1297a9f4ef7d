/* Rulebook, "Summoning an island" and RULINGS, Islands: the price, where the
 * three tiles may go, the crater critters coming home, the free island. */
#include "core_internal.h"
#include "fixtures.h"
#include "harness.h"

#define C(q, r) fx_cell(q, r)

static int distance(int cell, int q, int r) { return hex_distance(board_hex(cell), hex_make(q, r)); }

TEST(rule_island_costs_seven_and_three_crater_critters_who_come_home)
{
    static Game g;
    fx_scenario(&g,
                "tile 0 0 uno_dark\n"
                "critter A 0 0 dark\n"
                "crater A 3\n"
                "resources A dark 4 medium 3\n"
                "turn A buy\n");
    int hand = game_hand_count(&g, 0), supply = game_land_supply(&g);
    fx_apply(&g, fx_find_pay(&g, VERB_BUY, BUY_ISLAND, 4, 3, 0));
    CHECK_EQ(game_crater_count(&g, 0), 0);
    CHECK_EQ(game_hand_count(&g, 0), hand + 3);
    CHECK_EQ(player_resource_total(&g.player[0]), 0);
    REQUIRE(g.pending.kind == DK_ISLAND);

    /* First tile: not touching land, within two steps of it. */
    Option o[MAX_OPTIONS];
    int n = game_options(&g, o, MAX_OPTIONS);
    REQUIRE(n > 0);
    for (int i = 0; i < n; i++)
        CHECK_EQ(distance(o[i].cell, 0, 0), 2);
    fx_do(&g, VERB_TILE, C(2, 0), -1, -1);
    /* Second: touching the first, still off the old land. */
    n = game_options(&g, o, MAX_OPTIONS);
    for (int i = 0; i < n; i++) {
        CHECK_EQ(distance(o[i].cell, 2, 0), 1);
        CHECK(distance(o[i].cell, 0, 0) >= 2);
    }
    fx_do(&g, VERB_TILE, C(3, 0), -1, -1);
    /* Third: touching both. */
    n = game_options(&g, o, MAX_OPTIONS);
    for (int i = 0; i < n; i++)
        CHECK(o[i].cell == C(2, 1) || o[i].cell == C(3, -1));
    fx_do(&g, VERB_TILE, C(2, 1), -1, -1);
    CHECK_EQ(g.board.land_count, 4);
    CHECK_EQ(game_land_supply(&g), supply - 3);
    CHECK_EQ(g.phase, PHASE_CLAIM);   /* the island's tiles wait to be claimed */
    CHECK(fx_find(&g, VERB_CRITTER, C(2, 0), -1, -1) >= 0);
}

TEST(rule_island_needs_three_critters_in_the_crater)
{
    static Game g;
    fx_scenario(&g,
                "tile 0 0 uno_dark\n"
                "crater A 2\n"
                "resources A dark 4 medium 3\n"
                "turn A buy\n");
    CHECK_EQ(fx_find(&g, VERB_BUY, -1, -1, BUY_ISLAND), -1);
}

TEST(rule_free_island_with_at_most_one_resource_and_under_three_critters_on_land)
{
    static Game g;
    fx_scenario(&g,
                "tile 0 0 uno_dark\ntile 2 0 uno_light\n"
                "critter A 0 0 dark\ncritter A 2 0 light\n"
                "crater A 3\n"
                "resources A dark 1\n"
                "turn A buy\n");
    CHECK(fx_find_pay(&g, VERB_BUY, BUY_ISLAND, 0, 0, 0) >= 0);
    /* Two resources: neither free nor affordable. */
    fx_scenario(&g,
                "tile 0 0 uno_dark\n"
                "crater A 3\n"
                "resources A dark 2\n"
                "turn A buy\n");
    CHECK_EQ(fx_find(&g, VERB_BUY, -1, -1, BUY_ISLAND), -1);
    /* Three critters on land: not fallen out of the game. */
    fx_scenario(&g,
                "tile 0 0 uno_dark\ntile 2 0 uno_light\ntile 4 0 uno_medium\n"
                "critter A 0 0 dark\ncritter A 2 0 light\ncritter A 4 0 medium\n"
                "crater A 3\n"
                "resources A dark 1\n"
                "turn A buy\n");
    CHECK_EQ(fx_find(&g, VERB_BUY, -1, -1, BUY_ISLAND), -1);
}
