/* The game threads: each owns its tables, applies their moves, stores
 * them, tells their followers and hands their bots' decisions to the think
 * threads (srv_internal.h). */
#include "srv_internal.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void net_srv_req_free(SrvReq *r)
{
    if (!r)
        return;
    json_decref(r->re);
    free(r->create);
    free(r);
}

void net_srv_game_post(NetServer *srv, int thread, SrvReq *req)
{
    SrvGameThread *g = &srv->games[thread];
    req->next = NULL;
    pthread_mutex_lock(&g->mu);
    if (g->tail)
        g->tail->next = req;
    else
        g->head = req;
    g->tail = req;
    pthread_cond_signal(&g->cv);
    pthread_mutex_unlock(&g->mu);
}

static Session *table_session(SrvGameThread *g, SrvTable *t)
{
    char err[400];
    Session *s = net_srv_session_get(&g->sessions, t->mods_list, err, sizeof err);
    if (!s)
        fprintf(stderr, "volcanique serve: table %s: cannot open its rules: %s\n", t->row.id, err);
    return s;
}

void net_srv_game_send_state(SrvGameThread *g, SrvTable *t, uint64_t conn, int seat)
{
    net_srv_out(g->srv, conn, net_srv_msg_json(net_srv_state_message(t, seat, 0, g->sc)), 0, t, g->index, seat);
}

/* A bot's decision goes to a think thread, now or after the bot delay. */
static void maybe_think(SrvGameThread *g, SrvTable *t)
{
    int p = t->game.pending.player;
    if (t->thinking || net_srv_table_over(t) || p >= t->players || t->seat[p].person)
        return;
    int64_t now = (int64_t)net_srv_now_ms();
    if (g->srv->cfg.bot_delay_ms > 0 && t->bot_due_ms == 0) {
        t->bot_due_ms = now + g->srv->cfg.bot_delay_ms;
        return;
    }
    if (t->bot_due_ms > now)
        return;
    SrvThinkJob *job = malloc(sizeof *job);
    if (!job) {
        fprintf(stderr, "volcanique serve: table %s: out of memory for a bot's decision\n", t->row.id);
        return;
    }
    job->table = t;
    job->thread = g->index;
    job->decision = net_srv_table_decision(t);
    snprintf(job->mods, sizeof job->mods, "%s", t->mods_list);
    job->game = t->game;
    job->game.log = NULL;
    job->bot = &t->bots[p];
    t->thinking = 1;
    t->bot_due_ms = 0;
    net_srv_think_post(g->srv, job);
}

/* Whether the pending decision is a server bot's that decides at once
 * (random, greedy) with no delay: its moves and the next ones are told in
 * one state when the run of such decisions ends. */
static int quick_bot_next(const NetServer *srv, const SrvTable *t)
{
    int p = t->game.pending.player;
    return !net_srv_table_over(t) && p < t->players && !t->seat[p].person && t->seat[p].bot.kind != BOT_MCTS &&
           srv->cfg.bot_delay_ms == 0;
}

void net_srv_game_changed(SrvGameThread *g, SrvTable *t)
{
    int story_from = t->story_told;
    t->story_told = t->story_len;
    for (int seat = -1; seat < t->players; seat++) {
        SrvMsg *m = NULL;
        for (int i = 0; i < t->sub_len; i++) {
            if (t->subs[i].seat != seat)
                continue;
            if (!m && !(m = net_srv_msg_json(net_srv_state_message(t, seat, story_from, g->sc))))
                break;
            net_srv_out(g->srv, t->subs[i].conn, net_srv_msg_ref(m), 0, t, g->index, seat);
        }
        net_srv_msg_unref(m);
    }
    net_srv_registry_update(&g->srv->reg, t);
    maybe_think(g, t);
}

static void reply_error(SrvGameThread *g, SrvReq *r, int code, const char *fmt, ...)
        __attribute__((format(printf, 4, 5)));
static void reply_error(SrvGameThread *g, SrvReq *r, int code, const char *fmt, ...)
{
    char text[500];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    net_srv_out(g->srv, r->conn, net_srv_msg_error(r->re, code, "%s", text), 0, NULL, g->index, 0);
}

/* After a change that a script may have failed in: say so, loudly. */
static void after_apply(SrvGameThread *g, SrvTable *t, Session *s)
{
    atomic_fetch_add(&g->srv->moves, 1);
    if (s->error_count > 0) {
        fprintf(stderr, "volcanique serve: table %s: script error: %s\n", t->row.id, s->error);
        SrvMsg *m = net_srv_msg_error(NULL, NET_E_SCRIPT_ERROR, "a rules script failed at turn %d; the mod at fault"
                                  " is off in this game (the host's log has the details)", t->game.turn);
        for (int i = 0; m && i < t->sub_len; i++)
            net_srv_out(g->srv, t->subs[i].conn, net_srv_msg_ref(m), 0, t, g->index, t->subs[i].seat);
        net_srv_msg_unref(m);
    }
    if (quick_bot_next(g->srv, t))
        maybe_think(g, t);   /* told with the bot's moves */
    else
        net_srv_game_changed(g, t);
}

/* Applies option `option` for the table; answers r (NULL: a bot's). Returns 0 when applied. */
static int apply(SrvGameThread *g, SrvTable *t, SrvReq *r, int option)
{
    Session *s = table_session(g, t);
    char err[500];
    int decision = net_srv_table_decision(t);
    int rc = s ? net_srv_table_apply(t, s, g->store, option, g->sc, err, sizeof err) : -2;
    if (!s)
        snprintf(err, sizeof err, "the table's rules cannot be opened");
    if (rc == -2)
        fprintf(stderr, "volcanique serve: table %s: decision %d: %s\n", t->row.id, decision, err);
    if (r && rc == 1)
        reply_error(g, r, NET_E_BAD_OPTION, "decision %d has no option %d", decision, option);
    else if (r && rc == -1)
        reply_error(g, r, NET_E_STORAGE, "the move was not stored (%s); nothing changed", err);
    else if (r && rc == -2)
        reply_error(g, r, NET_E_INTERNAL, "the server failed to apply decision %d: its log says why", decision);
    else if (r)
        net_srv_out(g->srv, r->conn,
                net_srv_msg_json(json_pack("{s:s,s:O?,s:i,s:i}", "type", "accepted", "re", r->re, "decision", decision,
                                       "option", option)),
                OUT_REFUND, t, g->index, 0);
    if (rc == -1)
        fprintf(stderr, "volcanique serve: table %s: %s\n", t->row.id, err);
    if (rc == 0)
        after_apply(g, t, s);
    return rc;
}

static void handle_move(SrvGameThread *g, SrvReq *r)
{
    SrvTable *t = r->table;
    int seat = net_srv_table_sub_seat(t, r->conn), now = net_srv_table_decision(t);
    if (seat == -2)
        reply_error(g, r, NET_E_NOT_JOINED, "join a seat of table %s first", t->row.id);
    else if (seat == -1)
        reply_error(g, r, NET_E_SPECTATOR, "a spectator of table %s makes no move", t->row.id);
    else if (net_srv_table_over(t))
        reply_error(g, r, NET_E_GAME_OVER, "the game at table %s is over", t->row.id);
    else if (r->decision != now)
        reply_error(g, r, NET_E_STALE_DECISION, "decision %d is not the table's: it is at decision %d", r->decision,
                    now);
    else if (t->game.pending.player != seat)
        reply_error(g, r, NET_E_NOT_YOUR_TURN, "decision %d is seat %c's, not seat %c's", now,
                    'A' + t->game.pending.player, 'A' + seat);
    else
        apply(g, t, r, r->option);
}

static void handle_bot_choice(SrvGameThread *g, SrvReq *r)
{
    SrvTable *t = r->table;
    t->thinking = 0;
    int p = t->game.pending.player;
    if (r->decision == net_srv_table_decision(t) && !net_srv_table_over(t) && p < t->players && !t->seat[p].person &&
        apply(g, t, NULL, r->option) == 1) {
        fprintf(stderr, "volcanique serve: table %s: the bot of seat %c chose no option (%d); it takes the first\n",
                t->row.id, 'A' + p, r->option);
        apply(g, t, NULL, 0);
    }
    maybe_think(g, t);
}

void net_srv_game_handle(SrvGameThread *g, SrvReq *r)
{
    switch (r->kind) {
    case REQ_CREATE: net_srv_create_table(g, r); break;
    case REQ_MOVE: handle_move(g, r); break;
    case REQ_BOT_CHOICE: handle_bot_choice(g, r); break;
    case REQ_RESUME:   /* the server has started: the lobby hears of every table, bots play on */
        for (int i = 0; i < g->count; i++) {
            net_srv_registry_update(&g->srv->reg, g->tables[i]);
            maybe_think(g, g->tables[i]);
        }
        break;
    default: net_srv_game_handle_seats(g, r); break;
    }
}

/* The tables whose bot waits out its delay: dispatches those due; returns the
 * milliseconds until the next one (or -1 for none). */
static int64_t bots_due(SrvGameThread *g)
{
    if (g->srv->cfg.bot_delay_ms <= 0)
        return -1;
    int64_t now = (int64_t)net_srv_now_ms(), next = -1;
    for (int i = 0; i < g->count; i++) {
        SrvTable *t = g->tables[i];
        if (t->bot_due_ms == 0 || t->thinking)
            continue;
        if (t->bot_due_ms <= now)
            maybe_think(g, t);
        else if (next < 0 || t->bot_due_ms - now < next)
            next = t->bot_due_ms - now;
    }
    return next;
}

static void wait_for_work(SrvGameThread *g, int64_t ms)
{
    if (ms < 0) {
        pthread_cond_wait(&g->cv, &g->mu);
        return;
    }
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    ts.tv_sec += ms / 1000;
    ts.tv_nsec += (long)(ms % 1000) * 1000000L;
    if (ts.tv_nsec >= 1000000000L) {
        ts.tv_sec++;
        ts.tv_nsec -= 1000000000L;
    }
    pthread_cond_timedwait(&g->cv, &g->mu, &ts);
}

static void *game_thread(void *arg)
{
    SrvGameThread *g = arg;
    for (;;) {
        int64_t next = bots_due(g);
        pthread_mutex_lock(&g->mu);
        while (!g->head && !g->stop) {
            wait_for_work(g, next);
            if (next >= 0)
                break;
        }
        SrvReq *r = g->head;
        g->head = g->tail = NULL;
        int stop = g->stop;
        pthread_mutex_unlock(&g->mu);
        while (r) {
            SrvReq *next_req = r->next;
            net_srv_game_handle(g, r);
            net_srv_req_free(r);
            r = next_req;
        }
        if (stop)
            return NULL;
    }
}

int net_srv_games_start(NetServer *srv, char *err, int errlen)
{
    for (int i = 0; i < srv->game_count; i++) {
        SrvGameThread *g = &srv->games[i];
        if (pthread_create(&g->th, NULL, game_thread, g) != 0) {
            snprintf(err, (size_t)errlen, "cannot start game thread %d: %s", i, strerror(errno));
            return -1;
        }
        g->started = 1;
    }
    return 0;
}

void net_srv_games_stop(NetServer *srv)
{
    for (int i = 0; i < srv->game_count; i++) {
        SrvGameThread *g = &srv->games[i];
        if (!g->started)
            continue;
        pthread_mutex_lock(&g->mu);
        g->stop = 1;
        pthread_cond_signal(&g->cv);
        pthread_mutex_unlock(&g->mu);
        pthread_join(g->th, NULL);
        g->started = 0;
    }
}
