/* The critter readers of the `game` library (game.critters, game.critter,
 * game.critters_at, game.critter_places and its walk, game.critter_marked) and the critter
 * table every part of the library pushes (lgame.h). */
#include "lgame.h"

#include "query.h"

static const char *const PLACE_NAMES[] = { "hand", "board", "crater", "grid", "aside", "unused", NULL };

/* The cell a critter stands on, on the board or set aside at a position;
 * NO_CELL when it has no position. */
static int critter_position(const Critter *c)
{
    return (c->place == AT_BOARD || c->place == AT_ASIDE) && c->cell < BOARD_CELLS ? c->cell : NO_CELL;
}

void lgame_push_critter(lua_State *L, const Game *g, int id)
{
    const Critter *c = &g->player[id / MAX_CRITTERS].critters[id % MAX_CRITTERS];
    lua_createtable(L, 0, c->place == AT_BOARD ? 10 : 6);   /* every field below: no rehash as they go in */
    lgame_set_int(L, LGK_PLAYER, id / MAX_CRITTERS);
    lgame_set_int(L, LGK_INDEX, id % MAX_CRITTERS + 1);
    lua_pushstring(L, PLACE_NAMES[c->place < AT_UNUSED ? c->place : AT_UNUSED]); lua_setfield(L, -2, "place");
    if (critter_position(c) != NO_CELL) {
        lgame_set_place(L, c->cell);
    }
    if (c->place == AT_BOARD) {
        lua_pushboolean(L, critter_has_trait(g, c, CT_STAYS) || cell_has_trait(g, c->cell, LT_NO_LEAVE));
        lua_setfield(L, -2, "fixed");
        lua_pushboolean(L, critter_has_trait(g, c, CT_PEACEFUL));
        lua_setfield(L, -2, "peaceful");
        lgame_set_int(L, LGK_AREA, c->area + 1);
        lua_pushstring(L, biome_name(board_area_biome(&g->board, &g->rules, c->cell, c->area)));
        lua_setfield(L, -2, "biome");
    }
    lgame_push_marks(L, c->marks, g->rules.critter_marks, g->rules.critter_mark_count);
    lua_setfield(L, -2, "marks");
}

/* { player, index, q, r, area } of critter `id`: q and r where it has a
 * position, area on the board (game.critter_places). */
static void push_critter_place(lua_State *L, const Game *g, int id)
{
    const Critter *c = &g->player[id / MAX_CRITTERS].critters[id % MAX_CRITTERS];
    int placed = critter_position(c) != NO_CELL;
    lua_createtable(L, 0, placed ? 5 : 2);
    lgame_set_int(L, LGK_PLAYER, id / MAX_CRITTERS);
    lgame_set_int(L, LGK_INDEX, id % MAX_CRITTERS + 1);
    if (placed) {
        lgame_set_place(L, c->cell);
        if (c->place == AT_BOARD)
            lgame_set_int(L, LGK_AREA, c->area + 1);
    }
}

/* The critters of player (argument 1) at place (argument 2, optional), in
 * index order: their ids into ids[], their count returned. */
static int critters_of(lua_State *L, const Game *g, int ids[MAX_CRITTERS])
{
    int p = lgame_check_player(L, g, 1);
    int place = lua_isnoneornil(L, 2) ? -1 : lgame_check_option(L, 2, NULL, PLACE_NAMES);
    int n = 0;
    for (int i = 0; i < g->rules.critters_per_player; i++)
        if (place < 0 || g->player[p].critters[i].place == place)
            ids[n++] = critter_id(p, i);
    return n;
}

/* The list of those critters, each pushed by `push`. */
static int critter_list(lua_State *L, void (*push)(lua_State *L, const Game *g, int id))
{
    Game *g = lgame_current(L);
    int ids[MAX_CRITTERS];
    int n = critters_of(L, g, ids);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        push(L, g, ids[i]);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/* game.critters(player [, place]) -> the player's critters by index, or
 * only those at `place` ("hand", "board", ...): building a table per critter
 * is what costs, so a script that wants some asks for those alone. */
static int l_critters(lua_State *L)
{
    return critter_list(L, lgame_push_critter);
}

/* game.critter_places(player [, place]) -> the same critters as references
 * for offers and effects, without the critter table's names, traits and marks. */
static int l_critter_places(lua_State *L)
{
    return critter_list(L, push_critter_place);
}

/* game.each_critter_places(player [, place]) -> game.critter_places as a walk
 * of index, q, r, area (q and r nil without a position, area off the board). */
static int l_each_critter_places(lua_State *L)
{
    Game *g = lgame_current(L);
    int ids[MAX_CRITTERS];
    int n = critters_of(L, g, ids);
    LgameStep steps[MAX_CRITTERS];
    for (int i = 0; i < n; i++) {
        const Critter *c = &g->player[ids[i] / MAX_CRITTERS].critters[ids[i] % MAX_CRITTERS];
        int cell = critter_position(c);
        steps[i] = (LgameStep){ .cell = (uint16_t)cell,
                                .a = (int16_t)(ids[i] % MAX_CRITTERS + 1),
                                .b = (int16_t)(cell != NO_CELL && c->place == AT_BOARD ? c->area + 1 : 0) };
    }
    return lgame_push_walk(L, LGAME_WALK_CRITTERS, steps, n);
}

/* game.critter_marked(player, index, name) -> whether the critter bears that mark. */
static int l_critter_marked(lua_State *L)
{
    Game *g = lgame_current(L);
    int id = lgame_check_critter(L, g, 1);
    int m = lgame_check_mark(L, 3, g->rules.critter_marks, g->rules.critter_mark_count, "critter");
    lua_pushboolean(L, (g->player[id / MAX_CRITTERS].critters[id % MAX_CRITTERS].marks >> m) & 1);
    return 1;
}

static int l_critter(lua_State *L)
{
    Game *g = lgame_current(L);
    lgame_push_critter(L, g, lgame_check_critter(L, g, 1));
    return 1;
}

static int l_critters_at(lua_State *L)
{
    Game *g = lgame_current(L);
    int cell = lgame_check_cell(L, 1);
    int ids[16];
    int n = game_critters_on_cell(g, cell, ids, 16);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lgame_push_critter(L, g, ids[i]);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

const luaL_Reg LGAME_CRITTER_FUNCS[] = {
    { "critters", l_critters },
    { "critter", l_critter },
    { "critters_at", l_critters_at },
    { "critter_places", l_critter_places },
    { "each_critter_places", l_each_critter_places },
    { "critter_marked", l_critter_marked },
    { NULL, NULL },
};
