/* The base game's numbers and tile set, as loaded from content/ by the script
 * layer. The core reads these; it never invents them.
 *
 * Contract: a Rules value is plain data (no pointers), so it can be copied,
 * hashed and compared; rules_validate() must accept it before a game starts. */
#ifndef VQ_RULES_H
#define VQ_RULES_H

#include <stdbool.h>
#include <stdint.h>

enum { BIOME_DARK, BIOME_MEDIUM, BIOME_LIGHT, BIOME_COUNT, BIOME_NONE = 255 };

typedef enum TileClass {
    TILE_UNO, TILE_DUO, TILE_TRIO, TILE_VOLCANO, TILE_SOIL, TILE_CLASS_COUNT
} TileClass;

#define MAX_TILE_TYPES 16
#define MAX_AREAS 3
#define MAX_GRID_SLOTS 16
#define MAX_POWER_CARDS 64   /* card sets are 64-bit masks */
#define NAME_LEN 32

typedef struct TileType {
    char name[NAME_LEN];
    uint8_t tile_class;            /* TileClass */
    uint8_t edge_biome[6];         /* BIOME_NONE for volcano and soil */
    uint8_t areas;                 /* biome areas on the tile (0 for volcano/soil) */
    uint8_t area_of_edge[6];       /* area index of each edge, unrotated */
    uint8_t area_biome[MAX_AREAS];
    uint8_t distinct_rotations;    /* rotations giving different edge patterns */
} TileType;

/* A price: `any` tokens of any types, or `alike` tokens of one type (0: not offered),
 * or `each` tokens of every type (0: not offered) plus nothing else. With
 * `distinct`, the `any` tokens must all be of different types. */
typedef struct Cost {
    uint8_t any, alike, each, distinct;
} Cost;

typedef struct GridSlot {
    uint8_t level;   /* 1..5 */
    int8_t column;   /* -2..+2 */
    int8_t row2;     /* vertical position in half rows, bottom = 0 */
} GridSlot;

/* How far a critter may move onto a biome other than its own (a card's
 * `abilities.reach`; the base game allows its own tile). */
typedef enum Reach { REACH_TILE, REACH_ADJACENT, REACH_ANY, REACH_COUNT } Reach;

typedef struct PowerCard {
    char name[NAME_LEN];
    uint8_t level_min, level_max;
    uint8_t middle_only;   /* may only be dealt to a column-0 slot */
    uint8_t bolt;          /* a Caldera copy can be played once for its one-off effect */
    uint32_t bolt_at;      /* bit k: the bolt is offered at decisions of kind k (DecisionKind)
                              of the owner's own turn; 0: at every such decision */
    uint8_t bolt_asks;     /* a script says, each time, whether the bolt would change anything
                              (GameHooks.bolt_offered) */
    uint8_t stars;
    /* Abilities its holders have, read by the core while listing moves (no
     * script runs per listing): */
    uint8_t reach;         /* Reach: onto uncontrolled biomes this far away */
    uint8_t join;          /* may move into a biome its owner controls, within one step */
    uint8_t resource_cap;  /* may hold this many resources after collection (0: the rules' cap) */
    uint8_t moves;         /* its holder's turns begin with at least this many critter moves */
    uint8_t crater_points; /* each critter in its holder's crater scores this many (0: the base 1) */
} PowerCard;

/* Marks scripts put on critters or cells, each declared once while scripts
 * load with the traits the core enforces for it (game.critter_mark,
 * game.cell_mark). The core knows traits, never what a mark stands for. */
#define MAX_CRITTER_MARKS 8
#define MAX_CELL_MARKS 4
#define MARK_NAME_LEN 24

typedef enum CritterTrait {
    CT_STAYS = 1,      /* never moves, migrates, evacuates or is sacrificed */
    CT_SHELTERS = 2,   /* its stack cannot be stacked on */
    CT_IDLE = 4,       /* collects nothing */
    CT_UNCOUNTED = 8,  /* not counted among its owner's critters on land for targeting */
    CT_PEACEFUL = 16,  /* takes no part in contests: neither counted nor lost */
    CT_TRAIT_BITS = 5
} CritterTrait;

typedef enum CellTrait {
    LT_NO_BUILD = 1,   /* no tile, volcano or island tile is placed on it */
    LT_NO_ENTER = 2,   /* no critter is claimed, moved, migrated or evacuated onto it */
    LT_NO_LEAVE = 4,   /* no critter moves, migrates or evacuates off it, nor is sacrificed from it */
    LT_NO_COLLECT = 8, /* critters on it collect nothing */
    LT_TRAIT_BITS = 4
} CellTrait;

typedef struct MarkDef {
    char name[MARK_NAME_LEN];
    uint8_t traits;        /* CritterTrait or CellTrait bits */
    uint8_t points;        /* critter marks: points a critter on the board bearing it adds at the end */
} MarkDef;

/* Engine-owned state of the rules scripts (game.state, Game.state): slots of
 * plain integers whose names and types the script layer keeps; the slots
 * flagged in Rules.state_places hold places (cell + 1, 0 none), which the
 * core moves with the land when islands shift or split. */
#define STATE_SLOTS 512
#define STATE_INITS 64

/* End reasons: the base game's, then those scripts register (game.end_reason). */
#define MAX_END_REASONS 12
enum { END_NONE, END_SUPPLY, END_HAND_EMPTY, END_STALLED, END_NO_PROGRESS, END_REASON_BASE_COUNT };
#define END_REASON_LEN 24
#define END_WORDS_LEN 48   /* what the game says of a reason: "the land tiles ran out" */

/* Variants of the 3-5 player game (rulebook: Symbiosis, To the Left, and a
 * house's own), declared by scripts (game.variant_rule): which opponents' critters
 * a tile or a volcano may target (none of the three: every opponent, and any
 * stack). Soil is always fair game; a stack with no critter only where the
 * variant says so (Symbiosis' exception); the "targets" event may still
 * narrow or widen the answer. */
#define VARIANT_LEN 24
#define MAX_VARIANTS 8
typedef struct VariantRule {
    char name[VARIANT_LEN];
    uint8_t min_players;     /* applies from this many players on */
    uint8_t most_critters;   /* the opponents with the most critters on land (all of them when tied) */
    int8_t seat;             /* N != 0: the player N seats on in turn order (1: on the left; -1: on the right) */
    uint8_t threshold;       /* any opponent with targeting_threshold or more critters on land */
    uint8_t uninhabited;     /* a stack with no critter on it, whoever controls its biomes */
} VariantRule;

/* What a turn of each mode allows; the end-game scripts choose the mode. */
typedef enum TurnMode { MODE_NORMAL, MODE_FINAL, MODE_FINALE, MODE_COUNT } TurnMode;

typedef struct ModeRules {
    uint8_t move, claim, collect;
    uint8_t buy_tiles, buy_volcano, buy_island, buy_caldera, buy_points;
    uint8_t sacrifice_board, sacrifice_hand;
    uint8_t sacrifices_per_turn;     /* board and hand together */
} ModeRules;

typedef struct Rules {
    uint8_t critters_per_player;
    uint8_t resource_cap;
    uint8_t crater_capacity;
    uint8_t resources_per_type;      /* supply of each resource type */
    uint8_t later_player_bonus;      /* set-up bonus for player two onwards */
    uint8_t volcanoes_per_player;
    uint8_t land_tiles_base;         /* supply land tiles for two players */
    uint8_t land_tiles_per_extra_player;
    uint8_t share_percent[3];        /* supply split: uno, duo, trio (sum 100) */
    uint8_t targeting_threshold;     /* critters on land that make a player fair game (3+ players) */
    uint8_t soil_cooling;            /* lava that cannot go lower cools into soil */
    uint8_t cliffs_block_biomes;     /* neighbouring tops of different heights do not join biomes */
    uint8_t idle_rounds;             /* rounds in a row without progress after which the game ends */
    uint16_t turn_limit;             /* a game still going after this many turns ends, stalled */
    Cost cost_uno, cost_duo, cost_trio, cost_volcano;
    Cost cost_island, cost_caldera, cost_sacrifice, cost_evacuation, cost_point;
    uint8_t island_crater_critters;
    uint8_t island_tiles;
    uint8_t island_max_distance;     /* an island tile within this many steps of land */
    ModeRules modes[MODE_COUNT];
    uint8_t tile_type_count;
    TileType tile_types[MAX_TILE_TYPES];
    uint8_t grid_slot_count;
    GridSlot grid[MAX_GRID_SLOTS];
    uint8_t power_card_count;
    PowerCard power_cards[MAX_POWER_CARDS];
    uint8_t critter_mark_count, cell_mark_count;
    MarkDef critter_marks[MAX_CRITTER_MARKS];
    MarkDef cell_marks[MAX_CELL_MARKS];
    uint8_t critter_marks_with[CT_TRAIT_BITS];   /* derived: bit m set when mark m has trait 1 << t */
    uint8_t end_reason_count;
    char end_reasons[MAX_END_REASONS][END_REASON_LEN];   /* 0 "none", then END_* and scripts' */
    char end_reason_words[MAX_END_REASONS][END_WORDS_LEN];   /* each reason in words, from its declaration */
    uint8_t variant_count;
    uint8_t default_variant;                     /* 1 + index of the 3-5 player default; 0: none */
    VariantRule variants[MAX_VARIANTS];
    uint16_t state_used;                         /* slots handed out to game.state declarations */
    uint8_t state_places[STATE_SLOTS / 8];       /* bit per slot: holds a place */
    uint8_t state_init_count;                    /* slots that start non-zero, and their values */
    uint16_t state_init_slot[STATE_INITS];
    int32_t state_init_value[STATE_INITS];
} Rules;

/* Fills the derived TileType fields (areas, area_of_edge, area_biome,
 * distinct_rotations) from tile_class and edge_biome. Returns 0, or -1 with a
 * message if the edges do not fit the class. */
int tile_type_derive(TileType *t, char *err, int errlen);
/* Declares a mark (CritterTrait bits for a critter mark, CellTrait bits for a
 * cell mark). Returns its index, or -1 with a message (full, duplicate, bad name). */
int rules_add_critter_mark(Rules *rules, const char *name, int traits, char *err, int errlen);
int rules_add_cell_mark(Rules *rules, const char *name, int traits, char *err, int errlen);
/* Gives mark m (a critter mark, or with `cell` a cell mark) new traits: a mark
 * whose declaring script was replaced is declared again by the replacement. */
void rules_redefine_mark(Rules *rules, int cell, int m, int traits);
/* Registers an end reason by name, with the words the game says it in
 * (`words` NULL: the name, blanks for underscores). Registering a name again
 * returns the same id; new words replace words that were only the name.
 * Returns -1 with a message: full, a bad name, words that are empty, too
 * long or not printable, or other words than the reason already has. */
int rules_add_end_reason(Rules *rules, const char *name, const char *words, char *err, int errlen);
int rules_end_reason_by_name(const Rules *rules, const char *name);
/* Fills the base game's end reasons (see EndReason in game.h). */
void rules_base_end_reasons(Rules *rules);
/* Declares a variant (is_default: the one a 3-5 player game without a named
 * variant plays). Returns its index, or -1 with a message (full, duplicate or
 * bad name, a second default). */
int rules_add_variant(Rules *rules, const VariantRule *v, int is_default, char *err, int errlen);
/* The index of the variant called name, or -1. */
int rules_variant_by_name(const Rules *rules, const char *name);
/* Whether name can name a variant: 1 to VARIANT_LEN-1 of a-z, 0-9 and _. */
int rules_variant_name_ok(const char *name);
/* Whether a game may be played under the variant called name: one the rules
 * declare, or any name in rules that declare none (content alone). When not,
 * `known` gets the declared names, comma separated. */
int rules_variant_allowed(const Rules *rules, const char *name, char *known, int len);
/* Checks every field; returns 0 or -1 with a message naming the field. */
int rules_validate(const Rules *rules, char *err, int errlen);
int rules_tile_type_by_name(const Rules *rules, const char *name);
/* Whether `word` spells card name `name`: the same letters, case aside, a
 * blank or '_' for each blank ("Tidal critters", "tidal_critters"). Every
 * place that takes a card's name reads it so (command lines, scenarios,
 * scripts); every place that prints one prints the card's own name. */
bool rules_card_name_is(const char *name, const char *word);
/* The index of the power card `name` spells (rules_card_name_is), or -1. */
int rules_power_card_by_name(const Rules *rules, const char *name);
/* Whether grid slots a and b share a hex edge. */
int rules_grid_adjacent(const Rules *rules, int a, int b);
const char *biome_name(int biome);
int biome_by_name(const char *name);
const char *tile_class_name(int tile_class);
int tile_class_by_name(const char *name);

#endif
