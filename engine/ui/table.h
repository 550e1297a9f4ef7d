/* A game at the table: who sits in each seat (a person, or a bot with its
 * strength), the story so far in words, the live score, and undo. The window
 * and the terminal both play through a table; no SDL here.
 *
 * Contract:
 *  - Every change to the game goes through ui_table_apply or ui_table_undo,
 *    which call game_apply_option (one gate) and then the `changed` hook
 *    (the front end saves there).
 *  - Undo takes back the most recent choice of a person (with whatever the
 *    bots did after it) by restarting the game (the `restart` hook: game_init
 *    with the same seed, options and hooks) and replaying the action log
 *    without the undone actions. It never goes back past a step that drew
 *    from the game's generator or revealed a Caldera card (ui_step_is_final),
 *    so undo never lets a player see the dice and choose again.
 *  - A game loaded from a save is replayed once at ui_table_init to rebuild
 *    the story and the undo marks; the replay must reach the same state hash.
 *  - Bots think on their own generators (bot.h), seeded from the game's seed
 *    and the seat (bot_seat_seed), as `sim` seeds them, and every bot hears
 *    of every option applied (bot_observe), as in `sim`: the same seed and
 *    seats play the same game at the table as in a simulation.
 *  - One thread: applying and scoring use static scratch copies of the game.
 *
 * A remote table (ui_table_join) is a seat of a game that a `volcanique
 * serve` holds, played through the C client (engine/net/net_client.h), or a
 * spectator's view of one. Its game is the redacted Game of the server's
 * latest state (no hooks, no log: nothing here calls a script); its options,
 * their words, the prompt, the live scores and the story are the server's,
 * so the front end needs no copy of the host's rules or mods. Applying sends
 * the move and the table waits for the server's next state (UI_TURN_WAIT
 * until it comes); ui_table_poll reads what the server sent. There is no
 * undo, and another seat's hidden cards are never in the game to show.
 * When the connection drops the client comes back by itself; a move that
 * did not reach the server is announced (ui_table_notice) so the person
 * makes it again. The front ends use the same calls for both kinds. */
#ifndef VQ_UI_TABLE_H
#define VQ_UI_TABLE_H

#include <stdbool.h>

#include "bot.h"
#include "chronicle.h"
#include "game.h"
#include "score.h"

#define UI_STORY_LINES 400   /* the story keeps this many most recent lines */

typedef struct UiSeat {
    uint8_t human;            /* 1: a person decides for this seat (at this screen) */
    uint8_t remote;           /* 1: decided elsewhere (a remote table's other seats) */
    BotConfig bot;            /* otherwise this bot */
} UiSeat;

struct UiRemote;              /* a remote table's connection and last state (table_remote.c) */
struct NetView;
struct NetRulesView;

typedef struct UiTableHooks {
    /* Puts g back at its start: game_init with g's options, seed and hooks,
     * recording into an emptied log. Returns 0, or -1 with a message. */
    int (*restart)(void *ud, Game *g, char *err, int errlen);
    /* Called after every apply and undo (a front end writes its save here).
     * Returns 0, or -1 with a message (the table reports it as a failure). */
    int (*changed)(void *ud, Game *g, char *err, int errlen);
    void *ud;
} UiTableHooks;

/* The start screen's choices. */
typedef struct UiSetup {
    int players;
    UiSeat seat[MAX_PLAYERS];
    char variant[VARIANT_LEN];   /* the variant's name: one of UiAppHooks.variants' list */
    int setup;              /* set-up variation, 1 or 2 */
    uint32_t mods;          /* bit i: the i-th offered mod is on */
    uint64_t seed;
} UiSetup;

/* The variants a game may be played under, as the rules with some mods
 * declare them (game.variant_rule). */
typedef struct UiVariants {
    int count;
    int default_index;                         /* the one a game plays unless another is chosen */
    char name[MAX_VARIANTS][VARIANT_LEN];
    uint8_t min_players[MAX_VARIANTS];         /* it applies from this many players on */
} UiVariants;

/* The variants `rules` declare, as the start screen offers them (a front
 * end's UiAppHooks.variants fills its answer so). */
void ui_variants_of_rules(const Rules *rules, UiVariants *out);

typedef struct UiAppHooks {
    /* Starts the game the start screen describes and seats it at a table
     * (the caller owns both). `overwrite`: the person agreed to replace the
     * save file. Returns the table, or NULL with a message in err. NULL hook:
     * the window has no start screen. */
    struct UiTable *(*new_game)(void *ud, const UiSetup *setup, bool overwrite, char *err, int errlen);
    /* Called every frame while a game is played (NULL: never). Returns the
     * table seated again after the rules were reloaded (the window then
     * reads the decision anew), or NULL; either way a non-empty msg is shown
     * in the status line. */
    struct UiTable *(*reload)(void *ud, char *msg, int msglen);
    /* Lists the variants of the rules with the start screen's mods `mods`
     * (bit i: the i-th offered mod). Returns 0, or -1 with a message (a mod
     * that does not load). NULL hook: none offered, and games play the
     * rules' default. */
    int (*variants)(void *ud, uint32_t mods, UiVariants *out, char *err, int errlen);
    /* Each notice of a remote table (ui_table_notice), and the reason it was
     * lost, besides the status line (NULL: the status line only). */
    void (*notice)(void *ud, const char *text);
    void *ud;
} UiAppHooks;

typedef struct UiTable {
    Game *game;
    int players;
    UiSeat seat[MAX_PLAYERS];
    Bot bot[MAX_PLAYERS];
    UiTableHooks hooks;
    Scores scores;            /* live: game_score on a copy after the last change */
    uint8_t *mark;            /* per logged action: UI_MARK_* bits */
    int mark_cap;
    UiLine story[UI_STORY_LINES];   /* a ring: line k is story[k % UI_STORY_LINES] */
    int story_len;            /* lines told since the start (the ring keeps the last ones) */
    Option *scratch;          /* MAX_OPTIONS, for listing */
    struct UiRemote *remote;  /* a remote table (ui_table_join); NULL: a game played here */
} UiTable;

enum { UI_MARK_HUMAN = 1, UI_MARK_FINAL = 2 };

/* Seats the players of g. With actions already in g's log (a loaded game) it
 * replays them through hooks->restart to rebuild the story and the marks.
 * Returns 0, or -1 with a message (out of memory, a replay that fails). */
int  ui_table_init(UiTable *t, Game *g, const UiSeat seats[MAX_PLAYERS], const UiTableHooks *hooks, char *err,
                   int errlen);
void ui_table_free(UiTable *t);

/* Applies option `o` of the pending decision, tells the story, rescores and
 * calls the changed hook. Returns 0, or -1 with a message (the option is not
 * legal: nothing changed; or the hook failed: the game has changed).
 * A remote table sends the move instead and returns 0 (the table then waits
 * for the server's next state), or 1 with the reason in err when the move
 * was not sent (the connection is down, a move is already on its way, it is
 * not this seat's decision): nothing changed, the person may make it again. */
int  ui_table_apply(UiTable *t, const Option *o, char *err, int errlen);

/* Who acts now: a person at this screen, a bot of this screen (the front end
 * calls ui_table_bot_choose and ui_table_apply), nobody here (a remote
 * table: another seat decides, or the server has not answered yet; the
 * front end calls ui_table_poll), or nobody at all (the game is over). */
typedef enum UiTurn { UI_TURN_PERSON, UI_TURN_BOT, UI_TURN_WAIT, UI_TURN_OVER } UiTurn;
UiTurn ui_table_turn(const UiTable *t);
/* Whether the seat deciding now is a person here (ui_table_turn is UI_TURN_PERSON). */
bool ui_table_human_turn(const UiTable *t);
/* The bot of the deciding seat chooses among opts[0..n); returns the index.
 * At a remote table the seat's own bot (UiJoin.choose) chooses among the
 * server's options (opts must be ui_table_options'); -1 when it could not
 * (the table has failed: ui_table_poll says why). */
int  ui_table_bot_choose(UiTable *t, const Option *opts, int n);
/* The pending decision's options for whoever acts here (out: MAX_OPTIONS):
 * listed by the game, or a remote table's as the server sent them (none
 * while it waits). Returns how many. */
int  ui_table_options(UiTable *t, Option *out);
/* What option o of the pending decision does, in words (the server's words
 * at a remote table). */
void ui_table_option_text(const UiTable *t, const Option *o, char *buf, int len);
/* What the deciding seat is asked, in words (the server's at a remote table). */
void ui_table_prompt(const UiTable *t, char *buf, int len);

/* Length the action log would have after an undo, or -1 when there is
 * nothing to undo (and never at a remote table); `why` (if not NULL) then
 * says why in words. */
int  ui_table_undo_point(const UiTable *t, char *why, int whylen);
/* Undoes back to ui_table_undo_point. Returns 0, or -1 with a message. */
int  ui_table_undo(UiTable *t, char *err, int errlen);
/* Whether applying `o` now would be final (dice, a card revealed): tried on
 * a copy. False at a remote table, where nothing can be undone anyway and
 * the client does not hold the rules' scripts to try it. */
bool ui_table_would_be_final(const UiTable *t, const Option *o);

/* Story line k (0 = the oldest kept); NULL past the end. */
const UiLine *ui_table_line(const UiTable *t, int k);
int  ui_table_line_count(const UiTable *t);
/* Whether seat `owner`'s hidden cards may be shown: to the only person at the
 * table, to the person deciding at a table of several (hot seat), to everyone
 * when all seats are bots or the game is over, and never otherwise. At a
 * remote table only the seat played here, whose hand alone the server sends. */
bool ui_table_shows_hand(const UiTable *t, int owner);
/* The board cell an option is located at (its target, or the critter it
 * names), or NO_CELL for options with no place (buy, pass, unlock...). */
int ui_option_cell(const Game *g, const Option *o);
/* "human", "random", "greedy", "mcts:300" for a seat. */
const char *ui_seat_name(const UiSeat *s, char *buf, int len);
/* Who sits at seat p in words: ui_seat_name at a table played here; at a
 * remote table "you", a person's name (or "person"), a server bot's spec,
 * with "away" for a person whose connection is gone. */
const char *ui_table_seat_label(const UiTable *t, int p, char *buf, int len);

/* A remote table: joining it, and what only it has. */
typedef struct UiJoin {
    const char *link;          /* a seat's link (plays it) or a table's watch link (docs/protocol.md) */
    const char *client;        /* hello's "client" (what this program is) */
    const char *name;          /* the name shown for the seat, or NULL (the server's) */
    int timeout_ms;            /* the longest wait for the server: to join, after a drop, for a move's answer */
    /* A bot of this screen plays the seat (--autoplay); NULL choose: a person.
     * rules: the table's rules arrived (0, or -1 with a message: the table fails).
     * choose: the index of the bot's choice among v's options, or -1 with a message. */
    const char *bot;           /* its spec, for the seat's label */
    int (*rules)(void *ud, const struct NetRulesView *r, char *err, int errlen);
    int (*choose)(void *ud, const struct NetView *v, char *err, int errlen);
    void *ud;
} UiJoin;

/* Connects to the link's server and waits (at most timeout_ms) until it has
 * seated this table: joined (or watching), the rules, a first state.
 * Returns 0, or -1 with a message: a bad link, a refusal in the server's
 * words (a wrong token, no such table or seat, another protocol version),
 * or no answer in time (an unreachable server). */
int  ui_table_join(UiTable *t, const UiJoin *j, char *err, int errlen);
bool ui_table_is_remote(const UiTable *t);
/* The seat this screen plays at a remote table, -1 for a spectator (and at a table played here). */
int  ui_table_remote_seat(const UiTable *t);
/* The remote table's id, "" at a table played here. */
const char *ui_table_remote_id(const UiTable *t);

/* What ui_table_poll found (bits). */
enum {
    UI_POLL_DECISION = 1,     /* the decision or who acts changed: read the options again */
    UI_POLL_VIEW = 2,         /* the game changed (a new state), the decision did not */
    UI_POLL_NOTICE = 4        /* a notice is waiting (ui_table_notice) */
};
/* Reads what the server sent, waiting up to timeout_ms (0: not at all, -1:
 * until something comes) for the first of it. Returns UI_POLL_* bits (0 at
 * a table played here), or -1 with a message when the table is lost for
 * good: the server refused this seat (another connection took it over), it
 * has not answered for timeout_ms, or this screen's bot failed. */
int  ui_table_poll(UiTable *t, int timeout_ms, char *err, int errlen);
/* The next notice of a remote table (the connection lost, back, a move that
 * must be made again, a move the server refused...): 1 with it in buf, 0
 * when there is none. */
int  ui_table_notice(UiTable *t, char *buf, int len);
/* The connection's state in words while it is not playing normally
 * ("the connection to the server is lost ...; trying again"), else "". */
const char *ui_table_status(const UiTable *t);
/* A power card's rules text as the server's rules give it (a remote table),
 * or NULL. */
const char *ui_table_card_text(const UiTable *t, int card);

#endif
