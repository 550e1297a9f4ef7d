#include "rules.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const BIOME_NAMES[BIOME_COUNT] = { "dark", "medium", "light" };
static const char *const CLASS_NAMES[TILE_CLASS_COUNT] = { "uno", "duo", "trio", "volcano", "soil" };

const char *biome_name(int biome)
{
    return biome >= 0 && biome < BIOME_COUNT ? BIOME_NAMES[biome] : "none";
}

int biome_by_name(const char *name)
{
    for (int i = 0; i < BIOME_COUNT; i++)
        if (strcmp(name, BIOME_NAMES[i]) == 0)
            return i;
    return -1;
}

const char *tile_class_name(int tile_class)
{
    return tile_class >= 0 && tile_class < TILE_CLASS_COUNT ? CLASS_NAMES[tile_class] : "?";
}

int tile_class_by_name(const char *name)
{
    for (int i = 0; i < TILE_CLASS_COUNT; i++)
        if (strcmp(name, CLASS_NAMES[i]) == 0)
            return i;
    return -1;
}

static const int AREAS_OF_CLASS[TILE_CLASS_COUNT] = { 1, 2, 3, 0, 0 };

int tile_type_derive(TileType *t, char *err, int errlen)
{
    int want = AREAS_OF_CLASS[t->tile_class];
    if (want == 0) {
        for (int e = 0; e < 6; e++) {
            if (t->edge_biome[e] != BIOME_NONE) {
                snprintf(err, (size_t)errlen, "tile '%s': a %s tile has no biome edges",
                         t->name, tile_class_name(t->tile_class));
                return -1;
            }
            t->area_of_edge[e] = 0;
        }
        t->areas = 0;
        t->distinct_rotations = 1;
        return 0;
    }
    /* Areas are maximal runs of equal edges around the hex. Start after a colour change. */
    int start = -1;
    for (int e = 0; e < 6; e++) {
        if (t->edge_biome[e] >= BIOME_COUNT) {
            snprintf(err, (size_t)errlen, "tile '%s': edge %d has no biome", t->name, e + 1);
            return -1;
        }
        if (t->edge_biome[e] != t->edge_biome[(e + 5) % 6] && start < 0)
            start = e;
    }
    int areas = 0;
    if (start < 0) {
        areas = 1;
        memset(t->area_of_edge, 0, sizeof t->area_of_edge);
        t->area_biome[0] = t->edge_biome[0];
    } else {
        for (int i = 0; i < 6; i++) {
            int e = (start + i) % 6;
            if (i > 0 && t->edge_biome[e] != t->edge_biome[(e + 5) % 6])
                areas++;
            if (i == 0)
                areas = 1;
            if (areas > MAX_AREAS)
                break;
            t->area_of_edge[e] = (uint8_t)(areas - 1);
            t->area_biome[areas - 1] = t->edge_biome[e];
        }
    }
    if (areas != want) {
        snprintf(err, (size_t)errlen, "tile '%s': a %s tile needs %d biome area%s, its edges make %d",
                 t->name, tile_class_name(t->tile_class), want, want == 1 ? "" : "s", areas);
        return -1;
    }
    int edges_in[MAX_AREAS] = { 0 };
    for (int e = 0; e < 6; e++)
        edges_in[t->area_of_edge[e]]++;
    for (int a = 0; a < areas; a++)
        if (edges_in[a] != 6 / areas) {
            snprintf(err, (size_t)errlen, "tile '%s': each biome of a %s tile spans %d edges, one spans %d",
                     t->name, tile_class_name(t->tile_class), 6 / areas, edges_in[a]);
            return -1;
        }
    for (int a = 0; a < areas; a++)
        for (int b = a + 1; b < areas; b++)
            if (t->area_biome[a] == t->area_biome[b]) {
                snprintf(err, (size_t)errlen, "tile '%s': two areas share the biome %s",
                         t->name, biome_name(t->area_biome[a]));
                return -1;
            }
    t->areas = (uint8_t)areas;
    t->distinct_rotations = 6;
    for (int r = 1; r < 6; r++) {
        int same = 1;
        for (int e = 0; e < 6; e++)
            if (t->edge_biome[e] != t->edge_biome[(e + 6 - r) % 6])
                same = 0;
        if (same) {
            t->distinct_rotations = (uint8_t)r;
            break;
        }
    }
    return 0;
}

int rules_tile_type_by_name(const Rules *rules, const char *name)
{
    for (int i = 0; i < rules->tile_type_count; i++)
        if (strcmp(rules->tile_types[i].name, name) == 0)
            return i;
    return -1;
}

bool rules_card_name_is(const char *name, const char *word)
{
    for (;; name++, word++) {
        int a = *name == '_' ? ' ' : tolower((unsigned char)*name);
        int b = *word == '_' ? ' ' : tolower((unsigned char)*word);
        if (a != b)
            return false;
        if (!a)
            return true;
    }
}

int rules_power_card_by_name(const Rules *rules, const char *name)
{
    for (int i = 0; i < rules->power_card_count; i++)
        if (rules_card_name_is(rules->power_cards[i].name, name))
            return i;
    return -1;
}

int rules_grid_adjacent(const Rules *rules, int a, int b)
{
    const GridSlot *x = &rules->grid[a], *y = &rules->grid[b];
    int dc = abs(x->column - y->column), dr = abs(x->row2 - y->row2);
    return (dc == 0 && dr == 2) || (dc == 1 && dr == 1);
}

static int check_cost(const Cost *c, const char *field, char *err, int errlen)
{
    if (c->any == 0 && c->alike == 0 && c->each == 0) {
        snprintf(err, (size_t)errlen, "costs.%s: a price needs 'any', 'alike' or 'each'", field);
        return -1;
    }
    return 0;
}

int rules_validate(const Rules *r, char *err, int errlen)
{
#define NEED(cond, ...) do { if (!(cond)) { snprintf(err, (size_t)errlen, __VA_ARGS__); return -1; } } while (0)
    NEED(r->critters_per_player >= 3 && r->critters_per_player <= 24,
         "players.critters: must be 3..24, is %d", r->critters_per_player);
    NEED(r->resource_cap >= 1 && r->resource_cap <= 15, "players.resource_cap: must be 1..15");
    NEED(r->idle_rounds >= 1 && r->idle_rounds <= 100, "turns.idle_rounds: must be 1..100");
    NEED(r->turn_limit >= 1 && r->turn_limit <= 60000, "turns.turn_limit: must be 1..60000");
    NEED(r->crater_capacity >= 1 && r->crater_capacity <= r->critters_per_player,
         "players.crater_capacity: must be 1..critters");
    NEED(r->resources_per_type >= 1, "supply.resources_per_type: must be at least 1");
    NEED(r->share_percent[0] + r->share_percent[1] + r->share_percent[2] == 100,
         "supply.share: uno + duo + trio must be 100");
    NEED(r->land_tiles_base >= 1, "supply.land_tiles: must be at least 1");
    NEED(r->island_tiles >= 1 && r->island_tiles <= 6, "costs.island.tiles: must be 1..6");
    static const char *names[] = { "uno", "duo", "trio", "volcano", "island", "caldera",
                                   "sacrifice", "evacuation", "point" };
    const Cost *costs[] = { &r->cost_uno, &r->cost_duo, &r->cost_trio, &r->cost_volcano,
                            &r->cost_island, &r->cost_caldera, &r->cost_sacrifice,
                            &r->cost_evacuation, &r->cost_point };
    for (int i = 0; i < 9; i++)
        if (check_cost(costs[i], names[i], err, errlen))
            return -1;
    int have[TILE_CLASS_COUNT] = { 0 };
    for (int i = 0; i < r->tile_type_count; i++)
        have[r->tile_types[i].tile_class]++;
    for (int c = 0; c < TILE_CLASS_COUNT; c++)
        NEED(have[c] > 0, "tiles: no tile of class '%s'", tile_class_name(c));
    NEED(r->grid_slot_count >= 1, "grid.slots: the Power Grid has no slots");
    for (int i = 0; i < r->grid_slot_count; i++)
        NEED(r->grid[i].level >= 1 && r->grid[i].level <= 5, "grid.slots[%d].level: must be 1..5", i + 1);
    for (int i = 0; i < r->power_card_count; i++) {
        const PowerCard *p = &r->power_cards[i];
        NEED(p->level_min >= 1 && p->level_min <= p->level_max && p->level_max <= 5,
             "powers[%d] '%s': level range must lie in 1..5", i + 1, p->name);
        NEED(p->reach < REACH_COUNT, "powers[%d] '%s': abilities.reach out of range", i + 1, p->name);
        NEED(p->resource_cap <= 15, "powers[%d] '%s': abilities.resource_cap must be 1..15", i + 1, p->name);
        NEED(p->moves <= 9, "powers[%d] '%s': abilities.moves must be 1..9", i + 1, p->name);
        NEED(p->crater_points <= 9, "powers[%d] '%s': abilities.crater_points must be 1..9", i + 1, p->name);
    }
    NEED(r->critter_mark_count <= MAX_CRITTER_MARKS && r->cell_mark_count <= MAX_CELL_MARKS,
         "marks: too many declared");
    NEED(r->end_reason_count >= END_REASON_BASE_COUNT && r->end_reason_count <= MAX_END_REASONS,
         "end reasons: the base game's are missing");
#undef NEED
    return 0;
}

/* ---- marks and end reasons ---- */

/* Whether name is 1 to len-1 characters of a-z, 0-9 and _ (the names scripts
 * declare: marks, end reasons, variants). */
static int valid_name(const char *name, size_t len)
{
    size_t n = strlen(name);
    if (n == 0 || n >= len)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!((name[i] >= 'a' && name[i] <= 'z') || (name[i] >= '0' && name[i] <= '9') || name[i] == '_'))
            return 0;
    return 1;
}

static int valid_mark_name(const char *name)
{
    return valid_name(name, MARK_NAME_LEN);
}

static int add_mark(MarkDef *defs, uint8_t *count, int max, const char *what, const char *name, int traits,
                    int trait_bits, char *err, int errlen)
{
    if (!valid_mark_name(name)) {
        snprintf(err, (size_t)errlen, "%s mark '%s': a name is 1-%d characters of a-z, 0-9 and _", what, name,
                 MARK_NAME_LEN - 1);
        return -1;
    }
    for (int i = 0; i < *count; i++)
        if (strcmp(defs[i].name, name) == 0) {
            snprintf(err, (size_t)errlen, "%s mark '%s' is declared twice", what, name);
            return -1;
        }
    if (*count >= max) {
        snprintf(err, (size_t)errlen, "%s mark '%s': at most %d %s marks", what, name, max, what);
        return -1;
    }
    if (traits < 0 || traits >= (1 << trait_bits)) {
        snprintf(err, (size_t)errlen, "%s mark '%s': unknown traits", what, name);
        return -1;
    }
    snprintf(defs[*count].name, MARK_NAME_LEN, "%s", name);
    defs[*count].traits = (uint8_t)traits;
    return (*count)++;
}

int rules_add_critter_mark(Rules *r, const char *name, int traits, char *err, int errlen)
{
    int m = add_mark(r->critter_marks, &r->critter_mark_count, MAX_CRITTER_MARKS, "critter", name, traits,
                     CT_TRAIT_BITS, err, errlen);
    if (m >= 0)
        for (int t = 0; t < CT_TRAIT_BITS; t++)
            if (traits & (1 << t))
                r->critter_marks_with[t] |= (uint8_t)(1 << m);
    return m;
}

void rules_redefine_mark(Rules *r, int cell, int m, int traits)
{
    if (cell) {
        if (m >= 0 && m < r->cell_mark_count)
            r->cell_marks[m].traits = (uint8_t)(traits & ((1 << LT_TRAIT_BITS) - 1));
        return;
    }
    if (m < 0 || m >= r->critter_mark_count)
        return;
    r->critter_marks[m].traits = (uint8_t)(traits & ((1 << CT_TRAIT_BITS) - 1));
    for (int t = 0; t < CT_TRAIT_BITS; t++) {
        r->critter_marks_with[t] &= (uint8_t)~(1 << m);
        if (traits & (1 << t))
            r->critter_marks_with[t] |= (uint8_t)(1 << m);
    }
}

int rules_add_cell_mark(Rules *r, const char *name, int traits, char *err, int errlen)
{
    return add_mark(r->cell_marks, &r->cell_mark_count, MAX_CELL_MARKS, "cell", name, traits, LT_TRAIT_BITS,
                    err, errlen);
}

int rules_end_reason_by_name(const Rules *r, const char *name)
{
    for (int i = 0; i < r->end_reason_count; i++)
        if (strcmp(r->end_reasons[i], name) == 0)
            return i;
    return -1;
}

/* A name in words: blanks for underscores. */
static void name_in_words(const char *name, char out[END_WORDS_LEN])
{
    snprintf(out, END_WORDS_LEN, "%s", name);
    for (char *c = out; *c; c++)
        if (*c == '_')
            *c = ' ';
}

/* Whether words are 1 to END_WORDS_LEN-1 printable characters. */
static bool valid_words(const char *words)
{
    size_t n = strlen(words);
    if (n == 0 || n >= END_WORDS_LEN)
        return false;
    for (const unsigned char *c = (const unsigned char *)words; *c; c++)
        if (*c < 0x20 || *c == 0x7f)
            return false;
    return true;
}

int rules_add_end_reason(Rules *r, const char *name, const char *words, char *err, int errlen)
{
    if (words && !valid_words(words)) {
        snprintf(err, (size_t)errlen, "the words for '%s' must be 1 to %d printable characters", name,
                 END_WORDS_LEN - 1);
        return -1;
    }
    int i = rules_end_reason_by_name(r, name);
    if (i < 0) {
        if (r->end_reason_count >= MAX_END_REASONS || !valid_mark_name(name)) {
            snprintf(err, (size_t)errlen, "'%s' is not a name of a-z, 0-9 and _, or %d reasons are registered "
                     "already", name, MAX_END_REASONS);
            return -1;
        }
        i = r->end_reason_count++;
        snprintf(r->end_reasons[i], END_REASON_LEN, "%s", name);
        name_in_words(name, r->end_reason_words[i]);
    }
    if (words && strcmp(words, r->end_reason_words[i]) != 0) {
        char plain[END_WORDS_LEN];   /* the words a reason declared without any has */
        name_in_words(name, plain);
        if (strcmp(r->end_reason_words[i], plain) != 0) {
            snprintf(err, (size_t)errlen, "'%s' is already said as \"%s\", not \"%s\"", name,
                     r->end_reason_words[i], words);
            return -1;
        }
        snprintf(r->end_reason_words[i], END_WORDS_LEN, "%s", words);
    }
    return i;
}

/* ---- variants ---- */

int rules_variant_name_ok(const char *name)
{
    return valid_name(name, VARIANT_LEN);
}

int rules_variant_by_name(const Rules *r, const char *name)
{
    for (int i = 0; i < r->variant_count; i++)
        if (strcmp(r->variants[i].name, name) == 0)
            return i;
    return -1;
}

int rules_variant_allowed(const Rules *r, const char *name, char *known, int len)
{
    if (r->variant_count == 0 || rules_variant_by_name(r, name) >= 0)
        return 1;
    int n = 0;
    known[0] = 0;
    for (int v = 0; v < r->variant_count && n >= 0 && n < len; v++)
        n += snprintf(known + n, (size_t)(len - n), "%s%s", v ? ", " : "", r->variants[v].name);
    return 0;
}

int rules_add_variant(Rules *r, const VariantRule *v, int is_default, char *err, int errlen)
{
    if (!rules_variant_name_ok(v->name)) {
        snprintf(err, (size_t)errlen, "variant '%s': a name is 1-%d characters of a-z, 0-9 and _", v->name,
                 VARIANT_LEN - 1);
        return -1;
    }
    if (rules_variant_by_name(r, v->name) >= 0) {
        snprintf(err, (size_t)errlen, "variant '%s' is declared already", v->name);
        return -1;
    }
    if (r->variant_count >= MAX_VARIANTS) {
        snprintf(err, (size_t)errlen, "variant '%s': at most %d variants", v->name, MAX_VARIANTS);
        return -1;
    }
    if (is_default && r->default_variant) {
        snprintf(err, (size_t)errlen, "variant '%s': '%s' is the default already", v->name,
                 r->variants[r->default_variant - 1].name);
        return -1;
    }
    r->variants[r->variant_count] = *v;
    if (is_default)
        r->default_variant = (uint8_t)(r->variant_count + 1);
    return r->variant_count++;
}

void rules_base_end_reasons(Rules *r)
{
    static const char *const BASE[END_REASON_BASE_COUNT][2] = {
        { "none", "the game has not ended" },
        { "supply", "the land tiles ran out" },
        { "hand_empty", "a player has every critter on land" },
        { "stalled", "it reached the turn limit" },
        { "no_progress", "play went round without progress" },
    };
    char err[120];
    r->end_reason_count = 0;
    for (int i = 0; i < END_REASON_BASE_COUNT; i++)
        rules_add_end_reason(r, BASE[i][0], BASE[i][1], err, sizeof err);
}
