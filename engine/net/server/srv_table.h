/* A table on the server: its game (the only copy of the truth), its seats,
 * the story told so far, and who follows it. One game thread owns a table
 * for its whole life; nothing here locks.
 *
 * Contract:
 *  - net_srv_table_apply is the one way a table's game changes: it checks the
 *    option against the pending decision, applies it to the session's own
 *    game (so script errors are reported as the game's), stores it
 *    (net_srv_store_append) and only then makes it the table's game. When the
 *    store refuses, the table is unchanged.
 *  - The story is told from public views only (net_redact with no seat):
 *    the option's words from the deciding seat's own view, then
 *    ui_chronicle over the public views before and after.
 *  - net_srv_table_restore rebuilds a stored table by replaying its actions and
 *    refuses, naming the table and the action, any state hash that differs
 *    from the stored one, a mod or rules hash that changed, or a start that
 *    differs. */
#ifndef VQ_SRV_TABLE_H
#define VQ_SRV_TABLE_H

#include <stdint.h>

#include "bot.h"
#include "game.h"
#include "net.h"
#include "session.h"
#include "srv_store.h"

struct SrvScratch;

typedef struct SrvLine {
    int8_t seat;        /* -1: none */
    uint8_t kind;       /* UiLineKind */
    char *text;
} SrvLine;

typedef struct SrvSeat {
    uint8_t person;
    uint8_t taken;
    int connections;            /* following connections playing this seat */
    BotConfig bot;
    SrvSeatRow row;             /* as stored: kind, bot spec, name, token, taken */
} SrvSeat;

typedef struct SrvSub {
    uint64_t conn;
    int8_t seat;                /* -1: a spectator */
    uint64_t since;             /* arrival order, to close a seat's oldest */
} SrvSub;

typedef struct SrvTable {
    SrvTableRow row;            /* as stored (id, mods, options, seed, seats) */
    char mods_list[1024];       /* the mods as a list for session_open_mods ("a,b") */
    Game game;
    ActionLog log;
    int players;
    SrvSeat seat[MAX_PLAYERS];
    SrvLine *story;
    int story_len, story_cap;
    int story_told;             /* lines the followers have been sent (a run of quick bot moves is told at its end) */
    SrvSub *subs;
    int sub_len, sub_cap;
    uint64_t sub_counter;
    Bot bots[MAX_PLAYERS];
    int thinking;               /* a bot's decision is being thought on a bot thread */
    int64_t bot_due_ms;         /* a bot may move from this time (serve --bot-delay) */
    int spectators;
    int dirty_seats;            /* seats changed since the lobby last heard */
} SrvTable;

/* Starts a new table's game in session s (whose mods are the table's) from
 * t->row (options, seed) and fills the row's hashes; t's seats must be set. */
int net_srv_table_start(SrvTable *t, Session *s, char *err, int errlen);
/* Rebuilds a stored table: t->row read from the store, its actions given. */
int net_srv_table_restore(SrvTable *t, Session *s, const SrvActionRow *actions, int count, struct SrvScratch *sc,
                      char *err, int errlen);
void net_srv_table_free(SrvTable *t);

/* Applies option `index` of the pending decision (as game_options lists it).
 * Returns 0; 1 when the index is not an option (nothing changed); -1 when
 * the store refused (nothing changed), with err; -2 the game failed to
 * apply an option it listed (err: a bug to report). */
int net_srv_table_apply(SrvTable *t, Session *s, SrvStore *st, int index, struct SrvScratch *sc, char *err, int errlen);
/* The decision id: the number of moves accepted so far. */
static inline int net_srv_table_decision(const SrvTable *t) { return t->log.len; }
int net_srv_table_over(const SrvTable *t);

/* Subscribers. */
int net_srv_table_subscribe(SrvTable *t, uint64_t conn, int seat);
/* Removes conn; returns the seat it followed (-1 spectator, -2 none). */
int net_srv_table_unsubscribe(SrvTable *t, uint64_t conn);
/* The seat conn follows: -1 spectator, -2 not a subscriber. */
int net_srv_table_sub_seat(const SrvTable *t, uint64_t conn);
/* The oldest connection of `seat`, or 0. */
uint64_t net_srv_table_oldest(const SrvTable *t, int seat);

/* A random or stored seat's token check, in constant time. */
int net_srv_token_equal(const char *a, const char *b);

#endif
