/* Rules scripts ask questions (game.question) in words; the question is asked
 * of the named player before play goes on, the answer goes to the question's
 * own handler, and it replays like any other option. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "harness.h"
#include "describe.h"
#include "session.h"

/* A root whose content is the shipped one and whose rules are `script`. */
static void make_root(char *root, size_t len, const char *script)
{
    snprintf(root, len, "/tmp/vq-ask-XXXXXX");
    REQUIRE(mkdtemp(root) != NULL);
    char path[512], cwd[400];
    REQUIRE(getcwd(cwd, sizeof cwd) != NULL);
    snprintf(path, sizeof path, "%s/content", root);
    char target[512];
    snprintf(target, sizeof target, "%s/content", cwd);
    REQUIRE(symlink(target, path) == 0);
    snprintf(path, sizeof path, "%s/scripts", root);
    REQUIRE(mkdir(path, 0700) == 0);
    snprintf(path, sizeof path, "%s/scripts/variants", root);
    REQUIRE(mkdir(path, 0700) == 0);
    snprintf(path, sizeof path, "%s/scripts/powers", root);
    REQUIRE(mkdir(path, 0700) == 0);
    snprintf(path, sizeof path, "%s/scripts/endgame", root);
    REQUIRE(mkdir(path, 0700) == 0);
    snprintf(path, sizeof path, "%s/scripts/variants/ask.lua", root);
    FILE *f = fopen(path, "w");
    REQUIRE(f != NULL);
    fputs(script, f);
    fclose(f);
}

static void remove_root(const char *root)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
    CHECK(system(cmd) == 0);
}

static const char *ASK_AT_FIRST_TURN =
    "local S = game.state{ answer = 0, passed = false }\n"
    "local LUCKY = game.question{\n"
    "  name = 'lucky_number',\n"
    "  prompt = 'Pick a lucky number',\n"
    "  label = function(c) return 'Number ' .. c.value end,\n"
    "  pass = 'No number today',\n"
    "  answer = function(ev)\n"
    "    if ev.passed then S.passed = true else S.answer = ev.value * 100 + (ev.q and 1 or 0) end\n"
    "  end,\n"
    "}\n"
    "on('turn_start', function(ev)\n"
    "  if game.turn() == 1 then LUCKY:ask(ev.player, { 7, { value = 13, q = 0, r = 0 } }) end\n"
    "end)\n";

static void play_to_first_turn(Session *s)
{
    static Option o[MAX_OPTIONS];
    char err[256];
    while (s->game.turn == 0 && !game_over(&s->game)) {
        int n = game_options(&s->game, o, MAX_OPTIONS);
        REQUIRE(n > 0);
        REQUIRE(game_apply(&s->game, 0, err, sizeof err) == 0);
    }
}

TEST(script_question_is_asked_of_the_named_player_in_words_and_answered_by_its_handler)
{
    char root[64], err[256];
    make_root(root, sizeof root, ASK_AT_FIRST_TURN);
    static Session s;
    REQUIRE(session_open(&s, root, err, sizeof err) == 0);
    GameOptions go = { .players = 2, .setup_variation = 1, .variant = "" };
    REQUIRE(session_new_game(&s, &go, 3, err, sizeof err) == 0);
    play_to_first_turn(&s);
    REQUIRE(s.game.pending.kind == DK_SCRIPT);
    CHECK_EQ(s.game.pending.player, s.game.active);
    static Option o[MAX_OPTIONS];
    int n = game_options(&s.game, o, MAX_OPTIONS);
    REQUIRE(n == 3);                       /* pass, 7, 13 at (0,0) */
    CHECK_EQ(o[0].verb, VERB_PASS);
    CHECK_EQ(o[2].cell, board_cell(hex_make(0, 0)));
    char text[200];
    game_prompt_text(&s.game, text, sizeof text);
    CHECK_STR_CONTAINS(text, "Pick a lucky number");
    game_option_text(&s.game, &o[0], text, sizeof text);
    CHECK_STR_CONTAINS(text, "No number today");
    game_option_text(&s.game, &o[2], text, sizeof text);
    CHECK_STR_CONTAINS(text, "Number 13");
    REQUIRE(game_apply(&s.game, 2, err, sizeof err) == 0);
    CHECK_EQ(s.game.state[0], 13 * 100 + 1);
    CHECK_EQ(s.game.pending.kind, DK_MOVE);   /* the turn resumes where it was */
    session_close(&s);
    remove_root(root);
}

TEST(script_question_pass_reaches_the_handler_as_passed)
{
    char root[64], err[256];
    make_root(root, sizeof root, ASK_AT_FIRST_TURN);
    static Session s;
    REQUIRE(session_open(&s, root, err, sizeof err) == 0);
    GameOptions go = { .players = 2, .setup_variation = 1, .variant = "" };
    REQUIRE(session_new_game(&s, &go, 3, err, sizeof err) == 0);
    play_to_first_turn(&s);
    REQUIRE(s.game.pending.kind == DK_SCRIPT);
    REQUIRE(game_apply(&s.game, 0, err, sizeof err) == 0);
    CHECK_EQ(s.game.state[1], 1);
    CHECK_EQ(s.game.state[0], 0);
    session_close(&s);
    remove_root(root);
}

TEST(script_question_with_a_bad_choice_is_an_error_naming_file_line_seed_and_event)
{
    char root[64], err[256];
    make_root(root, sizeof root,
              "local Q = game.question{ prompt = 'x', answer = function() end }\n"
              "on('turn_start', function(ev) Q:ask(ev.player, { { q = 9999, r = 0 } }) end)\n");
    static Session s;
    REQUIRE(session_open(&s, root, err, sizeof err) == 0);
    s.quiet = 1;
    GameOptions go = { .players = 2, .setup_variation = 1, .variant = "" };
    REQUIRE(session_new_game(&s, &go, 3, err, sizeof err) == 0);
    /* The failing handler is reported and counted; the turn goes on with the base rules. */
    play_to_first_turn(&s);
    CHECK(s.game.pending.kind != DK_SCRIPT);
    CHECK(s.game.script_errors > 0);
    CHECK_STR_CONTAINS(s.error, "scripts/variants/ask.lua:2:");
    CHECK_STR_CONTAINS(s.error, "seed 3");
    CHECK_STR_CONTAINS(s.error, "turn 1");
    CHECK_STR_CONTAINS(s.error, "turn_start");
    session_close(&s);
    remove_root(root);
}
