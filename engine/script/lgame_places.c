/* The position readers of the `game` library: the land, the coast, a
 * position's neighbours and distance, the cell marks; each list of places
 * with its walk (lgame_walk.c). "Board order" is ascending cell: by row r,
 * then by q. */
#include "lgame.h"

#include <stdbool.h>
#include <string.h>

#include "query.h"

/* Pushes the places of steps[0..n) as a list (walk 0) or a walk (1). */
static int push_places(lua_State *L, const LgameStep *steps, int n, int walk)
{
    if (walk)
        return lgame_push_walk(L, LGAME_WALK_PLACES, steps, n);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lgame_push_place(L, steps[i].cell);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/* game.land([min_height]) -> every land stack as a place, in board order;
 * with min_height, only the stacks at least that many tiles high.
 * game.each_land: the same as a walk. */
static int land(lua_State *L, int walk)
{
    Game *g = lgame_current(L);
    lua_Integer least = luaL_optinteger(L, 1, 1);
    int cells[MAX_LAND], count = board_land_in_order(&g->board, cells);
    LgameStep steps[MAX_LAND];
    int n = 0;
    for (int i = 0; i < count; i++)
        if (g->board.cells[cells[i]].height >= least)
            steps[n++] = (LgameStep){ .cell = (uint16_t)cells[i] };
    return push_places(L, steps, n, walk);
}
static int l_land(lua_State *L) { return land(L, 0); }
static int l_each_land(lua_State *L) { return land(L, 1); }

/* Whether lava or a trait bars an ocean position (the "free" filter of
 * game.coast, with the critters set aside, which coast() marks first). */
static bool ocean_barred(const Game *g, int cell)
{
    return (g->board.cells[cell].flags & CELL_LAVA) || cell_has_trait(g, cell, LT_NO_ENTER);
}

/* Marks every position where a critter is set aside as 1 in seen[] (seen,
 * and not free), in one pass over the critters rather than one per position. */
static void mark_aside(const Game *g, uint8_t seen[BOARD_CELLS])
{
    for (int p = 0; p < g->players; p++)
        for (int i = 0; i < g->rules.critters_per_player; i++) {
            const Critter *c = &g->player[p].critters[i];
            if (c->place == AT_ASIDE && c->cell < BOARD_CELLS)
                seen[c->cell] = 1;
        }
}

/* game.coast([filter [, limit]]) -> ocean positions next to land, in board
 * order: where the sea meets the land; with "free", only those without lava,
 * a critter set aside or a trait barring entry; with limit, at most the first
 * `limit` of them (1: whether there is one, without a table per position).
 * game.each_coast: the same as a walk. */
static int coast(lua_State *L, int walk)
{
    static const char *const FILTERS[] = { "all", "free", NULL };
    Game *g = lgame_current(L);
    bool free_only = lgame_check_option(L, 1, "all", FILTERS) == 1;
    lua_Integer limit = luaL_optinteger(L, 2, BOARD_CELLS);
    luaL_argcheck(L, limit >= 0, 2, "a limit is 0 or more");
    const Board *b = &g->board;
    /* From the land outwards (a few dozen stacks, not every cell of the board
     * with its six neighbours), then read back in board order. */
    uint8_t coast[BOARD_CELLS];   /* 0 unseen, 1 seen (land's neighbour, or not free), 2 listed */
    memset(coast, 0, sizeof coast);
    if (free_only)
        mark_aside(g, coast);
    int n = 0, lo = BOARD_CELLS, hi = -1;
    for (int k = 0; k < b->land_count; k++)
        for (int d = 0; d < HEX_DIRS; d++) {
            int nb = board_neighbour(b->land[k], d);
            if (nb == NO_CELL || board_is_land(b, nb) || coast[nb])
                continue;
            coast[nb] = 1;
            if (free_only && ocean_barred(g, nb))
                continue;
            coast[nb] = 2;
            n++;
            lo = nb < lo ? nb : lo;
            hi = nb > hi ? nb : hi;
        }
    if (n > limit)
        n = (int)limit;
    LgameStep steps[HEX_DIRS * MAX_LAND];
    for (int cell = lo, i = 0; cell <= hi && i < n; cell++)
        if (coast[cell] == 2)
            steps[i++] = (LgameStep){ .cell = (uint16_t)cell };
    return push_places(L, steps, n, walk);
}
static int l_coast(lua_State *L) { return coast(L, 0); }
static int l_each_coast(lua_State *L) { return coast(L, 1); }

/* Whether land stack `cell` meets the sea: a neighbour is ocean, or past the
 * board's edge (the sea goes on there). */
static bool on_shore(const Board *b, int cell)
{
    for (int d = 0; d < HEX_DIRS; d++) {
        int nb = board_neighbour(cell, d);
        if (nb == NO_CELL || !board_is_land(b, nb))
            return true;
    }
    return false;
}

/* game.shore([filter [, limit]]) -> the land stacks next to the sea, in board
 * order: the land side of the coast (game.coast is its sea side); with
 * "free", only those without lava or a trait barring entry; with limit, at
 * most the first `limit` of them. game.each_shore: the same as a walk. */
static int shore(lua_State *L, int walk)
{
    static const char *const FILTERS[] = { "all", "free", NULL };
    Game *g = lgame_current(L);
    bool free_only = lgame_check_option(L, 1, "all", FILTERS) == 1;
    lua_Integer limit = luaL_optinteger(L, 2, MAX_LAND);
    luaL_argcheck(L, limit >= 0, 2, "a limit is 0 or more");
    const Board *b = &g->board;
    int cells[MAX_LAND], count = board_land_in_order(b, cells);
    LgameStep steps[MAX_LAND];
    int n = 0;
    for (int i = 0; i < count && n < limit; i++) {
        int c = cells[i];
        if (!on_shore(b, c) || (free_only && ((b->cells[c].flags & CELL_LAVA) || cell_has_trait(g, c, LT_NO_ENTER))))
            continue;
        steps[n++] = (LgameStep){ .cell = (uint16_t)c };
    }
    return push_places(L, steps, n, walk);
}
static int l_shore(lua_State *L) { return shore(L, 0); }
static int l_each_shore(lua_State *L) { return shore(L, 1); }

/* game.neighbours(q, r) -> the neighbouring positions on the board, clockwise
 * from east, each { q, r, dir } (dir 1..6; a position past the board's edge
 * is left out). game.each_neighbours: the same as a walk of q, r, dir. */
static int neighbours(lua_State *L, int walk)
{
    int cell = lgame_check_cell(L, 1);
    LgameStep steps[HEX_DIRS];
    int n = 0;
    for (int d = 0; d < HEX_DIRS; d++) {
        int nb = board_neighbour(cell, d);
        if (nb != NO_CELL)
            steps[n++] = (LgameStep){ .cell = (uint16_t)nb, .a = (int16_t)(d + 1) };
    }
    if (walk)
        return lgame_push_walk(L, LGAME_WALK_NUMBER, steps, n);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lgame_push_place_room(L, steps[i].cell, 1);   /* q, r and dir: sized at once, not grown */
        lgame_set_int(L, LGK_DIR, steps[i].a);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}
static int l_neighbours(lua_State *L) { return neighbours(L, 0); }
static int l_each_neighbours(lua_State *L) { return neighbours(L, 1); }

/* game.neighbour(q, r, dir) -> the position one step in direction dir (1..6,
 * clockwise from east), or nil past the board's edge. */
static int l_neighbour(lua_State *L)
{
    int cell = lgame_check_cell(L, 1);
    int nb = board_neighbour(cell, (int)lgame_check_range(L, 3, 1, HEX_DIRS) - 1);
    if (nb == NO_CELL)
        lua_pushnil(L);
    else
        lgame_push_place(L, nb);
    return 1;
}

/* The cell mark named by argument arg, or raises. */
static int cell_mark_arg(lua_State *L, const Game *g, int arg)
{
    return lgame_check_mark(L, arg, g->rules.cell_marks, g->rules.cell_mark_count, "cell");
}

/* game.marked_cells(name) -> the positions bearing that cell mark, in board
 * order. game.each_marked_cells: the same as a walk. */
static int marked_cells(lua_State *L, int walk)
{
    Game *g = lgame_current(L);
    int m = cell_mark_arg(L, g, 1);
    LgameStep steps[BOARD_CELLS];
    int n = 0;
    for (int c = 0; c < BOARD_CELLS; c++)
        if (cell_marked(g, m, c))
            steps[n++] = (LgameStep){ .cell = (uint16_t)c };
    return push_places(L, steps, n, walk);
}
static int l_marked_cells(lua_State *L) { return marked_cells(L, 0); }
static int l_each_marked_cells(lua_State *L) { return marked_cells(L, 1); }

/* game.mark_border(name) -> the positions without that cell mark next to one
 * with it, in board order: the ring a spreading mark reaches next. Found from
 * the marked cells outwards (the mark's bit set, a byte at a time), not by
 * asking every cell of the board about its six neighbours.
 * game.each_mark_border: the same as a walk. */
static int mark_border(lua_State *L, int walk)
{
    Game *g = lgame_current(L);
    int m = cell_mark_arg(L, g, 1);
    const uint8_t *marked = g->cell_marks[m];
    uint8_t border[BOARD_CELLS / 8] = { 0 };
    for (int byte = 0; byte < BOARD_CELLS / 8; byte++)
        for (unsigned bits = marked[byte]; bits; bits &= bits - 1) {
            int c = byte * 8 + __builtin_ctz(bits);
            for (int d = 0; d < HEX_DIRS && c < BOARD_CELLS; d++) {
                int nb = board_neighbour(c, d);
                if (nb == NO_CELL || cell_marked(g, m, nb) || ((border[nb >> 3] >> (nb & 7)) & 1))
                    continue;
                border[nb >> 3] |= (uint8_t)(1u << (nb & 7));
            }
        }
    LgameStep steps[BOARD_CELLS];
    int n = 0;
    for (int byte = 0; byte < BOARD_CELLS / 8; byte++)
        for (unsigned bits = border[byte]; bits; bits &= bits - 1)
            steps[n++] = (LgameStep){ .cell = (uint16_t)(byte * 8 + __builtin_ctz(bits)) };
    return push_places(L, steps, n, walk);
}
static int l_mark_border(lua_State *L) { return mark_border(L, 0); }
static int l_each_mark_border(lua_State *L) { return mark_border(L, 1); }

/* game.cell_marked(q, r, name) -> whether the position bears that cell mark:
 * one answer without building the stack's table. */
static int l_cell_marked(lua_State *L)
{
    Game *g = lgame_current(L);
    int cell = lgame_check_cell(L, 1);
    lua_pushboolean(L, cell_marked(g, cell_mark_arg(L, g, 3), cell));
    return 1;
}

static int l_distance(lua_State *L)
{
    int a = lgame_check_cell(L, 1), b = lgame_check_cell(L, 3);
    lua_pushinteger(L, hex_distance(board_hex(a), board_hex(b)));
    return 1;
}

const luaL_Reg LGAME_PLACE_FUNCS[] = {
    { "land", l_land },
    { "each_land", l_each_land },
    { "coast", l_coast },
    { "each_coast", l_each_coast },
    { "shore", l_shore },
    { "each_shore", l_each_shore },
    { "neighbours", l_neighbours },
    { "each_neighbours", l_each_neighbours },
    { "neighbour", l_neighbour },
    { "distance", l_distance },
    { "marked_cells", l_marked_cells },
    { "each_marked_cells", l_each_marked_cells },
    { "cell_marked", l_cell_marked },
    { "mark_border", l_mark_border },
    { "each_mark_border", l_each_mark_border },
    { NULL, NULL },
};
