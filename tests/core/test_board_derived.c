/* The board's derived data (top codes, facing masks) follows every stack
 * change: pushes, pops, turns and island moves, checked against a fresh
 * computation after each step. */
#include <string.h>

#include "core/fixtures.h"
#include "core_internal.h"
#include "placement.h"
#include "harness.h"
#include "harness_game.h"
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

/* The placement rule read straight from the stacks, cell by cell and rotation
 * by rotation (board_edges_connect), in land order: what list_placements must
 * list, whichever of its paths it takes. */
static int reference_placements(const Game *g, int type, int mask, Option *o)
{
    const Board *b = &g->board;
    int n = 0;
    for (int k = 0; k < b->land_count; k++) {
        int cell = b->land[k], ids[16], sheltered = 0;
        int on = game_critters_on_cell(g, cell, ids, 16);
        for (int i = 0; i < on; i++)
            sheltered |= critter_has_trait(g, game_critter((Game *)g, ids[i]), CT_SHELTERS);
        if (!stack_takes_tile(g, cell) || !game_stack_targetable(g, cell, mask) || sheltered)
            continue;
        for (int rot = 0; rot < g->rules.tile_types[type].distinct_rotations; rot++)
            if (board_edges_connect(b, &g->rules, cell, type, rot))
                o[n++] = (Option){ VERB_TILE, (uint8_t)rot, (uint16_t)cell, (uint16_t)type, 0 };
    }
    return n;
}

/* list_placements against the reference at g, for one player's mask and for
 * all players', each with and without stacks that hold no critter (all of
 * them with those: the fast path), and with a short buffer (the general
 * path, counting past max). */
static void check_listing(const Game *g, int type)
{
    static Option got[MAX_OPTIONS], want[MAX_OPTIONS];
    int all = (1 << g->players) - 1;
    const int masks[4] = { 1, all, 1 | TARGET_UNINHABITED, all | TARGET_UNINHABITED };
    for (int m = 0; m < 4; m++) {
        int mask = masks[m];
        int expect = reference_placements(g, type, mask, want), count = 0;
        list_placements(g, type, mask, got, &count, MAX_OPTIONS);
        REQUIRE(count == expect && memcmp(got, want, sizeof *got * (size_t)count) == 0);
        int few = 0;
        list_placements(g, type, mask, got, &few, expect > 0 ? expect - 1 : 0);
        CHECK_EQ(few, expect);
    }
}

TEST(placement_listing_matches_the_rule_read_stack_by_stack)
{
    static Game g, lava;
    static Option opts[MAX_OPTIONS];
    int positions = 0;
    for (uint64_t seed = 1; seed <= 12; seed++) {
        GameOptions o = { .players = (uint8_t)(2 + seed % 4), .setup_variation = 1, .variant = "symbiosis" };
        char err[200];
        REQUIRE(game_init(&g, fx_rules(), &o, seed, NULL, NULL, err, sizeof err) == 0);
        Rng r;
        rng_seed(&r, seed);
        for (int d = 0; d < 3000 && !game_over(&g); d++) {
            int n = game_options(&g, opts, MAX_OPTIONS);
            for (int type = 0; g.pending.kind == DK_PLACE && type < g.rules.tile_type_count; type++) {
                if (g.rules.tile_types[type].tile_class > TILE_TRIO)
                    continue;
                check_listing(&g, type);
                /* The same position with lava on one more land cell: its edges hide. */
                lava = g;
                int cell = lava.board.land[positions % lava.board.land_count];
                if (!(lava.board.cells[cell].flags & CELL_LAVA) && lava.lava_count < MAX_LAVA) {
                    lava.lava[lava.lava_count++] = (Lava){ (uint16_t)cell, 0, 0 };
                    lava.board.cells[cell].flags |= CELL_LAVA;
                }
                check_listing(&lava, type);
                positions++;
            }
            REQUIRE(game_apply(&g, (int)rng_below(&r, (uint32_t)n), err, sizeof err) == 0);
        }
        CHECK_NO_SCRIPT_ERROR(NULL, &g, "seed %llu", (unsigned long long)seed);
    }
    CHECK(positions > 100);
}
