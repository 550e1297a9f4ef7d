/* The Game: one plain struct that owns every piece of state, and the decision
 * model that is the only way to change it.
 *
 * Contract:
 *  - A game always stands at a pending decision: who decides, what kind, and
 *    the legal options. game_options() lists them; game_apply() applies one.
 *    Nothing else mutates a started game (scenario set-up aside).
 *  - Every apply is appended to the action log; replaying the log from the
 *    same seed and rules reaches the same state (game_hash).
 *  - A Game holds no pointers but `log` and `hooks`, so cloning is an
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
#define VARIANT_LEN 24

/* Where a critter is. */
typedef enum CritterPlace {
    AT_HAND, AT_BOARD, AT_CRATER, AT_GRID, AT_SEA, AT_UNUSED
} CritterPlace;

typedef struct Critter {
    uint8_t place;     /* CritterPlace */
    uint8_t area;      /* area index on the top tile when AT_BOARD */
    uint16_t cell;     /* board cell (AT_BOARD, AT_SEA) or grid slot (AT_GRID) */
    uint8_t armour;    /* extra hit points: each absorbs one blow (lava, eruption, script damage) */
    uint8_t flags;     /* CRITTER_* */
} Critter;

/* A dormant critter stays where it is: it cannot move, migrate, evacuate or be
 * sacrificed, its stack cannot be stacked on, it collects nothing, does not
 * count for targeting and takes no part in contests; it still holds its biome
 * against claims and scores at the end. (Rules scripts set it: game.set_dormant.) */
enum { CRITTER_DORMANT = 1 };

/* Generic capabilities rules scripts switch on per player (game.set_ability).
 * The core knows what each allows; it never knows which power granted it. */
typedef enum Ability {
    ABILITY_MOVE_ADJACENT,   /* move onto an uncontrolled area of a neighbouring tile */
    ABILITY_MOVE_ANYWHERE,   /* move onto any uncontrolled area, inhabited tile or not */
    ABILITY_SHARE,           /* shares biomes with other sharers; may move onto another
                                player's biome on its own tile, wiping non-sharers there */
    ABILITY_JOIN,            /* may move a critter into a biome it controls on a neighbouring tile */
    ABILITY_GROUP,           /* several critters in one biome form a group that moves as one:
                                1 = onto any connecting biome, wiping smaller opposition, and
                                collects one per critter; 2 = onto uncontrolled biomes only,
                                and collects two */
    ABILITY_COUNT
} Ability;

typedef struct Player {
    uint8_t resources[BIOME_COUNT];
    uint8_t ability[ABILITY_COUNT];
    uint8_t volcanoes;              /* volcanoes activated */
    uint8_t points_bought;          /* end-game points bought with resources */
    uint8_t sacrificed_board;       /* this turn */
    uint8_t sacrificed_hand;        /* this turn */
    uint8_t caldera_bought;         /* this turn */
    uint8_t final_turn_done;
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

/* What an option does. Field use per verb is documented in decision.c. */
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
    uint8_t free_move; /* DK_EVACUATE: the escape costs nothing (an armoured critter) */
    uint8_t reach[MAX_LAND / 8]; /* land indices of its region before the change */
} QueueItem;

/* A question a rules script asks a player (game.ask). The answer comes back
 * as the "decision" event carrying the tag, the choice index and its value. */
#define MAX_ASK_CHOICES 96
#define MAX_ASKS 16

typedef struct ScriptAsk {
    uint8_t player;
    uint8_t tag;       /* names the question; see GameHooks.tag_name */
    uint8_t count;     /* choices */
    uint8_t can_pass;  /* the player may decline (choice -1) */
    int32_t value[MAX_ASK_CHOICES];
    uint16_t cell[MAX_ASK_CHOICES];   /* NO_CELL when the choice is not a place */
} ScriptAsk;

typedef struct GameOptions {
    uint8_t players;
    uint8_t setup_variation;   /* 1 or 2 */
    char variant[VARIANT_LEN]; /* 3+ players: "symbiosis" or "to_the_left" */
    uint64_t deal;             /* bit c: deal power card c to the grid before the shuffled rest
                                  (for tests and rule prototyping; 0 in normal play) */
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

    uint8_t lava_count;
    Lava lava[MAX_LAVA];
    uint8_t flow_count;                /* lava flows decided but not yet arrived */
    LavaFlow flows[MAX_LAVA];

    Player player[MAX_PLAYERS];

    Pending pending;
    Pending resume;            /* the decision to return to once the queue is empty */
    uint8_t queue_len;
    QueueItem queue[MAX_QUEUE];
    uint8_t island_left;       /* tiles still to place for a summoned island */

    uint8_t ask_len;                   /* script questions waiting, first asked first */
    ScriptAsk ask[MAX_ASKS];
    uint8_t island_count;              /* island tiles placed so far this summoning */
    uint16_t island_cells[8];
    uint16_t setup_cells[MAX_PLAYERS][3];
    uint8_t unlocked[MAX_PLAYERS][MAX_GRID_SLOTS]; /* 1 if the player holds the slot */
    uint8_t end_triggered;             /* EndReason of the first trigger, 0 if none */
    uint8_t trigger_player;
    int32_t vars[64];                  /* engine-owned storage for rules scripts (game.slot) */
    uint8_t frozen[BOARD_CELLS / 8];   /* bit per board cell, land or ocean: frozen (see cell_frozen) */
    uint8_t quiet_volcano;             /* the next volcano activated sends no lava (effect_quiet_volcano) */
    uint8_t turn_skip;                 /* TURN_SKIP_* steps switched off for this turn (turn_start) */
    uint8_t contest_favour;            /* 1 + the player who wins tied contests at the next
                                          resolution, then 0 (effect_favour_contests); 0 none */

    /* Not state: excluded from the hash, the save snapshot and equality. */
    struct ActionLog *log;             /* NULL: applies are not recorded (search clones) */
    const struct GameHooks *hooks;     /* the script layer's callbacks, or NULL */
    void *hooks_ud;
} Game;

/* The record of every applied option, in order. */
typedef struct ActionLog {
    Option *items;
    int len, cap;
} ActionLog;

int  action_log_append(ActionLog *log, const Option *opt);
void action_log_free(ActionLog *log);

typedef enum EndReason {
    END_NONE, END_SUPPLY, END_HAND_EMPTY, END_SUPER_VOLCANO, END_WINTER, END_STALLED
} EndReason;

/* Steps a turn_start handler may switch off for one turn (Game.turn_skip). */
enum { TURN_SKIP_BUY = 1, TURN_SKIP_SACRIFICE = 2 };

/* A frozen cell (a generic board state that scripts set, e.g. a winter): no tile,
 * volcano or critter is placed on it, no critter moves onto or off it, is
 * sacrificed from it or collects on it. Lava still flows across it. */
static inline bool cell_frozen(const Game *g, int cell)
{
    return cell >= 0 && cell < BOARD_CELLS && (g->frozen[cell >> 3] >> (cell & 7)) & 1;
}

static inline int critter_id(int player, int index) { return player * MAX_CRITTERS + index; }
static inline Critter *game_critter(Game *g, int id)
{
    return &g->player[id / MAX_CRITTERS].critters[id % MAX_CRITTERS];
}

/* Starts a game: supply, grid deal, set-up decisions. Returns 0 or -1 with a message. */
int game_init(Game *g, const Rules *rules, const GameOptions *opts, uint64_t seed,
              const GameHooks *hooks, void *hooks_ud, char *err, int errlen);
/* Lists the legal options of the pending decision. Returns the count (0 only when over). */
int game_options(const Game *g, Option *out, int max);
/* Applies option `index` of the pending decision's list. Returns 0, or -1 if the
 * index is out of range (the game is unchanged). */
int game_apply(Game *g, int index, char *err, int errlen);
/* Applies an option equal to `opt`; -1 if it is not currently legal. */
int game_apply_option(Game *g, const Option *opt, char *err, int errlen);
bool game_over(const Game *g);
const char *ability_name(int ability);
int ability_by_name(const char *name);
/* Queues a script's question; it is asked before play goes on. Returns 0, or
 * -1 if MAX_ASKS questions are already waiting or the ask has no choice. */
int game_ask(Game *g, const ScriptAsk *ask);
/* A 64-bit FNV-1a hash over a canonical walk of the state (not the log, not
 * hooks, not stale pool entries), equal for equal games however they were built. */
uint64_t game_hash(const Game *g);
const char *decision_kind_name(int kind);
const char *verb_name(int verb);
const char *phase_name(int phase);
const char *end_reason_name(int reason);

#endif
