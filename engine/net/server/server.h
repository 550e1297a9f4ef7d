/* The table server behind `volcanique serve` (docs/server.md; the protocol in
 * docs/protocol.md).
 *
 * Contract:
 *  - net_server_start opens the database, loads every stored table and
 *    replays it (a state hash that differs from the stored one fails the
 *    start, naming the table), starts the game and think threads and binds
 *    the port. When it returns 0 the server accepts connections: its port
 *    is net_server_port (the one the system picked for port 0).
 *  - net_server_run serves on the calling thread until net_server_stop,
 *    which any thread (or a signal handler) may call.
 *  - The server is the only authority: it owns each game, its seed and
 *    dice; it accepts a move only from the seat whose decision it is, for
 *    the current decision id; every accepted move is stored (one SQLite
 *    transaction) before anyone hears of it.
 *  - net_server_free stops the threads and closes everything. */
#ifndef VQ_NET_SERVER_H
#define VQ_NET_SERVER_H

#include <stddef.h>
#include <stdint.h>

#include "game.h"
#include "net.h"

typedef struct NetServerConfig {
    const char *root;           /* content/, scripts/ and mods/ */
    const char *db;             /* the database file */
    const char *mods;           /* the mods tables may enable, comma separated; NULL: none */
    const char *web;            /* static files served at /; NULL: ROOT/web */
    const char *host;           /* the interface to listen on; NULL: every interface */
    int port;                   /* 0: a free port the system picks */
    const char *public_url;     /* links are written under it; NULL: the Host a client asked */
    int game_threads;           /* 1..8 */
    int think_threads;          /* 1..8 */
    int bot_delay_ms;           /* bots wait this long before a move (for people to follow) */
    int think_limit_ms;         /* no bot thinks longer than this a decision */
    int max_tables;
    int max_clients;
    size_t max_queue;           /* bytes waiting for one slow client before it is dropped */
    int hello_timeout_s;
    int flood_burst;            /* a connection's bucket of refused messages and requests */
    int flood_per_second;       /* ... refilled this many a second (0: never: a test's fixed count) */
    int sync_full;              /* SQLite synchronous=FULL (survives a power cut) instead of NORMAL */
    int quiet;                  /* no per-connection log lines */
    const char *version;        /* the server's name and version in welcome ("volcanique 0.12.0") */
    const char *id_prefix;      /* the ids of the tables it creates start with it ([a-z0-9], at most 4) */
} NetServerConfig;

/* The defaults: port 8080, one game and one think thread, no bot delay,
 * think limit 2000 ms, 10000 tables, 10000 clients, 8 MiB a client's queue,
 * hello within 20 s, synchronous NORMAL. */
void net_server_config_default(NetServerConfig *c);

typedef struct NetServer NetServer;

/* The links of a new table (net_server_create). */
typedef struct NetCreated {
    char table[NET_TABLE_ID_LEN + 1];
    int players;
    int person[MAX_PLAYERS];
    char link[MAX_PLAYERS][400];
    char watch[400];
} NetCreated;

int net_server_start(NetServer **out, const NetServerConfig *cfg, char *err, int errlen);
int net_server_port(const NetServer *s);
/* How many tables the server holds. */
int net_server_tables(NetServer *s);
/* Creates a table as a create message would (a JSON object of its fields,
 * docs/protocol.md), from the server's own thread before net_server_run. */
int net_server_create(NetServer *s, const char *create_json, NetCreated *out, char *err, int errlen);
void net_server_run(NetServer *s);
void net_server_stop(NetServer *s);
void net_server_free(NetServer *s);

#endif
