/* The rules object of the protocol's rules message: every field of Rules
 * (engine/core/rules.h) as JSON, and back (net_view.h). Byte fields are
 * listed once in tables read by both directions, so the two cannot drift. */
#include "net_view.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "net_json.h"
#include "save.h"
#include "snapshot.h"

typedef struct ByteField {
    const char *key;
    size_t offset;
} ByteField;

#define RB(f) { #f, offsetof(Rules, f) }
static const ByteField RULE_BYTES[] = {
    RB(critters_per_player), RB(resource_cap), RB(crater_capacity), RB(resources_per_type),
    RB(later_player_bonus), RB(volcanoes_per_player), RB(land_tiles_base), RB(land_tiles_per_extra_player),
    RB(targeting_threshold), RB(soil_cooling), RB(cliffs_block_biomes), RB(island_crater_critters),
    RB(island_tiles), RB(island_max_distance), RB(default_variant), RB(idle_rounds),
};
#define RC(f) { #f, offsetof(Rules, f) }
static const ByteField RULE_COSTS[] = {
    RC(cost_uno), RC(cost_duo), RC(cost_trio), RC(cost_volcano), RC(cost_island), RC(cost_caldera),
    RC(cost_sacrifice), RC(cost_evacuation), RC(cost_point),
};
#define CB(f) { #f, offsetof(Cost, f) }
static const ByteField COST_BYTES[] = { CB(any), CB(alike), CB(each), CB(distinct) };
#define MB(f) { #f, offsetof(ModeRules, f) }
static const ByteField MODE_BYTES[] = {
    MB(move), MB(claim), MB(collect), MB(buy_tiles), MB(buy_volcano), MB(buy_island), MB(buy_caldera),
    MB(buy_points), MB(sacrifice_board), MB(sacrifice_hand), MB(sacrifices_per_turn),
};
#define PB(f) { #f, offsetof(PowerCard, f) }
static const ByteField CARD_BYTES[] = {
    PB(level_min), PB(level_max), PB(middle_only), PB(bolt), PB(bolt_asks), PB(stars), PB(reach), PB(join),
    PB(resource_cap), PB(moves), PB(crater_points),
};
#define TB(f) { #f, offsetof(TileType, f) }
static const ByteField TILE_BYTES[] = { TB(tile_class), TB(areas), TB(distinct_rotations) };
#define N(a) (sizeof(a) / sizeof(a)[0])

static json_t *bytes_json(NetWr *w, const void *base, const ByteField *f, size_t n)
{
    json_t *j = json_object();
    for (size_t i = 0; i < n; i++)
        net_wr_set(w, j, f[i].key, json_integer(((const uint8_t *)base)[f[i].offset]));
    return j;
}

static void bytes_read(NetRd *r, const json_t *j, void *base, const ByteField *f, size_t n)
{
    for (size_t i = 0; i < n; i++)
        ((uint8_t *)base)[f[i].offset] = (uint8_t)net_rd_int(r, j, f[i].key, 0, 255);
}

static json_t *u8_array(const uint8_t *v, int n)
{
    json_t *a = json_array();
    for (int i = 0; a && i < n; i++)
        json_array_append_new(a, json_integer(v[i]));
    return a;
}

static void u8_array_read(NetRd *r, const json_t *j, const char *key, uint8_t *out, int n)
{
    const json_t *a = net_rd_array(r, j, key, (size_t)n);
    if (a && json_array_size(a) != (size_t)n)
        net_rd_fail(r, key, "expected %d numbers", n);
    for (int i = 0; a && i < n && !r->failed; i++)
        out[i] = (uint8_t)net_rd_item(r, a, (size_t)i, key, 0, 255);
}

static json_t *tile_json(NetWr *w, const TileType *t)
{
    json_t *j = bytes_json(w, t, TILE_BYTES, N(TILE_BYTES));
    net_wr_set(w, j, "name", snapshot_string(t->name, NAME_LEN));
    net_wr_set(w, j, "edge_biome", u8_array(t->edge_biome, 6));
    net_wr_set(w, j, "area_of_edge", u8_array(t->area_of_edge, 6));
    net_wr_set(w, j, "area_biome", u8_array(t->area_biome, MAX_AREAS));
    return j;
}

static json_t *card_json(NetWr *w, const PowerCard *c)
{
    json_t *j = bytes_json(w, c, CARD_BYTES, N(CARD_BYTES));
    net_wr_set(w, j, "name", snapshot_string(c->name, NAME_LEN));
    net_wr_set(w, j, "bolt_at", json_integer(c->bolt_at));
    return j;
}

static json_t *marks_json(NetWr *w, const MarkDef *m, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        net_wr_add(w, a, json_pack("{s:o,s:i,s:i}", "name", snapshot_string(m[i].name, MARK_NAME_LEN), "traits",
                                   m[i].traits, "points", m[i].points));
    return a;
}

static json_t *lists_json(NetWr *w, const Rules *r)
{
    json_t *j = json_object(), *tiles = json_array(), *grid = json_array(), *cards = json_array();
    for (int t = 0; t < r->tile_type_count && t < MAX_TILE_TYPES; t++)
        net_wr_add(w, tiles, tile_json(w, &r->tile_types[t]));
    for (int s = 0; s < r->grid_slot_count && s < MAX_GRID_SLOTS; s++)
        net_wr_add(w, grid, json_pack("{s:i,s:i,s:i}", "level", r->grid[s].level, "column", r->grid[s].column,
                                      "row2", r->grid[s].row2));
    for (int c = 0; c < r->power_card_count && c < MAX_POWER_CARDS; c++)
        net_wr_add(w, cards, card_json(w, &r->power_cards[c]));
    net_wr_set(w, j, "tile_types", tiles);
    net_wr_set(w, j, "grid", grid);
    net_wr_set(w, j, "power_cards", cards);
    net_wr_set(w, j, "critter_marks", marks_json(w, r->critter_marks, r->critter_mark_count));
    net_wr_set(w, j, "cell_marks", marks_json(w, r->cell_marks, r->cell_mark_count));
    json_t *reasons = json_array(), *words = json_array(), *variants = json_array();
    for (int i = 0; i < r->end_reason_count && i < MAX_END_REASONS; i++) {
        net_wr_add(w, reasons, snapshot_string(r->end_reasons[i], END_REASON_LEN));
        net_wr_add(w, words, snapshot_string(r->end_reason_words[i], END_WORDS_LEN));
    }
    for (int i = 0; i < r->variant_count && i < MAX_VARIANTS; i++) {
        const VariantRule *v = &r->variants[i];
        net_wr_add(w, variants, json_pack("{s:o,s:i,s:i,s:i,s:i,s:i}", "name", snapshot_string(v->name, VARIANT_LEN),
                                          "min_players", v->min_players, "most_critters", v->most_critters,
                                          "seat", v->seat, "threshold", v->threshold, "uninhabited",
                                          v->uninhabited));
    }
    net_wr_set(w, j, "end_reasons", reasons);
    net_wr_set(w, j, "end_reason_words", words);
    net_wr_set(w, j, "variants", variants);
    return j;
}

json_t *net_rules_to_json(const Rules *r)
{
    NetWr w = { 1 };
    json_t *j = bytes_json(&w, r, RULE_BYTES, N(RULE_BYTES));
    net_wr_set(&w, j, "share_percent", u8_array(r->share_percent, 3));
    json_t *costs = json_object(), *modes = json_array();
    for (size_t i = 0; i < N(RULE_COSTS); i++)
        net_wr_set(&w, costs, RULE_COSTS[i].key,
                   bytes_json(&w, (const uint8_t *)r + RULE_COSTS[i].offset, COST_BYTES, N(COST_BYTES)));
    for (int m = 0; m < MODE_COUNT; m++)
        net_wr_add(&w, modes, bytes_json(&w, &r->modes[m], MODE_BYTES, N(MODE_BYTES)));
    net_wr_set(&w, j, "costs", costs);
    net_wr_set(&w, j, "modes", modes);
    json_t *lists = lists_json(&w, r);
    const char *key;
    json_t *v;
    json_object_foreach(lists, key, v)
        net_wr_set(&w, j, key, json_incref(v));
    json_decref(lists);
    net_wr_set(&w, j, "critter_marks_with", u8_array(r->critter_marks_with, CT_TRAIT_BITS));
    net_wr_set(&w, j, "state_used", json_integer(r->state_used));
    net_wr_set(&w, j, "turn_limit", json_integer(r->turn_limit));
    json_t *places = json_array(), *inits = json_array();
    for (int s = 0; s < STATE_SLOTS; s++)
        if ((r->state_places[s >> 3] >> (s & 7)) & 1)
            net_wr_add(&w, places, json_integer(s));
    for (int i = 0; i < r->state_init_count && i < STATE_INITS; i++)
        net_wr_add(&w, inits, json_pack("[ii]", r->state_init_slot[i], r->state_init_value[i]));
    net_wr_set(&w, j, "state_places", places);
    net_wr_set(&w, j, "state_inits", inits);
    if (!w.ok) {
        json_decref(j);
        return NULL;
    }
    return j;
}

static void read_tiles(NetRd *r, const json_t *j, Rules *out)
{
    const json_t *tiles = net_rd_array(r, j, "tile_types", MAX_TILE_TYPES);
    for (size_t i = 0; tiles && i < json_array_size(tiles) && !r->failed; i++) {
        const json_t *t = json_array_get(tiles, i);
        TileType *tt = &out->tile_types[i];
        size_t mark = net_rd_enter(r, "tile_types", 0);
        net_rd_enter(r, NULL, (int)i);
        bytes_read(r, t, tt, TILE_BYTES, N(TILE_BYTES));
        net_rd_string(r, t, "name", tt->name, NAME_LEN);
        u8_array_read(r, t, "edge_biome", tt->edge_biome, 6);
        u8_array_read(r, t, "area_of_edge", tt->area_of_edge, 6);
        u8_array_read(r, t, "area_biome", tt->area_biome, MAX_AREAS);
        net_rd_leave(r, mark);
        out->tile_type_count = (uint8_t)(i + 1);
    }
}

static void read_cards(NetRd *r, const json_t *j, Rules *out)
{
    const json_t *cards = net_rd_array(r, j, "power_cards", MAX_POWER_CARDS);
    for (size_t i = 0; cards && i < json_array_size(cards) && !r->failed; i++) {
        const json_t *c = json_array_get(cards, i);
        PowerCard *pc = &out->power_cards[i];
        size_t mark = net_rd_enter(r, "power_cards", 0);
        net_rd_enter(r, NULL, (int)i);
        bytes_read(r, c, pc, CARD_BYTES, N(CARD_BYTES));
        net_rd_string(r, c, "name", pc->name, NAME_LEN);
        pc->bolt_at = (uint32_t)net_rd_int(r, c, "bolt_at", 0, UINT32_MAX);
        net_rd_leave(r, mark);
        out->power_card_count = (uint8_t)(i + 1);
    }
    const json_t *grid = net_rd_array(r, j, "grid", MAX_GRID_SLOTS);
    for (size_t i = 0; grid && i < json_array_size(grid); i++) {
        const json_t *s = json_array_get(grid, i);
        out->grid[i].level = (uint8_t)net_rd_int(r, s, "level", 0, 255);
        out->grid[i].column = (int8_t)net_rd_int(r, s, "column", -128, 127);
        out->grid[i].row2 = (int8_t)net_rd_int(r, s, "row2", -128, 127);
        out->grid_slot_count = (uint8_t)(i + 1);
    }
}

static int read_marks(NetRd *r, const json_t *j, const char *key, MarkDef *out, int max)
{
    const json_t *a = net_rd_array(r, j, key, (size_t)max);
    int n = 0;
    for (size_t i = 0; a && i < json_array_size(a); i++, n++) {
        const json_t *m = json_array_get(a, i);
        net_rd_string(r, m, "name", out[i].name, MARK_NAME_LEN);
        out[i].traits = (uint8_t)net_rd_int(r, m, "traits", 0, 255);
        out[i].points = (uint8_t)net_rd_int(r, m, "points", 0, 255);
    }
    return n;
}

/* The array of strings j[key] (at most MAX_END_REASONS) into the i-th of
 * the len-byte strings at out; returns how many it held. */
static int read_reason_texts(NetRd *r, const json_t *j, const char *key, char *out, size_t len)
{
    const json_t *a = net_rd_array(r, j, key, MAX_END_REASONS);
    size_t n = a ? json_array_size(a) : 0;
    for (size_t i = 0; i < n; i++) {
        json_t *wrap = json_pack("{s:O}", key, json_array_get(a, i));   /* net_rd_string reads a field */
        net_rd_string(r, wrap, key, out + i * len, len);
        json_decref(wrap);
    }
    return (int)n;
}

static void read_names(NetRd *r, const json_t *j, Rules *out)
{
    int reasons = read_reason_texts(r, j, "end_reasons", out->end_reasons[0], END_REASON_LEN);
    out->end_reason_count = (uint8_t)reasons;
    if (read_reason_texts(r, j, "end_reason_words", out->end_reason_words[0], END_WORDS_LEN) != reasons)
        net_rd_fail(r, "end_reason_words", "not one for each end reason");
    const json_t *variants = net_rd_array(r, j, "variants", MAX_VARIANTS);
    for (size_t i = 0; variants && i < json_array_size(variants); i++) {
        const json_t *v = json_array_get(variants, i);
        VariantRule *vr = &out->variants[i];
        net_rd_string(r, v, "name", vr->name, VARIANT_LEN);
        vr->min_players = (uint8_t)net_rd_int(r, v, "min_players", 0, 255);
        vr->most_critters = (uint8_t)net_rd_int(r, v, "most_critters", 0, 255);
        vr->seat = (int8_t)net_rd_int(r, v, "seat", -128, 127);
        vr->threshold = (uint8_t)net_rd_int(r, v, "threshold", 0, 255);
        vr->uninhabited = (uint8_t)net_rd_int(r, v, "uninhabited", 0, 1);
        out->variant_count = (uint8_t)(i + 1);
    }
}

static void read_state_decls(NetRd *r, const json_t *j, Rules *out)
{
    out->state_used = (uint16_t)net_rd_int(r, j, "state_used", 0, STATE_SLOTS);
    out->turn_limit = (uint16_t)net_rd_int(r, j, "turn_limit", 0, 65535);
    const json_t *places = net_rd_array(r, j, "state_places", STATE_SLOTS);
    for (size_t i = 0; places && i < json_array_size(places); i++) {
        int s = (int)net_rd_item(r, places, i, "state_places", 0, STATE_SLOTS - 1);
        out->state_places[s >> 3] |= (uint8_t)(1 << (s & 7));
    }
    const json_t *inits = net_rd_array(r, j, "state_inits", STATE_INITS);
    for (size_t i = 0; inits && i < json_array_size(inits); i++) {
        const json_t *p = json_array_get(inits, i);
        out->state_init_slot[i] = (uint16_t)net_rd_item(r, p, 0, "state_inits", 0, STATE_SLOTS - 1);
        out->state_init_value[i] = (int32_t)net_rd_item(r, p, 1, "state_inits", INT32_MIN, INT32_MAX);
        out->state_init_count = (uint8_t)(i + 1);
    }
}

int net_rules_from_json(const json_t *j, Rules *out, char *err, int errlen)
{
    NetRd r = { .err = err, .errlen = errlen };
    snprintf(r.path, sizeof r.path, "rules");
    memset(out, 0, sizeof *out);
    if (!json_is_object(j))
        return net_rd_fail(&r, NULL, "expected an object");
    bytes_read(&r, j, out, RULE_BYTES, N(RULE_BYTES));
    u8_array_read(&r, j, "share_percent", out->share_percent, 3);
    const json_t *costs = net_rd_object(&r, j, "costs");
    for (size_t i = 0; costs && i < N(RULE_COSTS); i++)
        bytes_read(&r, net_rd_object(&r, costs, RULE_COSTS[i].key), (uint8_t *)out + RULE_COSTS[i].offset,
                   COST_BYTES, N(COST_BYTES));
    const json_t *modes = net_rd_array(&r, j, "modes", MODE_COUNT);
    if (modes && json_array_size(modes) != MODE_COUNT)
        net_rd_fail(&r, "modes", "expected %d turn modes", MODE_COUNT);
    for (int m = 0; modes && m < MODE_COUNT && !r.failed; m++)
        bytes_read(&r, json_array_get(modes, (size_t)m), &out->modes[m], MODE_BYTES, N(MODE_BYTES));
    read_tiles(&r, j, out);
    read_cards(&r, j, out);
    out->critter_mark_count = (uint8_t)read_marks(&r, j, "critter_marks", out->critter_marks, MAX_CRITTER_MARKS);
    out->cell_mark_count = (uint8_t)read_marks(&r, j, "cell_marks", out->cell_marks, MAX_CELL_MARKS);
    u8_array_read(&r, j, "critter_marks_with", out->critter_marks_with, CT_TRAIT_BITS);
    read_names(&r, j, out);
    read_state_decls(&r, j, out);
    if (r.failed)
        return -1;
    char why[200];
    if (rules_validate(out, why, sizeof why))
        return net_rd_fail(&r, NULL, "the rules do not hold together: %s", why);
    return 0;
}
