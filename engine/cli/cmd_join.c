/* join: plays a seat of a remote table with a bot, or follows a table as a
 * spectator, printing one flushed line per step (tests and the load bench
 * read them). Exits 0 once the game is over, 1 when the client gives up. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "net_client.h"
#include "remote.h"

typedef struct JoinArgs {
    const char *link, *bot, *name;
    int quiet;
} JoinArgs;

static int parse(const CliArgs *a, JoinArgs *j)
{
    for (int i = 0; i < a->argc; i++) {
        const char *opt = a->argv[i], *val = i + 1 < a->argc ? a->argv[i + 1] : NULL;
        if (strcmp(opt, "--quiet") == 0)
            j->quiet = 1;
        else if ((strcmp(opt, "--bot") == 0 || strcmp(opt, "--name") == 0) && val) {
            *(strcmp(opt, "--bot") == 0 ? &j->bot : &j->name) = val;
            i++;
        } else if (opt[0] != '-' && !j->link)
            j->link = opt;
        else {
            fprintf(stderr, "volcanique join: unexpected '%s' (volcanique join LINK [--bot SPEC] [--name NAME]"
                            " [--quiet])\n", opt);
            return -1;
        }
    }
    if (!j->link) {
        fprintf(stderr, "volcanique join: which table? (volcanique join LINK [--bot SPEC])\n");
        return -1;
    }
    return 0;
}

static void say(const JoinArgs *j, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(const JoinArgs *j, const char *fmt, ...)
{
    if (j->quiet)
        return;
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
    fflush(stdout);
}

static void final_line(const NetView *v)
{
    printf("game over at decision %d:", v->decision);
    for (int p = 0; p < v->players; p++)
        printf(" %c %d%s", 'A' + p, v->scores.line[p].total, (v->scores.winners >> p) & 1 ? " (wins)" : "");
    printf("\n");
    fflush(stdout);
}

/* One state: the story, and a move when the seat decides (once a decision:
 * a state may come again for the same decision, when someone joins).
 * Returns 1 at the end. */
static int on_state(NetClient *c, RemoteBot *rb, const JoinArgs *j, const NetView *v, int *moved)
{
    for (int i = 0; i < v->line_count && !rb; i++)
        say(j, "story %d: %s", v->story_from + i, v->lines[i].text);
    if (v->over) {
        final_line(v);
        return 1;
    }
    if (!rb || !v->yours || v->decision == *moved)
        return 0;
    *moved = v->decision;
    char err[400];
    int k = remote_choose(rb, v, err, sizeof err);
    if (k < 0) {
        say(j, "error: %s", err);
        return 0;
    }
    net_client_move(c, v->decision, k);
    say(j, "decision %d: option %d of %d: %s", v->decision, k, v->option_count, v->options[k].text);
    return 0;
}

/* Runs the client until the game is over (0) or it gives up (1). */
static int play(NetClient *c, RemoteBot *rb, const JoinArgs *j)
{
    int moved = -1;
    for (;;) {
        NetEvent ev;
        if (!net_client_next(c, &ev, -1))
            continue;
        int done = 0;
        char err[400];
        switch (ev.kind) {
        case NET_EV_CONNECTED: say(j, "connected"); break;
        case NET_EV_JOINED:
            if (ev.seat >= 0)
                say(j, "joined as seat %c", 'A' + ev.seat);
            else
                say(j, "watching");
            break;
        case NET_EV_RULES:
            if (rb && remote_rules(rb, ev.rules, err, sizeof err)) {
                fprintf(stderr, "volcanique join: %s\n", err);
                done = 2;
            }
            break;
        case NET_EV_STATE: done = on_state(c, rb, j, ev.view, &moved); break;
        case NET_EV_ACCEPTED: break;
        case NET_EV_ERROR: say(j, "error: %s", ev.text); break;
        case NET_EV_MESSAGE: break;
        case NET_EV_DISCONNECTED:
            say(j, "disconnected: %s; trying again", ev.text);
            moved = -1;   /* a move in flight may be lost: the next state says */
            break;
        case NET_EV_CLOSED:
            fprintf(stderr, "volcanique join: gave up: %s\n", ev.text);
            done = 2;
            break;
        }
        net_event_free(&ev);
        if (done)
            return done == 1 ? 0 : 1;
    }
}

int cmd_join(const CliArgs *a)
{
    JoinArgs j = { 0 };
    if (parse(a, &j))
        return 2;
    NetLink link;
    char err[400];
    if (net_link_parse(j.link, &link, err, sizeof err)) {
        fprintf(stderr, "volcanique join: %s\n", err);
        return 2;
    }
    if (link.seat >= 0 && !j.bot) {
        fprintf(stderr, "volcanique join: a seat's link needs --bot SPEC here (a person plays with tui --join or"
                        " gui --join)\n");
        return 2;
    }
    RemoteBot rb;
    char root[SESSION_PATH];
    if (a->root)
        snprintf(root, sizeof root, "%s", a->root);
    else
        session_default_root(root, sizeof root);
    if (j.bot && remote_bot_init(&rb, j.bot, root, (uint64_t)time(NULL) ^ (uint64_t)clock(), err, sizeof err)) {
        fprintf(stderr, "volcanique join: --bot: %s\n", err);
        return 2;
    }
    NetClientOptions opt = { .client = "volcanique-join " VQ_ENGINE_VERSION, .name = j.name };
    NetClient *c = net_client_open(NULL, j.link, &opt, err, sizeof err);
    if (!c) {
        fprintf(stderr, "volcanique join: %s\n", err);
        if (j.bot)
            remote_bot_free(&rb);
        return 1;
    }
    int rc = play(c, j.bot ? &rb : NULL, &j);
    net_client_close(c);
    if (j.bot) {
        if (rb.unmatched)
            fprintf(stderr, "volcanique join: %d choices were not among the server's options\n", rb.unmatched);
        remote_bot_free(&rb);
    }
    return rc;
}
