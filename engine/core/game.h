/* The Game: one plain struct that owns every piece of state, and the decision
 * model that is the only way to change it.
 *
 * Contract:
 *  - A game always stands at a pending decision: who decides, what kind, and
 *    the legal options. game_options() lists them; game_apply() applies one
 *    after checking it. Loops that list, choose and apply (bots, simulations)
 *    use game_apply_listed(), which trusts the choice and returns the next
 *    listing, so a decision is listed once. Nothing else mutates a started
 *    game (scenario set-up aside).
 *  - Every apply is appended to the action log; replaying the log from the
 *    same seed and rules reaches the same state (game_hash).
 *  - A Game holds no pointers but `log` and the hooks' (`hooks`, `hooks_ud`,
 *    `listening`: game_set_hooks), so cloning is an
 *    assignment (set `log` to NULL in a clone that should not record). */
#ifndef VQ_GAME_H
#define VQ_GAME_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "board.h"
#include "events.h"
#include "rng.h"
#include "rules.h"

#define MAX_PLAYERS 5
#define MIN_PLAYERS 2
#define MAX_CRITTERS 24
#define MAX_OPTIONS 8192
#define MAX_QUEUE 24
#define MAX_CALDERA 40

/* Where a critter is. An aside critter is out of play at a position a
 * script chose (game.set_aside): it controls, collects and scores nothing,
 * cannot be sacrificed and does not count for targeting; front ends show it
 * at its position (cell, NO_CELL for none), which stays put when land moves. */
typedef enum CritterPlace {
    AT_HAND, AT_BOARD, AT_CRATER, AT_GRID, AT_ASIDE, AT_UNUSED
} CritterPlace;

typedef struct Critter {
    uint8_t place;     /* CritterPlace */
    uint8_t area;      /* area index on the top tile when AT_BOARD */
    uint16_t cell;     /* board cell (AT_BOARD, AT_ASIDE) or grid slot (AT_GRID) */
    uint8_t marks;     /* bit m: critter mark m (Rules.critter_marks); cleared off the board */
    uint8_t unused;
} Critter;

typedef struct Player {
    uint8_t resources[BIOME_COUNT];
    uint8_t reach;                  /* derived from the cards held: Reach */
    uint8_t join;                   /* derived from the cards held: may join own biomes */
    uint8_t volcanoes;              /* volcanoes activated */
    uint8_t points_bought;          /* end-game points bought with resources */
    uint8_t sacrificed_board;       /* this turn */
    uint8_t sacrificed_hand;        /* this turn */
    uint8_t caldera_bought;         /* this turn */
    uint8_t caldera_count;
    uint8_t caldera[MAX_CALDERA];   /* power card indices held */
    Critter critters[MAX_CRITTERS];
} Player;

/* Kinds of pending decision. */
typedef enum DecisionKind {
    DK_SETUP_TILE,      /* place a starting-island tile */
    DK_SETUP_CRITTER,   /* place a starting critter */
    DK_BONUS,           /* pick a set-up bonus resource */
    DK_MOVE,            /* move up to one critter */
    DK_BUY,             /* buy a tile (with payment), or end the buy step */
    DK_PLACE,           /* place the bought tile */
    DK_MIGRATE,         /* a covered critter's owner chooses where it goes */
    DK_KEEP,            /* owner of a biome with two of their critters keeps one */
    DK_TARGET,          /* choose a volcano's target stack */
    DK_UNLOCK,          /* choose a Power Grid slot */
    DK_EVACUATE,        /* a critter under lava: pay to move it, or lose it */
    DK_ISLAND,          /* place the next tile of a summoned island */
    DK_CLAIM,           /* claim an uninhabited tile, or stop */
    DK_SACRIFICE,       /* sacrifice from the board or from hand, or stop */
    DK_DISCARD,         /* over the resource cap: discard one */
    DK_SCRIPT,          /* a choice opened by a rules script (game.ask) */
    DK_ERUPT,           /* internal: a targeted volcano erupts once scripts have acted */
    DK_LAVA_FLOW,       /* internal: decided lava flows arrive once scripts have acted */
    DK_GAME_OVER,
    DK_COUNT
} DecisionKind;

/* What an option does; each verb's comment says which Option fields it uses. */
typedef enum Verb {
    VERB_PASS,           /* stop / skip / decline */
    VERB_TILE,           /* place tile `subject` on `cell` turned `sub` */
    VERB_CRITTER,        /* put a critter from hand on `cell` area `sub` */
    VERB_MOVE,           /* move critter `subject` to `cell` area `sub` */
    VERB_BUY,            /* buy item `subject` (tile type, or BUY_*) paying `pay` */
    VERB_MIGRATE,        /* migrate critter `subject` to `cell` area `sub` */
    VERB_RETURN,         /* send critter `subject` back to hand */
    VERB_KEEP,           /* keep critter `subject` */
    VERB_TARGET,         /* volcano target `cell` */
    VERB_UNLOCK,         /* grid slot `subject` */
    VERB_EVACUATE,       /* critter `subject` to `cell` area `sub`, paying `pay` */
    VERB_SACRIFICE,      /* board critter `subject` to the crater */
    VERB_SACRIFICE_HAND, /* a hand critter to the crater, paying `pay` */
    VERB_RESOURCE,       /* take or discard one resource of biome `sub` */
    VERB_CHOOSE,         /* choice `subject` of a script's question (cell: its place, if any) */
    VERB_PLAY_CARD,      /* play the bolt Caldera card held at hand index `subject` */
    VERB_ACTION,         /* a script's action `sub` (game.action): on `cell`, critter `subject` - 1
                            (0: none), value `pay` */
    VERB_COUNT
} Verb;

/* Buy items beyond tile types. */
enum { BUY_VOLCANO = 200, BUY_ISLAND, BUY_CALDERA, BUY_POINT };

typedef struct Option {
    uint8_t verb;
    uint8_t sub;
    uint16_t cell;
    uint16_t subject;
    uint16_t pay;     /* packed payment, see pay_pack() */
} Option;

/* An Option's bytes as one 64-bit word, and a store of such a word: for inner
 * loops that write many options differing in one field (OR the words of
 * options whose set fields do not overlap). */
_Static_assert(sizeof(Option) == 8, "an Option is one 64-bit word");
static inline uint64_t option_pack(int verb, int sub, int cell, int subject, int pay)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    return (uint64_t)(uint8_t)verb | (uint64_t)(uint8_t)sub << 8 | (uint64_t)(uint16_t)cell << 16 |
           (uint64_t)(uint16_t)subject << 32 | (uint64_t)(uint16_t)pay << 48;
#else
    Option o = { (uint8_t)verb, (uint8_t)sub, (uint16_t)cell, (uint16_t)subject, (uint16_t)pay };
    uint64_t w;
    memcpy(&w, &o, sizeof w);
    return w;
#endif
}
static inline void option_store(Option *o, uint64_t word) { memcpy(o, &word, sizeof word); }

static inline uint16_t pay_pack(int dark, int medium, int light)
{
    return (uint16_t)(dark | (medium << 4) | (light << 8));
}
static inline int pay_of(uint16_t pay, int biome) { return (pay >> (4 * biome)) & 15; }

typedef enum Phase {
    PHASE_SETUP, PHASE_MOVE, PHASE_BUY, PHASE_CLAIM, PHASE_SACRIFICE,
    PHASE_COLLECT, PHASE_LAVA, PHASE_OVER, PHASE_COUNT
} Phase;

typedef struct Pending {
    uint8_t kind;      /* DecisionKind */
    uint8_t player;    /* who decides */
    uint16_t subject;  /* critter id, tile type, ... per kind */
    uint16_t cell;
    uint16_t aux;
} Pending;

/* Work waiting to be asked: a critter that must migrate or evacuate. */
typedef struct QueueItem {
    uint8_t kind;      /* DK_MIGRATE, DK_EVACUATE, DK_KEEP */
    uint8_t player;
    uint16_t subject;  /* critter id (player * MAX_CRITTERS + index) */
    uint16_t cell;     /* where the critter stood */
    uint8_t biome;     /* its biome before the change */
    uint8_t count;     /* DK_KEEP: critters still to send back */
    uint8_t must_flee; /* DK_EVACUATE: free, and not declined while somewhere can take it */
    uint8_t cause;     /* what displaced it (CauseKind): lava, a slide, a blow, covered... */
    uint8_t reach[MAX_LAND / 8]; /* land indices of its region before the change */
} QueueItem;

/* A question a rules script asks a player (a game.question's :ask). Its
 * choices live in Game.choice[first .. first + count); the answer goes back
 * to the question's own handler (GameHooks.answer). */
#define MAX_ASKS 48
#define MAX_CHOICES 256     /* all waiting questions together */
#define ASK_CONTEXT 4

typedef struct AskChoice {
    int32_t value;
    uint16_t cell;      /* NO_CELL: not a place */
    uint16_t critter;   /* critter id + 1; 0: none */
    uint8_t card;       /* power card + 1; 0: none */
    uint8_t unused[3];
} AskChoice;

typedef struct ScriptAsk {
    uint8_t player;
    uint8_t can_pass;            /* the player may decline */
    uint16_t question;           /* the question's id, given in load order */
    uint16_t first, count;       /* its choices */
    uint8_t ctx_places;          /* bit i: ctx[i] holds a place (cell + 1, 0 none) */
    uint8_t unused;
    int32_t ctx[ASK_CONTEXT];    /* what the asker passed on to the answer */
} ScriptAsk;

struct Game;

/* Which events some handler may want, as the script layer summed up its
 * handlers when its rules froze. game_listens answers from it without a
 * call, reading the handlers' gates itself (GameGate), and asks
 * GameHooks.listens only about an event whose gates did not fit. */
#define GAME_MAX_GATES 32
#define GAME_GATE_TERMS 4
/* The conditions of a handler, as data the core reads: a card in play
 * (card: its bit, 0 for none), a variant (its name, "" for any), at least
 * min_players players, and n terms on the scripts' state: Game.state[slot[i]]
 * holds a value v (0..63) with bit v of values[i] set. */
typedef struct GameGate {
    uint8_t n, min_players;
    uint16_t slot[GAME_GATE_TERMS];
    uint64_t card;
    uint64_t values[GAME_GATE_TERMS];
    char variant[VARIANT_LEN];
} GameGate;

typedef struct GameListening {
    uint32_t always;            /* bit e: a handler of event e runs whatever the game */
    uint32_t complex;           /* bit e: some handler of e has a condition only the scripts read */
    uint64_t cards[EV_COUNT];   /* cards whose being in play opens a handler of event e */
    uint32_t gated;             /* bit e: e's handlers beyond always and cards are in gates (not complex) */
    int gate_count;
    GameGate gates[GAME_MAX_GATES];   /* by event: those of event e are gates[gates_from[e] .. gates_from[e + 1]) */
    uint8_t gates_from[EV_COUNT + 1];
    /* The same for GameHooks.actions: a decision kind k is asked about only
     * when bit k of actions_always is set or a card of action_cards[k] is in play. */
    uint32_t actions_always;    /* bit k: an action without a card is offered at kind k */
    uint64_t action_cards[DK_COUNT];   /* cards with an action offered at kind k */
} GameListening;

/* The script layer's side of the game: everything the core asks of the rules
 * scripts goes through these. A NULL member (or no hooks) means the base rules. */
typedef struct GameHooks {
    /* Runs the handlers of ev->id. Returns 0, or -1 with a message in err
     * (the core counts the error in Game.script_errors and keeps the base values). */
    int (*emit)(struct Game *g, void *ud, GameEvent *ev, char *err, int errlen);
    /* Whether any handler would run for event `id` in game g (so it is worth building). */
    int (*listens)(void *ud, const struct Game *g, int id);
    /* The summary game_listens reads before asking listens (NULL: it asks
     * every time); it stays valid, and true, while ud does. */
    const GameListening *(*listening)(void *ud);
    /* Whether game_apply_listed must check each choice against a new listing
     * (Game.verify_listed): scripts not trusted to answer alike (NULL: no). */
    int (*verify_listed)(void *ud);
    /* The answer to a script's question: `ask` and its chosen `choice` (NULL:
     * the player passed) are copies, already off the queue. 0, or -1 with err. */
    int (*answer)(void *ud, struct Game *g, const ScriptAsk *ask, const AskChoice *choice, char *err,
                  int errlen);
    /* Appends the scripts' actions open at g's pending decision (VERB_ACTION
     * options) to out, at most max; returns how many. Must not change g. */
    int (*actions)(void *ud, const struct Game *g, Option *out, int max);
    /* Carries out action option o. Returns 1 when the action used one of the
     * turn's critter moves, 0 when not, -1 with err on failure. */
    int (*perform)(void *ud, struct Game *g, const Option *o, char *err, int errlen);
    /* Whether the Caldera bolt of power card `card` (one declared with a
     * bolt_offer) is worth offering to g's pending player now. Must not change g. */
    int (*bolt_offered)(void *ud, const struct Game *g, int card);
    /* Words for the scripts' part of a decision: o NULL asks the prompt of the
     * question in front of the ask queue; otherwise the label of option o
     * (VERB_CHOOSE, VERB_PASS at a script question, VERB_ACTION). Writes a
     * NUL-terminated text into out and returns 0, or -1 when it has none. */
    int (*words)(void *ud, const struct Game *g, const Option *o, char *out, int len);
} GameHooks;
#define MAX_PARAMS 8
#define PARAM_NAME_LEN 24

/* A named number that rules scripts and mods read with game.param (the
 * command line's --set NAME=V): part of the options, so saves, replays and
 * bots' clones see the same value. */
typedef struct GameParam {
    char name[PARAM_NAME_LEN]; /* [a-z][a-z0-9_]*, at most PARAM_NAME_LEN - 1 characters */
    double value;              /* finite */
} GameParam;

typedef struct GameOptions {
    uint8_t players;
    uint8_t setup_variation;   /* 1 or 2 */
    char variant[VARIANT_LEN]; /* 3+ players: a declared variant (Rules.variants); "": the rules' default */
    uint64_t deal;             /* bit c: deal power card c to the grid before the shuffled rest
                                  (for tests and rule prototyping; 0 in normal play) */
    uint64_t hold[MAX_PLAYERS];/* bit c of hold[p]: seat p holds power card c from the start, as
                                  if unlocked, without a grid slot (tests and prototyping) */
    uint8_t param_count;       /* 0..MAX_PARAMS, names unique (game_params_check) */
    GameParam params[MAX_PARAMS];
} GameOptions;

typedef struct Lava {
    uint16_t cell;
    uint8_t in_ocean;
    uint8_t unused;
} Lava;

#define MAX_LAVA 32

/* Lava on its way from one position to a neighbour: scripts hear of it
 * ("lava_flow") and may divert it before it arrives. */
typedef struct LavaFlow {
    uint16_t from, to;
} LavaFlow;

#define GAME_MOD_SLOTS 16          /* mods a game counts work for (SAVE_MAX_MODS) */

typedef struct Game {
    Rules rules;
    GameOptions options;
    uint64_t seed;
    Rng rng;
    Board board;

    uint8_t players;
    uint8_t first_player;
    uint8_t active;            /* whose turn it is */
    uint8_t phase;             /* Phase */
    uint8_t mode;              /* TurnMode */
    uint8_t end_reason;        /* EndReason, 0 while running */
    uint16_t turn;             /* turns started, from 1 */
    uint16_t moves_left;       /* critter moves left this turn */
    uint8_t buys_made;         /* tiles bought this turn */
    uint8_t soil_placements;   /* tiles of this turn played onto soil */
    uint8_t extra_buys;        /* bought tiles allowed past the first (soil rule and powers) */
    uint8_t bought_type;       /* tile type awaiting placement */
    uint8_t volcano_held;      /* a bought volcano not yet erupted */
    uint8_t setup_step;        /* set-up progress */
    uint8_t sacrifices;        /* sacrifices made this turn */
    uint8_t contest_dirty;     /* biomes may have merged: resolve before going on */

    uint8_t supply_tiles[MAX_TILE_TYPES];
    uint8_t supply_volcanoes;
    uint8_t supply_resources[BIOME_COUNT];
    uint8_t grid_card[MAX_GRID_SLOTS];      /* power card in each slot, 255 empty */
    uint8_t caldera_deck[MAX_POWER_CARDS];
    uint8_t caldera_size;
    uint8_t caldera_discard;
    uint64_t cards_played;                  /* bit c: Caldera card c has been played */
    uint64_t cards_in_play;                 /* bit c: card c is held, in a Caldera hand or played */

    uint8_t lava_count;
    Lava lava[MAX_LAVA];
    uint8_t flow_count;                /* lava flows decided but not yet arrived */
    LavaFlow flows[MAX_LAVA];

    Player player[MAX_PLAYERS];

    Pending pending;
    Pending resume;            /* the decision to return to once the queue is empty */
    uint8_t queue_len;
    QueueItem queue[MAX_QUEUE];

    uint8_t ask_len;                   /* script questions waiting, first asked first */
    uint16_t choice_len;               /* choices of the waiting questions */
    ScriptAsk ask[MAX_ASKS];
    AskChoice choice[MAX_CHOICES];
    uint8_t island_count;              /* island tiles placed so far this summoning */
    uint16_t island_cells[8];
    uint16_t setup_cells[MAX_PLAYERS][3];
    uint8_t unlocked[MAX_PLAYERS][MAX_GRID_SLOTS]; /* 1 if the player holds the slot */
    uint8_t end_triggered;             /* EndReason of the first trigger, 0 if none */
    uint8_t trigger_player;
    int32_t state[STATE_SLOTS];        /* the rules scripts' own state (game.state) */
    uint8_t cell_marks[MAX_CELL_MARKS][BOARD_CELLS / 8];   /* bit per board cell, per cell mark */
    uint8_t turn_skip;                 /* TURN_SKIP_* steps switched off for this turn (turn_start) */
    uint8_t land_change;               /* LandChange since contests were last resolved (their `after`) */
    uint8_t erupting;                  /* not state (0 between decisions, unhashed): a volcano's blow and
                                        * landing are under way, and their handlers may not erupt again */
    uint8_t critter_marks_seen;        /* not state (unhashed, derived): bit m once some critter carried
                                        * critter mark m in this game; never cleared, so a filter only */
    uint32_t mods_disabled;            /* bit i: the session's mod i failed and is off in this game */
    uint32_t progress;                 /* the progress signature at the last turn's end (turn.c) */
    uint16_t progress_turn;            /* the last turn at whose end it had changed */

    /* Not state: excluded from the hash, the save snapshot and equality. */
    uint32_t script_errors;            /* handler calls that failed in this game (copied with clones) */
    /* Instructions each mod's calls used (script layer, mods.h): in the
     * outermost event under way, and since the last decision was made. */
    uint32_t mod_work_event[GAME_MOD_SLOTS];
    uint32_t mod_work_decision[GAME_MOD_SLOTS];
    uint8_t verify_listed;             /* game_apply_listed lists again to check the choice of a game
                                        * that records its actions, in release builds too (debug builds
                                        * always do): set where mods take part in listing (query handlers,
                                        * offers), which are not trusted to answer alike */
    struct ActionLog *log;             /* NULL: applies are not recorded (search clones) */
    const struct GameHooks *hooks;     /* the script layer's callbacks, or NULL */
    void *hooks_ud;
    const GameListening *listening;    /* hooks->listening(hooks_ud), or NULL (game_set_hooks) */
} Game;

/* The record of every applied option, in order. */
typedef struct ActionLog {
    Option *items;
    int len, cap;
} ActionLog;

int  action_log_append(ActionLog *log, const Option *opt);
void action_log_free(ActionLog *log);

/* End reasons are ids into Rules.end_reasons: END_NONE .. END_STALLED are the
 * base game's (rules.h); scripts register others by name. */

/* Steps a turn_start handler may switch off for one turn (Game.turn_skip). */
enum { TURN_SKIP_BUY = 1, TURN_SKIP_SACRIFICE = 2, TURN_SKIP_CLAIM = 4 };

/* Whether cell mark m is on `cell`. */
static inline bool cell_marked(const Game *g, int m, int cell)
{
    return cell >= 0 && cell < BOARD_CELLS && (g->cell_marks[m][cell >> 3] >> (cell & 7)) & 1;
}
/* Whether some mark on `cell` has all of the CellTrait bits `traits`. */
static inline bool cell_has_trait(const Game *g, int cell, int traits)
{
    for (int m = 0; m < g->rules.cell_mark_count; m++)
        if ((g->rules.cell_marks[m].traits & traits) == traits && cell_marked(g, m, cell))
            return true;
    return false;
}
/* Whether critter c carries a mark with CritterTrait `trait` (one bit). */
static inline bool critter_has_trait(const Game *g, const Critter *c, int trait)
{
    return (c->marks & g->rules.critter_marks_with[__builtin_ctz((unsigned)trait)]) != 0;
}

static inline int critter_id(int player, int index) { return player * MAX_CRITTERS + index; }
static inline Critter *game_critter(Game *g, int id)
{
    return &g->player[id / MAX_CRITTERS].critters[id % MAX_CRITTERS];
}

/* Whether `name` may name a parameter: [a-z][a-z0-9_]*, 1..PARAM_NAME_LEN-1 characters. */
bool game_param_name_ok(const char *name);
/* Index of the parameter called `name` in o->params, or -1. */
int game_param_find(const GameOptions *o, const char *name);
/* Checks o's parameters: count, names (valid, unique) and finite values.
 * Returns 0, or -1 with a message naming the parameter. */
int game_params_check(const GameOptions *o, char *err, int errlen);

/* Starts a game: supply, grid deal, set-up decisions. Returns 0 or -1 with a message. */
int game_init(Game *g, const Rules *rules, const GameOptions *opts, uint64_t seed,
              const GameHooks *hooks, void *hooks_ud, char *err, int errlen);
/* Hooks g up to the script layer (hooks NULL: the base rules), with the
 * summary of what it listens to. */
void game_set_hooks(Game *g, const GameHooks *hooks, void *hooks_ud);
/* Lists the legal options of the pending decision. Returns the count (0 only when over). */
int game_options(const Game *g, Option *out, int max);
/* The moves critter `id` (player * MAX_CRITTERS + index) could make now by
 * the move rules and its owner's abilities, whatever the pending decision:
 * VERB_MOVE options, at most max written; returns how many there are. */
int game_critter_moves(const Game *g, int id, Option *out, int max);
/* Applies option `index` of the pending decision's list. Returns 0, or -1 if the
 * index is out of range (the game is unchanged). */
int game_apply(Game *g, int index, char *err, int errlen);
/* Applies an option equal to `opt`; -1 if it is not currently legal. */
int game_apply_option(Game *g, const Option *opt, char *err, int errlen);
/* The fast path for callers that list, choose and apply in a loop (bots,
 * simulations, bench): applies `chosen`, which must be one of the options
 * game_options (or the previous game_apply_listed) listed for g as it stands
 * now, and writes the options of the decision that follows to next (room for
 * MAX_OPTIONS; it may be the array `chosen` points into), so the caller need
 * not list them again. Returns their count (0 once the game is over), or -1
 * with a message when the action log is out of memory. Unlike game_apply it
 * does not list the options again to check the choice (release builds trust
 * the caller unless g->verify_listed and g records its actions (g->log);
 * debug builds always check; a choice
 * not listed again returns -1 with a message saying a script answered
 * differently), so
 * input from outside the program goes through game_apply or game_apply_option. */
int game_apply_listed(Game *g, const Option *chosen, Option *next, char *err, int errlen);
bool game_over(const Game *g);
/* Queues a script's question with its choices; it is asked before play goes
 * on. Returns 0, or -1 (nothing queued) when MAX_ASKS questions or
 * MAX_CHOICES choices would be waiting, or the ask has no choice and no pass. */
int game_ask(Game *g, const ScriptAsk *ask, const AskChoice *choices);
/* A 64-bit FNV-1a hash over a canonical walk of the state (not the log, not
 * hooks, not stale pool entries), equal for equal games however they were built. */
uint64_t game_hash(const Game *g);
const char *decision_kind_name(int kind);
const char *verb_name(int verb);
const char *phase_name(int phase);
const char *end_reason_name(const Game *g, int reason);

#endif
