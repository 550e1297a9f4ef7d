/* The table both front ends play through: the story it tells in words
 * (lava and dice, critters sent back, hidden Caldera cards), undo that stops
 * at the dice, and the story rebuilt for a game loaded from its log. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/fixtures.h"
#include "describe.h"
#include "harness.h"
#include "harness_game.h"
#include "session.h"
#include "ui_fixtures.h"

/* Applies option `index` of g's pending decision; returns the story lines it tells. */
static int told(Game *g, int index, UiLine *lines, int max)
{
    static Option opts[MAX_OPTIONS];
    static Game before;
    int n = game_options(g, opts, MAX_OPTIONS);
    REQUIRE(index >= 0 && index < n);
    char words[128];
    game_option_text(g, &opts[index], words, sizeof words);
    before = *g;
    int who = g->pending.player;
    fx_apply(g, index);
    return ui_chronicle(&before, g, who, &opts[index], words, lines, max);
}

static bool any_line(const UiLine *lines, int n, const char *text)
{
    for (int i = 0; i < n; i++)
        if (strstr(lines[i].text, text))
            return true;
    return false;
}

TEST(ui_story_tells_lava_moved_by_the_dice_and_the_next_turn)
{
    static Game g;
    fx_scenario(&g, "players 2\nturn A sacrifice\n"
                    "tile 0 0 uno_dark\ntile 0 0 uno_dark\ntile 0 0 uno_dark\n"
                    "tile 1 0 uno_light\ntile -1 0 uno_medium\n"
                    "critter A 1 0 light\nlava 0 0\n"
                    "resources B dark 2\n");   /* B's turn stops at its buy step */
    UiLine lines[32];
    int n = told(&g, fx_find(&g, VERB_PASS, -1, -1, -1), lines, 32);
    CHECK_STR_CONTAINS(lines[0].text, "A: sacrifice nothing");
    CHECK(any_line(lines, n, "Lava flows from (0,0) to"));
    CHECK(any_line(lines, n, "(die roll)"));
    CHECK(any_line(lines, n, "A gains"));
    CHECK(any_line(lines, n, "Turn 2: B's turn"));
}

TEST(ui_story_keeps_a_drawn_caldera_card_hidden)
{
    static Game g;
    fx_scenario(&g, "players 2\nturn A buy\ntile 0 0 uno_dark\ncritter A 0 0 dark\n"
                    "resources A dark 1 medium 1 light 1\ncaldera_deck Rift\n");
    static Game before;
    before = g;
    UiLine lines[32];
    int n = told(&g, fx_find(&g, VERB_BUY, -1, -1, BUY_CALDERA), lines, 32);
    CHECK(any_line(lines, n, "A draws a Caldera card (1 in hand)"));
    for (int i = 0; i < n; i++)
        CHECK(!strstr(lines[i].text, "Rift"));
    CHECK(ui_step_is_final(&before, &g));   /* a revealed card: no undo past it */
}

TEST(ui_story_tells_a_critter_sent_back_by_a_covering_tile)
{
    static Game g;
    fx_scenario(&g, "players 2\nturn A place uno_dark\ntile 0 0 uno_dark\ntile 1 0 uno_light\n"
                    "critter A 0 0 dark\ncritter B 1 0 light\n");
    static Game before;
    before = g;
    UiLine lines[32];
    int n = told(&g, fx_find(&g, VERB_TILE, fx_cell(1, 0), -1, -1), lines, 32);
    CHECK_STR_CONTAINS(lines[0].text, "place the dark Uno at (1,0)");
    CHECK(any_line(lines, n, "B's critter on the light area at (1,0) went back to hand"));
    CHECK(!ui_step_is_final(&before, &g));
}

/* Applies a choice through the table: the deciding seat's bot, or for a person
 * the option `pick` chooses. Returns the index applied. */
static int step(UiTable *t, uint64_t *pick)
{
    static Option opts[MAX_OPTIONS];
    int n = game_options(t->game, opts, MAX_OPTIONS), i;
    if (ui_table_human_turn(t))
        i = (int)(fx_xorshift(pick) % (uint64_t)n);
    else
        i = ui_table_bot_choose(t, opts, n);
    char err[256];
    if (ui_table_apply(t, &opts[i], err, sizeof err)) {
        th_fail(__FILE__, __LINE__, "apply: %s", err);
        th_abort_test();
    }
    return i;
}

TEST(ui_undo_takes_back_a_persons_choice_and_the_bots_after_it)
{
    static Session s;
    static UiTable t;
    CliPlayTarget target;
    UiSeat seats[MAX_PLAYERS];
    uf_seats(seats, "hr");
    uf_table(&s, &t, &target, 2, 21, seats);
    char why[128];
    CHECK_EQ(ui_table_undo_point(&t, why, sizeof why), -1);
    CHECK_STR_CONTAINS(why, "nothing to undo");
    uint64_t pick = 99;
    int undone = 0;
    for (int k = 0; k < 400 && !game_over(t.game) && undone < 5; k++) {
        if (!ui_table_human_turn(&t)) {
            step(&t, &pick);
            continue;
        }
        uint64_t hash = game_hash(t.game);
        int len = t.game->log->len, lines = t.story_len;
        step(&t, &pick);
        bool final = t.mark[len] & UI_MARK_FINAL;
        while (!game_over(t.game) && !ui_table_human_turn(&t) && !final) {   /* the bot answers */
            int at = t.game->log->len;
            step(&t, &pick);
            final = t.mark[at] & UI_MARK_FINAL;
        }
        int point = ui_table_undo_point(&t, why, sizeof why);
        if (final) {   /* dice rolled or a card was drawn since: no way back past it */
            CHECK(point < 0 || point > len);
            continue;
        }
        CHECK_EQ(point, len);
        char err[256];
        REQUIRE(ui_table_undo(&t, err, sizeof err) == 0);
        CHECK_EQ(game_hash(t.game), hash);
        CHECK_EQ(t.game->log->len, len);
        CHECK_EQ(t.story_len, lines);
        undone++;
        step(&t, &pick);   /* and on, choosing again */
    }
    CHECK(undone >= 3);
    CHECK_NO_SCRIPT_ERROR(&s, t.game, "seed 21 at the table");
    ui_table_free(&t);
    session_close(&s);
}

TEST(ui_table_rebuilds_the_story_and_undo_marks_of_a_loaded_game)
{
    static Session s;
    static UiTable t, again;
    CliPlayTarget target;
    UiSeat seats[MAX_PLAYERS];
    uf_seats(seats, "hr");
    uf_table(&s, &t, &target, 2, 8, seats);
    uint64_t pick = 5;
    for (int k = 0; k < 80 && !game_over(t.game); k++)
        step(&t, &pick);
    CHECK_NO_SCRIPT_ERROR(&s, t.game, "seed 8 at the table");
    uint64_t hash = game_hash(t.game);
    char err[256];
    UiTableHooks hooks = cli_play_hooks(&target);
    REQUIRE(ui_table_init(&again, &s.game, seats, &hooks, err, sizeof err) == 0);
    CHECK_EQ(game_hash(&s.game), hash);
    CHECK_EQ(again.story_len, t.story_len);
    for (int k = 0; k < ui_table_line_count(&t); k++)
        CHECK(strcmp(ui_table_line(&t, k)->text, ui_table_line(&again, k)->text) == 0);
    CHECK(memcmp(again.mark, t.mark, (size_t)s.game.log->len) == 0);
    CHECK_EQ(ui_table_undo_point(&again, NULL, 0), ui_table_undo_point(&t, NULL, 0));
    ui_table_free(&again);
    ui_table_free(&t);
    session_close(&s);
}

/* The end of a game is told in the words the rules give its reason: the base
 * game's, and the powers' own from the scripts that declare them (the engine
 * names no power, not even by its end reason). */
TEST(ui_end_reasons_are_told_in_the_words_their_scripts_declare)
{
    static Session s;
    fx_session_scenario(&s, "players 2\nturn A move\ntile 0 0 uno_dark\n");
    const Game *g = &s.game;
    CHECK(strcmp(ui_end_reason_text(g, END_SUPPLY), "the land tiles ran out") == 0);
    CHECK(strcmp(ui_end_reason_text(g, END_NO_PROGRESS), "play went round without progress") == 0);
    int super = rules_end_reason_by_name(&g->rules, "super_volcano");
    int winter = rules_end_reason_by_name(&g->rules, "winter");
    REQUIRE(super > 0 && winter > 0);
    CHECK(strcmp(ui_end_reason_text(g, super), "a super volcano erupted") == 0);
    CHECK(strcmp(ui_end_reason_text(g, winter), "a volcanic winter froze the land") == 0);
    CHECK(strcmp(ui_end_reason_text(g, g->rules.end_reason_count), "?") == 0);
    session_close(&s);
}
