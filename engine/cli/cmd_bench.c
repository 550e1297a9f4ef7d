/* bench: the engine's speed on fixed seeds. Prints figures; asserts nothing.
 *  1. random playouts with the full rule set (Lua scripts on): decisions/s, games/s;
 *  2. the same games with hooks off (no Lua): the ratio is the scripts' cost;
 *  3. listing every legal placement at a reference position (see reference());
 *  4. cloning a Game (a struct assignment);
 *  5. memory per game: sizeof(Game) plus the action log, and the Lua state.
 * docs/performance.md records the figures and the method. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bot.h"
#include "cli.h"
#include "placement.h"

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

#define BENCH_MAX_DECISIONS 20000   /* a runaway game (no end-game scripts) is cut here */

/* Plays `games` random games; returns decisions made and the longest log. */
/* Every game deals three power cards first, the next three of the list each
 * game, so across the run every power is on the grid; `unlocked` collects the
 * cards some player unlocked. */
static long playouts(Session *s, const GameOptions *o, uint64_t seed, int games, int hooks, long *max_log,
                     int *unfinished, uint64_t *unlocked)
{
    static Option opts[MAX_OPTIONS];
    static Game g;
    char err[256];
    long decisions = 0;
    *max_log = 0;
    *unfinished = 0;
    *unlocked = 0;
    int cards = s->rules.power_card_count;
    for (int k = 0; k < games; k++) {
        GameOptions go = *o;
        for (int j = 0; j < 3 && cards > 0; j++)
            go.deal |= (uint64_t)1 << ((3 * k + j) % cards);
        if (game_init(&g, &s->rules, &go, seed + (uint64_t)k, hooks ? session_hooks() : NULL, hooks ? s : NULL,
                      err, sizeof err))
            return -1;
        s->current = &g;
        Rng r;
        rng_seed(&r, seed + (uint64_t)k);
        long d = 0;
        while (!game_over(&g) && d < BENCH_MAX_DECISIONS) {
            int n = game_options(&g, opts, MAX_OPTIONS);
            if (game_apply(&g, bot_random(&r, opts, n), err, sizeof err))
                return -1;
            d++;
        }
        *unfinished += !game_over(&g);
        for (int p = 0; p < g.players; p++)
            for (int slot = 0; slot < g.rules.grid_slot_count; slot++)
                if (g.unlocked[p][slot] && g.grid_card[slot] != 255)
                    *unlocked |= (uint64_t)1 << g.grid_card[slot];
        decisions += d;
        if (d > *max_log)
            *max_log = d;
    }
    s->current = &s->game;
    return decisions;
}

/* A synthetic mid-game island for when random play stays small: rings 0-2
 * round the origin and the first cells of ring 3, land types and rotations
 * cycling, every third stack two tiles high; the player places a Trio. It has
 * about 150 legal placements. */
static int grown_reference(Session *s, Game *g, int *count)
{
    char err[256];
    GameOptions o = { .players = 5, .setup_variation = 1, .variant = "symbiosis" };
    if (game_init(g, &s->rules, &o, 1, NULL, NULL, err, sizeof err))
        return -1;
    board_clear(&g->board);
    board_set_rules(&g->board, &g->rules);
    for (int p = 0; p < g->players; p++)
        for (int i = 0; i < g->rules.critters_per_player; i++)
            g->player[p].critters[i].place = AT_HAND;
    int land[MAX_TILE_TYPES], nl = 0;
    for (int t = 0; t < g->rules.tile_type_count; t++)
        if (g->rules.tile_types[t].tile_class <= TILE_TRIO)
            land[nl++] = t;
    for (int rad = 0, k = 0; rad <= 3; rad++) {
        Hex ring[18];
        int m = hex_ring(hex_make(0, 0), rad, ring);
        for (int j = 0; j < m && (rad < 3 || j < 10); j++, k++) {
            int cell = board_cell(ring[j]);
            board_push(&g->board, cell, land[(k * 7) % nl], (k * 5) % 6);
            if (k % 3 == 0)
                board_push(&g->board, cell, land[(k * 3 + 1) % nl], k % 6);
        }
    }
    g->phase = PHASE_BUY;
    g->bought_type = (uint8_t)rules_tile_type_by_name(&g->rules, "trio_dml");
    g->pending = (Pending){ DK_PLACE, 0, 0, 0, 0 };
    static Option opts[MAX_OPTIONS];
    *count = 0;
    list_placements(g, g->bought_type, (1 << g->players) - 1, opts, count, MAX_OPTIONS);
    return 0;
}

/* The reference position: in 5-player random games without scripts, the
 * first placement decision where the bought tile has at least 130 legal
 * placements on any player's stacks; failing that, grown_reference. */
static int reference(Session *s, Game *out, int *count)
{
    static Option opts[MAX_OPTIONS];
    static Game g;
    GameOptions o = { .players = 5, .setup_variation = 1, .variant = "symbiosis" };
    char err[256];
    int best = -1, best_seed = -1;
    for (uint64_t seed = 1; seed <= 200; seed++) {
        if (game_init(&g, &s->rules, &o, seed, NULL, NULL, err, sizeof err))
            return -1;
        Rng r;
        rng_seed(&r, seed);
        for (int d = 0; d < 3000 && !game_over(&g); d++) {
            int n = game_options(&g, opts, MAX_OPTIONS);
            if (g.pending.kind == DK_PLACE) {
                int m = 0;
                list_placements(&g, g.bought_type, (1 << g.players) - 1, opts + n, &m, MAX_OPTIONS - n);
                if (m > best) {
                    best = m;
                    best_seed = (int)seed;
                    *out = g;
                    *count = m;
                    if (m >= 130)
                        return best_seed;
                }
            }
            game_apply(&g, bot_random(&r, opts, n), err, sizeof err);
        }
    }
    return best_seed;
}

int cmd_bench(const CliArgs *a)
{
    uint64_t games = 300, seed = 1;
    for (int i = 0; i < a->argc; i += 2) {
        const char *opt = a->argv[i], *val = i + 1 < a->argc ? a->argv[i + 1] : NULL;
        if (strcmp(opt, "--games") == 0 && val) {
            if (cli_number(val, "--games", 1, 1000000, &games))
                return 2;
        } else if (strcmp(opt, "--seed") == 0 && val) {
            if (cli_number(val, "--seed", 0, UINT64_MAX, &seed))
                return 2;
        } else {
            fprintf(stderr, "volcanique bench: unknown or incomplete option '%s' (see volcanique --help)\n", opt);
            return 2;
        }
    }
    static Session s;
    if (cli_open(&s, a))
        return 1;
    printf("bench: %llu random games, seeds %llu..%llu, 2 players\n", (unsigned long long)games,
           (unsigned long long)seed, (unsigned long long)(seed + games - 1));
    GameOptions o = { .players = 2, .setup_variation = 1, .variant = "symbiosis" };
    long max_log = 0, max_log_off = 0;
    int unfinished, unfinished_off;
    uint64_t unlocked = 0, unlocked_off = 0;
    double t0 = now_s();
    long dec = playouts(&s, &o, seed, (int)games, 1, &max_log, &unfinished, &unlocked);
    double t1 = now_s();
    long dec_off = playouts(&s, &o, seed, (int)games, 0, &max_log_off, &unfinished_off, &unlocked_off);
    double t2 = now_s();
    if (dec < 0 || dec_off < 0) {
        fprintf(stderr, "volcanique bench: a playout failed\n");
        session_close(&s);
        return 1;
    }
    double on = t1 - t0, off = t2 - t1;
    printf("scripts on   %10.0f decisions/s %8.1f games/s  (%ld decisions, %.3f s)\n", dec / on, games / on, dec,
           on);
    printf("hooks off    %10.0f decisions/s %8.1f games/s  (%ld decisions, %.3f s%s)\n", dec_off / off,
           games / off, dec_off, off, unfinished_off ? ", some games cut: no end-game scripts" : "");
    printf("script cost  %10.2fx time per decision with scripts on\n", (on / dec) / (off / dec_off));
    printf("powers       every card dealt across the run (three a game); %d of %d unlocked in play\n",
           __builtin_popcountll(unlocked), s.rules.power_card_count);

    static Game ref;
    int count = 0;
    int ref_seed = reference(&s, &ref, &count);
    const char *where = "random play";
    if (ref_seed < 0 || count < 130) {
        ref_seed = grown_reference(&s, &ref, &count);
        where = "a grown island";
    }
    if (ref_seed < 0) {
        printf("placements   no reference position found\n");
    } else {
        static Option opts[MAX_OPTIONS];
        int reps = 20000, n = 0;
        double p0 = now_s();
        for (int i = 0; i < reps; i++) {
            n = 0;
            list_placements(&ref, ref.bought_type, (1 << ref.players) - 1, opts, &n, MAX_OPTIONS);
        }
        double p1 = now_s();
        printf("placements   %10.2f us to list %d placements (%s: %d stacks, %s)\n", (p1 - p0) / reps * 1e6, n,
               where, ref.board.land_count, ref.rules.tile_types[ref.bought_type].name);
        int m = 0;
        p0 = now_s();
        for (int i = 0; i < reps; i++)
            m = game_options(&ref, opts, MAX_OPTIONS);
        p1 = now_s();
        printf("options      %10.2f us for game_options at that decision (%d options)\n", (p1 - p0) / reps * 1e6, m);
    }
    static Game clones[2];
    int reps = 200000;
    double c0 = now_s();
    for (int i = 0; i < reps; i++) {
        clones[i & 1] = ref;
        clones[i & 1].log = NULL;
        __asm__ __volatile__("" ::: "memory");   /* keep every copy */
    }
    double c1 = now_s();
    if (clones[0].turn != ref.turn)   /* reads the copies, so none is optimised away */
        return 1;
    printf("clone        %10.3f us per Game copy (%zu bytes)\n", (c1 - c0) / reps * 1e6, sizeof(Game));
    printf("memory       %zu bytes per game + %zu bytes per logged decision (longest game %ld decisions: "
           "%.1f KiB); Lua state %.1f KiB shared by all games\n", sizeof(Game), sizeof(Option), max_log,
           (sizeof(Game) + max_log * sizeof(Option)) / 1024.0, script_memory_used(s.script) / 1024.0);
    session_close(&s);
    return 0;
}
