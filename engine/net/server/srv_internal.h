/* The server's threads and what they pass each other (docs/server.md).
 *
 *  - The network thread runs libwebsockets: it owns every connection,
 *    reads and checks client messages, answers hello and list itself and
 *    passes everything about a table to the table's game thread as an
 *    SrvReq. It writes what the game threads put in the outbox (SrvOut).
 *  - A game thread owns its tables for their whole life: their games, a
 *    script Session per mod set, a store connection. It applies moves,
 *    stores them, builds the views and hands bot decisions to the think
 *    threads. Nothing of a table is touched by another thread.
 *  - Think threads run bots on copies of a game, each with its own Sessions,
 *    and send the choice back as an SrvReq; a table waits for its bot, no
 *    other table does.
 * Queues are mutex-protected lists; the network thread is woken with
 * lws_cancel_service, the others with their condition variable. */
#ifndef VQ_SRV_INTERNAL_H
#define VQ_SRV_INTERNAL_H

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include <jansson.h>
#include <libwebsockets.h>

#include "server.h"
#include "session.h"
#include "srv_store.h"
#include "srv_table.h"
#include "srv_view.h"

/* A message to send: shared by every connection it goes to. */
typedef struct SrvMsg {
    atomic_int refs;
    size_t len;
    unsigned char buf[];   /* LWS_PRE bytes of room, then len bytes of text */
} SrvMsg;

SrvMsg *net_srv_msg_text(const char *text, size_t len);
/* Dumps j (taking it) into a message; NULL when out of memory. */
SrvMsg *net_srv_msg_json(json_t *j);
SrvMsg *net_srv_msg_ref(SrvMsg *m);
void net_srv_msg_unref(SrvMsg *m);
/* An error message: {"type":"error","re":re,"code":...,"fatal":...,"message":...}. re may be NULL. */
SrvMsg *net_srv_msg_error(const json_t *re, int code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* What a create request asks for, checked by the network thread. */
typedef struct SrvCreateSpec {
    int players;
    SrvSeatRow seat[MAX_PLAYERS];
    BotConfig bot[MAX_PLAYERS];
    char variant[VARIANT_LEN];
    int setup;
    char mods[1024];               /* in the host's order, comma separated */
    int is_public;
    char deal[1024];               /* card names, comma separated */
    char hold[MAX_PLAYERS][512];
    GameOptions params;            /* only param_count and params */
} SrvCreateSpec;

typedef enum SrvReqKind {
    REQ_CREATE, REQ_JOIN, REQ_WATCH, REQ_CLAIM, REQ_MOVE, REQ_DETACH, REQ_BOT_CHOICE, REQ_RESUME
} SrvReqKind;

typedef struct SrvReq {
    struct SrvReq *next;
    SrvReqKind kind;
    uint64_t conn;
    json_t *re;                    /* the request's "id" (a copy the game thread owns), or NULL */
    SrvTable *table;               /* resolved by the registry (NULL for create) */
    char table_id[NET_TABLE_ID_LEN + 1];
    int seat;
    char token[NET_TOKEN_LEN + 1];
    char name[NET_NAME_LEN];
    int has_name;
    int decision, option;
    char base_url[256];            /* links are written under it: "http://host:port/" */
    SrvCreateSpec *create;         /* REQ_CREATE, owned */
    struct SrvLocal *local;        /* REQ_CREATE from net_server_create: where the answer goes */
} SrvReq;

/* A create asked by the server's own thread (net_server_create): the game
 * thread fills it and signals. */
typedef struct SrvLocal {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int done, rc;
    NetCreated *out;
    char err[600];
} SrvLocal;

/* What the network thread does with an outgoing message. */
enum {
    OUT_CLOSE = 1,      /* close the connection after this message */
    OUT_FOLLOW = 2,     /* the connection now follows `table` as `seat` (-1: spectator) */
    OUT_UNFOLLOW = 4,   /* the connection follows no table (a join that failed) */
    OUT_REFUND = 8,     /* an accepted move: give back the flood token it cost */
};

typedef struct SrvOut {
    struct SrvOut *next;
    uint64_t conn;
    SrvMsg *msg;                   /* may be NULL (flags only) */
    int flags;
    int thread, seat;
    SrvTable *table;
} SrvOut;

typedef struct SrvSessionSlot {
    char mods[1024];
    Session *s;
} SrvSessionSlot;

#define SRV_MAX_SESSIONS 16

/* Sessions by mod set, owned by one thread. */
typedef struct SrvSessions {
    const char *root;
    int count;
    SrvSessionSlot slot[SRV_MAX_SESSIONS];
} SrvSessions;

Session *net_srv_session_get(SrvSessions *c, const char *mods, char *err, int errlen);
void net_srv_sessions_close(SrvSessions *c);

typedef struct SrvGameThread {
    struct NetServer *srv;
    int index;
    pthread_t th;
    int started;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    SrvReq *head, *tail;
    int stop;
    SrvTable **tables;
    int count, cap;
    SrvSessions sessions;
    SrvStore *store;
    SrvScratch *sc;
} SrvGameThread;

typedef struct SrvThinkJob {
    struct SrvThinkJob *next;
    SrvTable *table;
    int thread, decision;
    char mods[1024];
    Game game;
    Bot *bot;
} SrvThinkJob;

typedef struct SrvThinkPool {
    struct NetServer *srv;
    pthread_t th[8];
    int count;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    SrvThinkJob *head, *tail;
    int stop;
} SrvThinkPool;

/* The registry: every table by id, and the lobby's summaries (any thread). */
typedef struct SrvRegEntry {
    char id[NET_TABLE_ID_LEN + 1];
    SrvTable *table;
    int thread;
    int is_public, over;
    char *summary;                 /* JSON text of net_srv_table_summary */
} SrvRegEntry;

typedef struct SrvRegistry {
    pthread_mutex_t mu;
    SrvRegEntry *e;
    int count, cap;
    int *slot;                     /* open addressing over e: index + 1, 0 empty */
    int slots;
} SrvRegistry;

int net_srv_registry_add(SrvRegistry *r, SrvTable *t, int thread, char *err, int errlen);
/* The table and its thread by id; NULL when none. */
SrvTable *net_srv_registry_find(SrvRegistry *r, const char *id, int *thread);
int net_srv_registry_count(SrvRegistry *r);
/* Refreshes t's summary (its game thread calls it after a change). */
void net_srv_registry_update(SrvRegistry *r, const SrvTable *t);
/* The `tables` message: every public table not over. */
SrvMsg *net_srv_registry_list(SrvRegistry *r, const json_t *re);
void net_srv_registry_free(SrvRegistry *r);

/* A connection (libwebsockets' per-session data of the protocol). */
typedef struct SrvQueued {
    struct SrvQueued *next;
    SrvMsg *msg;
    int flags;
} SrvQueued;

typedef struct SrvConn {
    uint64_t id;
    struct lws *wsi;
    struct SrvConn *hnext;         /* in the id map */
    int counted;                   /* counted among the server's clients */
    int hello;
    int follows;                   /* 0 none, 1 asked (join/watch sent), 2 following */
    int thread, seat;
    SrvTable *table;
    char *rx;
    size_t rx_len, rx_cap;
    int rx_binary, rx_over;
    double tokens;
    uint64_t tokens_ms;
    SrvQueued *qhead, *qtail;
    size_t qbytes;
    int closing;                   /* close once the queue is written */
    int close_code;
    char close_reason[32];
    char base_url[256];
} SrvConn;

struct NetServer {
    NetServerConfig cfg;
    char root[512], web[600], db[512], mods[1024], host[128], public_url[256];
    struct lws_context *ctx;
    struct lws_vhost *vhost;
    struct lws_http_mount mount;
    int port;
    SrvGameThread *games;
    int game_count;
    SrvThinkPool think;
    SrvRegistry reg;
    pthread_mutex_t out_mu;
    SrvOut *out_head, *out_tail;
    volatile sig_atomic_t stopping;
    SrvMsg *welcome_offer;         /* the "offer" object's JSON text, for welcome */
    char offer_mods[1024];         /* the mods a table may enable, comma separated */
    /* Network thread only. */
    uint64_t next_conn;
    SrvConn **conn_map;
    int conn_slots;
    int clients;
    atomic_uint_fast64_t moves, refused;
};

/* From any thread: queues a message for a connection and wakes the network thread. */
void net_srv_out(struct NetServer *srv, uint64_t conn, SrvMsg *msg, int flags, SrvTable *t, int thread, int seat);
/* From the network thread: a request for game thread `thread`. */
void net_srv_game_post(struct NetServer *srv, int thread, SrvReq *req);
void net_srv_req_free(SrvReq *r);

int net_srv_games_start(struct NetServer *srv, char *err, int errlen);
void net_srv_games_stop(struct NetServer *srv);
/* Loads every stored table into the game threads (before serving). */
int net_srv_games_load(struct NetServer *srv, char *err, int errlen);

int net_srv_think_start(struct NetServer *srv);
void net_srv_think_stop(struct NetServer *srv);
void net_srv_think_post(struct NetServer *srv, SrvThinkJob *job);

/* Parses a create request into spec; 0, or -1 with the message (naming the field). */
int net_srv_create_parse(const struct NetServer *srv, const json_t *m, SrvCreateSpec *spec, char *err, int errlen);
/* Makes the table a create request asks for on game thread g and answers conn. */
void net_srv_create_table(SrvGameThread *g, SrvReq *r);
/* Everything a game thread does with a request. */
void net_srv_game_handle(SrvGameThread *g, SrvReq *r);
/* join, watch, claim and a connection gone (srv_seats.c). */
void net_srv_game_handle_seats(SrvGameThread *g, SrvReq *r);
/* After any change of t: tells its followers what is untold (the story from
 * t->story_told), refreshes the lobby, lets a bot think. */
void net_srv_game_changed(SrvGameThread *g, SrvTable *t);
/* Sends t's state to one connection (all the story). */
void net_srv_game_send_state(SrvGameThread *g, SrvTable *t, uint64_t conn, int seat);

/* Network thread: a text message arrived on c (whole, checked for size). */
void net_srv_dispatch(struct NetServer *srv, SrvConn *c, const char *text, size_t len);
/* Network thread: sends an error to c (closing it if the code is fatal). */
void net_srv_conn_error(struct NetServer *srv, SrvConn *c, const json_t *re, int code, const char *fmt, ...)
        __attribute__((format(printf, 5, 6)));
void net_srv_conn_send(struct NetServer *srv, SrvConn *c, SrvMsg *msg, int flags);
/* The link of a seat, or the watch link (seat < 0, token NULL). */
void net_srv_link(const char *base_url, const char *table, int seat, const char *token, char *out, size_t cap);

int net_srv_lws_start(struct NetServer *srv, char *err, int errlen);
void net_srv_lws_run(struct NetServer *srv);
void net_srv_lws_stop(struct NetServer *srv);

/* Milliseconds of a monotonic clock. */
uint64_t net_srv_now_ms(void);

#endif
