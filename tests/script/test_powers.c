/* The volcanic powers, each acting through its script in scripts/powers/:
 * a hand-built position, a power held, an action, the outcome checked. */
#include <string.h>

#include "core_internal.h"
#include "../core/fixtures.h"
#include "harness.h"
#include "score.h"
#include "session.h"
#include "power_fixtures.h"







TEST(bountiful_resources_holds_eight_after_collection)
{
    Game *g = pf_position(2, PHASE_SACRIFICE, DK_SACRIFICE);
    pf_hold(g, 0, 0, "Bountiful resources");
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_critter(g, 0, 0, 0, 0, 0);
    pf_give(g, 0, 3, 2, 2);
    g->player[0].sacrificed_board = g->player[0].sacrificed_hand = 1;
    flow_advance(g);   /* collect one dark: 8, within the raised cap */
    CHECK_EQ(resource_total(&g->player[0]), 8);
    CHECK(g->pending.kind != DK_DISCARD || g->pending.player != 0);
}

TEST(without_bountiful_resources_the_cap_stays_seven)
{
    Game *g = pf_position(2, PHASE_SACRIFICE, DK_SACRIFICE);
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_critter(g, 0, 0, 0, 0, 0);
    pf_give(g, 0, 3, 2, 2);
    g->player[0].sacrificed_board = g->player[0].sacrificed_hand = 1;
    flow_advance(g);
    CHECK_EQ(g->pending.kind, DK_DISCARD);
}

TEST(exalted_sacrifices_score_two_points_per_crater_critter)
{
    Game *g = pf_position(2, PHASE_MOVE, DK_MOVE);
    for (int i = 0; i < 3; i++)
        g->player[0].critters[i].place = AT_CRATER;
    g->player[1].critters[0].place = AT_CRATER;
    pf_hold(g, 0, 0, "Exalted sacrifices");
    Scores sc;
    game_score(g, &sc);
    CHECK_EQ(sc.line[0].sacrifices + sc.line[0].bonus, 6);
    CHECK_EQ(sc.line[1].sacrifices + sc.line[1].bonus, 1);
}

TEST(crafty_critters_allow_a_third_tile_after_two_on_soil)
{
    Game *g = pf_position(2, PHASE_BUY, DK_PLACE);
    pf_hold(g, 0, 0, "Crafty critters");
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_push(&g->board, 1, 0, "soil", 0);
    pf_give(g, 0, 4, 0, 0);
    g->bought_type = (uint8_t)fx_type("uno_dark");
    g->buys_made = 1;
    pf_apply(g, pf_find(g, VERB_TILE, fx_cell(1, 0)));     /* first tile onto soil */
    REQUIRE(g->pending.kind == DK_BUY);
    fx_push(&g->board, -1, 0, "soil", 0);
    int buy = -1;
    static Option o[MAX_OPTIONS];
    int n = game_options(g, o, MAX_OPTIONS);
    for (int i = 0; i < n && buy < 0; i++)
        if (o[i].verb == VERB_BUY && o[i].subject == fx_type("trio_dml"))
            buy = i;
    pf_apply(g, buy);
    REQUIRE(g->pending.kind == DK_PLACE);
    int onto_soil = -1;
    n = game_options(g, o, MAX_OPTIONS);
    for (int i = 0; i < n && onto_soil < 0; i++)
        if (o[i].cell == fx_cell(-1, 0))
            onto_soil = i;
    pf_apply(g, onto_soil);                              /* second tile onto soil too */
    REQUIRE(g->pending.kind == DK_BUY);
    CHECK(pf_find(g, VERB_BUY, -1) >= 0);                /* a third may be bought */
}

TEST(agile_critters_move_twice_and_onto_a_neighbouring_uncontrolled_biome)
{
    Game *g = pf_position(2, PHASE_BUY, DK_UNLOCK);
    g->grid_card[0] = 255;
    int agile = -1;
    for (int i = 0; i < g->rules.power_card_count; i++)
        if (!strcmp(g->rules.power_cards[i].name, "Agile critters"))
            agile = i;
    g->grid_card[0] = (uint8_t)agile;            /* an L1 slot, for the test */
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_push(&g->board, 1, 0, "uno_light", 0);
    fx_critter(g, 0, 0, 0, 0, 0);
    g->pending.cell = (uint16_t)fx_cell(5, 5);
    pf_apply(g, pf_find(g, VERB_UNLOCK, -1));
    CHECK_EQ(g->player[0].ability[ABILITY_MOVE_ADJACENT], 1);
    /* Next turn of A: two moves, the first onto the light Uno next door. */
    g->active = 1;
    g->pending = (Pending){ DK_MOVE, 1, 0, 0, 0 };
    g->phase = PHASE_LAVA;
    g->pending.kind = DK_COUNT;
    g->active = 1;
    flow_advance(g);   /* B's turn ends... */
    while (g->active != 0 && !game_over(g))
        pf_apply(g, 0);
    REQUIRE(g->pending.kind == DK_MOVE);
    CHECK_EQ(g->moves_left, 2);
    CHECK(pf_find(g, VERB_MOVE, fx_cell(1, 0)) >= 0);
}

TEST(magma_siphon_gains_a_resource_per_critter_next_to_another_players_volcano)
{
    Game *g = pf_position(2, PHASE_BUY, DK_TARGET);
    pf_hold(g, 1, 0, "Magma siphon");
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_push(&g->board, 1, 0, "uno_light", 0);
    fx_push(&g->board, -1, 0, "uno_medium", 0);
    fx_critter(g, 1, 0, 1, 0, 0);
    fx_critter(g, 1, 1, -1, 0, 0);
    g->supply_volcanoes--;
    g->volcano_held = 1;
    pf_apply(g, pf_find(g, VERB_TARGET, fx_cell(0, 0)));
    CHECK_EQ(g->player[1].resources[BIOME_LIGHT], 1);
    CHECK_EQ(g->player[1].resources[BIOME_MEDIUM], 1);
}

TEST(magma_siphon_gives_nothing_for_ones_own_volcano)
{
    Game *g = pf_position(2, PHASE_BUY, DK_TARGET);
    pf_hold(g, 0, 0, "Magma siphon");
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_push(&g->board, 1, 0, "uno_light", 0);
    fx_critter(g, 0, 0, 1, 0, 0);
    g->supply_volcanoes--;
    g->volcano_held = 1;
    pf_apply(g, pf_find(g, VERB_TARGET, fx_cell(0, 0)));
    CHECK_EQ(resource_total(&g->player[0]), 0);
}

TEST(sleight_of_land_turns_the_target_tile_before_the_volcano_lands)
{
    Game *g = pf_position(2, PHASE_BUY, DK_TARGET);
    pf_hold(g, 0, 0, "Sleight of land");
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_push(&g->board, 0, 0, "trio_dml", 0);
    g->supply_volcanoes--;
    g->volcano_held = 1;
    pf_apply(g, pf_find(g, VERB_TARGET, fx_cell(0, 0)));
    REQUIRE(g->pending.kind == DK_SCRIPT);
    static Option o[MAX_OPTIONS];
    int n = game_options(g, o, MAX_OPTIONS);
    int pick = -1;
    for (int i = 0; i < n; i++)
        if (o[i].verb == VERB_CHOOSE && g->ask[0].value[o[i].subject] == 4)
            pick = i;
    pf_apply(g, pick);
    const Board *b = &g->board;
    int under = b->tiles[b->cells[fx_cell(0, 0)].top].below;
    CHECK_EQ(b->tiles[under].rotation, 4);
    CHECK_EQ(board_top_class(b, &g->rules, fx_cell(0, 0)), TILE_VOLCANO);
}

TEST(erosion_removes_the_top_of_an_uninhabited_stack_before_claiming)
{
    Game *g = pf_position(2, PHASE_SACRIFICE, DK_SACRIFICE);
    pf_hold(g, 0, 0, "Erosion");
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_push(&g->board, 0, 0, "uno_light", 0);
    fx_push(&g->board, 3, 0, "uno_medium", 0);
    g->phase = PHASE_BUY;
    g->pending.kind = DK_BUY;
    g->buys_made = 1;
    flow_advance(g);   /* the buy step ends; the claim step begins with the question */
    REQUIRE(g->pending.kind == DK_SCRIPT);
    pf_apply(g, pf_find(g, VERB_CHOOSE, fx_cell(0, 0)));
    CHECK_EQ(g->board.cells[fx_cell(0, 0)].height, 1);
    CHECK_EQ(board_area_biome(&g->board, &g->rules, fx_cell(0, 0), 0), BIOME_DARK);
    CHECK_EQ(g->pending.kind, DK_CLAIM);
}

TEST(magma_bomb_wipes_the_critters_of_the_rolled_neighbour_once_per_round)
{
    Game *g = pf_position(2, PHASE_BUY, DK_TARGET);
    pf_hold(g, 1, 0, "Magma bomb");
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    for (int d = 0; d < 6; d++) {
        Hex h = hex_neighbour(hex_make(0, 0), d);
        fx_push(&g->board, h.q, h.r, d % 2 ? "uno_light" : "uno_medium", 0);   /* no two joined */
        fx_critter(g, 0, d, h.q, h.r, 0);
    }
    g->supply_volcanoes--;
    g->volcano_held = 1;
    pf_apply(g, pf_find(g, VERB_TARGET, fx_cell(0, 0)));
    while (g->pending.kind == DK_UNLOCK || (g->pending.kind == DK_SCRIPT && g->pending.player == 0))
        pf_apply(g, 0);
    if (g->pending.kind != DK_SCRIPT)
        th_fail(__FILE__, __LINE__, "pending %s by %d, asks %d, phase %s", decision_kind_name(g->pending.kind),
                g->pending.player, g->ask_len, phase_name(g->phase));
    REQUIRE(g->pending.kind == DK_SCRIPT);
    CHECK_EQ(g->pending.player, 1);
    int before = land_critter_count(g, 0);
    pf_apply(g, pf_find(g, VERB_CHOOSE, -1));
    CHECK_EQ(land_critter_count(g, 0), before - 1);   /* every neighbour held one of A's critters */
}

TEST(frugal_ritual_sacrifice_from_hand_costs_two_different_resources)
{
    Game *g = pf_position(2, PHASE_SACRIFICE, DK_SACRIFICE);
    pf_hold(g, 0, 0, "Frugal ritual");
    pf_give(g, 0, 2, 1, 0);
    static Option o[MAX_OPTIONS];
    int n = game_options(g, o, MAX_OPTIONS);
    int hand = 0;
    for (int i = 0; i < n; i++)
        if (o[i].verb == VERB_SACRIFICE_HAND) {
            hand++;
            CHECK_EQ(o[i].pay, pay_pack(1, 1, 0));
        }
    CHECK_EQ(hand, 1);
}


TEST(caldera_bolt_card_is_played_at_a_turn_decision_and_discarded)
{
    Game *g = pf_position(2, PHASE_MOVE, DK_MOVE);
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_push(&g->board, 1, 0, "uno_dark", 0);   /* somewhere to move to */
    fx_critter(g, 0, 0, 0, 0, 0);
    g->moves_left = 1;
    g->player[0].caldera_count = 1;
    g->player[0].caldera[0] = (uint8_t)pf_card(g, "Agile critters");
    int play = pf_find(g, VERB_PLAY_CARD, -1);
    REQUIRE(play >= 0);
    int discards = g->caldera_discard;
    pf_apply(g, play);
    CHECK_EQ(g->player[0].caldera_count, 0);
    CHECK_EQ(g->caldera_discard, discards + 1);
    CHECK_EQ(g->moves_left, 2);              /* Agile's bolt: one more move */
    CHECK_EQ(g->pending.kind, DK_MOVE);      /* the decision it was played at stays */
}

TEST(caldera_card_without_a_bolt_cannot_be_played_and_scores_its_stars)
{
    Game *g = pf_position(2, PHASE_MOVE, DK_MOVE);
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_critter(g, 0, 0, 0, 0, 0);
    g->moves_left = 1;
    int card = pf_card(g, "Rift");
    g->player[0].caldera_count = 1;
    g->player[0].caldera[0] = (uint8_t)card;
    CHECK_EQ(pf_find(g, VERB_PLAY_CARD, -1), -1);
    Scores sc;
    game_score(g, &sc);
    CHECK_EQ(sc.line[0].caldera, g->rules.power_cards[card].stars);
}

TEST(caldera_bolt_of_crafty_critters_allows_one_more_tile)
{
    Game *g = pf_position(2, PHASE_BUY, DK_BUY);
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_push(&g->board, 1, 0, "uno_dark", 0);
    pf_give(g, 0, 4, 0, 0);
    g->buys_made = 1;   /* the turn's tile is bought already */
    CHECK_EQ(pf_find(g, VERB_BUY, -1), -1);
    g->player[0].caldera_count = 1;
    g->player[0].caldera[0] = (uint8_t)pf_card(g, "Crafty critters");
    pf_apply(g, pf_find(g, VERB_PLAY_CARD, -1));
    CHECK(pf_find(g, VERB_BUY, -1) >= 0);
}

TEST(volcanic_migration_lets_a_targeted_critter_escape_for_three_resources)
{
    Game *g = pf_position(2, PHASE_BUY, DK_TARGET);
    pf_hold(g, 1, 0, "Volcanic migration");
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_push(&g->board, 1, 0, "uno_dark", 0);
    fx_critter(g, 1, 0, 0, 0, 0);
    pf_give(g, 1, 2, 1, 1);
    g->supply_volcanoes--;
    g->volcano_held = 1;
    pf_apply(g, pf_find(g, VERB_TARGET, fx_cell(0, 0)));
    REQUIRE(g->pending.kind == DK_SCRIPT);
    CHECK_EQ(g->pending.player, 1);
    pf_apply(g, pf_find(g, VERB_CHOOSE, fx_cell(1, 0)));
    CHECK_EQ(g->player[1].critters[0].place, AT_BOARD);
    CHECK_EQ(g->player[1].critters[0].cell, fx_cell(1, 0));
    CHECK_EQ(resource_total(&g->player[1]), 1);
}

TEST(volcanic_migration_declined_leaves_the_critter_to_the_volcano)
{
    Game *g = pf_position(2, PHASE_BUY, DK_TARGET);
    pf_hold(g, 1, 0, "Volcanic migration");
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_push(&g->board, 1, 0, "uno_dark", 0);
    fx_critter(g, 1, 0, 0, 0, 0);
    pf_give(g, 1, 3, 0, 0);
    g->supply_volcanoes--;
    g->volcano_held = 1;
    pf_apply(g, pf_find(g, VERB_TARGET, fx_cell(0, 0)));
    REQUIRE(g->pending.kind == DK_SCRIPT);
    pf_apply(g, pf_find(g, VERB_PASS, -1));
    CHECK_EQ(g->player[1].critters[0].place, AT_HAND);
    CHECK_EQ(resource_total(&g->player[1]), 3);
}

TEST(island_forger_summons_a_four_tile_island)
{
    Game *g = pf_position(2, PHASE_BUY, DK_BUY);
    pf_hold(g, 0, 0, "Island forger");
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    for (int i = 0; i < 3; i++)
        g->player[0].critters[i].place = AT_CRATER;
    pf_give(g, 0, 3, 2, 2);
    static Option o[MAX_OPTIONS];
    int n = game_options(g, o, MAX_OPTIONS), island = -1;
    for (int i = 0; i < n && island < 0; i++)
        if (o[i].verb == VERB_BUY && o[i].subject == BUY_ISLAND)
            island = i;
    pf_apply(g, island);
    int placed = 0;
    while (g->pending.kind == DK_ISLAND && placed < 6) {
        pf_apply(g, 0);
        placed++;
    }
    CHECK_EQ(placed, 4);
    CHECK_EQ(g->board.land_count, 5);
}

TEST(lava_diversion_roll_sends_lava_to_a_flanking_tile_or_keeps_its_course)
{
    for (int attempt = 0; attempt < 12; attempt++) {
        Game *g = pf_position(2, PHASE_COLLECT, DK_DISCARD);
        pf_hold(g, 1, 0, "Lava diversion");
        for (int k = 0; k < 3; k++)
            fx_push(&g->board, 0, 0, "uno_dark", 0);
        for (int d = 0; d < 6; d++) {
            Hex h = hex_neighbour(hex_make(0, 0), d);
            for (int k = 0; k < (d == 0 ? 1 : 3); k++)
                fx_push(&g->board, h.q, h.r, "uno_light", 0);
        }
        g->lava[0] = (Lava){ (uint16_t)fx_cell(0, 0), 0, 0 };
        g->lava_count = 1;
        g->pending.aux = 7;
        rng_seed(&g->rng, (uint64_t)attempt + 100);
        flow_advance(g);                    /* collect, then the lava decides to flow east */
        REQUIRE(g->pending.kind == DK_SCRIPT);
        CHECK_EQ(g->pending.player, 1);
        REQUIRE(g->flow_count == 1);
        Rng peek = g->rng;
        int roll = (int)rng_below(&peek, 6) + 1;
        pf_apply(g, pf_find(g, VERB_CHOOSE, -1));
        int expect = roll <= 2 ? fx_cell(1, -1) : roll >= 5 ? fx_cell(0, 1) : fx_cell(1, 0);
        REQUIRE(g->lava_count == 1);
        CHECK_EQ(g->lava[0].cell, expect);
    }
}

TEST(lava_flow_without_a_diversion_holder_arrives_unasked)
{
    Game *g = pf_position(2, PHASE_COLLECT, DK_DISCARD);
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    g->lava[0] = (Lava){ (uint16_t)fx_cell(0, 0), 0, 0 };
    g->lava_count = 1;
    g->pending.aux = 7;
    flow_advance(g);
    CHECK(g->pending.kind != DK_SCRIPT);
    REQUIRE(g->lava_count == 1);
    CHECK(g->lava[0].in_ocean);
}

TEST(colossal_critter_upgrade_costs_four_and_scores_four_points)
{
    Game *g = pf_position(2, PHASE_BUY, DK_BUY);
    pf_hold(g, 0, 0, "Colossal critter");
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_push(&g->board, 3, 0, "uno_light", 0);
    fx_critter(g, 0, 0, 0, 0, 0);
    pf_give(g, 0, 2, 1, 1);
    g->buys_made = 1;
    pf_apply(g, pf_find(g, VERB_PASS, -1));   /* end the buy step: the claim step begins with the offer */
    REQUIRE(g->pending.kind == DK_SCRIPT);
    pf_apply(g, pf_find(g, VERB_CHOOSE, fx_cell(0, 0)));
    CHECK_EQ(g->player[0].critters[0].armour, 1);
    CHECK_EQ(resource_total(&g->player[0]), 0);
    Scores sc;
    game_score(g, &sc);
    CHECK_EQ(sc.line[0].critters + sc.line[0].bonus, 4);
}

TEST(colossal_critter_stops_lava_losing_a_hit_point)
{
    Game *g = pf_position(2, PHASE_COLLECT, DK_DISCARD);
    pf_hold(g, 0, 0, "Colossal critter");
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_push(&g->board, 1, 0, "uno_light", 0);
    for (int d = 1; d < 6; d++) {
        Hex h = hex_neighbour(hex_make(0, 0), d);
        fx_push(&g->board, h.q, h.r, "uno_medium", 0);
        fx_push(&g->board, h.q, h.r, "uno_medium", 0);
    }
    fx_critter(g, 1, 0, 1, 0, 0);
    g->player[1].critters[0].armour = 1;
    g->lava[0] = (Lava){ (uint16_t)fx_cell(0, 0), 0, 0 };
    g->lava_count = 1;
    g->pending.aux = 7;
    flow_advance(g);
    CHECK_EQ(g->player[1].critters[0].place, AT_BOARD);
    CHECK_EQ(g->player[1].critters[0].armour, 0);
    CHECK_EQ(g->lava_count, 0);                    /* the lava is gone */
}

TEST(colossal_critter_flees_a_volcano_to_its_biome_losing_a_hit_point)
{
    Game *g = pf_position(2, PHASE_BUY, DK_TARGET);
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_push(&g->board, 1, 0, "uno_dark", 0);
    fx_critter(g, 1, 0, 0, 0, 0);
    g->player[1].critters[0].armour = 1;
    g->supply_volcanoes--;
    g->volcano_held = 1;
    pf_apply(g, pf_find(g, VERB_TARGET, fx_cell(0, 0)));
    REQUIRE(g->pending.kind == DK_EVACUATE);
    CHECK_EQ(g->pending.player, 1);
    int flee = pf_find(g, VERB_EVACUATE, fx_cell(1, 0));
    REQUIRE(flee >= 0);
    pf_apply(g, flee);
    CHECK_EQ(g->player[1].critters[0].cell, fx_cell(1, 0));
    CHECK_EQ(g->player[1].critters[0].armour, 0);
}

TEST(colossal_critter_that_cannot_flee_a_volcano_goes_to_hand)
{
    Game *g = pf_position(2, PHASE_BUY, DK_TARGET);
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_critter(g, 1, 0, 0, 0, 0);
    g->player[1].critters[0].armour = 1;
    g->supply_volcanoes--;
    g->volcano_held = 1;
    pf_apply(g, pf_find(g, VERB_TARGET, fx_cell(0, 0)));
    CHECK(g->player[1].critters[0].place != AT_BOARD);   /* to hand (B's turn may sacrifice it) */
    CHECK_EQ(g->player[1].critters[0].armour, 0);
}

TEST(magma_bomb_takes_a_hit_point_from_a_colossal_critter)
{
    Game *g = pf_position(2, PHASE_BUY, DK_TARGET);
    pf_hold(g, 1, 0, "Magma bomb");
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    for (int d = 0; d < 6; d++) {
        Hex h = hex_neighbour(hex_make(0, 0), d);
        fx_push(&g->board, h.q, h.r, d % 2 ? "uno_light" : "uno_medium", 0);
        fx_critter(g, 0, d, h.q, h.r, 0);
        g->player[0].critters[d].armour = 1;
    }
    g->supply_volcanoes--;
    g->volcano_held = 1;
    pf_apply(g, pf_find(g, VERB_TARGET, fx_cell(0, 0)));
    while (g->pending.kind == DK_UNLOCK || (g->pending.kind == DK_SCRIPT && g->pending.player == 0))
        pf_apply(g, 0);
    REQUIRE(g->pending.kind == DK_SCRIPT && g->pending.player == 1);
    pf_apply(g, pf_find(g, VERB_CHOOSE, -1));
    int armoured = 0;
    for (int d = 0; d < 6; d++)
        armoured += g->player[0].critters[d].armour;
    CHECK_EQ(land_critter_count(g, 0), 6);          /* nobody wiped out... */
    CHECK_EQ(armoured, 5);                          /* ...one lost its armour */
}

TEST(burrowed_critter_is_safe_from_stacking_and_collects_nothing)
{
    Game *g = pf_position(2, PHASE_CLAIM, DK_CLAIM);
    pf_hold(g, 0, 0, "Burrowing critters");
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_push(&g->board, 1, 0, "uno_dark", 0);
    fx_critter(g, 0, 0, 0, 0, 0);
    pf_apply(g, pf_find(g, VERB_PASS, -1));              /* claim nothing; the sacrifice step offers burrowing */
    REQUIRE(g->pending.kind == DK_SCRIPT);
    pf_apply(g, pf_find(g, VERB_CHOOSE, fx_cell(0, 0)));
    CHECK(g->player[0].critters[0].flags & CRITTER_DORMANT);
    /* B's turn: no tile may be stacked on the burrowed critter's stack. */
    Game probe = *g;
    probe.log = NULL;
    probe.active = 1;
    probe.phase = PHASE_BUY;
    probe.pending = (Pending){ DK_PLACE, 1, 0, 0, 0 };
    probe.bought_type = (uint8_t)fx_type("uno_dark");
    CHECK_EQ(pf_find(&probe, VERB_TILE, fx_cell(0, 0)), -1);
    CHECK(pf_find(&probe, VERB_TILE, fx_cell(1, 0)) >= 0);
    CHECK_EQ(active_land_critter_count(g, 0), 0);   /* not counted for targeting */
}

TEST(burrowed_critter_emerges_at_a_later_burrow_step)
{
    Game *g = pf_position(2, PHASE_CLAIM, DK_CLAIM);
    pf_hold(g, 0, 0, "Burrowing critters");
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_critter(g, 0, 0, 0, 0, 0);
    g->player[0].critters[0].flags = CRITTER_DORMANT;
    pf_apply(g, pf_find(g, VERB_PASS, -1));
    REQUIRE(g->pending.kind == DK_SCRIPT);
    pf_apply(g, pf_find(g, VERB_CHOOSE, fx_cell(0, 0)));
    CHECK(!(g->player[0].critters[0].flags & CRITTER_DORMANT));
}

TEST(landslide_slides_a_tile_next_to_the_volcano_onto_a_lower_stack)
{
    Game *g = pf_position(2, PHASE_BUY, DK_TARGET);
    pf_hold(g, 0, 0, "Landslide");
    fx_push(&g->board, 0, 0, "uno_dark", 0);                    /* the volcano's target */
    fx_push(&g->board, 1, 0, "uno_light", 0);                   /* a stack of two next to it... */
    fx_push(&g->board, 1, 0, "uno_medium", 0);
    fx_push(&g->board, 2, 0, "uno_light", 0);                   /* ...and a lower one beyond */
    fx_critter(g, 0, 0, 1, 0, 0);                               /* rides the sliding tile */
    fx_critter(g, 1, 0, 2, 0, 0);                               /* crushed unless it escapes */
    g->supply_volcanoes--;
    g->volcano_held = 1;
    pf_apply(g, pf_find(g, VERB_TARGET, fx_cell(0, 0)));
    REQUIRE(g->pending.kind == DK_SCRIPT);
    pf_apply(g, pf_find(g, VERB_CHOOSE, fx_cell(2, 0)));
    CHECK_EQ(g->board.cells[fx_cell(1, 0)].height, 1);
    CHECK_EQ(g->board.cells[fx_cell(2, 0)].height, 2);
    CHECK_EQ(board_area_biome(&g->board, &g->rules, fx_cell(2, 0), 0), BIOME_MEDIUM);
    CHECK_EQ(g->player[0].critters[0].cell, fx_cell(2, 0));     /* it rode along */
    CHECK(g->player[1].critters[0].place != AT_BOARD);          /* B had nowhere to flee */
}

TEST(lateral_eruption_rolls_a_d4_for_a_second_volcano_beside_the_first)
{
    Game *g = pf_position(2, PHASE_BUY, DK_TARGET);
    pf_hold(g, 0, 0, "Lateral eruption");
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    for (int d = 0; d < 6; d++) {
        Hex h = hex_neighbour(hex_make(0, 0), d);
        fx_push(&g->board, h.q, h.r, d % 2 ? "uno_light" : "uno_medium", 0);
        fx_push(&g->board, h.q, h.r, d % 2 ? "uno_light" : "uno_medium", 0);   /* higher than the target */
    }
    g->supply_volcanoes--;
    g->volcano_held = 1;
    int volcanoes_before = g->supply_volcanoes;
    pf_apply(g, pf_find(g, VERB_TARGET, fx_cell(0, 0)));
    REQUIRE(g->pending.kind == DK_SCRIPT);
    Rng peek = g->rng;
    int roll = (int)rng_below(&peek, 4) + 1;
    pf_apply(g, pf_find(g, VERB_CHOOSE, fx_cell(1, 0)));              /* side 1: east */
    Hex site = hex_neighbour(hex_make(0, 0), roll - 1);
    CHECK_EQ(board_top_class(&g->board, &g->rules, board_cell(site)), TILE_VOLCANO);
    CHECK_EQ(g->supply_volcanoes, volcanoes_before - 1);
    CHECK_EQ(g->player[0].volcanoes, 2);
}

/* Unlocks `name` for `player` through the Power Grid decision, as play would. */
static void unlock(Game *g, int player, const char *name)
{
    g->grid_card[0] = (uint8_t)pf_card(g, name);
    Pending keep = g->pending;
    int phase = g->phase, active = g->active;
    g->phase = PHASE_BUY;
    g->active = (uint8_t)player;
    g->pending = (Pending){ DK_UNLOCK, (uint8_t)player, 0, (uint16_t)fx_cell(9, 9), 0 };
    static Option o[MAX_OPTIONS];
    int n = game_options(g, o, MAX_OPTIONS), pick = -1;
    for (int i = 0; i < n; i++)
        if (o[i].verb == VERB_UNLOCK && o[i].subject == 0)
            pick = i;
    REQUIRE(pick >= 0);
    pf_apply(g, pick);
    g->phase = (uint8_t)phase;
    g->active = (uint8_t)active;
    g->pending = keep;
    g->queue_len = g->ask_len = 0;
}

TEST(cooperative_critters_unlocked_grant_the_share_ability)
{
    Game *g = pf_position(2, PHASE_MOVE, DK_MOVE);
    unlock(g, 0, "Cooperative critters");
    CHECK_EQ(g->player[0].ability[ABILITY_SHARE], 1);
}

TEST(cooperative_move_onto_another_players_biome_wipes_a_non_cooperator)
{
    Game *g = pf_position(2, PHASE_MOVE, DK_MOVE);
    g->player[0].ability[ABILITY_SHARE] = 1;
    fx_push(&g->board, 0, 0, "duo_dark_light", 0);   /* light edges face west: B's biome joins there */
    fx_push(&g->board, -1, 0, "uno_light", 0);
    fx_critter(g, 0, 0, 0, 0, fx_area(g, 0, 0, "dark"));
    fx_critter(g, 1, 0, -1, 0, 0);
    g->moves_left = 1;
    int light = fx_area(g, 0, 0, "light");
    static Option o[MAX_OPTIONS];
    int n = game_options(g, o, MAX_OPTIONS), pick = -1;
    for (int i = 0; i < n; i++)
        if (o[i].verb == VERB_MOVE && o[i].cell == fx_cell(0, 0) && o[i].sub == light)
            pick = i;
    pf_apply(g, pick);
    CHECK(g->player[1].critters[0].place != AT_BOARD);
    CHECK_EQ(g->player[0].critters[0].area, light);
}

TEST(cooperative_critters_of_two_sharers_share_the_biome)
{
    Game *g = pf_position(2, PHASE_MOVE, DK_MOVE);
    g->player[0].ability[ABILITY_SHARE] = 1;
    g->player[1].ability[ABILITY_SHARE] = 1;
    fx_push(&g->board, 0, 0, "duo_dark_light", 0);
    fx_push(&g->board, -1, 0, "uno_light", 0);
    fx_critter(g, 0, 0, 0, 0, fx_area(g, 0, 0, "dark"));
    fx_critter(g, 1, 0, -1, 0, 0);
    g->moves_left = 1;
    int light = fx_area(g, 0, 0, "light");
    static Option o[MAX_OPTIONS];
    int n = game_options(g, o, MAX_OPTIONS), pick = -1;
    for (int i = 0; i < n; i++)
        if (o[i].verb == VERB_MOVE && o[i].cell == fx_cell(0, 0) && o[i].sub == light)
            pick = i;
    pf_apply(g, pick);
    CHECK_EQ(g->player[1].critters[0].place, AT_BOARD);
    CHECK_EQ(g->player[0].critters[0].place, AT_BOARD);
    CHECK_EQ(g->player[0].critters[0].area, light);
}

TEST(cooperative_move_onto_a_colossal_critter_costs_it_armour_and_the_mover)
{
    Game *g = pf_position(2, PHASE_MOVE, DK_MOVE);
    g->player[0].ability[ABILITY_SHARE] = 1;
    fx_push(&g->board, 0, 0, "duo_dark_light", 0);
    fx_push(&g->board, -1, 0, "uno_light", 0);
    fx_critter(g, 0, 0, 0, 0, fx_area(g, 0, 0, "dark"));
    fx_critter(g, 1, 0, -1, 0, 0);
    g->player[1].critters[0].armour = 1;
    g->moves_left = 1;
    int light = fx_area(g, 0, 0, "light");
    static Option o[MAX_OPTIONS];
    int n = game_options(g, o, MAX_OPTIONS), pick = -1;
    for (int i = 0; i < n; i++)
        if (o[i].verb == VERB_MOVE && o[i].cell == fx_cell(0, 0) && o[i].sub == light)
            pick = i;
    pf_apply(g, pick);
    CHECK_EQ(g->player[1].critters[0].place, AT_BOARD);
    CHECK_EQ(g->player[1].critters[0].armour, 0);
    CHECK(g->player[0].critters[0].place != AT_BOARD);
}

TEST(pack_critters_unlocked_grant_join_and_group)
{
    Game *g = pf_position(2, PHASE_MOVE, DK_MOVE);
    unlock(g, 0, "Pack critters");
    CHECK_EQ(g->player[0].ability[ABILITY_JOIN], 1);
    CHECK_EQ(g->player[0].ability[ABILITY_GROUP], 1);
}

TEST(pack_forms_by_joining_a_held_biome_next_door_and_collects_per_critter)
{
    Game *g = pf_position(2, PHASE_MOVE, DK_MOVE);
    g->player[0].ability[ABILITY_JOIN] = 1;
    g->player[0].ability[ABILITY_GROUP] = 1;
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_push(&g->board, 1, 0, "uno_dark", 0);
    fx_push(&g->board, -1, 0, "uno_light", 0);
    fx_critter(g, 0, 0, 1, 0, 0);
    fx_critter(g, 0, 1, -1, 0, 0);
    g->moves_left = 1;
    static Option jo[MAX_OPTIONS];
    int jn = game_options(g, jo, MAX_OPTIONS), join = -1;
    for (int i = 0; i < jn; i++)
        if (jo[i].verb == VERB_MOVE && jo[i].cell == fx_cell(0, 0) && jo[i].subject == critter_id(0, 1))
            join = i;
    pf_apply(g, join);   /* the light critter joins the dark biome next door */
    CHECK_EQ(g->player[0].critters[1].cell, fx_cell(0, 0));
    CHECK_EQ(land_critter_count(g, 0), 2);         /* both stay: a pack, not a contest */
    /* Collection: the pack yields one dark per critter. */
    Game c = *g;
    c.log = NULL;
    c.phase = PHASE_SACRIFICE;
    c.pending = (Pending){ DK_SACRIFICE, 0, 0, 0, 0 };
    c.player[0].sacrificed_board = c.player[0].sacrificed_hand = 1;
    flow_advance(&c);
    CHECK_EQ(c.player[0].resources[BIOME_DARK], 2);
}

TEST(pack_moves_as_one_onto_a_connecting_biome_wiping_smaller_opposition)
{
    Game *g = pf_position(2, PHASE_MOVE, DK_MOVE);
    g->player[0].ability[ABILITY_GROUP] = 1;
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_push(&g->board, 1, 0, "uno_dark", 0);
    fx_push(&g->board, 0, 1, "uno_light", 0);    /* touches both */
    fx_push(&g->board, 1, 1, "uno_light", 0);
    fx_critter(g, 0, 0, 0, 0, 0);
    fx_critter(g, 0, 1, 1, 0, 0);
    fx_critter(g, 1, 0, 0, 1, 0);
    g->moves_left = 1;
    static Option o[MAX_OPTIONS];
    int n = game_options(g, o, MAX_OPTIONS), pick = -1;
    for (int i = 0; i < n; i++)
        if (o[i].verb == VERB_MOVE && o[i].pay == 1)
            pick = i;
    pf_apply(g, pick);
    CHECK(g->player[1].critters[0].place != AT_BOARD);
    int light = 0;
    for (int i = 0; i < 2; i++)
        light += board_area_biome(&g->board, &g->rules, g->player[0].critters[i].cell,
                                  g->player[0].critters[i].area) == BIOME_LIGHT;
    CHECK_EQ(light, 2);
}

TEST(herd_moves_only_onto_uncontrolled_biomes_collects_two_and_scores_a_point)
{
    Game *g = pf_position(2, PHASE_MOVE, DK_MOVE);
    pf_hold(g, 0, 1, "Herding critters");
    g->player[0].ability[ABILITY_GROUP] = 2;
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_push(&g->board, 1, 0, "uno_dark", 0);
    fx_push(&g->board, 0, 1, "uno_light", 0);
    fx_push(&g->board, 1, 1, "uno_light", 0);
    fx_critter(g, 0, 0, 0, 0, 0);
    fx_critter(g, 0, 1, 1, 0, 0);
    fx_critter(g, 1, 0, 0, 1, 0);                /* the light biome is B's: no herd move there */
    g->moves_left = 1;
    static Option o[MAX_OPTIONS];
    int n = game_options(g, o, MAX_OPTIONS), group = 0;
    for (int i = 0; i < n; i++)
        group += o[i].verb == VERB_MOVE && o[i].pay == 1;
    CHECK_EQ(group, 0);
    Scores sc;
    game_score(g, &sc);
    CHECK_EQ(sc.line[0].bonus, 1);
    Game c = *g;
    c.log = NULL;
    c.phase = PHASE_SACRIFICE;
    c.pending = (Pending){ DK_SACRIFICE, 0, 0, 0, 0 };
    c.player[0].sacrificed_board = c.player[0].sacrificed_hand = 1;
    flow_advance(&c);
    CHECK_EQ(c.player[0].resources[BIOME_DARK], 2);
}

TEST(caldera_bolt_of_erosion_erodes_a_stack_at_once)
{
    Game *g = pf_position(2, PHASE_MOVE, DK_MOVE);
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_push(&g->board, 0, 0, "uno_light", 0);
    fx_push(&g->board, 3, 0, "uno_medium", 0);
    fx_push(&g->board, 4, 0, "uno_medium", 0);
    fx_critter(g, 0, 0, 3, 0, 0);
    g->moves_left = 1;
    g->player[0].caldera_count = 1;
    g->player[0].caldera[0] = (uint8_t)pf_card(g, "Erosion");
    pf_apply(g, pf_find(g, VERB_PLAY_CARD, -1));
    REQUIRE(g->pending.kind == DK_SCRIPT);
    pf_apply(g, pf_find(g, VERB_CHOOSE, fx_cell(0, 0)));
    CHECK_EQ(g->board.cells[fx_cell(0, 0)].height, 1);
    CHECK_EQ(g->pending.kind, DK_MOVE);   /* back to the move step */
}

TEST(caldera_bolt_of_frugal_ritual_makes_this_turns_hand_sacrifice_cost_two_different)
{
    Game *g = pf_position(2, PHASE_SACRIFICE, DK_SACRIFICE);
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_critter(g, 0, 0, 0, 0, 0);
    pf_give(g, 0, 1, 1, 0);
    CHECK_EQ(pf_find(g, VERB_SACRIFICE_HAND, -1), -1);   /* 5 resources needed without it */
    g->player[0].caldera_count = 1;
    g->player[0].caldera[0] = (uint8_t)pf_card(g, "Frugal ritual");
    pf_apply(g, pf_find(g, VERB_PLAY_CARD, -1));
    int hand = pf_find(g, VERB_SACRIFICE_HAND, -1);
    REQUIRE(hand >= 0);
    pf_apply(g, hand);
    CHECK_EQ(crater_count(g, 0), 1);
    CHECK_EQ(resource_total(&g->player[0]), 0);
}

TEST(magma_bomb_is_thrown_at_most_once_per_round)
{
    Game *g = pf_position(2, PHASE_BUY, DK_TARGET);
    pf_hold(g, 1, 0, "Magma bomb");
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_push(&g->board, 5, 0, "uno_dark", 0);
    fx_push(&g->board, 5, 0, "uno_dark", 0);
    g->supply_volcanoes -= 2;
    g->volcano_held = 1;
    pf_apply(g, pf_find(g, VERB_TARGET, fx_cell(0, 0)));
    while (g->pending.kind == DK_UNLOCK)
        pf_apply(g, 0);
    REQUIRE(g->pending.kind == DK_SCRIPT && g->pending.player == 1);
    pf_apply(g, pf_find(g, VERB_CHOOSE, -1));               /* B throws */
    /* A second volcano in the same round: B is not asked again. */
    g->phase = PHASE_BUY;
    g->active = 0;
    g->queue_len = g->ask_len = 0;
    g->pending = (Pending){ DK_TARGET, 0, 0, 0, 0 };
    g->volcano_held = 1;
    pf_apply(g, pf_find(g, VERB_TARGET, fx_cell(5, 0)));
    CHECK(!(g->pending.kind == DK_SCRIPT && g->pending.player == 1 &&
            g->ask[0].tag == g->pending.aux && g->ask_len > 0 &&
            g->ask[0].tag == (uint8_t)session_tag(pf_session(), "magma_bomb_throw")));
}

TEST(burrowed_critters_emerge_at_the_end_and_score)
{
    Game *g = pf_position(2, PHASE_MOVE, DK_MOVE);
    fx_push(&g->board, 0, 0, "uno_dark", 0);
    fx_push(&g->board, 1, 0, "uno_dark", 0);
    fx_critter(g, 0, 0, 0, 0, 0);
    g->player[0].critters[0].flags = CRITTER_DORMANT;
    Scores sc;
    game_score(g, &sc);
    CHECK_EQ(sc.line[0].critters, 1);
    CHECK_EQ(sc.line[0].edges, 1);
}

TEST(caldera_deck_holds_the_cards_not_dealt_to_the_grid)
{
    Game *g = pf_position(2, PHASE_MOVE, DK_MOVE);
    char err[200];
    GameOptions o = { .players = 2, .setup_variation = 1 };
    REQUIRE(game_init(g, &g->rules, &o, 77, NULL, NULL, err, sizeof err) == 0);
    int dealt = 0;
    uint64_t seen = 0;
    for (int s = 0; s < g->rules.grid_slot_count; s++)
        if (g->grid_card[s] != 255) {
            dealt++;
            seen |= (uint64_t)1 << g->grid_card[s];
        }
    CHECK_EQ(dealt + g->caldera_size, g->rules.power_card_count);
    for (int i = 0; i < g->caldera_size; i++)
        CHECK(!((seen >> g->caldera_deck[i]) & 1));
}

TEST(caldera_stars_follow_the_designers_curve)
{
    /* RULINGS: 0, 1, 2, 3, 4 stars in the proportions 2:4:6:4:2. */
    const Rules *r = &pf_session()->rules;
    int count[5] = { 0 };
    for (int i = 0; i < r->power_card_count; i++) {
        REQUIRE(r->power_cards[i].stars <= 4);
        count[r->power_cards[i].stars]++;
    }
    static const int weight[5] = { 2, 4, 6, 4, 2 };
    for (int s = 0; s < 5; s++) {
        double expect = r->power_card_count * weight[s] / 18.0;
        CHECK(count[s] >= (int)expect - 1 && count[s] <= (int)expect + 1);
    }
}
