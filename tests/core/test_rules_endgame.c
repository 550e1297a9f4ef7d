/* Rulebook, "End game conditions": the depleted land tiles sequence and a
 * player's hand running empty, run by scripts/endgame/final_round.lua through a
 * Session. The turn that triggers the end finishes as usual; every other player
 * has one final turn (mode final: no collection; buy only volcanoes or points;
 * one sacrifice); finale turns (claim only) follow while lava remains; then the
 * game is over and scored. */
#include <stdio.h>
#include <string.h>

#include "core_internal.h"
#include "fixtures.h"
#include "harness.h"
#include "invariants.h"
#include "score.h"
#include "session.h"

#define C(q, r) fx_cell(q, r)

static Session s;
static Option opts[MAX_OPTIONS];

/* Every land tile type out of the supply; the text then adds what it needs. */
#define EMPTY_SUPPLY \
    "supply uno_dark 0\nsupply uno_medium 0\nsupply uno_light 0\n" \
    "supply duo_dark_medium 0\nsupply duo_dark_light 0\nsupply duo_medium_light 0\n" \
    "supply trio_dml 0\nsupply trio_dlm 0\n"

/* A soil hill with lava on top that needs four turn ends to leave the board:
 * (0,0) height 3 -> (1,0) height 2 -> (2,0) height 1 -> the ocean -> soil.
 * Every other neighbour of the path stands higher, so the path is the only one. */
#define SOIL3(q, r) "tile " #q " " #r " soil\ntile " #q " " #r " soil\ntile " #q " " #r " soil\n"
#define SOIL2(q, r) "tile " #q " " #r " soil\ntile " #q " " #r " soil\n"
#define LAVA_HILL \
    SOIL3(0, 0) SOIL2(1, 0) "tile 2 0 soil\n" \
    SOIL3(0, 1) SOIL3(-1, 1) SOIL3(-1, 0) SOIL3(0, -1) SOIL3(1, -1) SOIL2(1, 1) SOIL2(2, -1) \
    "lava 0 0\n"

/* A's dark biome over (6,0) and (7,0); B's light Uno at (8,0); an uninhabited
 * medium Uno at (10,0). */
#define ISLAND \
    "tile 6 0 uno_dark\ntile 7 0 uno_dark\ntile 8 0 uno_light\ntile 10 0 uno_medium\n" \
    "critter A 6 0 dark\ncritter B 8 0 light\n"

static void check_invariants(const Game *g, int line)
{
    char why[200];
    if (invariants_check(g, why, sizeof why) != 0)
        th_fail(__FILE__, line, "invariant broken: %s", why);
}

static int buys_of(const Game *g, int subject)
{
    int n = game_options(g, opts, MAX_OPTIONS), k = 0;
    for (int i = 0; i < n; i++)
        k += opts[i].verb == VERB_BUY && opts[i].subject == subject;
    return k;
}

static int tile_buys(const Game *g)
{
    int n = game_options(g, opts, MAX_OPTIONS), k = 0;
    for (int i = 0; i < n; i++)
        k += opts[i].verb == VERB_BUY && opts[i].subject < BUY_VOLCANO;
    return k;
}

static int score_sum(const ScoreLine *l)
{
    return l->critters + l->edges + l->volcanoes + l->sacrifices + l->tallest + l->largest +
           l->diversified + l->caldera + l->bought + l->bonus;
}

TEST(rule_end_last_land_tile_leaving_the_supply_then_final_and_finale_turns)
{
    fx_session_scenario(&s, EMPTY_SUPPLY "supply uno_dark 1\n" LAVA_HILL ISLAND
                            "resources A dark 4\n"
                            "resources B dark 3 medium 3 light 7\n"
                            "turn A buy\n");
    Game *g = &s.game;
    REQUIRE(game_land_supply(g) == 1);
    CHECK_EQ(g->end_triggered, END_NONE);

    /* A buys the last land tile: the end is triggered, the turn goes on. */
    fx_apply(g, fx_find_pay(g, VERB_BUY, fx_type("uno_dark"), 3, 0, 0));
    CHECK_EQ(game_land_supply(g), 0);
    CHECK_EQ(g->end_triggered, END_SUPPLY);
    CHECK_EQ(g->pending.kind, DK_PLACE);
    fx_do(g, VERB_TILE, C(7, 0), -1, -1);
    CHECK_EQ(g->pending.kind, DK_CLAIM);   /* claims as usual */
    fx_do(g, VERB_PASS, -1, -1, -1);
    CHECK_EQ(g->pending.kind, DK_SACRIFICE);
    fx_do(g, VERB_PASS, -1, -1, -1);
    check_invariants(g, __LINE__);

    /* The triggering turn collected (dark 4 - 3 + 1) and moved the lava. */
    CHECK_EQ(g->player[0].resources[biome_by_name("dark")], 2);
    CHECK(g->lava_count == 1 && g->lava[0].cell == C(1, 0));

    /* B's one final turn. */
    REQUIRE(g->active == 1);
    CHECK_EQ(g->mode, MODE_FINAL);
    REQUIRE(g->pending.kind == DK_BUY);
    CHECK_EQ(g->pending.player, 1);
    CHECK(g->caldera_size > 0);
    CHECK_EQ(fx_find(g, VERB_PASS, -1, -1, -1), 0);       /* nothing is compulsory */
    CHECK(buys_of(g, BUY_VOLCANO) > 0);
    CHECK(fx_find_pay(g, VERB_BUY, BUY_POINT, 3, 0, 0) >= 0);
    CHECK(fx_find_pay(g, VERB_BUY, BUY_POINT, 1, 1, 1) >= 0);
    CHECK_EQ(fx_find_pay(g, VERB_BUY, BUY_POINT, 2, 0, 0), -1);
    CHECK_EQ(buys_of(g, BUY_CALDERA), 0);                 /* B has one of each, still no card */
    CHECK_EQ(buys_of(g, BUY_ISLAND), 0);
    fx_apply(g, fx_find_pay(g, VERB_BUY, BUY_POINT, 3, 0, 0));
    fx_apply(g, fx_find_pay(g, VERB_BUY, BUY_POINT, 0, 3, 0));
    CHECK_EQ(g->player[1].points_bought, 2);
    fx_do(g, VERB_PASS, -1, -1, -1);
    CHECK_EQ(g->pending.kind, DK_CLAIM);
    CHECK(fx_find(g, VERB_CRITTER, C(10, 0), -1, -1) >= 0);
    fx_do(g, VERB_PASS, -1, -1, -1);
    REQUIRE(g->pending.kind == DK_SACRIFICE);
    CHECK(fx_count(g, VERB_SACRIFICE) > 0);
    fx_apply(g, fx_find_pay(g, VERB_SACRIFICE_HAND, -1, 0, 0, 5));
    check_invariants(g, __LINE__);

    /* One sacrifice only; no collection although B controls a light biome. */
    CHECK_EQ(game_crater_count(g, 1), 1);
    CHECK_EQ(game_land_critters(g, 1), 1);
    CHECK_EQ(g->player[1].resources[biome_by_name("light")], 2);
    CHECK_EQ(player_resource_total(&g->player[1]), 2);

    /* Lava remains: A's finale turn, claim only (no move, no buying). */
    REQUIRE(g->active == 0);
    CHECK_EQ(g->mode, MODE_FINALE);
    CHECK_EQ(g->pending.kind, DK_CLAIM);
    CHECK_EQ(g->player[0].points_bought, 0);
    CHECK(g->lava_count == 1 && g->lava[0].cell == C(2, 0));
    fx_do(g, VERB_CRITTER, C(10, 0), -1, -1);

    /* The rest needs no choice: lava reaches the ocean, B's finale turn passes,
     * the lava flips to soil and the game is over. */
    CHECK(game_over(g));
    CHECK_EQ(g->end_reason, END_SUPPLY);
    CHECK_EQ(g->lava_count, 0);
    CHECK_EQ(g->turn, 5);   /* trigger, B's final turn, A's and B's finale turns, the end */
    CHECK_EQ(g->player[0].resources[biome_by_name("dark")], 2);   /* no collection in finale */
    CHECK_EQ(g->pending.kind, DK_GAME_OVER);
    CHECK_EQ(game_options(g, opts, MAX_OPTIONS), 0);
    char err[200];
    CHECK_EQ(game_apply(g, 0, err, sizeof err), -1);
    check_invariants(g, __LINE__);

    /* Scoring with the breakdown. */
    Scores sc;
    game_score(g, &sc);
    const ScoreLine *a = &sc.line[0], *b = &sc.line[1];
    CHECK_EQ(a->critters, 2);
    CHECK_EQ(a->edges, 1);           /* (6,0)-(7,0), both dark */
    CHECK_EQ(a->bought, 0);
    CHECK_EQ(b->critters, 1);
    CHECK_EQ(b->sacrifices, 1);
    CHECK_EQ(b->bought, 2);
    CHECK_EQ(a->total, score_sum(a));
    CHECK_EQ(b->total, score_sum(b));
    CHECK(sc.winners != 0);
    session_close(&s);
}

TEST(rule_end_without_lava_the_game_ends_after_the_final_turns)
{
    fx_session_scenario(&s, EMPTY_SUPPLY "supply uno_dark 1\n" ISLAND
                            "resources A dark 4\nresources B light 3\n"
                            "turn A buy\n");
    Game *g = &s.game;
    fx_apply(g, fx_find_pay(g, VERB_BUY, fx_type("uno_dark"), 3, 0, 0));
    fx_do(g, VERB_TILE, C(7, 0), -1, -1);
    fx_do(g, VERB_PASS, -1, -1, -1);   /* claim */
    fx_do(g, VERB_PASS, -1, -1, -1);   /* sacrifice */
    REQUIRE(g->active == 1 && g->mode == MODE_FINAL);
    while (!game_over(g) && g->active == 1)
        fx_apply(g, 0);                /* B passes through the final turn */
    CHECK(game_over(g));
    CHECK_EQ(g->end_reason, END_SUPPLY);
    CHECK_EQ(g->turn, 3);              /* A's next turn is the end */
    CHECK_EQ(g->player[1].resources[biome_by_name("light")], 3);
    session_close(&s);
}

/* Three seats, each with a critter that can move so every turn opens with a
 * move decision: A dark, B light, C medium, two Unos each. */
#define THREE \
    "players 3\n" EMPTY_SUPPLY "supply uno_light 1\n" \
    "tile 0 0 uno_dark\ntile 1 0 uno_dark\ntile 0 3 uno_light\ntile 1 3 uno_light\n" \
    "tile 0 6 uno_medium\ntile 1 6 uno_medium\n" \
    "critter A 0 0 dark\ncritter B 0 3 light\ncritter C 0 6 medium\n"

TEST(rule_end_every_other_player_gets_exactly_one_final_turn)
{
    fx_session_scenario(&s, THREE "resources B light 3\nturn B buy\n");
    Game *g = &s.game;
    fx_apply(g, fx_find_pay(g, VERB_BUY, fx_type("uno_light"), 0, 0, 3));
    CHECK_EQ(g->end_triggered, END_SUPPLY);
    fx_do(g, VERB_TILE, C(1, 3), -1, -1);
    int seen_active[8], seen_mode[8], turns = 0;
    int guard = 0;
    while (!game_over(g) && guard++ < 200) {
        if (g->pending.kind == DK_MOVE && g->active != 1 && turns < 8) {
            if (turns == 0)   /* B's triggering turn collected as usual */
                CHECK_EQ(g->player[1].resources[biome_by_name("light")], 1);
            seen_active[turns] = g->active;
            seen_mode[turns] = g->mode;
            turns++;
        }
        fx_apply(g, 0);   /* PASS whenever it is legal: it is option 0 */
        check_invariants(g, __LINE__);
    }
    CHECK(game_over(g));
    REQUIRE(turns == 2);
    CHECK_EQ(seen_active[0], 2);
    CHECK_EQ(seen_mode[0], MODE_FINAL);
    CHECK_EQ(seen_active[1], 0);
    CHECK_EQ(seen_mode[1], MODE_FINAL);
    CHECK_EQ(g->active, 1);   /* the trigger's seat comes round: no lava, the end */
    CHECK_EQ(g->end_reason, END_SUPPLY);
    session_close(&s);
}

/* A: 17 critters on five Trios and a Duo, 3 in the crater, 1 in hand; an
 * uninhabited medium Uno to claim at (0,4). B: a light biome over two Unos. */
#define HAND_LAST \
    "tile -8 0 trio_dml\ntile -6 0 trio_dml\ntile -4 0 trio_dml\ntile -2 0 trio_dlm\n" \
    "tile 0 0 trio_dlm\ntile 2 0 duo_dark_light\n" \
    "tile 0 4 uno_medium\ntile 4 4 uno_light\ntile 5 4 uno_light\n" \
    "critter A -8 0 dark\ncritter A -8 0 medium\ncritter A -8 0 light\n" \
    "critter A -6 0 dark\ncritter A -6 0 medium\ncritter A -6 0 light\n" \
    "critter A -4 0 dark\ncritter A -4 0 medium\ncritter A -4 0 light\n" \
    "critter A -2 0 dark\ncritter A -2 0 medium\ncritter A -2 0 light\n" \
    "critter A 0 0 dark\ncritter A 0 0 medium\ncritter A 0 0 light\n" \
    "critter A 2 0 dark\ncritter A 2 0 light\n" \
    "crater A 3\n" \
    "critter B 4 4 light\n" \
    "resources B dark 2 medium 2 light 2\n"

TEST(rule_end_a_player_whose_hand_is_empty_at_the_end_of_their_turn)
{
    /* Control: in a normal turn B would have to buy a tile. */
    fx_session_scenario(&s, HAND_LAST "turn B buy\n");
    CHECK(tile_buys(&s.game) > 0);
    CHECK(fx_find(&s.game, VERB_PASS, -1, -1, -1) < 0);
    session_close(&s);

    fx_session_scenario(&s, HAND_LAST "turn A claim\n");
    Game *g = &s.game;
    REQUIRE(game_hand_count(g, 0) == 1);
    fx_do(g, VERB_CRITTER, C(0, 4), -1, -1);
    /* A's last critter is out; the turn finishes with collection (capped at 7). */
    while (g->active == 0 && g->pending.kind == DK_DISCARD)
        fx_apply(g, 0);
    CHECK_EQ(g->end_triggered, END_HAND_EMPTY);
    CHECK_EQ(player_resource_total(&g->player[0]), 7);
    REQUIRE(g->active == 1);
    CHECK_EQ(g->mode, MODE_FINAL);
    REQUIRE(g->pending.kind == DK_MOVE);
    fx_do(g, VERB_PASS, -1, -1, -1);
    REQUIRE(g->pending.kind == DK_BUY);
    CHECK(game_land_supply(g) > 0);
    CHECK_EQ(tile_buys(g), 0);           /* no tiles in a final turn */
    CHECK(buys_of(g, BUY_VOLCANO) > 0);
    CHECK(buys_of(g, BUY_POINT) > 0);
    CHECK_EQ(buys_of(g, BUY_CALDERA), 0);
    while (!game_over(g) && g->active == 1)
        fx_apply(g, 0);
    CHECK(game_over(g));
    CHECK_EQ(g->end_reason, END_HAND_EMPTY);
    CHECK_EQ(player_resource_total(&g->player[1]), 6);   /* no collection in the final turn */
    CHECK_EQ(g->pending.kind, DK_GAME_OVER);
    CHECK_EQ(game_options(g, opts, MAX_OPTIONS), 0);
    check_invariants(g, __LINE__);
    session_close(&s);
}
