/* Sea critters (scripts/powers/sea_critters.lua over engine/core/sea.c): each
 * test builds a position, lets the claim step begin, answers the power's
 * question and checks where the critters stand. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core_internal.h"
#include "../core/fixtures.h"
#include "harness.h"
#include "invariants.h"
#include "score.h"
#include "sea.h"
#include "session.h"
#include "power_fixtures.h"
#include "textview.h"

/* Action values of the script's question: KIND * 1000 + critter * 10 + area. */
enum { SEA_PLACE = 1000, SEA_ASHORE = 2000, SEA_SWIM = 3000, SEA_MORE = 9000 };





/* The buy step ends: the claim step begins and Sea critters asks. */
static void begin_claim(Game *g)
{
    g->phase = PHASE_BUY;
    g->pending.kind = DK_BUY;
    g->buys_made = 1;
    flow_advance(g);
}

static void to_sea(Game *g, int player, int index, int q, int r)
{
    Critter *c = &g->player[player].critters[index];
    c->place = AT_SEA;
    c->cell = (uint16_t)fx_cell(q, r);
    c->area = 0;
}

/* Choices of the question being asked whose value is `value` (and cell `cell`, unless -1). */
static int count_choices(const Game *g, int value, int cell)
{
    if (g->pending.kind != DK_SCRIPT || g->ask_len == 0)
        return 0;
    int n = 0;
    for (int k = 0; k < g->ask[0].count; k++)
        n += g->ask[0].value[k] == value && (cell < 0 || g->ask[0].cell[k] == cell);
    return n;
}

/* Answers the pending question with the choice of that value and place. */
static void choose(Game *g, int value, int cell)
{
    REQUIRE(g->pending.kind == DK_SCRIPT);
    int pick = -1;
    for (int k = 0; k < g->ask[0].count && pick < 0; k++)
        if (g->ask[0].value[k] == value && (cell < 0 || g->ask[0].cell[k] == cell))
            pick = k;
    REQUIRE(pick >= 0);
    static Option o[MAX_OPTIONS];
    int n = game_options(g, o, MAX_OPTIONS);
    int index = -1;
    for (int i = 0; i < n; i++)
        if (o[i].verb == VERB_CHOOSE && o[i].subject == pick)
            index = i;
    REQUIRE(index >= 0);
    char err[256];
    if (game_apply(g, index, err, sizeof err) != 0) {
        th_fail(__FILE__, __LINE__, "apply: %s", err);
        th_abort_test();
    }
}

static bool has_option(const Game *g, int verb, int subject)
{
    static Option o[MAX_OPTIONS];
    int n = game_options(g, o, MAX_OPTIONS);
    for (int i = 0; i < n; i++)
        if (o[i].verb == verb && o[i].subject == subject)
            return true;
    return false;
}

TEST(sea_critters_place_a_critter_from_hand_in_an_ocean_space_next_to_land)
{
    Game *g = pf_position(2, PHASE_BUY, DK_BUY);
    pf_hold(g, 0, 0, "Sea critters");
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    int hand = hand_count(g, 0);
    begin_claim(g);
    REQUIRE(g->pending.kind == DK_SCRIPT);
    CHECK_EQ(g->ask[0].count, 6);                       /* the six spaces around the tile */
    CHECK_EQ(count_choices(g, SEA_PLACE, fx_cell(2, 0)), 0);   /* not next to land */
    choose(g, SEA_PLACE, fx_cell(1, 0));
    CHECK_EQ(hand_count(g, 0), hand - 1);
    CHECK_EQ(sea_critter_at(g, fx_cell(1, 0)), critter_id(0, 0));
    CHECK_EQ(g->player[0].critters[0].place, AT_SEA);
    CHECK_EQ(g->pending.kind, DK_CLAIM);                /* once per turn: the claim follows */
    char err[200];
    CHECK(invariants_check(g, err, sizeof err) == 0);
}

TEST(sea_critters_without_the_power_no_sea_action_is_offered)
{
    Game *g = pf_position(2, PHASE_BUY, DK_BUY);
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    begin_claim(g);
    CHECK_EQ(g->pending.kind, DK_CLAIM);
}

TEST(sea_critters_one_sea_critter_to_an_ocean_space)
{
    Game *g = pf_position(2, PHASE_BUY, DK_BUY);
    pf_hold(g, 0, 0, "Sea critters");
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    to_sea(g, 1, 0, 1, 0);
    CHECK(!sea_space_open(g, fx_cell(1, 0)));
    begin_claim(g);
    CHECK_EQ(count_choices(g, SEA_PLACE, -1), 5);
    CHECK_EQ(count_choices(g, SEA_PLACE, fx_cell(1, 0)), 0);
}

TEST(sea_critter_comes_ashore_onto_an_uncontrolled_biome_next_to_its_space)
{
    Game *g = pf_position(2, PHASE_BUY, DK_BUY);
    pf_hold(g, 0, 0, "Sea critters");
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_push(&g->board, 1, 0, "uno_dark", 0);     /* joins B's dark biome: controlled */
    fx_push(&g->board, 2, -1, "uno_light", 0);   /* uncontrolled, next to (2, 0) */
    fx_critter(g, 1, 0, 0, 0, 0);
    to_sea(g, 0, 0, 2, 0);
    begin_claim(g);
    REQUIRE(g->pending.kind == DK_SCRIPT);
    CHECK_EQ(count_choices(g, SEA_ASHORE + 10 + 1, fx_cell(1, 0)), 0);
    CHECK_EQ(count_choices(g, SEA_ASHORE + 10 + 1, fx_cell(2, -1)), 1);
    choose(g, SEA_ASHORE + 10 + 1, fx_cell(2, -1));
    const Critter *c = &g->player[0].critters[0];
    CHECK_EQ(c->place, AT_BOARD);
    CHECK_EQ(c->cell, fx_cell(2, -1));
    CHECK_EQ(c->area, 0);
    CHECK_EQ(land_critter_count(g, 0), 1);       /* an ordinary critter now */
    CHECK(g->pending.kind != DK_SCRIPT);          /* one sea action a turn */
}

TEST(sea_critter_cannot_come_ashore_onto_a_controlled_biome)
{
    Game *g = pf_position(2, PHASE_CLAIM, DK_CLAIM);
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_push(&g->board, 1, 0, "uno_dark", 0);
    fx_critter(g, 1, 0, 0, 0, 0);
    to_sea(g, 0, 0, 2, 0);
    uint16_t cells[18];
    uint8_t areas[18];
    CHECK_EQ(sea_landings(g, critter_id(0, 0), cells, areas, 18), 0);
    char err[200];
    CHECK(sea_ashore(g, critter_id(0, 0), fx_cell(1, 0), 0, err, sizeof err) != 0);
    CHECK_EQ(g->player[0].critters[0].place, AT_SEA);
}

TEST(sea_critter_swims_to_another_ocean_space_next_to_land)
{
    Game *g = pf_position(2, PHASE_BUY, DK_BUY);
    pf_hold(g, 0, 0, "Sea critters");
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_push(&g->board, 6, 0, "uno_light", 0);   /* a far coast: any distance */
    to_sea(g, 0, 0, 1, 0);
    begin_claim(g);
    CHECK_EQ(count_choices(g, SEA_SWIM + 10, fx_cell(3, 0)), 0);   /* open sea, far from land */
    choose(g, SEA_SWIM + 10, fx_cell(7, 0));
    CHECK_EQ(g->player[0].critters[0].place, AT_SEA);
    CHECK_EQ(g->player[0].critters[0].cell, fx_cell(7, 0));
    CHECK_EQ(g->pending.kind, DK_CLAIM);
}

TEST(sea_critters_are_not_sacrificed_scored_or_counted_for_targeting)
{
    Game *g = pf_position(2, PHASE_SACRIFICE, DK_SACRIFICE);
    pf_hold(g, 0, 0, "Sea critters");
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    to_sea(g, 0, 0, 1, 0);
    CHECK(!has_option(g, VERB_SACRIFICE, critter_id(0, 0)));
    CHECK_EQ(land_critter_count(g, 0), 0);
    CHECK_EQ(active_land_critter_count(g, 0), 0);
    Scores sc;
    game_score(g, &sc);
    CHECK_EQ(sc.line[0].critters, 0);
}

TEST(sea_critters_do_not_get_flying_movement)
{
    Game *g = pf_position(2, PHASE_MOVE, DK_MOVE);
    pf_hold(g, 0, 0, "Sea critters");
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    to_sea(g, 0, 0, 1, 0);
    g->player[0].ability[ABILITY_MOVE_ANYWHERE] = 1;   /* what Flying critters grants */
    g->moves_left = 1;
    CHECK(!has_option(g, VERB_MOVE, critter_id(0, 0)));
}

TEST(sea_critter_is_left_be_by_lava_entering_its_space)
{
    Game *g = pf_position(2, PHASE_BUY, DK_LAVA_FLOW);
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    to_sea(g, 0, 0, 1, 0);
    g->flow_count = 1;
    g->flows[0] = (LavaFlow){ (uint16_t)fx_cell(0, 0), (uint16_t)fx_cell(1, 0) };
    g->pending.aux = DK_BUY;
    flow_advance(g);
    CHECK(g->board.cells[fx_cell(1, 0)].flags & CELL_LAVA);
    CHECK_EQ(g->player[0].critters[0].place, AT_SEA);
    CHECK_EQ(g->player[0].critters[0].cell, fx_cell(1, 0));
    CHECK(!sea_space_open(g, fx_cell(1, 0)));   /* and nobody else swims in */
}

TEST(sea_critter_swims_to_the_nearest_open_space_when_soil_forms_under_it)
{
    Game *g = pf_position(2, PHASE_COLLECT, DK_DISCARD);
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    to_sea(g, 0, 0, 1, 0);
    g->lava[0] = (Lava){ (uint16_t)fx_cell(1, 0), 1, 0 };
    g->lava_count = 1;
    g->board.cells[fx_cell(1, 0)].flags |= CELL_LAVA;
    g->pending.aux = 7;
    flow_advance(g);   /* the lava step: the lava flips to soil */
    CHECK(board_is_land(&g->board, fx_cell(1, 0)));
    const Critter *c = &g->player[0].critters[0];
    CHECK_EQ(c->place, AT_SEA);
    CHECK_EQ(c->cell, fx_cell(1, -1));   /* the first open space of the ring around it */
    char err[200];
    CHECK(invariants_check(g, err, sizeof err) == 0);
}

TEST(sea_critters_ask_the_critter_first_when_the_actions_exceed_96_choices)
{
    Game *g = pf_position(2, PHASE_BUY, DK_BUY);
    pf_hold(g, 0, 0, "Sea critters");
    for (int q = -15; q <= 15; q++) {   /* two long coasts: 128 open spaces */
        fx_push(&g->board, q, 0, "uno_dark", 0);
        fx_push(&g->board, q, 5, "uno_light", 0);
    }
    to_sea(g, 0, 0, 0, 1);
    begin_claim(g);
    REQUIRE(g->pending.kind == DK_SCRIPT);
    CHECK_EQ(g->ask[0].count, 2);                  /* from hand, or sea critter 1 */
    choose(g, 1, fx_cell(0, 1));
    REQUIRE(g->pending.kind == DK_SCRIPT);
    CHECK_EQ(g->ask[0].count, 96);                 /* 95 actions and "more" */
    CHECK_EQ(count_choices(g, SEA_MORE + 10 + 1, -1), 1);
    choose(g, SEA_MORE + 10 + 1, -1);
    REQUIRE(g->pending.kind == DK_SCRIPT);
    int rest = g->ask[0].count;
    CHECK(rest > 0 && rest < 96);
    CHECK_EQ(g->ask[0].value[rest - 1], SEA_MORE + 10);   /* the last page leads back to the first */
    int dest = g->ask[0].cell[rest - 2];
    choose(g, g->ask[0].value[rest - 2], dest);
    CHECK_EQ(g->player[0].critters[0].cell, dest);
    CHECK_EQ(g->pending.kind, DK_CLAIM);
}

TEST(sea_critters_caldera_bolt_gives_one_sea_action_outside_the_claim_step)
{
    Game *g = pf_position(2, PHASE_MOVE, DK_MOVE);
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_push(&g->board, 1, 0, "uno_dark", 0);
    fx_critter(g, 0, 1, 0, 0, 0);
    g->moves_left = 1;
    g->player[0].caldera_count = 1;
    g->player[0].caldera[0] = (uint8_t)pf_card(g, "Sea critters");
    static Option o[MAX_OPTIONS];
    int n = game_options(g, o, MAX_OPTIONS), play = -1;
    for (int i = 0; i < n; i++)
        if (o[i].verb == VERB_PLAY_CARD)
            play = i;
    REQUIRE(play >= 0);
    char err[256];
    REQUIRE(game_apply(g, play, err, sizeof err) == 0);
    REQUIRE(g->pending.kind == DK_SCRIPT);
    choose(g, SEA_PLACE, fx_cell(-1, 0));
    CHECK_EQ(sea_critter_at(g, fx_cell(-1, 0)) >= 0, 1);
    CHECK_EQ(g->pending.kind, DK_MOVE);            /* back to the move it was played at */
}

TEST(sea_critters_invariants_refuse_a_sea_critter_on_land)
{
    Game *g = pf_position(2, PHASE_CLAIM, DK_CLAIM);
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    to_sea(g, 0, 0, 0, 0);
    char err[200];
    CHECK(invariants_check(g, err, sizeof err) != 0);
    CHECK_STR_CONTAINS(err, "not in the ocean");
}

TEST(sea_critters_answer_no_longer_open_is_asked_again)
{
    Game *g = pf_position(2, PHASE_BUY, DK_BUY);
    pf_hold(g, 0, 0, "Sea critters");
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    begin_claim(g);
    REQUIRE(g->pending.kind == DK_SCRIPT);
    to_sea(g, 1, 0, 1, 0);   /* another answer took the space meanwhile */
    choose(g, SEA_PLACE, fx_cell(1, 0));
    CHECK_EQ(sea_critter_at(g, fx_cell(1, 0)), critter_id(1, 0));
    REQUIRE(g->pending.kind == DK_SCRIPT);   /* asked again, without the taken space */
    CHECK_EQ(g->ask[0].count, 5);
    CHECK_EQ(count_choices(g, SEA_PLACE, fx_cell(1, 0)), 0);
}

TEST(sea_critters_show_on_the_text_map_as_a_seat_letter_in_the_ocean)
{
    Game *g = pf_position(2, PHASE_CLAIM, DK_CLAIM);
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    to_sea(g, 1, 0, 1, 0);
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    REQUIRE(mem != NULL);
    text_board(mem, g);
    fclose(mem);
    CHECK_STR_CONTAINS(text, "1d      B ");   /* the tile (height 1, dark), then B's sea critter east of it */
    free(text);
}
