/* game_hash and rules_hash: equal for equal states however reached, blind to
 * what is not state, sensitive to every field that is (every byte of the
 * Game: test_hash_bytes.c). */
#include <stdlib.h>
#include <string.h>

#include "fixtures.h"
#include "game.h"
#include "harness.h"
#include "save.h"

TEST(hash_equal_for_identical_action_sequences)
{
    Game *a = calloc(1, sizeof *a), *b = calloc(1, sizeof *b);
    REQUIRE(a && b);
    for (uint64_t seed = 1; seed <= 3; seed++) {
        REQUIRE(fx_play(a, NULL, 2 + (int)seed % 3, seed, seed + 100, 150) >= 0);
        REQUIRE(fx_play(b, NULL, 2 + (int)seed % 3, seed, seed + 100, 150) >= 0);
        CHECK(game_hash(a) == game_hash(b));
    }
    free(a);
    free(b);
}

TEST(hash_equal_at_every_step_of_two_independent_games)
{
    Game *a = calloc(1, sizeof *a), *b = calloc(1, sizeof *b);
    REQUIRE(a && b);
    for (int steps = 0; steps < 60; steps += 7) {
        REQUIRE(fx_play(a, NULL, 3, 42, 7, steps) >= 0);
        REQUIRE(fx_play(b, NULL, 3, 42, 7, steps) >= 0);
        CHECK(game_hash(a) == game_hash(b));
    }
    free(a);
    free(b);
}

TEST(hash_differs_after_one_more_action)
{
    Game *a = calloc(1, sizeof *a), *b = calloc(1, sizeof *b);
    REQUIRE(a && b);
    int n = fx_play(a, NULL, 2, 9, 9, 80);
    REQUIRE(n == 80);
    REQUIRE(fx_play(b, NULL, 2, 9, 9, 81) == 81);
    CHECK(game_hash(a) != game_hash(b));
    free(a);
    free(b);
}

TEST(hash_differs_for_different_seeds)
{
    Game *a = calloc(1, sizeof *a), *b = calloc(1, sizeof *b);
    REQUIRE(a && b);
    REQUIRE(fx_play(a, NULL, 2, 1, 5, 0) == 0);
    REQUIRE(fx_play(b, NULL, 2, 2, 5, 0) == 0);
    CHECK(game_hash(a) != game_hash(b));
    free(a);
    free(b);
}

TEST(hash_ignores_log_hooks_and_stale_entries)
{
    Game *a = calloc(1, sizeof *a), *b = calloc(1, sizeof *b);
    REQUIRE(a && b);
    ActionLog log = { 0 };
    REQUIRE(fx_play(a, &log, 3, 77, 3, 120) == 120);
    uint64_t h = game_hash(a);
    *b = *a;
    b->log = NULL;
    b->hooks_ud = &log;
    CHECK(game_hash(b) == h);
    /* Pool entries past tile_count, deck entries past caldera_size, lava past
     * lava_count, queue items past queue_len and the board's land order are
     * not state. */
    for (int i = b->board.tile_count; i < MAX_BOARD_TILES; i++)
        b->board.tiles[i] = (PlacedTile){ 3, 2, 1 };
    for (int i = b->caldera_size; i < MAX_POWER_CARDS; i++)
        b->caldera_deck[i] = 17;
    for (int i = b->lava_count; i < MAX_LAVA; i++)
        b->lava[i] = (Lava){ 5, 1, 0 };
    for (int i = b->queue_len; i < MAX_QUEUE; i++)
        b->queue[i].subject = 99;
    for (int i = 0; i < MAX_LAVA; i++)
        b->lava[i].unused = 7;
    CHECK(game_hash(b) == h);
    if (b->board.land_count >= 2 && b->queue_len == 0) {
        Board *bd = &b->board;
        uint16_t c0 = bd->land[0], c1 = bd->land[1];
        bd->land[0] = c1;
        bd->land[1] = c0;
        bd->land_index[c0] = 1;
        bd->land_index[c1] = 0;
        CHECK(game_hash(b) == h);
    }
    action_log_free(&log);
    free(a);
    free(b);
}

TEST(hash_of_queue_reach_ignores_land_order)
{
    Game *a = calloc(1, sizeof *a), *b = calloc(1, sizeof *b);
    REQUIRE(a && b);
    REQUIRE(fx_play(a, NULL, 2, 11, 2, 30) == 30);
    REQUIRE(a->board.land_count >= 2);
    QueueItem q = { 0 };
    q.kind = DK_MIGRATE;
    q.reach[0] = 1; /* land index 0 */
    a->queue[a->queue_len++] = q;
    *b = *a;
    Board *bd = &b->board;
    uint16_t c0 = bd->land[0], c1 = bd->land[1];
    bd->land[0] = c1;
    bd->land[1] = c0;
    bd->land_index[c0] = 1;
    bd->land_index[c1] = 0;
    /* Same cells, other indices: the reach must follow the cell. */
    CHECK(game_hash(b) != game_hash(a));
    b->queue[b->queue_len - 1].reach[0] = 2;
    CHECK(game_hash(b) == game_hash(a));
    free(a);
    free(b);
}

TEST(rules_hash_sees_every_rule_and_ignores_unused_entries)
{
    const Rules *base = fx_rules();
    REQUIRE(base);
    Rules *r = malloc(sizeof *r);
    REQUIRE(r);
    uint64_t h = rules_hash(base);
    *r = *base;
    CHECK(rules_hash(r) == h);
    r->tile_types[MAX_TILE_TYPES - 1].name[0] ^= 1;
    r->power_cards[MAX_POWER_CARDS - 1].stars ^= 1;
    r->grid[MAX_GRID_SLOTS - 1].level ^= 1;
    if (base->tile_type_count < MAX_TILE_TYPES && base->power_card_count < MAX_POWER_CARDS &&
        base->grid_slot_count < MAX_GRID_SLOTS)
        CHECK(rules_hash(r) == h);
#define RCHANGED(...)                                                        \
    do {                                                                     \
        *r = *base;                                                          \
        __VA_ARGS__;                                                         \
        if (rules_hash(r) == h)                                              \
            th_fail(__FILE__, __LINE__, "rules hash blind to: %s", #__VA_ARGS__); \
    } while (0)
    RCHANGED(r->critters_per_player++);
    RCHANGED(r->resource_cap++);
    RCHANGED(r->share_percent[2]++);
    RCHANGED(r->soil_cooling ^= 1);
    RCHANGED(r->cliffs_block_biomes ^= 1);
    RCHANGED(r->cost_point.each++);
    RCHANGED(r->cost_evacuation.any++);
    RCHANGED(r->island_max_distance++);
    RCHANGED(r->modes[MODE_FINALE].sacrifices_per_turn++);
    RCHANGED(r->tile_types[0].name[0] ^= 1);
    RCHANGED(r->tile_types[r->tile_type_count - 1].edge_biome[5] ^= 1);
    RCHANGED(r->tile_type_count--);
    RCHANGED(r->grid[0].column++);
    RCHANGED(r->power_cards[0].middle_only ^= 1);
    RCHANGED(r->power_cards[r->power_card_count - 1].name[1] ^= 1);
#undef RCHANGED
    free(r);
}
