/* The think threads: bots choose on a copy of their table's game, hooked to
 * the thread's own session, so a long think stalls only its own table
 * (srv_internal.h). */
#include "srv_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct ThinkThread {
    NetServer *srv;
    SrvSessions sessions;
    Option *options;
} ThinkThread;

void net_srv_think_post(NetServer *srv, SrvThinkJob *job)
{
    SrvThinkPool *p = &srv->think;
    job->next = NULL;
    pthread_mutex_lock(&p->mu);
    if (p->stop) {   /* the server is stopping: the table keeps its decision for the next start */
        pthread_mutex_unlock(&p->mu);
        free(job);
        return;
    }
    if (p->tail)
        p->tail->next = job;
    else
        p->head = job;
    p->tail = job;
    pthread_cond_signal(&p->cv);
    pthread_mutex_unlock(&p->mu);
}

/* The bot's choice (an index of the decision's options), or -1. */
static int think(ThinkThread *tt, SrvThinkJob *job)
{
    char err[400];
    Session *s = net_srv_session_get(&tt->sessions, job->mods, err, sizeof err);
    if (!s) {
        fprintf(stderr, "volcanique serve: a bot cannot open its rules: %s\n", err);
        return -1;
    }
    game_set_hooks(&job->game, session_hooks(), s);
    int n = game_options(&job->game, tt->options, MAX_OPTIONS);
    int choice = n > 0 ? bot_choose(job->bot, &job->game, tt->options, n) : -1;
    bot_free(job->bot);   /* an idle table keeps no workspace */
    return choice;
}

static void *think_thread(void *arg)
{
    ThinkThread *tt = arg;
    SrvThinkPool *p = &tt->srv->think;
    for (;;) {
        pthread_mutex_lock(&p->mu);
        while (!p->head && !p->stop)
            pthread_cond_wait(&p->cv, &p->mu);
        SrvThinkJob *job = p->stop ? NULL : p->head;
        if (job) {
            p->head = job->next;
            if (!p->head)
                p->tail = NULL;
        }
        pthread_mutex_unlock(&p->mu);
        if (!job)
            break;
        SrvReq *r = calloc(1, sizeof *r);
        int choice = think(tt, job);
        if (r) {
            r->kind = REQ_BOT_CHOICE;
            r->table = job->table;
            r->decision = job->decision;
            r->option = choice;
            net_srv_game_post(tt->srv, job->thread, r);
        }
        free(job);
    }
    net_srv_sessions_close(&tt->sessions);
    free(tt->options);
    free(tt);
    return NULL;
}

int net_srv_think_start(NetServer *srv)
{
    SrvThinkPool *p = &srv->think;
    p->srv = srv;
    int want = srv->cfg.think_threads < 1 ? 1 : srv->cfg.think_threads > 8 ? 8 : srv->cfg.think_threads;
    for (int i = 0; i < want; i++) {
        ThinkThread *tt = calloc(1, sizeof *tt);
        if (!tt || !(tt->options = malloc(sizeof(Option) * MAX_OPTIONS))) {
            free(tt);
            return -1;
        }
        tt->srv = srv;
        tt->sessions.root = srv->root;
        if (pthread_create(&p->th[i], NULL, think_thread, tt) != 0) {
            free(tt->options);
            free(tt);
            return -1;
        }
        p->count++;
    }
    return 0;
}

void net_srv_think_stop(NetServer *srv)
{
    SrvThinkPool *p = &srv->think;
    pthread_mutex_lock(&p->mu);
    p->stop = 1;
    pthread_cond_broadcast(&p->cv);
    pthread_mutex_unlock(&p->mu);
    for (int i = 0; i < p->count; i++)
        pthread_join(p->th[i], NULL);
    p->count = 0;
    while (p->head) {
        SrvThinkJob *j = p->head;
        p->head = j->next;
        free(j);
    }
    p->tail = NULL;
}
