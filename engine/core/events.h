/* The catalogue of named events the core emits to the rules layer, and the
 * hooks through which it emits them. The core knows only names and integer
 * fields; what a handler does is the script layer's business.
 *
 * Contract: the core fills an event's fields, calls hooks->emit, then reads
 * back the writable fields. With no hooks, or no handler, fields keep the
 * values the core put in (the base rules). */
#ifndef VQ_EVENTS_H
#define VQ_EVENTS_H

#include <stdint.h>

#define EVENT_MAX_FIELDS 12

#define VQ_EVENT_LIST(X)                                                          \
    X(EV_TURN_START, "turn_start")             /* player; writable: mode, moves, over, buy, sacrifice */ \
    X(EV_TARGETS, "targets")                   /* player; writable: players (bitmask) */ \
    X(EV_BUY_LIMIT, "buy_limit")               /* player, bought, soil; writable: allowed */ \
    X(EV_TILE_PLACED, "tile_placed")           /* player, q, r, type, height */ \
    X(EV_BIOMES_MERGED, "biomes_merged")       /* player, q, r, players_involved */ \
    X(EV_VOLCANO_ACTIVATED, "volcano_activated") /* player, q, r */ \
    X(EV_POWER_UNLOCKED, "power_unlocked")     /* player, slot, card */ \
    X(EV_LAVA_MOVED, "lava_moved")             /* q, r, ocean */ \
    X(EV_CRITTER_REMOVED, "critter_removed")   /* owner, critter, q, r, cause */ \
    X(EV_COLLECT, "collect")                   /* player; writable: allowed, cap */ \
    X(EV_TURN_END, "turn_end")                 /* player, lava; writable: over */ \
    X(EV_END_TRIGGERED, "end_triggered")       /* player, reason */ \
    X(EV_SCORING, "scoring")                   /* player; writable: bonus */ \
    X(EV_DECISION, "decision")                 /* player, tag, choice (-1 passed), value, q, r */ \
    X(EV_PHASE, "phase")                       /* player, phase (a step of the turn begins) */ \
    X(EV_COST, "cost")                         /* player, item; writable: any, alike, each */ \
    X(EV_VOLCANO_TARGETED, "volcano_targeted") /* player, q, r: before the eruption */ \
    X(EV_CALDERA_PLAYED, "caldera_played")     /* player, card: a bolt card's one-off effect */ \
    X(EV_ISLAND, "island")                     /* player; writable: tiles (an island is summoned) */ \
    X(EV_LAVA_FLOW, "lava_flow")               /* flow, q, r, to_q, to_r: lava is about to move */

#define VQ_EVENT_ENUM(id, name) id,
typedef enum EventId { VQ_EVENT_LIST(VQ_EVENT_ENUM) EV_COUNT } EventId;
#undef VQ_EVENT_ENUM

extern const char *const EVENT_NAMES[EV_COUNT];

/* Events asked while options are listed: their handlers must not change the game. */
static inline int event_is_query(int id) { return id == EV_TARGETS || id == EV_COST; }

/* What a "cost" event prices (its `item` field). */
typedef enum CostItem {
    COST_UNO, COST_DUO, COST_TRIO, COST_VOLCANO, COST_ISLAND, COST_CALDERA,
    COST_SACRIFICE, COST_EVACUATION, COST_POINT, COST_ITEM_COUNT
} CostItem;

typedef struct EventField {
    const char *name;
    int64_t value;
    int writable;
} EventField;

typedef struct GameEvent {
    int id;
    int nfields;
    EventField fields[EVENT_MAX_FIELDS];
} GameEvent;

struct Game;

enum { ASK_TEXT_PROMPT = -2, ASK_TEXT_PASS = -1 };

typedef struct GameHooks {
    /* Runs the handlers of ev->id. Returns 0, or -1 with a message in err
     * (the core reports it and keeps the base values). */
    int (*emit)(struct Game *g, void *ud, GameEvent *ev, char *err, int errlen);
    /* Whether any handler listens to event `id`; lets the core skip building it. */
    int (*listens)(void *ud, int id);
    /* Words for the script question in front of g's ask queue: its prompt
     * (choice ASK_TEXT_PROMPT), the label of its pass choice (ASK_TEXT_PASS)
     * or of choice `choice` (from 0). Writes a NUL-terminated text into out
     * and returns 0, or -1 when it has none. May be NULL. */
    int (*ask_text)(void *ud, const struct Game *g, int choice, char *out, int len);
} GameHooks;

void event_begin(GameEvent *ev, int id);
void event_field(GameEvent *ev, const char *name, int64_t value, int writable);
int64_t event_get(const GameEvent *ev, const char *name);

#endif
