/* The server's storage: every table and every accepted move in one SQLite
 * database (docs/server.md, "Storage").
 *
 * Contract:
 *  - The database runs in WAL mode; net_srv_store_append writes one move in one
 *    transaction and returns only once it is committed (synchronous NORMAL
 *    survives a killed process, FULL also a power cut: SrvStoreOptions.sync_full).
 *  - A table row records what rebuilds its game exactly: the rules version
 *    and hash, the mods with their hashes in load order, the options, the
 *    seed, the hash of the game as it started, and its seats with their tokens.
 *    Each action row records the state hash after it.
 *  - One SrvStore per thread (a connection is not shared); several may be
 *    open on the same file at once.
 *  - Errors say what failed and name the file; nothing is half written. */
#ifndef VQ_SRV_STORE_H
#define VQ_SRV_STORE_H

#include <stdint.h>

#include "game.h"
#include "net.h"

typedef struct SrvStore SrvStore;

/* A seat as stored. */
typedef struct SrvSeatRow {
    char kind[8];                  /* "person" or "bot" */
    char bot[32];                  /* a bot's spec ("greedy"), "" for a person */
    char name[NET_NAME_LEN];
    char token[NET_TOKEN_LEN + 1]; /* a person's; "" for a bot */
    int taken;                     /* a person has claimed or joined it */
} SrvSeatRow;

/* A table as stored (without its actions). */
typedef struct SrvTableRow {
    char id[NET_TABLE_ID_LEN + 1];
    int64_t created;               /* unix seconds */
    char rules_version[32];
    char rules_hash[17];
    char mods[1200];               /* JSON: [{"name": ..., "hash": ...}, ...] in load order */
    char options[4096];            /* JSON: GameOptions (net_options_to_json) */
    uint64_t seed;
    int is_public;
    char start_hash[17];           /* game_hash right after game_init */
    int seat_count;
    SrvSeatRow seat[MAX_PLAYERS];
} SrvTableRow;

/* One stored action and the state hash after it. */
typedef struct SrvActionRow {
    Option option;
    uint64_t state_hash;
} SrvActionRow;

/* Opens (creating when missing, mode 0600) the database at path. */
SrvStore *net_srv_store_open(const char *path, int sync_full, char *err, int errlen);
void net_srv_store_close(SrvStore *st);

int net_srv_store_add_table(SrvStore *st, const SrvTableRow *t, char *err, int errlen);
/* Appends action n (0-based: the table's n-th move) in one transaction. */
int net_srv_store_append(SrvStore *st, const char *table, int n, const Option *o, uint64_t state_hash, char *err,
                     int errlen);
/* Stores a seat's name, token and taken flag. */
int net_srv_store_seat(SrvStore *st, const char *table, int seat, const SrvSeatRow *row, char *err, int errlen);

/* Every stored table, in creation order: *out is malloc'd (free it), *count set. */
int net_srv_store_tables(SrvStore *st, SrvTableRow **out, int *count, char *err, int errlen);
/* A table's actions in order: *out malloc'd (free it), *count set. Refuses a
 * gap in the numbering (a damaged database), naming the table. */
int net_srv_store_actions(SrvStore *st, const char *table, SrvActionRow **out, int *count, char *err, int errlen);

#endif
