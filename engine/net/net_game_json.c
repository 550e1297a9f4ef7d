/* The game object of the protocol's state message: a (redacted) Game as JSON
 * (net_view.h; docs/protocol.md, "The game object"). */
#include "net_view.h"

#include "net.h"
#include "net_json.h"
#include "snapshot.h"

static const char *const MODE_NAMES[MODE_COUNT] = { "normal", "final", "finale" };

static json_t *card_or_null(int card)
{
    return card == NET_HIDDEN_CARD ? json_null() : json_integer(card);
}

static json_t *options_json(NetWr *w, const GameOptions *o)
{
    json_t *j = json_object();
    net_wr_set(w, j, "players", json_integer(o->players));
    net_wr_set(w, j, "setup_variation", json_integer(o->setup_variation));
    net_wr_set(w, j, "variant", snapshot_string(o->variant, VARIANT_LEN));
    net_wr_set(w, j, "deal", net_wr_bits(o->deal));
    json_t *hold = json_array();
    for (int p = 0; p < MAX_PLAYERS; p++)
        net_wr_add(w, hold, net_wr_bits(o->hold[p]));
    net_wr_set(w, j, "hold", hold);
    json_t *params = json_array();
    for (int i = 0; i < o->param_count && i < MAX_PARAMS; i++)
        net_wr_add(w, params, json_pack("{s:o,s:f}", "name", snapshot_string(o->params[i].name, PARAM_NAME_LEN),
                                        "value", o->params[i].value));
    net_wr_set(w, j, "params", params);
    return j;
}

json_t *net_options_to_json(const GameOptions *o)
{
    NetWr w = { 1 };
    json_t *j = options_json(&w, o);
    if (!w.ok) {
        json_decref(j);
        return NULL;
    }
    return j;
}

/* A decision kind by name; a value past the kinds (a field not in use) as its number. */
static json_t *kind_json(int kind)
{
    return kind < DK_COUNT ? json_string(decision_kind_name(kind)) : json_integer(kind);
}

static json_t *pending_json(const Pending *p)
{
    return json_pack("{s:o,s:i,s:i,s:i,s:i,s:o}", "kind", kind_json(p->kind), "player", p->player,
                     "subject", p->subject, "cell", p->cell, "aux", p->aux, "at", net_wr_place(p->cell));
}

/* [place, area, cell, marks]: the commonest thing in a state, kept short. */
static json_t *critter_json(const Critter *c)
{
    return json_pack("[iiii]", c->place, c->area, c->cell, c->marks);
}

static json_t *player_json(NetWr *w, const Game *g, int p)
{
    const Player *pl = &g->player[p];
    json_t *j = json_object();
    net_wr_set(w, j, "resources", json_pack("[iii]", pl->resources[0], pl->resources[1], pl->resources[2]));
    net_wr_set(w, j, "reach", json_integer(pl->reach));
    net_wr_set(w, j, "join", json_integer(pl->join));
    net_wr_set(w, j, "volcanoes", json_integer(pl->volcanoes));
    net_wr_set(w, j, "points_bought", json_integer(pl->points_bought));
    net_wr_set(w, j, "sacrificed_board", json_integer(pl->sacrificed_board));
    net_wr_set(w, j, "sacrificed_hand", json_integer(pl->sacrificed_hand));
    net_wr_set(w, j, "caldera_bought", json_integer(pl->caldera_bought));
    json_t *hand = json_array();
    for (int i = 0; i < pl->caldera_count && i < MAX_CALDERA; i++)
        net_wr_add(w, hand, card_or_null(pl->caldera[i]));
    net_wr_set(w, j, "caldera", hand);
    json_t *critters = json_array();
    for (int i = 0; i < g->rules.critters_per_player && i < MAX_CRITTERS; i++)
        net_wr_add(w, critters, critter_json(&pl->critters[i]));
    net_wr_set(w, j, "critters", critters);
    json_t *setup = json_array();
    for (int i = 0; i < 3; i++)
        net_wr_add(w, setup, net_wr_place(g->setup_cells[p][i]));
    net_wr_set(w, j, "setup_cells", setup);
    json_t *unlocked = json_array();
    for (int s = 0; s < g->rules.grid_slot_count && s < MAX_GRID_SLOTS; s++)
        if (g->unlocked[p][s])
            net_wr_add(w, unlocked, json_integer(s));
    net_wr_set(w, j, "unlocked", unlocked);
    return j;
}

/* Land cells in the board's own order, each [q, r, flags, type, rotation, ...]
 * (the stack bottom first); ocean cells that carry flags, [q, r, flags]. */
static json_t *board_json(NetWr *w, const Board *b)
{
    json_t *j = json_object(), *land = json_array(), *cells = json_array();
    for (int k = 0; k < b->land_count && k < MAX_LAND; k++) {
        int c = b->land[k];
        if (c < 0 || c >= BOARD_CELLS)
            continue;
        const PlacedTile *stack[MAX_BOARD_TILES];
        int n = 0;
        for (unsigned t = b->cells[c].top; t != NO_TILE && t < MAX_BOARD_TILES && n < MAX_BOARD_TILES;
             t = b->tiles[t].below)
            stack[n++] = &b->tiles[t];
        Hex h = board_hex(c);
        json_t *cell = json_pack("[iii]", h.q, h.r, b->cells[c].flags);
        for (int i = n - 1; i >= 0; i--) {
            net_wr_add(w, cell, json_integer(stack[i]->type));
            net_wr_add(w, cell, json_integer(stack[i]->rotation));
        }
        net_wr_add(w, land, cell);
    }
    for (int c = 0; c < BOARD_CELLS; c++)
        if (b->cells[c].top == NO_TILE && (b->cells[c].flags || b->cells[c].height)) {
            Hex h = board_hex(c);
            net_wr_add(w, cells, json_pack("[iii]", h.q, h.r, b->cells[c].flags));
        }
    net_wr_set(w, j, "land", land);
    net_wr_set(w, j, "ocean", cells);
    return j;
}

static json_t *queue_json(NetWr *w, const Game *g)
{
    json_t *a = json_array();
    for (int i = 0; i < g->queue_len && i < MAX_QUEUE; i++) {
        const QueueItem *q = &g->queue[i];
        json_t *reach = json_array();
        for (int k = 0; k < MAX_LAND; k++)
            if (q->reach[k >> 3] & (1 << (k & 7)))
                net_wr_add(w, reach, json_integer(k));
        net_wr_add(w, a, json_pack("{s:o,s:i,s:i,s:o,s:i,s:i,s:i,s:i,s:o}", "kind", kind_json(q->kind),
                                   "player", q->player, "subject", q->subject, "cell", net_wr_place(q->cell),
                                   "biome", q->biome, "count", q->count, "must_flee", q->must_flee, "cause",
                                   q->cause, "reach", reach));
    }
    return a;
}

static json_t *asks_json(NetWr *w, const Game *g)
{
    json_t *a = json_array();
    for (int i = 0; i < g->ask_len && i < MAX_ASKS; i++) {
        const ScriptAsk *k = &g->ask[i];
        json_t *choices = json_array();
        for (int c = k->first; c < k->first + k->count && c < MAX_CHOICES; c++)
            net_wr_add(w, choices, json_pack("{s:i,s:o,s:i,s:i}", "value", g->choice[c].value, "cell",
                                             net_wr_place(g->choice[c].cell), "critter", g->choice[c].critter,
                                             "card", g->choice[c].card));
        net_wr_add(w, a, json_pack("{s:i,s:b,s:i,s:i,s:i,s:[iiii],s:o}", "player", k->player, "can_pass",
                                   k->can_pass, "question", k->question, "first", k->first, "ctx_places",
                                   k->ctx_places, "ctx", k->ctx[0], k->ctx[1], k->ctx[2], k->ctx[3], "choices",
                                   choices));
    }
    return a;
}

static json_t *places_json(NetWr *w, const uint16_t *cells, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        net_wr_add(w, a, net_wr_place(cells[i]));
    return a;
}

static json_t *lava_json(NetWr *w, const Game *g)
{
    json_t *j = json_object(), *lava = json_array(), *flows = json_array();
    for (int i = 0; i < g->lava_count && i < MAX_LAVA; i++)
        net_wr_add(w, lava, json_pack("{s:o,s:b}", "at", net_wr_place(g->lava[i].cell), "ocean",
                                      g->lava[i].in_ocean));
    for (int i = 0; i < g->flow_count && i < MAX_LAVA; i++)
        net_wr_add(w, flows, json_pack("{s:o,s:o}", "from", net_wr_place(g->flows[i].from), "to",
                                       net_wr_place(g->flows[i].to)));
    net_wr_set(w, j, "tokens", lava);
    net_wr_set(w, j, "flows", flows);
    return j;
}

static json_t *supply_json(NetWr *w, const Game *g)
{
    json_t *j = json_object(), *tiles = json_array(), *grid = json_array();
    for (int t = 0; t < g->rules.tile_type_count && t < MAX_TILE_TYPES; t++)
        net_wr_add(w, tiles, json_integer(g->supply_tiles[t]));
    for (int s = 0; s < g->rules.grid_slot_count && s < MAX_GRID_SLOTS; s++)
        net_wr_add(w, grid, g->grid_card[s] == 255 ? json_null() : json_integer(g->grid_card[s]));
    net_wr_set(w, j, "tiles", tiles);
    net_wr_set(w, j, "volcanoes", json_integer(g->supply_volcanoes));
    net_wr_set(w, j, "resources", json_pack("[iii]", g->supply_resources[0], g->supply_resources[1],
                                            g->supply_resources[2]));
    net_wr_set(w, j, "grid", grid);
    net_wr_set(w, j, "caldera_deck", json_integer(g->caldera_size));
    net_wr_set(w, j, "caldera_discard", json_integer(g->caldera_discard));
    net_wr_set(w, j, "cards_played", net_wr_bits(g->cards_played));
    net_wr_set(w, j, "cards_in_play", net_wr_bits(g->cards_in_play));
    return j;
}

static json_t *marks_json(NetWr *w, const Game *g)
{
    json_t *a = json_array();
    for (int m = 0; m < g->rules.cell_mark_count && m < MAX_CELL_MARKS; m++) {
        json_t *cells = json_array();
        for (int c = 0; c < BOARD_CELLS; c++)
            if (cell_marked(g, m, c))
                net_wr_add(w, cells, net_wr_place(c));
        net_wr_add(w, a, cells);
    }
    return a;
}

static void turn_fields(NetWr *w, json_t *j, const Game *g)
{
    net_wr_set(w, j, "players", json_integer(g->players));
    net_wr_set(w, j, "first_player", json_integer(g->first_player));
    net_wr_set(w, j, "active", json_integer(g->active));
    net_wr_set(w, j, "phase", json_string(phase_name(g->phase)));
    net_wr_set(w, j, "mode", json_string(g->mode < MODE_COUNT ? MODE_NAMES[g->mode] : "?"));
    net_wr_set(w, j, "end_reason", json_integer(g->end_reason));
    net_wr_set(w, j, "turn", json_integer(g->turn));
    net_wr_set(w, j, "moves_left", json_integer(g->moves_left));
    net_wr_set(w, j, "buys_made", json_integer(g->buys_made));
    net_wr_set(w, j, "soil_placements", json_integer(g->soil_placements));
    net_wr_set(w, j, "extra_buys", json_integer(g->extra_buys));
    net_wr_set(w, j, "bought_type", json_integer(g->bought_type));
    net_wr_set(w, j, "volcano_held", json_integer(g->volcano_held));
    net_wr_set(w, j, "setup_step", json_integer(g->setup_step));
    net_wr_set(w, j, "sacrifices", json_integer(g->sacrifices));
    net_wr_set(w, j, "contest_dirty", json_integer(g->contest_dirty));
    net_wr_set(w, j, "end_triggered", json_integer(g->end_triggered));
    net_wr_set(w, j, "trigger_player", json_integer(g->trigger_player));
    net_wr_set(w, j, "turn_skip", json_integer(g->turn_skip));
    net_wr_set(w, j, "land_change", json_integer(g->land_change));
    net_wr_set(w, j, "critter_marks_seen", json_integer(g->critter_marks_seen));
    net_wr_set(w, j, "mods_disabled", json_integer(g->mods_disabled));
    net_wr_set(w, j, "progress", json_integer(g->progress));   /* a hash of public counts (turn.c) */
    net_wr_set(w, j, "progress_turn", json_integer(g->progress_turn));
    net_wr_set(w, j, "choice_len", json_integer(g->choice_len));
}

json_t *net_game_to_json(const Game *g)
{
    NetWr w = { 1 };
    json_t *j = json_object();
    turn_fields(&w, j, g);
    net_wr_set(&w, j, "options", options_json(&w, &g->options));
    net_wr_set(&w, j, "supply", supply_json(&w, g));
    net_wr_set(&w, j, "lava", lava_json(&w, g));
    json_t *players = json_array();
    for (int p = 0; p < g->players && p < MAX_PLAYERS; p++)
        net_wr_add(&w, players, player_json(&w, g, p));
    net_wr_set(&w, j, "player", players);
    net_wr_set(&w, j, "pending", pending_json(&g->pending));
    net_wr_set(&w, j, "resume", pending_json(&g->resume));
    net_wr_set(&w, j, "queue", queue_json(&w, g));
    net_wr_set(&w, j, "asks", asks_json(&w, g));
    int island = g->island_count < 8 ? g->island_count : 8;
    net_wr_set(&w, j, "island_cells", places_json(&w, g->island_cells, island));
    json_t *state = json_array();   /* [slot, value] of the slots that are not 0 */
    for (int i = 0; i < g->rules.state_used && i < STATE_SLOTS; i++)
        if (g->state[i])
            net_wr_add(&w, state, json_pack("[ii]", i, g->state[i]));
    net_wr_set(&w, j, "state", state);
    net_wr_set(&w, j, "cell_marks", marks_json(&w, g));
    net_wr_set(&w, j, "board", board_json(&w, &g->board));
    if (!w.ok) {
        json_decref(j);
        return NULL;
    }
    return j;
}
