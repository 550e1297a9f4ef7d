/* Whole games played by uniformly random choices through the decision model. */
#include <stdio.h>
#include <string.h>

#include "harness.h"
#include "invariants.h"
#include "score.h"
#include "session.h"

static uint64_t mix(uint64_t *x)
{
    *x ^= *x << 13; *x ^= *x >> 7; *x ^= *x << 17;
    return *x;
}

/* Plays one game to the end; returns decisions made, or -1 on an error. */
int play_random_game(Session *s, int players, const char *variant, uint64_t seed, int check)
{
    GameOptions o = { (uint8_t)players, 1, "" };
    snprintf(o.variant, sizeof o.variant, "%s", variant);
    char err[256];
    if (session_new_game(s, &o, seed, err, sizeof err)) {
        printf("  new game: %s\n", err);
        return -1;
    }
    static Option opts[MAX_OPTIONS];
    uint64_t pick = seed * 2654435761u + 1;
    int decisions = 0;
    while (!game_over(&s->game)) {
        int n = game_options(&s->game, opts, MAX_OPTIONS);
        if (n <= 0) {
            printf("  seed %llu: no options at a %s decision\n", (unsigned long long)seed,
                   decision_kind_name(s->game.pending.kind));
            return -1;
        }
        if (game_apply(&s->game, (int)(mix(&pick) % (uint64_t)n), err, sizeof err)) {
            printf("  seed %llu: %s\n", (unsigned long long)seed, err);
            return -1;
        }
        decisions++;
        if (check && invariants_check(&s->game, err, sizeof err)) {
            printf("  seed %llu, decision %d: invariant broken: %s\n", (unsigned long long)seed,
                   decisions, err);
            return -1;
        }
        if (decisions > 200000) {
            printf("  seed %llu: no end after 200000 decisions\n", (unsigned long long)seed);
            return -1;
        }
    }
    return decisions;
}

TEST(random_two_player_games_finish)
{
    Session s;
    char err[256];
    REQUIRE(session_open(&s, ".", err, sizeof err) == 0);
    for (uint64_t seed = 1; seed <= 20; seed++)
        CHECK(play_random_game(&s, 2, "", seed, 1) > 0);
    session_close(&s);
}
