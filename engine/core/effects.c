#include "effects.h"

#include <stdio.h>
#include <string.h>

#include "core_internal.h"
#include "placement.h"

#define FAIL(...) do { snprintf(err, (size_t)errlen, __VA_ARGS__); return -1; } while (0)

int effect_gain(Game *g, int player, int biome, int amount)
{
    if (amount <= 0)
        return 0;
    int before = g->player[player].resources[biome];
    gain(g, player, biome, amount);
    return g->player[player].resources[biome] - before;
}

int effect_lose(Game *g, int player, int biome, int amount)
{
    Player *pl = &g->player[player];
    if (amount > pl->resources[biome])
        amount = pl->resources[biome];
    if (amount <= 0)
        return 0;
    pl->resources[biome] -= (uint8_t)amount;
    g->supply_resources[biome] += (uint8_t)amount;
    return amount;
}

int effect_pay_any(Game *g, int player, int amount, char *err, int errlen)
{
    Player *pl = &g->player[player];
    if (amount < 0 || resource_total(pl) < amount)
        FAIL("player %d cannot pay %d resources", player, amount);
    for (int k = 0; k < amount; k++) {
        int best = 0;
        for (int b = 1; b < BIOME_COUNT; b++)
            if (pl->resources[b] > pl->resources[best])
                best = b;
        pl->resources[best]--;
        g->supply_resources[best]++;
    }
    return 0;
}

int effect_move_critter(Game *g, int id, int cell, int area, char *err, int errlen)
{
    Critter *c = game_critter(g, id);
    if (c->place != AT_BOARD)
        FAIL("that critter is not on the board");
    if (cell < 0 || cell >= BOARD_CELLS || area < 0 || area >= board_areas(&g->board, &g->rules, cell))
        FAIL("no biome area there to move to");
    int other = critter_at(g, cell, area);
    if (other >= 0 && other != id)
        FAIL("that area is occupied");
    if (cell_frozen(g, c->cell) || cell_frozen(g, cell))
        FAIL("no critter moves onto or off a frozen tile");
    c->cell = (uint16_t)cell;
    c->area = (uint8_t)area;
    g->contest_dirty = 1;
    return 0;
}

int effect_to_hand(Game *g, int id, char *err, int errlen)
{
    Critter *c = game_critter(g, id);
    if (c->place != AT_BOARD && c->place != AT_SEA)
        FAIL("that critter is not on the board or in the sea");
    critter_to_hand(g, id, "script");
    return 0;
}

int effect_remove_top(Game *g, int cell, char *err, int errlen)
{
    if (cell < 0 || cell >= BOARD_CELLS || g->board.cells[cell].height < 2)
        FAIL("only a stack of two or more tiles can lose its top tile");
    int cls = board_top_class(&g->board, &g->rules, cell);
    if (cls == TILE_VOLCANO || (g->board.cells[cell].flags & CELL_LAVA))
        FAIL("a volcano or lava cannot be removed");
    int ids[16];
    int n = critters_on_cell(g, cell, ids, 16);
    for (int i = 0; i < n; i++)
        critter_to_hand(g, ids[i], "removed");
    board_pop(&g->board, cell);
    g->contest_dirty = 1;
    return 0;
}

int effect_rotate_top(Game *g, int cell, int rotation, char *err, int errlen)
{
    int cls = cell >= 0 && cell < BOARD_CELLS ? board_top_class(&g->board, &g->rules, cell) : -1;
    if (cls < 0 || cls > TILE_TRIO)
        FAIL("only a land tile with biomes can be turned");
    if (g->board.cells[cell].flags & CELL_LAVA)
        FAIL("the tile is under lava");
    int ids[16];
    int n = critters_on_cell(g, cell, ids, 16);
    for (int i = 0; i < n; i++)
        critter_to_hand(g, ids[i], "turned");
    board_turn_top(&g->board, cell, rotation);
    g->contest_dirty = 1;
    return 0;
}

int effect_divert_lava(Game *g, int flow, int cell, char *err, int errlen)
{
    if (flow < 0 || flow >= g->flow_count)
        FAIL("no such lava flow");
    if (cell < 0 || cell >= BOARD_CELLS || hex_distance(board_hex(cell), board_hex(g->flows[flow].from)) != 1)
        FAIL("lava can only be diverted to a neighbour of where it comes from");
    g->flows[flow].to = (uint16_t)cell;
    return 0;
}

int effect_damage(Game *g, int id, char *err, int errlen)
{
    Critter *c = game_critter(g, id);
    if (c->place != AT_BOARD)
        FAIL("that critter is not on the board");
    if (c->armour > 0)
        c->armour--;
    else
        critter_to_hand(g, id, "damage");
    return 0;
}

int effect_set_armour(Game *g, int id, int armour, char *err, int errlen)
{
    Critter *c = game_critter(g, id);
    if (c->place != AT_BOARD)
        FAIL("only a critter on the board can wear armour");
    if (armour < 0 || armour > 9)
        FAIL("armour must be 0..9");
    c->armour = (uint8_t)armour;
    return 0;
}

int effect_set_dormant(Game *g, int id, bool dormant, char *err, int errlen)
{
    Critter *c = game_critter(g, id);
    if (c->place != AT_BOARD)
        FAIL("only a critter on the board can lie dormant");
    if (dormant)
        c->flags |= CRITTER_DORMANT;
    else
        c->flags &= (uint8_t)~CRITTER_DORMANT;
    g->contest_dirty = 1;   /* one that wakes may find company in its biome */
    return 0;
}

int effect_erupt(Game *g, int player, int cell, char *err, int errlen)
{
    if (cell < 0 || cell >= BOARD_CELLS || !stack_takes_tile(g, cell))
        FAIL("a volcano needs a land stack without lava or a volcano on top");
    if (g->supply_volcanoes == 0)
        FAIL("the supply has no volcano tile left");
    int height = g->board.cells[cell].height;
    volcano_wipe(g, cell);
    g->supply_volcanoes--;
    board_push(&g->board, cell, tile_type_of_class(&g->rules, TILE_VOLCANO), 0);
    g->player[player].volcanoes++;
    g->contest_dirty = 1;
    lava_flow_from(g, cell, height);
    return 0;
}

int effect_slide(Game *g, int from, int to, char *err, int errlen)
{
    if (from < 0 || from >= BOARD_CELLS || to < 0 || to >= BOARD_CELLS ||
        hex_distance(board_hex(from), board_hex(to)) != 1)
        FAIL("a tile slides onto a neighbouring stack");
    if (!stack_takes_tile(g, from) || !stack_takes_tile(g, to))
        FAIL("both stacks must be land without lava or a volcano on top");
    if (g->board.cells[to].height >= g->board.cells[from].height)
        FAIL("a tile slides only onto a lower stack");
    const PlacedTile *top = board_top(&g->board, from);
    int type = top->type, rotation = top->rotation;
    queue_displaced(g, to, DK_EVACUATE);            /* crushed unless they escape */
    int riders[16];
    int n = critters_on_cell(g, from, riders, 16);
    board_pop(&g->board, from);
    if (board_push(&g->board, to, type, rotation) != 0)
        FAIL("the board is full");
    for (int i = 0; i < n; i++)
        game_critter(g, riders[i])->cell = (uint16_t)to;   /* same tile, same area */
    g->contest_dirty = 1;
    return 0;
}

int effect_set_ability(Game *g, int player, int ability, int value, char *err, int errlen)
{
    if (ability < 0 || ability >= ABILITY_COUNT)
        FAIL("no such ability");
    if (value < 0 || value > 255)
        FAIL("an ability's value must be 0..255");
    g->player[player].ability[ability] = (uint8_t)value;
    return 0;
}

int effect_place_critter(Game *g, int player, int cell, int area, char *err, int errlen)
{
    int i = first_in_hand(g, player);
    if (i < 0)
        FAIL("the player has no critter in hand");
    if (cell < 0 || cell >= BOARD_CELLS || area < 0 || area >= board_areas(&g->board, &g->rules, cell))
        FAIL("no biome area there to place a critter on");
    if (critter_at(g, cell, area) >= 0)
        FAIL("that area is occupied");
    if (cell_frozen(g, cell) || (g->board.cells[cell].flags & CELL_LAVA))
        FAIL("no critter is placed on a frozen tile or under lava");
    Critter *c = &g->player[player].critters[i];
    c->place = AT_BOARD;
    c->cell = (uint16_t)cell;
    c->area = (uint8_t)area;
    g->contest_dirty = 1;
    return 0;
}

int effect_freeze(Game *g, int cell, char *err, int errlen)
{
    if (cell < 0 || cell >= BOARD_CELLS)
        FAIL("no such board cell");
    g->frozen[cell >> 3] |= (uint8_t)(1 << (cell & 7));
    return 0;
}

int effect_spread_frozen(Game *g)
{
    uint8_t before[sizeof g->frozen];
    memcpy(before, g->frozen, sizeof before);
    int added = 0;
    for (int cell = 0; cell < BOARD_CELLS; cell++) {
        if (!((before[cell >> 3] >> (cell & 7)) & 1))
            continue;
        for (int d = 0; d < HEX_DIRS; d++) {
            int n = board_neighbour(cell, d);
            if (n == NO_CELL || cell_frozen(g, n))
                continue;
            g->frozen[n >> 3] |= (uint8_t)(1 << (n & 7));
            added++;
        }
    }
    return added;
}

int effect_stack_volcano(Game *g, int cell, char *err, int errlen)
{
    if (cell < 0 || cell >= BOARD_CELLS || !board_is_land(&g->board, cell))
        FAIL("a volcano is stacked only on land");
    if (g->supply_volcanoes == 0)
        FAIL("the supply has no volcano tile left");
    int ids[16];
    int n = critters_on_cell(g, cell, ids, 16);
    for (int i = 0; i < n; i++)
        critter_to_hand(g, ids[i], "volcano");
    if (board_push(&g->board, cell, tile_type_of_class(&g->rules, TILE_VOLCANO), 0) != 0)
        FAIL("the board has no room for another tile");
    g->supply_volcanoes--;
    g->contest_dirty = 1;
    return 0;
}

int effect_add_lava(Game *g, int cell, char *err, int errlen)
{
    if (cell < 0 || cell >= BOARD_CELLS || !board_is_land(&g->board, cell))
        FAIL("lava is added only on land");
    if (g->board.cells[cell].flags & CELL_LAVA)
        FAIL("there is lava there already");
    if (g->lava_count >= MAX_LAVA)
        FAIL("the board holds the most lava it can");
    queue_displaced(g, cell, DK_EVACUATE);
    g->lava[g->lava_count++] = (Lava){ (uint16_t)cell, 0, 0 };
    g->board.cells[cell].flags |= CELL_LAVA;
    g->contest_dirty = 1;
    if (listens(g, EV_LAVA_MOVED)) {
        Hex h = board_hex(cell);
        GameEvent ev;
        event_begin(&ev, EV_LAVA_MOVED);
        event_field(&ev, "q", h.q, 0);
        event_field(&ev, "r", h.r, 0);
        event_field(&ev, "ocean", 0, 0);
        emit(g, &ev);
    }
    return 0;
}

void effect_quiet_volcano(Game *g) { g->quiet_volcano = 1; }

int effect_trigger_end(Game *g, int reason, char *err, int errlen)
{
    if (reason <= END_NONE || reason >= END_STALLED)
        FAIL("no such end trigger");
    if (g->end_triggered)
        return 0;
    g->end_triggered = (uint8_t)reason;
    g->trigger_player = g->active;
    GameEvent ev;
    event_begin(&ev, EV_END_TRIGGERED);
    event_field(&ev, "player", g->active, 0);
    event_field(&ev, "reason", reason, 0);
    emit(g, &ev);
    return 0;
}

bool player_holds_card(const Game *g, int player, int card)
{
    for (int s = 0; s < g->rules.grid_slot_count; s++)
        if (g->unlocked[player][s] && g->grid_card[s] == card)
            return true;
    return false;
}
