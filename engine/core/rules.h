/* The base game's numbers and tile set, as loaded from content/ by the script
 * layer. The core reads these; it never invents them.
 *
 * Contract: a Rules value is plain data (no pointers), so it can be copied,
 * hashed and compared; rules_validate() must accept it before a game starts. */
#ifndef VQ_RULES_H
#define VQ_RULES_H

#include <stdint.h>

enum { BIOME_DARK, BIOME_MEDIUM, BIOME_LIGHT, BIOME_COUNT, BIOME_NONE = 255 };

typedef enum TileClass {
    TILE_UNO, TILE_DUO, TILE_TRIO, TILE_VOLCANO, TILE_SOIL, TILE_CLASS_COUNT
} TileClass;

#define MAX_TILE_TYPES 16
#define MAX_AREAS 3
#define MAX_GRID_SLOTS 16
#define MAX_POWER_CARDS 40
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

typedef struct PowerCard {
    char name[NAME_LEN];
    uint8_t level_min, level_max;
    uint8_t middle_only;   /* may only be dealt to a column-0 slot */
    uint8_t bolt;          /* a Caldera copy can be played once for its one-off effect */
    uint8_t stars;
} PowerCard;

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
} Rules;

/* Fills the derived TileType fields (areas, area_of_edge, area_biome,
 * distinct_rotations) from tile_class and edge_biome. Returns 0, or -1 with a
 * message if the edges do not fit the class. */
int tile_type_derive(TileType *t, char *err, int errlen);
/* Checks every field; returns 0 or -1 with a message naming the field. */
int rules_validate(const Rules *rules, char *err, int errlen);
int rules_tile_type_by_name(const Rules *rules, const char *name);
/* Whether grid slots a and b share a hex edge. */
int rules_grid_adjacent(const Rules *rules, int a, int b);
const char *biome_name(int biome);
int biome_by_name(const char *name);
const char *tile_class_name(int tile_class);
int tile_class_by_name(const char *name);

#endif
