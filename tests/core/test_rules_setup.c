/* Rulebook, "Set-up" steps 3, 4, 6, 7 and 8: starting islands (Uno, then a
 * connecting Duo, then a connecting Trio) with set-up variations 1 and 2, a
 * starting critter after each tile, the first player drawn from the seed, first
 * resources and the bonus picks of player two onwards, for 2 to 5 players.
 *
 * These tests start real games (game_init, no scripts) and play the set-up
 * decisions through game_apply, checking the invariants after every apply. */
#include <stdio.h>
#include <string.h>

#include "core_internal.h"
#include "fixtures.h"
#include "harness.h"
#include "invariants.h"

#define C(q, r) fx_cell(q, r)

static Option opts[MAX_OPTIONS];

static void start(Game *g, int players, int variation, uint64_t seed)
{
    GameOptions o;
    memset(&o, 0, sizeof o);
    o.players = (uint8_t)players;
    o.setup_variation = (uint8_t)variation;
    if (players >= 3)
        strcpy(o.variant, "symbiosis");
    char err[200];
    int rc = game_init(g, fx_rules(), &o, seed, NULL, NULL, err, sizeof err);
    if (rc != 0)
        th_fail(__FILE__, __LINE__, "game_init: %s", err);
    REQUIRE(rc == 0);
}

/* Applies option `index` and checks the invariants. */
static void apply_checked(Game *g, int index)
{
    fx_apply(g, index);
    char why[200];
    if (invariants_check(g, why, sizeof why) != 0)
        th_fail(__FILE__, __LINE__, "invariant broken after %s: %s",
                decision_kind_name(g->pending.kind), why);
}

/* A small deterministic choice among `n` options. */
static int pick(uint32_t *state, int n)
{
    *state = *state * 1664525u + 1013904223u;
    return (int)((*state >> 8) % (uint32_t)n);
}

/* Plays the tile and critter decisions of the set-up, choosing by `state`
 * (always option 0 when state is NULL), and stops at the first bonus pick or
 * at the first turn. */
static void play_islands(Game *g, uint32_t *state)
{
    while (g->phase == PHASE_SETUP &&
           (g->pending.kind == DK_SETUP_TILE || g->pending.kind == DK_SETUP_CRITTER)) {
        int n = game_options(g, opts, MAX_OPTIONS);
        REQUIRE(n > 0);
        apply_checked(g, state ? pick(state, n) : 0);
    }
}

/* Plays option 0 of the set-up decisions until seat `player`'s Uno is due. */
static void play_islands_until(Game *g, int player)
{
    while (g->pending.kind == DK_SETUP_TILE || g->pending.kind == DK_SETUP_CRITTER) {
        if (g->pending.kind == DK_SETUP_TILE && g->setup_step == player * 6)
            return;
        apply_checked(g, 0);
    }
}

/* Plays the whole set-up, bonus picks included. */
static void play_setup(Game *g, uint32_t *state)
{
    play_islands(g, state);
    while (g->phase == PHASE_SETUP) {
        int n = game_options(g, opts, MAX_OPTIONS);
        REQUIRE(n > 0);
        apply_checked(g, state ? pick(state, n) : 0);
    }
}

static bool own_cell(const Game *g, int player, int cell)
{
    for (int s = 0; s < 3; s++)
        if (g->setup_cells[player][s] == cell)
            return true;
    return false;
}

/* Distance from `cell` to the nearest starting tile of another player among
 * the first `upto` seats. */
static int nearest_other(const Game *g, int player, int cell, int upto)
{
    int best = 1000;
    for (int p = 0; p < upto; p++)
        if (p != player)
            for (int s = 0; s < 3; s++) {
                int d = hex_distance(board_hex(cell), board_hex(g->setup_cells[p][s]));
                if (d < best)
                    best = d;
            }
    return best;
}

/* Distinct biome types `player` controls. */
static int biome_types_controlled(const Game *g, int player)
{
    View v;
    game_view(g, &v);
    int seen[BIOME_COUNT] = { 0 }, n = 0;
    for (int r = 0; r < v.rg.count; r++)
        if ((v.players_in[r] & (1 << player)) && !seen[v.rg.biome[r]]) {
            seen[v.rg.biome[r]] = 1;
            n++;
        }
    return n;
}

/* ---- starting islands ---- */

TEST(rule_setup_uno_then_a_connecting_duo_then_a_connecting_trio_each_followed_by_a_critter)
{
    static Game g;
    start(&g, 2, 1, 7);
    static const int want[3] = { TILE_UNO, TILE_DUO, TILE_TRIO };
    for (int p = 0; p < 2; p++)
        for (int stage = 0; stage < 3; stage++) {
            REQUIRE(g.pending.kind == DK_SETUP_TILE);
            CHECK_EQ(g.pending.player, p);
            int n = game_options(&g, opts, MAX_OPTIONS), bad = 0;
            REQUIRE(n > 0);
            for (int i = 0; i < n; i++) {
                const Option *o = &opts[i];
                bad += o->verb != VERB_TILE || g.rules.tile_types[o->subject].tile_class != want[stage];
                if (p == 0 && stage == 0)
                    bad += o->cell != C(0, 0);   /* the first island starts at the origin */
                if (stage > 0) {                 /* touches its own island and matches an edge */
                    bool touches = false;
                    for (int d = 0; d < HEX_DIRS; d++) {
                        int nb = board_neighbour(o->cell, d);
                        touches |= nb >= 0 && own_cell(&g, p, nb) && board_is_land(&g.board, nb);
                    }
                    bad += !touches || !board_edges_connect(&g.board, &g.rules, o->cell, o->subject, o->sub);
                }
            }
            CHECK_EQ(bad, 0);
            apply_checked(&g, n / 2);
            int tile_cell = g.setup_cells[p][stage];
            REQUIRE(g.pending.kind == DK_SETUP_CRITTER);
            CHECK_EQ(g.pending.player, p);
            n = game_options(&g, opts, MAX_OPTIONS);
            REQUIRE(n > 0);
            for (int i = 0; i < n; i++)   /* a critter goes on the tile just placed */
                CHECK(opts[i].verb == VERB_CRITTER && opts[i].cell == tile_cell);
            int before = game_land_critters(&g, p);
            apply_checked(&g, 0);
            CHECK_EQ(game_land_critters(&g, p), before + 1);
        }
    for (int p = 0; p < 2; p++) {
        CHECK_EQ(game_land_critters(&g, p), 3);
        CHECK_EQ(game_hand_count(&g, p), g.rules.critters_per_player - 3);
    }
    CHECK_EQ(g.board.land_count, 6);
}

TEST(rule_setup_critters_go_on_the_uno_then_an_uncontrolled_duo_area_then_an_uncontrolled_trio_area)
{
    static Game g;
    start(&g, 2, 1, 3);
    /* A: dark Uno at (0,0); a dark/light Duo east of it, dark side west;
     * a Trio east of that, light side west, its dark side touching nothing. */
    fx_do(&g, VERB_TILE, C(0, 0), 0, fx_type("uno_dark"));
    CHECK_EQ(fx_count(&g, VERB_CRITTER), 1);
    fx_do(&g, VERB_CRITTER, C(0, 0), 0, -1);
    fx_do(&g, VERB_TILE, C(1, 0), 3, fx_type("duo_dark_light"));
    /* The Duo's dark area joins A's biome: only the opposite (light) area is free. */
    CHECK_EQ(fx_count(&g, VERB_CRITTER), 1);
    CHECK(fx_find(&g, VERB_CRITTER, C(1, 0), fx_area(&g, 1, 0, "light"), -1) >= 0);
    fx_do(&g, VERB_CRITTER, C(1, 0), fx_area(&g, 1, 0, "light"), -1);
    fx_do(&g, VERB_TILE, C(2, 0), 4, fx_type("trio_dml"));
    /* Light joins the Duo's light; dark and medium are unconnected, either may be taken. */
    CHECK_EQ(fx_count(&g, VERB_CRITTER), 2);
    CHECK(fx_find(&g, VERB_CRITTER, C(2, 0), fx_area(&g, 2, 0, "dark"), -1) >= 0);
    CHECK(fx_find(&g, VERB_CRITTER, C(2, 0), fx_area(&g, 2, 0, "medium"), -1) >= 0);
    CHECK_EQ(fx_find(&g, VERB_CRITTER, C(2, 0), fx_area(&g, 2, 0, "light"), -1), -1);
    fx_do(&g, VERB_CRITTER, C(2, 0), fx_area(&g, 2, 0, "dark"), -1);
    CHECK(fx_critter_on(&g, 0, 0, "dark") >= 0);
    CHECK(fx_critter_on(&g, 1, 0, "light") >= 0);
    CHECK(fx_critter_on(&g, 2, 0, "dark") >= 0);
    CHECK_EQ(g.pending.kind, DK_SETUP_TILE);
    CHECK_EQ(g.pending.player, 1);
}

TEST(rule_setup_variation_1_keeps_two_hexes_of_ocean_between_islands)
{
    for (int players = 2; players <= 5; players++)
        for (uint32_t seed = 1; seed <= 3; seed++) {
            static Game g;
            start(&g, players, 1, seed);
            uint32_t state = seed * 97 + (uint32_t)players;
            play_islands(&g, &state);
            CHECK_EQ(g.board.land_count, 3 * players);
            for (int p = 0; p < players; p++) {
                for (int s = 0; s < 3; s++)
                    CHECK(nearest_other(&g, p, g.setup_cells[p][s], players) >= 3);
                if (p > 0)   /* each later island starts exactly two hexes of ocean from those before */
                    CHECK_EQ(nearest_other(&g, p, g.setup_cells[p][0], p), 3);
            }
        }
}

/* Land cells reachable from (0,0) through neighbouring land. */
static int land_reached(const Game *g)
{
    static int stack[BOARD_CELLS];
    static uint8_t seen[BOARD_CELLS];
    memset(seen, 0, sizeof seen);
    int n = 0, top = 0;
    stack[top++] = C(0, 0);
    seen[C(0, 0)] = 1;
    while (top > 0) {
        int cell = stack[--top];
        n++;
        for (int d = 0; d < HEX_DIRS; d++) {
            int nb = board_neighbour(cell, d);
            if (nb >= 0 && !seen[nb] && board_is_land(&g->board, nb)) {
                seen[nb] = 1;
                stack[top++] = nb;
            }
        }
    }
    return n;
}

TEST(rule_setup_variation_2_joins_the_islands)
{
    for (int players = 2; players <= 5; players++) {
        static Game g;
        start(&g, players, 2, (uint64_t)players);
        uint32_t state = 11u * (uint32_t)players;
        for (int p = 0; p < players; p++) {
            play_islands_until(&g, p);
            REQUIRE(g.pending.kind == DK_SETUP_TILE && g.pending.player == p);
            if (p > 0) {   /* a later Uno touches the land already there and matches an edge */
                int n = game_options(&g, opts, MAX_OPTIONS), bad = 0;
                REQUIRE(n > 0);
                for (int i = 0; i < n; i++)
                    bad += !board_edges_connect(&g.board, &g.rules, opts[i].cell, opts[i].subject, opts[i].sub);
                CHECK_EQ(bad, 0);
            }
            apply_checked(&g, pick(&state, game_options(&g, opts, MAX_OPTIONS)));
        }
        play_islands(&g, &state);
        CHECK_EQ(g.board.land_count, 3 * players);
        CHECK_EQ(land_reached(&g), 3 * players);   /* one land mass */
    }
}

/* ---- first player ---- */

TEST(rule_setup_first_player_is_drawn_from_the_seed)
{
    static Game a, b;
    start(&a, 3, 1, 4242);
    start(&b, 3, 1, 4242);
    play_islands(&a, NULL);
    play_islands(&b, NULL);
    CHECK_EQ(a.first_player, b.first_player);   /* same seed, same first player */
    CHECK_EQ(a.active, a.first_player);

    for (int players = 2; players <= 5; players++) {
        int firsts = 0;
        for (uint64_t seed = 1; seed <= 40 && firsts != (1 << players) - 1; seed++) {
            start(&a, players, 1, seed);
            play_islands(&a, NULL);
            REQUIRE(a.first_player < players);
            firsts |= 1 << a.first_player;
        }
        CHECK_EQ(firsts, (1 << players) - 1);   /* every seat gets to be first */
    }
}

/* ---- first resources and bonus picks ---- */

TEST(rule_setup_first_resources_are_one_per_distinct_biome_type_controlled)
{
    static Game g;
    start(&g, 2, 1, 3);
    /* A controls two dark biomes and a light one: two types, two resources. */
    fx_do(&g, VERB_TILE, C(0, 0), 0, fx_type("uno_dark"));
    fx_do(&g, VERB_CRITTER, C(0, 0), 0, -1);
    fx_do(&g, VERB_TILE, C(1, 0), 3, fx_type("duo_dark_light"));
    fx_do(&g, VERB_CRITTER, C(1, 0), fx_area(&g, 1, 0, "light"), -1);
    fx_do(&g, VERB_TILE, C(2, 0), 4, fx_type("trio_dml"));
    fx_do(&g, VERB_CRITTER, C(2, 0), fx_area(&g, 2, 0, "dark"), -1);
    play_islands(&g, NULL);
    REQUIRE(g.pending.kind == DK_BONUS);   /* first resources in, no bonus yet */
    const uint8_t *ra = g.player[0].resources;
    CHECK_EQ(ra[biome_by_name("dark")], 1);
    CHECK_EQ(ra[biome_by_name("light")], 1);
    CHECK_EQ(ra[biome_by_name("medium")], 0);
    const uint8_t *rb = g.player[1].resources;
    CHECK_EQ(rb[0] + rb[1] + rb[2], biome_types_controlled(&g, 1));
    for (int b = 0; b < BIOME_COUNT; b++)
        CHECK(rb[b] <= 1);
}

TEST(rule_setup_player_two_onwards_pick_two_bonus_resources_one_decision_per_token)
{
    for (int players = 2; players <= 5; players++) {
        static Game g;
        start(&g, players, 1, 100 + (uint64_t)players);
        play_islands(&g, NULL);
        int first = g.first_player;
        uint8_t before[MAX_PLAYERS][BIOME_COUNT];
        for (int p = 0; p < players; p++) {
            CHECK_EQ(player_resource_total(&g.player[p]), biome_types_controlled(&g, p));
            memcpy(before[p], g.player[p].resources, BIOME_COUNT);
        }
        int picks = 0, bonus = g.rules.later_player_bonus;
        CHECK_EQ(bonus, 2);
        while (g.pending.kind == DK_BONUS) {
            int want = (first + 1 + picks / bonus) % players;
            CHECK_EQ(g.pending.player, want);
            CHECK(g.pending.player != first);
            CHECK_EQ(fx_count(&g, VERB_RESOURCE), BIOME_COUNT);   /* any type */
            CHECK_EQ(game_options(&g, opts, MAX_OPTIONS), BIOME_COUNT);
            fx_do(&g, VERB_RESOURCE, -1, picks % BIOME_COUNT, -1);
            picks++;
        }
        CHECK_EQ(picks, bonus * (players - 1));
        for (int p = 0; p < players; p++) {
            int gained = 0;
            for (int b = 0; b < BIOME_COUNT; b++)
                gained += g.player[p].resources[b] - before[p][b];
            CHECK_EQ(gained, p == first ? 0 : bonus);
        }
        /* Then the first player's first turn begins. */
        CHECK(g.phase != PHASE_SETUP);
        CHECK_EQ(g.active, first);
        CHECK_EQ(g.turn, 1);
        CHECK_EQ(g.pending.player, first);
    }
}

/* ---- player counts ---- */

TEST(rule_setup_for_two_to_five_players)
{
    GameOptions o;
    memset(&o, 0, sizeof o);
    o.setup_variation = 1;
    char err[200];
    static Game g;
    o.players = 1;
    CHECK_EQ(game_init(&g, fx_rules(), &o, 1, NULL, NULL, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "players");
    o.players = 6;
    CHECK_EQ(game_init(&g, fx_rules(), &o, 1, NULL, NULL, err, sizeof err), -1);
    for (int players = 2; players <= 5; players++)
        for (int variation = 1; variation <= 2; variation++) {
            start(&g, players, variation, 9);
            uint32_t state = (uint32_t)(players * 10 + variation);
            play_islands(&g, &state);
            REQUIRE(g.pending.kind == DK_BONUS);
            CHECK_EQ(g.board.land_count, 3 * players);
            for (int p = 0; p < players; p++) {
                if (variation == 1)   /* separate islands always leave room for three critters */
                    CHECK_EQ(game_land_critters(&g, p), 3);
                CHECK_EQ(game_land_critters(&g, p) + game_hand_count(&g, p), g.rules.critters_per_player);
                CHECK_EQ(game_crater_count(&g, p), 0);
            }
            play_setup(&g, &state);
            CHECK(g.phase != PHASE_SETUP);
            CHECK_EQ(g.turn, 1);
            CHECK_EQ(g.active, g.first_player);
        }
}

TEST(rule_setup_variation_2_every_player_places_a_critter_on_their_uno)
{
    /* "Place one critter on the Uno tile": a joined Uno must still take one.
     * Each later Uno option is tried on a copy of the game. */
    int tried = 0, lost = 0;
    char first[160] = "";
    for (int players = 2; players <= 5; players++) {
        static Game g, copy;
        start(&g, players, 2, (uint64_t)players);
        for (int p = 1; p < players; p++) {
            play_islands_until(&g, p);
            REQUIRE(g.pending.kind == DK_SETUP_TILE);
            int n = game_options(&g, opts, MAX_OPTIONS);
            for (int i = 0; i < n; i++) {
                copy = g;
                copy.log = NULL;
                char err[200];
                REQUIRE(game_apply(&copy, i, err, sizeof err) == 0);
                tried++;
                if (copy.pending.kind == DK_SETUP_CRITTER && copy.pending.player == p)
                    continue;
                if (!lost++) {
                    Hex h = board_hex(opts[i].cell);
                    snprintf(first, sizeof first, "%d players: player %c's %s at (%d,%d) rot %d",
                             players, 'A' + p, g.rules.tile_types[opts[i].subject].name, h.q, h.r, opts[i].sub);
                }
            }
            apply_checked(&g, 0);
        }
    }
    if (lost)
        th_fail(__FILE__, __LINE__, "%d of %d later Uno options leave no area for the Uno's critter "
                "(first: %s joins a controlled biome)", lost, tried, first);
}

/* A power held from the start (a scenario's "hold", --hold) belongs to its
 * holder alone (the rulebook has one card of each power): it is dealt neither
 * to the power grid nor to the Caldera deck, and the rest of the deal is the
 * one the same seed gives without it (its slot stays empty). */
TEST(held_power_is_neither_on_the_grid_nor_in_the_caldera_deck)
{
    const Rules *r = fx_rules();
    REQUIRE(r->power_card_count > 0);
    int checked = 0;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        static Game plain, held;
        start(&plain, 3, 1, seed);
        int card = (int)(seed % (uint64_t)r->power_card_count);
        GameOptions o = plain.options;
        o.hold[1] = (uint64_t)1 << card;
        char err[200];
        REQUIRE(game_init(&held, r, &o, seed, NULL, NULL, err, sizeof err) == 0);
        for (int s = 0; s < r->grid_slot_count; s++) {
            CHECK(held.grid_card[s] != card);
            CHECK(held.grid_card[s] == (plain.grid_card[s] == card ? 255 : plain.grid_card[s]));
            checked += plain.grid_card[s] == card;
        }
        int k = 0;
        for (int i = 0; i < plain.caldera_size; i++) {
            if (plain.caldera_deck[i] == card) {
                checked++;
                continue;
            }
            CHECK(k < held.caldera_size && held.caldera_deck[k] == plain.caldera_deck[i]);
            k++;
        }
        CHECK_EQ(held.caldera_size, k);
    }
    CHECK_EQ(checked, 40);   /* every seed's held card was dealt somewhere without the hold */
}
