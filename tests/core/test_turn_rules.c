/* Scenario tests for the turn's rules: build a position, act through the
 * decision model, check the outcome. Games here run without rules scripts. */
#include <string.h>

#include "core_internal.h"
#include "fixtures.h"
#include "harness.h"

/* Puts the hand-built game of fx_game at the start of a phase of player 0's turn. */
static void at(Game *g, int phase, int kind)
{
    g->phase = (uint8_t)phase;
    g->active = 0;
    g->turn = 1;
    g->mode = MODE_NORMAL;
    g->queue_len = 0;
    g->contest_dirty = 0;
    for (int p = 0; p < g->players; p++)
        for (int b = 0; b < BIOME_COUNT; b++) {
            g->supply_resources[b] += g->player[p].resources[b];
            g->player[p].resources[b] = 0;
        }
    g->pending = (Pending){ (uint8_t)kind, 0, 0, 0, 0 };
}

static void give(Game *g, int player, int dark, int medium, int light)
{
    int add[3] = { dark, medium, light };
    for (int b = 0; b < BIOME_COUNT; b++) {
        g->supply_resources[b] -= (uint8_t)add[b];
        g->player[player].resources[b] += (uint8_t)add[b];
    }
}

/* Runs end-of-turn lava: from a collect step with nothing to discard. */
static void run_lava(Game *g)
{
    at(g, PHASE_COLLECT, DK_DISCARD);
    g->pending.aux = 7;
    flow_advance(g);
}

static int find_option(Game *g, int verb, int cell)
{
    static Option o[MAX_OPTIONS];
    int n = game_options(g, o, MAX_OPTIONS);
    for (int i = 0; i < n; i++)
        if (o[i].verb == verb && (cell < 0 || o[i].cell == cell))
            return i;
    return -1;
}

TEST(lava_in_the_ocean_flips_to_volcanic_soil)
{
    static Game g;
    fx_game(&g, 2);
    fx_push(&g.board, 0, 0, "uno_dark", 0);
    g.lava[0] = (Lava){ (uint16_t)fx_cell(1, 0), 1, 0 };
    g.lava_count = 1;
    run_lava(&g);
    CHECK_EQ(g.lava_count, 0);
    CHECK_EQ(g.board.cells[fx_cell(1, 0)].height, 1);
    CHECK_EQ(board_top_class(&g.board, &g.rules, fx_cell(1, 0)), TILE_SOIL);
}

TEST(lava_cools_in_place_when_no_neighbour_is_lower)
{
    static Game g;
    fx_game(&g, 2);
    fx_push(&g.board, 0, 0, "uno_dark", 0);
    for (int d = 0; d < 6; d++) {
        Hex h = hex_neighbour(hex_make(0, 0), d);
        fx_push(&g.board, h.q, h.r, "uno_light", 0);
        fx_push(&g.board, h.q, h.r, "uno_light", 0);
    }
    g.lava[0] = (Lava){ (uint16_t)fx_cell(0, 0), 0, 0 };
    g.lava_count = 1;
    run_lava(&g);
    CHECK_EQ(g.lava_count, 0);
    CHECK_EQ(g.board.cells[fx_cell(0, 0)].height, 2);
    CHECK_EQ(board_top_class(&g.board, &g.rules, fx_cell(0, 0)), TILE_SOIL);
}

TEST(lava_flows_only_downhill)
{
    static Game g;
    fx_game(&g, 2);
    /* A height-3 stack ringed by height-3 stacks but for one height-1 neighbour (east). */
    for (int k = 0; k < 3; k++)
        fx_push(&g.board, 0, 0, "uno_dark", 0);
    for (int d = 0; d < 6; d++) {
        Hex h = hex_neighbour(hex_make(0, 0), d);
        for (int k = 0; k < (d == 0 ? 1 : 3); k++)
            fx_push(&g.board, h.q, h.r, "uno_light", 0);
    }
    g.lava[0] = (Lava){ (uint16_t)fx_cell(0, 0), 0, 0 };
    g.lava_count = 1;
    at(&g, PHASE_COLLECT, DK_DISCARD);
    g.pending.aux = 7;
    g.player[1].resources[BIOME_DARK] = 2;   /* B's next turn stops at its buy step */
    g.supply_resources[BIOME_DARK] -= 2;
    flow_advance(&g);
    REQUIRE(g.lava_count == 1);
    CHECK_EQ(g.lava[0].cell, fx_cell(1, 0));
    CHECK(g.board.cells[fx_cell(1, 0)].flags & CELL_LAVA);
    CHECK(!(g.board.cells[fx_cell(0, 0)].flags & CELL_LAVA));
}

TEST(evacuation_refused_for_want_of_resources_returns_the_critter)
{
    static Game g;
    fx_game(&g, 2);
    for (int k = 0; k < 2; k++)
        fx_push(&g.board, 0, 0, "uno_dark", 0);
    fx_push(&g.board, 1, 0, "uno_dark", 0);      /* the only lower neighbour... */
    for (int d = 1; d < 6; d++) {                /* ...the others stand as high */
        Hex h = hex_neighbour(hex_make(0, 0), d);
        fx_push(&g.board, h.q, h.r, "uno_light", 0);
        fx_push(&g.board, h.q, h.r, "uno_light", 0);
    }
    fx_push(&g.board, 2, 0, "uno_dark", 0);      /* a free dark area to flee to */
    fx_critter(&g, 1, 0, 1, 0, 0);
    g.lava[0] = (Lava){ (uint16_t)fx_cell(0, 0), 0, 0 };
    g.lava_count = 1;
    run_lava(&g);                                /* B holds no resources: no choice */
    CHECK(g.player[1].critters[0].place != AT_BOARD);   /* to hand (B's next turn may sacrifice it) */
    CHECK_EQ(game_land_critters(&g, 1), 0);
}

TEST(evacuation_costs_two_and_moves_within_the_biome)
{
    static Game g;
    fx_game(&g, 2);
    for (int k = 0; k < 2; k++)
        fx_push(&g.board, 0, 0, "uno_dark", 0);
    fx_push(&g.board, 1, 0, "uno_dark", 0);
    for (int d = 1; d < 6; d++) {
        Hex h = hex_neighbour(hex_make(0, 0), d);
        fx_push(&g.board, h.q, h.r, "uno_light", 0);
        fx_push(&g.board, h.q, h.r, "uno_light", 0);
    }
    fx_push(&g.board, 2, 0, "uno_dark", 0);
    fx_critter(&g, 1, 0, 1, 0, 0);
    g.lava[0] = (Lava){ (uint16_t)fx_cell(0, 0), 0, 0 };
    g.lava_count = 1;
    at(&g, PHASE_COLLECT, DK_DISCARD);
    g.pending.aux = 7;
    give(&g, 1, 2, 0, 0);
    flow_advance(&g);
    REQUIRE(g.pending.kind == DK_EVACUATE);
    CHECK_EQ(g.pending.player, 1);
    int i = find_option(&g, VERB_EVACUATE, fx_cell(2, 0));
    REQUIRE(i >= 0);
    char err[200];
    REQUIRE(game_apply(&g, i, err, sizeof err) == 0);
    CHECK_EQ(g.player[1].critters[0].place, AT_BOARD);
    CHECK_EQ(g.player[1].critters[0].cell, fx_cell(2, 0));
    CHECK_EQ(g.player[1].resources[BIOME_DARK], 0);
}

TEST(contested_biome_tie_returns_every_critter)
{
    static Game g;
    fx_game(&g, 2);
    fx_push(&g.board, 0, 0, "uno_dark", 0);
    fx_push(&g.board, 1, 0, "uno_light", 0);
    fx_push(&g.board, 2, 0, "uno_dark", 0);
    fx_critter(&g, 0, 0, 0, 0, 0);
    fx_critter(&g, 1, 0, 2, 0, 0);
    at(&g, PHASE_BUY, DK_PLACE);
    g.bought_type = (uint8_t)fx_type("uno_dark");
    g.buys_made = 1;
    Option o = { VERB_TILE, 0, (uint16_t)fx_cell(1, 0), (uint16_t)fx_type("uno_dark"), 0 };
    char err[200];
    REQUIRE(game_apply_option(&g, &o, err, sizeof err) == 0);
    CHECK_EQ(g.player[0].critters[0].place, AT_HAND);
    CHECK_EQ(g.player[1].critters[0].place, AT_HAND);
}

TEST(covered_critter_migrates_within_its_biome)
{
    static Game g;
    fx_game(&g, 2);
    fx_push(&g.board, 0, 0, "uno_dark", 0);
    fx_push(&g.board, 1, 0, "uno_dark", 0);
    fx_critter(&g, 1, 0, 0, 0, 0);
    at(&g, PHASE_BUY, DK_PLACE);
    g.bought_type = (uint8_t)fx_type("uno_light");
    g.buys_made = 1;
    /* A light Uno matches no dark edge, so cover (0,0) with a dark Uno instead. */
    g.bought_type = (uint8_t)fx_type("uno_dark");
    Option o = { VERB_TILE, 0, (uint16_t)fx_cell(0, 0), (uint16_t)fx_type("uno_dark"), 0 };
    char err[200];
    REQUIRE(game_apply_option(&g, &o, err, sizeof err) == 0);
    REQUIRE(g.pending.kind == DK_MIGRATE);
    CHECK_EQ(g.pending.player, 1);
    int i = find_option(&g, VERB_MIGRATE, fx_cell(1, 0));
    REQUIRE(i >= 0);
    CHECK(find_option(&g, VERB_RETURN, -1) >= 0);
    REQUIRE(game_apply(&g, i, err, sizeof err) == 0);
    CHECK_EQ(g.player[1].critters[0].place, AT_BOARD);
    CHECK_EQ(g.player[1].critters[0].cell, fx_cell(1, 0));
    CHECK(g.pending.kind != DK_MIGRATE);   /* the turn goes on */
}

TEST(forced_sacrifice_when_no_tile_can_be_bought)
{
    static Game g;
    fx_game(&g, 2);
    fx_push(&g.board, 0, 0, "uno_dark", 0);
    fx_critter(&g, 0, 0, 0, 0, 0);
    at(&g, PHASE_MOVE, DK_MOVE);
    g.moves_left = 1;
    char err[200];
    REQUIRE(game_apply(&g, 0, err, sizeof err) == 0);   /* pass the move */
    CHECK_EQ(game_crater_count(&g, 0), 1);
    CHECK(g.phase != PHASE_BUY);
}

TEST(forced_sacrifice_with_a_full_crater_sacrifices_nothing)
{
    static Game g;
    fx_game(&g, 2);
    fx_push(&g.board, 0, 0, "uno_dark", 0);
    fx_critter(&g, 0, 0, 0, 0, 0);
    for (int i = 1; i <= 3; i++)
        g.player[0].critters[i].place = AT_CRATER;
    at(&g, PHASE_MOVE, DK_MOVE);
    g.moves_left = 1;
    int hand = game_hand_count(&g, 0);
    char err[200];
    REQUIRE(game_apply(&g, 0, err, sizeof err) == 0);
    CHECK_EQ(game_crater_count(&g, 0), 3);
    CHECK_EQ(game_hand_count(&g, 0), hand);
}

TEST(buying_a_tile_is_compulsory_when_affordable_and_placeable)
{
    static Game g;
    fx_game(&g, 2);
    fx_push(&g.board, 0, 0, "uno_dark", 0);
    fx_push(&g.board, 1, 0, "uno_dark", 0);
    at(&g, PHASE_BUY, DK_BUY);
    give(&g, 0, 2, 0, 0);
    CHECK_EQ(find_option(&g, VERB_PASS, -1), -1);
    CHECK(find_option(&g, VERB_BUY, -1) >= 0);
}

TEST(a_second_tile_may_be_bought_after_playing_onto_soil)
{
    static Game g;
    fx_game(&g, 2);
    fx_push(&g.board, 0, 0, "uno_dark", 0);
    fx_push(&g.board, 1, 0, "soil", 0);
    at(&g, PHASE_BUY, DK_PLACE);
    give(&g, 0, 2, 0, 0);
    g.bought_type = (uint8_t)fx_type("uno_dark");
    g.buys_made = 1;
    Option o = { VERB_TILE, 0, (uint16_t)fx_cell(1, 0), (uint16_t)fx_type("uno_dark"), 0 };
    char err[200];
    REQUIRE(game_apply_option(&g, &o, err, sizeof err) == 0);
    CHECK_EQ(g.pending.kind, DK_BUY);
    CHECK(find_option(&g, VERB_BUY, -1) >= 0);
}

TEST(collection_over_the_cap_asks_for_discards_down_to_it)
{
    static Game g;
    fx_game(&g, 2);
    fx_push(&g.board, 0, 0, "uno_dark", 0);
    fx_critter(&g, 0, 0, 0, 0, 0);
    at(&g, PHASE_SACRIFICE, DK_SACRIFICE);
    give(&g, 0, 3, 2, 2);   /* 7, plus one dark collected = 8 */
    g.player[0].sacrificed_board = g.player[0].sacrificed_hand = 1;
    flow_advance(&g);
    REQUIRE(g.pending.kind == DK_DISCARD);
    CHECK_EQ(player_resource_total(&g.player[0]), 8);
    char err[200];
    REQUIRE(game_apply(&g, 0, err, sizeof err) == 0);
    CHECK_EQ(player_resource_total(&g.player[0]), 7);
    CHECK(g.pending.kind != DK_DISCARD || g.pending.player != 0 || g.phase != PHASE_COLLECT);
}
