/* sim: headless bot games, one JSON line per game on stdout (record_write),
 * and sim_run, the batch runner compare and strength share. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "invariants.h"
#include "stats.h"

int sim_parse_seats(const char *list, int players, BotConfig seats[MAX_PLAYERS])
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", list);
    int n = 0;
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (n >= MAX_PLAYERS || bot_parse(tok, &seats[n]) != 0) {
            fprintf(stderr, "volcanique: --seats: '%s' is not a bot (random, greedy, mcts, mcts:N, mcts:Nms)%s\n",
                    tok, n >= MAX_PLAYERS ? " or there are too many seats" : "");
            return -1;
        }
        n++;
    }
    if (n == 0) {
        fprintf(stderr, "volcanique: --seats: empty list\n");
        return -1;
    }
    if (n > players) {
        fprintf(stderr, "volcanique: --seats: %d seats for %d players\n", n, players);
        return -1;
    }
    for (int p = n; p < MAX_PLAYERS; p++)
        seats[p] = seats[n - 1];
    return 0;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Progress of a batch on stderr: a bar redrawn in place on a terminal, else
 * (with SimConfig.progress_lines) one line every that many seconds. */
typedef struct Ticker {
    const char *label;
    uint64_t done, total;
    double start, last_line;
    int tty, every;
} Ticker;

static void progress(Ticker *t)
{
    double now = now_s(), el = now - t->start, rate = el > 0 ? t->done / el : 0;
    double left = rate > 0 ? (t->total - t->done) / rate : 0;
    const char *label = t->label ? t->label : "sim";
    if (!t->tty) {
        if (t->every <= 0 || now - t->last_line < t->every)
            return;
        t->last_line = now;
        if (t->done)
            fprintf(stderr, "%s: %llu/%llu games after %.0fs, about %.0fs left\n", label,
                    (unsigned long long)t->done, (unsigned long long)t->total, el, left);
        else
            fprintf(stderr, "%s: 0/%llu games after %.0fs\n", label, (unsigned long long)t->total, el);
        return;
    }
    int width = 30, fill = t->total ? (int)(width * t->done / t->total) : width;
    char bar[32];
    for (int i = 0; i < width; i++)
        bar[i] = i < fill ? '#' : '.';
    bar[width] = 0;
    fprintf(stderr, "\r%s [%s] %llu/%llu games, %.1f/s, %.0fs left ", label, bar, (unsigned long long)t->done,
            (unsigned long long)t->total, rate, left);
}

/* Fire counts now, into f[]. */
static int fire_now(Script *s, uint64_t *f)
{
    static ScriptFireCount fc[COVER_MAX];
    int n = script_fire_counts(s, fc, COVER_MAX);
    if (n > COVER_MAX)
        n = COVER_MAX;
    for (int i = 0; i < n; i++)
        f[i] = fc[i].fired;
    return n;
}

/* The seat to decide chooses, and every bot is told the choice (mcts keeps
 * its tree so); returns the pick. thinking[] gathers handler firings inside
 * bots' clones. */
static int decide(Session *s, Bot *bots, const Option *opts, int n, uint64_t *thinking)
{
    Game *g = &s->game;
    uint64_t before[COVER_MAX], after[COVER_MAX];
    int nf = thinking ? fire_now(s->script, before) : 0;
    int pick = bot_choose(&bots[g->pending.player], g, opts, n);
    for (int q = 0; q < g->players && pick >= 0; q++)
        bot_observe(&bots[q], g, pick);
    if (thinking) {
        fire_now(s->script, after);
        for (int i = 0; i < nf; i++)
            thinking[i] += after[i] - before[i];
    }
    return pick;
}

static int play_game(Session *s, const SimConfig *c, uint64_t game_seed, GameRecord *r, uint64_t *thinking,
                     Bot *bots, Ticker *tick);

/* Plays one game; fills r. thinking[] gathers handler firings inside bots' clones. */
static int play_one(Session *s, const SimConfig *c, uint64_t game_seed, GameRecord *r, uint64_t *thinking,
                    Ticker *tick)
{
    char err[512];
    if (session_new_game(s, &c->options, game_seed, err, sizeof err)) {
        fprintf(stderr, "volcanique sim: %s\n", err);
        return 1;
    }
    Bot bots[MAX_PLAYERS];
    int thinkers = 0;   /* random bots fire no handler while they choose */
    for (int p = 0; p < s->game.players; p++) {
        bot_init(&bots[p], &c->seats[p], game_seed * 0x9E3779B97F4A7C15ULL + (uint64_t)p * 0xBF58476D1CE4E5B9ULL + 1);
        thinkers += c->seats[p].kind != BOT_RANDOM;
    }
    int rc = play_game(s, c, game_seed, r, thinkers ? thinking : NULL, bots, tick);
    for (int p = 0; p < s->game.players; p++)
        bot_free(&bots[p]);
    return rc;
}

/* tick (NULL in worker processes) hears of every decision, so slow games
 * still report progress on time. */
static int play_game(Session *s, const SimConfig *c, uint64_t game_seed, GameRecord *r, uint64_t *thinking,
                     Bot *bots, Ticker *tick)
{
    static Option opts[MAX_OPTIONS];
    char err[512];
    Game *g = &s->game;
    g->log = NULL;   /* nothing to save: skip recording */
    memset(r, 0, sizeof *r);
    r->seed = game_seed;
    r->players = g->players;
    r->setup = g->options.setup_variation;
    snprintf(r->variant, sizeof r->variant, "%s", g->players >= 3 ? g->options.variant : "");
    for (int p = 0; p < g->players; p++)
        bot_spec(&c->seats[p], r->seats[p], REC_NAME);
    uint8_t seen[MAX_PLAYERS][MAX_GRID_SLOTS] = { { 0 } };
    int decisions = 0;
    while (!game_over(g)) {
        int n = game_options(g, opts, MAX_OPTIONS);
        int p = g->pending.player;
        int pick = decide(s, bots, opts, n, thinking);
        if (pick >= 0 && g->pending.kind == DK_BUY && opts[pick].verb == VERB_BUY && opts[pick].subject == BUY_CALDERA)
            r->caldera_bought[p]++;
        if (game_apply(g, pick, err, sizeof err) || (c->check && invariants_check(g, err, sizeof err))) {
            fprintf(stderr, "volcanique sim: game seed %llu, decision %d: %s\n", (unsigned long long)game_seed,
                    decisions + 1, err);
            return 1;
        }
        decisions++;
        if (tick && !tick->tty)
            progress(tick);
        for (int q = 0; q < g->players; q++)
            for (int sl = 0; sl < g->rules.grid_slot_count; sl++)
                if (g->unlocked[q][sl] && !seen[q][sl] && r->npowers < REC_MAX_POWERS) {
                    seen[q][sl] = 1;
                    PowerRecord *w = &r->powers[r->npowers++];
                    int card = g->grid_card[sl];
                    w->seat = (uint8_t)q;
                    w->slot = (uint8_t)sl;
                    w->level = g->rules.grid[sl].level;
                    w->turn = g->turn;
                    snprintf(w->card, REC_NAME, "%s", card < g->rules.power_card_count ?
                             g->rules.power_cards[card].name : "?");
                }
    }
    Scores sc;
    game_score(g, &sc);
    for (int p = 0; p < g->players; p++) {
        r->score[p] = sc.line[p];
        r->caldera_held[p] = g->player[p].caldera_count;
    }
    r->winners = sc.winners;
    r->first_player = g->first_player;
    r->turns = g->turn;
    r->decisions = decisions;
    snprintf(r->end, sizeof r->end, "%s", end_reason_name(g->end_reason));
    return 0;
}

static void coverage_fill(Coverage *cov, Script *script, const uint64_t *fired)
{
    static ScriptFireCount fc[COVER_MAX];
    int n = script_fire_counts(script, fc, COVER_MAX);
    cov->count = n > COVER_MAX ? COVER_MAX : n;
    for (int i = 0; i < cov->count; i++) {
        snprintf(cov->chunk[i], sizeof cov->chunk[i], "%s", fc[i].chunk);
        snprintf(cov->event[i], sizeof cov->event[i], "%s", fc[i].event);
        cov->priority[i] = (long)fc[i].priority;
        cov->fired[i] = fired[i];
    }
}

/* Plays the games of positions worker, worker + jobs, ... of the shard's list;
 * writes their lines to out and the real firings (thinking removed) to fired. */
static int run_part(Session *s, const SimConfig *c, int worker, FILE *out, uint64_t *fired, int tick_fd,
                    Ticker *tick)
{
    static uint64_t thinking[COVER_MAX];
    memset(thinking, 0, sizeof thinking);
    script_reset_fire_counts(s->script);
    uint64_t pos = 0, done = 0;
    for (uint64_t k = 0; k < c->games; k++) {
        if (k % (uint64_t)c->shard_n != (uint64_t)c->shard_i)
            continue;
        if (pos++ % (uint64_t)c->jobs != (uint64_t)worker)
            continue;
        GameRecord r;
        if (play_one(s, c, c->seed + k, &r, thinking, tick))
            return 1;
        record_write(out, &r);
        done++;
        if (tick_fd >= 0) {
            char b = 1;
            ssize_t w = write(tick_fd, &b, 1);
            (void)w;
        } else if (tick) {
            tick->done = done;
            progress(tick);
        }
    }
    int n = fire_now(s->script, fired);
    for (int i = 0; i < n; i++)
        fired[i] -= thinking[i];
    return 0;
}

int sim_run(const SimConfig *c, FILE *out, Coverage *cov)
{
    char root[SESSION_PATH], err[512];
    if (c->root)
        snprintf(root, sizeof root, "%s", c->root);
    else
        session_default_root(root, sizeof root);
    static Session s;
    if (session_open_mods(&s, root, c->mods, err, sizeof err)) {
        fprintf(stderr, "volcanique: %s\n", err);
        return 1;
    }
    session_set_deal(&s, cli_deal);
    uint64_t total = 0;
    for (uint64_t k = 0; k < c->games; k++)
        total += k % (uint64_t)c->shard_n == (uint64_t)c->shard_i;
    int tty = isatty(STDERR_FILENO);
    double start = now_s();
    Ticker tick = { c->label, 0, total, start, start, tty, c->progress_lines };
    static uint64_t fired[COVER_MAX];
    memset(fired, 0, sizeof fired);
    int rc = 0;
    if (c->jobs <= 1 || total <= 1) {
        SimConfig one = *c;
        one.jobs = 1;
        rc = run_part(&s, &one, 0, out, fired, -1, &tick);
    } else {
        int jobs = c->jobs;
        FILE *lines[64], *cover[64];
        pid_t pid[64];
        int ticks[2];
        if (pipe(ticks) != 0) {
            fprintf(stderr, "volcanique: cannot make a pipe: %s\n", strerror(errno));
            session_close(&s);
            return 1;
        }
        fflush(out);
        fflush(stderr);
        for (int w = 0; w < jobs; w++) {
            lines[w] = tmpfile();
            cover[w] = tmpfile();
            if (!lines[w] || !cover[w]) {
                fprintf(stderr, "volcanique: cannot make a temporary file: %s\n", strerror(errno));
                exit(1);
            }
            pid[w] = fork();
            if (pid[w] < 0) {
                fprintf(stderr, "volcanique: cannot start worker %d: %s\n", w, strerror(errno));
                exit(1);
            }
            if (pid[w] == 0) {
                close(ticks[0]);
                static uint64_t mine[COVER_MAX];
                int wrc = run_part(&s, c, w, lines[w], mine, ticks[1], NULL);
                for (int i = 0; i < COVER_MAX; i++)
                    fprintf(cover[w], "%llu\n", (unsigned long long)mine[i]);
                fflush(lines[w]);
                fflush(cover[w]);
                _exit(wrc);
            }
        }
        close(ticks[1]);
        uint64_t done = 0;
        char buf[256];
        ssize_t got;
        for (;;) {
            struct pollfd pf = { ticks[0], POLLIN, 0 };
            if (poll(&pf, 1, 1000) == 0) {   /* nothing finished this second: a line may still be due */
                progress(&tick);
                continue;
            }
            got = read(ticks[0], buf, sizeof buf);
            if (got < 0 && errno == EINTR)
                continue;
            if (got <= 0)
                break;
            done += (uint64_t)got;
            tick.done = done;
            progress(&tick);
        }
        close(ticks[0]);
        for (int w = 0; w < jobs; w++) {
            int st;
            if (waitpid(pid[w], &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0)
                rc = 1;
        }
        if (rc == 0) {
            /* Worker w holds positions w, w + jobs, ...: deal the lines back in order. */
            char *line = NULL;
            size_t cap = 0;
            for (int w = 0; w < jobs; w++) {
                rewind(lines[w]);
                rewind(cover[w]);
                for (int i = 0; i < COVER_MAX; i++) {
                    unsigned long long v = 0;
                    if (fscanf(cover[w], "%llu", &v) == 1)
                        fired[i] += v;
                }
            }
            for (uint64_t p = 0; p < total; p++) {
                if (getline(&line, &cap, lines[p % (uint64_t)jobs]) < 0) {
                    fprintf(stderr, "volcanique: worker %d lost its results\n", (int)(p % (uint64_t)jobs));
                    rc = 1;
                    break;
                }
                fputs(line, out);
            }
            free(line);
        }
        for (int w = 0; w < jobs; w++) {
            fclose(lines[w]);
            fclose(cover[w]);
        }
    }
    if (tty && total > 0)
        fprintf(stderr, "\n");
    if (cov && rc == 0)
        coverage_fill(cov, s.script, fired);
    fflush(out);
    session_close(&s);
    return rc;
}

void sim_config_defaults(SimConfig *c)
{
    memset(c, 0, sizeof *c);
    c->options = (GameOptions){ .players = 2, .setup_variation = 1, .variant = "symbiosis" };
    c->seed = 1;
    c->shard_n = 1;
    c->jobs = 1;
}

int sim_config_option(const CliArgs *a, int i, SimConfig *c, uint64_t max_games, const char **seats, int *used)
{
    uint64_t v;
    const char *opt = a->argv[i], *val = i + 1 < a->argc ? a->argv[i + 1] : NULL;
    if (cli_game_option(a, i, &c->options, &c->seed, used))
        return -1;
    if (*used)
        return 0;
    if (!val)
        return 0;
    if (strcmp(opt, "--games") == 0) {
        if (cli_number(val, "--games", 1, max_games, &c->games))
            return -1;
    } else if (strcmp(opt, "--jobs") == 0) {
        if (cli_number(val, "--jobs", 1, 64, &v))
            return -1;
        c->jobs = (int)v;
    } else if (strcmp(opt, "--seats") == 0) {
        *seats = val;
    } else {
        return 0;
    }
    *used = 2;
    return 0;
}

int cmd_sim(const CliArgs *a)
{
    SimConfig c;
    sim_config_defaults(&c);
    c.root = a->root;
    c.label = "sim";
    const char *seats = "random";
    for (int i = 0; i < a->argc;) {
        int used;
        const char *opt = a->argv[i], *val = i + 1 < a->argc ? a->argv[i + 1] : NULL;
        if (sim_config_option(a, i, &c, 100000000, &seats, &used))
            return 2;
        if (used) {
            i += used;
        } else if (strcmp(opt, "--shard") == 0 && val) {
            unsigned si, sn;
            char tail;
            if (sscanf(val, "%u/%u%c", &si, &sn, &tail) != 2 || sn == 0 || sn > 1000000 || si >= sn) {
                fprintf(stderr, "volcanique sim: --shard: expected I/N with 0 <= I < N, got '%s'\n", val);
                return 2;
            }
            c.shard_i = (int)si;
            c.shard_n = (int)sn;
            i += 2;
        } else if (strcmp(opt, "--check") == 0) {
            c.check = 1;
            i++;
        } else {
            fprintf(stderr, "volcanique sim: unknown or incomplete option '%s' (see volcanique --help)\n", opt);
            return 2;
        }
    }
    if (c.games == 0) {
        fprintf(stderr, "volcanique sim: how many games? (--games K)\n");
        return 2;
    }
    if (sim_parse_seats(seats, c.options.players, c.seats))
        return 2;
    c.mods = cli_mods_list();
    return sim_run(&c, stdout, NULL);
}
