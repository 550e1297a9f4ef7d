/* sim_run: bot games in one process or several, their result lines, rule
 * coverage and errors (simrun.h). */
#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "invariants.h"
#include "simrun.h"

/* What a batch's games share, resolved once the session is open. */
typedef struct Setup {
    Session *s;
    const SimConfig *c;
    uint64_t deal, hold[MAX_PLAYERS], rotate;
    const char *made;
} Setup;

/* Handler firings now, into f[]; returns how many handlers. */
static int fire_now(const Session *s, uint64_t *f)
{
    static ScriptFireCount fc[COVER_MAX];
    int n = session_fire_counts(s, fc, COVER_MAX);
    n = n > COVER_MAX ? COVER_MAX : n;
    for (int i = 0; i < n; i++)
        f[i] = fc[i].fired;
    return n;
}

/* Adds to aside[] what fired since before[] was taken. */
static void count_aside(const Session *s, uint64_t *aside, uint64_t *before)
{
    static uint64_t after[COVER_MAX];
    int n = fire_now(s, after);
    for (int i = 0; i < n; i++)
        aside[i] += after[i] - before[i];
}

/* The seat leading on points now (scored on a copy, so the game is untouched), -1 for a tie. */
static int leader_now(const Game *g)
{
    static Game copy;
    copy = *g;
    copy.log = NULL;
    Scores sc;
    game_score(&copy, &sc);
    int best = -1, top = -1000000, ties = 0;
    for (int p = 0; p < g->players; p++) {
        if (sc.line[p].total > top) {
            top = sc.line[p].total;
            best = p;
            ties = 0;
        } else if (sc.line[p].total == top) {
            ties++;
        }
    }
    return ties ? -1 : best;
}

/* Records unlocks that happened since the last call. */
static void note_unlocks(const Game *g, GameRecord *r, uint8_t seen[MAX_PLAYERS][MAX_GRID_SLOTS])
{
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
                snprintf(w->card, REC_NAME, "%s", card < g->rules.power_card_count ? g->rules.power_cards[card].name
                                                                                    : "?");
            }
}

static int start_game(const Setup *u, uint64_t k, char *err, int errlen)
{
    const SimConfig *c = u->c;
    GameOptions o = c->options;
    o.deal |= u->deal;
    for (int p = 0; p < MAX_PLAYERS; p++)
        o.hold[p] |= u->hold[p];
    if (u->rotate)
        o.hold[k % o.players] |= u->rotate;
    return cli_start_game(u->s, &o, c->seed + k, c->scenario, err, errlen);
}

static void record_head(const Setup *u, const Game *g, uint64_t seed, GameRecord *r)
{
    memset(r, 0, sizeof *r);
    r->seed = seed;
    r->batch = u->c->batch;
    r->players = g->players;
    r->setup = g->options.setup_variation;
    r->made = u->made;
    snprintf(r->variant, sizeof r->variant, "%s", g->players >= 3 ? g->options.variant : "");
    for (int p = 0; p < g->players; p++) {
        bot_spec(&u->c->seats[p], r->seats[p], REC_NAME);
        cli_cards_names(&g->rules, g->options.hold[p], r->hold[p], REC_CARDS);
    }
    cli_cards_names(&g->rules, g->options.deal, r->deal, REC_CARDS);
}

static void record_tail(const Setup *u, Game *g, GameRecord *r)
{
    Scores sc;
    game_score(g, &sc);
    for (int p = 0; p < g->players; p++) {
        r->score[p] = sc.line[p];
        r->caldera_held[p] = g->player[p].caldera_count;
    }
    r->winners = sc.winners;
    r->first_player = g->first_player;
    r->turns = g->turn;
    snprintf(r->end, sizeof r->end, "%s", end_reason_name(g, g->end_reason));
    snprintf(r->trigger, sizeof r->trigger, "%s", g->end_triggered ? end_reason_name(g, g->end_triggered) : "");
    r->script_errors = (int)g->script_errors;
    snprintf(r->first_error, sizeof r->first_error, "%.399s", u->s->error);
    const ModSet *m = &u->s->mods;
    for (int i = 0; i < m->count && r->nfailed < REC_MAX_FAILED; i++)
        if (mods_disabled(g, &m->mod[i])) {
            ModFailure *f = &r->failed[r->nfailed++];
            snprintf(f->mod, sizeof f->mod, "%s", m->mod[i].name);
            snprintf(f->error, sizeof f->error, "%.*s", (int)sizeof f->error - 1, m->mod[i].error);   /* cut to fit */
        }
}

/* What --check records of a game to play it again alone: every action and
 * the state hash at the start and after each. */
typedef struct Trace {
    Option *action;
    uint64_t *hash;
    int len, cap;
} Trace;

/* Appends action o (NULL: none, the start) and the hash after it. */
static int trace_add(Trace *t, const Option *o, uint64_t hash)
{
    if (t->len + 1 >= t->cap) {
        int cap = t->cap ? 2 * t->cap : 512;
        Option *a = realloc(t->action, (size_t)cap * sizeof *a);
        if (a)
            t->action = a;
        uint64_t *h = realloc(t->hash, (size_t)cap * sizeof *h);
        if (h)
            t->hash = h;
        if (!a || !h)
            return -1;
        t->cap = cap;
    }
    if (o)
        t->action[t->len++] = *o;
    t->hash[t->len] = hash;
    return 0;
}

static void trace_free(Trace *t)
{
    free(t->action);
    free(t->hash);
    memset(t, 0, sizeof *t);
}

typedef struct AloneStart {
    const Setup *u;
    uint64_t k;
} AloneStart;

static int start_alone(Session *fresh, void *ud, char *err, int errlen)
{
    const AloneStart *a = ud;
    Setup u = *a->u;
    u.s = fresh;
    return start_game(&u, a->k, err, errlen);
}

/* --check: game k, played as it was in the batch, must be the same game
 * played alone in a fresh session. */
static int check_alone(const Setup *u, uint64_t k, const Trace *t, char *err, int errlen)
{
    AloneStart a = { u, k };
    return session_replay_alone(u->s, start_alone, &a, t->action, t->hash, t->len, err, errlen);
}

static void bots_free(Bot *bots, int n)
{
    for (int p = 0; p < n; p++)
        bot_free(&bots[p]);
}

/* Applies opts[pick]; under --check, checks the invariants and records the
 * action for the game alone (t). Returns the next decision's option count,
 * or -1 with err. */
static int apply_checked(const Setup *u, Game *g, Option *opts, int pick, Trace *t, char *err, int errlen)
{
    Option taken = opts[pick];
    int n = game_apply_listed(g, &opts[pick], opts, err, errlen);
    if (n < 0 || !u->c->check)
        return n;
    if (invariants_check(g, err, errlen))
        return -1;
    if (trace_add(t, &taken, game_hash(g))) {
        snprintf(err, (size_t)errlen, "out of memory for the record --check keeps");
        return -1;
    }
    return n;
}

/* Plays game k of the batch into r. aside[] gathers handler calls that were
 * not real play (bots' thinking, the lead tracking's scoring). */
static int play_one(const Setup *u, uint64_t k, GameRecord *r, uint64_t *aside, Trace *t)
{
    static Option opts[MAX_OPTIONS];
    static uint64_t before[COVER_MAX];
    const SimConfig *c = u->c;
    uint64_t seed = c->seed + k;
    char err[512];
    if (start_game(u, k, err, sizeof err) || (c->check && trace_add(t, NULL, game_hash(&u->s->game)))) {
        fprintf(stderr, "volcanique: game seed %llu: %s\n", (unsigned long long)seed, err);
        return 1;
    }
    Game *g = &u->s->game;
    g->log = NULL;   /* nothing to save: skip recording */
    Bot bots[MAX_PLAYERS];
    for (int p = 0; p < g->players; p++)
        bot_init(&bots[p], &c->seats[p], seed * 0x9E3779B97F4A7C15ULL + (uint64_t)p * 0xBF58476D1CE4E5B9ULL + 1);
    record_head(u, g, seed, r);
    uint8_t seen[MAX_PLAYERS][MAX_GRID_SLOTS] = { { 0 } };
    int leader = -1, turn = g->turn;
    int n = game_options(g, opts, MAX_OPTIONS);
    while (!game_over(g)) {
        int p = g->pending.player;
        int think = bots[p].cfg.kind != BOT_RANDOM && n > 1;
        if (think)
            fire_now(u->s, before);
        int pick = bot_choose(&bots[p], g, opts, n);
        for (int q = 0; q < g->players && pick >= 0; q++)
            bot_observe(&bots[q], g, pick);   /* mcts keeps its tree */
        if (think)
            count_aside(u->s, aside, before);
        if (pick < 0) {
            fprintf(stderr, "volcanique: game seed %llu: a bot could not allocate its workspace\n",
                    (unsigned long long)seed);
            bots_free(bots, g->players);
            return 1;
        }
        if (g->pending.kind == DK_BUY && opts[pick].verb == VERB_BUY && opts[pick].subject == BUY_CALDERA)
            r->caldera_bought[p]++;
        n = apply_checked(u, g, opts, pick, t, err, sizeof err);
        if (n < 0) {
            fprintf(stderr, "volcanique: game seed %llu, decision %d: %s\n", (unsigned long long)seed,
                    r->decisions + 1, err);
            bots_free(bots, g->players);
            return 1;
        }
        r->decisions++;
        note_unlocks(g, r, seen);
        if (g->turn != turn && g->phase != PHASE_SETUP && !game_over(g)) {   /* a turn ended: who leads? */
            turn = g->turn;
            fire_now(u->s, before);
            int now = leader_now(g);
            count_aside(u->s, aside, before);
            r->lead_changes += now >= 0 && leader >= 0 && now != leader;
            leader = now >= 0 ? now : leader;
        }
    }
    bots_free(bots, g->players);
    record_tail(u, g, r);   /* the final scoring is real play: its handler calls count */
    int winner = __builtin_popcount((unsigned)r->winners) == 1 ? __builtin_ctz((unsigned)r->winners) : -1;
    r->lead_changes += winner >= 0 && leader >= 0 && winner != leader;
    return 0;
}

/* play_one, and under --check the same game played again alone. */
static int play_checked(const Setup *u, uint64_t k, GameRecord *r, uint64_t *aside)
{
    Trace t = { 0 };
    char err[1024];
    int rc = play_one(u, k, r, aside, &t);
    if (rc == 0 && u->c->check && check_alone(u, k, &t, err, sizeof err)) {
        fprintf(stderr, "volcanique: game seed %llu: %s\n", (unsigned long long)(u->c->seed + k), err);
        rc = 1;
    }
    trace_free(&t);
    return rc;
}

/* ---- how the games were made ---- */

static json_t *params_json(const GameOptions *o)
{
    json_t *a = json_array();
    for (int i = 0; i < o->param_count; i++) {
        double v = o->params[i].value;
        json_t *p = json_object();
        json_object_set_new(p, "name", json_string(o->params[i].name));
        json_object_set_new(p, "value", v == (double)(long long)v && v > -1e15 && v < 1e15
                                            ? json_integer((long long)v) : json_real(v));
        json_array_append_new(a, p);
    }
    return a;
}

/* The "made" object of every line of the batch, interned. */
static const char *made_of(const Session *s, const SimConfig *c)
{
    json_t *m = json_object(), *mods = json_array();
    char hash[24];
    snprintf(hash, sizeof hash, "%016llx", (unsigned long long)rules_hash(&s->rules));
    json_object_set_new(m, "engine", json_string(VQ_ENGINE_VERSION));
    json_object_set_new(m, "rules_version", json_string(RULES_VERSION));
    json_object_set_new(m, "rules_hash", json_string(hash));
    json_object_set_new(m, "root", json_string(s->root));
    for (int i = 0; i < s->mods.count; i++) {
        json_t *e = json_object();
        json_object_set_new(e, "name", json_string(s->mods.mod[i].name));
        json_object_set_new(e, "hash", json_string(s->mods.mod[i].hash));
        json_array_append_new(mods, e);
    }
    json_object_set_new(m, "mods", mods);
    json_object_set_new(m, "params", params_json(&c->options));
    if (c->scenario && c->scenario->text) {
        json_t *sc = json_object();
        json_object_set_new(sc, "file", json_string(c->scenario->file));
        json_object_set_new(sc, "hash", json_string(c->scenario->hash));
        json_object_set_new(m, "scenario", sc);
    }
    char *text = json_dumps(m, JSON_COMPACT | JSON_PRESERVE_ORDER);
    json_decref(m);
    const char *made = text ? record_intern(text) : NULL;
    free(text);
    return made;
}

/* ---- workers ---- */

/* What a worker sends back besides its lines. */
typedef struct PartOut {
    uint64_t fired[COVER_MAX];
    uint32_t params_read;
} PartOut;

/* Plays positions worker, worker + jobs, ... of the shard's list; writes the
 * lines to out, a tick per game to tick_fd (or the progress, when -1). */
static int run_part(const Setup *u, int jobs, int worker, FILE *out, PartOut *po, int tick_fd, Progress *pr,
                    ErrorTally *tally)
{
    static uint64_t aside[COVER_MAX];
    const SimConfig *c = u->c;
    memset(aside, 0, sizeof aside);
    session_reset_fire_counts(u->s);
    u->s->params_read = 0;
    uint64_t pos = 0;
    static GameRecord r;
    for (uint64_t k = 0; k < c->games; k++) {
        if (k % (uint64_t)c->shard_n != (uint64_t)c->shard_i || pos++ % (uint64_t)jobs != (uint64_t)worker)
            continue;
        if (play_checked(u, k, &r, aside))
            return 1;
        record_write(out, &r);
        if (tally)
            tally_add(tally, &r);
        if (tick_fd >= 0) {
            char b = 1;
            ssize_t w = write(tick_fd, &b, 1);
            (void)w;
        } else {
            progress_add(pr, 1);
        }
    }
    int n = fire_now(u->s, po->fired);
    for (int i = 0; i < n; i++)
        po->fired[i] -= aside[i];
    po->params_read = u->s->params_read;
    return 0;
}

static int worker_files(int jobs, FILE **lines, FILE **extra)
{
    for (int w = 0; w < jobs; w++) {
        lines[w] = tmpfile();
        extra[w] = tmpfile();
        if (!lines[w] || !extra[w]) {
            fprintf(stderr, "volcanique: cannot make a temporary file: %s\n", strerror(errno));
            return -1;
        }
    }
    return 0;
}

/* Deals worker w's lines back in position order (w holds w, w + jobs, ...). */
static int gather(int jobs, uint64_t total, FILE **lines, FILE **extra, FILE *out, PartOut *po, ErrorTally *tally)
{
    static PartOut mine;
    for (int w = 0; w < jobs; w++) {
        rewind(lines[w]);
        rewind(extra[w]);
        if (fread(&mine, sizeof mine, 1, extra[w]) != 1) {
            fprintf(stderr, "volcanique: worker %d lost its coverage\n", w);
            return 1;
        }
        for (int i = 0; i < COVER_MAX; i++)
            po->fired[i] += mine.fired[i];
        po->params_read |= mine.params_read;
    }
    char *line = NULL;
    size_t cap = 0;
    int rc = 0;
    static GameRecord r;
    for (uint64_t p = 0; p < total && rc == 0; p++) {
        char err[200];
        if (getline(&line, &cap, lines[p % (uint64_t)jobs]) < 0) {
            fprintf(stderr, "volcanique: worker %d lost its results\n", (int)(p % (uint64_t)jobs));
            rc = 1;
        } else if (tally && record_parse(line, &r, err, sizeof err) == 0) {
            tally_add(tally, &r);
        }
        if (rc == 0)
            fputs(line, out);
    }
    free(line);
    return rc;
}

static int run_workers(const Setup *u, uint64_t total, FILE *out, PartOut *po, Progress *pr, ErrorTally *tally)
{
    int jobs = u->c->jobs, ticks[2], rc = 0;
    FILE *lines[64] = { 0 }, *extra[64] = { 0 };
    pid_t pid[64];
    if (pipe(ticks) != 0 || worker_files(jobs, lines, extra)) {
        fprintf(stderr, "volcanique: cannot set up the workers: %s\n", strerror(errno));
        exit(1);
    }
    fflush(out);
    fflush(stderr);
    for (int w = 0; w < jobs; w++) {
        pid[w] = fork();
        if (pid[w] < 0) {
            fprintf(stderr, "volcanique: cannot start worker %d: %s\n", w, strerror(errno));
            exit(1);
        }
        if (pid[w] == 0) {
            close(ticks[0]);
            static PartOut mine;
            int wrc = run_part(u, jobs, w, lines[w], &mine, ticks[1], NULL, NULL);
            fwrite(&mine, sizeof mine, 1, extra[w]);
            fflush(lines[w]);
            fflush(extra[w]);
            _exit(wrc);
        }
    }
    close(ticks[1]);
    char buf[256];
    ssize_t got;
    while ((got = read(ticks[0], buf, sizeof buf)) > 0 || (got < 0 && errno == EINTR))
        if (got > 0)
            progress_add(pr, (uint64_t)got);
    close(ticks[0]);
    for (int w = 0; w < jobs; w++) {
        int st;
        if (waitpid(pid[w], &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0)
            rc = 1;
    }
    if (rc == 0)
        rc = gather(jobs, total, lines, extra, out, po, tally);
    for (int w = 0; w < jobs; w++) {
        fclose(lines[w]);
        fclose(extra[w]);
    }
    return rc;
}

uint64_t sim_shard_games(uint64_t games, int shard_i, int shard_n)
{
    uint64_t n = (uint64_t)shard_n, i = (uint64_t)shard_i;
    return games / n + (i < games % n);
}

static int resolve(Setup *u, char *err, int errlen)
{
    const SimConfig *c = u->c;
    if (session_cards_mask(u->s, c->deal, "--deal", &u->deal, err, errlen) ||
        session_cards_mask(u->s, c->rotate_hold, "the power", &u->rotate, err, errlen))
        return -1;
    for (int p = 0; p < MAX_PLAYERS; p++) {
        if (session_cards_mask(u->s, c->hold[p], "--hold", &u->hold[p], err, errlen))
            return -1;
        if (u->hold[p] && p >= c->options.players) {
            snprintf(err, (size_t)errlen, "--hold: seat %c is not in a %d-player game", 'A' + p, c->options.players);
            return -1;
        }
    }
    u->made = made_of(u->s, c);
    return u->made ? 0 : -1;
}

int sim_run(const SimConfig *c, FILE *out, Coverage *cov, ErrorTally *tally)
{
    char root[SESSION_PATH], err[512];
    if (c->root)
        snprintf(root, sizeof root, "%s", c->root);
    else
        session_default_root(root, sizeof root);
    static Session s;
    if (session_open_mods(&s, root, c->mods, err, sizeof err)) {
        fprintf(stderr, "volcanique: cannot load the rules: %s\n", err);
        return 1;
    }
    s.quiet = 1;   /* failures are counted per game and reported once at the end */
    Setup u = { .s = &s, .c = c };
    if (resolve(&u, err, sizeof err)) {
        fprintf(stderr, "volcanique: %s\n", err);
        session_close(&s);
        return 1;
    }
    uint64_t total = sim_shard_games(c->games, c->shard_i, c->shard_n);
    Progress own, *pr = c->progress ? c->progress : &own;
    if (!c->progress)
        progress_start(&own, c->label ? c->label : "sim", total);
    static PartOut po;
    memset(&po, 0, sizeof po);
    int rc = c->jobs <= 1 || total <= 1 ? run_part(&u, 1, 0, out, &po, -1, pr, tally)
                                        : run_workers(&u, total, out, &po, pr, tally);
    if (!c->progress)
        progress_end(&own);
    if (cov && rc == 0) {
        coverage_fill(cov, &s, po.fired, (int)total);
        for (int i = 0; i < c->options.param_count; i++)
            if ((po.params_read >> i) & 1)
                coverage_note_read(cov, c->options.params[i].name);
    }
    fflush(out);
    session_close(&s);
    return rc;
}
