/* The scenario text format (engine/core/scenario.h): what each statement
 * builds, where the game stands, and the errors that name line and problem. */
#include <stdio.h>
#include <string.h>

#include "core_internal.h"
#include "fixtures.h"
#include "harness.h"
#include "invariants.h"
#include "scenario.h"
#include "session.h"

static int build(Game *g, const char *text, char *err, int errlen)
{
    return scenario_build(g, fx_rules(), text, err, errlen);
}

TEST(scenario_builds_the_example_position)
{
    static Game g;
    fx_scenario(&g,
                "# A's dark biome runs over two tiles; B holds the light Uno.\n"
                "players 2\n"
                "turn B buy\n"
                "tile 0 0 uno_dark\n"
                "tile 1 0 duo_dark_light rot 3   # dark on W, NW, NE\n"
                "tile 2 0 uno_light\n"
                "tile 2 0 uno_light\n"
                "critter A 0 0 dark\n"
                "critter B 2 0 light\n"
                "resources A dark 2 light 1\n"
                "lava 3 0\n"
                "lava 1 0\n");
    CHECK_EQ(g.players, 2);
    CHECK_EQ(g.board.land_count, 3);
    CHECK_EQ(g.board.cells[fx_cell(2, 0)].height, 2);
    CHECK_EQ(g.board.tiles[g.board.cells[fx_cell(1, 0)].top].rotation, 3);
    CHECK_EQ(fx_critter_on(&g, 0, 0, "dark"), critter_id(0, 0));
    CHECK_EQ(fx_critter_on(&g, 2, 0, "light"), critter_id(1, 0));
    CHECK_EQ(g.player[0].resources[BIOME_DARK], 2);
    CHECK_EQ(g.player[0].resources[BIOME_LIGHT], 1);
    CHECK_EQ(g.supply_resources[BIOME_DARK], g.rules.resources_per_type - 2);
    REQUIRE(g.lava_count == 2);
    CHECK_EQ(g.lava[0].in_ocean, 1);
    CHECK_EQ(g.lava[1].in_ocean, 0);
    CHECK(g.board.cells[fx_cell(1, 0)].flags & CELL_LAVA);
    CHECK_EQ(g.active, 1);
    CHECK_EQ(g.phase, PHASE_BUY);
    CHECK_EQ(g.pending.kind, DK_BUY);
    CHECK_EQ(g.pending.player, 1);
    char err[200];
    CHECK(invariants_check(&g, err, sizeof err) == 0);
}

TEST(scenario_takes_land_tiles_from_the_starting_islands_then_the_supply)
{
    static Game g;
    fx_scenario(&g, "tile 0 0 uno_dark\ntile 1 0 uno_dark\ntile 1 0 volcano\nsupply volcano 7\n");
    CHECK_EQ(g.supply_volcanoes, 7);
    int start = g.supply_tiles[fx_type("uno_dark")];
    CHECK(start > 0);
    CHECK_EQ(g.supply_tiles[fx_type("trio_dml")], g.supply_tiles[fx_type("trio_dlm")]);
    fx_scenario(&g, "tile 0 0 uno_dark\ntile 0 0 uno_dark\ntile 0 0 uno_dark\ntile 0 0 uno_dark\n"
                    "tile 0 0 uno_dark\ntile 0 0 uno_dark\ntile 0 0 uno_dark\n");   /* 6 starting + 1 */
    CHECK_EQ(g.supply_tiles[fx_type("uno_dark")], start - 1);
    char err[200];
    /* Supply counts cannot make more land tiles than the game started with. */
    CHECK(build(&g, "supply uno_dark 200\n", err, sizeof err) != 0);
    CHECK_STR_CONTAINS(err, "invariant");
}

TEST(scenario_volcano_tiles_come_from_the_supply)
{
    static Game g;
    fx_scenario(&g, "tile 0 0 uno_dark\ntile 0 0 volcano\n");
    CHECK_EQ(g.supply_volcanoes, g.rules.volcanoes_per_player * 2 - 1);
    CHECK_EQ(board_top_class(&g.board, &g.rules, fx_cell(0, 0)), TILE_VOLCANO);
}

TEST(scenario_steps_stand_at_their_decisions)
{
    static const struct { const char *line; int phase, kind; } cases[] = {
        { "turn A move", PHASE_MOVE, DK_MOVE },
        { "turn B buy", PHASE_BUY, DK_BUY },
        { "turn A place trio_dml", PHASE_BUY, DK_PLACE },
        { "turn A target", PHASE_BUY, DK_TARGET },
        { "turn C claim", PHASE_CLAIM, DK_CLAIM },
        { "turn A sacrifice", PHASE_SACRIFICE, DK_SACRIFICE },
        { "turn A collect", PHASE_SACRIFICE, DK_SACRIFICE },
        { "turn A lava", PHASE_COLLECT, DK_DISCARD },
    };
    static Game g;
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char text[200], err[300];
        snprintf(text, sizeof text, "players 3\ntile 0 0 uno_dark\n%s\n", cases[i].line);
        if (build(&g, text, err, sizeof err) != 0) {
            th_fail(__FILE__, __LINE__, "%s: %s", cases[i].line, err);
            continue;
        }
        CHECK_EQ(g.phase, cases[i].phase);
        CHECK_EQ(g.pending.kind, cases[i].kind);
        CHECK_EQ(g.pending.player, g.active);
        CHECK(invariants_check(&g, err, sizeof err) == 0);
    }
    fx_scenario(&g, "tile 0 0 uno_dark\nturn A place trio_dml\n");
    CHECK_EQ(g.bought_type, fx_type("trio_dml"));
    CHECK_EQ(g.buys_made, 1);
    fx_scenario(&g, "tile 0 0 uno_dark\n");   /* the default */
    CHECK_EQ(g.pending.kind, DK_MOVE);
    CHECK_EQ(g.active, 0);
    CHECK_EQ(g.moves_left, 1);
}

TEST(scenario_collect_step_collects_when_run)
{
    static Game g;
    fx_scenario(&g, "tile 0 0 uno_dark\ncritter A 0 0 dark\nturn A collect\n");
    CHECK_EQ(g.player[0].resources[BIOME_DARK], 0);
    scenario_run(&g);
    CHECK_EQ(g.player[0].resources[BIOME_DARK], 1);
    CHECK(g.turn > 1);   /* the turn ended */
}

TEST(scenario_critters_crater_grid_and_counters)
{
    static Game g;
    fx_scenario(&g,
                "players 3\n"
                "tile 0 0 trio_dml\n"
                "critter C 0 0 medium\n"
                "critter C 0 0 light\n"
                "crater B 2\n"
                "grid A 1\n"
                "volcanoes A 1\n"
                "points B 2\n"
                "caldera C rift\n"
                "mode final\n");
    CHECK_EQ(game_land_critters(&g, 2), 2);
    CHECK_EQ(game_crater_count(&g, 1), 2);
    CHECK(g.unlocked[0][1]);
    CHECK_EQ(g.player[0].critters[0].place, AT_GRID);
    CHECK_EQ(g.player[0].volcanoes, 1);
    CHECK_EQ(g.player[1].points_bought, 2);
    REQUIRE(g.player[2].caldera_count == 1);
    CHECK_STR_CONTAINS(g.rules.power_cards[g.player[2].caldera[0]].name, "Rift");
    CHECK_EQ(g.mode, MODE_FINAL);
    fx_scenario(&g, "caldera_deck rift agile_critters\n");
    CHECK_EQ(g.caldera_size, 2);
    fx_scenario(&g, "caldera_deck\n");
    CHECK_EQ(g.caldera_size, 0);
}

TEST(scenario_variant_and_seed_reach_the_game)
{
    static Game g;
    fx_scenario(&g, "seed 42\nvariant to_the_left\nplayers 4\n");
    CHECK_EQ(g.players, 4);
    CHECK_EQ(g.seed, 42);
    CHECK(strcmp(g.options.variant, "to_the_left") == 0);
}

TEST(scenario_errors_name_the_line_and_the_problem)
{
    static const struct { const char *text, *message; } cases[] = {
        { "players 2\ntile 0 0 uno_dark\n\ncritter A 3 1 dark\n", "line 4: no tile at (3,1) to put a critter on" },
        { "tile 0 0 uno_dark\ncritter A 0 0 light\n", "line 2: the top tile on (0,0) has no light area" },
        { "tile 0 0 uno_dark\ncritter A 0 0 dark\ncritter B 0 0 dark\n", "line 3: the dark area of (0,0) already holds a critter of A" },
        { "tile 0 0 uno_dark\ncritter A 0 0 dark\ntile 0 0 uno_dark\n", "line 3: a critter already stands on (0,0)" },
        { "tile 0 0 soil\ncritter A 0 0 dark\n", "line 2: the soil on (0,0) has no biome" },
        { "tile 0 0 uno_purple\n", "line 1: unknown tile type 'uno_purple'" },
        { "tile 0 0 uno_dark rot 6\n", "line 1: rotation: 6 is out of range 0..5" },
        { "tile x 0 uno_dark\n", "line 1: q: expected a number, got 'x'" },
        { "critter C 0 0 dark\n", "line 1: player C: the game has 2 players" },
        { "critter 3 0 0 dark\n", "line 1: expected a player letter A..E, got '3'" },
        { "players 7\n", "line 1: players: 7 is out of range 2..5" },
        { "dance A\n", "line 1: unknown statement 'dance'" },
        { "# nothing\nturn A fly\n", "line 2: unknown step 'fly'" },
        { "turn A place\n", "line 1: usage: turn P place TYPE" },
        { "resources A dark 21\n", "line 1: only 20 dark resources are left in the supply" },
        { "resources A dark\n", "line 1: usage: resources P BIOME N" },
        { "lava 1 1\nlava 1 1\n", "line 2: lava is already on (1,1)" },
        { "caldera A teleport\n", "line 1: unknown power card 'teleport'" },
        { "variant left\n", "line 1: unknown variant 'left'" },
        { "crater A 4\n", "player 0 has 4 critters in a crater that holds 3" },
        { "supply soil 2\n", "line 1: soil is never in the supply" },
        { "supply volcano 0\ntile 0 0 volcano\n", "line 2: no volcano tile left in the supply" },
        { "supply trio_dml 0\nturn A place trio_dml\n", "line 2: no trio_dml left in the supply to buy" },
    };
    static Game g;
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char err[300] = "";
        if (build(&g, cases[i].text, err, sizeof err) == 0)
            th_fail(__FILE__, __LINE__, "accepted: %s", cases[i].text);
        CHECK_STR_CONTAINS(err, cases[i].message);
    }
}

TEST(scenario_unchecked_allows_a_deliberately_odd_position)
{
    static Game g;
    char err[300];
    CHECK(build(&g, "crater A 4\nunchecked\n", err, sizeof err) == 0);
    CHECK_EQ(game_crater_count(&g, 0), 4);
}

TEST(scenario_built_twice_from_one_text_hashes_the_same)
{
    static Game a, b;
    const char *text = "players 3\ntile 0 0 uno_dark\ntile 1 0 trio_dml rot 2\ncritter B 1 0 medium\nturn C claim\n";
    fx_scenario(&a, text);
    fx_scenario(&b, text);
    CHECK(game_hash(&a) == game_hash(&b));
}

/* Card names are read with blanks or '_' for blanks, in any case, so a name
 * typed on a command line and one in a scenario are spelt alike; a list of
 * them (caldera_deck) takes the longest name at each step. */
TEST(scenario_card_names_take_blanks_or_underscores_in_any_case)
{
    static Session s;
    fx_session_scenario(&s, "hold A Sea critters\nhold B pack_CRITTERS\ncaldera A colossal_critter\n"
                            "caldera_deck Rift Sea critters Island_forger\n");
    const Rules *r = &s.game.rules;
    int sea = rules_power_card_by_name(r, "Sea critters"), pack = rules_power_card_by_name(r, "Pack critters");
    REQUIRE(sea >= 0 && pack >= 0);
    CHECK(s.game.options.hold[0] & ((uint64_t)1 << sea));
    CHECK(s.game.options.hold[1] & ((uint64_t)1 << pack));
    REQUIRE(s.game.player[0].caldera_count == 1);
    CHECK(strcmp(r->power_cards[s.game.player[0].caldera[0]].name, "Colossal critter") == 0);
    REQUIRE(s.game.caldera_size == 3);
    CHECK(strcmp(r->power_cards[s.game.caldera_deck[0]].name, "Rift") == 0);
    CHECK(strcmp(r->power_cards[s.game.caldera_deck[1]].name, "Sea critters") == 0);
    CHECK(strcmp(r->power_cards[s.game.caldera_deck[2]].name, "Island forger") == 0);
    CHECK_EQ(rules_power_card_by_name(r, "SEA_Critters"), sea);
    CHECK_EQ(rules_power_card_by_name(r, "Sea  critters"), -1);   /* one blank, one blank */
    CHECK_EQ(rules_power_card_by_name(r, "Sea critter"), -1);
    char err[300];
    CHECK(scenario_build(&s.game, r, "hold A Sea critters now\n", err, sizeof err) != 0);
    CHECK_STR_CONTAINS(err, "line 1: unknown power card 'Sea critters now'");
    session_close(&s);
}

/* A NUL byte once cut the text short silently (and a save kept the cut
 * text); other control characters are refused too, naming the line. */
TEST(scenario_refuses_nul_and_control_bytes_naming_the_line)
{
    static const char TEXT[] = "players 2\nturn A move\ntile 0 0 uno_dark\0critter A 0 0 dark\n";
    char err[256] = "";
    CHECK(scenario_check_text(TEXT, sizeof TEXT - 1, err, sizeof err) != 0);
    CHECK_STR_CONTAINS(err, "line 3: a NUL byte");
    static Game g;
    CHECK(build(&g, "players 2\nturn A move\n\033[2Jtile 0 0 uno_dark\n", err, sizeof err) != 0);
    CHECK_STR_CONTAINS(err, "line 3: control character 0x1b");
    CHECK(build(&g, "players 2\x7f\n", err, sizeof err) != 0);
    CHECK_STR_CONTAINS(err, "line 1: control character 0x7f");
    CHECK(build(&g, "players 2\r\nturn A move\r\n\ttile 0 0 uno_dark\f\n", err, sizeof err) == 0);
}
