/* Whole games with every power forced into play: for each player count, seeded
 * games that each deal a rotating set of power cards to the Power Grid first
 * (GameOptions.deal), played by a random bot steered towards those cards, with
 * the invariant checker after every decision. Across each run every power card
 * must have been unlocked by some player, so every power's script really ran
 * inside whole games.
 *
 * The bot stays random except for two nudges that make unlocks common: when a
 * volcano is for sale it usually buys one, and when it unlocks a slot it takes
 * the one nearest (on the grid) to a dealt card it does not hold yet. It draws
 * from its own generator, never from the game's.
 *
 * To replay one reported game, set FORCED_POWERS_SEED to its seed: each player
 * count then plays that seed alone (and the unlock check is skipped). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "describe.h"
#include "events.h"
#include "harness.h"
#include "harness_game.h"
#include "invariants.h"
#include "session.h"

/* 1,000 games per player count in the release build; fewer under the
 * sanitizers, which run every decision some ten times slower. */
#if defined(__SANITIZE_ADDRESS__)
#define GAMES_PER_COUNT 50
#else
#define GAMES_PER_COUNT 1000
#endif
#define DEAL_SIZE 3          /* cards dealt first in each game */
#define MAX_DECISIONS 200000 /* a game longer than this has stalled */

static uint64_t mix(uint64_t *x)
{
    *x ^= *x << 13; *x ^= *x >> 7; *x ^= *x << 17;
    return *x;
}

/* Grid steps from slot `from` to the nearest slot in `goal` (a slot bitmask);
 * a large number when none can be reached. */
static int grid_distance(const Rules *r, int from, unsigned goal)
{
    int dist[MAX_GRID_SLOTS], queue[MAX_GRID_SLOTS], head = 0, tail = 0;
    for (int s = 0; s < r->grid_slot_count; s++)
        dist[s] = -1;
    dist[from] = 0;
    queue[tail++] = from;
    while (head < tail) {
        int s = queue[head++];
        if ((goal >> s) & 1)
            return dist[s];
        for (int t = 0; t < r->grid_slot_count; t++)
            if (dist[t] < 0 && rules_grid_adjacent(r, s, t)) {
                dist[t] = dist[s] + 1;
                queue[tail++] = t;
            }
    }
    return 99;
}

/* The steered random choice among the n options of g's pending decision. */
static int choose(const Game *g, const Option *opts, int n, uint64_t deal, uint64_t *rng)
{
    if (g->pending.kind == DK_BUY && mix(rng) % 4 != 0) {
        int volcano[64], nv = 0;
        for (int i = 0; i < n && nv < 64; i++)
            if (opts[i].verb == VERB_BUY && opts[i].subject == BUY_VOLCANO)
                volcano[nv++] = i;
        if (nv > 0)
            return volcano[mix(rng) % (uint64_t)nv];
    }
    if (g->pending.kind == DK_UNLOCK) {
        int p = g->pending.player;
        unsigned goal = 0;
        for (int s = 0; s < g->rules.grid_slot_count; s++)
            if (g->grid_card[s] != 255 && ((deal >> g->grid_card[s]) & 1) && !g->unlocked[p][s])
                goal |= 1u << s;
        int best[MAX_GRID_SLOTS], nb = 0, best_d = 1000;
        for (int i = 0; i < n && goal; i++) {
            if (opts[i].verb != VERB_UNLOCK)
                continue;
            int d = grid_distance(&g->rules, opts[i].subject, goal);
            if (d < best_d)
                best_d = d, nb = 0;
            if (d == best_d && nb < MAX_GRID_SLOTS)
                best[nb++] = i;
        }
        if (nb > 0)
            return best[mix(rng) % (uint64_t)nb];
    }
    return (int)(mix(rng) % (uint64_t)n);
}

/* The names of the cards in `deal`, comma separated, for messages. */
static void deal_names(const Rules *r, uint64_t deal, char *out, size_t outlen)
{
    size_t len = 0;
    out[0] = 0;
    for (int c = 0; c < r->power_card_count && len < outlen; c++)
        if ((deal >> c) & 1)
            len += (size_t)snprintf(out + len, outlen - len, "%s%s", len ? ", " : "", r->power_cards[c].name);
}

/* Plays one game to its end, adding each card some player unlocked to
 * unlocked[]. Returns 0, or -1 after printing what went wrong and where. */
static int play_forced_game(Session *s, int players, uint64_t seed, uint64_t deal, int *unlocked)
{
    GameOptions o;
    memset(&o, 0, sizeof o);
    o.players = (uint8_t)players;
    o.setup_variation = (uint8_t)(1 + (seed / 2) % 2);
    if (players >= 3)
        snprintf(o.variant, sizeof o.variant, "%s", seed % 2 ? "symbiosis" : "to_the_left");
    o.deal = deal;
    char err[256], names[512];
    deal_names(&s->rules, deal, names, sizeof names);
    if (session_new_game(s, &o, seed, err, sizeof err)) {
        printf("  %d players, seed %llu, dealt %s: new game: %s\n", players, (unsigned long long)seed,
               names, err);
        return -1;
    }
    s->quiet = 1;   /* a script error fails the game below, with its message */
    static Option opts[MAX_OPTIONS];
    uint64_t rng = seed * 0x9E3779B97F4A7C15ull + (uint64_t)players;
    Game *g = &s->game;
    int decisions = 0, rc = 0;
    while (!game_over(g)) {
        Pending at = g->pending;
        char kind[160];   /* the decision, with a script question's prompt */
        if (at.kind == DK_SCRIPT && g->ask_len > 0) {
            char prompt[120];
            game_prompt_text(g, prompt, sizeof prompt);
            snprintf(kind, sizeof kind, "script question '%s'", prompt);
        } else
            snprintf(kind, sizeof kind, "%s", decision_kind_name(at.kind));
        int n = game_options(g, opts, MAX_OPTIONS);
        const char *what = NULL;
        if (n <= 0) {
            snprintf(err, sizeof err, "no options");
            what = "stall";
        } else if (game_apply(g, choose(g, opts, n, deal, &rng), err, sizeof err)) {
            what = "error";
        } else if (th_script_error(s, g)) {
            snprintf(err, sizeof err, "%.250s", th_script_error(s, g));
            what = "script error";
        } else if (invariants_check(g, err, sizeof err)) {
            what = "invariant broken";
        } else if (++decisions > MAX_DECISIONS) {
            snprintf(err, sizeof err, "no end after %d decisions", MAX_DECISIONS);
            what = "stall";
        }
        if (what) {
            printf("  %d players, seed %llu, dealt %s: decision %d (%s for player %d, turn %d): %s: %s\n",
                   players, (unsigned long long)seed, names, decisions + 1, kind,
                   at.player, g->turn, what, err);
            rc = -1;
            break;
        }
    }
    for (int p = 0; p < g->players; p++)
        for (int slot = 0; slot < g->rules.grid_slot_count; slot++)
            if (g->unlocked[p][slot] && g->grid_card[slot] != 255)
                unlocked[g->grid_card[slot]]++;
    return rc;
}

/* What one worker saw over its share of the seeds. */
typedef struct Share {
    int games, failures;
    int unlocked[MAX_POWER_CARDS];   /* unlocks of card c, over all players and games */
} Share;

/* Plays the seeds 1 + worker, 1 + worker + workers, ... up to GAMES_PER_COUNT;
 * after 3 failed games the worker stops (each failure is printed). */
static void play_share(Session *s, int players, int worker, int workers, Share *out)
{
    memset(out, 0, sizeof *out);
    int cards = s->rules.power_card_count;
    const char *only = getenv("FORCED_POWERS_SEED");
    uint64_t first = 1, last = GAMES_PER_COUNT;
    if (only && *only) {
        first = last = strtoull(only, NULL, 10);
        if (worker > 0)
            return;
        workers = 1;
    }
    for (uint64_t seed = first + (uint64_t)worker; seed <= last && out->failures < 3;
         seed += (uint64_t)workers) {
        uint64_t deal = 0;   /* a window of cards sliding DEAL_SIZE cards per game */
        for (int j = 0; j < DEAL_SIZE; j++)
            deal |= (uint64_t)1 << ((seed * DEAL_SIZE + (uint64_t)j) % (uint64_t)cards);
        out->failures += play_forced_game(s, players, seed, deal, out->unlocked) < 0;
        out->games++;
    }
}

/* Worker processes: the machine's processors, at most 4; one (no fork) under
 * the sanitizers, whose run is short anyway. */
static int worker_count(void)
{
#if defined(__SANITIZE_ADDRESS__)
    return 1;
#else
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 4 ? 4 : (int)n;
#endif
}

/* Forks workers - 1 children, each playing its share on its copy of the session
 * and writing its Share down a pipe; this process plays share 0. A child that
 * dies before writing counts as a failed share. */
static void play_forced(int players)
{
    static Session s;
    char err[256];
    REQUIRE(session_open(&s, ".", err, sizeof err) == 0);
    int cards = s.rules.power_card_count;
    int workers = worker_count();
    pid_t pid[4];
    int fd[4];
    fflush(stdout);
    for (int w = 1; w < workers; w++) {
        int pipefd[2];
        REQUIRE(pipe(pipefd) == 0);
        pid[w] = fork();
        REQUIRE(pid[w] >= 0);
        if (pid[w] == 0) {
            close(pipefd[0]);
            static Share mine;
            play_share(&s, players, w, workers, &mine);
            fflush(stdout);
            const char *p = (const char *)&mine;
            size_t left = sizeof mine;
            while (left > 0) {
                ssize_t k = write(pipefd[1], p, left);
                if (k <= 0)
                    break;
                p += k;
                left -= (size_t)k;
            }
            _exit(left == 0 ? 0 : 1);
        }
        close(pipefd[1]);
        fd[w] = pipefd[0];
    }
    static Share total, one;
    play_share(&s, players, 0, workers, &total);
    for (int w = 1; w < workers; w++) {
        size_t got = 0;
        char *p = (char *)&one;
        ssize_t k;
        while (got < sizeof one && (k = read(fd[w], p + got, sizeof one - got)) > 0)
            got += (size_t)k;
        close(fd[w]);
        int status = 0;
        waitpid(pid[w], &status, 0);
        if (got != sizeof one) {
            th_fail(__FILE__, __LINE__, "%d players: worker %d died (wait status %d) before reporting", players, w,
                    status);
            continue;
        }
        total.games += one.games;
        total.failures += one.failures;
        for (int c = 0; c < cards; c++)
            total.unlocked[c] += one.unlocked[c];
    }
    CHECK_EQ(total.failures, 0);
    const char *only = getenv("FORCED_POWERS_SEED");
    for (int c = 0; c < cards && total.failures == 0 && !(only && *only); c++)   /* a cut-short run proves nothing */
        if (total.unlocked[c] == 0)
            th_fail(__FILE__, __LINE__, "%d players: no player unlocked '%s' in %d games", players,
                    s.rules.power_cards[c].name, total.games);
    session_close(&s);
}

TEST(forced_powers_two_players_every_power_unlocked_invariants_held) { play_forced(2); }
TEST(forced_powers_three_players_every_power_unlocked_invariants_held) { play_forced(3); }
TEST(forced_powers_four_players_every_power_unlocked_invariants_held) { play_forced(4); }
TEST(forced_powers_five_players_every_power_unlocked_invariants_held) { play_forced(5); }
