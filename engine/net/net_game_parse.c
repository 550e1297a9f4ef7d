/* Reading the game object back into a Game (net_view.h): every field checked
 * against its range before it is stored, the board rebuilt tile by tile so
 * its derived data is the core's own. */
#include "net_view.h"

#include <stdio.h>
#include <string.h>

#include "invariants.h"
#include "net.h"
#include "net_json.h"

static const char *const MODE_NAMES[MODE_COUNT] = { "normal", "final", "finale" };

/* The index of obj[key] among names[0..n), recorded as an error when absent. */
static int name_index(NetRd *r, const json_t *obj, const char *key, const char *(*name_of)(int), int n)
{
    const char *s = json_string_value(json_object_get(obj, key));
    for (int i = 0; s && i < n; i++)
        if (strcmp(name_of(i), s) == 0)
            return i;
    net_rd_fail(r, key, s ? "unknown name '%.40s'" : "expected a name", s ? s : "");
    return 0;
}

static const char *mode_name(int i) { return MODE_NAMES[i]; }

static void read_options(NetRd *r, const json_t *j, GameOptions *o)
{
    size_t mark = net_rd_enter(r, "options", 0);
    o->players = (uint8_t)net_rd_int(r, j, "players", MIN_PLAYERS, MAX_PLAYERS);
    o->setup_variation = (uint8_t)net_rd_int(r, j, "setup_variation", 1, 2);
    net_rd_string(r, j, "variant", o->variant, VARIANT_LEN);
    o->deal = net_rd_bits(r, j, "deal", MAX_POWER_CARDS);
    const json_t *hold = net_rd_array(r, j, "hold", MAX_PLAYERS);
    for (size_t p = 0; hold && p < json_array_size(hold); p++) {
        json_t *wrap = json_pack("{s:O}", "hold", json_array_get(hold, p));
        o->hold[p] = net_rd_bits(r, wrap, "hold", MAX_POWER_CARDS);
        json_decref(wrap);
    }
    const json_t *params = net_rd_array(r, j, "params", MAX_PARAMS);
    for (size_t i = 0; params && i < json_array_size(params); i++) {
        const json_t *p = json_array_get(params, i);
        size_t m = net_rd_enter(r, "params", 0);
        net_rd_string(r, p, "name", o->params[i].name, PARAM_NAME_LEN);
        const json_t *v = json_object_get(p, "value");
        if (!json_is_number(v))
            net_rd_fail(r, "value", "expected a number");
        o->params[i].value = json_number_value(v);
        net_rd_leave(r, m);
        o->param_count = (uint8_t)(i + 1);
    }
    net_rd_leave(r, mark);
}

int net_options_from_json(const json_t *j, GameOptions *o, char *err, int errlen)
{
    NetRd r = { .err = err, .errlen = errlen };
    memset(o, 0, sizeof *o);
    if (!json_is_object(j))
        return net_rd_fail(&r, "options", "expected an object");
    read_options(&r, j, o);
    return r.failed ? -1 : 0;
}

static void read_pending(NetRd *r, const json_t *j, const char *key, Pending *p)
{
    const json_t *o = net_rd_object(r, j, key);
    size_t mark = net_rd_enter(r, key, 0);
    p->kind = (uint8_t)name_index(r, o, "kind", decision_kind_name, DK_COUNT);
    p->player = (uint8_t)net_rd_int(r, o, "player", 0, MAX_PLAYERS - 1);
    p->subject = (uint16_t)net_rd_int(r, o, "subject", 0, 65535);
    p->cell = (uint16_t)net_rd_int(r, o, "cell", 0, 65535);
    p->aux = (uint16_t)net_rd_int(r, o, "aux", 0, 65535);
    net_rd_leave(r, mark);
}

static void read_critter(NetRd *r, const json_t *c, const Rules *rules, Critter *out)
{
    if (!json_is_array(c) || json_array_size(c) != 4) {
        net_rd_fail(r, NULL, "expected [place, area, cell, marks]");
        return;
    }
    out->place = (uint8_t)net_rd_item(r, c, 0, "place", 0, AT_UNUSED);
    out->area = (uint8_t)net_rd_item(r, c, 1, "area", 0, 255);
    out->cell = (uint16_t)net_rd_item(r, c, 2, "cell", 0, 65535);
    out->marks = (uint8_t)net_rd_item(r, c, 3, "marks", 0, 255);
    if (out->place == AT_BOARD && (out->cell >= BOARD_CELLS || out->area >= MAX_AREAS))
        net_rd_fail(r, "cell", "a critter on the board needs a board cell and an area below %d", MAX_AREAS);
    if (out->place == AT_GRID && out->cell >= rules->grid_slot_count)
        net_rd_fail(r, "cell", "grid slot %d is not one of the %d", out->cell, rules->grid_slot_count);
}

/* A Caldera hand: card indices, or null for another seat's hidden card. */
static void read_hand(NetRd *r, const json_t *j, const Rules *rules, Player *pl)
{
    const json_t *hand = net_rd_array(r, j, "caldera", MAX_CALDERA);
    for (size_t i = 0; hand && i < json_array_size(hand); i++) {
        const json_t *v = json_array_get(hand, i);
        pl->caldera[i] = json_is_null(v) ? NET_HIDDEN_CARD
                                         : (uint8_t)net_rd_item(r, hand, i, "caldera", 0, rules->power_card_count - 1);
        pl->caldera_count = (uint8_t)(i + 1);
    }
}

static void read_player(NetRd *r, const json_t *j, Game *g, int p)
{
    Player *pl = &g->player[p];
    const json_t *res = net_rd_array(r, j, "resources", BIOME_COUNT);
    for (int b = 0; res && b < BIOME_COUNT; b++)
        pl->resources[b] = (uint8_t)net_rd_item(r, res, (size_t)b, "resources", 0, 255);
    pl->reach = (uint8_t)net_rd_int(r, j, "reach", 0, REACH_COUNT - 1);
    pl->join = (uint8_t)net_rd_int(r, j, "join", 0, 1);
    pl->volcanoes = (uint8_t)net_rd_int(r, j, "volcanoes", 0, 255);
    pl->points_bought = (uint8_t)net_rd_int(r, j, "points_bought", 0, 255);
    pl->sacrificed_board = (uint8_t)net_rd_int(r, j, "sacrificed_board", 0, 255);
    pl->sacrificed_hand = (uint8_t)net_rd_int(r, j, "sacrificed_hand", 0, 255);
    pl->caldera_bought = (uint8_t)net_rd_int(r, j, "caldera_bought", 0, 255);
    read_hand(r, j, &g->rules, pl);
    int count = g->rules.critters_per_player < MAX_CRITTERS ? g->rules.critters_per_player : MAX_CRITTERS;
    const json_t *critters = net_rd_array(r, j, "critters", (size_t)count);
    for (int i = 0; i < count; i++)
        pl->critters[i].place = AT_HAND;
    if (critters && json_array_size(critters) != (size_t)count)
        net_rd_fail(r, "critters", "expected %d critters", count);
    for (size_t i = 0; critters && i < json_array_size(critters); i++) {
        size_t mark = net_rd_enter(r, "critters", 0);
        net_rd_enter(r, NULL, (int)i);
        read_critter(r, json_array_get(critters, i), &g->rules, &pl->critters[i]);
        net_rd_leave(r, mark);
    }
    const json_t *setup = net_rd_array(r, j, "setup_cells", 3);
    for (size_t i = 0; setup && i < json_array_size(setup); i++)
        g->setup_cells[p][i] = (uint16_t)net_rd_place_value(r, json_array_get(setup, i), "setup_cells");
    const json_t *unlocked = net_rd_array(r, j, "unlocked", MAX_GRID_SLOTS);
    for (size_t i = 0; unlocked && i < json_array_size(unlocked); i++)
        g->unlocked[p][net_rd_item(r, unlocked, i, "unlocked", 0, g->rules.grid_slot_count - 1)] = 1;
}

static void read_players(NetRd *r, const json_t *j, Game *g)
{
    const json_t *players = net_rd_array(r, j, "player", MAX_PLAYERS);
    if (players && json_array_size(players) != g->players)
        net_rd_fail(r, "player", "expected %d players", g->players);
    for (size_t p = 0; players && p < json_array_size(players) && !r->failed; p++) {
        size_t mark = net_rd_enter(r, "player", 0);
        net_rd_enter(r, NULL, (int)p);
        read_player(r, json_array_get(players, p), g, (int)p);
        net_rd_leave(r, mark);
    }
}

/* A board cell written [q, r, flags, ...]: its cell index, its flags. */
static int cell_head(NetRd *r, const json_t *a, const char *key, int *flags)
{
    if (!json_is_array(a) || json_array_size(a) < 3) {
        net_rd_fail(r, key, "expected [q, r, flags, ...]");
        return NO_CELL;
    }
    json_t *qr = json_pack("[OO]", json_array_get(a, 0), json_array_get(a, 1));
    int c = net_rd_place_value(r, qr, key);
    json_decref(qr);
    *flags = (int)net_rd_item(r, a, 2, key, 0, 255);
    return c;
}

/* One land cell's stack, bottom first, pushed so the board derives its own data. */
static void read_stack(NetRd *r, const json_t *cell, Game *g)
{
    int flags, c = cell_head(r, cell, "land", &flags);
    size_t n = json_array_size(cell);
    if (r->failed)
        return;
    if (c >= BOARD_CELLS || g->board.cells[c].top != NO_TILE || n < 5 || n % 2 == 0) {
        net_rd_fail(r, "land", "not a new land cell with its tiles");
        return;
    }
    for (size_t i = 3; i + 1 < n && !r->failed; i += 2) {
        int type = (int)net_rd_item(r, cell, i, "land", 0, g->rules.tile_type_count - 1);
        int rot = (int)net_rd_item(r, cell, i + 1, "land", 0, 5);
        if (!r->failed && board_push(&g->board, c, type, rot))
            net_rd_fail(r, "land", "the board's tile pool is full");
    }
    g->board.cells[c].flags = (uint8_t)flags;
}

static void read_board(NetRd *r, const json_t *j, Game *g)
{
    const json_t *b = net_rd_object(r, j, "board");
    size_t mark = net_rd_enter(r, "board", 0);
    const json_t *land = net_rd_array(r, b, "land", MAX_LAND);
    for (size_t i = 0; land && i < json_array_size(land) && !r->failed; i++) {
        size_t m = net_rd_enter(r, "land", 0);
        net_rd_enter(r, NULL, (int)i);
        read_stack(r, json_array_get(land, i), g);
        net_rd_leave(r, m);
    }
    const json_t *ocean = net_rd_array(r, b, "ocean", BOARD_CELLS);
    for (size_t i = 0; ocean && i < json_array_size(ocean) && !r->failed; i++) {
        int flags, c = cell_head(r, json_array_get(ocean, i), "ocean", &flags);
        if (!r->failed && (c >= BOARD_CELLS || g->board.cells[c].top != NO_TILE))
            net_rd_fail(r, "ocean", "[%zu] is not an ocean cell", i);
        else if (!r->failed)
            g->board.cells[c].flags = (uint8_t)flags;
    }
    net_rd_leave(r, mark);
}

/* The supply, the grid and the Caldera counts. */
static void read_supply(NetRd *r, const json_t *j, Game *g)
{
    const json_t *s = net_rd_object(r, j, "supply");
    size_t mark = net_rd_enter(r, "supply", 0);
    const json_t *tiles = net_rd_array(r, s, "tiles", g->rules.tile_type_count);
    for (size_t t = 0; tiles && t < json_array_size(tiles); t++)
        g->supply_tiles[t] = (uint8_t)net_rd_item(r, tiles, t, "tiles", 0, 255);
    g->supply_volcanoes = (uint8_t)net_rd_int(r, s, "volcanoes", 0, 255);
    const json_t *res = net_rd_array(r, s, "resources", BIOME_COUNT);
    for (size_t b = 0; res && b < BIOME_COUNT; b++)
        g->supply_resources[b] = (uint8_t)net_rd_item(r, res, b, "resources", 0, 255);
    memset(g->grid_card, 255, sizeof g->grid_card);
    const json_t *grid = net_rd_array(r, s, "grid", g->rules.grid_slot_count);
    for (size_t i = 0; grid && i < json_array_size(grid); i++)
        if (!json_is_null(json_array_get(grid, i)))
            g->grid_card[i] = (uint8_t)net_rd_item(r, grid, i, "grid", 0, g->rules.power_card_count - 1);
    g->caldera_size = (uint8_t)net_rd_int(r, s, "caldera_deck", 0, g->rules.power_card_count);
    memset(g->caldera_deck, NET_HIDDEN_CARD, g->caldera_size);
    g->caldera_discard = (uint8_t)net_rd_int(r, s, "caldera_discard", 0, 255);
    g->cards_played = net_rd_bits(r, s, "cards_played", g->rules.power_card_count);
    g->cards_in_play = net_rd_bits(r, s, "cards_in_play", g->rules.power_card_count);
    net_rd_leave(r, mark);
}

static void read_lava(NetRd *r, const json_t *j, Game *g)
{
    const json_t *l = net_rd_object(r, j, "lava");
    size_t mark = net_rd_enter(r, "lava", 0);
    const json_t *tokens = net_rd_array(r, l, "tokens", MAX_LAVA);
    for (size_t i = 0; tokens && i < json_array_size(tokens); i++) {
        const json_t *t = json_array_get(tokens, i);
        g->lava[i].cell = (uint16_t)net_rd_place(r, t, "at");
        g->lava[i].in_ocean = (uint8_t)net_rd_bool(r, t, "ocean");
        g->lava_count = (uint8_t)(i + 1);
    }
    const json_t *flows = net_rd_array(r, l, "flows", MAX_LAVA);
    for (size_t i = 0; flows && i < json_array_size(flows); i++) {
        const json_t *f = json_array_get(flows, i);
        g->flows[i].from = (uint16_t)net_rd_place(r, f, "from");
        g->flows[i].to = (uint16_t)net_rd_place(r, f, "to");
        g->flow_count = (uint8_t)(i + 1);
    }
    net_rd_leave(r, mark);
}

static void read_queue(NetRd *r, const json_t *j, Game *g)
{
    const json_t *q = net_rd_array(r, j, "queue", MAX_QUEUE);
    for (size_t i = 0; q && i < json_array_size(q); i++) {
        const json_t *o = json_array_get(q, i);
        QueueItem *it = &g->queue[i];
        size_t mark = net_rd_enter(r, "queue", 0);
        net_rd_enter(r, NULL, (int)i);
        it->kind = (uint8_t)name_index(r, o, "kind", decision_kind_name, DK_COUNT);
        it->player = (uint8_t)net_rd_int(r, o, "player", 0, MAX_PLAYERS - 1);
        it->subject = (uint16_t)net_rd_int(r, o, "subject", 0, MAX_PLAYERS * MAX_CRITTERS - 1);
        it->cell = (uint16_t)net_rd_place(r, o, "cell");
        it->biome = (uint8_t)net_rd_int(r, o, "biome", 0, 255);
        it->count = (uint8_t)net_rd_int(r, o, "count", 0, 255);
        it->must_flee = (uint8_t)net_rd_int(r, o, "must_flee", 0, 255);
        it->cause = (uint8_t)net_rd_int(r, o, "cause", 0, 255);
        const json_t *reach = net_rd_array(r, o, "reach", MAX_LAND);
        for (size_t k = 0; reach && k < json_array_size(reach); k++) {
            int land = (int)net_rd_item(r, reach, k, "reach", 0, MAX_LAND - 1);
            it->reach[land >> 3] |= (uint8_t)(1 << (land & 7));
        }
        net_rd_leave(r, mark);
        g->queue_len = (uint8_t)(i + 1);
    }
}

static void read_ask(NetRd *r, const json_t *o, Game *g, ScriptAsk *a)
{
    a->player = (uint8_t)net_rd_int(r, o, "player", 0, MAX_PLAYERS - 1);
    a->can_pass = (uint8_t)net_rd_bool(r, o, "can_pass");
    a->question = (uint16_t)net_rd_int(r, o, "question", 0, 65535);
    a->first = (uint16_t)net_rd_int(r, o, "first", 0, MAX_CHOICES);
    a->ctx_places = (uint8_t)net_rd_int(r, o, "ctx_places", 0, 255);
    const json_t *ctx = net_rd_array(r, o, "ctx", ASK_CONTEXT);
    for (size_t k = 0; ctx && k < json_array_size(ctx); k++)
        a->ctx[k] = (int32_t)net_rd_item(r, ctx, k, "ctx", INT32_MIN, INT32_MAX);
    const json_t *choices = net_rd_array(r, o, "choices", (size_t)(MAX_CHOICES - a->first));
    for (size_t c = 0; choices && c < json_array_size(choices); c++) {
        const json_t *ch = json_array_get(choices, c);
        AskChoice *out = &g->choice[a->first + c];
        out->value = (int32_t)net_rd_int(r, ch, "value", INT32_MIN, INT32_MAX);
        out->cell = (uint16_t)net_rd_place(r, ch, "cell");
        out->critter = (uint16_t)net_rd_int(r, ch, "critter", 0, MAX_PLAYERS * MAX_CRITTERS);
        out->card = (uint8_t)net_rd_int(r, ch, "card", 0, MAX_POWER_CARDS);
        a->count = (uint16_t)(c + 1);
    }
}

static void read_asks(NetRd *r, const json_t *j, Game *g)
{
    const json_t *asks = net_rd_array(r, j, "asks", MAX_ASKS);
    for (size_t i = 0; asks && i < json_array_size(asks) && !r->failed; i++) {
        size_t mark = net_rd_enter(r, "asks", 0);
        net_rd_enter(r, NULL, (int)i);
        read_ask(r, json_array_get(asks, i), g, &g->ask[i]);
        net_rd_leave(r, mark);
        g->ask_len = (uint8_t)(i + 1);
    }
    g->choice_len = (uint16_t)net_rd_int(r, j, "choice_len", 0, MAX_CHOICES);
}

static void read_turn(NetRd *r, const json_t *j, Game *g)
{
    g->first_player = (uint8_t)net_rd_int(r, j, "first_player", 0, g->players - 1);
    g->active = (uint8_t)net_rd_int(r, j, "active", 0, g->players - 1);
    g->phase = (uint8_t)name_index(r, j, "phase", phase_name, PHASE_COUNT);
    g->mode = (uint8_t)name_index(r, j, "mode", mode_name, MODE_COUNT);
    g->end_reason = (uint8_t)net_rd_int(r, j, "end_reason", 0, g->rules.end_reason_count - 1);
    g->turn = (uint16_t)net_rd_int(r, j, "turn", 0, 65535);
    g->moves_left = (uint16_t)net_rd_int(r, j, "moves_left", 0, 65535);
    g->buys_made = (uint8_t)net_rd_int(r, j, "buys_made", 0, 255);
    g->soil_placements = (uint8_t)net_rd_int(r, j, "soil_placements", 0, 255);
    g->extra_buys = (uint8_t)net_rd_int(r, j, "extra_buys", 0, 255);
    g->bought_type = (uint8_t)net_rd_int(r, j, "bought_type", 0, 255);
    g->volcano_held = (uint8_t)net_rd_int(r, j, "volcano_held", 0, 255);
    g->setup_step = (uint8_t)net_rd_int(r, j, "setup_step", 0, 255);
    g->sacrifices = (uint8_t)net_rd_int(r, j, "sacrifices", 0, 255);
    g->contest_dirty = (uint8_t)net_rd_int(r, j, "contest_dirty", 0, 255);
    g->end_triggered = (uint8_t)net_rd_int(r, j, "end_triggered", 0, g->rules.end_reason_count - 1);
    g->trigger_player = (uint8_t)net_rd_int(r, j, "trigger_player", 0, 255);
    g->turn_skip = (uint8_t)net_rd_int(r, j, "turn_skip", 0, 255);
    g->land_change = (uint8_t)net_rd_int(r, j, "land_change", 0, 255);
    g->critter_marks_seen = (uint8_t)net_rd_int(r, j, "critter_marks_seen", 0, 255);
    g->mods_disabled = (uint32_t)net_rd_int(r, j, "mods_disabled", 0, UINT32_MAX);
}

static void read_rest(NetRd *r, const json_t *j, Game *g)
{
    const json_t *island = net_rd_array(r, j, "island_cells", 8);
    for (size_t i = 0; island && i < json_array_size(island); i++) {
        g->island_cells[i] = (uint16_t)net_rd_place_value(r, json_array_get(island, i), "island_cells");
        g->island_count = (uint8_t)(i + 1);
    }
    const json_t *state = net_rd_array(r, j, "state", g->rules.state_used);
    for (size_t i = 0; state && i < json_array_size(state); i++) {
        const json_t *pair = json_array_get(state, i);
        int slot = (int)net_rd_item(r, pair, 0, "state", 0, g->rules.state_used - 1);
        g->state[slot] = (int32_t)net_rd_item(r, pair, 1, "state", INT32_MIN, INT32_MAX);
    }
    const json_t *marks = net_rd_array(r, j, "cell_marks", g->rules.cell_mark_count);
    for (size_t m = 0; marks && m < json_array_size(marks); m++) {
        const json_t *cells = json_array_get(marks, m);
        for (size_t i = 0; json_is_array(cells) && i < json_array_size(cells); i++) {
            int c = net_rd_place_value(r, json_array_get(cells, i), "cell_marks");
            if (c < BOARD_CELLS)
                g->cell_marks[m][c >> 3] |= (uint8_t)(1 << (c & 7));
        }
    }
}

int net_game_from_json(const json_t *j, const Rules *rules, Game *g, char *err, int errlen)
{
    NetRd r = { .err = err, .errlen = errlen };
    snprintf(r.path, sizeof r.path, "game");
    memset(g, 0, sizeof *g);
    if (!json_is_object(j))
        return net_rd_fail(&r, NULL, "expected an object");
    g->rules = *rules;
    for (int p = 0; p < MAX_PLAYERS; p++)
        for (int i = 0; i < MAX_CRITTERS; i++)
            g->player[p].critters[i].place = AT_UNUSED;
    board_clear(&g->board);
    board_set_rules(&g->board, &g->rules);
    g->players = (uint8_t)net_rd_int(&r, j, "players", MIN_PLAYERS, MAX_PLAYERS);
    read_options(&r, net_rd_object(&r, j, "options"), &g->options);
    if (r.failed)
        return -1;
    read_turn(&r, j, g);
    read_supply(&r, j, g);
    read_lava(&r, j, g);
    read_players(&r, j, g);
    read_pending(&r, j, "pending", &g->pending);
    read_pending(&r, j, "resume", &g->resume);
    read_queue(&r, j, g);
    read_asks(&r, j, g);
    read_rest(&r, j, g);
    read_board(&r, j, g);
    if (r.failed)
        return -1;
    char why[200];
    if (invariants_check(g, why, sizeof why))
        return net_rd_fail(&r, NULL, "the game does not hold together: %s", why);
    return 0;
}
