/* Rulebook, "Volcanoes", "Activating a volcano", "Lava flow progression",
 * "Evacuation", and the Power Grid's unlocking order. */
#include <stdio.h>

#include "core_internal.h"
#include "fixtures.h"
#include "harness.h"
#include "scenario.h"

#define C(q, r) fx_cell(q, r)

TEST(rule_volcano_wipes_out_every_critter_on_its_target)
{
    static Game g;
    fx_scenario(&g,
                "tile 0 0 trio_dml\n"
                "tile 1 0 uno_dark\n"
                "critter A 0 0 dark\n"
                "critter B 0 0 medium\n"
                "critter B 1 0 dark      # a contested position left as built\n"
                "turn A target\n"
                "unchecked\n");
    int b2 = fx_critter_on(&g, 1, 0, "dark");
    fx_do(&g, VERB_TARGET, C(0, 0), -1, -1);
    CHECK_EQ(board_top_class(&g.board, &g.rules, C(0, 0)), TILE_VOLCANO);
    CHECK_EQ(g.board.cells[C(0, 0)].height, 2);
    CHECK_EQ(game_land_critters(&g, 0), 0);
    CHECK_EQ(game_critter(&g, b2)->place, AT_BOARD);   /* the neighbour is untouched */
    CHECK_EQ(g.player[0].volcanoes, 1);
}

TEST(rule_first_unlock_is_a_level_one_slot)
{
    static Game g;
    fx_scenario(&g, "tile 0 0 uno_dark\nturn A target\n");
    fx_do(&g, VERB_TARGET, C(0, 0), -1, -1);
    REQUIRE(g.pending.kind == DK_UNLOCK);
    Option o[64];
    int n = game_options(&g, o, 64);
    CHECK(n > 0);
    for (int i = 0; i < n; i++)
        CHECK_EQ(g.rules.grid[o[i].subject].level, 1);
    fx_apply(&g, 0);
    int slot = o[0].subject;
    CHECK(g.unlocked[0][slot]);
    CHECK_EQ(g.player[0].critters[0].place, AT_GRID);   /* a critter from hand marks it */
    CHECK_EQ(g.player[0].critters[0].cell, slot);
}

TEST(rule_later_unlocks_share_an_edge_with_a_held_slot)
{
    static Game g;
    fx_scenario(&g, "tile 0 0 uno_dark\ngrid A 1\nturn A target\n");   /* slot 1: L1 middle */
    fx_do(&g, VERB_TARGET, C(0, 0), -1, -1);
    REQUIRE(g.pending.kind == DK_UNLOCK);
    Option o[64];
    int n = game_options(&g, o, 64);
    CHECK(n > 0);
    for (int i = 0; i < n; i++)
        CHECK(rules_grid_adjacent(&g.rules, o[i].subject, 1));
    CHECK_EQ(fx_find(&g, VERB_UNLOCK, -1, -1, 0), -1);   /* the other L1 slots are not adjacent */
    CHECK_EQ(fx_find(&g, VERB_UNLOCK, -1, -1, 2), -1);
}

/* A target of height 2 at (0,0) whose neighbours stand at height 2, but for
 * (1,0) at height 1 (soil fills the heights). */
#define CRATER_RIM \
    "tile 0 0 uno_dark\ntile 0 0 uno_dark\n" \
    "tile 1 0 uno_dark\n" \
    "tile 0 1 soil\ntile 0 1 soil\ntile -1 1 soil\ntile -1 1 soil\n" \
    "tile -1 0 soil\ntile -1 0 soil\ntile 0 -1 soil\ntile 0 -1 soil\n" \
    "tile 1 -1 soil\ntile 1 -1 soil\n"

TEST(rule_first_lava_flows_only_to_a_lower_neighbour)
{
    for (int seed = 1; seed <= 6; seed++) {
        static Game g;
        char text[800];
        /* A far tile to claim stops the turn before lava moves on at its end. */
        snprintf(text, sizeof text, "seed %d\n" CRATER_RIM "tile 6 6 uno_light\nturn A target\n", seed);
        fx_scenario(&g, text);
        fx_do(&g, VERB_TARGET, C(0, 0), -1, -1);
        fx_apply(&g, 0);   /* unlock */
        REQUIRE(g.phase == PHASE_CLAIM);
        REQUIRE(g.lava_count == 1);
        CHECK_EQ(g.lava[0].cell, C(1, 0));
    }
}

TEST(rule_no_lower_neighbour_no_lava)
{
    static Game g;
    fx_scenario(&g, CRATER_RIM "tile 1 0 soil\nturn A target\n");
    fx_do(&g, VERB_TARGET, C(0, 0), -1, -1);
    fx_apply(&g, 0);
    CHECK_EQ(g.lava_count, 0);
}

/* Lava on a height-2 stack whose only lower neighbour (1,0) holds B's critter;
 * (2,0) continues B's dark biome. */
#define LAVA_ABOVE_B \
    "tile 0 0 soil\ntile 0 0 soil\n" \
    "tile 1 0 uno_dark\ntile 2 0 uno_dark\n" \
    "tile 0 1 soil\ntile 0 1 soil\ntile -1 1 soil\ntile -1 1 soil\n" \
    "tile -1 0 soil\ntile -1 0 soil\ntile 0 -1 soil\ntile 0 -1 soil\n" \
    "tile 1 -1 soil\ntile 1 -1 soil\n" \
    "lava 0 0\n" \
    "critter B 1 0 dark\n" \
    "turn A lava\n"

TEST(rule_evacuation_paid_moves_the_critter_within_its_biome)
{
    static Game g;
    fx_scenario(&g, LAVA_ABOVE_B "resources B medium 1 light 2\n");
    int b = fx_critter_on(&g, 1, 0, "dark");
    scenario_run(&g);
    REQUIRE(g.pending.kind == DK_EVACUATE);
    CHECK_EQ(g.pending.player, 1);
    CHECK(fx_find(&g, VERB_PASS, -1, -1, -1) >= 0);
    CHECK(fx_find_pay(&g, VERB_EVACUATE, b, 0, 0, 2) >= 0);   /* 2 of any kinds */
    fx_apply(&g, fx_find_pay(&g, VERB_EVACUATE, b, 0, 1, 1));
    CHECK_EQ(game_critter(&g, b)->place, AT_BOARD);
    CHECK_EQ(game_critter(&g, b)->cell, C(2, 0));
    CHECK_EQ(player_resource_total(&g.player[1]), 1);
}

TEST(rule_evacuation_refused_returns_the_critter_to_hand)
{
    static Game g;
    fx_scenario(&g, LAVA_ABOVE_B "resources B dark 2\n");
    int b = fx_critter_on(&g, 1, 0, "dark");
    scenario_run(&g);
    REQUIRE(g.pending.kind == DK_EVACUATE);
    fx_do(&g, VERB_PASS, -1, -1, -1);
    /* Back in hand; B's own turn follows, where it may go on to the crater. */
    CHECK(game_critter(&g, b)->place != AT_BOARD);
    CHECK_EQ(game_land_critters(&g, 1), 0);
}

TEST(rule_evacuation_unaffordable_loses_the_critter)
{
    static Game g;
    fx_scenario(&g, LAVA_ABOVE_B "resources B dark 1\n");
    int b = fx_critter_on(&g, 1, 0, "dark");
    scenario_run(&g);
    CHECK(g.pending.kind != DK_EVACUATE);
    CHECK(game_critter(&g, b)->place != AT_BOARD);
}

TEST(rule_lava_with_no_lower_neighbour_cools_in_place)
{
    static Game g;
    fx_scenario(&g, CRATER_RIM "tile 1 0 soil\nlava 0 0\nturn A lava\n");
    scenario_run(&g);
    CHECK_EQ(g.lava_count, 0);
    CHECK_EQ(g.board.cells[C(0, 0)].height, 3);
    CHECK_EQ(board_top_class(&g.board, &g.rules, C(0, 0)), TILE_SOIL);
    CHECK(!(g.board.cells[C(0, 0)].flags & CELL_LAVA));
}

TEST(rule_lava_in_the_ocean_becomes_volcanic_soil)
{
    static Game g;
    fx_scenario(&g, "tile 0 0 uno_dark\nlava 1 0\nturn A lava\n");
    scenario_run(&g);
    CHECK_EQ(g.lava_count, 0);
    CHECK_EQ(g.board.cells[C(1, 0)].height, 1);
    CHECK_EQ(board_top_class(&g.board, &g.rules, C(1, 0)), TILE_SOIL);
    CHECK(!(g.board.cells[C(1, 0)].flags & CELL_LAVA));
}

TEST(rule_lava_on_land_flows_downhill_each_turn)
{
    static Game g;
    fx_scenario(&g, LAVA_ABOVE_B "resources B dark 2\n");   /* B's next turn stops at its buy step */
    scenario_run(&g);   /* B cannot pay to evacuate: the critter goes home unasked */
    REQUIRE(g.lava_count == 1);
    CHECK_EQ(g.lava[0].cell, C(1, 0));
    CHECK(!(g.board.cells[C(0, 0)].flags & CELL_LAVA));
    CHECK(g.board.cells[C(1, 0)].flags & CELL_LAVA);
}
