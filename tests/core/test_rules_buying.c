/* Rulebook, "Buying tiles", "Insufficient resources", "Buying additional
 * tiles" and "The Caldera": what must, may and cannot be bought, and how. */
#include "core_internal.h"
#include "fixtures.h"
#include "harness.h"

#define C(q, r) fx_cell(q, r)

TEST(rule_buying_a_tile_is_compulsory_when_one_is_affordable_and_placeable)
{
    static Game g;
    fx_scenario(&g,
                "tile 0 0 uno_dark\n"
                "tile 1 0 uno_dark\n"
                "resources A dark 2\n"
                "turn A buy\n");
    CHECK_EQ(fx_find(&g, VERB_PASS, -1, -1, -1), -1);
    CHECK(fx_find(&g, VERB_BUY, -1, -1, fx_type("trio_dml")) >= 0);
}

TEST(rule_payment_any_or_alike)
{
    static Game g;
    fx_scenario(&g,
                "tile 0 0 uno_dark\n"
                "tile 1 0 uno_dark\n"
                "resources A dark 2 medium 1\n"
                "turn A buy\n");
    int duo = fx_type("duo_dark_medium");
    CHECK(fx_find_pay(&g, VERB_BUY, duo, 2, 1, 0) >= 0);   /* 3 any */
    CHECK(fx_find_pay(&g, VERB_BUY, duo, 2, 0, 0) >= 0);   /* 2 alike */
    CHECK_EQ(fx_find_pay(&g, VERB_BUY, duo, 1, 1, 0), -1); /* 2 not alike */
    CHECK_EQ(fx_find(&g, VERB_BUY, -1, -1, fx_type("uno_dark")), -1);   /* Uno: 4 any or 3 alike */
    CHECK(fx_find_pay(&g, VERB_BUY, fx_type("trio_dml"), 1, 1, 0) >= 0); /* Trio: 2 any */
    fx_apply(&g, fx_find_pay(&g, VERB_BUY, duo, 2, 0, 0));
    CHECK_EQ(g.pending.kind, DK_PLACE);
    CHECK_EQ(g.player[0].resources[BIOME_DARK], 0);
    CHECK_EQ(g.player[0].resources[BIOME_MEDIUM], 1);
    CHECK_EQ(g.supply_resources[BIOME_DARK], g.rules.resources_per_type);
}

TEST(rule_cannot_buy_a_tile_that_cannot_connect)
{
    static Game g;
    /* Only light land: a dark Uno can match no edge anywhere. */
    fx_scenario(&g,
                "tile 0 0 uno_light\n"
                "tile 1 0 uno_light\n"
                "resources A dark 3\n"
                "turn A buy\n");
    CHECK_EQ(fx_find(&g, VERB_BUY, -1, -1, fx_type("uno_dark")), -1);
    CHECK(fx_find(&g, VERB_BUY, -1, -1, fx_type("duo_dark_light")) >= 0);
}

/* Rulebook, Insufficient resources, and RULINGS, Small rulings: the forced
 * sacrifice forfeits the buy and stack step and the claim step with it; a
 * board sacrifice and collection remain. */
TEST(rule_cannot_afford_a_tile_sacrifices_from_hand_and_forfeits_buy_and_claim)
{
    static Game g;
    fx_scenario(&g,
                "tile 0 0 uno_dark\n"
                "tile 2 0 uno_light\n"
                "critter A 0 0 dark\n"
                "resources A dark 1\n"
                "turn A move\n");
    fx_do(&g, VERB_PASS, -1, -1, -1);
    CHECK_EQ(game_crater_count(&g, 0), 1);
    CHECK_EQ(g.phase, PHASE_SACRIFICE);          /* buy and claim forfeited: (2,0) stays unclaimed */
    CHECK_EQ(fx_count(&g, VERB_CRITTER), 0);
    CHECK_EQ(fx_count(&g, VERB_SACRIFICE), 1);   /* a board sacrifice is still allowed */
}

TEST(rule_forced_sacrifice_with_a_full_crater_sacrifices_nothing)
{
    static Game g;
    fx_scenario(&g,
                "tile 0 0 uno_dark\n"
                "critter A 0 0 dark\n"
                "crater A 3\n"
                "turn A move\n");
    int hand = game_hand_count(&g, 0);
    fx_do(&g, VERB_PASS, -1, -1, -1);
    CHECK_EQ(game_crater_count(&g, 0), 3);
    CHECK_EQ(game_hand_count(&g, 0), hand);
}

TEST(rule_a_second_tile_after_playing_onto_volcanic_soil)
{
    static Game g;
    fx_scenario(&g,
                "tile 0 0 uno_dark\n"
                "tile 1 0 soil\n"
                "resources A dark 4\n"
                "turn A buy\n");
    int trio = fx_type("trio_dml");
    fx_apply(&g, fx_find_pay(&g, VERB_BUY, trio, 2, 0, 0));
    fx_do(&g, VERB_TILE, C(1, 0), -1, trio);
    REQUIRE(g.pending.kind == DK_BUY);
    CHECK(fx_find(&g, VERB_BUY, -1, -1, trio) >= 0);
    fx_apply(&g, fx_find_pay(&g, VERB_BUY, trio, 2, 0, 0));
    fx_do(&g, VERB_TILE, -1, -1, trio);
    CHECK(g.phase != PHASE_BUY);   /* the second went onto land: no third */
}

TEST(rule_no_second_tile_after_playing_onto_land)
{
    static Game g;
    fx_scenario(&g,
                "tile 0 0 uno_dark\n"
                "tile 1 0 uno_dark\n"
                "resources A dark 4\n"
                "turn A buy\n");
    int trio = fx_type("trio_dml");
    fx_apply(&g, fx_find_pay(&g, VERB_BUY, trio, 2, 0, 0));
    fx_do(&g, VERB_TILE, C(1, 0), -1, trio);
    CHECK(g.phase != PHASE_BUY);
    CHECK_EQ(g.player[0].resources[BIOME_DARK], 2);
}

TEST(rule_caldera_card_costs_one_of_each_once_per_turn)
{
    static Game g;
    fx_scenario(&g,
                "tile 0 0 uno_dark\n"
                "critter A 0 0 dark\n"
                "resources A dark 2 medium 2 light 1\n"   /* no tile affordable first */
                "turn A buy\n");
    int deck = g.caldera_size;
    REQUIRE(deck > 0);
    int i = fx_find(&g, VERB_BUY, -1, -1, BUY_CALDERA);
    REQUIRE(i >= 0);
    CHECK_EQ(fx_find_pay(&g, VERB_BUY, BUY_CALDERA, 1, 1, 1), i);
    fx_apply(&g, i);
    CHECK_EQ(g.player[0].caldera_count, 1);
    CHECK_EQ(g.caldera_size, deck - 1);
    CHECK_EQ(player_resource_total(&g.player[0]), 2);
    CHECK_EQ(fx_find(&g, VERB_BUY, -1, -1, BUY_CALDERA), -1);   /* once per turn */
}

TEST(rule_caldera_card_needs_every_resource_type_and_a_card)
{
    static Game g;
    fx_scenario(&g,
                "tile 0 0 uno_dark\n"
                "resources A dark 3 medium 3\n"
                "turn A buy\n");
    CHECK_EQ(fx_find(&g, VERB_BUY, -1, -1, BUY_CALDERA), -1);
    fx_scenario(&g,
                "tile 0 0 uno_dark\n"
                "resources A dark 1 medium 1 light 1\n"
                "caldera_deck\n"
                "turn A buy\n");
    CHECK_EQ(fx_find(&g, VERB_BUY, -1, -1, BUY_CALDERA), -1);
}

/* Buying a tile is compulsory when one is affordable and placeable, and a
 * player who cannot afford one sacrifices from hand: a Caldera card bought
 * first could spend the tile's price and skip both. So while the first tile is
 * compulsory the card is offered only after it (ruling, docs/rules.md). */
TEST(rule_caldera_card_cannot_be_bought_before_a_compulsory_tile)
{
    static Game g;
    fx_scenario(&g,
                "tile 0 0 uno_dark\n"
                "tile 1 0 uno_dark\n"
                "critter A 0 0 dark\n"
                "resources A dark 1 medium 1 light 1\n"
                "turn A buy\n");
    REQUIRE(g.caldera_size > 0);
    CHECK_EQ(fx_find(&g, VERB_PASS, -1, -1, -1), -1);
    CHECK_EQ(fx_find(&g, VERB_BUY, -1, -1, BUY_CALDERA), -1);
    fx_scenario(&g,
                "tile 0 0 uno_dark\n"
                "tile 1 0 uno_dark\n"
                "critter A 0 0 dark\n"
                "resources A dark 3 medium 1 light 1\n"
                "turn A buy\n");
    int trio = fx_type("trio_dml");
    fx_apply(&g, fx_find_pay(&g, VERB_BUY, trio, 2, 0, 0));
    fx_do(&g, VERB_TILE, C(1, 0), -1, trio);
    CHECK_EQ(g.phase, PHASE_BUY);
    CHECK(fx_find_pay(&g, VERB_BUY, BUY_CALDERA, 1, 1, 1) >= 0);   /* the tile is bought: now it may */
}
