#include "effects.h"

#include <stdio.h>

#include "core_internal.h"

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
    g->board.tiles[g->board.cells[cell].top].rotation = (uint8_t)(((rotation % 6) + 6) % 6);
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

int effect_set_ability(Game *g, int player, int ability, int value, char *err, int errlen)
{
    if (ability < 0 || ability >= ABILITY_COUNT)
        FAIL("no such ability");
    if (value < 0 || value > 255)
        FAIL("an ability's value must be 0..255");
    g->player[player].ability[ability] = (uint8_t)value;
    return 0;
}

bool player_holds_card(const Game *g, int player, int card)
{
    for (int s = 0; s < g->rules.grid_slot_count; s++)
        if (g->unlocked[player][s] && g->grid_card[s] == card)
            return true;
    return false;
}
