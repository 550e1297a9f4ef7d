/* Rift and Converging tectonic plates (scripts/powers/rift.lua and
 * converging_tectonic_plates.lua) over the core's island moves
 * (engine/core/island_move.c) and the contest advantage that follows them. */
#include <string.h>

#include "core_internal.h"
#include "../core/fixtures.h"
#include "harness.h"
#include "invariants.h"
#include "island_move.h"
#include "session.h"
#include "power_fixtures.h"


/* An empty position of `players` with the rules scripts attached, at the end
 * of A's move step in turn mode `mode`: flow() then begins the buy step. */
static Game *position(int players, int mode)
{
    Game *g = pf_position(players, PHASE_MOVE, DK_MOVE);
    g->mode = (uint8_t)mode;
    return g;
}


/* Runs the turn on to its next decision (the buy step's questions, if any). */
static void flow(Game *g)
{
    flow_advance(g);
    if (g->pending.kind == DK_MOVE)
        fx_do(g, VERB_PASS, -1, -1, -1);
}

static bool asked(const Game *g) { return g->pending.kind == DK_SCRIPT && g->pending.player == 0; }

static void lava_on(Game *g, int q, int r)
{
    fx_lava(&g->board, q, r);
    g->lava[g->lava_count++] = (Lava){ (uint16_t)fx_cell(q, r), 0, 0 };
}

/* ---- Converging tectonic plates ---- */

TEST(converging_plates_shift_an_island_two_spaces_with_stacks_critters_and_lava)
{
    Game *g = position(2, MODE_NORMAL);
    pf_hold(g, 0, 0, "Converging tectonic plates");
    fx_push(&g->board, 0, 0, "uno_dark", 0);      /* the island that moves */
    fx_push(&g->board, 0, 0, "uno_light", 0);
    fx_push(&g->board, 1, 0, "uno_medium", 0);
    fx_critter(g, 0, 0, 0, 0, 0);
    lava_on(g, 1, 0);
    fx_push(&g->board, -6, 0, "uno_dark", 0);     /* another island, far west */
    flow(g);
    REQUIRE(asked(g));
    fx_apply(g, fx_find(g, VERB_CHOOSE, fx_cell(0, 0), -1, -1));   /* that island */
    REQUIRE(asked(g));
    fx_apply(g, fx_find(g, VERB_CHOOSE, fx_cell(0, 2), -1, -1));   /* two spaces south-east */
    CHECK(!board_is_land(&g->board, fx_cell(0, 0)));
    CHECK(!board_is_land(&g->board, fx_cell(1, 0)));
    CHECK_EQ(g->board.cells[fx_cell(0, 2)].height, 2);
    CHECK_EQ(board_area_biome(&g->board, &g->rules, fx_cell(0, 2), 0), BIOME_LIGHT);
    CHECK_EQ(g->player[0].critters[0].cell, fx_cell(0, 2));
    CHECK_EQ(g->player[0].critters[0].place, AT_BOARD);
    CHECK_EQ(g->lava[0].cell, fx_cell(1, 2));
    CHECK(g->board.cells[fx_cell(1, 2)].flags & CELL_LAVA);
    CHECK_EQ(g->board.land_count, 3);
    char err[256];
    CHECK(invariants_check(g, err, sizeof err) == 0);
}

TEST(converging_plates_stop_as_soon_as_the_island_touches_another)
{
    Game *g = position(2, MODE_NORMAL);
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_push(&g->board, 3, 0, "uno_light", 0);     /* two spaces of ocean between */
    CHECK_EQ(island_shift_reach(g, fx_cell(0, 0), 0, 2), 2);
    fx_push(&g->board, 2, 0, "uno_light", 0);     /* now one space between */
    CHECK_EQ(island_shift_reach(g, fx_cell(0, 0), 0, 2), 1);
    char err[128];
    CHECK_EQ(effect_shift_island(g, fx_cell(0, 0), 0, 2, err, sizeof err), 1);
    CHECK(board_is_land(&g->board, fx_cell(1, 0)));
    CHECK(!board_is_land(&g->board, fx_cell(0, 0)));
}

TEST(converging_plates_offer_a_single_move_where_the_island_stops_after_one_space)
{
    Game *g = position(2, MODE_NORMAL);
    pf_hold(g, 0, 0, "Converging tectonic plates");
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_push(&g->board, 2, 0, "uno_light", 0);
    flow(g);
    REQUIRE(asked(g));
    fx_apply(g, fx_find(g, VERB_CHOOSE, fx_cell(0, 0), -1, -1));
    REQUIRE(asked(g));
    CHECK(fx_find(g, VERB_CHOOSE, fx_cell(1, 0), -1, -1) >= 0);   /* east: one space, touching */
    CHECK(fx_find(g, VERB_CHOOSE, fx_cell(2, 0), -1, -1) < 0);    /* no second space east */
    CHECK(fx_find(g, VERB_CHOOSE, fx_cell(-2, 0), -1, -1) >= 0);  /* west: two spaces */
    CHECK_EQ(fx_count(g, VERB_CHOOSE), 11);
}

TEST(converging_plates_never_move_land_off_the_board)
{
    Game *g = position(2, MODE_NORMAL);
    fx_push(&g->board, BOARD_SIZE - BOARD_OFFSET - 1, 0, "uno_dark", 0);   /* on the east edge */
    CHECK_EQ(island_shift_reach(g, fx_cell(BOARD_SIZE - BOARD_OFFSET - 1, 0), 0, 2), 0);
    char err[128];
    CHECK_EQ(effect_shift_island(g, fx_cell(BOARD_SIZE - BOARD_OFFSET - 1, 0), 0, 1, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "cannot move");
}

TEST(converging_plates_are_used_once_in_the_main_game)
{
    Game *g = position(2, MODE_NORMAL);
    pf_hold(g, 0, 0, "Converging tectonic plates");
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    flow(g);
    REQUIRE(asked(g));                                 /* one island: straight to the move */
    fx_apply(g, fx_find(g, VERB_CHOOSE, fx_cell(1, 0), -1, -1));
    CHECK(board_is_land(&g->board, fx_cell(1, 0)));
    CHECK(!asked(g));
    /* A later turn of the main game: no second offer. */
    g->phase = PHASE_MOVE;
    g->pending = (Pending){ DK_MOVE, 0, 0, 0, 0 };
    flow(g);
    CHECK(!asked(g));
}

TEST(converging_plates_are_used_a_second_time_in_the_final_turn)
{
    Game *g = position(2, MODE_NORMAL);
    pf_hold(g, 0, 0, "Converging tectonic plates");
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    flow(g);
    fx_apply(g, fx_find(g, VERB_CHOOSE, fx_cell(1, 0), -1, -1));   /* the main game's use */
    g->mode = MODE_FINAL;
    g->phase = PHASE_MOVE;
    g->pending = (Pending){ DK_MOVE, 0, 0, 0, 0 };
    flow(g);
    REQUIRE(asked(g));                                              /* the final turn's use */
    fx_apply(g, fx_find(g, VERB_CHOOSE, fx_cell(3, 0), -1, -1));
    CHECK(board_is_land(&g->board, fx_cell(3, 0)));
    g->mode = MODE_FINALE;                                          /* never in finale turns */
    g->phase = PHASE_MOVE;
    g->pending = (Pending){ DK_MOVE, 0, 0, 0, 0 };
    flow(g);
    CHECK(!asked(g));
}

TEST(converging_plates_passed_keep_the_use)
{
    Game *g = position(2, MODE_NORMAL);
    pf_hold(g, 0, 0, "Converging tectonic plates");
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    flow(g);
    REQUIRE(asked(g));
    fx_do(g, VERB_PASS, -1, -1, -1);
    g->phase = PHASE_MOVE;
    g->pending = (Pending){ DK_MOVE, 0, 0, 0, 0 };
    flow(g);
    CHECK(asked(g));
}

/* A's critter on a dark island at (0, 0); B's critters on a dark island at
 * (3, 0) and (4, 0); converging two spaces east joins the dark biomes. */
static Game *converge_contest(int b_critters)
{
    Game *g = position(2, MODE_NORMAL);
    pf_hold(g, 0, 0, "Converging tectonic plates");
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_push(&g->board, 3, 0, "uno_dark", 0);
    fx_push(&g->board, 4, 0, "uno_dark", 0);
    fx_critter(g, 0, 0, 0, 0, 0);
    for (int i = 0; i < b_critters; i++)
        fx_critter(g, 1, i, 3 + i, 0, 0);
    flow(g);
    fx_apply(g, fx_find(g, VERB_CHOOSE, fx_cell(0, 0), -1, -1));
    fx_apply(g, fx_find(g, VERB_CHOOSE, fx_cell(2, 0), -1, -1));
    return g;
}

TEST(converging_plates_tied_contest_goes_to_the_player_who_converged)
{
    Game *g = converge_contest(1);
    CHECK_EQ(g->player[0].critters[0].place, AT_BOARD);
    CHECK_EQ(g->player[0].critters[0].cell, fx_cell(2, 0));
    CHECK_EQ(g->player[1].critters[0].place, AT_HAND);
    CHECK_EQ(g->contest_favour, 0);                  /* spent */
}

TEST(converging_plates_contest_goes_to_the_most_critters)
{
    Game *g = converge_contest(2);
    CHECK_EQ(g->player[0].critters[0].place, AT_HAND);
    if (g->pending.kind == DK_KEEP)                  /* B keeps one of two */
        fx_apply(g, 0);
    CHECK_EQ(land_critter_count(g, 1), 1);
}

TEST(converging_plates_tie_between_players_who_did_not_converge_removes_both)
{
    Game *g = position(3, MODE_NORMAL);
    pf_hold(g, 0, 0, "Converging tectonic plates");
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_push(&g->board, 3, 0, "uno_dark", 0);
    fx_critter(g, 1, 0, 0, 0, 0);                    /* B on the moving island */
    fx_critter(g, 2, 0, 3, 0, 0);                    /* C on the other */
    flow(g);
    fx_apply(g, fx_find(g, VERB_CHOOSE, fx_cell(0, 0), -1, -1));
    fx_apply(g, fx_find(g, VERB_CHOOSE, fx_cell(2, 0), -1, -1));
    CHECK_EQ(g->player[1].critters[0].place, AT_HAND);
    CHECK_EQ(g->player[2].critters[0].place, AT_HAND);
}

TEST(converging_plates_advantage_yields_to_grouped_critters)
{
    Game *g = position(2, MODE_NORMAL);
    pf_hold(g, 0, 0, "Converging tectonic plates");
    g->player[1].ability[ABILITY_GROUP] = 2;         /* e.g. a herd: its own contest rules */
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_push(&g->board, 3, 0, "uno_dark", 0);
    fx_critter(g, 0, 0, 0, 0, 0);
    fx_critter(g, 1, 0, 3, 0, 0);
    flow(g);
    fx_apply(g, fx_find(g, VERB_CHOOSE, fx_cell(0, 0), -1, -1));
    fx_apply(g, fx_find(g, VERB_CHOOSE, fx_cell(2, 0), -1, -1));
    CHECK_EQ(g->player[0].critters[0].place, AT_HAND);   /* a plain tie: both lose */
    CHECK_EQ(g->player[1].critters[0].place, AT_HAND);
}

/* ---- Rift ---- */

TEST(rift_splits_an_island_and_moves_the_cut_part_one_space_into_the_ocean)
{
    Game *g = position(2, MODE_NORMAL);
    pf_hold(g, 0, 0, "Rift");
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_push(&g->board, 1, 0, "uno_dark", 0);
    fx_push(&g->board, 2, 0, "uno_medium", 0);
    fx_push(&g->board, 2, 0, "uno_light", 0);
    fx_critter(g, 1, 0, 1, 0, 0);
    lava_on(g, 2, 0);
    flow(g);
    REQUIRE(asked(g));                                   /* one island: straight to the line */
    /* Line 0 of axis q (between q = 0 and q = 1), the east part moving east:
     * value axis * 100000 + (line + 1000) * 10 + direction. */
    int pick = -1;
    static Option o[MAX_OPTIONS];
    int n = game_options(g, o, MAX_OPTIONS);
    for (int i = 0; i < n; i++)
        if (o[i].verb == VERB_CHOOSE && g->ask[0].value[o[i].subject] == 1 * 100000 + 1000 * 10 + 1)
            pick = i;
    fx_apply(g, pick);
    CHECK(board_is_land(&g->board, fx_cell(0, 0)));
    CHECK(!board_is_land(&g->board, fx_cell(1, 0)));     /* one space of ocean between */
    CHECK(board_is_land(&g->board, fx_cell(2, 0)));
    CHECK_EQ(g->board.cells[fx_cell(3, 0)].height, 2);
    CHECK_EQ(g->player[1].critters[0].cell, fx_cell(2, 0));
    CHECK_EQ(g->player[1].critters[0].place, AT_BOARD);
    CHECK_EQ(g->lava[0].cell, fx_cell(3, 0));
    CHECK(g->board.cells[fx_cell(3, 0)].flags & CELL_LAVA);
    char err[256];
    CHECK(invariants_check(g, err, sizeof err) == 0);
}

TEST(rift_line_cannot_run_along_the_islands_outside_edge)
{
    Game *g = position(2, MODE_NORMAL);
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_push(&g->board, 1, 0, "uno_dark", 0);
    CHECK_EQ(island_rift_size(g, fx_cell(0, 0), 0, 0, 0), 1);   /* between q 0 and 1 */
    CHECK_EQ(island_rift_size(g, fx_cell(0, 0), 0, 1, 0), 0);   /* east of the island */
    CHECK_EQ(island_rift_size(g, fx_cell(0, 0), 0, -1, 3), 0);  /* west of it */
    CHECK_EQ(island_rift_size(g, fx_cell(0, 0), 1, 0, 1), 0);   /* along its row */
    char err[128];
    CHECK_EQ(effect_rift(g, fx_cell(0, 0), 0, 1, 0, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "cross the island");
}

TEST(rift_part_moves_only_straight_away_from_the_line_never_along_it)
{
    Game *g = position(2, MODE_NORMAL);
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_push(&g->board, 1, 0, "uno_dark", 0);
    CHECK_EQ(island_rift_size(g, fx_cell(0, 0), 0, 0, 1), 0);   /* south-east keeps q */
    CHECK_EQ(island_rift_size(g, fx_cell(0, 0), 0, 0, 5), 1);   /* north-east: q + 1 */
    CHECK_EQ(island_rift_size(g, fx_cell(0, 0), 0, 0, 3), 1);   /* west moves the west part */
}

TEST(rift_part_cannot_leave_the_board)
{
    Game *g = position(2, MODE_NORMAL);
    int east = BOARD_SIZE - BOARD_OFFSET - 1;
    fx_push(&g->board, east - 1, 0, "uno_dark", 0);
    fx_push(&g->board, east, 0, "uno_dark", 0);
    CHECK_EQ(island_rift_size(g, fx_cell(east, 0), 0, east - 1, 0), 0);
    CHECK_EQ(island_rift_size(g, fx_cell(east, 0), 0, east - 1, 3), 1);   /* the west part can go */
}

TEST(rift_is_used_once_in_the_main_game_and_again_in_the_final_turn)
{
    Game *g = position(2, MODE_NORMAL);
    pf_hold(g, 0, 0, "Rift");
    for (int q = 0; q < 4; q++)
        fx_push(&g->board, q, 0, "uno_dark", 0);
    flow(g);
    REQUIRE(asked(g));
    fx_apply(g, fx_find(g, VERB_CHOOSE, -1, -1, -1));
    CHECK_EQ(g->board.land_count, 4);
    g->phase = PHASE_MOVE;
    g->pending = (Pending){ DK_MOVE, 0, 0, 0, 0 };
    flow(g);
    CHECK(!asked(g));                                    /* used in the main game */
    g->mode = MODE_FINAL;
    g->phase = PHASE_MOVE;
    g->pending = (Pending){ DK_MOVE, 0, 0, 0, 0 };
    flow(g);
    REQUIRE(asked(g));                                   /* the final turn's use */
    fx_apply(g, fx_find(g, VERB_CHOOSE, -1, -1, -1));
    g->phase = PHASE_MOVE;
    g->pending = (Pending){ DK_MOVE, 0, 0, 0, 0 };
    flow(g);
    CHECK(!asked(g));
}

TEST(rift_tied_contest_goes_to_the_rifter)
{
    Game *g = position(2, MODE_NORMAL);
    pf_hold(g, 0, 0, "Rift");
    fx_push(&g->board, 0, 0, "uno_medium", 0);
    fx_push(&g->board, 1, 0, "uno_dark", 0);        /* the part that moves east... */
    fx_push(&g->board, 3, 0, "uno_dark", 0);        /* ...lands beside this island */
    fx_critter(g, 0, 0, 1, 0, 0);
    fx_critter(g, 1, 0, 3, 0, 0);
    flow(g);
    REQUIRE(asked(g));                               /* only one island can be rifted */
    fx_apply(g, fx_find(g, VERB_CHOOSE, fx_cell(2, 0), -1, -1));   /* (1, 0) east onto (2, 0) */
    CHECK(!board_is_land(&g->board, fx_cell(1, 0)));
    CHECK_EQ(g->player[0].critters[0].cell, fx_cell(2, 0));
    CHECK_EQ(g->player[0].critters[0].place, AT_BOARD);
    CHECK_EQ(g->player[1].critters[0].place, AT_HAND);
}

TEST(rift_lists_each_outcome_once)
{
    Game *g = position(2, MODE_NORMAL);
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_push(&g->board, 1, 0, "uno_dark", 0);
    Rift r[64];
    /* Cut on axis q or s, a row splits the same way: east part E, NE, SE; west part W, SW, NW. */
    CHECK_EQ(island_rifts(g, fx_cell(0, 0), r, 64), 6);
}

TEST(rift_asks_line_and_side_first_when_an_island_offers_over_96_rifts)
{
    Game *g = position(2, MODE_NORMAL);
    pf_hold(g, 0, 0, "Rift");
    for (int q = -9; q < 9; q++)                         /* 18 in a row: 17 cuts, 102 rifts */
        fx_push(&g->board, q, 0, "uno_dark", 0);
    Rift r[256];
    CHECK_EQ(island_rifts(g, fx_cell(0, 0), r, 256), 102);
    flow(g);
    REQUIRE(asked(g));
    CHECK_EQ(fx_count(g, VERB_CHOOSE), 68);              /* line and side, on axes q and s */
    fx_apply(g, fx_find(g, VERB_CHOOSE, -1, -1, -1));
    REQUIRE(asked(g));
    CHECK_EQ(fx_count(g, VERB_CHOOSE), 2);               /* two slants away from the line */
    fx_apply(g, fx_find(g, VERB_CHOOSE, -1, -1, -1));
    CHECK_EQ(g->board.land_count, 18);
    int islands[8];
    CHECK_EQ(island_anchors(&g->board, islands, 8), 2);
}
