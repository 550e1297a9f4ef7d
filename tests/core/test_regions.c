/* Biome regions: same-colour areas joined across matching edges of top tiles. */
#include <string.h>

#include "fixtures.h"
#include "harness.h"
#include "region.h"

static Board board;
static Regions rg;

static void compute(void) { regions_compute(&board, fx_rules(), &rg); }
static int region(int q, int r, int area) { return region_at(&rg, &board, fx_cell(q, r), area); }

/* Area index of the top tile of (q, r) that shows `biome`, or -1. */
static int area_of(int q, int r, int biome)
{
    int cell = fx_cell(q, r);
    for (int a = 0; a < board_areas(&board, fx_rules(), cell); a++)
        if (board_area_biome(&board, fx_rules(), cell, a) == biome)
            return a;
    return -1;
}

TEST(region_same_colour_unos_side_by_side_form_one_region)
{
    board_clear(&board);
    fx_push(&board, 0, 0, "uno_dark", 0);
    fx_push(&board, 1, 0, "uno_dark", 0);
    compute();
    CHECK_EQ(rg.count, 1);
    CHECK_EQ(region(0, 0, 0), 0);
    CHECK_EQ(region(1, 0, 0), 0);
    CHECK_EQ(rg.biome[0], BIOME_DARK);
    CHECK_EQ(rg.tiles[0], 2);
    CHECK_EQ(rg.edges[0], 1);
}

TEST(region_different_colours_stay_apart)
{
    board_clear(&board);
    fx_push(&board, 0, 0, "uno_dark", 0);
    fx_push(&board, 1, 0, "uno_light", 0);
    compute();
    REQUIRE(rg.count == 2);
    CHECK(region(0, 0, 0) != region(1, 0, 0));
    for (int i = 0; i < 2; i++) {
        CHECK_EQ(rg.tiles[i], 1);
        CHECK_EQ(rg.edges[i], 0);
    }
    CHECK_EQ(rg.biome[region(0, 0, 0)], BIOME_DARK);
    CHECK_EQ(rg.biome[region(1, 0, 0)], BIOME_LIGHT);
}

TEST(region_duo_between_two_unos_joins_them)
{
    board_clear(&board);
    fx_push(&board, 0, 0, "uno_dark", 0);   /* W of the duo */
    fx_push(&board, 1, 1, "uno_dark", 0);   /* SE of the duo, not touching the other Uno */
    compute();
    CHECK_EQ(rg.count, 2);
    fx_push(&board, 1, 0, "duo_dark_medium", 1);   /* dark on SE, SW, W */
    compute();
    CHECK_EQ(rg.count, 2);   /* one dark, one medium */
    int dark = region(0, 0, 0);
    CHECK_EQ(region(1, 1, 0), dark);
    CHECK_EQ(region(1, 0, area_of(1, 0, BIOME_DARK)), dark);
    CHECK_EQ(rg.tiles[dark], 3);
    CHECK_EQ(rg.edges[dark], 2);
    int medium = region(1, 0, area_of(1, 0, BIOME_MEDIUM));
    CHECK(medium != dark);
    CHECK_EQ(rg.biome[medium], BIOME_MEDIUM);
    CHECK_EQ(rg.tiles[medium], 1);
    CHECK_EQ(rg.edges[medium], 0);
}

TEST(region_placement_that_breaks_the_join_splits_the_biome)
{
    board_clear(&board);
    fx_push(&board, 0, 0, "uno_dark", 0);
    fx_push(&board, 1, 0, "uno_dark", 0);
    fx_push(&board, 2, 0, "uno_dark", 0);
    compute();
    CHECK_EQ(rg.count, 1);
    CHECK_EQ(rg.edges[0], 2);
    fx_push(&board, 1, 0, "duo_dark_medium", 3);   /* dark on W, NW, NE; medium faces east */
    compute();
    CHECK_EQ(rg.count, 3);
    int west = region(0, 0, 0), east = region(2, 0, 0);
    CHECK(west != east);
    CHECK_EQ(region(1, 0, area_of(1, 0, BIOME_DARK)), west);
    CHECK_EQ(rg.biome[east], BIOME_DARK);
    CHECK_EQ(rg.tiles[east], 1);
    CHECK_EQ(rg.tiles[west], 2);
    CHECK_EQ(rg.edges[west], 1);
    CHECK_EQ(rg.edges[east], 0);
}

TEST(region_heights_do_not_matter_for_joining)
{
    board_clear(&board);
    for (int i = 0; i < 3; i++)
        fx_push(&board, 0, 0, i < 2 ? "uno_light" : "uno_dark", 0);
    fx_push(&board, 1, 0, "uno_dark", 0);
    compute();
    CHECK_EQ(rg.count, 1);
    CHECK_EQ(rg.edges[0], 1);
    CHECK_EQ(rg.max_height[0], 3);
}

TEST(region_only_top_tiles_count)
{
    board_clear(&board);
    fx_push(&board, 0, 0, "uno_dark", 0);
    fx_push(&board, 0, 0, "uno_light", 0);   /* covers the dark Uno */
    fx_push(&board, 1, 0, "uno_dark", 0);
    compute();
    CHECK_EQ(rg.count, 2);
    CHECK_EQ(rg.biome[region(0, 0, 0)], BIOME_LIGHT);
    CHECK(region(0, 0, 0) != region(1, 0, 0));
}

TEST(region_max_height_is_per_region)
{
    board_clear(&board);
    fx_push(&board, 0, 0, "uno_dark", 0);
    for (int i = 0; i < 3; i++)
        fx_push(&board, 1, 0, "uno_dark", 0);
    for (int i = 0; i < 2; i++)
        fx_push(&board, 5, 0, "uno_medium", 0);
    fx_push(&board, 6, 0, "uno_medium", 0);
    compute();
    REQUIRE(rg.count == 2);
    CHECK_EQ(rg.max_height[region(0, 0, 0)], 3);
    CHECK_EQ(rg.max_height[region(6, 0, 0)], 2);
}

TEST(region_lava_removes_a_tiles_areas)
{
    board_clear(&board);
    fx_push(&board, 0, 0, "uno_dark", 0);
    fx_push(&board, 1, 0, "uno_dark", 0);
    fx_push(&board, 2, 0, "uno_dark", 0);
    fx_lava(&board, 1, 0);
    compute();
    CHECK_EQ(rg.count, 2);
    CHECK(region(0, 0, 0) != region(2, 0, 0));
    CHECK_EQ(region(1, 0, 0), NO_REGION);
    for (int i = 0; i < rg.count; i++) {
        CHECK_EQ(rg.tiles[i], 1);
        CHECK_EQ(rg.edges[i], 0);
    }
}

TEST(region_volcano_and_soil_have_no_areas_and_do_not_join)
{
    board_clear(&board);
    fx_push(&board, 0, 0, "uno_dark", 0);
    fx_push(&board, 1, 0, "volcano", 0);
    fx_push(&board, 2, 0, "uno_dark", 0);
    fx_push(&board, 3, 0, "soil", 0);
    fx_push(&board, 4, 0, "uno_dark", 0);
    compute();
    CHECK_EQ(rg.count, 3);
    CHECK_EQ(region(1, 0, 0), NO_REGION);
    CHECK_EQ(region(3, 0, 0), NO_REGION);
}

TEST(region_ring_of_three_same_colour_unos_has_three_edges)
{
    board_clear(&board);
    fx_push(&board, 0, 0, "uno_medium", 0);
    fx_push(&board, 1, 0, "uno_medium", 0);
    fx_push(&board, 0, 1, "uno_medium", 0);   /* touches both */
    compute();
    CHECK_EQ(rg.count, 1);
    CHECK_EQ(rg.tiles[0], 3);
    CHECK_EQ(rg.edges[0], 3);
}

TEST(region_trio_areas_join_neighbours_separately)
{
    board_clear(&board);
    fx_push(&board, 0, 0, "trio_dml", 0);   /* dark E, SE; medium SW, W; light NW, NE */
    fx_push(&board, 1, 0, "uno_dark", 0);   /* E */
    fx_push(&board, -1, 0, "uno_medium", 0); /* W */
    fx_push(&board, 0, -1, "uno_dark", 0);  /* NW faces light: no join */
    compute();
    CHECK_EQ(rg.count, 4);   /* dark pair, medium pair, the trio's light, the lone dark Uno */
    CHECK_EQ(region(0, 0, area_of(0, 0, BIOME_DARK)), region(1, 0, 0));
    CHECK_EQ(region(0, 0, area_of(0, 0, BIOME_MEDIUM)), region(-1, 0, 0));
    CHECK(region(0, -1, 0) != region(1, 0, 0));
    CHECK_EQ(rg.edges[region(1, 0, 0)], 1);
    CHECK_EQ(rg.edges[region(-1, 0, 0)], 1);
    CHECK_EQ(rg.edges[region(0, -1, 0)], 0);
}

TEST(region_a_tile_touched_twice_counts_once)
{
    /* Two dark Unos meet the same dark area of a Duo: the Duo counts as one tile. */
    board_clear(&board);
    fx_push(&board, 0, 0, "duo_dark_light", 0);   /* dark on E, SE, SW */
    fx_push(&board, 1, 0, "uno_dark", 0);
    fx_push(&board, 0, 1, "uno_dark", 0);          /* also touches (1, 0) */
    compute();
    int dark = region(1, 0, 0);
    CHECK_EQ(region(0, 1, 0), dark);
    CHECK_EQ(rg.tiles[dark], 3);
    CHECK_EQ(rg.edges[dark], 3);
}
