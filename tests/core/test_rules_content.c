/* Loading the base game's content: the shipped files load and validate; broken
 * copies fail with a message naming the file and the field. */
#include <stdio.h>
#include <string.h>

#include "content.h"
#include "fixtures.h"
#include "harness.h"

static Rules rules;

/* Loads a copy of the shipped content with `file` replaced by `text`; expects
 * failure and checks the message holds `file` and `field` (NULL: no field check). */
static void expect_broken(const char *file, const char *text, const char *field)
{
    char dir[64], err[512] = "";
    fx_content_copy(dir, sizeof dir);
    fx_write(dir, file, text);
    int rc = content_load_rules(dir, &rules, err, sizeof err);
    fx_content_remove(dir);
    CHECK_EQ(rc, -1);
    CHECK_STR_CONTAINS(err, file);
    if (field)
        CHECK_STR_CONTAINS(err, field);
}

TEST(content_shipped_rules_load_and_validate)
{
    char err[512] = "";
    int rc = content_load_rules(fx_content_dir(), &rules, err, sizeof err);
    if (rc != 0)
        th_fail(__FILE__, __LINE__, "content_load_rules: %s", err);
    REQUIRE(rc == 0);
    CHECK_EQ(rules_validate(&rules, err, sizeof err), 0);
    CHECK_EQ(rules.tile_type_count, 10);
    CHECK_EQ(rules.critters_per_player, 21);
    CHECK_EQ(rules.cost_trio.any, 2);
    CHECK_EQ(rules.cost_duo.any, 3);
    CHECK_EQ(rules.cost_duo.alike, 2);
    CHECK_EQ(rules.cost_uno.any, 4);
    CHECK_EQ(rules.cost_uno.alike, 3);
    CHECK_EQ(rules.cost_volcano.any, 6);
    CHECK_EQ(rules.cost_volcano.alike, 5);
    CHECK_EQ(rules.cost_caldera.each, 1);
    CHECK_EQ(rules.share_percent[TILE_UNO] + rules.share_percent[TILE_DUO] +
             rules.share_percent[TILE_TRIO], 100);
    CHECK_EQ(rules.grid_slot_count, 11);
    CHECK_EQ(rules.power_card_count, 0);   /* the cards come from scripts/powers */
    CHECK_EQ(fx_rules()->power_card_count, 25);
}

TEST(content_shipped_rules_load_the_same_twice)
{
    static Rules a, b;
    char err[512];
    memset(&a, 0xAA, sizeof a);
    memset(&b, 0x55, sizeof b);
    REQUIRE(content_load_rules(fx_content_dir(), &a, err, sizeof err) == 0);
    REQUIRE(content_load_rules(fx_content_dir(), &b, err, sizeof err) == 0);
    CHECK(memcmp(&a, &b, sizeof a) == 0);   /* plain data, fully written */
}

TEST(content_unchanged_copy_loads)
{
    char dir[64], err[512] = "";
    fx_content_copy(dir, sizeof dir);
    int rc = content_load_rules(dir, &rules, err, sizeof err);
    fx_content_remove(dir);
    if (rc != 0)
        th_fail(__FILE__, __LINE__, "content_load_rules: %s", err);
    CHECK_EQ(rc, 0);
}

TEST(content_cost_given_as_a_word_names_file_and_field)
{
    expect_broken("costs.lua",
                  "return {\n"
                  "  trio = { any = 2 },\n"
                  "  duo = { any = \"three\", alike = 2 },\n"
                  "  uno = { any = 4, alike = 3 },\n"
                  "  volcano = { any = 6, alike = 5 },\n"
                  "  island = { any = 7, crater = 3, tiles = 3, max_distance = 2 },\n"
                  "  caldera = { each = 1 },\n"
                  "  sacrifice = { any = 5 },\n"
                  "  evacuation = { any = 2 },\n"
                  "  point = { any = 3 },\n"
                  "}\n",
                  "duo.any");
}

TEST(content_tile_with_five_edges_names_file_and_field)
{
    expect_broken("tiles.lua",
                  "return {\n"
                  "  { name = \"uno_dark\", class = \"uno\", edges = { \"dark\", \"dark\", \"dark\", \"dark\", \"dark\", \"dark\" } },\n"
                  "  { name = \"duo_short\", class = \"duo\", edges = { \"dark\", \"dark\", \"dark\", \"medium\", \"medium\" } },\n"
                  "  { name = \"trio_dml\", class = \"trio\", edges = { \"dark\", \"dark\", \"medium\", \"medium\", \"light\", \"light\" } },\n"
                  "  { name = \"volcano\", class = \"volcano\" },\n"
                  "  { name = \"soil\", class = \"soil\" },\n"
                  "}\n",
                  "[2].edges");
}

TEST(content_tile_with_bad_pattern_names_file_and_tile)
{
    expect_broken("tiles.lua",
                  "return {\n"
                  "  { name = \"uno_dark\", class = \"uno\", edges = { \"dark\", \"dark\", \"dark\", \"dark\", \"dark\", \"dark\" } },\n"
                  "  { name = \"duo_rainbow\", class = \"duo\", edges = { \"dark\", \"dark\", \"medium\", \"medium\", \"light\", \"light\" } },\n"
                  "  { name = \"trio_dml\", class = \"trio\", edges = { \"dark\", \"dark\", \"medium\", \"medium\", \"light\", \"light\" } },\n"
                  "  { name = \"volcano\", class = \"volcano\" },\n"
                  "  { name = \"soil\", class = \"soil\" },\n"
                  "}\n",
                  "duo_rainbow");
}

TEST(content_file_not_returning_a_table_is_rejected)
{
    expect_broken("lava.lua", "return 5\n", "table");
}

TEST(content_option_of_the_wrong_type_names_file_and_field)
{
    expect_broken("biomes.lua", "return { cliffs_block_biomes = \"yes\" }\n", "cliffs_block_biomes");
}

TEST(content_file_calling_a_function_finds_no_globals)
{
    expect_broken("players.lua",
                  "return {\n"
                  "  critters = tonumber(\"21\"),\n"
                  "  resource_cap = 7, crater_capacity = 3, later_player_bonus = 2,\n"
                  "  targeting_threshold = 5,\n"
                  "}\n",
                  "tonumber");
}

TEST(content_file_using_a_library_finds_none)
{
    expect_broken("supply.lua",
                  "return {\n"
                  "  land_tiles = { base = math.floor(30.5), per_extra_player = 8 },\n"
                  "  share = { trio = 40, duo = 30, uno = 30 },\n"
                  "  volcanoes_per_player = 4, resources_per_type = 20,\n"
                  "}\n",
                  "math");
}

TEST(content_syntax_error_names_the_file)
{
    expect_broken("grid.lua", "return { slots = { { level = 1, column = 0, row = 0 }\n", NULL);
}

TEST(content_endless_loop_is_stopped_by_the_instruction_limit)
{
    expect_broken("turns.lua", "while true do end\nreturn {}\n", "limit");
}

/* The attack: content files ran in a plain state with no memory cap (one
 * reached 1.8 GB). They now have the limits of rules scripts. */
TEST(content_attack_file_that_eats_memory_is_refused)
{
    expect_broken("turns.lua", "local s = 'x'\nfor i = 1, 40 do s = s .. s end\nreturn {}\n", "string too long");
    expect_broken("turns.lua", "local t = {}\nfor i = 1, 1e7 do t[i] = { i, i, i, i } end\nreturn t\n",
                  "turns.lua:2:");
    expect_broken("grid.lua", "return { slots = function() end }\n", "slots");
    expect_broken("grid.lua", "return ('x'):rep(3)\n", "grid.lua:1:");   /* no string methods */
}

TEST(content_missing_field_names_file_and_field)
{
    expect_broken("players.lua",
                  "return { resource_cap = 7, crater_capacity = 3, later_player_bonus = 2,\n"
                  "         targeting_threshold = 5 }\n",
                  "critters");
}

TEST(content_price_with_nothing_to_pay_names_file_and_field)
{
    expect_broken("costs.lua",
                  "return {\n"
                  "  trio = { },\n"
                  "  duo = { any = 3, alike = 2 },\n"
                  "  uno = { any = 4, alike = 3 },\n"
                  "  volcano = { any = 6, alike = 5 },\n"
                  "  island = { any = 7, crater = 3, tiles = 3, max_distance = 2 },\n"
                  "  caldera = { each = 1 },\n"
                  "  sacrifice = { any = 5 },\n"
                  "  evacuation = { any = 2 },\n"
                  "  point = { any = 3 },\n"
                  "}\n",
                  "trio");
}

TEST(content_shares_not_adding_to_100_names_file_and_field)
{
    expect_broken("supply.lua",
                  "return {\n"
                  "  land_tiles = { base = 30, per_extra_player = 8 },\n"
                  "  share = { trio = 40, duo = 30, uno = 20 },\n"
                  "  volcanoes_per_player = 4, resources_per_type = 20,\n"
                  "}\n",
                  "share");
}

TEST(content_bytecode_is_refused)
{
    /* Content is text only: a file starting with the Lua bytecode signature must not load. */
    expect_broken("lava.lua", "\x1bLua\x54\x00 junk", NULL);
}
