/* Rules scripts open decisions with game.ask and hear the answer as the
 * "decision" event; the question is asked of the named player before play
 * goes on, and the answer replays like any other option. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "harness.h"
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
    "on('turn_start', function(ev)\n"
    "  if game.turn() == 1 then\n"
    "    game.ask{ player = ev.player, tag = 'lucky_number', pass = true,\n"
    "              choices = { 7, { value = 13, q = 0, r = 0 } } }\n"
    "  end\n"
    "end)\n"
    "on('decision', function(ev)\n"
    "  if ev.tag == game.tag('lucky_number') then game.set_var(1, ev.value * 100 + ev.choice) end\n"
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

TEST(script_decision_is_asked_of_the_named_player_and_answered_by_event)
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
    REQUIRE(game_apply(&s.game, 2, err, sizeof err) == 0);
    CHECK_EQ(s.game.vars[0], 13 * 100 + 2);
    CHECK_EQ(s.game.pending.kind, DK_MOVE);   /* the turn resumes where it was */
    session_close(&s);
    remove_root(root);
}

TEST(script_decision_pass_reports_choice_minus_one)
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
    CHECK_EQ(s.game.vars[0], -1);
    session_close(&s);
    remove_root(root);
}

TEST(script_decision_without_choices_is_an_error_with_file_and_line)
{
    char root[64], err[256];
    make_root(root, sizeof root, "on('turn_start', function(ev) game.ask{ tag = 'empty' } end)\n");
    static Session s;
    REQUIRE(session_open(&s, root, err, sizeof err) == 0);
    GameOptions go = { .players = 2, .setup_variation = 1, .variant = "" };
    REQUIRE(session_new_game(&s, &go, 3, err, sizeof err) == 0);
    /* The failing handler is reported and the turn goes on with the base rules. */
    play_to_first_turn(&s);
    CHECK(s.game.pending.kind != DK_SCRIPT);
    session_close(&s);
    remove_root(root);
}
