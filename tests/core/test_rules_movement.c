/* Rulebook, "Critter movement" (Gameplay summary step 1): one critter moves
 * within its connected biome, or onto an uncontrolled biome of its own tile,
 * never onto a controlled biome. Each test builds a position from scenario
 * text and acts through the decision model. */
#include "core_internal.h"
#include "fixtures.h"
#include "harness.h"

#define C(q, r) fx_cell(q, r)

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
