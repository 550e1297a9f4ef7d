/* Rulebook, "Placing critters" (Gameplay summary step 3): claim every
 * uninhabited tile with one critter on an uncontrolled biome. Each test builds
 * a position from scenario text and acts through the decision model. */
#include "core_internal.h"
#include "fixtures.h"
#include "harness.h"

#define C(q, r) fx_cell(q, r)

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
