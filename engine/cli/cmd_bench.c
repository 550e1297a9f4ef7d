/* bench: the engine's speed on fixed seeds. Prints figures; asserts nothing.
 *  1. the machine's CPU as /proc/cpuinfo names it;
 *  2. random playouts for 2 to 5 players with every power in play and the
 *     final scoring run (Lua scripts on), and the same with hooks off;
 *  3. listing placements: the synthetic island, and positions sampled from
 *     random and greedy games, each against a bare loop;
 *  4. cloning a Game (a struct assignment); 5. MCTS iterations per second;
 *  6. memory per game: sizeof(Game) plus the action log, and the Lua state.
 * docs/performance.md records the figures and the method. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "bench_render.h"
#include "bot.h"
#include "cli.h"
#include "placement.h"
#include "score.h"

#define BENCH_MAX_DECISIONS 20000   /* a runaway game (no end-game scripts) is cut here */
#define BENCH_ROUNDS 15             /* interleaved rounds of the playouts */
#define BENCH_BLOCK 2               /* games timed together; each block's fastest round counts */

void bench_print_cpu(const char *note)
{
    char line[256], model[256] = "unknown (no model name in /proc/cpuinfo)";
    int cpus = 0;
    FILE *f = fopen("/proc/cpuinfo", "r");
    while (f && fgets(line, sizeof line, f)) {
        char *colon = strchr(line, ':');
        if (strncmp(line, "model name", 10) == 0 && colon) {
            if (cpus == 0)
                snprintf(model, sizeof model, "%s", colon + 2);
            cpus++;
        }
    }
    if (f)
        fclose(f);
    model[strcspn(model, "\n")] = 0;
    printf("cpu          %s (%d logical CPUs listed; %s)\n", model, cpus, note);
}

typedef struct Playout {
    long decisions, max_log;
    int unfinished;
    uint64_t unlocked;   /* bit c: some player unlocked power card c */
    double seconds;
} Playout;

/* Plays one random game to its end and scores it (the "scoring" event runs,
 * as at every game's end). Returns decisions made, or -1. */
static long play_random(Session *s, Game *g, uint64_t seed)
{
    static Option opts[MAX_OPTIONS];
    char err[256];
    Rng r;
    rng_seed(&r, seed);
    long d = 0;
    int n = game_options(g, opts, MAX_OPTIONS);
    while (!game_over(g) && d < BENCH_MAX_DECISIONS) {
        n = game_apply_listed(g, &opts[bot_random(&r, opts, n)], opts, err, sizeof err);
        if (n < 0)
            return -1;
        d++;
    }
    Scores sc;
    game_score(g, &sc);
    return d;
}

/* Games first..first+count-1 of a run from `seed`; game k deals three power
 * cards to the grid first, the next three of the list each game, so every
 * power is in play across the run. */
static int playouts(Session *s, int players, uint64_t seed, int first, int count, int hooks, Playout *out)
{
    static Game g;
    char err[256];
    memset(out, 0, sizeof *out);
    int cards = s->rules.power_card_count;
    double t0 = bench_cpu_now();
    for (int k = first; k < first + count; k++) {
        GameOptions go = { .players = (uint8_t)players, .setup_variation = 1 };
        for (int j = 0; j < 3 && cards > 0; j++)
            go.deal |= (uint64_t)1 << ((3 * k + j) % cards);
        if (game_init(&g, &s->rules, &go, seed + (uint64_t)k, hooks ? session_hooks() : NULL, hooks ? s : NULL,
                      err, sizeof err))
            return -1;
        s->current = &g;
        long d = play_random(s, &g, seed + (uint64_t)k);
        if (d < 0)
            return -1;
        out->unfinished += !game_over(&g);
        for (int p = 0; p < g.players; p++)
            for (int slot = 0; slot < g.rules.grid_slot_count; slot++)
                if (g.unlocked[p][slot] && g.grid_card[slot] != 255)
                    out->unlocked |= (uint64_t)1 << g.grid_card[slot];
        out->decisions += d;
        out->max_log = d > out->max_log ? d : out->max_log;
    }
    out->seconds = bench_cpu_now() - t0;
    s->current = &s->game;
    return 0;
}

/* The two kinds of playout as functions of their own, so that a profile
 * (valgrind --tool=callgrind bin/volcanique bench) shows each apart. */
static __attribute__((noinline)) int playouts_scripts_on(Session *s, int players, uint64_t seed, int first,
                                                          int count, Playout *out)
{
    return playouts(s, players, seed, first, count, 1, out);
}

static __attribute__((noinline)) int playouts_hooks_off(Session *s, int players, uint64_t seed, int first,
                                                         int count, Playout *out)
{
    return playouts(s, players, seed, first, count, 0, out);
}

/* Power scripts with a handler that fired since the counts were reset; the
 * names of those without go to idle (a gated handler whose gate never opened,
 * e.g. a holder's handler for a card nobody unlocked, does not fire). */
static int powers_run(Session *s, int *of, char *idle, size_t idle_len)
{
    static ScriptFireCount fc[512];
    int n = session_fire_counts(s, fc, 512);
    char seen[512][96];
    int scripts = 0, ran = 0;
    for (int i = 0; i < n && i < 512; i++) {
        if (!strstr(fc[i].chunk, "powers/"))
            continue;
        int k = 0;
        while (k < scripts && strcmp(seen[k], fc[i].chunk) != 0)
            k++;
        if (k == scripts)
            snprintf(seen[scripts++], sizeof seen[0], "%s", fc[i].chunk);
    }
    idle[0] = 0;
    for (int k = 0; k < scripts; k++) {
        uint64_t fired = 0;
        for (int i = 0; i < n && i < 512; i++)
            if (strcmp(fc[i].chunk, seen[k]) == 0)
                fired += fc[i].fired;
        ran += fired > 0;
        size_t used = strlen(idle);
        if (!fired)
            snprintf(idle + used, idle_len - used, "%s%s", used ? ", " : "", strrchr(seen[k], '/') + 1);
    }
    *of = scripts;
    return ran;
}

/* Adds block b to the run's totals. */
static void playout_add(Playout *sum, const Playout *b)
{
    sum->decisions += b->decisions;
    sum->seconds += b->seconds;
    sum->unfinished += b->unfinished;
    sum->unlocked |= b->unlocked;
    sum->max_log = b->max_log > sum->max_log ? b->max_log : sum->max_log;
}

/* The same seeds with scripts on and hooks off, for one player count. The
 * games are timed in blocks of BENCH_BLOCK, scripts on and hooks off one
 * after the other; BENCH_ROUNDS rounds go over all blocks, and each block's
 * fastest round counts (the games are the same every round), so a moment
 * when another process takes the core costs one block's round, not the run. */
static int bench_players(Session *s, int players, uint64_t seed, int games, long *max_log)
{
    int blocks = (games + BENCH_BLOCK - 1) / BENCH_BLOCK;
    Playout *best_on = calloc((size_t)blocks, sizeof *best_on), *best_off = calloc((size_t)blocks, sizeof *best_off);
    if (!best_on || !best_off) {
        free(best_on);
        free(best_off);
        fprintf(stderr, "volcanique bench: out of memory for %d blocks of games\n", blocks);
        return -1;
    }
    session_reset_fire_counts(s);
    for (int round = 0; round < BENCH_ROUNDS; round++)
        for (int b = 0; b < blocks; b++) {
            int first = b * BENCH_BLOCK, count = games - first < BENCH_BLOCK ? games - first : BENCH_BLOCK;
            Playout r_on, r_off;
            if (playouts_scripts_on(s, players, seed, first, count, &r_on) ||
                playouts_hooks_off(s, players, seed, first, count, &r_off)) {
                fprintf(stderr, "volcanique bench: a %d-player playout failed\n", players);
                free(best_on);
                free(best_off);
                return -1;
            }
            if (round == 0 || r_on.seconds < best_on[b].seconds)
                best_on[b] = r_on;
            if (round == 0 || r_off.seconds < best_off[b].seconds)
                best_off[b] = r_off;
        }
    Playout on = { 0 }, off = { 0 };
    for (int b = 0; b < blocks; b++) {
        playout_add(&on, &best_on[b]);
        playout_add(&off, &best_off[b]);
    }
    free(best_on);
    free(best_off);
    char idle[512];
    int scripts, ran = powers_run(s, &scripts, idle, sizeof idle);
    printf("%d players    scripts on %9.0f decisions/s %7.1f games/s | hooks off %9.0f decisions/s%s | "
           "script cost %.2fx\n", players, on.decisions / on.seconds, games / on.seconds,
           off.decisions / off.seconds, off.unfinished ? " (some cut)" : "",
           (on.seconds / on.decisions) / (off.seconds / off.decisions));
    printf("             powers unlocked %d of %d; power scripts with a handler run (scoring included) %d of %d"
           "%s%s%s\n",
           __builtin_popcountll(on.unlocked), s->rules.power_card_count, ran, scripts, idle[0] ? " (none run: " : "",
           idle, idle[0] ? ")" : "");
    if (on.max_log > *max_log)
        *max_log = on.max_log;
    return 0;
}

/* A synthetic mid-game island for when random play stays small: rings 0-2
 * round the origin and the first cells of ring 3, land types and rotations
 * cycling, every third stack two tiles high; the player places a Trio. It has
 * about 150 legal placements. */
static int grown_reference(Session *s, Game *g)
{
    char err[256];
    /* variant "": the rules' default (a 3-5 player game plays it) */
    GameOptions o = { .players = 5, .setup_variation = 1, .variant = "" };
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
    return 0;
}

static void bench_reference(Game *ref)
{
    static Option opts[MAX_OPTIONS];
    ListTiming lt = bench_listing(ref, 20000);
    printf("placements   %10.3f us to list %d placements (synthetic island: %d stacks, %s); bare loop %.3f us, "
           "%.2fx\n", lt.list_us, lt.placements, ref->board.land_count,
           ref->rules.tile_types[ref->bought_type].name, lt.bare_us, lt.list_us / lt.bare_us);
    int reps = 20000, m = 0;
    double p0 = bench_now();
    for (int i = 0; i < reps; i++)
        m = game_options(ref, opts, MAX_OPTIONS);
    printf("options      %10.3f us for game_options at that decision (%d options)\n",
           (bench_now() - p0) / reps * 1e6, m);
}

static void bench_clone(const Game *ref)
{
    static Game clones[2];
    int reps = 200000;
    double c0 = bench_now();
    for (int i = 0; i < reps; i++) {
        clones[i & 1] = *ref;
        clones[i & 1].log = NULL;
        __asm__ __volatile__("" ::: "memory");   /* keep every copy */
    }
    double c1 = bench_now();
    if (clones[0].turn != ref->turn)   /* reads the copies, so none is optimised away */
        printf("clone        copies differ\n");
    printf("clone        %10.3f us per Game copy (%zu bytes)\n", (c1 - c0) / reps * 1e6, sizeof(Game));
}

static int bench_sampled(Session *s, uint64_t seed, int games)
{
    BotConfig random, greedy;
    bot_config_default(&random, BOT_RANDOM);
    bot_config_default(&greedy, BOT_GREEDY);
    BenchPositions rp = { 0 }, gp = { 0 };
    int rc = bench_sample_positions(s, &random, seed, games, &rp) ||
             bench_sample_positions(s, &greedy, seed, games < 20 ? games : 20, &gp);
    if (!rc) {
        bench_listing_report("random games", &rp, 500);
        bench_listing_report("greedy games", &gp, 500);
    } else {
        fprintf(stderr, "volcanique bench: sampling positions failed\n");
    }
    bench_positions_free(&rp);
    bench_positions_free(&gp);
    return rc ? -1 : 0;
}

static void bench_mcts(Session *s, uint64_t seed, int decisions)
{
    BotConfig c;
    bot_config_default(&c, BOT_MCTS);
    c.iterations = 300;
    double now = bench_mcts_rate(s, &c, seed, decisions);
    c.depth = 16;
    double deep = bench_mcts_rate(s, &c, seed, decisions);
    printf("mcts         %10.0f iterations/s (300 a decision, rollouts of %d, %d decisions of random 2-player "
           "games); %.0f/s with rollouts of 16\n", now, 8, decisions, deep);
    bot_config_plus(&c);
    c.iterations = 300;
    double plus = bench_mcts_rate(s, &c, seed, decisions);
    printf("mcts+        %10.0f iterations/s (the same positions; rollouts of %d guided decisions, %d options "
           "tried each)\n", plus, c.depth, c.sample);
}

int cmd_bench(const CliArgs *a)
{
    uint64_t games = 300, seed = 1;
    if (a->argc == 1 && strcmp(a->argv[0], "--render") == 0)
        return bench_render(a);
    if (a->argc >= 1 && strcmp(a->argv[0], "--serve") == 0)
        return bench_serve(a);
    for (int i = 0; i < a->argc; i += 2) {
        const char *opt = a->argv[i], *val = i + 1 < a->argc ? a->argv[i + 1] : NULL;
        if (strcmp(opt, "--games") == 0 && val) {
            if (cli_number(val, "--games", 1, 1000000, &games))
                return 2;
        } else if (strcmp(opt, "--seed") == 0 && val) {
            if (cli_number(val, "--seed", 0, UINT64_MAX, &seed))
                return 2;
        } else if (strcmp(opt, "--render") == 0) {
            fprintf(stderr, "volcanique bench: --render takes no other option (bench alone prints the frame times "
                            "after the rest)\n");
            return 2;
        } else {
            fprintf(stderr, "volcanique bench: unknown or incomplete option '%s' (see volcanique --help)\n", opt);
            return 2;
        }
    }
    static Session s;
    if (cli_open(&s, a))
        return 1;
    bench_print_cpu("one is used");
    printf("bench: %llu random games per player count, seeds %llu..%llu, every power dealt across the run\n",
           (unsigned long long)games, (unsigned long long)seed, (unsigned long long)(seed + games - 1));
    long max_log = 0;
    int rc = 0;
    for (int players = 2; players <= 5 && rc == 0; players++)
        rc = bench_players(&s, players, seed, (int)games, &max_log);
    static Game ref;
    if (rc == 0 && grown_reference(&s, &ref) == 0) {
        bench_reference(&ref);
        rc = bench_sampled(&s, seed, (int)(games < 100 ? games : 100));
        bench_clone(&ref);
    }
    if (rc == 0)
        bench_mcts(&s, seed, games < 30 ? (int)games : 30);
    printf("memory       %zu bytes per game + %zu bytes per logged decision (longest 2-5 player game %ld "
           "decisions: %.1f KiB); Lua state %.1f KiB shared by all games\n", sizeof(Game), sizeof(Option),
           max_log, (sizeof(Game) + max_log * sizeof(Option)) / 1024.0, script_memory_used(s.script) / 1024.0);
    session_close(&s);
    if (rc == 0)
        rc = bench_render(a);   /* the window's frame times close the run (alone: bench --render) */
    return rc ? 1 : 0;
}
