/* The rules-test runner (volcanique test) hears everything that goes wrong in
 * a test's game, whatever path reached it: a mod's run-time error inside an
 * effect the test calls itself (game.hit, game.add_lava), inside an offer, a
 * label or a prompt, even one the test catches with pcall, fails the test
 * with the mod's file, line and message; and a game that breaks an invariant
 * after any step fails it as `sim --check` would. Each test writes a mod and
 * a test file into a throw-away root and runs the file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "harness.h"
#include "harness_mods.h"
#include "rulestest.h"
#include "session.h"

/* A mod whose handlers, offer, label and prompt each misspell a field or a
 * name on a line of their own (the line numbers below are what the runner
 * must name). */
static const char SLIPS[] =
    "manifest = { name = \"slips\", version = \"1\" }\n"                                   /* 1 */
    "on(\"critter_hit\", function(ev)\n"                                                   /* 2 */
    "  if ev.cuase == \"lava\" then ev.spared = true end\n"                                /* 3 */
    "end)\n"                                                                                /* 4 */
    "game.action{ name = \"slip_offer\", at = \"claim\",\n"                                /* 5 */
    "  offers = function(player) return { { value = game.no_such_reader(player) } } end,\n" /* 6 */
    "  perform = function(ev) end }\n"                                                      /* 7 */
    "game.action{ name = \"slip_label\", at = \"move\",\n"                                 /* 8 */
    "  offers = function(player) return { { value = 1 } } end,\n"                           /* 9 */
    "  label = function(opt) return opt.vlaue .. \" steps\" end,\n"                         /* 10 */
    "  perform = function(ev) end }\n"                                                      /* 11 */
    "local ASK = game.question{ name = \"slip_prompt\",\n"                                  /* 12 */
    "  prompt = function(q) return q.contxt.what end,\n"                                    /* 13 */
    "  labels = { \"yes\" }, answer = function(ev) end }\n"                                 /* 14 */
    "on(\"volcano_activated\", function(ev) ASK:ask(ev.player, { 1 }) end)\n";              /* 15 */

static const char BOARD[] = "  scenario[[\n    tile 0 0 uno_dark\n    tile 1 0 uno_dark\n"
                            "    critter A 0 0 dark\n    turn A %s\n  ]]\n";

/* Runs `body` (a test file's text; %s in it is BOARD with its step) as the
 * one test file of mod `mod` (text `mod_text`) and returns its report in
 * out; *failed gets the failures. */
static void run_file(const char *mod_text, const char *body, const char *step, char *out, size_t len, int *failed)
{
    char root[256], dir[400], board[300], file[4096];
    th_mods_root_make(root, sizeof root);
    th_mods_put(root, "slips", "mod.lua", mod_text);
    snprintf(dir, sizeof dir, "%s/mods/slips/tests", root);
    REQUIRE(mkdir(dir, 0700) == 0);
    snprintf(board, sizeof board, BOARD, step);
    snprintf(file, sizeof file, body, board);
    th_mods_put(root, "slips", "tests/t.lua", file);
    static Session s;
    char err[1024];
    REQUIRE(th_mods_open(&s, root, "slips", err, sizeof err) == 0);
    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);
    REQUIRE(f != NULL);
    RulesTestResult res = { 0, 0 };
    rulestest_run_dir(&s, dir, NULL, f, &res, err, sizeof err);
    fclose(f);
    snprintf(out, len, "%s", text ? text : "");
    free(text);
    *failed = res.failed;
    session_close(&s);
    th_mods_root_remove(root);
}

#define EXPECT_FAILS_WITH(out, failed, ...)                                                  \
    do {                                                                                     \
        const char *wants[] = { __VA_ARGS__ };                                               \
        CHECK_EQ(failed, 1);                                                                 \
        for (size_t w_ = 0; w_ < sizeof wants / sizeof wants[0]; w_++)                       \
            CHECK_STR_CONTAINS(out, wants[w_]);                                              \
    } while (0)

TEST(rulestest_a_mod_error_inside_a_blow_the_test_deals_fails_it_naming_file_and_line)
{
    char out[8192];
    int failed;
    run_file(SLIPS, "test(\"a blow\", function()\n%s  expect_eq(game.hit(0, 1), \"lost\")\nend)\n", "claim", out,
             sizeof out, &failed);
    EXPECT_FAILS_WITH(out, failed, "not ok - ", "in game.hit", "mods/slips/mod.lua:3:", "ev.cuase",
                      "did you mean 'cause'?", "switched off");
}

TEST(rulestest_a_mod_error_inside_lava_the_test_adds_fails_it_naming_file_and_line)
{
    char out[8192];
    int failed;
    run_file(SLIPS, "test(\"lava\", function()\n%s  game.add_lava(0, 0)\n  expect(true)\nend)\n", "claim", out,
             sizeof out, &failed);
    EXPECT_FAILS_WITH(out, failed, "in game.add_lava", "mods/slips/mod.lua:3:", "ev.cuase");
}

TEST(rulestest_a_mod_error_caught_by_the_test_with_pcall_still_fails_it)
{
    char out[8192];
    int failed;
    run_file(SLIPS, "test(\"caught\", function()\n%s  pcall(game.hit, 0, 1)\nend)\n", "claim", out, sizeof out,
             &failed);
    EXPECT_FAILS_WITH(out, failed, "mods/slips/mod.lua:3:", "ev.cuase");
}

TEST(rulestest_a_mod_error_in_an_offer_fails_the_test_that_lists_or_chooses)
{
    char out[8192];
    int failed;
    run_file(SLIPS, "test(\"offers\", function()\n%s  pass()\nend)\n", "claim", out, sizeof out, &failed);
    EXPECT_FAILS_WITH(out, failed, "mods/slips/mod.lua:6:", "no_such_reader", "slip_offer");
}

TEST(rulestest_a_mod_error_in_a_label_fails_the_test_that_reads_the_options)
{
    char out[8192];
    int failed;
    run_file(SLIPS, "test(\"labels\", function()\n%s  expect(#options() > 0)\nend)\n", "move", out, sizeof out,
             &failed);
    EXPECT_FAILS_WITH(out, failed, "in options()", "mods/slips/mod.lua:10:", "vlaue", "label of action 'slip_label'");
}

TEST(rulestest_a_mod_error_in_a_prompt_fails_the_test_that_reads_the_decision)
{
    char out[8192];
    int failed;
    run_file(SLIPS,
             "test(\"prompt\", function()\n%s  choose(\"unleash the volcano on the stack at (1,0)\")\n"
             "  expect_eq(decision().kind, \"script\")\nend)\n",
             "target", out, sizeof out, &failed);
    EXPECT_FAILS_WITH(out, failed, "mods/slips/mod.lua:13:", "contxt");
}

/* A mod that hands out resources past what a player may hold: the invariant
 * check `sim --check` makes, made after every step of a test. */
static const char GREEDY[] =
    "manifest = { name = \"slips\", version = \"1\" }\n"
    "on(\"critter_moved\", function(ev) game.gain(ev.owner, \"dark\", 16) end)\n";

TEST(rulestest_a_test_whose_game_breaks_an_invariant_fails_after_that_step)
{
    char out[8192];
    int failed;
    run_file(GREEDY,
             "test(\"rich\", function()\n%s  choose(\"move your critter from the dark area at (0,0) to the dark "
             "area at (1,0)\")\nend)\n",
             "move", out, sizeof out, &failed);
    EXPECT_FAILS_WITH(out, failed, "the game broke an invariant after applying 'move your critter",
                      "player 0 holds 16 resources");
}

TEST(rulestest_an_effect_the_test_calls_is_checked_against_the_invariants)
{
    char out[8192];
    int failed;
    run_file(GREEDY, "test(\"rich\", function()\n%s  game.gain(0, \"light\", 16)\nend)\n", "claim", out,
             sizeof out, &failed);
    EXPECT_FAILS_WITH(out, failed, "the game broke an invariant after game.gain", "player 0 holds 16 resources");
}

TEST(rulestest_an_unchecked_scenario_is_not_held_to_the_invariants)
{
    char out[8192];
    int failed;
    run_file(GREEDY,
             "test(\"odd\", function()\n  scenario[[\n    tile 0 0 uno_dark\n    crater A 4\n    unchecked\n  ]]\n"
             "  game.gain(0, \"light\", 1)\n  expect_eq(game.resources(0).light, 1)\nend)\n",
             "claim", out, sizeof out, &failed);
    CHECK_EQ(failed, 0);
    CHECK_STR_CONTAINS(out, "ok - ");
}

TEST(rulestest_a_mod_that_works_passes)
{
    char out[8192];
    int failed;
    run_file("manifest = { name = \"slips\", version = \"1\" }\n"
             "on(\"critter_hit\", function(ev) if ev.cause == \"script\" then ev.spared = true end end)\n",
             "test(\"spared\", function()\n%s  expect_eq(game.hit(0, 1), \"spared\")\nend)\n", "claim", out,
             sizeof out, &failed);
    CHECK_EQ(failed, 0);
}
