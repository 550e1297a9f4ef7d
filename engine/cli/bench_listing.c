/* bench: placement listing over real positions, against a bare loop. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "placement.h"

static double clock_seconds(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

double bench_now(void) { return clock_seconds(CLOCK_MONOTONIC); }
double bench_cpu_now(void) { return clock_seconds(CLOCK_THREAD_CPUTIME_ID); }

static int keep_position(BenchPositions *p, const Game *g)
{
    if (p->count == p->cap) {
        int cap = p->cap ? p->cap * 2 : 64;
        Game *grown = realloc(p->games, sizeof *grown * (size_t)cap);
        if (!grown)
            return -1;
        p->games = grown;
        p->cap = cap;
    }
    p->games[p->count] = *g;
    p->games[p->count].log = NULL;
    p->count++;
    return 0;
}

#define BENCH_POSITIONS_MAX 2000

int bench_sample_positions(Session *s, const BotConfig *bot, uint64_t seed, int games, BenchPositions *out)
{
    static Option opts[MAX_OPTIONS];
    static Game g;
    GameOptions o = { .players = 2, .setup_variation = 1 };
    char err[256];
    for (int k = 0; k < games && out->count < BENCH_POSITIONS_MAX; k++) {
        if (game_init(&g, &s->rules, &o, seed + (uint64_t)k, session_hooks(), s, err, sizeof err))
            return -1;
        s->current = &g;
        Bot b;
        bot_init(&b, bot, seed + (uint64_t)k);
        for (int d = 0; d < 5000 && !game_over(&g) && out->count < BENCH_POSITIONS_MAX; d++) {
            int n = game_options(&g, opts, MAX_OPTIONS);
            if (g.pending.kind == DK_PLACE && g.bought_type < MAX_TILE_TYPES && keep_position(out, &g)) {
                bot_free(&b);
                return -1;
            }
            int pick = bot_choose(&b, &g, opts, n);
            if (pick < 0 || game_apply(&g, pick, err, sizeof err)) {
                bot_free(&b);
                return -1;
            }
        }
        bot_free(&b);
    }
    s->current = &s->game;
    return 0;
}

void bench_positions_free(BenchPositions *p)
{
    free(p->games);
    memset(p, 0, sizeof *p);
}

/* The bare loop: the stacks a tile may go on and the biomes facing them are
 * known; only the edge tests and the writes remain. */
static int bare_loop(const uint16_t *cells, const FacingMask *facing, int ncells, const FacingMask own[HEX_DIRS],
                     int rotations, int type, Option *o)
{
    int n = 0;
    for (int i = 0; i < ncells; i++) {
        uint64_t cell_word = option_pack(VERB_TILE, 0, cells[i], type, 0);
        for (int rot = 0; rot < rotations; rot++)
            if (own[rot] & facing[i])
                option_store(&o[n++], cell_word | option_pack(0, rot, 0, 0, 0));
    }
    return n;
}

ListTiming bench_listing(const Game *g, int reps)
{
    static Option opts[MAX_OPTIONS];
    const Board *b = &g->board;
    int type = g->bought_type, mask = ((1 << g->players) - 1) | TARGET_UNINHABITED;   /* every stack */
    uint16_t cells[MAX_LAND];
    FacingMask facing[MAX_LAND], own[HEX_DIRS];
    int ncells = 0;
    for (int k = 0; k < b->land_count; k++)
        if (stack_takes_tile(g, b->land[k])) {
            cells[ncells] = b->land[k];
            facing[ncells++] = board_facing_mask(b, &g->rules, b->land[k]);
        }
    const TileType *t = &g->rules.tile_types[type];
    for (int rot = 0; rot < HEX_DIRS; rot++) {
        own[rot] = 0;
        for (int e = 0; e < HEX_DIRS; e++)
            if (tile_edge_biome(t, rot, e) < BIOME_COUNT)
                own[rot] |= facing_bit(e, (unsigned)tile_edge_biome(t, rot, e));
    }
    /* Ten interleaved batches; the fastest batch of each counts, so another
     * process taking the core for a while shows in neither. */
    ListTiming lt = { 1e30, 1e30, 0 };
    int batch = reps / 10 > 0 ? reps / 10 : 1;
    for (int round = 0; round < 10; round++) {
        double t0 = bench_now();
        for (int i = 0; i < batch; i++) {
            int n = 0;
            list_placements(g, type, mask, opts, &n, MAX_OPTIONS);
            lt.placements = n;
            __asm__ __volatile__("" ::: "memory");   /* keep every call */
        }
        double t1 = bench_now();
        for (int i = 0; i < batch; i++) {
            bare_loop(cells, facing, ncells, own, t->distinct_rotations, type, opts);
            __asm__ __volatile__("" ::: "memory");
        }
        double t2 = bench_now();
        lt.list_us = fmin(lt.list_us, (t1 - t0) / batch * 1e6);
        lt.bare_us = fmin(lt.bare_us, (t2 - t1) / batch * 1e6);
    }
    return lt;
}

static int by_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

void bench_listing_report(const char *what, const BenchPositions *p, int reps)
{
    if (p->count == 0) {
        printf("listing      %s: no placement decision reached\n", what);
        return;
    }
    double *list = malloc(sizeof *list * (size_t)p->count), *counts = malloc(sizeof *counts * (size_t)p->count);
    double list_sum = 0, bare_sum = 0;
    for (int i = 0; list && counts && i < p->count; i++) {
        ListTiming lt = bench_listing(&p->games[i], reps);
        list[i] = lt.list_us;
        counts[i] = lt.placements;
        list_sum += lt.list_us;
        bare_sum += lt.bare_us;
    }
    if (list && counts) {
        qsort(list, (size_t)p->count, sizeof *list, by_double);
        qsort(counts, (size_t)p->count, sizeof *counts, by_double);
        int p99 = (int)(0.99 * (p->count - 1) + 0.5);
        printf("listing      %s: %d positions, %.0f placements median (max %.0f); list_placements median %.3f us, "
               "99th percentile %.3f us; %.2fx the bare loop\n", what, p->count, counts[p->count / 2],
               counts[p->count - 1], list[p->count / 2], list[p99], bare_sum > 0 ? list_sum / bare_sum : 0);
    }
    free(list);
    free(counts);
}
