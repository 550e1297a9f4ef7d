/* The board: stacks, heights, the connecting-edge rule, where a bought tile may
 * go, which stacks may be targeted, and lower neighbours. */
#include <string.h>

#include "board.h"
#include "core_internal.h"
#include "fixtures.h"
#include "harness.h"
#include "placement.h"

#define MAXO 256
/* Every player's stacks and the empty ones: the two-player rule. */
#define EVERY_STACK (1 | 2 | TARGET_UNINHABITED)

static Game game;   /* large: keep it off the stack */

static int count_at(const Option *o, int n, int cell)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        k += o[i].cell == cell;
    return k;
}

TEST(board_push_raises_height_and_adds_land_once)
{
    static Board b;
    board_clear(&b);
    int c = fx_cell(2, -1);
    CHECK(!board_is_land(&b, c));
    CHECK_EQ(b.cells[c].height, 0);
    CHECK_EQ(board_top_class(&b, fx_rules(), c), -1);
    fx_push(&b, 2, -1, "uno_dark", 0);
    fx_push(&b, 2, -1, "duo_dark_light", 4);
    fx_push(&b, 2, -1, "soil", 0);
    CHECK_EQ(b.cells[c].height, 3);
    CHECK_EQ(b.land_count, 1);
    CHECK_EQ(b.land[0], c);
    CHECK_EQ(board_top_class(&b, fx_rules(), c), TILE_SOIL);
}

TEST(board_pop_lowers_height_and_reveals_the_tile_beneath)
{
    static Board b;
    board_clear(&b);
    int c = fx_push(&b, 0, 0, "uno_dark", 0);
    fx_push(&b, 0, 0, "duo_dark_light", 4);
    board_pop(&b, c);
    CHECK_EQ(b.cells[c].height, 1);
    REQUIRE(board_top(&b, c) != NULL);
    CHECK_EQ(board_top(&b, c)->type, fx_type("uno_dark"));
    board_pop(&b, c);
    CHECK(!board_is_land(&b, c));
    CHECK_EQ(b.cells[c].height, 0);
    CHECK_EQ(b.land_count, 0);
    board_pop(&b, c);   /* popping ocean does nothing */
    CHECK_EQ(b.cells[c].height, 0);
}

TEST(board_pop_to_ocean_keeps_land_list_consistent)
{
    static Board b;
    board_clear(&b);
    int a = fx_push(&b, 0, 0, "uno_dark", 0);
    int m = fx_push(&b, 1, 0, "uno_light", 0);
    int z = fx_push(&b, 2, 0, "uno_medium", 0);
    board_pop(&b, a);
    CHECK_EQ(b.land_count, 2);
    int seen_m = 0, seen_z = 0;
    for (int i = 0; i < b.land_count; i++) {
        CHECK_EQ(b.land_index[b.land[i]], i);
        CHECK(b.land[i] != a);
        seen_m += b.land[i] == m;
        seen_z += b.land[i] == z;
    }
    CHECK_EQ(seen_m, 1);
    CHECK_EQ(seen_z, 1);
}

TEST(board_edges_connect_needs_a_matching_facing_edge)
{
    static Board b;
    board_clear(&b);
    fx_push(&b, 0, 0, "uno_dark", 0);
    int cell = fx_cell(1, 0);   /* east of the Uno: its edge 3 (W) faces the Uno's edge 0 */
    int duo = fx_type("duo_dark_medium");   /* dark on base edges 0, 1, 2 */
    for (int rot = 0; rot < 6; rot++) {
        bool want = rot >= 1 && rot <= 3;   /* edge 3 shows base edge 3 - rot */
        CHECK_EQ(board_edges_connect(&b, fx_rules(), cell, duo, rot), want);
    }
    CHECK(!board_edges_connect(&b, fx_rules(), cell, fx_type("uno_light"), 0));
    CHECK(board_edges_connect(&b, fx_rules(), cell, fx_type("uno_dark"), 0));
}

TEST(board_edges_connect_uses_the_facing_edge_not_any_edge)
{
    static Board b;
    board_clear(&b);
    fx_push(&b, 0, 0, "duo_dark_medium", 0);   /* E edge dark, W edge medium */
    CHECK(!board_edges_connect(&b, fx_rules(), fx_cell(1, 0), fx_type("uno_medium"), 0));
    CHECK(board_edges_connect(&b, fx_rules(), fx_cell(1, 0), fx_type("uno_dark"), 0));
    CHECK(board_edges_connect(&b, fx_rules(), fx_cell(-1, 0), fx_type("uno_medium"), 0));
    CHECK(!board_edges_connect(&b, fx_rules(), fx_cell(-1, 0), fx_type("uno_dark"), 0));
}

TEST(board_edge_d_faces_neighbour_edge_d_plus_3)
{
    static Board b;
    board_clear(&b);
    const Rules *r = fx_rules();
    int centre = fx_push(&b, 0, 0, "trio_dml", 2);
    static const char *const uno[3] = { "uno_dark", "uno_medium", "uno_light" };
    for (int d = 0; d < HEX_DIRS; d++) {
        int n = board_neighbour(centre, d);
        int facing = board_edge_biome(&b, r, centre, d);
        for (int biome = 0; biome < BIOME_COUNT; biome++)
            CHECK_EQ(board_edges_connect(&b, r, n, fx_type(uno[biome]), 0), biome == facing);
    }
}

TEST(board_edges_connect_ignores_volcano_soil_lava_and_ocean)
{
    static Board b;
    board_clear(&b);
    const Rules *r = fx_rules();
    fx_push(&b, 1, 0, "volcano", 0);
    fx_push(&b, -1, 0, "soil", 0);
    fx_push(&b, 0, 1, "uno_dark", 0);
    fx_lava(&b, 0, 1);
    for (int t = 0; t < r->tile_type_count; t++)
        for (int rot = 0; rot < 6; rot++)
            CHECK(!board_edges_connect(&b, r, fx_cell(0, 0), t, rot));
}

TEST(board_edges_connect_ignores_height)
{
    static Board b;
    board_clear(&b);
    for (int i = 0; i < 4; i++)
        fx_push(&b, 0, 0, "uno_light", 0);
    fx_push(&b, 1, 0, "uno_dark", 0);
    CHECK(board_edges_connect(&b, fx_rules(), fx_cell(1, 0), fx_type("uno_light"), 0));
}

TEST(stack_takes_tile_only_on_uno_duo_trio_or_soil_without_lava)
{
    fx_game(&game, 2);
    Board *b = &game.board;
    CHECK(!stack_takes_tile(&game, fx_cell(0, 0)));   /* ocean */
    CHECK(stack_takes_tile(&game, fx_push(b, 0, 0, "uno_dark", 0)));
    CHECK(stack_takes_tile(&game, fx_push(b, 1, 0, "duo_dark_light", 0)));
    CHECK(stack_takes_tile(&game, fx_push(b, 2, 0, "trio_dml", 0)));
    CHECK(stack_takes_tile(&game, fx_push(b, 3, 0, "soil", 0)));
    CHECK(!stack_takes_tile(&game, fx_push(b, 4, 0, "volcano", 0)));
    int lava = fx_push(b, 5, 0, "uno_dark", 0);
    fx_game_lava(&game, 5, 0);
    CHECK(!stack_takes_tile(&game, lava));
    int soil_lava = fx_push(b, 6, 0, "soil", 0);
    fx_game_lava(&game, 6, 0);
    CHECK(!stack_takes_tile(&game, soil_lava));
}

TEST(placement_never_offered_on_ocean_volcano_or_lava)
{
    fx_game(&game, 2);
    Board *b = &game.board;
    int a = fx_push(b, 0, 0, "uno_dark", 0);
    int c = fx_push(b, 1, 0, "uno_dark", 0);
    int volcano = fx_push(b, 0, 1, "uno_dark", 0);
    fx_push(b, 0, 1, "volcano", 0);
    int lava = fx_push(b, -1, 0, "uno_dark", 0);
    fx_game_lava(&game, -1, 0);
    const Rules *r = &game.rules;
    Option o[MAXO];
    for (int t = 0; t < r->tile_type_count; t++) {
        if (r->tile_types[t].tile_class > TILE_TRIO)
            continue;
        int n = 0;
        list_placements(&game, t, EVERY_STACK, o, &n, MAXO);
        REQUIRE(n <= MAXO);
        for (int i = 0; i < n; i++) {
            CHECK(board_is_land(b, o[i].cell));
            CHECK(o[i].cell != volcano);
            CHECK(o[i].cell != lava);
            CHECK_EQ(o[i].verb, VERB_TILE);
            CHECK_EQ(o[i].subject, t);
        }
    }
    int n = 0;
    list_placements(&game, fx_type("uno_dark"), EVERY_STACK, o, &n, MAXO);
    CHECK_EQ(n, 2);   /* the two open dark Unos, each facing the other */
    CHECK_EQ(count_at(o, n, a), 1);
    CHECK_EQ(count_at(o, n, c), 1);
}

TEST(placement_offers_each_connecting_rotation_once)
{
    fx_game(&game, 2);
    Board *b = &game.board;
    int west = fx_push(b, 0, 0, "uno_dark", 0);
    int east = fx_push(b, 1, 0, "uno_dark", 0);
    int duo = fx_type("duo_dark_medium");
    Option o[MAXO];
    int n = 0;
    list_placements(&game, duo, EVERY_STACK, o, &n, MAXO);
    CHECK_EQ(n, 6);
    CHECK_EQ(count_at(o, n, west), 3);   /* dark must face east: rotations 4, 5, 0 */
    CHECK_EQ(count_at(o, n, east), 3);   /* dark must face west: rotations 1, 2, 3 */
    for (int i = 0; i < n && i < MAXO; i++) {
        CHECK(board_edges_connect(b, &game.rules, o[i].cell, duo, o[i].sub));
        for (int j = i + 1; j < n; j++)
            CHECK(!(o[i].cell == o[j].cell && o[i].sub == o[j].sub));
    }
    CHECK(placement_exists(&game, duo, EVERY_STACK));
    CHECK(!placement_exists(&game, fx_type("uno_light"), EVERY_STACK));
}

TEST(placement_on_soil_is_offered_when_an_edge_connects)
{
    fx_game(&game, 2);
    Board *b = &game.board;
    int soil = fx_push(b, 0, 0, "soil", 0);
    fx_push(b, 1, 0, "volcano", 0);
    fx_push(b, -1, 0, "uno_light", 0);
    fx_game_lava(&game, -1, 0);   /* covered in lava: no edges, no target */
    CHECK(!placement_exists(&game, fx_type("uno_light"), EVERY_STACK));
    fx_push(b, 0, 1, "uno_light", 0);
    Option o[MAXO];
    int n = 0;
    list_placements(&game, fx_type("uno_light"), EVERY_STACK, o, &n, MAXO);
    CHECK_EQ(count_at(o, n, soil), 1);
    CHECK_EQ(n, 1);   /* the new Uno itself faces only soil and the volcano */
}

TEST(placement_needs_a_neighbour_isolated_stack_takes_nothing)
{
    fx_game(&game, 2);
    fx_push(&game.board, 0, 0, "uno_dark", 0);
    const Rules *r = &game.rules;
    for (int t = 0; t < r->tile_type_count; t++)
        if (r->tile_types[t].tile_class <= TILE_TRIO)
            CHECK(!placement_exists(&game, t, EVERY_STACK));
}

TEST(targeting_soil_always_and_uninhabited_stacks_when_the_mask_opens_them)
{
    fx_game(&game, 3);
    int soil = fx_push(&game.board, 0, 0, "soil", 0);
    int empty = fx_push(&game.board, 1, 0, "uno_dark", 0);
    CHECK(game_stack_targetable(&game, soil, 0));
    CHECK(!game_stack_targetable(&game, empty, 0));
    CHECK(!game_stack_targetable(&game, empty, 1));
    CHECK(game_stack_targetable(&game, empty, TARGET_UNINHABITED));
    CHECK(game_stack_targetable(&game, empty, 1 | TARGET_UNINHABITED));
}

TEST(targeting_stack_of_non_target_player_is_not_targetable)
{
    fx_game(&game, 3);
    int cell = fx_push(&game.board, 0, 0, "duo_dark_light", 0);
    fx_critter(&game, 1, 0, 0, 0, 0);
    CHECK(!game_stack_targetable(&game, cell, 1 << 0));
    CHECK(!game_stack_targetable(&game, cell, (1 << 0) | (1 << 2)));
    CHECK(game_stack_targetable(&game, cell, 1 << 1));
    fx_critter(&game, 2, 0, 0, 0, 1);   /* a target player's critter too: fair game */
    CHECK(game_stack_targetable(&game, cell, 1 << 2));
    CHECK(!game_stack_targetable(&game, cell, 1 << 0));
}

TEST(targeting_limits_list_placements)
{
    fx_game(&game, 3);
    Board *b = &game.board;
    int mine = fx_push(b, 0, 0, "uno_dark", 0);
    int theirs = fx_push(b, 1, 0, "uno_dark", 0);
    fx_critter(&game, 1, 3, 1, 0, 0);
    Option o[MAXO];
    int n = 0;
    list_placements(&game, fx_type("uno_dark"), (1 << 0) | TARGET_UNINHABITED, o, &n, MAXO);
    CHECK_EQ(count_at(o, n, mine), 1);   /* nobody stands there */
    CHECK_EQ(count_at(o, n, theirs), 0);
    n = 0;
    list_placements(&game, fx_type("uno_dark"), 1 << 0, o, &n, MAXO);
    CHECK_EQ(count_at(o, n, mine), 0);   /* To the Left: no exception for it */
    n = 0;
    list_placements(&game, fx_type("uno_dark"), 1 << 1, o, &n, MAXO);
    CHECK_EQ(count_at(o, n, theirs), 1);
    fx_game_lava(&game, 0, 0);
    CHECK(!placement_exists(&game, fx_type("uno_dark"), (1 << 0) | TARGET_UNINHABITED));
}

TEST(board_lower_neighbours_returns_only_strictly_lower_ocean_included)
{
    static Board b;
    board_clear(&b);
    int centre = fx_push(&b, 0, 0, "uno_dark", 0);
    fx_push(&b, 0, 0, "uno_dark", 0);                      /* height 2 */
    fx_push(&b, 1, 0, "uno_dark", 0);                      /* E  height 1: lower */
    for (int i = 0; i < 2; i++) fx_push(&b, 0, 1, "uno_dark", 0);   /* SE height 2: equal */
    for (int i = 0; i < 3; i++) fx_push(&b, -1, 1, "uno_dark", 0);  /* SW height 3: higher */
    fx_push(&b, -1, 0, "soil", 0);                         /* W  height 1: lower */
    fx_lava(&b, -1, 0);                                    /* lava adds no height */
    /* NW and NE: ocean, height 0 */
    int out[6];
    int n = board_lower_neighbours(&b, centre, b.cells[centre].height, out);
    REQUIRE(n == 4);
    CHECK_EQ(out[0], fx_cell(1, 0));
    CHECK_EQ(out[1], fx_cell(-1, 0));
    CHECK_EQ(out[2], fx_cell(0, -1));
    CHECK_EQ(out[3], fx_cell(1, -1));
    CHECK_EQ(board_lower_neighbours(&b, centre, 1, out), 2);   /* only the ocean is below 1 */
    CHECK_EQ(board_lower_neighbours(&b, centre, 0, out), 0);
}

TEST(board_lower_neighbours_skips_cells_past_the_board_edge)
{
    static Board b;
    board_clear(&b);
    Hex corner = hex_make(-BOARD_OFFSET, -BOARD_OFFSET);
    int cell = board_cell(corner);
    REQUIRE(board_push(&b, cell, fx_type("uno_dark"), 0) == 0);
    int out[6];
    int n = board_lower_neighbours(&b, cell, 1, out);
    CHECK_EQ(n, 2);   /* only E and SE lie inside the stored plane */
    for (int i = 0; i < n; i++)
        CHECK(out[i] != NO_CELL);
}

TEST(volcano_target_never_ocean_volcano_or_lava)
{
    fx_game(&game, 2);
    Board *b = &game.board;
    int open = fx_push(b, 0, 0, "trio_dlm", 0);
    int soil = fx_push(b, 1, 0, "soil", 0);
    fx_push(b, 2, 0, "volcano", 0);
    fx_push(b, 3, 0, "uno_dark", 0);
    fx_game_lava(&game, 3, 0);
    Option o[MAXO];
    int n = 0;
    list_volcano_targets(&game, EVERY_STACK, o, &n, MAXO);
    CHECK_EQ(n, 2);
    CHECK_EQ(count_at(o, n, open), 1);
    CHECK_EQ(count_at(o, n, soil), 1);
    fx_critter(&game, 1, 0, 0, 0, 0);
    n = 0;
    list_volcano_targets(&game, (1 << 0) | TARGET_UNINHABITED, o, &n, MAXO);
    CHECK_EQ(n, 1);
    CHECK_EQ(count_at(o, n, soil), 1);
}
