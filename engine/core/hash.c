/* The state hash and the rules hash: 64-bit FNV-1a over a canonical walk.
 *
 * Canonical means: every field is fed explicitly, little-endian, at its own
 * width, in a fixed order; counted arrays are fed only up to their count (with
 * the count first, so the encoding stays unambiguous); no struct is fed as raw
 * bytes, so padding and stale entries (the board's tile pool, caldera cards
 * past caldera_size, lava past lava_count ...) never reach the hash. Fields
 * that are derived or are not state (the log, the hooks, the board's land
 * order and pool layout, the Rules, which rules_hash covers) are left out.
 *
 * What a valid state never holds (an ocean cell with a height, a broken stack
 * chain, a question counting past the choice pool) is fed too, in ways that
 * leave every valid state's hash as it was: flipping any byte of the state
 * changes the hash (tests/core/test_hash_bytes.c checks each byte).
 *
 * Each section starts with a one-byte tag so that two sections can never be
 * confused when a count changes. Changing the walk changes every hash: bump
 * the save format version when doing so. */
#include <string.h>

#include "game.h"
#include "save.h"

#define FNV_OFFSET 0xcbf29ce484222325ULL
#define FNV_PRIME 0x100000001b3ULL

typedef struct Fnv {
    uint64_t h;
} Fnv;

static void h_u8(Fnv *f, unsigned v)
{
    f->h ^= (uint8_t)v;
    f->h *= FNV_PRIME;
}
static void h_u16(Fnv *f, unsigned v)
{
    h_u8(f, v & 0xFF);
    h_u8(f, (v >> 8) & 0xFF);
}
static void h_u32(Fnv *f, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        h_u8(f, (v >> (8 * i)) & 0xFF);
}
static void h_u64(Fnv *f, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        h_u8(f, (unsigned)((v >> (8 * i)) & 0xFF));
}
static void h_tag(Fnv *f, char tag) { h_u8(f, (unsigned char)tag); }
/* A NUL-terminated string inside a fixed buffer: its length, then its bytes. */
static void h_str(Fnv *f, const char *s, size_t cap)
{
    size_t n = strnlen(s, cap);
    h_u16(f, (unsigned)n);
    for (size_t i = 0; i < n; i++)
        h_u8(f, (unsigned char)s[i]);
}
static int clamp(int n, int max) { return n < 0 ? 0 : n > max ? max : n; }

/* ---- rules ---- */

static void h_cost(Fnv *f, const Cost *c)
{
    h_u8(f, c->any);
    h_u8(f, c->alike);
    h_u8(f, c->each);
    h_u8(f, c->distinct);
}

/* Rules section 'R': the rules' numbers and prices. */
static void h_rules_numbers(Fnv *f, const Rules *r)
{
    h_u8(f, r->critters_per_player);
    h_u8(f, r->resource_cap);
    h_u8(f, r->crater_capacity);
    h_u8(f, r->resources_per_type);
    h_u8(f, r->later_player_bonus);
    h_u8(f, r->volcanoes_per_player);
    h_u8(f, r->land_tiles_base);
    h_u8(f, r->land_tiles_per_extra_player);
    for (int i = 0; i < 3; i++)
        h_u8(f, r->share_percent[i]);
    h_u8(f, r->targeting_threshold);
    h_u8(f, r->soil_cooling);
    h_u8(f, r->idle_rounds);
    h_u16(f, r->turn_limit);
    const Cost *costs[] = { &r->cost_uno, &r->cost_duo, &r->cost_trio, &r->cost_volcano,
                            &r->cost_island, &r->cost_caldera, &r->cost_sacrifice,
                            &r->cost_evacuation, &r->cost_point };
    for (size_t i = 0; i < sizeof costs / sizeof *costs; i++)
        h_cost(f, costs[i]);
    h_u8(f, r->island_crater_critters);
    h_u8(f, r->island_tiles);
    h_u8(f, r->island_max_distance);
    if (r->cliffs_block_biomes)   /* fed only when on, so rules without it keep their hash */
        h_u8(f, r->cliffs_block_biomes);
}

/* Rules section 'M': what each mode of play allows. */
static void h_rules_modes(Fnv *f, const Rules *r)
{
    for (int m = 0; m < MODE_COUNT; m++) {
        const ModeRules *mr = &r->modes[m];
        h_u8(f, mr->move);
        h_u8(f, mr->claim);
        h_u8(f, mr->collect);
        h_u8(f, mr->buy_tiles);
        h_u8(f, mr->buy_volcano);
        h_u8(f, mr->buy_island);
        h_u8(f, mr->buy_caldera);
        h_u8(f, mr->buy_points);
        h_u8(f, mr->sacrifice_board);
        h_u8(f, mr->sacrifice_hand);
        h_u8(f, mr->sacrifices_per_turn);
    }
}

/* Rules section 'T': the tile types. */
static void h_rules_tiles(Fnv *f, const Rules *r)
{
    int nt = clamp(r->tile_type_count, MAX_TILE_TYPES);
    h_u8(f, (unsigned)nt);
    for (int t = 0; t < nt; t++) {
        const TileType *tt = &r->tile_types[t];
        h_str(f, tt->name, NAME_LEN);
        h_u8(f, tt->tile_class);
        for (int e = 0; e < 6; e++)
            h_u8(f, tt->edge_biome[e]);
        h_u8(f, tt->areas);
        for (int e = 0; e < 6; e++)
            h_u8(f, tt->area_of_edge[e]);
        for (int a = 0; a < MAX_AREAS; a++)
            h_u8(f, tt->area_biome[a]);
        h_u8(f, tt->distinct_rotations);
    }
}

/* Rules section 'G': the Power Grid slots. */
static void h_rules_grid(Fnv *f, const Rules *r)
{
    int ng = clamp(r->grid_slot_count, MAX_GRID_SLOTS);
    h_u8(f, (unsigned)ng);
    for (int s = 0; s < ng; s++) {
        h_u8(f, r->grid[s].level);
        h_u8(f, (uint8_t)r->grid[s].column);
        h_u8(f, (uint8_t)r->grid[s].row2);
    }
}

/* Rules section 'P': the power cards. */
static void h_rules_cards(Fnv *f, const Rules *r)
{
    int np = clamp(r->power_card_count, MAX_POWER_CARDS);
    h_u8(f, (unsigned)np);
    for (int c = 0; c < np; c++) {
        const PowerCard *pc = &r->power_cards[c];
        h_str(f, pc->name, NAME_LEN);
        h_u8(f, pc->level_min);
        h_u8(f, pc->level_max);
        h_u8(f, pc->middle_only);
        h_u8(f, pc->bolt);
        h_u32(f, pc->bolt_at);
        h_u8(f, pc->bolt_asks);
        h_u8(f, pc->stars);
        h_u8(f, pc->reach);
        h_u8(f, pc->join);
        h_u8(f, pc->resource_cap);
        h_u8(f, pc->moves);
        h_u8(f, pc->crater_points);
    }
}

/* Rules section 'V': the variants and their targeting. */
static void h_rules_variants(Fnv *f, const Rules *r)
{
    int nv = clamp(r->variant_count, MAX_VARIANTS);
    h_u8(f, (unsigned)nv);
    h_u8(f, r->default_variant);
    for (int v = 0; v < nv; v++) {
        const VariantRule *vr = &r->variants[v];
        h_str(f, vr->name, VARIANT_LEN);
        h_u8(f, vr->min_players);
        h_u8(f, vr->most_critters);
        h_u8(f, (uint8_t)vr->seat);
        h_u8(f, vr->threshold);
        h_u8(f, vr->uninhabited);
    }
}

uint64_t rules_hash(const Rules *r)
{
    Fnv f = { FNV_OFFSET };
    h_tag(&f, 'R');
    h_rules_numbers(&f, r);
    h_tag(&f, 'M');
    h_rules_modes(&f, r);
    h_tag(&f, 'T');
    h_rules_tiles(&f, r);
    h_tag(&f, 'G');
    h_rules_grid(&f, r);
    h_tag(&f, 'P');
    h_rules_cards(&f, r);
    h_tag(&f, 'V');
    h_rules_variants(&f, r);
    return f.h;
}

/* ---- game ---- */

static void h_board(Fnv *f, const Board *b)
{
    h_tag(f, 'B');
    uint16_t stack[MAX_BOARD_TILES];
    for (int c = 0; c < BOARD_CELLS; c++) {
        const Cell *cell = &b->cells[c];
        if (cell->top == NO_TILE && cell->flags == 0 && cell->height == 0)
            continue;   /* plain ocean; anything else about a cell is fed */
        /* Walk down from the top, guarding against a broken chain. */
        int n = 0;
        unsigned t = cell->top;
        for (; t != NO_TILE && t < MAX_BOARD_TILES && n < MAX_BOARD_TILES; t = b->tiles[t].below)
            stack[n++] = (uint16_t)t;
        h_u16(f, (unsigned)c);
        h_u8(f, cell->height);
        h_u8(f, cell->flags);
        h_u16(f, (unsigned)n);
        for (int i = n - 1; i >= 0; i--) {
            h_u8(f, b->tiles[stack[i]].type);
            h_u8(f, b->tiles[stack[i]].rotation);
        }
        if (t != NO_TILE)
            h_u16(f, t);   /* a broken chain (never in a valid state): where it broke */
    }
    h_u16(f, NO_CELL); /* end of the cell list */
}

/* A queue item's reach names land indices; feed the cells they stand for, in
 * cell order, so the hash does not depend on the board's land order. */
static void h_reach(Fnv *f, const Board *b, const uint8_t reach[MAX_LAND / 8])
{
    static const uint8_t none[MAX_LAND / 8];
    if (!memcmp(reach, none, sizeof none)) {
        h_u16(f, 0);
        return;
    }
    uint8_t mark[BOARD_CELLS];
    memset(mark, 0, sizeof mark);
    int lc = clamp(b->land_count, MAX_LAND);
    int n = 0;
    for (int k = 0; k < lc; k++)
        if ((reach[k >> 3] & (1 << (k & 7))) && b->land[k] < BOARD_CELLS && !mark[b->land[k]]) {
            mark[b->land[k]] = 1;
            n++;
        }
    h_u16(f, (unsigned)n);
    for (int c = 0; c < BOARD_CELLS; c++)
        if (mark[c])
            h_u16(f, (unsigned)c);
}

static void h_pending(Fnv *f, const Pending *p)
{
    h_u8(f, p->kind);
    h_u8(f, p->player);
    h_u16(f, p->subject);
    h_u16(f, p->cell);
    h_u16(f, p->aux);
}

static void h_ask(Fnv *f, const ScriptAsk *a, const AskChoice *pool, int pool_len)
{
    h_u8(f, a->player);
    h_u16(f, a->question);
    h_u8(f, a->can_pass);
    h_u8(f, a->ctx_places);
    for (int k = 0; k < ASK_CONTEXT; k++)
        h_u32(f, (uint32_t)a->ctx[k]);
    int first = clamp(a->first, pool_len);
    int n = clamp(a->count, pool_len - first);
    h_u16(f, a->count);   /* n itself in a valid state */
    for (int i = first; i < first + n; i++) {
        h_u32(f, (uint32_t)pool[i].value);
        h_u16(f, pool[i].cell);
        h_u16(f, pool[i].critter);
        h_u8(f, pool[i].card);
    }
}

static void h_player(Fnv *f, const Player *p, int critters)
{
    for (int b = 0; b < BIOME_COUNT; b++)
        h_u8(f, p->resources[b]);
    h_u8(f, p->reach);
    h_u8(f, p->join);
    h_u8(f, p->volcanoes);
    h_u8(f, p->points_bought);
    h_u8(f, p->sacrificed_board);
    h_u8(f, p->sacrificed_hand);
    h_u8(f, p->caldera_bought);
    int nc = clamp(p->caldera_count, MAX_CALDERA);
    h_u8(f, (unsigned)nc);
    for (int i = 0; i < nc; i++)
        h_u8(f, p->caldera[i]);
    for (int i = 0; i < critters; i++) {
        h_u8(f, p->critters[i].place);
        h_u8(f, p->critters[i].area);
        h_u8(f, p->critters[i].marks);
        h_u16(f, p->critters[i].cell);
    }
}

/* Section 'O': the options the game was set up with and the random stream. */
static void h_options(Fnv *f, const Game *g)
{
    h_u8(f, g->options.players);
    h_u8(f, g->options.setup_variation);
    h_str(f, g->options.variant, VARIANT_LEN);
    h_u64(f, g->options.deal);
    for (int p = 0; p < MAX_PLAYERS; p++)
        h_u64(f, g->options.hold[p]);
    if (g->options.param_count) {   /* hashed only when used, so games without any keep their hashes */
        h_u8(f, g->options.param_count);
        for (int i = 0; i < g->options.param_count && i < MAX_PARAMS; i++) {
            uint64_t bits;
            memcpy(&bits, &g->options.params[i].value, sizeof bits);
            h_str(f, g->options.params[i].name, PARAM_NAME_LEN);
            h_u64(f, bits);
        }
    }
    h_u64(f, g->seed);
    h_u64(f, g->rng.state);
    h_u64(f, g->rng.inc);
    h_u32(f, g->rng.draws);
}

/* Section 'S': whose turn, which step, what the turn has used so far. */
static void h_turn(Fnv *f, const Game *g)
{
    h_u8(f, g->players);
    h_u8(f, g->first_player);
    h_u8(f, g->active);
    h_u8(f, g->phase);
    h_u8(f, g->mode);
    h_u8(f, g->end_reason);
    h_u16(f, g->turn);
    h_u16(f, g->moves_left);
    h_u8(f, g->buys_made);
    h_u8(f, g->soil_placements);
    h_u8(f, g->extra_buys);
    h_u8(f, g->bought_type);
    h_u8(f, g->volcano_held);
    h_u8(f, g->setup_step);
    h_u8(f, g->sacrifices);
    h_u8(f, g->contest_dirty);
    h_u8(f, g->end_triggered);
    h_u8(f, g->trigger_player);
    h_u32(f, g->progress);
    h_u16(f, g->progress_turn);
}

/* Section 'U': the supply, the Power Grid and the Caldera deck. */
static void h_supply(Fnv *f, const Game *g)
{
    int tile_types = clamp(g->rules.tile_type_count, MAX_TILE_TYPES);
    int slots = clamp(g->rules.grid_slot_count, MAX_GRID_SLOTS);
    for (int t = 0; t < tile_types; t++)
        h_u8(f, g->supply_tiles[t]);
    h_u8(f, g->supply_volcanoes);
    for (int b = 0; b < BIOME_COUNT; b++)
        h_u8(f, g->supply_resources[b]);
    for (int s = 0; s < slots; s++)
        h_u8(f, g->grid_card[s]);
    int deck = clamp(g->caldera_size, MAX_POWER_CARDS);
    h_u8(f, (unsigned)deck);
    for (int i = 0; i < deck; i++)
        h_u8(f, g->caldera_deck[i]);
    h_u8(f, g->caldera_discard);
    h_u64(f, g->cards_played);
    h_u64(f, g->cards_in_play);
}

/* Section 'L': the lava tokens and the flows of the last eruption. */
static void h_lava(Fnv *f, const Game *g)
{
    int lava = clamp(g->lava_count, MAX_LAVA);
    h_u8(f, (unsigned)lava);
    for (int i = 0; i < lava; i++) {
        h_u16(f, g->lava[i].cell);
        h_u8(f, g->lava[i].in_ocean);
    }

    int flows = clamp(g->flow_count, MAX_LAVA);
    h_u8(f, (unsigned)flows);
    for (int i = 0; i < flows; i++) {
        h_u16(f, g->flows[i].from);
        h_u16(f, g->flows[i].to);
    }
}

/* Section 'P': each player, their setup cells and unlocked Grid slots. */
static void h_players(Fnv *f, const Game *g)
{
    int players = clamp(g->players, MAX_PLAYERS);
    int critters = clamp(g->rules.critters_per_player, MAX_CRITTERS);
    int slots = clamp(g->rules.grid_slot_count, MAX_GRID_SLOTS);
    for (int p = 0; p < players; p++) {
        h_player(f, &g->player[p], critters);
        for (int i = 0; i < 3; i++)
            h_u16(f, g->setup_cells[p][i]);
        for (int s = 0; s < slots; s++)
            h_u8(f, g->unlocked[p][s]);
    }
}

/* Section 'D': the pending decision, the one to resume, the queue of displaced critters. */
static void h_decisions(Fnv *f, const Game *g)
{
    h_pending(f, &g->pending);
    h_pending(f, &g->resume);
    int ql = clamp(g->queue_len, MAX_QUEUE);
    h_u8(f, (unsigned)ql);
    for (int i = 0; i < ql; i++) {
        const QueueItem *q = &g->queue[i];
        h_u8(f, q->kind);
        h_u8(f, q->player);
        h_u16(f, q->subject);
        h_u16(f, q->cell);
        h_u8(f, q->biome);
        h_u8(f, q->count);
        h_u8(f, q->must_flee);
        h_u8(f, q->cause);
        h_reach(f, &g->board, q->reach);
    }
}

/* Section 'A': the scripts' open questions. */
static void h_asks(Fnv *f, const Game *g)
{
    int asks = clamp(g->ask_len, MAX_ASKS);
    h_u8(f, (unsigned)asks);
    int pool = clamp(g->choice_len, MAX_CHOICES);
    for (int i = 0; i < asks; i++)
        h_ask(f, &g->ask[i], g->choice, pool);
}

/* Section 'I': the cells of an island being placed. */
static void h_island(Fnv *f, const Game *g)
{
    int ic = clamp(g->island_count, (int)(sizeof g->island_cells / sizeof g->island_cells[0]));
    h_u8(f, (unsigned)ic);
    for (int i = 0; i < ic; i++)
        h_u16(f, g->island_cells[i]);
}

/* Section 'V': the scripts' integer state. */
static void h_script_state(Fnv *f, const Game *g)
{
    const Rules *r = &g->rules;
    int state = clamp(r->state_used, STATE_SLOTS);
    h_u16(f, (unsigned)state);
    for (int i = 0; i < state; i++)
        h_u32(f, (uint32_t)g->state[i]);
}

/* Section 'F': cell marks, the skip and land-change flags, mods disabled. */
static void h_marks(Fnv *f, const Game *g)
{
    const Rules *r = &g->rules;
    int cell_marks = clamp(r->cell_mark_count, MAX_CELL_MARKS);
    for (int m = 0; m < cell_marks; m++)
        for (size_t i = 0; i < sizeof g->cell_marks[m]; i++)
            h_u8(f, g->cell_marks[m][i]);
    h_u8(f, g->turn_skip);
    h_u8(f, g->land_change);
    h_u32(f, g->mods_disabled);
}

uint64_t game_hash(const Game *g)
{
    Fnv f = { FNV_OFFSET };
    /* The sections in a fixed order, each after its one-byte tag. */
    h_tag(&f, 'O');
    h_options(&f, g);
    h_tag(&f, 'S');
    h_turn(&f, g);
    h_tag(&f, 'U');
    h_supply(&f, g);
    h_tag(&f, 'L');
    h_lava(&f, g);
    h_tag(&f, 'P');
    h_players(&f, g);
    h_tag(&f, 'D');
    h_decisions(&f, g);
    h_tag(&f, 'A');
    h_asks(&f, g);
    h_tag(&f, 'I');
    h_island(&f, g);
    h_tag(&f, 'V');
    h_script_state(&f, g);
    h_tag(&f, 'F');
    h_marks(&f, g);
    h_board(&f, &g->board);
    return f.h;
}
