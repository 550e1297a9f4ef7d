/* Words for decisions and options (describe.h): every option of a decision
 * reads differently from the others, so a player choosing by its words (the
 * terminal, the window's buttons and list) can always tell them apart; tile
 * turns read as the edges each biome faces; two critters on one hex are told
 * apart by their areas; payments and biomes are named. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "describe.h"
#include "fixtures.h"
#include "harness.h"
#include "harness_game.h"

static Option opts[MAX_OPTIONS];
static char words[MAX_OPTIONS][200];

static int by_words(const void *a, const void *b)
{
    return strcmp(words[*(const int *)a], words[*(const int *)b]);
}

/* Two options of g's decision whose words are the same (one returned, the
 * other in *other), or -1. */
static int same_words(const Game *g, int *other)
{
    static int order[MAX_OPTIONS];
    int n = game_options(g, opts, MAX_OPTIONS);
    for (int i = 0; i < n; i++) {
        game_option_text(g, &opts[i], words[i], sizeof words[i]);
        order[i] = i;
    }
    qsort(order, (size_t)n, sizeof *order, by_words);
    for (int k = 1; k < n; k++)
        if (strcmp(words[order[k - 1]], words[order[k]]) == 0) {
            *other = order[k];
            return order[k - 1];
        }
    return -1;
}

TEST(describe_every_option_of_a_decision_reads_differently)
{
    static Game g;
    int decisions = 0;
    for (uint64_t seed = 1; seed <= 6; seed++) {
        REQUIRE(fx_play(&g, NULL, 2 + (int)(seed % 3), seed, seed * 77, 0) == 0);
        uint64_t pick = seed;
        for (int k = 0; k < 600 && !game_over(&g); k++) {
            int j, i = same_words(&g, &j);
            if (i >= 0) {
                th_fail(__FILE__, __LINE__, "seed %llu, %s: options %d and %d both read \"%s\"",
                        (unsigned long long)seed, decision_kind_name(g.pending.kind), i, j, words[i]);
                return;
            }
            char prompt[256];
            game_prompt_text(&g, prompt, sizeof prompt);
            CHECK(prompt[0] != 0);
            int n = game_options(&g, opts, MAX_OPTIONS);
            fx_apply(&g, (int)(fx_xorshift(&pick) % (uint64_t)n));
            decisions++;
        }
        CHECK_NO_SCRIPT_ERROR(NULL, &g, "seed %llu", (unsigned long long)seed);
    }
    CHECK(decisions > 500);
}

TEST(describe_names_a_tile_turn_by_the_edges_each_biome_faces)
{
    static Game g;
    fx_scenario(&g, "players 2\nturn A place duo_dark_light\ntile 0 0 uno_dark\ntile 1 0 uno_medium\n"
                    "critter A 0 0 dark\n");
    /* Stacked on (1,0) its W edge must face (0,0)'s dark: turned 3, dark faces W, NW, NE. */
    int i = fx_find(&g, VERB_TILE, fx_cell(1, 0), 3, -1);
    REQUIRE(i >= 0);
    CHECK_EQ(fx_find(&g, VERB_TILE, fx_cell(1, 0), 0, -1), -1);
    game_options(&g, opts, MAX_OPTIONS);
    char text[200];
    game_option_text(&g, &opts[i], text, sizeof text);
    CHECK_STR_CONTAINS(text, "place the dark/light Duo at (1,0): light E-SE-SW, dark W-NW-NE");
    game_prompt_text(&g, text, sizeof text);
    CHECK_STR_CONTAINS(text, "Place the dark/light Duo you bought");
}

TEST(describe_tells_two_critters_on_one_hex_apart_by_their_areas)
{
    static Game g;
    fx_scenario(&g, "players 2\nturn A move\ntile 0 0 duo_dark_light\ntile 1 0 uno_dark\ntile -1 0 uno_light\n"
                    "critter A 0 0 dark\ncritter B 0 0 light\n");
    int n = game_options(&g, opts, MAX_OPTIONS), moves = 0;
    for (int i = 0; i < n; i++) {
        char text[200];
        game_option_text(&g, &opts[i], text, sizeof text);
        if (opts[i].verb == VERB_MOVE) {
            CHECK_STR_CONTAINS(text, "move your critter from the dark area at (0,0) to the ");
            moves++;
        }
    }
    CHECK(moves > 0);
    int other;
    CHECK_EQ(same_words(&g, &other), -1);
}

TEST(describe_names_payments_and_biomes)
{
    static Game g;
    fx_scenario(&g, "players 2\nturn A buy\ntile 0 0 uno_dark\ntile 1 0 uno_light\ntile -1 0 uno_medium\n"
                    "critter A 0 0 dark\nresources A dark 2 light 1\n");
    int i = fx_find_pay(&g, VERB_BUY, fx_type("trio_dml"), 1, 0, 1);
    REQUIRE(i >= 0);
    game_options(&g, opts, MAX_OPTIONS);
    char text[200];
    game_option_text(&g, &opts[i], text, sizeof text);
    CHECK_STR_CONTAINS(text, "buy a dark-medium-light Trio paying 1 dark + 1 light");
}
