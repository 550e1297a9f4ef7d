#include "placement.h"

#include <string.h>

#include "core_internal.h"

static void put(Option *o, int *n, int max, int verb, int cell, int sub, int subject)
{
    if (*n < max)
        o[*n] = (Option){ (uint8_t)verb, (uint8_t)sub, (uint16_t)cell, (uint16_t)subject, 0 };
    (*n)++;
}

bool stack_takes_tile(const Game *g, int cell)
{
    const Board *b = &g->board;
    return board_is_land(b, cell) && !(b->cells[cell].flags & CELL_LAVA) &&
           tile_class_takes_stacking(board_top_class(b, &g->rules, cell));
}

/* Which players have critters on each land stack (by land index). */
#define OWNERS_SHELTERED 0x80   /* a critter whose mark shelters its stack stands there */

static void stack_owners(const Game *g, uint8_t owners[MAX_LAND])
{
    memset(owners, 0, (size_t)g->board.land_count);
    int players = g->players, per = g->rules.critters_per_player;   /* owners[] may alias g: read once */
    const uint8_t *land_index = g->board.land_index;
    for (int p = 0; p < players; p++) {
        const Critter *c = g->player[p].critters;
        for (int i = 0; i < per; i++)
            if (c[i].place == AT_BOARD)
                owners[land_index[c[i].cell]] |=
                    (uint8_t)((1 << p) | (critter_has_trait(g, &c[i], CT_SHELTERS) ? OWNERS_SHELTERED : 0));
    }
}

/* The class of land index k's top tile. */
static int class_at(const Game *g, int k)
{
    const Board *b = &g->board;
    return b->has_types ? b->land_class[k] : board_top_class(b, &g->rules, b->land[k]);
}

/* stack_takes_tile and stack_targetable for land index k, with the owners
 * precomputed (scan_takes adds the shelter rule: a critter whose mark
 * shelters its stack keeps tiles off it). */
static bool stack_open(const Game *g, int k, int mask, const uint8_t owners[MAX_LAND])
{
    int cls = class_at(g, k);
    return !(g->board.cells[g->board.land[k]].flags & CELL_LAVA) && tile_class_takes_stacking(cls) &&
           game_owners_targetable(owners[k] & ~OWNERS_SHELTERED, mask, cls == TILE_SOIL);
}

/* Facing bits that lava hides, by land index: a lava cell shows no biome to
 * its neighbours. Returns whether any land cell has lava (else hidden[] is
 * left unset). The lava list names every land cell with a lava mark
 * (invariants.c checks they agree), so only its few tokens are looked at. */
static bool lava_hidden_edges(const Game *g, FacingMask hidden[MAX_LAND])
{
    const Board *b = &g->board;
    bool any = false;
    for (int l = 0; l < g->lava_count; l++) {
        int cell = g->lava[l].cell;
        if (!board_is_land(b, cell) || !(b->cells[cell].flags & CELL_LAVA))
            continue;
        if (!any)
            memset(hidden, 0, sizeof(FacingMask) * (size_t)b->land_count);
        any = true;
        for (int d = 0; d < HEX_DIRS; d++) {
            int nb = board_neighbour(cell, d);
            if (nb != NO_CELL && board_is_land(b, nb))
                hidden[b->land_index[nb]] |= (FacingMask)7 << (3 * hex_opposite(d));
        }
    }
    return any;
}

/* The biomes facing land index k, lava applied. */
static FacingMask facing_at(const Game *g, int k, bool lava, const FacingMask *hidden)
{
    const Board *b = &g->board;
    if (!b->has_types)
        return board_facing_mask(b, &g->rules, b->land[k]);
    return lava ? b->land_facing[k] & ~hidden[k] : b->land_facing[k];
}

/* The tile's own edges in each rotation, as facing bits (see FacingMask). */
static void tile_edge_masks(const Game *g, int type, FacingMask out[HEX_DIRS])
{
    const TileType *t = &g->rules.tile_types[type];
    for (int rot = 0; rot < HEX_DIRS; rot++) {
        out[rot] = 0;
        for (int e = 0; e < HEX_DIRS; e++)
            if (tile_edge_biome(t, rot, e) < BIOME_COUNT)
                out[rot] |= facing_bit(e, (unsigned)tile_edge_biome(t, rot, e));
    }
}

/* What every scan of stackable stacks needs: the tile's edge masks, the
 * edges lava hides, the owners of each stack. */
typedef struct StackScan {
    FacingMask own[HEX_DIRS], hidden[MAX_LAND];
    uint8_t owners[MAX_LAND];
    bool lava;
    int rotations;
} StackScan;

static void scan_begin(const Game *g, int type, StackScan *sc)
{
    const Board *b = &g->board;
    sc->rotations = g->rules.tile_types[type].distinct_rotations;
    if (b->has_types)
        memcpy(sc->own, b->type_edges[type], sizeof sc->own);
    else
        tile_edge_masks(g, type, sc->own);
    sc->lava = lava_hidden_edges(g, sc->hidden);
    stack_owners(g, sc->owners);
}

/* Whether stack k takes the tile: open (stack_open), no sheltering critter. */
static bool scan_takes(const Game *g, int k, int mask, const StackScan *sc)
{
    return stack_open(g, k, mask, sc->owners) && !(sc->owners[k] & OWNERS_SHELTERED);
}

bool placement_exists(const Game *g, int type, int mask)
{
    StackScan sc;
    scan_begin(g, type, &sc);
    for (int k = 0; k < g->board.land_count; k++) {
        if (!scan_takes(g, k, mask, &sc))
            continue;
        FacingMask facing = facing_at(g, k, sc.lava, sc.hidden);
        for (int rot = 0; rot < sc.rotations; rot++)
            if (sc.own[rot] & facing)
                return true;
    }
    return false;
}

/* list_placements on a board with its derived data, room for every write
 * and every player targetable: the loop the bench compares with a bare one. */
static int list_fast(const Game *g, int type, Option *o, int at)
{
    const Board *b = &g->board;
    FacingMask own[HEX_DIRS], hidden[MAX_LAND];
    memcpy(own, b->type_edges[type], sizeof own);
    int rotations = g->rules.tile_types[type].distinct_rotations;
    bool lava = lava_hidden_edges(g, hidden);
    uint8_t sheltered[MAX_LAND];   /* read only once a sheltering critter was seen */
    bool any_sheltered = false;
    int players = g->players, per = g->rules.critters_per_player;
    /* Critters are looked at only once a sheltering mark was set in this game
     * (usually never). */
    unsigned shelter = g->rules.critter_marks_with[__builtin_ctz((unsigned)CT_SHELTERS)];
    if (!(g->critter_marks_seen & shelter))
        players = 0;
    for (int p = 0; p < players; p++)
        for (int i = 0; i < per; i++) {
            const Critter *c = &g->player[p].critters[i];
            if (c->place == AT_BOARD && critter_has_trait(g, c, CT_SHELTERS)) {
                if (!any_sheltered)
                    memset(sheltered, 0, (size_t)b->land_count);
                any_sheltered = true;
                sheltered[b->land_index[c->cell]] = 1;
            }
        }
    for (int k = 0; k < b->land_count; k++) {
        /* Targetable whoever stands there; a sheltering critter, lava or a volcano closes a stack. */
        if ((any_sheltered && sheltered[k]) || !tile_class_takes_stacking(b->land_class[k]) ||
            (lava && (b->cells[b->land[k]].flags & CELL_LAVA)))
            continue;
        FacingMask facing = lava ? b->land_facing[k] & ~hidden[k] : b->land_facing[k];
        uint64_t cell_word = option_pack(VERB_TILE, 0, b->land[k], type, 0);
        for (int rot = 0; rot < rotations; rot++)
            if (own[rot] & facing)
                option_store(&o[at++], cell_word | option_pack(0, rot, 0, 0, 0));
    }
    return at;
}

void list_placements(const Game *g, int type, int mask, Option *o, int *n, int max)
{
    int all = (1 << g->players) - 1;
    if (g->board.has_types && (mask & all) == all && (mask & TARGET_UNINHABITED) &&
        *n + g->board.land_count * HEX_DIRS <= max) {
        *n = list_fast(g, type, o, *n);
        return;
    }
    StackScan sc;
    scan_begin(g, type, &sc);
    int at = *n;   /* a local count: stores into o cannot alias it */
    for (int k = 0; k < g->board.land_count; k++) {
        if (!scan_takes(g, k, mask, &sc))
            continue;
        FacingMask facing = facing_at(g, k, sc.lava, sc.hidden);
        uint64_t cell_word = option_pack(VERB_TILE, 0, g->board.land[k], type, 0);
        for (int rot = 0; rot < sc.rotations; rot++)
            if (sc.own[rot] & facing) {
                if (at < max)
                    option_store(&o[at], cell_word | option_pack(0, rot, 0, 0, 0));
                at++;
            }
    }
    *n = at;
}

static int scan_targets(const Game *g, int mask, Option *o, int *n, int max, bool first_only)
{
    const Board *b = &g->board;
    uint8_t owners[MAX_LAND];
    stack_owners(g, owners);
    int found = 0;
    for (int k = 0; k < b->land_count; k++) {
        int cell = b->land[k];
        if (!stack_open(g, k, mask, owners))
            continue;
        found++;
        if (first_only)
            return found;
        put(o, n, max, VERB_TARGET, cell, 0, 0);
    }
    return found;
}

bool volcano_target_exists(const Game *g, int mask) { return scan_targets(g, mask, NULL, NULL, 0, true) > 0; }

void list_volcano_targets(const Game *g, int mask, Option *o, int *n, int max)
{
    scan_targets(g, mask, o, n, max, false);
}

static bool is_island_cell(const Game *g, int cell)
{
    for (int i = 0; i < g->island_count; i++)
        if (g->island_cells[i] == cell)
            return true;
    return false;
}

/* Whether `cell` touches land that is not part of the island being summoned. */
static bool touches_old_land(const Game *g, int cell)
{
    for (int d = 0; d < HEX_DIRS; d++) {
        int nb = board_neighbour(cell, d);
        if (nb != NO_CELL && board_is_land(&g->board, nb) && !is_island_cell(g, nb))
            return true;
    }
    return false;
}

static bool island_cell_ok(const Game *g, int cell)
{
    const Board *b = &g->board;
    if (board_is_land(b, cell) || (b->cells[cell].flags & CELL_LAVA) || touches_old_land(g, cell))
        return false;
    Hex h = board_hex(cell);
    if (g->island_count == 0)
        return true;   /* island_cells only offers cells within reach of land */
    /* Each later tile touches two island tiles (the first two: each other), so
     * three tiles make a triangle and a fourth a compact diamond. */
    int touching = 0;
    for (int i = 0; i < g->island_count; i++)
        touching += hex_distance(h, board_hex(g->island_cells[i])) == 1;
    return touching >= (g->island_count < 2 ? g->island_count : 2);
}

/* Candidate cells: ocean within island_max_distance of some land cell. */
static int island_cells(const Game *g, int *cells, int max)
{
    enum { MAXR = 6 };
    uint8_t seen[BOARD_CELLS / 8];   /* a bit per cell already considered */
    memset(seen, 0, sizeof seen);
    const Board *b = &g->board;
    int n = 0;
    int reach = g->rules.island_max_distance < MAXR ? g->rules.island_max_distance : MAXR;
    for (int k = 0; k < b->land_count && n < max; k++) {
        Hex centre = board_hex(b->land[k]);
        for (int rad = 1; rad <= reach && n < max; rad++) {
            Hex ring[6 * 6];
            int m = hex_ring(centre, rad, ring);
            for (int j = 0; j < m && n < max; j++) {
                if (!board_in_bounds(ring[j]))
                    continue;
                int c = board_cell(ring[j]);
                if ((seen[c >> 3] >> (c & 7)) & 1)
                    continue;
                seen[c >> 3] |= (uint8_t)(1 << (c & 7));
                if (island_cell_ok(g, c))
                    cells[n++] = c;
            }
        }
    }
    return n;
}

bool island_start_exists(const Game *g)
{
    int cell;
    return island_cells(g, &cell, 1) > 0;   /* the first will do */
}

void list_island_tiles(const Game *g, Option *o, int *n, int max)
{
    int cells[512];
    int nc = island_cells(g, cells, 512);
    for (int t = 0; t < g->rules.tile_type_count; t++) {
        const TileType *tt = &g->rules.tile_types[t];
        if (tt->tile_class > TILE_TRIO || g->supply_tiles[t] == 0)
            continue;
        for (int i = 0; i < nc; i++)
            for (int rot = 0; rot < tt->distinct_rotations; rot++)
                put(o, n, max, VERB_TILE, cells[i], rot, t);
    }
}

/* ---- starting islands ---- */

/* Set-up steps per player: 0 Uno tile, 1 critter, 2 Duo tile, 3 critter, 4 Trio tile, 5 critter. */
static bool setup_cell_ok(const Game *g, int player, int stage, int cell)
{
    const Board *b = &g->board;
    if (board_is_land(b, cell))
        return false;
    Hex h = board_hex(cell);
    int own_near = 0, other_min = 1000;
    for (int k = 0; k < b->land_count; k++) {
        int lc = b->land[k];
        int d = hex_distance(h, board_hex(lc));
        bool own = false;
        for (int s = 0; s < stage / 2; s++)
            own |= g->setup_cells[player][s] == lc;
        if (own && d == 1)
            own_near = 1;
        if (!own && d < other_min)
            other_min = d;
    }
    if (stage == 0) {
        if (b->land_count == 0)
            return h.q == 0 && h.r == 0;
        if (g->options.setup_variation == 1)
            return other_min == 3;   /* two hexes of ocean between islands */
        return other_min == 1;       /* variation 2: islands start joined */
    }
    if (!own_near)
        return false;
    return g->options.setup_variation == 2 || other_min >= 3;
}

/* Whether a starting tile placed so would have an area whose biome nobody
 * controls, so that its critter has somewhere to go. `v` is the view of the
 * board without the tile. The tile lies on ocean, so placing it only merges:
 * each of its areas joins the regions its matching edges meet, and two of its
 * areas that meet one region join each other. */
static bool setup_leaves_free_area(const Game *g, const View *v, int type, int cell, int rot)
{
    const Board *b = &g->board;
    const TileType *t = &g->rules.tile_types[type];
    if (board_is_land(b, cell) || b->tile_count >= MAX_BOARD_TILES || b->land_count >= MAX_LAND)
        return false;
    int areas = t->areas < MAX_AREAS ? t->areas : MAX_AREAS;
    bool held[MAX_AREAS] = { false };
    int met_area[HEX_DIRS], met_region[HEX_DIRS], met = 0;
    for (int d = 0; d < HEX_DIRS; d++) {
        int nb = board_neighbour(cell, d), back = hex_opposite(d);
        int biome = tile_edge_biome(t, rot, d);
        if (nb == NO_CELL || biome == BIOME_NONE || board_areas(b, &g->rules, nb) == 0 ||
            board_edge_biome(b, &g->rules, nb, back) != biome ||
            (g->rules.cliffs_block_biomes && b->cells[nb].height != 1))   /* the new tile stands 1 high */
            continue;
        int a = tile_edge_area(t, rot, d);
        int r = game_view_region(g, v, nb, board_edge_area(b, &g->rules, nb, back));
        held[a] |= v->players_in[r] != 0;
        met_area[met] = a;
        met_region[met++] = r;
    }
    for (int pass = 0; pass < MAX_AREAS; pass++)   /* enough passes for the closure */
        for (int i = 0; i < met; i++)
            for (int j = 0; j < met; j++)
                if (met_region[i] == met_region[j] && held[met_area[j]])
                    held[met_area[i]] = true;
    for (int a = 0; a < areas; a++)
        if (!held[a])
            return true;
    return false;
}

void list_setup_tiles(const Game *g, Option *o, int *n, int max)
{
    int player = g->setup_step / 6, stage = g->setup_step % 6;
    int want = stage == 0 ? TILE_UNO : stage == 2 ? TILE_DUO : TILE_TRIO;
    const Board *b = &g->board;
    /* Candidate cells: the origin, or ocean within 3 of land. */
    int cells[512], nc = 0;
    if (b->land_count == 0) {
        cells[nc++] = board_cell(hex_make(0, 0));
    } else {
        for (int k = 0; k < b->land_count; k++)
            for (int rad = 1; rad <= 3; rad++) {
                Hex ring[18];
                int m = hex_ring(board_hex(b->land[k]), rad, ring);
                for (int j = 0; j < m; j++) {
                    if (!board_in_bounds(ring[j]))
                        continue;
                    int c = board_cell(ring[j]);
                    bool seen = false;
                    for (int s = 0; s < nc && !seen; s++)
                        seen = cells[s] == c;
                    if (!seen && nc < 512 && setup_cell_ok(g, player, stage, c))
                        cells[nc++] = c;
                }
            }
    }
    /* A new island's first tile connects to nothing, unless islands start joined.
     * Placements that leave the tile's critter an uncontrolled area come first;
     * only when there are none (crowded joined islands) may a tile be placed
     * where its critter stays in hand. */
    bool need_connect = stage > 0 || (b->land_count > 0 && g->options.setup_variation == 2);
    View v;
    if (b->land_count > 0)
        game_view(g, &v);
    FacingMask facing[512], own[HEX_DIRS];
    for (int i = 0; i < nc; i++)
        facing[i] = board_facing_mask(b, &g->rules, cells[i]);
    int before = *n;
    for (int pass = 0; pass < 2 && *n == before; pass++)
        for (int t = 0; t < g->rules.tile_type_count; t++) {
            const TileType *tt = &g->rules.tile_types[t];
            if (tt->tile_class != want)
                continue;
            tile_edge_masks(g, t, own);
            for (int i = 0; i < nc; i++)
                for (int rot = 0; rot < tt->distinct_rotations; rot++) {
                    if (need_connect && !(own[rot] & facing[i]))   /* board_edges_connect */
                        continue;
                    if (pass == 0 && b->land_count > 0 && !setup_leaves_free_area(g, &v, t, cells[i], rot))
                        continue;
                    put(o, n, max, VERB_TILE, cells[i], rot, t);
                }
        }
}

void list_setup_critters(const Game *g, Option *o, int *n, int max)
{
    int player = g->setup_step / 6, stage = g->setup_step % 6;
    int cell = g->setup_cells[player][stage / 2];
    View v;
    game_view(g, &v);
    int areas = board_areas(&g->board, &g->rules, cell);
    for (int a = 0; a < areas; a++)
        if (v.players_in[game_view_region(g, &v, cell, a)] == 0)
            put(o, n, max, VERB_CRITTER, cell, a, 0);
}
