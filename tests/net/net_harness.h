/* What the network tests share: a `volcanique serve` process of the build
 * under test (started on 127.0.0.1 and a port it picked, synchronised on
 * its "listening on" line, killed with SIGKILL or stopped), tables created
 * through the protocol, and remote seats played by bots through the C
 * client library, all on one hub.
 *
 * Every wait is for something the server or a client announces; each has a
 * bound (TH_NET_BOUND_MS) only so that a broken server fails the test
 * instead of hanging it. */
#ifndef VQ_TESTS_NET_HARNESS_H
#define VQ_TESTS_NET_HARNESS_H

#include <stdint.h>
#include <sys/types.h>

#include "net_client.h"
#include "remote.h"

#define TH_NET_BOUND_MS 30000

typedef struct TestServer {
    pid_t pid;
    int port;
    char dir[256];          /* its own temporary folder: the database, its stderr */
    char db[300];
    char log[300];          /* stderr, appended across restarts */
    const char *extra[16];  /* more options for serve */
} TestServer;

/* Starts the server (port 0: it picks one; later starts reuse s->port). 0, or -1 (test failed). */
int  ts_start(TestServer *s);
/* The same without failing the test: -1 when the server exits without listening. */
int  ts_try_start(TestServer *s);
int  ts_log_has(const TestServer *s, const char *needle);
void ts_kill9(TestServer *s);
/* SIGTERM, then checks it exits 0 and its log shows no sanitizer report. 0 or -1. */
int  ts_stop(TestServer *s);
/* Waits until the server's log holds `needle`: 0, or -1 past the bound. */
int  ts_wait_log(TestServer *s, const char *needle);
void ts_cleanup(TestServer *s);
/* "http://127.0.0.1:PORT/" */
void ts_url(const TestServer *s, char *out, size_t cap);

/* A table made through the lobby: its id and links. */
typedef struct TestTable {
    char id[NET_TABLE_ID_LEN + 1];
    int players;
    char link[MAX_PLAYERS][400];   /* "" for a bot seat */
    char watch[400];
} TestTable;

/* Sends `create_json` (a create message) to the server on a connection of its own; 0 or -1 (with why). */
int  tt_create(const TestServer *s, const char *create_json, TestTable *out, char *why, int whylen);

/* A remote seat (or a spectator) played by a bot through the client library. */
typedef struct TestSeat {
    NetClient *client;
    RemoteBot bot;
    int has_bot;
    int table;                 /* the caller's index */
    int seat;                  /* -1: a spectator */
    int moved;                 /* the decision it last moved at */
    int move_pending;          /* a move sent and not yet accepted: its decision, or -1 */
    int accepted;              /* the last decision the server accepted from it, or -1 */
    int decision;              /* the last state's decision id */
    uint64_t view_hash;        /* the last state's view hash */
    int full_states;           /* states that started the story at 0 (one per (re)join) */
    int states, over, errors, disconnects;
    char last_error[720];
    Scores final;
    int final_total[MAX_PLAYERS];
    NetView *last;             /* the last state (owned) */
    char **texts;              /* with keep_text: every rules and state message received */
    int text_count, text_cap;
} TestSeat;

typedef struct TestPlay {
    NetHub *hub;
    TestSeat *seats;
    int count;
    int paused;                /* bots do not move while set */
    int keep_text;
    long long states;          /* states received, over all seats */
} TestPlay;

/* Opens a seat's client (link: a seat link, or a watch link with bot NULL). */
int  tp_add(TestPlay *p, const char *link, const char *bot, int table, uint64_t seed, char *why, int whylen);
/* Handles events until done(p, ud) holds: 0, or -1 past the bound. */
int  tp_run(TestPlay *p, int (*done)(TestPlay *p, void *ud), void *ud);
/* Lets every bot whose decision is pending move on its last state (after a pause). */
void tp_kick(TestPlay *p);
/* Every seat (bot or spectator) has seen its game over. */
int  tp_all_over(TestPlay *p, void *ud);
void tp_free(TestPlay *p);

/* The directory of this test binary's build (for bin/<config>/volcanique). */
const char *th_build_dir(void);

#endif
