/* Rulebook, "Sacrifices" and "The Sacrificial Critter Crater" (Gameplay
 * summary step 4): one critter from the board, one from hand for five
 * resources, and a crater that holds three. The forced sacrifice when no tile
 * is affordable is in test_rules_buying.c. */
#include "core_internal.h"
#include "fixtures.h"
#include "harness.h"

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
