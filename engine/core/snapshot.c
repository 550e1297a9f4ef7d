/* The readable snapshot of a save (see snapshot.h). */
#include "snapshot.h"

#include <stdlib.h>
#include <string.h>

static const char *const MODE_NAMES[MODE_COUNT] = { "normal", "final", "finale" };
static const char *const PLACE_NAMES[] = { "hand", "board", "crater", "grid", "aside" };
#define PLACE_COUNT ((int)(sizeof PLACE_NAMES / sizeof *PLACE_NAMES))

json_t *snapshot_string(const char *s, size_t cap)
{
    size_t n = strnlen(s, cap);
    json_t *v = json_stringn(s, n);
    if (v)
        return v;
    /* Invalid UTF-8 (or out of memory): keep the ASCII, mask the rest. */
    char *copy = malloc(n + 1);
    if (!copy)
        return NULL;
    for (size_t i = 0; i < n; i++)
        copy[i] = (unsigned char)s[i] < 0x80 ? s[i] : '?';
    v = json_stringn(copy, n);
    free(copy);
    return v;
}

/* Builders that remember an out-of-memory failure instead of checking each call. */
typedef struct Snap {
    int ok;
} Snap;

/* json_object_set_new and json_array_append_new release `v` themselves on failure. */
#define SET(sn, obj, key, v)                                               \
    do {                                                                   \
        json_t *snap_v_ = (v);                                             \
        if (!(obj) || !snap_v_) { json_decref(snap_v_); (sn)->ok = 0; }    \
        else if (json_object_set_new((obj), (key), snap_v_) != 0) (sn)->ok = 0; \
    } while (0)
#define ADD(sn, arr, v)                                                    \
    do {                                                                   \
        json_t *snap_v_ = (v);                                             \
        if (!(arr) || !snap_v_) { json_decref(snap_v_); (sn)->ok = 0; }    \
        else if (json_array_append_new((arr), snap_v_) != 0) (sn)->ok = 0; \
    } while (0)

static json_t *name_or_null(const char *names, size_t stride, int count, int index)
{
    if (index < 0 || index >= count)
        return json_null();
    return snapshot_string(names + stride * (size_t)index, NAME_LEN);
}

static json_t *card_name(const Game *g, int card)
{
    return name_or_null(g->rules.power_cards[0].name, sizeof g->rules.power_cards[0], g->rules.power_card_count,
                        card);
}

static json_t *tile_name(const Game *g, int type)
{
    return name_or_null(g->rules.tile_types[0].name, sizeof g->rules.tile_types[0], g->rules.tile_type_count,
                        type);
}

static json_t *biome_counts(Snap *sn, const uint8_t v[BIOME_COUNT])
{
    json_t *o = json_object();
    for (int b = 0; b < BIOME_COUNT; b++)
        SET(sn, o, biome_name(b), json_integer(v[b]));
    return o;
}

static json_t *hex_pair(Snap *sn, int cell, json_t *o)
{
    Hex h = board_hex(cell);
    SET(sn, o, "q", json_integer(h.q));
    SET(sn, o, "r", json_integer(h.r));
    return o;
}

static json_t *players_json(Snap *sn, const Game *g)
{
    json_t *arr = json_array();
    int critters = g->rules.critters_per_player < MAX_CRITTERS ? g->rules.critters_per_player : MAX_CRITTERS;
    for (int p = 0; p < g->players && p < MAX_PLAYERS; p++) {
        const Player *pl = &g->player[p];
        json_t *o = json_object();
        SET(sn, o, "resources", biome_counts(sn, pl->resources));
        int count[PLACE_COUNT] = { 0 };
        for (int i = 0; i < critters; i++)
            if (pl->critters[i].place < PLACE_COUNT)
                count[pl->critters[i].place]++;
        json_t *c = json_object();
        for (int k = 0; k < PLACE_COUNT; k++)
            SET(sn, c, PLACE_NAMES[k], json_integer(count[k]));
        SET(sn, o, "critters", c);
        SET(sn, o, "volcanoes", json_integer(pl->volcanoes));
        SET(sn, o, "points_bought", json_integer(pl->points_bought));
        static const char *const REACH_NAMES[REACH_COUNT] = { "tile", "adjacent", "any" };
        SET(sn, o, "reach", json_string(REACH_NAMES[pl->reach < REACH_COUNT ? pl->reach : 0]));
        SET(sn, o, "join", json_boolean(pl->join));
        json_t *cards = json_array();
        for (int i = 0; i < pl->caldera_count && i < MAX_CALDERA; i++)
            ADD(sn, cards, card_name(g, pl->caldera[i]));
        SET(sn, o, "caldera", cards);
        ADD(sn, arr, o);
    }
    return arr;
}

static json_t *crater_json(Snap *sn, const Game *g)
{
    json_t *o = json_object();
    json_t *per = json_array();
    int total = 0;
    int critters = g->rules.critters_per_player < MAX_CRITTERS ? g->rules.critters_per_player : MAX_CRITTERS;
    for (int p = 0; p < g->players && p < MAX_PLAYERS; p++) {
        int n = 0;
        for (int i = 0; i < critters; i++)
            n += g->player[p].critters[i].place == AT_CRATER;
        total += n;
        ADD(sn, per, json_integer(n));
    }
    SET(sn, o, "capacity", json_integer(g->rules.crater_capacity));
    SET(sn, o, "critters", json_integer(total));
    SET(sn, o, "by_player", per);
    return o;
}

static json_t *caldera_json(Snap *sn, const Game *g)
{
    json_t *o = json_object();
    SET(sn, o, "deck", json_integer(g->caldera_size));
    SET(sn, o, "discard", json_integer(g->caldera_discard));
    json_t *grid = json_array();
    for (int s = 0; s < g->rules.grid_slot_count && s < MAX_GRID_SLOTS; s++)
        ADD(sn, grid, card_name(g, g->grid_card[s]));
    SET(sn, o, "grid", grid);
    return o;
}

static json_t *supply_json(Snap *sn, const Game *g)
{
    json_t *o = json_object();
    json_t *tiles = json_object();
    for (int t = 0; t < g->rules.tile_type_count && t < MAX_TILE_TYPES; t++) {
        json_t *name = tile_name(g, t);
        const char *key = json_is_string(name) ? json_string_value(name) : "?";
        SET(sn, tiles, key, json_integer(g->supply_tiles[t]));
        json_decref(name);
    }
    SET(sn, o, "tiles", tiles);
    SET(sn, o, "volcanoes", json_integer(g->supply_volcanoes));
    SET(sn, o, "resources", biome_counts(sn, g->supply_resources));
    return o;
}

static json_t *lava_json(Snap *sn, const Game *g)
{
    json_t *arr = json_array();
    for (int i = 0; i < g->lava_count && i < MAX_LAVA; i++) {
        json_t *o = hex_pair(sn, g->lava[i].cell, json_object());
        SET(sn, o, "ocean", json_boolean(g->lava[i].in_ocean));
        ADD(sn, arr, o);
    }
    return arr;
}

static json_t *board_json(Snap *sn, const Game *g, json_t *volcanoes)
{
    const Board *b = &g->board;
    json_t *arr = json_array();
    uint16_t stack[MAX_BOARD_TILES];
    for (int c = 0; c < BOARD_CELLS; c++) {
        const Cell *cell = &b->cells[c];
        if (cell->top == NO_TILE && cell->flags == 0)
            continue;
        int n = 0;
        for (unsigned t = cell->top; t != NO_TILE && t < MAX_BOARD_TILES && n < MAX_BOARD_TILES;
             t = b->tiles[t].below)
            stack[n++] = (uint16_t)t;
        json_t *o = hex_pair(sn, c, json_object());
        SET(sn, o, "height", json_integer(cell->height));
        json_t *names = json_array();
        for (int i = n - 1; i >= 0; i--)
            ADD(sn, names, tile_name(g, b->tiles[stack[i]].type));
        SET(sn, o, "stack", names);
        SET(sn, o, "lava", json_boolean(cell->flags & CELL_LAVA));
        ADD(sn, arr, o);
        if (n > 0 && board_top_class(b, &g->rules, c) == TILE_VOLCANO)
            ADD(sn, volcanoes, hex_pair(sn, c, json_object()));
    }
    return arr;
}

json_t *snapshot_json(const Game *g)
{
    Snap sn = { 1 };
    json_t *o = json_object();
    SET(&sn, o, "turn", json_integer(g->turn));
    SET(&sn, o, "active", json_integer(g->active));
    SET(&sn, o, "first_player", json_integer(g->first_player));
    SET(&sn, o, "phase", json_string(phase_name(g->phase)));
    SET(&sn, o, "mode", json_string(g->mode < MODE_COUNT ? MODE_NAMES[g->mode] : "?"));
    SET(&sn, o, "end_reason", json_string(end_reason_name(g, g->end_reason)));
    json_t *pending = json_object();
    SET(&sn, pending, "kind", json_string(decision_kind_name(g->pending.kind)));
    SET(&sn, pending, "player", json_integer(g->pending.player));
    SET(&sn, o, "pending", pending);
    SET(&sn, o, "players", players_json(&sn, g));
    SET(&sn, o, "crater", crater_json(&sn, g));
    SET(&sn, o, "caldera", caldera_json(&sn, g));
    SET(&sn, o, "supply", supply_json(&sn, g));
    SET(&sn, o, "lava", lava_json(&sn, g));
    json_t *volcanoes = json_array();
    json_t *board = board_json(&sn, g, volcanoes);
    SET(&sn, o, "volcanoes", volcanoes);
    SET(&sn, o, "board", board);
    if (!sn.ok) {
        json_decref(o);
        return NULL;
    }
    return o;
}
