/* The catalogue of events the core emits to the rules layer, as data: every
 * event's name, meaning and fields (name, kind, whether handlers may write
 * it and within which range) in one table, which the script layer, the API
 * documentation and its drift test all read.
 *
 * Contract: the core fills an event's fields (by index, EV_SET), calls
 * hooks->emit, then reads back the writable ones (EV_GET). The script layer
 * refuses writes outside a field's range, so what comes back is always in
 * range. With no hooks, or no handler, fields keep the values the core put
 * in: the base rules. */
#ifndef VQ_EVENTS_H
#define VQ_EVENTS_H

#include <stdint.h>

/* E(ID, "name", "what it means"). Query events (targets, cost) are asked
 * while options are listed: their handlers may not change the game. */
#define VQ_EVENT_LIST(E)                                                                          \
    E(GAME_START, "game_start", "Set-up is done; the first turn is about to begin.")             \
    E(TURN_START, "turn_start", "A turn begins: handlers may change what it allows.")            \
    E(PHASE, "phase", "A step of the turn begins.")                                               \
    E(TARGETS, "targets", "Query: whose critters make a stack a legal target this turn.")         \
    E(COST, "cost", "Query: the price of something a player may buy or pay for.")                 \
    E(BUY_LIMIT, "buy_limit", "A bought tile was placed: how many more tiles this turn allows.")  \
    E(TILE_PLACED, "tile_placed", "A land tile was stacked (bought, or part of an island).")      \
    E(LAND_CHANGED, "land_changed", "Land appeared, moved or went: soil formed, an island was "    \
                                    "summoned, shifted or split, a tile slid or was removed.")   \
    E(CONTEST, "contest", "A biome holds critters of several players, or several of one: who "    \
                          "keeps how many (the rest go to hand).")                                \
    E(VOLCANO_TARGETED, "volcano_targeted", "A volcano's target was chosen; it erupts once the "   \
                                            "questions asked here are answered.")                \
    E(VOLCANO_LANDING, "volcano_landing", "A volcano's blow has fallen on its target's critters; "  \
                                          "the Volcano tile lands next (the top tile may change).") \
    E(VOLCANO_ACTIVATED, "volcano_activated", "A volcano was stacked and activated.")             \
    E(POWER_UNLOCKED, "power_unlocked", "A player unlocked a power (slot -1: held from the start).") \
    E(LAVA_FLOW, "lava_flow", "Lava is about to move from one position to a neighbour.")         \
    E(LAVA_MOVED, "lava_moved", "Lava arrived at a position.")                                    \
    E(CRITTER_HIT, "critter_hit", "A critter takes a blow: handlers may spare it, make it flee, "  \
                                  "or stop what hit it.")                                         \
    E(CRITTER_MOVED, "critter_moved", "A critter moved to another area of the board.")           \
    E(CRITTER_REMOVED, "critter_removed", "A critter went back to its owner's hand.")             \
    E(COLLECT, "collect", "A player is about to collect resources.")                              \
    E(COLLECT_BIOME, "collect_biome", "A player collects from one biome they control.")           \
    E(ISLAND, "island", "An island is summoned: how many tiles it has.")                          \
    E(CALDERA_PLAYED, "caldera_played", "A Caldera card was played for its one-off effect.")      \
    E(TURN_END, "turn_end", "A turn ends.")                                                       \
    E(END_TRIGGERED, "end_triggered", "The end of the game was triggered (the first trigger only).") \
    E(SCORING, "scoring", "A player's score is being counted.")

/* Field kinds: how a field reads and is written in Lua. */
typedef enum EventFieldKind {
    EFK_INT,        /* an integer */
    EFK_BOOL,       /* true or false */
    EFK_PLAYERS,    /* one integer per seat: a table indexed by player */
    EFK_CARD,       /* an integer: a power card's index (a handler's `when` gate may name the card) */
    EFK_PHASE,      /* a name: phase_name() */
    EFK_MODE,       /* a name: the turn modes of content/turns.lua */
    EFK_CAUSE,      /* a name: cause_name() */
    EFK_ITEM,       /* a name: cost_item_name() */
    EFK_REASON,     /* a name: an end reason (Rules.end_reason) */
    EFK_DECISION,   /* a name: decision_kind_name() */
    EFK_LAND,       /* a name: land_change_name() */
    EFK_COUNT
} EventFieldKind;

/* Slots a field of each kind takes in GameEvent.v. */
#define VQ_SLOTS_INT 1
#define VQ_SLOTS_BOOL 1
#define VQ_SLOTS_PLAYERS 5 /* MAX_PLAYERS */
#define VQ_SLOTS_CARD 1
#define VQ_SLOTS_PHASE 1
#define VQ_SLOTS_MODE 1
#define VQ_SLOTS_CAUSE 1
#define VQ_SLOTS_ITEM 1
#define VQ_SLOTS_REASON 1
#define VQ_SLOTS_DECISION 1
#define VQ_SLOTS_LAND 1

/* Fields: F(EVENT, field, KIND, RO|RW, lo, hi, "meaning"); lo..hi bound writes. */
#define VQ_FIELDS_GAME_START(F) \
    F(GAME_START, first_player, INT, RO, 0, 0, "the player who takes the first turn")
#define VQ_FIELDS_TURN_START(F)                                                                    \
    F(TURN_START, player, INT, RO, 0, 0, "whose turn it is")                                       \
    F(TURN_START, turn, INT, RO, 0, 0, "turns started so far, this one included")                  \
    F(TURN_START, mode, MODE, RW, 0, 0, "what the turn allows: normal, final or finale")           \
    F(TURN_START, moves, INT, RW, 0, 100, "critter moves the move step allows")                    \
    F(TURN_START, buy, BOOL, RW, 0, 1, "whether the buy step happens")                             \
    F(TURN_START, claim, BOOL, RW, 0, 1, "whether the claim step happens")                         \
    F(TURN_START, sacrifice, BOOL, RW, 0, 1, "whether the sacrifice step happens")                 \
    F(TURN_START, over, BOOL, RW, 0, 1, "true ends the game before this turn is played")
#define VQ_FIELDS_PHASE(F)                                           \
    F(PHASE, player, INT, RO, 0, 0, "whose turn it is")              \
    F(PHASE, phase, PHASE, RO, 0, 0, "the step that begins")
#define VQ_FIELDS_TARGETS(F)                                                                          \
    F(TARGETS, player, INT, RO, 0, 0, "who is placing a tile or a volcano")                           \
    F(TARGETS, players, INT, RW, 0, 31, "bit p set: stacks holding player p's critters are fair game") \
    F(TARGETS, uninhabited, BOOL, RW, 0, 1, "whether stacks with no critter on them are fair game")
#define VQ_FIELDS_COST(F)                                                                   \
    F(COST, player, INT, RO, 0, 0, "who pays")                                              \
    F(COST, item, ITEM, RO, 0, 0, "what is priced")                                         \
    F(COST, any, INT, RW, 0, 15, "resources of any types")                                  \
    F(COST, alike, INT, RW, 0, 15, "or this many of one type (0: no such price)")           \
    F(COST, each, INT, RW, 0, 5, "plus this many of each type")                             \
    F(COST, distinct, BOOL, RW, 0, 1, "the `any` resources must all be of different types")
#define VQ_FIELDS_BUY_LIMIT(F)                                                          \
    F(BUY_LIMIT, player, INT, RO, 0, 0, "who bought")                                   \
    F(BUY_LIMIT, bought, INT, RO, 0, 0, "tiles bought this turn")                       \
    F(BUY_LIMIT, soil, INT, RO, 0, 0, "of those, tiles placed on volcanic soil")        \
    F(BUY_LIMIT, on_soil, BOOL, RO, 0, 0, "whether this tile went onto soil")           \
    F(BUY_LIMIT, extra, INT, RW, 0, 20, "tiles allowed beyond the first this turn")
#define VQ_FIELDS_TILE_PLACED(F)                                                    \
    F(TILE_PLACED, player, INT, RO, 0, 0, "who placed it")                          \
    F(TILE_PLACED, q, INT, RO, 0, 0, "where: axial q")                              \
    F(TILE_PLACED, r, INT, RO, 0, 0, "where: axial r")                              \
    F(TILE_PLACED, type, INT, RO, 0, 0, "tile type index (game.stack names it)")    \
    F(TILE_PLACED, height, INT, RO, 0, 0, "the stack's height now")                 \
    F(TILE_PLACED, island, BOOL, RO, 0, 0, "part of a summoned island")
#define VQ_FIELDS_LAND_CHANGED(F)                                                              \
    F(LAND_CHANGED, player, INT, RO, 0, 0, "whose turn it is")                                 \
    F(LAND_CHANGED, change, LAND, RO, 0, 0, "soil, island, shift, split, slide or removed")      \
    F(LAND_CHANGED, q, INT, RO, 0, 0, "a position it happened at: axial q")                    \
    F(LAND_CHANGED, r, INT, RO, 0, 0, "a position it happened at: axial r")
#define VQ_FIELDS_CONTEST(F)                                                                        \
    F(CONTEST, player, INT, RO, 0, 0, "whose turn it is")                                           \
    F(CONTEST, q, INT, RO, 0, 0, "a tile of the biome: axial q")                                    \
    F(CONTEST, r, INT, RO, 0, 0, "a tile of the biome: axial r")                                    \
    F(CONTEST, area, INT, RO, 0, 0, "the area of that tile (from 1)")                               \
    F(CONTEST, players, INT, RO, 0, 0, "bit p set: player p has critters there")                    \
    F(CONTEST, after, LAND, RO, 0, 0, "what last changed the land before this, if anything")      \
    F(CONTEST, count, PLAYERS, RO, 0, 0, "critters each player has there")                          \
    F(CONTEST, keep, PLAYERS, RW, 0, 24, "critters each player keeps (the base rule filled in)")
#define VQ_FIELDS_VOLCANO_TARGETED(F)                                   \
    F(VOLCANO_TARGETED, player, INT, RO, 0, 0, "who set it off")        \
    F(VOLCANO_TARGETED, q, INT, RO, 0, 0, "target: axial q")            \
    F(VOLCANO_TARGETED, r, INT, RO, 0, 0, "target: axial r")
#define VQ_FIELDS_VOLCANO_LANDING(F)                                    \
    F(VOLCANO_LANDING, player, INT, RO, 0, 0, "who set it off")         \
    F(VOLCANO_LANDING, q, INT, RO, 0, 0, "where: axial q")              \
    F(VOLCANO_LANDING, r, INT, RO, 0, 0, "where: axial r")
#define VQ_FIELDS_VOLCANO_ACTIVATED(F)                                                            \
    F(VOLCANO_ACTIVATED, player, INT, RO, 0, 0, "who set it off")                                 \
    F(VOLCANO_ACTIVATED, q, INT, RO, 0, 0, "where: axial q")                                      \
    F(VOLCANO_ACTIVATED, r, INT, RO, 0, 0, "where: axial r")                                      \
    F(VOLCANO_ACTIVATED, lava, BOOL, RW, 0, 1, "whether lava leaves it (false: a quiet volcano)")
#define VQ_FIELDS_POWER_UNLOCKED(F)                                                   \
    F(POWER_UNLOCKED, player, INT, RO, 0, 0, "who unlocked it")                       \
    F(POWER_UNLOCKED, slot, INT, RO, 0, 0, "the Power Grid slot, -1 when held from the start") \
    F(POWER_UNLOCKED, card, CARD, RO, 0, 0, "power card index (game.card)")
#define VQ_FIELDS_LAVA_FLOW(F)                                                       \
    F(LAVA_FLOW, flow, INT, RO, 0, 0, "the flow's number among this step's flows")   \
    F(LAVA_FLOW, q, INT, RO, 0, 0, "from: axial q")                                  \
    F(LAVA_FLOW, r, INT, RO, 0, 0, "from: axial r")                                  \
    F(LAVA_FLOW, to_q, INT, RO, 0, 0, "to: axial q")                                 \
    F(LAVA_FLOW, to_r, INT, RO, 0, 0, "to: axial r")
#define VQ_FIELDS_LAVA_MOVED(F)                                          \
    F(LAVA_MOVED, q, INT, RO, 0, 0, "where it arrived: axial q")         \
    F(LAVA_MOVED, r, INT, RO, 0, 0, "where it arrived: axial r")         \
    F(LAVA_MOVED, ocean, BOOL, RO, 0, 0, "it reached the ocean")
#define VQ_FIELDS_CRITTER_HIT(F)                                                                      \
    F(CRITTER_HIT, owner, INT, RO, 0, 0, "the critter's owner")                                       \
    F(CRITTER_HIT, critter, INT, RO, 0, 0, "its index (from 1)")                                      \
    F(CRITTER_HIT, q, INT, RO, 0, 0, "where it stands: axial q")                                      \
    F(CRITTER_HIT, r, INT, RO, 0, 0, "where it stands: axial r")                                      \
    F(CRITTER_HIT, cause, CAUSE, RO, 0, 0, "what hit it: eruption, lava, slide, takeover or script")  \
    F(CRITTER_HIT, spared, BOOL, RW, 0, 1, "true: unharmed, it stays where it is; from lava not stopped " \
                                           "or a sliding tile it flees as flee does")                      \
    F(CRITTER_HIT, flee, BOOL, RW, 0, 1, "true: it must flee to its biome elsewhere, for free")       \
    F(CRITTER_HIT, stop, BOOL, RW, 0, 1, "true: what hit it stops (lava is removed, a mover goes home; " \
                                         "a slide is not stopped: as spared)")
#define VQ_FIELDS_CRITTER_MOVED(F)                                                        \
    F(CRITTER_MOVED, owner, INT, RO, 0, 0, "the critter's owner")                         \
    F(CRITTER_MOVED, critter, INT, RO, 0, 0, "its index (from 1)")                        \
    F(CRITTER_MOVED, from_q, INT, RO, 0, 0, "from: axial q")                              \
    F(CRITTER_MOVED, from_r, INT, RO, 0, 0, "from: axial r")                              \
    F(CRITTER_MOVED, q, INT, RO, 0, 0, "to: axial q")                                     \
    F(CRITTER_MOVED, r, INT, RO, 0, 0, "to: axial r")                                     \
    F(CRITTER_MOVED, area, INT, RO, 0, 0, "to: area (from 1)")                            \
    F(CRITTER_MOVED, cause, CAUSE, RO, 0, 0, "move, migrate, evacuate, flee or script")
#define VQ_FIELDS_CRITTER_REMOVED(F)                                                              \
    F(CRITTER_REMOVED, owner, INT, RO, 0, 0, "the critter's owner")                               \
    F(CRITTER_REMOVED, critter, INT, RO, 0, 0, "its index (from 1)")                              \
    F(CRITTER_REMOVED, q, INT, RO, 0, 0, "where it stood: axial q")                               \
    F(CRITTER_REMOVED, r, INT, RO, 0, 0, "where it stood: axial r")                               \
    F(CRITTER_REMOVED, cause, CAUSE, RO, 0, 0, "why: covered, lava, eruption, contest, keep, "     \
                                               "takeover, turned, removed, slide, script, overflow")
#define VQ_FIELDS_COLLECT(F)                                                              \
    F(COLLECT, player, INT, RO, 0, 0, "who collects")                                    \
    F(COLLECT, allowed, BOOL, RW, 0, 1, "whether anything is collected this time")       \
    F(COLLECT, cap, INT, RW, 0, 60, "resources the player may keep afterwards")
#define VQ_FIELDS_COLLECT_BIOME(F)                                                              \
    F(COLLECT_BIOME, player, INT, RO, 0, 0, "who collects")                                     \
    F(COLLECT_BIOME, q, INT, RO, 0, 0, "a tile of the biome: axial q")                          \
    F(COLLECT_BIOME, r, INT, RO, 0, 0, "a tile of the biome: axial r")                          \
    F(COLLECT_BIOME, area, INT, RO, 0, 0, "the area of that tile (from 1)")                     \
    F(COLLECT_BIOME, biome, INT, RO, 0, 0, "the resource type: 0 dark, 1 medium, 2 light")      \
    F(COLLECT_BIOME, critters, INT, RO, 0, 0, "the player's critters there that collect")       \
    F(COLLECT_BIOME, amount, INT, RW, 0, 20, "resources to take (the supply permitting)")
#define VQ_FIELDS_ISLAND(F)                                                 \
    F(ISLAND, player, INT, RO, 0, 0, "who summons it")                      \
    F(ISLAND, tiles, INT, RW, 1, 6, "tiles it has")                         \
    F(ISLAND, optional, INT, RW, 0, 5, "of those, the last ones the player may decline")
#define VQ_FIELDS_CALDERA_PLAYED(F)                                \
    F(CALDERA_PLAYED, player, INT, RO, 0, 0, "who played it")      \
    F(CALDERA_PLAYED, card, CARD, RO, 0, 0, "power card index")
#define VQ_FIELDS_TURN_END(F)                                                              \
    F(TURN_END, player, INT, RO, 0, 0, "whose turn ends")                                  \
    F(TURN_END, lava, INT, RO, 0, 0, "lava tokens on the board")                           \
    F(TURN_END, over, BOOL, RW, 0, 1, "true ends the game with this turn")
#define VQ_FIELDS_END_TRIGGERED(F)                                   \
    F(END_TRIGGERED, player, INT, RO, 0, 0, "whose turn it is")      \
    F(END_TRIGGERED, reason, REASON, RO, 0, 0, "what triggered it")
#define VQ_FIELDS_SCORING(F)                                                          \
    F(SCORING, player, INT, RO, 0, 0, "whose score")                                  \
    F(SCORING, critters, INT, RO, 0, 0, "points for critters on land")                \
    F(SCORING, sacrifices, INT, RO, 0, 0, "critters in the crater")                   \
    F(SCORING, bonus, INT, RW, -1000, 1000, "points added: marked critters' points, then the rules scripts'")

/* The event ids: EV_GAME_START, ... */
#define VQ_EVENT_ENUM(id, name, doc) EV_##id,
typedef enum EventId { VQ_EVENT_LIST(VQ_EVENT_ENUM) EV_COUNT } EventId;
#undef VQ_EVENT_ENUM

/* Field indices, per event: TURN_START_moves, ... (a PLAYERS field takes one
 * slot per seat from its index on). */
#define VQ_FIELD_ENUM(ev, f, kind, acc, lo, hi, doc) ev##_##f, ev##_##f##_end_ = ev##_##f + VQ_SLOTS_##kind - 1,
#define VQ_FIELD_ENUM_FOR(id, name, doc) enum { VQ_FIELDS_##id(VQ_FIELD_ENUM) id##_SLOTS_ };
VQ_EVENT_LIST(VQ_FIELD_ENUM_FOR)
#undef VQ_FIELD_ENUM_FOR
#undef VQ_FIELD_ENUM

#define EVENT_MAX_SLOTS 16

typedef struct EventFieldDef {
    const char *name;
    const char *doc;
    uint8_t kind;       /* EventFieldKind */
    uint8_t writable;
    uint8_t slot;       /* index into GameEvent.v */
    int32_t lo, hi;     /* writes outside lo..hi are refused (writable fields) */
} EventFieldDef;

typedef struct EventDef {
    const char *name;
    const char *doc;
    const EventFieldDef *fields;
    int nfields;
    int nslots;
    int query;          /* asked while listing options: handlers may not change the game */
} EventDef;

extern const EventDef EVENT_DEFS[EV_COUNT];

static inline int event_is_query(int id) { return EVENT_DEFS[id].query; }

typedef struct GameEvent {
    int id;
    int64_t v[EVENT_MAX_SLOTS];
} GameEvent;

/* Field access by name, checked at compile time: EV_SET(ev, TURN_START, moves, 2). */
#define EV_SET(ev, id, f, value) ((ev).v[id##_##f] = (int64_t)(value))
#define EV_GET(ev, id, f) ((ev).v[id##_##f])

/* Starts an event of kind id with every slot 0. */
void event_begin(GameEvent *ev, int id);

/* What a "cost" event prices (its `item` field). */
typedef enum CostItem {
    COST_UNO, COST_DUO, COST_TRIO, COST_VOLCANO, COST_ISLAND, COST_CALDERA,
    COST_SACRIFICE, COST_EVACUATION, COST_POINT, COST_ITEM_COUNT
} CostItem;

/* Why a critter was hit, moved or removed (critter_hit, critter_moved,
 * critter_removed `cause`). */
typedef enum Cause {
    CAUSE_COVERED, CAUSE_LAVA, CAUSE_ERUPTION, CAUSE_CONTEST, CAUSE_KEEP, CAUSE_TAKEOVER,
    CAUSE_TURNED, CAUSE_REMOVED, CAUSE_SLIDE, CAUSE_SCRIPT, CAUSE_OVERFLOW, CAUSE_MOVE,
    CAUSE_MIGRATE, CAUSE_EVACUATE, CAUSE_FLEE, CAUSE_COUNT
} Cause;

/* How land changed (land_changed `change`). */
typedef enum LandChange {
    LAND_NONE, LAND_SOIL, LAND_ISLAND, LAND_SHIFT, LAND_SPLIT, LAND_SLIDE, LAND_REMOVED, LAND_CHANGE_COUNT
} LandChange;

const char *cause_name(int cause);
const char *cost_item_name(int item);
const char *land_change_name(int change);


#endif
