/* Tile types from the shipped content: areas, rotations, edge patterns. */
#include <stdio.h>
#include <string.h>

#include "board.h"
#include "fixtures.h"
#include "harness.h"

enum { D = BIOME_DARK, M = BIOME_MEDIUM, L = BIOME_LIGHT, N = BIOME_NONE };

static TileType make_tile(const char *name, int tile_class, const int edges[6])
{
    TileType t;
    memset(&t, 0, sizeof t);
    snprintf(t.name, sizeof t.name, "%s", name);
    t.tile_class = (uint8_t)tile_class;
    for (int e = 0; e < 6; e++)
        t.edge_biome[e] = (uint8_t)edges[e];
    return t;
}

/* Whether rotation can turn tile a into tile b (same edge pattern). */
static int rotates_into(const TileType *a, const TileType *b)
{
    for (int r = 0; r < 6; r++) {
        int same = 1;
        for (int e = 0; e < 6; e++)
            same &= tile_edge_biome(a, r, e) == tile_edge_biome(b, 0, e);
        if (same)
            return 1;
    }
    return 0;
}

TEST(tile_uno_has_one_area_and_one_distinct_rotation)
{
    static const char *const names[] = { "uno_dark", "uno_medium", "uno_light" };
    for (int i = 0; i < 3; i++) {
        const TileType *t = fx_tile(names[i]);
        CHECK_EQ(t->tile_class, TILE_UNO);
        CHECK_EQ(t->areas, 1);
        CHECK_EQ(t->distinct_rotations, 1);
        for (int e = 0; e < 6; e++)
            CHECK_EQ(t->area_of_edge[e], 0);
    }
}

TEST(tile_duo_has_two_areas_and_six_rotations)
{
    static const char *const names[] = { "duo_dark_medium", "duo_dark_light", "duo_medium_light" };
    for (int i = 0; i < 3; i++) {
        const TileType *t = fx_tile(names[i]);
        CHECK_EQ(t->tile_class, TILE_DUO);
        CHECK_EQ(t->areas, 2);
        CHECK_EQ(t->distinct_rotations, 6);
        CHECK(t->area_biome[0] != t->area_biome[1]);
    }
}

TEST(tile_trio_has_three_areas_and_six_rotations)
{
    static const char *const names[] = { "trio_dml", "trio_dlm" };
    for (int i = 0; i < 2; i++) {
        const TileType *t = fx_tile(names[i]);
        CHECK_EQ(t->tile_class, TILE_TRIO);
        CHECK_EQ(t->areas, 3);
        CHECK_EQ(t->distinct_rotations, 6);
        int seen = 0;
        for (int a = 0; a < 3; a++)
            seen |= 1 << t->area_biome[a];
        CHECK_EQ(seen, 7);   /* one area of each biome */
    }
}

TEST(tile_volcano_and_soil_have_no_biome_areas)
{
    const TileType *v = fx_tile("volcano"), *s = fx_tile("soil");
    CHECK_EQ(v->tile_class, TILE_VOLCANO);
    CHECK_EQ(s->tile_class, TILE_SOIL);
    CHECK_EQ(v->areas, 0);
    CHECK_EQ(s->areas, 0);
    for (int e = 0; e < 6; e++) {
        CHECK_EQ(v->edge_biome[e], BIOME_NONE);
        CHECK_EQ(s->edge_biome[e], BIOME_NONE);
    }
}

TEST(tile_areas_are_runs_of_consecutive_equal_edges)
{
    const Rules *r = fx_rules();
    for (int i = 0; i < r->tile_type_count; i++) {
        const TileType *t = &r->tile_types[i];
        if (t->areas == 0)
            continue;
        for (int e = 0; e < 6; e++) {
            CHECK_EQ(t->area_biome[t->area_of_edge[e]], t->edge_biome[e]);
            int next = (e + 1) % 6;
            CHECK_EQ(t->area_of_edge[e] == t->area_of_edge[next], t->edge_biome[e] == t->edge_biome[next]);
        }
    }
}

TEST(tile_trio_chiralities_cannot_be_rotated_into_each_other)
{
    const TileType *dml = fx_tile("trio_dml"), *dlm = fx_tile("trio_dlm");
    CHECK(!rotates_into(dml, dlm));
    CHECK(!rotates_into(dlm, dml));
    CHECK(rotates_into(dml, dml));
}

TEST(tile_edge_biome_rotation_r_shifts_edges_clockwise)
{
    const Rules *r = fx_rules();
    for (int i = 0; i < r->tile_type_count; i++) {
        const TileType *t = &r->tile_types[i];
        for (int rot = 0; rot < 6; rot++)
            for (int e = 0; e < 6; e++) {
                CHECK_EQ(tile_edge_biome(t, rot, e), t->edge_biome[(e - rot + 6) % 6]);
                CHECK_EQ(tile_edge_area(t, rot, e), t->area_of_edge[(e - rot + 6) % 6]);
            }
    }
    /* duo_dark_medium: dark on E, SE, SW; one turn clockwise puts dark on SE, SW, W. */
    const TileType *duo = fx_tile("duo_dark_medium");
    CHECK_EQ(tile_edge_biome(duo, 0, 0), BIOME_DARK);
    CHECK_EQ(tile_edge_biome(duo, 1, 0), BIOME_MEDIUM);
    CHECK_EQ(tile_edge_biome(duo, 1, 1), BIOME_DARK);
    CHECK_EQ(tile_edge_biome(duo, 1, 3), BIOME_DARK);
    CHECK_EQ(tile_edge_biome(duo, 1, 4), BIOME_MEDIUM);
}

static void expect_rejected(const char *name, int tile_class, const int edges[6])
{
    TileType t = make_tile(name, tile_class, edges);
    char err[200] = "";
    CHECK_EQ(tile_type_derive(&t, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, name);
}

TEST(tile_derive_accepts_the_shipped_edge_patterns)
{
    static const int duo[6] = { L, L, M, M, M, L };   /* a duo whose runs wrap past edge 0 */
    TileType t = make_tile("wrapped_duo", TILE_DUO, duo);
    char err[200] = "";
    CHECK_EQ(tile_type_derive(&t, err, sizeof err), 0);
    CHECK_EQ(t.areas, 2);
    CHECK_EQ(t.area_of_edge[0], t.area_of_edge[5]);
    CHECK_EQ(t.area_of_edge[0], t.area_of_edge[1]);
    CHECK(t.area_of_edge[0] != t.area_of_edge[2]);
}

TEST(tile_derive_rejects_duo_with_three_colours)
{
    static const int e[6] = { D, D, M, M, L, L };
    expect_rejected("bad_duo_three", TILE_DUO, e);
}

TEST(tile_derive_rejects_trio_with_two_equal_areas)
{
    static const int e[6] = { D, D, M, M, D, D };   /* the dark runs meet round the back: 2 areas */
    expect_rejected("bad_trio_equal", TILE_TRIO, e);
    static const int f[6] = { D, M, D, M, L, L };   /* dark twice, medium twice */
    expect_rejected("bad_trio_split", TILE_TRIO, f);
}

TEST(tile_derive_rejects_uno_with_two_colours)
{
    static const int e[6] = { D, D, D, D, D, M };
    expect_rejected("bad_uno", TILE_UNO, e);
}

TEST(tile_derive_rejects_land_tile_with_missing_biome_and_volcano_with_biome)
{
    static const int e[6] = { D, D, D, D, D, N };
    expect_rejected("bad_uno_none", TILE_UNO, e);
    static const int v[6] = { D, D, D, D, D, D };
    expect_rejected("bad_volcano", TILE_VOLCANO, v);
}

/* RULINGS "Board and tiles": a Duo has two biomes on three consecutive edges each,
 * a Trio three biomes on two consecutive edges each. */
TEST(tile_derive_rejects_duo_without_three_edges_per_biome)
{
    static const int e[6] = { D, D, M, M, M, M };
    expect_rejected("bad_duo_2_4", TILE_DUO, e);
}

TEST(tile_derive_rejects_trio_without_two_edges_per_biome)
{
    static const int e[6] = { D, M, M, L, L, L };
    expect_rejected("bad_trio_1_2_3", TILE_TRIO, e);
}
