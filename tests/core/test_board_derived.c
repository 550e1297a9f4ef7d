/* The board's derived data (top codes, facing masks) follows every stack
 * change: pushes, pops, turns and island moves, checked against a fresh
 * computation after each step. */
#include "core/fixtures.h"
#include "harness.h"
#include "invariants.h"
#include "region.h"

TEST(derived_board_data_follows_pushes_pops_and_turns)
{
    Board b;
    board_clear(&b);
    board_set_rules(&b, fx_rules());
    const Rules *r = fx_rules();
    Rng rng;
    rng_seed(&rng, 5);
    int steps = 0, pops = 0, turns = 0;
    for (int i = 0; i < 3000; i++) {
        int cell = fx_cell((int)rng_below(&rng, 7) - 3, (int)rng_below(&rng, 7) - 3);
        int what = (int)rng_below(&rng, 10);
        if (what < 6) {
            int type = (int)rng_below(&rng, r->tile_type_count);
            REQUIRE(board_push(&b, cell, type, (int)rng_below(&rng, 6)) == 0 || b.tile_count >= MAX_BOARD_TILES);
        } else if (what < 9) {
            pops += board_is_land(&b, cell);
            board_pop(&b, cell);
        } else {
            turns += board_is_land(&b, cell);
            board_turn_top(&b, cell, (int)rng_below(&rng, 6));
        }
        if (b.tile_count >= MAX_BOARD_TILES - 1)
            break;
        steps++;
        REQUIRE(board_derived_ok(&b, r));
    }
    CHECK(steps > 300 && pops > 50 && turns > 20);
}

TEST(derived_board_data_survives_a_board_without_types)
{
    Board b;
    board_clear(&b);   /* no board_set_rules: nothing derived is kept */
    int a = fx_cell(0, 0), c = fx_cell(1, 0);
    REQUIRE(board_push(&b, a, fx_type("uno_dark"), 0) == 0);
    REQUIRE(board_push(&b, c, fx_type("uno_dark"), 0) == 0);
    Regions rg;
    regions_compute(&b, fx_rules(), &rg);   /* takes the path through the rules */
    CHECK_EQ(rg.count, 1);
    board_set_rules(&b, fx_rules());
    CHECK(board_derived_ok(&b, fx_rules()));
    CHECK(board_facing_mask(&b, fx_rules(), a) != 0);
}

TEST(invariants_catch_a_tile_turned_behind_the_boards_back)
{
    static Game g;
    fx_game(&g, 2);
    int cell = fx_push(&g.board, 0, 0, "duo_dark_medium", 0);
    fx_push(&g.board, 1, 0, "uno_dark", 0);
    char err[200];
    CHECK(board_derived_ok(&g.board, &g.rules));
    g.board.tiles[g.board.cells[cell].top].rotation = 3;   /* not through board_turn_top */
    CHECK(!board_derived_ok(&g.board, &g.rules));
    CHECK(invariants_check(&g, err, sizeof err) != 0);
    board_turn_top(&g.board, cell, 3);
    CHECK(board_derived_ok(&g.board, &g.rules));
}
