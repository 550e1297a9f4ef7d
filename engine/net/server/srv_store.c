/* The server's SQLite storage (srv_store.h). */
#include "srv_store.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <sqlite3.h>

#define STORE_FORMAT "volcanique-tables 1"

struct SrvStore {
    sqlite3 *db;
    sqlite3_stmt *append;
    char path[512];
};

static const char SCHEMA[] =
        "CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
        "CREATE TABLE IF NOT EXISTS tables(id TEXT PRIMARY KEY, created INTEGER NOT NULL,"
        " rules_version TEXT NOT NULL, rules_hash TEXT NOT NULL, mods TEXT NOT NULL, options TEXT NOT NULL,"
        " seed TEXT NOT NULL, public INTEGER NOT NULL, start_hash TEXT NOT NULL);"
        "CREATE TABLE IF NOT EXISTS seats(table_id TEXT NOT NULL, seat INTEGER NOT NULL, kind TEXT NOT NULL,"
        " bot TEXT NOT NULL, name TEXT NOT NULL, token TEXT NOT NULL, taken INTEGER NOT NULL,"
        " PRIMARY KEY(table_id, seat)) WITHOUT ROWID;"
        "CREATE TABLE IF NOT EXISTS actions(table_id TEXT NOT NULL, n INTEGER NOT NULL, verb INTEGER NOT NULL,"
        " sub INTEGER NOT NULL, cell INTEGER NOT NULL, subject INTEGER NOT NULL, pay INTEGER NOT NULL,"
        " state_hash TEXT NOT NULL, PRIMARY KEY(table_id, n)) WITHOUT ROWID;";

static int fail(SrvStore *st, const char *what, char *err, int errlen)
{
    snprintf(err, (size_t)errlen, "%s: %s: %s", st->path, what, st->db ? sqlite3_errmsg(st->db) : "no database");
    return -1;
}

/* Whether the file is a table database of this format; a new, empty file
 * becomes one. Anything else is refused before anything is written to it. */
static int check_format(SrvStore *st, char *err, int errlen)
{
    sqlite3_stmt *q;
    if (sqlite3_prepare_v2(st->db, "SELECT value FROM meta WHERE key = 'format';", -1, &q, NULL) == SQLITE_OK) {
        int ok = sqlite3_step(q) == SQLITE_ROW && sqlite3_column_text(q, 0) &&
                 strcmp((const char *)sqlite3_column_text(q, 0), STORE_FORMAT) == 0;
        sqlite3_finalize(q);
        if (!ok)
            snprintf(err, (size_t)errlen, "%s: not a table database of this server (format '%s' expected)",
                     st->path, STORE_FORMAT);
        return ok ? 0 : -1;
    }
    int empty = sqlite3_prepare_v2(st->db, "SELECT count(*) FROM sqlite_master;", -1, &q, NULL) == SQLITE_OK &&
                sqlite3_step(q) == SQLITE_ROW && sqlite3_column_int(q, 0) == 0;
    sqlite3_finalize(q);
    if (!empty) {
        snprintf(err, (size_t)errlen, "%s: not a table database of this server (it holds something else: left as it"
                 " is)", st->path);
        return -1;
    }
    if (sqlite3_exec(st->db, SCHEMA, NULL, NULL, NULL) != SQLITE_OK ||
        sqlite3_exec(st->db, "INSERT INTO meta(key, value) VALUES('format', '" STORE_FORMAT "');", NULL, NULL,
                     NULL) != SQLITE_OK)
        return fail(st, "cannot create the tables", err, errlen);
    return 0;
}

SrvStore *net_srv_store_open(const char *path, int sync_full, char *err, int errlen)
{
    SrvStore *st = calloc(1, sizeof *st);
    if (!st) {
        snprintf(err, (size_t)errlen, "out of memory");
        return NULL;
    }
    snprintf(st->path, sizeof st->path, "%s", path);
    int rc = sqlite3_open_v2(path, &st->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL);
    const char *pragmas = sync_full ? "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;"
                                    : "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;";
    err[0] = 0;
    if (rc != SQLITE_OK || sqlite3_busy_timeout(st->db, 10000) != SQLITE_OK || check_format(st, err, errlen) ||
        sqlite3_exec(st->db, pragmas, NULL, NULL, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(st->db,
                           "INSERT INTO actions(table_id, n, verb, sub, cell, subject, pay, state_hash)"
                           " VALUES(?, ?, ?, ?, ?, ?, ?, ?);", -1, &st->append, NULL) != SQLITE_OK) {
        if (!strstr(err, st->path))
            fail(st, "cannot open the database", err, errlen);
        net_srv_store_close(st);
        return NULL;
    }
    return st;
}

void net_srv_store_close(SrvStore *st)
{
    if (!st)
        return;
    sqlite3_finalize(st->append);
    sqlite3_close(st->db);
    free(st);
}

static int seat_insert(SrvStore *st, const char *table, int seat, const SrvSeatRow *s)
{
    sqlite3_stmt *q;
    if (sqlite3_prepare_v2(st->db,
                           "INSERT OR REPLACE INTO seats(table_id, seat, kind, bot, name, token, taken)"
                           " VALUES(?, ?, ?, ?, ?, ?, ?);", -1, &q, NULL) != SQLITE_OK)
        return -1;
    sqlite3_bind_text(q, 1, table, -1, SQLITE_STATIC);
    sqlite3_bind_int(q, 2, seat);
    sqlite3_bind_text(q, 3, s->kind, -1, SQLITE_STATIC);
    sqlite3_bind_text(q, 4, s->bot, -1, SQLITE_STATIC);
    sqlite3_bind_text(q, 5, s->name, -1, SQLITE_STATIC);
    sqlite3_bind_text(q, 6, s->token, -1, SQLITE_STATIC);
    sqlite3_bind_int(q, 7, s->taken);
    int rc = sqlite3_step(q) == SQLITE_DONE ? 0 : -1;
    sqlite3_finalize(q);
    return rc;
}

static int table_insert(SrvStore *st, const SrvTableRow *t)
{
    sqlite3_stmt *q;
    if (sqlite3_prepare_v2(st->db,
                           "INSERT INTO tables(id, created, rules_version, rules_hash, mods, options, seed, public,"
                           " start_hash) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?);", -1, &q, NULL) != SQLITE_OK)
        return -1;
    char seed[24];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)t->seed);
    sqlite3_bind_text(q, 1, t->id, -1, SQLITE_STATIC);
    sqlite3_bind_int64(q, 2, t->created);
    sqlite3_bind_text(q, 3, t->rules_version, -1, SQLITE_STATIC);
    sqlite3_bind_text(q, 4, t->rules_hash, -1, SQLITE_STATIC);
    sqlite3_bind_text(q, 5, t->mods, -1, SQLITE_STATIC);
    sqlite3_bind_text(q, 6, t->options, -1, SQLITE_STATIC);
    sqlite3_bind_text(q, 7, seed, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(q, 8, t->is_public);
    sqlite3_bind_text(q, 9, t->start_hash, -1, SQLITE_STATIC);
    int rc = sqlite3_step(q) == SQLITE_DONE ? 0 : -1;
    sqlite3_finalize(q);
    return rc;
}

int net_srv_store_add_table(SrvStore *st, const SrvTableRow *t, char *err, int errlen)
{
    if (sqlite3_exec(st->db, "BEGIN IMMEDIATE;", NULL, NULL, NULL) != SQLITE_OK)
        return fail(st, "cannot begin", err, errlen);
    int bad = table_insert(st, t);
    for (int s = 0; !bad && s < t->seat_count; s++)
        bad = seat_insert(st, t->id, s, &t->seat[s]);
    if (bad) {
        fail(st, "cannot store the table", err, errlen);
        sqlite3_exec(st->db, "ROLLBACK;", NULL, NULL, NULL);
        return -1;
    }
    if (sqlite3_exec(st->db, "COMMIT;", NULL, NULL, NULL) != SQLITE_OK) {
        fail(st, "cannot commit the table", err, errlen);
        sqlite3_exec(st->db, "ROLLBACK;", NULL, NULL, NULL);
        return -1;
    }
    return 0;
}

int net_srv_store_append(SrvStore *st, const char *table, int n, const Option *o, uint64_t state_hash, char *err,
                     int errlen)
{
    char hash[17];
    snprintf(hash, sizeof hash, "%016llx", (unsigned long long)state_hash);
    sqlite3_stmt *q = st->append;
    sqlite3_reset(q);
    sqlite3_bind_text(q, 1, table, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(q, 2, n);
    sqlite3_bind_int(q, 3, o->verb);
    sqlite3_bind_int(q, 4, o->sub);
    sqlite3_bind_int(q, 5, o->cell);
    sqlite3_bind_int(q, 6, o->subject);
    sqlite3_bind_int(q, 7, o->pay);
    sqlite3_bind_text(q, 8, hash, -1, SQLITE_TRANSIENT);
    /* Outside BEGIN, the insert is its own transaction: committed when step returns. */
    int rc = sqlite3_step(q);
    sqlite3_reset(q);
    if (rc != SQLITE_DONE)
        return fail(st, "cannot store the move", err, errlen);
    return 0;
}

int net_srv_store_seat(SrvStore *st, const char *table, int seat, const SrvSeatRow *row, char *err, int errlen)
{
    return seat_insert(st, table, seat, row) ? fail(st, "cannot store the seat", err, errlen) : 0;
}

static void copy_col(sqlite3_stmt *q, int col, char *out, size_t cap)
{
    const unsigned char *t = sqlite3_column_text(q, col);
    snprintf(out, cap, "%s", t ? (const char *)t : "");
}

/* Reads the seats of every table in `rows` (sorted by id lookup). */
static int read_seats(SrvStore *st, SrvTableRow *rows, int count)
{
    sqlite3_stmt *q;
    if (sqlite3_prepare_v2(st->db, "SELECT table_id, seat, kind, bot, name, token, taken FROM seats;", -1, &q,
                           NULL) != SQLITE_OK)
        return -1;
    int rc;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
        const char *id = (const char *)sqlite3_column_text(q, 0);
        int seat = sqlite3_column_int(q, 1);
        for (int i = 0; id && i < count; i++) {
            if (strcmp(rows[i].id, id) != 0 || seat < 0 || seat >= MAX_PLAYERS)
                continue;
            SrvSeatRow *s = &rows[i].seat[seat];
            copy_col(q, 2, s->kind, sizeof s->kind);
            copy_col(q, 3, s->bot, sizeof s->bot);
            copy_col(q, 4, s->name, sizeof s->name);
            copy_col(q, 5, s->token, sizeof s->token);
            s->taken = sqlite3_column_int(q, 6);
            if (seat + 1 > rows[i].seat_count)
                rows[i].seat_count = seat + 1;
        }
    }
    sqlite3_finalize(q);
    return rc == SQLITE_DONE ? 0 : -1;
}

int net_srv_store_tables(SrvStore *st, SrvTableRow **out, int *count, char *err, int errlen)
{
    *out = NULL;
    *count = 0;
    sqlite3_stmt *q;
    if (sqlite3_prepare_v2(st->db,
                           "SELECT id, created, rules_version, rules_hash, mods, options, seed, public, start_hash"
                           " FROM tables ORDER BY created, id;", -1, &q, NULL) != SQLITE_OK)
        return fail(st, "cannot read the tables", err, errlen);
    int cap = 0, n = 0, rc;
    SrvTableRow *rows = NULL;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
        if (n == cap) {
            cap = cap ? cap * 2 : 16;
            SrvTableRow *grown = realloc(rows, sizeof *rows * (size_t)cap);
            if (!grown)
                break;
            rows = grown;
        }
        SrvTableRow *t = &rows[n++];
        memset(t, 0, sizeof *t);
        copy_col(q, 0, t->id, sizeof t->id);
        t->created = sqlite3_column_int64(q, 1);
        copy_col(q, 2, t->rules_version, sizeof t->rules_version);
        copy_col(q, 3, t->rules_hash, sizeof t->rules_hash);
        copy_col(q, 4, t->mods, sizeof t->mods);
        copy_col(q, 5, t->options, sizeof t->options);
        const char *seed = (const char *)sqlite3_column_text(q, 6);
        t->seed = seed ? strtoull(seed, NULL, 10) : 0;
        t->is_public = sqlite3_column_int(q, 7);
        copy_col(q, 8, t->start_hash, sizeof t->start_hash);
    }
    sqlite3_finalize(q);
    if (rc != SQLITE_DONE || read_seats(st, rows, n)) {
        free(rows);
        return fail(st, "cannot read the tables", err, errlen);
    }
    *out = rows;
    *count = n;
    return 0;
}

int net_srv_store_actions(SrvStore *st, const char *table, SrvActionRow **out, int *count, char *err, int errlen)
{
    *out = NULL;
    *count = 0;
    sqlite3_stmt *q;
    if (sqlite3_prepare_v2(st->db,
                           "SELECT n, verb, sub, cell, subject, pay, state_hash FROM actions WHERE table_id = ?"
                           " ORDER BY n;", -1, &q, NULL) != SQLITE_OK)
        return fail(st, "cannot read the actions", err, errlen);
    sqlite3_bind_text(q, 1, table, -1, SQLITE_TRANSIENT);
    int cap = 0, n = 0, rc, gap = 0;
    SrvActionRow *rows = NULL;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
        if (sqlite3_column_int(q, 0) != n) {
            gap = 1;
            break;
        }
        if (n == cap) {
            cap = cap ? cap * 2 : 256;
            SrvActionRow *grown = realloc(rows, sizeof *rows * (size_t)cap);
            if (!grown)
                break;
            rows = grown;
        }
        SrvActionRow *a = &rows[n++];
        a->option = (Option){ (uint8_t)sqlite3_column_int(q, 1), (uint8_t)sqlite3_column_int(q, 2),
                              (uint16_t)sqlite3_column_int(q, 3), (uint16_t)sqlite3_column_int(q, 4),
                              (uint16_t)sqlite3_column_int(q, 5) };
        const char *h = (const char *)sqlite3_column_text(q, 6);
        a->state_hash = h ? strtoull(h, NULL, 16) : 0;
    }
    sqlite3_finalize(q);
    if (gap) {
        free(rows);
        snprintf(err, (size_t)errlen, "%s: table %s: action %d is missing (the database is damaged)", st->path,
                 table, n);
        return -1;
    }
    if (rc != SQLITE_DONE) {
        free(rows);
        return fail(st, "cannot read the actions", err, errlen);
    }
    *out = rows;
    *count = n;
    return 0;
}
