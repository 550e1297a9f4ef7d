/* The two powers that end the game, through their scripts in scripts/powers/:
 * Super volcanic eruption (a delayed blast, a ring of volcanoes, a final
 * critter) and Volcanic winter (frozen tiles spreading a ring a turn). Each
 * test is named after the rule or ruling it checks (docs/rules.md). */
#include <stdlib.h>
#include <string.h>

#include "core_internal.h"
#include "../core/fixtures.h"
#include "effects.h"
#include "harness.h"
#include "session.h"
#include "power_fixtures.h"
#include "island_move.h"

#define SUPER "Super volcanic eruption"
#define WINTER "Volcanic winter"


/* An empty 2-player position with the rules scripts attached, at `phase` of A's turn. */
static Game *position(int phase, int kind)
{
    Session *s = pf_session();
    Game *g = &s->game;
    fx_game(g, 2);
    g->rules = s->rules;
    g->hooks = session_hooks();
    g->hooks_ud = s;
    g->log = NULL;
    s->current = g;
    memset(g->grid_card, 255, sizeof g->grid_card);
    g->phase = (uint8_t)phase;
    g->active = 0;
    g->turn = 1;
    g->mode = MODE_NORMAL;
    for (int p = 0; p < 2; p++)
        for (int b = 0; b < BIOME_COUNT; b++) {
            g->supply_resources[b] += g->player[p].resources[b];
            g->player[p].resources[b] = 0;
        }
    g->pending = (Pending){ (uint8_t)kind, 0, 0, 0, 0 };
    return g;
}





/* PASS where it is offered, else the first option. */
static int pass_or_first(const Game *g)
{
    int i = fx_find(g, VERB_PASS, -1, -1, -1);
    return i >= 0 ? i : 0;
}

/* Plays the current turn out, passing wherever possible. */
static void finish_turn(Game *g)
{
    int turn = g->turn;
    for (int guard = 0; guard < 200 && g->turn == turn && !game_over(g); guard++)
        pf_apply(g, pass_or_first(g));
}

static int top_class(const Game *g, int q, int r) { return board_top_class(&g->board, &g->rules, fx_cell(q, r)); }

/* ---- Super volcanic eruption ----
 *
 * The board: a dark stack of two at the centre; light tiles on five of its six
 * neighbours (west is ocean) joined to two light tiles to the east; a medium
 * tile north-west of the centre with a medium tile beyond it; a tall medium
 * stack two steps south (out of the lava's reach, for the final critter).
 * B has a critter on the east neighbour and one on a dark tile south-west; A
 * has one on the north-west medium tile. */
static Game *super_position(void)
{
    Game *g = position(PHASE_BUY, DK_TARGET);
    pf_hold(g, 0, 1, SUPER);
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_push(&g->board, 1, 0, "uno_light", 0);
    fx_push(&g->board, 0, 1, "uno_light", 0);
    fx_push(&g->board, -1, 1, "uno_dark", 0);
    fx_push(&g->board, 0, -1, "uno_medium", 0);
    fx_push(&g->board, 1, -1, "uno_light", 0);
    fx_push(&g->board, 2, 0, "uno_light", 0);
    fx_push(&g->board, 3, 0, "uno_light", 0);
    fx_push(&g->board, 0, -2, "uno_medium", 0);
    for (int k = 0; k < 3; k++)
        fx_push(&g->board, 0, 2, "uno_medium", 0);
    fx_critter(g, 1, 0, 1, 0, 0);
    fx_critter(g, 1, 1, -1, 1, 0);
    fx_critter(g, 0, 0, 0, -1, 0);
    g->supply_volcanoes--;   /* A has bought a volcano */
    g->volcano_held = 1;
    return g;
}

/* A targets the centre and makes it the super volcano. */
static void mark_super(Game *g)
{
    pf_apply(g, fx_find(g, VERB_TARGET, fx_cell(0, 0), -1, -1));
    REQUIRE(g->pending.kind == DK_SCRIPT);
    REQUIRE(g->pending.player == 0);
    pf_apply(g, fx_find(g, VERB_CHOOSE, fx_cell(0, 0), -1, -1));
}

/* Marks the super volcano, plays out A's turn and B's turn (B's east critter
 * escapes three steps east), and stops at the start of A's last turn. */
static Game *at_final_turn(void)
{
    Game *g = super_position();
    mark_super(g);
    finish_turn(g);
    REQUIRE(g->active == 1);
    pf_apply(g, fx_find(g, VERB_MOVE, fx_cell(3, 0), -1, critter_id(1, 0)));
    finish_turn(g);
    REQUIRE(g->active == 0);
    return g;
}

TEST(super_volcano_is_marked_double_stacked_and_does_not_erupt_at_once)
{
    Game *g = super_position();
    int volcanoes = g->supply_volcanoes;
    mark_super(g);
    CHECK_EQ(top_class(g, 0, 0), TILE_VOLCANO);
    CHECK_EQ(g->board.cells[fx_cell(0, 0)].height, 4);          /* two tiles, two volcanoes */
    CHECK_EQ(g->supply_volcanoes, volcanoes - 1);               /* the second came from the supply */
    CHECK_EQ(g->lava_count, 0);                                 /* no lava yet */
    CHECK_EQ(g->player[0].volcanoes, 1);
    CHECK_EQ(g->end_triggered, END_SUPER_VOLCANO);
    CHECK_EQ(g->trigger_player, 0);
    CHECK_EQ(g->player[1].critters[0].place, AT_BOARD);         /* nobody around it is hit yet */
    CHECK_EQ(g->player[1].critters[1].place, AT_BOARD);
    CHECK(!game_over(g));
}

TEST(super_volcano_declined_erupts_as_an_ordinary_volcano)
{
    Game *g = super_position();
    pf_apply(g, fx_find(g, VERB_TARGET, fx_cell(0, 0), -1, -1));
    REQUIRE(g->pending.kind == DK_SCRIPT);
    pf_apply(g, fx_find(g, VERB_PASS, -1, -1, -1));
    CHECK_EQ(g->board.cells[fx_cell(0, 0)].height, 3);
    CHECK_EQ(g->lava_count, 1);                                 /* lava left for a lower neighbour */
    CHECK_EQ(g->end_triggered, END_NONE);
}

TEST(super_volcano_gives_every_other_player_one_ordinary_turn_to_escape)
{
    Game *g = super_position();
    mark_super(g);
    finish_turn(g);
    REQUIRE(g->active == 1);
    CHECK_EQ(g->mode, MODE_NORMAL);
    CHECK_EQ(g->turn_skip, 0);
    CHECK_EQ(g->pending.kind, DK_MOVE);
    pf_apply(g, fx_find(g, VERB_MOVE, fx_cell(3, 0), -1, critter_id(1, 0)));
    finish_turn(g);
    CHECK_EQ(g->active, 0);                                     /* back to the trigger: no blast yet */
    CHECK_EQ(g->player[1].critters[0].cell, fx_cell(3, 0));
    CHECK_EQ(g->board.cells[fx_cell(1, 0)].height, 1);
}

TEST(super_volcano_final_turn_allows_a_move_but_no_buying_or_sacrifice)
{
    Game *g = at_final_turn();
    pf_give(g, 0, 4, 4, 4);
    int resources = resource_total(&g->player[0]);
    CHECK_EQ(g->turn_skip, TURN_SKIP_BUY | TURN_SKIP_SACRIFICE);
    REQUIRE(g->pending.kind == DK_MOVE);
    pf_apply(g, fx_find(g, VERB_MOVE, fx_cell(0, -2), -1, critter_id(0, 0)));
    CHECK_EQ(g->pending.kind, DK_CLAIM);                        /* the buy step was skipped */
    CHECK_EQ(resource_total(&g->player[0]), resources);
    g->turn_skip &= (uint8_t)~TURN_SKIP_SACRIFICE;
    CHECK(fx_count(g, VERB_SACRIFICE) == 0);                    /* not in the claim step either */
    g->turn_skip |= TURN_SKIP_SACRIFICE;
    g->phase = PHASE_SACRIFICE;
    g->pending.kind = DK_SACRIFICE;
    CHECK_EQ(fx_count(g, VERB_SACRIFICE), 0);
    CHECK_EQ(fx_count(g, VERB_SACRIFICE_HAND), 0);
}

TEST(super_volcano_blast_wipes_out_critters_around_it_and_forms_a_ring_of_volcanoes)
{
    Game *g = at_final_turn();
    int supply = g->supply_volcanoes;
    pf_apply(g, fx_find(g, VERB_PASS, -1, -1, -1));               /* A does not move: its critter stays */
    pf_apply(g, fx_find(g, VERB_PASS, -1, -1, -1));               /* no claim */
    /* The blast came at the end of the turn; the final critter is asked. */
    REQUIRE(g->pending.kind == DK_SCRIPT);
    CHECK_EQ(g->player[0].critters[0].place, AT_HAND);         /* A's critter next to it */
    CHECK_EQ(g->player[1].critters[1].place, AT_HAND);         /* B's that stayed */
    CHECK_EQ(g->player[1].critters[0].place, AT_BOARD);        /* B's that escaped */
    static const int ring[5][2] = { { 1, 0 }, { 0, 1 }, { -1, 1 }, { 0, -1 }, { 1, -1 } };
    for (int i = 0; i < 5; i++)
        CHECK_EQ(top_class(g, ring[i][0], ring[i][1]), TILE_VOLCANO);
    CHECK(!board_is_land(&g->board, fx_cell(-1, 0)));          /* no volcano on the ocean */
    CHECK_EQ(g->supply_volcanoes, supply - 5);
    CHECK_EQ(g->lava_count, 6);                                /* the super volcano and the ring */
    CHECK_EQ(g->player[0].volcanoes, 1);                       /* the ring scores nobody */
}

TEST(super_volcano_ring_uses_supply_volcanoes_as_far_as_they_go)
{
    Game *g = at_final_turn();
    g->supply_volcanoes = 2;
    finish_turn(g);
    CHECK_EQ(g->supply_volcanoes, 0);
    CHECK_EQ(top_class(g, 1, 0), TILE_VOLCANO);                 /* east first, clockwise */
    CHECK_EQ(top_class(g, 0, 1), TILE_VOLCANO);
    CHECK(top_class(g, -1, 1) != TILE_VOLCANO);
    CHECK(top_class(g, 1, -1) != TILE_VOLCANO);
}

TEST(super_volcano_final_critter_is_placed_within_the_blast)
{
    Game *g = at_final_turn();
    pf_apply(g, fx_find(g, VERB_PASS, -1, -1, -1));
    pf_apply(g, fx_find(g, VERB_PASS, -1, -1, -1));
    REQUIRE(g->pending.kind == DK_SCRIPT);
    CHECK_EQ(g->pending.player, 0);
    /* Choices: uninhabited, uncontrolled land two steps away. (2,0) is B's biome. */
    CHECK_EQ(fx_count(g, VERB_CHOOSE), 2);
    CHECK(fx_find(g, VERB_CHOOSE, fx_cell(0, 2), -1, -1) >= 0);
    CHECK(fx_find(g, VERB_CHOOSE, fx_cell(0, -2), -1, -1) >= 0);
    CHECK(fx_find(g, VERB_CHOOSE, fx_cell(2, 0), -1, -1) < 0);
    int hand = hand_count(g, 0);
    pf_apply(g, fx_find(g, VERB_CHOOSE, fx_cell(0, 2), -1, -1));
    CHECK_EQ(hand_count(g, 0), hand - 1);
    CHECK(critter_at(g, fx_cell(0, 2), 0) / MAX_CRITTERS == 0);
}

TEST(super_volcano_game_ends_after_the_lava_reaches_the_ocean_with_reason_super_volcano)
{
    Game *g = at_final_turn();
    finish_turn(g);
    CHECK(!game_over(g) ? g->mode == MODE_FINALE : 1);
    int finale_turns = 0;
    while (!game_over(g) && finale_turns < 100) {
        CHECK_EQ(g->mode, MODE_FINALE);
        finish_turn(g);
        finale_turns++;
    }
    REQUIRE(game_over(g));
    CHECK_EQ(g->end_reason, END_SUPER_VOLCANO);
    CHECK_EQ(g->lava_count, 0);
}

/* ---- Volcanic winter ---- */

/* The Power Grid's L5 slot, and a slot next to it. */
static void grid_pair(const Game *g, int *l5, int *next)
{
    *l5 = *next = -1;
    for (int s = 0; s < g->rules.grid_slot_count; s++)
        if (g->rules.grid[s].level == 5)
            *l5 = s;
    REQUIRE(*l5 >= 0);
    for (int s = 0; s < g->rules.grid_slot_count && *next < 0; s++)
        if (s != *l5 && rules_grid_adjacent(&g->rules, s, *l5))
            *next = s;
    REQUIRE(*next >= 0);
}

/* A row of light tiles from (0,0) to (len-1,0) and player `p` about to unlock the winter. */
static Game *winter_position(int len)
{
    Game *g = position(PHASE_BUY, DK_UNLOCK);
    for (int q = 0; q < len; q++)
        fx_push(&g->board, q, 0, "uno_light", 0);
    int l5, next;
    grid_pair(g, &l5, &next);
    g->grid_card[l5] = (uint8_t)pf_card(g, WINTER);
    pf_hold(g, 0, next, "Exalted sacrifices");
    pf_hold(g, 1, next, "Exalted sacrifices");
    g->pending.cell = (uint16_t)fx_cell(0, 0);
    g->pending.aux = 0;   /* no lava from the volcano that unlocked it */
    return g;
}

static void unlock_winter_at(Game *g, int q, int r)
{
    int l5, next;
    grid_pair(g, &l5, &next);
    pf_apply(g, fx_find(g, VERB_UNLOCK, -1, -1, l5));
    REQUIRE(g->pending.kind == DK_SCRIPT);
    pf_apply(g, fx_find(g, VERB_CHOOSE, fx_cell(q, r), -1, -1));
}

static void freeze(Game *g, int q, int r)
{
    char err[64];
    REQUIRE(effect_freeze(g, fx_cell(q, r), err, sizeof err) == 0);
}

TEST(winter_starts_on_the_tile_its_unlocker_chooses)
{
    Game *g = winter_position(4);
    int l5, next;
    grid_pair(g, &l5, &next);
    pf_apply(g, fx_find(g, VERB_UNLOCK, -1, -1, l5));
    REQUIRE(g->pending.kind == DK_SCRIPT);
    CHECK_EQ(g->pending.player, 0);
    CHECK_EQ(fx_count(g, VERB_CHOOSE), 4);                      /* any land tile */
    CHECK(fx_find(g, VERB_PASS, -1, -1, -1) < 0);              /* a choice must be made */
    pf_apply(g, fx_find(g, VERB_CHOOSE, fx_cell(2, 0), -1, -1));
    CHECK(cell_frozen(g, fx_cell(2, 0)));
    CHECK(!cell_frozen(g, fx_cell(1, 0)));
    CHECK_EQ(g->end_triggered, END_WINTER);
    CHECK_EQ(g->trigger_player, 0);
}

TEST(winter_spreads_one_ring_each_turn_across_land_and_ocean)
{
    Game *g = winter_position(6);
    unlock_winter_at(g, 0, 0);
    finish_turn(g);
    CHECK(cell_frozen(g, fx_cell(1, 0)));
    CHECK(cell_frozen(g, fx_cell(-1, 0)));                     /* ocean freezes too */
    CHECK(!cell_frozen(g, fx_cell(2, 0)));
    finish_turn(g);
    CHECK(cell_frozen(g, fx_cell(2, 0)));
    CHECK(cell_frozen(g, fx_cell(-2, 0)));
    CHECK(!cell_frozen(g, fx_cell(3, 0)));
    CHECK(!game_over(g));
}

TEST(winter_stops_tile_placement_and_volcanoes_on_frozen_tiles)
{
    Game *g = position(PHASE_BUY, DK_BUY);
    fx_push(&g->board, 0, 0, "uno_light", 0);
    fx_push(&g->board, 1, 0, "uno_light", 0);
    pf_give(g, 0, 0, 0, 7);
    g->bought_type = (uint8_t)fx_type("uno_light");
    g->pending.kind = DK_PLACE;
    CHECK(fx_count_at(g, VERB_TILE, fx_cell(0, 0)) > 0);
    freeze(g, 0, 0);
    CHECK_EQ(fx_count_at(g, VERB_TILE, fx_cell(0, 0)), 0);
    CHECK(fx_count_at(g, VERB_TILE, fx_cell(1, 0)) > 0);
    g->pending.kind = DK_TARGET;
    CHECK_EQ(fx_count_at(g, VERB_TARGET, fx_cell(0, 0)), 0);
    CHECK(fx_count_at(g, VERB_TARGET, fx_cell(1, 0)) > 0);
    freeze(g, 1, 0);
    g->pending.kind = DK_BUY;
    CHECK_EQ(fx_count(g, VERB_BUY), 0);                         /* nowhere left to put anything */
}

TEST(winter_stops_critter_placement_on_frozen_tiles)
{
    Game *g = position(PHASE_CLAIM, DK_CLAIM);
    fx_push(&g->board, 0, 0, "uno_light", 0);
    fx_push(&g->board, 3, 0, "uno_dark", 0);
    freeze(g, 0, 0);
    CHECK_EQ(fx_count_at(g, VERB_CRITTER, fx_cell(0, 0)), 0);
    CHECK(fx_count_at(g, VERB_CRITTER, fx_cell(3, 0)) > 0);
}

TEST(winter_stops_movement_onto_and_off_frozen_tiles)
{
    Game *g = position(PHASE_MOVE, DK_MOVE);
    for (int q = 0; q < 3; q++)
        fx_push(&g->board, q, 0, "uno_light", 0);
    fx_critter(g, 0, 0, 0, 0, 0);
    CHECK(fx_find(g, VERB_MOVE, fx_cell(2, 0), -1, -1) >= 0);
    freeze(g, 2, 0);
    CHECK(fx_find(g, VERB_MOVE, fx_cell(2, 0), -1, -1) < 0);   /* not onto */
    CHECK(fx_find(g, VERB_MOVE, fx_cell(1, 0), -1, -1) >= 0);
    freeze(g, 0, 0);
    CHECK_EQ(fx_count(g, VERB_MOVE), 0);                        /* not off */
}

TEST(winter_stops_migration_onto_frozen_tiles)
{
    Game *g = position(PHASE_BUY, DK_PLACE);
    for (int q = -1; q <= 1; q++)
        fx_push(&g->board, q, 0, "uno_light", 0);
    fx_critter(g, 1, 0, 0, 0, 0);
    freeze(g, 1, 0);
    g->bought_type = (uint8_t)fx_type("uno_light");
    pf_apply(g, fx_find(g, VERB_TILE, fx_cell(0, 0), -1, -1));     /* covers B's critter */
    REQUIRE(g->pending.kind == DK_MIGRATE);
    CHECK(fx_find(g, VERB_MIGRATE, fx_cell(-1, 0), -1, -1) >= 0);
    CHECK(fx_find(g, VERB_MIGRATE, fx_cell(1, 0), -1, -1) < 0);
}

TEST(winter_stops_sacrifice_of_critters_on_frozen_tiles)
{
    Game *g = position(PHASE_SACRIFICE, DK_SACRIFICE);
    fx_push(&g->board, 0, 0, "uno_light", 0);
    fx_push(&g->board, 3, 0, "uno_dark", 0);
    fx_critter(g, 0, 0, 0, 0, 0);
    fx_critter(g, 0, 1, 3, 0, 0);
    freeze(g, 0, 0);
    CHECK(fx_find(g, VERB_SACRIFICE, -1, -1, critter_id(0, 0)) < 0);
    CHECK(fx_find(g, VERB_SACRIFICE, -1, -1, critter_id(0, 1)) >= 0);
}

TEST(winter_stops_collection_from_critters_on_frozen_tiles)
{
    Game *g = position(PHASE_SACRIFICE, DK_SACRIFICE);
    fx_push(&g->board, 0, 0, "uno_light", 0);
    fx_push(&g->board, 3, 0, "uno_dark", 0);
    fx_critter(g, 0, 0, 0, 0, 0);
    fx_critter(g, 0, 1, 3, 0, 0);
    freeze(g, 0, 0);
    g->player[0].sacrificed_board = g->player[0].sacrificed_hand = 1;
    flow_advance(g);   /* collect */
    CHECK_EQ(g->player[0].resources[biome_by_name("dark")], 1);
    CHECK_EQ(g->player[0].resources[biome_by_name("light")], 0);
}

TEST(winter_lava_still_flows_across_frozen_tiles)
{
    Game *g = position(PHASE_COLLECT, DK_DISCARD);
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    g->lava[0] = (Lava){ (uint16_t)fx_cell(0, 0), 0, 0 };
    g->lava_count = 1;
    g->board.cells[fx_cell(0, 0)].flags |= CELL_LAVA;
    fx_push(&g->board, 5, 0, "uno_light", 0);   /* B's next turn stops at a claim there */
    freeze(g, 0, 0);
    for (int d = 0; d < 6; d++) {
        Hex h = hex_neighbour(hex_make(0, 0), d);
        freeze(g, h.q, h.r);
    }
    g->pending.aux = 7;
    flow_advance(g);   /* lava step */
    REQUIRE(g->lava_count == 1);
    CHECK(g->lava[0].cell != fx_cell(0, 0));
    CHECK(g->lava[0].in_ocean);
}

TEST(winter_islands_are_summoned_outside_the_frozen_area)
{
    Game *g = position(PHASE_BUY, DK_ISLAND);
    fx_push(&g->board, 0, 0, "uno_light", 0);
    g->pending.aux = 3;
    g->island_count = 0;
    int near = fx_cell(2, 0);
    CHECK(fx_count_at(g, VERB_TILE, near) > 0);
    freeze(g, 2, 0);
    CHECK_EQ(fx_count_at(g, VERB_TILE, near), 0);
    CHECK(fx_count(g, VERB_TILE) > 0);                          /* elsewhere, still */
}

TEST(winter_second_unlock_makes_a_second_spawn_point)
{
    Game *g = winter_position(8);
    unlock_winter_at(g, 0, 0);
    finish_turn(g);                                             /* A's turn ends: B's begins */
    REQUIRE(g->active == 1);
    g->phase = PHASE_BUY;
    g->pending = (Pending){ DK_UNLOCK, 1, 0, (uint16_t)fx_cell(0, 0), 0 };
    unlock_winter_at(g, 7, 0);
    CHECK(cell_frozen(g, fx_cell(7, 0)));
    CHECK(!cell_frozen(g, fx_cell(4, 0)));
    CHECK_EQ(g->end_triggered, END_WINTER);
    CHECK_EQ(g->trigger_player, 0);                             /* the first unlocker's */
    finish_turn(g);
    CHECK(cell_frozen(g, fx_cell(6, 0)));                       /* both spread */
    CHECK(cell_frozen(g, fx_cell(2, 0)));
}

TEST(winter_ends_the_game_when_all_land_is_frozen)
{
    Game *g = winter_position(3);
    unlock_winter_at(g, 0, 0);
    int turns = 0;
    while (!game_over(g) && turns < 10) {
        finish_turn(g);
        turns++;
    }
    REQUIRE(game_over(g));
    CHECK_EQ(turns, 2);                                         /* (1,0) then (2,0) froze */
    CHECK_EQ(g->end_reason, END_WINTER);
}

TEST(hash_sees_frozen_cells_quieted_volcanoes_and_skipped_steps)
{
    Game *a = calloc(1, sizeof *a), *b = calloc(1, sizeof *b);
    REQUIRE(a && b);
    fx_game(a, 2);
    uint64_t h = game_hash(a);
    *b = *a;
    b->frozen[3] |= 4;
    CHECK(game_hash(b) != h);
    *b = *a;
    b->quiet_volcano = 1;
    CHECK(game_hash(b) != h);
    *b = *a;
    b->turn_skip = TURN_SKIP_BUY;
    CHECK(game_hash(b) != h);
    free(a);
    free(b);
}

TEST(super_volcano_carried_away_by_an_island_move_erupts_where_it_went)
{
    Game *g = at_final_turn();
    /* Shift the whole island one space west before the blast (as Converging
     * tectonic plates would); the stored position is now ocean. */
    char err[200];
    REQUIRE(effect_shift_island(g, fx_cell(0, 0), 3, 1, err, sizeof err) == 1);   /* spaces moved */
    REQUIRE(top_class(g, -1, 0) == TILE_VOLCANO);
    REQUIRE(top_class(g, -1, 0) == TILE_VOLCANO);
    pf_apply(g, fx_find(g, VERB_PASS, -1, -1, -1));
    pf_apply(g, fx_find(g, VERB_PASS, -1, -1, -1));
    CHECK_EQ(top_class(g, 0, 0), TILE_VOLCANO);    /* the ring, round the new place: east of it */
    CHECK_EQ(top_class(g, -1, 1), TILE_VOLCANO);   /* and south-east of it */
}
