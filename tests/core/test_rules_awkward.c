/* The awkward cases of the base game that the rule tests elsewhere leave out:
 * a three-way contested biome with a clear majority (the all-tied one is in
 * test_rules_stacking.c), To the Left when a volcano targets a tile holding
 * critters of two players (the tile placement is in test_rules_variants.c),
 * and an evacuation refused by a critter's owner during another player's turn.
 * A split biome, lava cooling in place and the forced sacrifice with a full
 * crater are covered in test_rules_stacking.c, test_rules_volcanoes.c and
 * test_rules_buying.c. */
#include "core_internal.h"
#include "fixtures.h"
#include "harness.h"
#include "scenario.h"
#include "session.h"

#define C(q, r) fx_cell(q, r)

/* Four dark arms around a light Uno at (0,0), kept apart by their edges:
 * A on the Trio at (1,0) and on the Duo at (1,-1), whose facing edges differ
 * (medium against dark); B on (0,-1); C on (-1,1). */
#define FOUR_ARMS \
    "players 3\n" \
    "tile 0 0 uno_light\n" \
    "tile 1 0 trio_dml rot 2\n" \
    "tile 1 -1 duo_dark_light\n" \
    "tile 0 -1 uno_dark\n" \
    "tile -1 1 uno_dark\n" \
    "critter A 1 0 dark\ncritter A 1 -1 dark\ncritter B 0 -1 dark\ncritter C -1 1 dark\n"

TEST(rule_three_way_contested_biome_with_a_majority_keeps_one_of_the_majority)
{
    static Game g;
    fx_scenario(&g, FOUR_ARMS "turn C place uno_dark\n");
    int a1 = fx_critter_on(&g, 1, 0, "dark"), a2 = fx_critter_on(&g, 1, -1, "dark");
    /* Four separate dark biomes before the placement. */
    View v;
    game_view(&g, &v);
    CHECK(game_view_region(&g, &v, C(1, 0), fx_area(&g, 1, 0, "dark")) !=
          game_view_region(&g, &v, C(1, -1), fx_area(&g, 1, -1, "dark")));
    fx_do(&g, VERB_TILE, C(0, 0), -1, -1);
    /* A 2, B 1, C 1: each loses the second-highest count (1); A keeps one, A's choice. */
    REQUIRE(g.pending.kind == DK_KEEP);
    CHECK_EQ(g.pending.player, 0);
    CHECK_EQ(fx_count(&g, VERB_RETURN), 2);
    fx_do(&g, VERB_RETURN, -1, -1, a1);
    CHECK_EQ(game_critter(&g, a1)->place, AT_HAND);
    CHECK_EQ(game_critter(&g, a2)->place, AT_BOARD);
    CHECK_EQ(game_land_critters(&g, 0), 1);
    CHECK_EQ(game_land_critters(&g, 1), 0);
    CHECK_EQ(game_land_critters(&g, 2), 0);
    CHECK_EQ(g.active, 2);
}

/* To the Left, A to choose a volcano's target: B (on A's left) shares the Trio
 * at (0,0) with C; A shares the Duo at (3,0) with C; nobody stands on (6,0). */
#define SHARED_TILES \
    "players 3\nvariant to_the_left\n" \
    "tile 0 0 trio_dml\ntile 3 0 duo_dark_light\ntile 6 0 uno_light\n" \
    "critter B 0 0 dark\ncritter C 0 0 medium\n" \
    "critter A 3 0 dark\ncritter C 3 0 light\n" \
    "turn A target\n"

TEST(rule_to_the_left_volcano_on_a_tile_of_two_players_wipes_out_both)
{
    static Session s;
    fx_session_scenario(&s, SHARED_TILES);
    Game *g = &s.game;
    CHECK(fx_find(g, VERB_TARGET, C(0, 0), -1, -1) >= 0);      /* B's critter makes it a target */
    CHECK_EQ(fx_find(g, VERB_TARGET, C(3, 0), -1, -1), -1);    /* A's and C's: no critter of B */
    CHECK_EQ(fx_find(g, VERB_TARGET, C(6, 0), -1, -1), -1);    /* uninhabited: no exception To the Left */
    fx_do(g, VERB_TARGET, C(0, 0), -1, -1);
    CHECK_EQ(board_top_class(&g->board, &g->rules, C(0, 0)), TILE_VOLCANO);
    CHECK_EQ(game_land_critters(g, 1), 0);   /* B's critter home */
    CHECK_EQ(game_land_critters(g, 2), 1);   /* C's on the Trio home too; the Duo's stays */
    CHECK(fx_critter_on(g, 3, 0, "light") >= 0);
    CHECK_EQ(game_hand_count(g, 2), g->rules.critters_per_player - 1);
    session_close(&s);
}

/* Lava at (0,0) on a soil hill whose only lower neighbour is B's dark Uno. */
#define LAVA_ONTO_B \
    "tile 0 0 soil\ntile 0 0 soil\n" \
    "tile 1 0 uno_dark\ntile 2 0 uno_dark\n" \
    "tile 0 1 soil\ntile 0 1 soil\ntile -1 1 soil\ntile -1 1 soil\n" \
    "tile -1 0 soil\ntile -1 0 soil\ntile 0 -1 soil\ntile 0 -1 soil\n" \
    "tile 1 -1 soil\ntile 1 -1 soil\n" \
    "lava 0 0\ncritter B 1 0 dark\nresources B dark 3\n" \
    "turn A lava\n"

TEST(rule_evacuation_refused_by_the_owner_during_another_players_turn)
{
    static Game g;
    fx_scenario(&g, LAVA_ONTO_B);
    int b = fx_critter_on(&g, 1, 0, "dark");
    scenario_run(&g);
    REQUIRE(g.pending.kind == DK_EVACUATE);
    CHECK_EQ(g.active, 0);
    CHECK_EQ(g.pending.player, 1);   /* asked of the critter's owner */
    CHECK(fx_find_pay(&g, VERB_EVACUATE, b, 2, 0, 0) >= 0);   /* affordable, to (2,0) */
    fx_do(&g, VERB_PASS, -1, -1, -1);
    CHECK(game_critter(&g, b)->place != AT_BOARD);
    CHECK_EQ(g.player[1].resources[biome_by_name("dark")], 3);   /* nothing paid */
    CHECK_EQ(g.active, 1);   /* A's turn ended; B's begins */
}
