/* Parameters (GameOptions.params, the --set of the command line) and games
 * started from a scenario: both are part of what replays a game, so saves
 * carry them, the hash sees them, and damaged ones are refused by name. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixtures.h"
#include "game.h"
#include "harness.h"
#include "save.h"
#include "scenario.h"

static GameOptions two_players(void)
{
    GameOptions o = { .players = 2, .setup_variation = 1, .variant = "" };
    return o;
}

static void add_param(GameOptions *o, const char *name, double v)
{
    GameParam *p = &o->params[o->param_count++];
    snprintf(p->name, sizeof p->name, "%s", name);
    p->value = v;
}

TEST(params_are_saved_restored_and_hashed)
{
    static Game g, h, plain;
    GameOptions o = two_players();
    add_param(&o, "bonus", 5);
    add_param(&o, "share", 0.25);
    char err[256];
    REQUIRE(game_init(&g, fx_rules(), &o, 9, NULL, NULL, err, sizeof err) == 0);
    GameOptions none = two_players();
    REQUIRE(game_init(&plain, fx_rules(), &none, 9, NULL, NULL, err, sizeof err) == 0);
    CHECK(game_hash(&g) != game_hash(&plain));
    char *text = save_to_string(&g, NULL, NULL);
    REQUIRE(text);
    CHECK_STR_CONTAINS(text, "\"params\": [{\"name\": \"bonus\", \"value\": 5}, {\"name\": \"share\", \"value\": 0.25}]");
    LoadedSave ls;
    REQUIRE(save_parse(text, &ls, err, sizeof err) == 0);
    CHECK_EQ(ls.options.param_count, 2);
    CHECK(ls.options.params[1].value == 0.25);
    CHECK(save_restore(&h, fx_rules(), &ls, NULL, NULL, NULL, err, sizeof err) == 0);
    CHECK(game_hash(&h) == game_hash(&g));
    loaded_save_free(&ls);
    free(text);
    char *plain_text = save_to_string(&plain, NULL, NULL);
    REQUIRE(plain_text);
    CHECK(!strstr(plain_text, "params"));   /* ordinary saves keep their shape */
    free(plain_text);
}

TEST(params_bad_in_a_save_are_refused_by_name)
{
    static Game g;
    GameOptions o = two_players();
    add_param(&o, "bonus", 5);
    char err[256];
    REQUIRE(game_init(&g, fx_rules(), &o, 9, NULL, NULL, err, sizeof err) == 0);
    char *text = save_to_string(&g, NULL, NULL);
    REQUIRE(text);
    static const struct { const char *from, *to, *says; } CASES[] = {
        { "\"value\": 5", "\"value\": \"5\"", "options.params[0].value: expected a number" },
        { "\"name\": \"bonus\"", "\"name\": \"Bonus\"", "parameter 'Bonus'" },
        { "[{\"name\": \"bonus\", \"value\": 5}]", "[{\"name\": \"bonus\", \"value\": 5}, {\"name\": \"bonus\", "
          "\"value\": 6}]", "given twice" },
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        const char *at = strstr(text, CASES[i].from);
        REQUIRE(at);
        size_t head = (size_t)(at - text), len = strlen(text) + strlen(CASES[i].to) + 1;
        char *bad = malloc(len);
        REQUIRE(bad);
        snprintf(bad, len, "%.*s%s%s", (int)head, text, CASES[i].to, at + strlen(CASES[i].from));
        LoadedSave ls;
        CHECK(save_parse(bad, &ls, err, sizeof err) == -1);
        CHECK_STR_CONTAINS(err, CASES[i].says);
        free(bad);
    }
    free(text);
}

TEST(params_check_refuses_duplicates_and_bad_names_at_game_start)
{
    static Game g;
    char err[256];
    GameOptions o = two_players();
    add_param(&o, "x", 1);
    add_param(&o, "x", 2);
    CHECK(game_init(&g, fx_rules(), &o, 1, NULL, NULL, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "given twice");
    CHECK(game_param_name_ok("seat_bonus2"));
    CHECK(!game_param_name_ok("2x"));
    CHECK(!game_param_name_ok("has-dash"));
    CHECK(!game_param_name_ok(""));
    CHECK(!game_param_name_ok("a_name_that_is_far_too_long"));
}

static const char SCENARIO[] =
    "players 2\n"
    "turn A buy\n"
    "tile 0 0 uno_dark\n"
    "tile 1 0 uno_light\n"
    "critter A 0 0 dark\n"
    "critter B 1 0 light\n"
    "resources A dark 2 light 1\n";

TEST(scenario_games_save_their_text_and_replay_from_it)
{
    static Game g, h;
    char err[256];
    GameOptions o = two_players();
    add_param(&o, "bonus", 2);
    uint64_t seed = 77;
    ActionLog log = { 0 };
    REQUIRE(scenario_start(&g, fx_rules(), SCENARIO, &o, &seed, NULL, NULL, err, sizeof err) == 0);
    CHECK(g.seed == 77);
    CHECK_EQ(g.options.param_count, 1);
    g.log = &log;
    static Option opts[MAX_OPTIONS];
    for (int i = 0; i < 6 && !game_over(&g); i++) {
        int n = game_options(&g, opts, MAX_OPTIONS);
        REQUIRE(n > 0 && game_apply(&g, n - 1, err, sizeof err) == 0);
    }
    SaveMeta meta;
    memset(&meta, 0, sizeof meta);
    meta.scenario = (char *)SCENARIO;
    char *text = save_to_string(&g, &log, &meta);
    REQUIRE(text);
    CHECK_STR_CONTAINS(text, "\"scenario\": \"players 2\\nturn A buy\\n");
    LoadedSave ls;
    REQUIRE(save_parse(text, &ls, err, sizeof err) == 0);
    REQUIRE(ls.meta.scenario && strcmp(ls.meta.scenario, SCENARIO) == 0);
    CHECK(save_restore(&h, fx_rules(), &ls, NULL, NULL, NULL, err, sizeof err) == 0);
    CHECK(game_hash(&h) == game_hash(&g));
    /* Without its scenario the same actions do not fit a game from set-up. */
    free(ls.meta.scenario);
    ls.meta.scenario = NULL;
    CHECK(save_restore(&h, fx_rules(), &ls, NULL, NULL, NULL, err, sizeof err) == -1);
    loaded_save_free(&ls);
    action_log_free(&log);
    free(text);
}

TEST(scenario_start_uses_the_given_seed_or_the_texts)
{
    static Game a, b, c;
    char err[256];
    uint64_t s1 = 1, s2 = 2;
    REQUIRE(scenario_start(&a, fx_rules(), SCENARIO, NULL, NULL, NULL, NULL, err, sizeof err) == 0);
    REQUIRE(scenario_start(&b, fx_rules(), SCENARIO, NULL, &s1, NULL, NULL, err, sizeof err) == 0);
    REQUIRE(scenario_start(&c, fx_rules(), SCENARIO, NULL, &s2, NULL, NULL, err, sizeof err) == 0);
    CHECK(game_hash(&a) == game_hash(&b));   /* the text's seed is 1 by default */
    CHECK(game_hash(&b) != game_hash(&c));
}
