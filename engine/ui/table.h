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
 *  - One thread: applying and scoring use static scratch copies of the game. */
#ifndef VQ_UI_TABLE_H
#define VQ_UI_TABLE_H

#include <stdbool.h>

#include "bot.h"
#include "chronicle.h"
#include "game.h"
#include "score.h"

#define UI_STORY_LINES 400   /* the story keeps this many most recent lines */

typedef struct UiSeat {
    uint8_t human;            /* 1: a person decides for this seat */
    BotConfig bot;            /* otherwise this bot */
} UiSeat;

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
 * legal: nothing changed; or the hook failed: the game has changed). */
int  ui_table_apply(UiTable *t, const Option *o, char *err, int errlen);
/* Whether the seat deciding now is a person (false once the game is over). */
bool ui_table_human_turn(const UiTable *t);
/* The bot of the deciding seat chooses among opts[0..n); returns the index. */
int  ui_table_bot_choose(UiTable *t, const Option *opts, int n);

/* Length the action log would have after an undo, or -1 when there is
 * nothing to undo; `why` (if not NULL) then says why in words. */
int  ui_table_undo_point(const UiTable *t, char *why, int whylen);
/* Undoes back to ui_table_undo_point. Returns 0, or -1 with a message. */
int  ui_table_undo(UiTable *t, char *err, int errlen);
/* Whether applying `o` now would be final (dice, a card revealed): tried on a copy. */
bool ui_table_would_be_final(const UiTable *t, const Option *o);

/* Story line k (0 = the oldest kept); NULL past the end. */
const UiLine *ui_table_line(const UiTable *t, int k);
int  ui_table_line_count(const UiTable *t);
/* Whether seat `owner`'s hidden cards may be shown: to the only person at the
 * table, to the person deciding at a table of several (hot seat), to everyone
 * when all seats are bots or the game is over, and never otherwise. */
bool ui_table_shows_hand(const UiTable *t, int owner);
/* The board cell an option is located at (its target, or the critter it
 * names), or NO_CELL for options with no place (buy, pass, unlock...). */
int ui_option_cell(const Game *g, const Option *o);
/* "human", "random", "greedy", "mcts:300" for a seat. */
const char *ui_seat_name(const UiSeat *s, char *buf, int len);

#endif
