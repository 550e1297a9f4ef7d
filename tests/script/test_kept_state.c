/* Every rules script and every shipped mod keeps what outlives a handler call
 * in game.state: the base rules alone, then each folder of mods/ on top of
 * them, play whole games of every player count with every power card dealt in
 * turn, and the kept-state fingerprint (script_kept_check) must not move. A
 * mod added to mods/ is covered without touching this file. */
#include <dirent.h>
#include <stdio.h>
#include <string.h>

#include "harness.h"
#include "harness_game.h"
#include "session.h"

#define SEEDS_PER_COUNT 3

/* Plays a game with option (seed * 7 + k * 13) % n at decision k. */
static void play_out(Session *s)
{
    static Option o[MAX_OPTIONS];
    char err[256];
    uint64_t seed = s->game.seed;
    for (int k = 0; k < 20000 && !game_over(&s->game); k++) {
        int n = game_options(&s->game, o, MAX_OPTIONS);
        REQUIRE(n > 0);
        REQUIRE(game_apply(&s->game, (int)((seed * 7 + (uint64_t)k * 13) % (uint64_t)n), err, sizeof err) == 0);
    }
    CHECK(game_over(&s->game));
}

/* Opens the rules with `mods` (NULL: none), then plays 2-5 player games,
 * every card dealt to the grid in some game, checking the fingerprint after
 * each. */
static void check_kept_state(const char *mods)
{
    static Session s;
    char err[1024];
    int rc = session_open_mods(&s, ".", mods, err, sizeof err);
    if (rc)
        printf("    %s: %s\n", mods ? mods : "base rules", err);
    REQUIRE(rc == 0);
    s.quiet = 1;
    REQUIRE(script_kept_mark(s.script, err, sizeof err) > 0);
    int cards = s.rules.power_card_count, game = 0;
    for (int players = 2; players <= 5; players++)
        for (uint64_t seed = 1; seed <= SEEDS_PER_COUNT; seed++, game++) {
            GameOptions go = { .players = (uint8_t)players, .setup_variation = (uint8_t)(1 + seed % 2) };
            snprintf(go.variant, sizeof go.variant, "%s", seed % 2 ? "symbiosis" : "to_the_left");
            for (int j = 0; j < 4; j++)
                go.deal |= (uint64_t)1 << ((game * 4 + j) % cards);
            REQUIRE(session_new_game(&s, &go, seed, err, sizeof err) == 0);
            play_out(&s);
            CHECK_NO_SCRIPT_ERROR(&s, &s.game, "%s, %d players, seed %llu", mods ? mods : "base rules",
                                  players, (unsigned long long)seed);
            rc = script_kept_check(s.script, err, sizeof err);
            if (rc)
                printf("    %s, %d players, seed %llu: %s\n", mods ? mods : "base rules", players,
                       (unsigned long long)seed, err);
            REQUIRE(rc == 0);
        }
    session_close(&s);
}

TEST(scripts_keep_state_only_in_game_state)
{
    check_kept_state(NULL);
}

TEST(every_shipped_mod_keeps_state_only_in_game_state)
{
    DIR *d = opendir("mods");
    REQUIRE(d != NULL);
    int checked = 0;
    for (struct dirent *e; (e = readdir(d));) {
        char manifest[600];
        snprintf(manifest, sizeof manifest, "mods/%s/mod.lua", e->d_name);
        FILE *f = e->d_name[0] != '.' ? fopen(manifest, "r") : NULL;
        if (!f)
            continue;
        fclose(f);
        check_kept_state(e->d_name);
        checked++;
    }
    closedir(d);
    CHECK(checked >= 2);
}
