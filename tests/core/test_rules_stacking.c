/* Rulebook, "Placing a tile", "Migrating critters", "Joining a biome",
 * "Resolving a contested biome" (with the RULINGS on casualties). */
#include "core_internal.h"
#include "fixtures.h"
#include "harness.h"

#define C(q, r) fx_cell(q, r)

static int region_of(const Game *g, int q, int r, const char *biome)
{
    View v;
    game_view(g, &v);
    return game_view_region(g, &v, C(q, r), fx_area(g, q, r, biome));
}

TEST(rule_stacking_must_match_at_least_one_edge)
{
    static Game g;
    fx_scenario(&g,
                "tile 0 0 uno_dark\n"
                "tile 1 0 uno_light\n"
                "turn A place duo_dark_light\n");
    /* On (1,0) the Duo's west edge faces dark; on (0,0) its east edge faces
     * light: three of the six turns put the right biome there. */
    CHECK_EQ(fx_count_at(&g, VERB_TILE, C(1, 0)), 3);
    CHECK_EQ(fx_count_at(&g, VERB_TILE, C(0, 0)), 3);
    const TileType *t = fx_tile("duo_dark_light");
    for (int rot = 0; rot < 6; rot++) {
        int i = fx_find(&g, VERB_TILE, C(1, 0), rot, -1);
        CHECK_EQ(i >= 0, tile_edge_biome(t, rot, 3) == BIOME_DARK);
    }
}

TEST(rule_no_stacking_on_ocean_lava_or_volcano)
{
    static Game g;
    fx_scenario(&g,
                "tile 0 0 uno_dark\n"
                "tile 0 1 uno_dark\n"
                "tile 1 0 uno_dark\n"
                "tile 1 0 volcano\n"
                "tile -1 0 uno_dark\n"
                "lava -1 0\n"
                "turn A place uno_dark\n");
    CHECK(fx_count_at(&g, VERB_TILE, C(0, 0)) > 0);
    CHECK(fx_count_at(&g, VERB_TILE, C(0, 1)) > 0);
    CHECK_EQ(fx_count_at(&g, VERB_TILE, C(1, 0)), 0);    /* volcano */
    CHECK_EQ(fx_count_at(&g, VERB_TILE, C(-1, 0)), 0);   /* lava */
    CHECK_EQ(fx_count_at(&g, VERB_TILE, C(1, 1)), 0);    /* ocean */
    CHECK_EQ(fx_count(&g, VERB_TILE), fx_count_at(&g, VERB_TILE, C(0, 0)) + fx_count_at(&g, VERB_TILE, C(0, 1)));
}

TEST(rule_volcanic_soil_takes_any_land_tile_with_a_matching_edge)
{
    static Game g;
    fx_scenario(&g,
                "tile 0 0 uno_dark\n"
                "tile 1 0 soil\n"
                "turn A place uno_dark\n");
    fx_do(&g, VERB_TILE, C(1, 0), -1, -1);
    CHECK_EQ(g.board.cells[C(1, 0)].height, 2);
    CHECK_EQ(board_top_class(&g.board, &g.rules, C(1, 0)), TILE_UNO);
}

TEST(rule_covered_critter_migrates_free_within_its_biome_or_goes_home)
{
    static Game g;
    fx_scenario(&g,
                "tile 0 0 uno_dark\n"
                "tile 1 0 uno_dark\n"
                "tile 2 0 uno_dark\n"
                "critter B 1 0 dark\n"
                "resources B dark 1\n"
                "turn A place uno_dark\n");
    int b = fx_critter_on(&g, 1, 0, "dark");
    fx_do(&g, VERB_TILE, C(1, 0), -1, -1);
    REQUIRE(g.pending.kind == DK_MIGRATE);
    CHECK_EQ(g.pending.player, 1);   /* the owner decides */
    CHECK(fx_find(&g, VERB_MIGRATE, C(0, 0), -1, b) >= 0);
    CHECK(fx_find(&g, VERB_MIGRATE, C(2, 0), -1, b) >= 0);
    CHECK(fx_find(&g, VERB_RETURN, -1, -1, b) >= 0);
    fx_do(&g, VERB_MIGRATE, C(2, 0), -1, b);
    CHECK_EQ(fx_critter_on(&g, 2, 0, "dark"), b);
    CHECK_EQ(g.player[1].resources[BIOME_DARK], 1);   /* migration is free */
    CHECK(g.pending.kind != DK_MIGRATE);              /* and play goes on */
}

TEST(rule_covered_critter_with_nowhere_to_go_returns_to_hand)
{
    static Game g;
    fx_scenario(&g,
                "tile 0 0 uno_dark\n"
                "tile 1 0 uno_light\n"
                "critter B 0 0 dark\n"
                "turn A place duo_dark_light\n");
    fx_do(&g, VERB_TILE, C(0, 0), -1, -1);
    CHECK_EQ(game_land_critters(&g, 1), 0);
    CHECK(g.pending.kind != DK_MIGRATE);
}

TEST(rule_covered_critter_migrates_only_within_its_own_biome)
{
    static Game g;
    /* (1,0) continues B's dark biome; (3,0) is dark too, but another biome. */
    fx_scenario(&g,
                "tile 0 0 uno_dark\n"
                "tile 1 0 uno_dark\n"
                "tile 3 0 uno_dark\n"
                "critter B 0 0 dark\n"
                "turn A place uno_dark\n");
    int b = fx_critter_on(&g, 0, 0, "dark");
    fx_do(&g, VERB_TILE, C(0, 0), -1, -1);
    REQUIRE(g.pending.kind == DK_MIGRATE);
    CHECK(fx_find(&g, VERB_MIGRATE, C(1, 0), -1, b) >= 0);
    CHECK_EQ(fx_find(&g, VERB_MIGRATE, C(3, 0), -1, b), -1);
    CHECK_EQ(fx_count(&g, VERB_MIGRATE), 1);
}

TEST(rule_a_placement_that_splits_a_biome)
{
    static Game g;
    /* Three dark Unos in a row; a light Uno on the middle one (it matches the
     * light Uno to its north-west) splits the dark biome in two. */
    fx_scenario(&g,
                "tile 0 0 uno_dark\n"
                "tile 1 0 uno_dark\n"
                "tile 2 0 uno_dark\n"
                "tile 1 -1 uno_light\n"
                "critter A 1 0 dark\n"
                "turn B place uno_light\n");
    CHECK_EQ(region_of(&g, 0, 0, "dark"), region_of(&g, 2, 0, "dark"));
    int a = fx_critter_on(&g, 1, 0, "dark");
    fx_do(&g, VERB_TILE, C(1, 0), -1, -1);
    REQUIRE(g.pending.kind == DK_MIGRATE);
    fx_do(&g, VERB_MIGRATE, C(2, 0), -1, a);   /* A flees east */
    CHECK(region_of(&g, 0, 0, "dark") != region_of(&g, 2, 0, "dark"));
    REQUIRE(g.phase == PHASE_CLAIM);
    CHECK_EQ(g.active, 1);
    CHECK(fx_find(&g, VERB_CRITTER, C(0, 0), -1, -1) >= 0);   /* the cut-off half is free */
    CHECK_EQ(fx_find(&g, VERB_CRITTER, C(2, 0), -1, -1), -1);
}

TEST(rule_joining_a_biome)
{
    static Game g;
    fx_scenario(&g,
                "tile 0 0 uno_dark\n"
                "tile 1 0 uno_light\n"
                "tile 2 0 uno_dark\n"
                "critter A 0 0 dark\n"
                "turn A place uno_dark\n");
    CHECK(region_of(&g, 0, 0, "dark") != region_of(&g, 2, 0, "dark"));
    fx_do(&g, VERB_TILE, C(1, 0), -1, -1);
    CHECK_EQ(region_of(&g, 0, 0, "dark"), region_of(&g, 2, 0, "dark"));
    View v;
    game_view(&g, &v);
    CHECK_EQ(v.rg.tiles[region_of(&g, 0, 0, "dark")], 3);
    CHECK_EQ(fx_count(&g, VERB_CRITTER), 0);   /* the joined tiles are A's now */
}

/* RULINGS, Board and tiles: heights do not matter for joining, unless the
 * rules' option cliffs_block_biomes (content/biomes.lua) is on. A dark Uno
 * stacked two high beside a dark Uno one high. */
TEST(rule_biomes_join_across_heights_unless_cliffs_block_them)
{
    static Game g;
    fx_scenario(&g,
                "tile 0 0 uno_dark\n"
                "tile 1 0 uno_light\n"
                "tile 1 0 uno_dark\n"
                "critter A 0 0 dark\n"
                "turn B claim\n");
    CHECK_EQ(g.rules.cliffs_block_biomes, 0);   /* the shipped default */
    CHECK_EQ(region_of(&g, 0, 0, "dark"), region_of(&g, 1, 0, "dark"));
    CHECK_EQ(fx_count_at(&g, VERB_CRITTER, C(1, 0)), 0);   /* A's biome reaches up the cliff */
    View v;
    game_view(&g, &v);
    CHECK_EQ(v.rg.edges[region_of(&g, 0, 0, "dark")], 1);   /* one connecting edge */

    g.rules.cliffs_block_biomes = 1;
    CHECK(region_of(&g, 0, 0, "dark") != region_of(&g, 1, 0, "dark"));
    CHECK(fx_count_at(&g, VERB_CRITTER, C(1, 0)) > 0);   /* the upper Uno is a biome of its own, free */
    game_view(&g, &v);
    CHECK_EQ(v.rg.edges[region_of(&g, 0, 0, "dark")], 0);
}

/* A light Uno at (0,0) with dark Unos on three mutually apart sides (E, SW,
 * NW); a dark Uno stacked on the middle joins all three. */
#define ARMS "tile 0 0 uno_light\ntile 1 0 uno_dark\ntile -1 1 uno_dark\ntile 0 -1 uno_dark\n"

TEST(rule_contested_biome_majority_keeps_the_difference)
{
    static Game g;
    fx_scenario(&g, "players 2\n" ARMS
                    "critter A 1 0 dark\n"
                    "critter A -1 1 dark\n"
                    "critter B 0 -1 dark\n"
                    "turn A place uno_dark\n");
    int a1 = fx_critter_on(&g, 1, 0, "dark"), a2 = fx_critter_on(&g, -1, 1, "dark");
    fx_do(&g, VERB_TILE, C(0, 0), -1, -1);
    CHECK_EQ(game_land_critters(&g, 1), 0);   /* B loses one: all it had */
    REQUIRE(g.pending.kind == DK_KEEP);        /* A loses one too, its choice */
    CHECK_EQ(g.pending.player, 0);
    CHECK_EQ(fx_count(&g, VERB_RETURN), 2);
    fx_do(&g, VERB_RETURN, -1, -1, a1);
    CHECK_EQ(game_critter(&g, a1)->place, AT_HAND);
    CHECK_EQ(game_critter(&g, a2)->place, AT_BOARD);
    CHECK_EQ(game_land_critters(&g, 0), 1);
}

TEST(rule_contested_biome_tie_returns_every_critter)
{
    static Game g;
    fx_scenario(&g, ARMS
                "critter A 1 0 dark\n"
                "critter B 0 -1 dark\n"
                "turn A place uno_dark\n");
    int hand_a = game_hand_count(&g, 0), hand_b = game_hand_count(&g, 1);
    fx_do(&g, VERB_TILE, C(0, 0), -1, -1);
    CHECK_EQ(game_land_critters(&g, 0), 0);
    CHECK_EQ(game_land_critters(&g, 1), 0);
    CHECK_EQ(game_hand_count(&g, 0), hand_a + 1);   /* to their owners' hands, not the crater */
    CHECK_EQ(game_hand_count(&g, 1), hand_b + 1);
}

TEST(rule_three_way_contested_biome)
{
    static Game g;
    fx_scenario(&g, "players 3\n" ARMS
                    "critter A 1 0 dark\n"
                    "critter B -1 1 dark\n"
                    "critter C 0 -1 dark\n"
                    "turn A place uno_dark\n");
    fx_do(&g, VERB_TILE, C(0, 0), -1, -1);
    CHECK_EQ(game_land_critters(&g, 0), 0);
    CHECK_EQ(game_land_critters(&g, 1), 0);
    CHECK_EQ(game_land_critters(&g, 2), 0);
}

TEST(rule_two_critters_of_one_player_in_one_biome_keep_one_of_their_choice)
{
    static Game g;
    fx_scenario(&g, ARMS
                "critter B 1 0 dark\n"
                "critter B 0 -1 dark\n"
                "turn A place uno_dark\n");
    int b1 = fx_critter_on(&g, 1, 0, "dark"), b2 = fx_critter_on(&g, 0, -1, "dark");
    fx_do(&g, VERB_TILE, C(0, 0), -1, -1);
    REQUIRE(g.pending.kind == DK_KEEP);
    CHECK_EQ(g.pending.player, 1);
    fx_do(&g, VERB_RETURN, -1, -1, b2);
    CHECK_EQ(game_critter(&g, b1)->place, AT_BOARD);
    CHECK_EQ(game_critter(&g, b2)->place, AT_HAND);
}
