/* Ruling (docs/rules.md, "A game without progress ends"): the rulebook's ends
 * come from things that go one way (tiles and volcanoes leave the supply,
 * critters leave hands and go to craters, powers are unlocked); when a whole
 * ten rounds go by with none of them, nothing will end the game, and it ends
 * as it stands. The positions are those that ran to the turn limit before:
 * every player may only summon the free island and declines it, or nobody can
 * buy anything at all. */
#include <stdio.h>

#include "core_internal.h"
#include "fixtures.h"
#include "harness.h"
#include "scenario.h"

/* Two players with full craters and nothing on land, on soil and volcanoes:
 * each may summon the free island (0-1 resources, 3 sacrifices) and nothing
 * else. `extra` adds scenario lines: the land tiles left in the supply. */
static void stuck_players(Game *g, const char *extra)
{
    char text[1024];
    snprintf(text, sizeof text,
             "players 2\n"
             "tile 0 0 uno_dark\ntile 0 0 soil\n"
             "tile 1 0 uno_light\ntile 1 0 volcano\n"
             "tile -1 0 uno_medium\ntile -1 0 soil\n"
             "crater A 3\ncrater B 3\n"
             "resources B light 1\n"
             "supply uno_dark 0\nsupply uno_medium 0\nsupply uno_light 0\n"
             "supply duo_dark_medium 0\nsupply duo_dark_light 0\nsupply duo_medium_light 0\n"
             "supply trio_dml 0\nsupply trio_dlm 0\n"
             "%s"
             "turn A move\n",
             extra);
    fx_scenario(g, text);
}

/* Declines whatever may be declined (passes) until the game ends or `turns`
 * turns went by; returns the turns played. */
static int decline_everything(Game *g, int turns)
{
    int start = g->turn;
    scenario_run(g);
    while (!game_over(g) && g->turn - start < turns) {
        int pass = fx_find(g, VERB_PASS, -1, -1, -1);
        REQUIRE(pass >= 0);   /* the free island is a choice, never a must */
        fx_apply(g, pass);
    }
    return g->turn - start;
}

TEST(rule_no_progress_the_free_island_declined_for_ten_rounds_ends_the_game)
{
    static Game g;
    stuck_players(&g, "supply trio_dml 3\n");
    scenario_run(&g);
    REQUIRE(g.pending.kind == DK_BUY);
    CHECK(fx_find(&g, VERB_BUY, -1, -1, BUY_ISLAND) >= 0);   /* the free island is on offer */
    int played = decline_everything(&g, 100);
    REQUIRE(game_over(&g));
    CHECK_EQ(g.end_reason, END_NO_PROGRESS);
    CHECK_EQ(played, 10 * 2);   /* ten rounds of two turns, and not one turn more */
}

TEST(rule_no_progress_nine_idle_rounds_do_not_end_the_game)
{
    static Game g;
    stuck_players(&g, "supply trio_dml 3\n");
    CHECK_EQ(decline_everything(&g, 9 * 2), 9 * 2);
    CHECK(!game_over(&g));
}

TEST(rule_no_progress_a_summoned_island_is_progress_and_counts_the_rounds_again)
{
    static Game g;
    stuck_players(&g, "supply trio_dml 6\n");
    decline_everything(&g, 9 * 2);   /* nine idle rounds: A is to play */
    REQUIRE(!game_over(&g) && g.pending.kind == DK_BUY && g.active == 0);
    fx_apply(&g, fx_find(&g, VERB_BUY, -1, -1, BUY_ISLAND));
    int guard = 0;
    while (g.pending.kind == DK_ISLAND && guard++ < 10)   /* three tiles, wherever they may go */
        fx_apply(&g, 0);
    REQUIRE(game_crater_count(&g, 0) == 0);   /* the crater's critters came back to hand */
    int turn = g.turn;
    decline_everything(&g, 9 * 2);
    CHECK(!game_over(&g));                     /* nine rounds counted from the island, not from before */
    CHECK(g.turn - turn >= 9 * 2);
}

TEST(rule_no_progress_nothing_to_buy_anywhere_ends_the_game)
{
    static Game g;
    /* Two resources each: no free island (that is for 0 or 1), too few for a
     * paid one, and the Trio they would pay for fits nowhere (soil and
     * volcanoes only: no edge to match). */
    stuck_players(&g, "supply trio_dml 2\nresources A dark 2\nresources B dark 1\n");
    scenario_run(&g);
    CHECK_EQ(fx_find(&g, VERB_BUY, -1, -1, BUY_ISLAND), -1);
    decline_everything(&g, 100);
    REQUIRE(game_over(&g));
    CHECK_EQ(g.end_reason, END_NO_PROGRESS);
}

TEST(rule_turn_limit_a_game_still_going_at_the_rules_limit_ends_stalled)
{
    static Game g;
    stuck_players(&g, "supply trio_dml 3\n");
    g.rules.turn_limit = 7;   /* below the ten idle rounds: the limit comes first */
    decline_everything(&g, 100);
    REQUIRE(game_over(&g));
    CHECK_EQ(g.end_reason, END_STALLED);
    CHECK_EQ(g.turn, 7);
}
