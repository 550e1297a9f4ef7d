/* Effects scripts cause (effects.h): every check comes before any change, so
 * a failing effect leaves the game as it was, except one failing the checks
 * it makes again after its own events. The lava effects are in lava.c. */
#include "effects.h"

#include <stdio.h>
#include <string.h>

#include "core_internal.h"
#include "placement.h"

#define FAIL(...) do { snprintf(err, (size_t)errlen, __VA_ARGS__); return -1; } while (0)

static bool valid_cell(int cell) { return cell >= 0 && cell < BOARD_CELLS; }

int effect_window(const Game *g, char *err, int errlen)
{
    if (g->phase == PHASE_SETUP)
        FAIL("not while the game is being set up");
    if (g->phase == PHASE_OVER)
        FAIL("the game is over");
    return 0;
}

int effect_land_window(const Game *g, char *err, int errlen)
{
    if (effect_window(g, err, errlen))
        return -1;
    if (g->erupting)
        FAIL("not while a volcano erupts (from a handler of its blow or landing, after whose checks the land "
             "under it may only be turned)");
    return 0;
}

int effect_gain(Game *g, int player, int biome, int amount)
{
    if (amount <= 0)
        return 0;
    int before = g->player[player].resources[biome];
    game_gain(g, player, biome, amount);
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

int effect_pay(Game *g, int player, uint16_t payment, char *err, int errlen)
{
    const Player *pl = &g->player[player];
    for (int b = 0; b < BIOME_COUNT; b++)
        if (pay_of(payment, b) > pl->resources[b])
            FAIL("player %d lacks %d %s to pay", player, pay_of(payment, b), biome_name(b));
    game_pay(g, player, payment);
    return 0;
}

/* A free area (cell, area) of a land stack without lava that critters may enter. */
static int check_destination(const Game *g, int id, int cell, int area, char *err, int errlen)
{
    if (!valid_cell(cell) || area < 0 || area >= board_areas(&g->board, &g->rules, cell))
        FAIL("no biome area there");
    if (g->board.cells[cell].flags & CELL_LAVA)
        FAIL("that tile is under lava");
    int other = game_critter_at(g, cell, area);
    if (other >= 0 && other != id)
        FAIL("that area is occupied");
    if (cell_has_trait(g, cell, LT_NO_ENTER))
        FAIL("a mark on that tile keeps critters off it");
    return 0;
}

int effect_move_critter(Game *g, int id, int cell, int area, char *err, int errlen)
{
    if (effect_window(g, err, errlen))
        return -1;
    const Critter *c = game_critter(g, id);
    if (c->place != AT_BOARD && c->place != AT_ASIDE)
        FAIL("that critter is neither on the board nor aside");
    if (c->place == AT_BOARD && critter_has_trait(g, c, CT_STAYS))
        FAIL("a mark on that critter keeps it where it is");
    if (c->place == AT_BOARD && cell_has_trait(g, c->cell, LT_NO_LEAVE))
        FAIL("a mark on its tile keeps it there");
    if (check_destination(g, id, cell, area, err, errlen))
        return -1;
    game_critter_move(g, id, cell, area, CAUSE_SCRIPT);
    return 0;
}

int effect_place_critter(Game *g, int player, int cell, int area, char *err, int errlen)
{
    if (effect_window(g, err, errlen))
        return -1;
    int i = game_first_in_hand(g, player);
    if (i < 0)
        FAIL("the player has no critter in hand");
    if (check_destination(g, -1, cell, area, err, errlen))
        return -1;
    Critter *c = &g->player[player].critters[i];
    c->place = AT_BOARD;
    c->cell = (uint16_t)cell;
    c->area = (uint8_t)area;
    g->contest_dirty = 1;
    return 0;
}

int effect_to_hand(Game *g, int id, char *err, int errlen)
{
    if (effect_window(g, err, errlen))
        return -1;
    int place = game_critter(g, id)->place;
    if (place != AT_BOARD && place != AT_ASIDE && place != AT_CRATER)
        FAIL("that critter is not on the board, aside or in the crater");
    game_critter_to_hand(g, id, CAUSE_SCRIPT);
    g->contest_dirty = 1;
    return 0;
}

int effect_set_aside(Game *g, int id, int cell, char *err, int errlen)
{
    if (effect_window(g, err, errlen))
        return -1;
    Critter *c = game_critter(g, id);
    if (c->place != AT_BOARD && c->place != AT_HAND && c->place != AT_ASIDE)
        FAIL("only a critter in hand, on the board or aside can be put aside");
    if (cell != NO_CELL && !valid_cell(cell))
        FAIL("no such position");
    c->place = AT_ASIDE;
    c->cell = (uint16_t)cell;
    c->area = 0;
    c->marks = 0;
    g->contest_dirty = 1;
    return 0;
}

int effect_hit(Game *g, int id, int cause, HitOutcome *out, char *err, int errlen)
{
    if (effect_window(g, err, errlen))
        return -1;
    if (game_critter(g, id)->place != AT_BOARD)
        FAIL("that critter is not on the board");
    if (cause != CAUSE_SCRIPT && cause != CAUSE_TAKEOVER)
        FAIL("a script's blow is a plain hit or a takeover");
    HitOutcome hit = game_critter_hit(g, id, cause);
    if (out)
        *out = hit;
    if (game_critter(g, id)->place != AT_BOARD || hit.spared)
        return 0;
    if (hit.flee && !critter_has_trait(g, game_critter(g, id), CT_STAYS))
        queue_flee(g, id, cause);
    else
        game_critter_to_hand(g, id, CAUSE_SCRIPT);
    return 0;
}

int effect_mark_critter(Game *g, int id, int mark, bool on, char *err, int errlen)
{
    if (effect_window(g, err, errlen))
        return -1;
    Critter *c = game_critter(g, id);
    if (mark < 0 || mark >= g->rules.critter_mark_count)
        FAIL("no critter mark %d", mark);
    if (c->place != AT_BOARD)
        FAIL("only a critter on the board carries marks");
    if (on) {
        c->marks |= (uint8_t)(1 << mark);
        g->critter_marks_seen |= (uint8_t)(1 << mark);
    } else {
        c->marks &= (uint8_t)~(1 << mark);
    }
    g->contest_dirty = 1;   /* a critter that wakes may find company in its biome */
    return 0;
}

int effect_mark_cell(Game *g, int cell, int mark, bool on, char *err, int errlen)
{
    if (effect_window(g, err, errlen))
        return -1;
    if (mark < 0 || mark >= g->rules.cell_mark_count)
        FAIL("no cell mark %d", mark);
    if (!valid_cell(cell))
        FAIL("no such position");
    if (on)
        g->cell_marks[mark][cell >> 3] |= (uint8_t)(1 << (cell & 7));
    else
        g->cell_marks[mark][cell >> 3] &= (uint8_t)~(1 << (cell & 7));
    return 0;
}

/* What removing the top of `cell` needs, before and after its critters leave. */
static int remove_top_check(const Game *g, int cell, char *err, int errlen)
{
    if (!valid_cell(cell) || g->board.cells[cell].height < 2)
        FAIL("only a stack of two or more tiles can lose its top tile");
    int cls = board_top_class(&g->board, &g->rules, cell);
    if (cls == TILE_VOLCANO || (g->board.cells[cell].flags & CELL_LAVA))
        FAIL("a volcano or lava cannot be removed");
    return 0;
}

/* After the events of critters sent off `cell`: fails with `what`'s check,
 * said to have been undone by those events' handlers. */
static int recheck(int rc, char *err, int errlen)
{
    if (rc == 0)
        return 0;
    size_t used = strlen(err);
    snprintf(err + used, (size_t)errlen > used ? (size_t)errlen - used : 0,
             " (any more: a handler of the critters sent off the stack changed it)");
    return -1;
}

int effect_remove_top(Game *g, int cell, char *err, int errlen)
{
    if (effect_land_window(g, err, errlen) || remove_top_check(g, cell, err, errlen))
        return -1;
    int ids[16];
    int n = game_critters_on_cell(g, cell, ids, 16);
    for (int i = 0; i < n; i++)
        game_critter_to_hand(g, ids[i], CAUSE_REMOVED);
    if (recheck(remove_top_check(g, cell, err, errlen), err, errlen))
        return -1;
    board_pop(&g->board, cell);
    g->contest_dirty = 1;
    game_land_changed(g, LAND_REMOVED, cell);
    return 0;
}

/* What turning the top of `cell` needs, before and after its critters leave. */
static int rotate_top_check(const Game *g, int cell, char *err, int errlen)
{
    int cls = valid_cell(cell) ? board_top_class(&g->board, &g->rules, cell) : -1;
    if (cls < 0 || cls > TILE_TRIO)
        FAIL("only a land tile with biomes can be turned");
    if (g->board.cells[cell].flags & CELL_LAVA)
        FAIL("the tile is under lava");
    return 0;
}

/* Turning is the one change to the land a volcano's landing handlers may make
 * (the target is turned before the volcano lands): effect_window only. */
int effect_rotate_top(Game *g, int cell, int rotation, char *err, int errlen)
{
    if (effect_window(g, err, errlen) || rotate_top_check(g, cell, err, errlen))
        return -1;
    int ids[16];
    int n = game_critters_on_cell(g, cell, ids, 16);
    for (int i = 0; i < n; i++)
        if (!queue_has_critter(g, ids[i]))   /* one already told to leave goes its way */
            game_critter_to_hand(g, ids[i], CAUSE_TURNED);
    if (recheck(rotate_top_check(g, cell, err, errlen), err, errlen))
        return -1;
    board_turn_top(&g->board, cell, ((rotation % 6) + 6) % 6);   /* keeps the derived facing data true */
    g->contest_dirty = 1;
    return 0;
}

int effect_slide(Game *g, int from, int to, char *err, int errlen)
{
    if (effect_land_window(g, err, errlen))
        return -1;
    if (!valid_cell(from) || !valid_cell(to) || hex_distance(board_hex(from), board_hex(to)) != 1)
        FAIL("a tile slides onto a neighbouring stack");
    if (!stack_takes_tile(g, from) || !stack_takes_tile(g, to))
        FAIL("both stacks must be land without lava or a volcano on top");
    if (g->board.cells[from].height < 2)
        FAIL("the sliding stack must keep a tile");
    if (g->board.cells[to].height >= g->board.cells[from].height)
        FAIL("a tile slides only onto a lower stack");
    if (cell_has_trait(g, to, LT_NO_BUILD))
        FAIL("nothing may be built where it would land");
    const PlacedTile *top = board_top(&g->board, from);
    int type = top->type, rotation = top->rotation;
    queue_hit_all(g, to, CAUSE_SLIDE, false);        /* crushed unless they escape: a slide is not stopped */
    int riders[16];
    int n = game_critters_on_cell(g, from, riders, 16);
    board_pop(&g->board, from);
    board_push(&g->board, to, type, rotation);      /* the pool keeps its size: one off, one on */
    for (int i = 0; i < n; i++)
        game_critter(g, riders[i])->cell = (uint16_t)to;   /* same tile, same area */
    g->contest_dirty = 1;
    game_land_changed(g, LAND_SLIDE, to);
    return 0;
}

/* What stacking a tile of `type` on `cell` needs, before and after a
 * volcano sends the critters there off. */
static int stack_tile_check(const Game *g, int cell, int type, char *err, int errlen)
{
    if (type < 0 || type >= g->rules.tile_type_count)
        FAIL("no tile type %d", type);
    int cls = g->rules.tile_types[type].tile_class;
    if (cls == TILE_SOIL)
        FAIL("volcanic soil is not in the supply");
    if (!valid_cell(cell) || !board_is_land(&g->board, cell) || (g->board.cells[cell].flags & CELL_LAVA))
        FAIL("a tile is stacked only on land without lava");
    if (cls != TILE_VOLCANO && !stack_takes_tile(g, cell))
        FAIL("a land tile cannot go on a volcano");
    if (cls == TILE_VOLCANO ? g->supply_volcanoes == 0 : g->supply_tiles[type] == 0)
        FAIL("the supply has no %s tile left", g->rules.tile_types[type].name);
    if (g->board.tile_count >= MAX_BOARD_TILES)
        FAIL("the board has no room for another tile");
    return 0;
}

int effect_stack_tile(Game *g, int cell, int type, int rotation, char *err, int errlen)
{
    if (effect_land_window(g, err, errlen) || stack_tile_check(g, cell, type, err, errlen))
        return -1;
    int cls = g->rules.tile_types[type].tile_class;
    if (cls == TILE_VOLCANO) {
        int ids[16];
        int n = game_critters_on_cell(g, cell, ids, 16);
        for (int i = 0; i < n; i++)
            game_critter_to_hand(g, ids[i], CAUSE_ERUPTION);
        if (recheck(stack_tile_check(g, cell, type, err, errlen), err, errlen))
            return -1;
        g->supply_volcanoes--;
    } else {
        queue_displaced(g, cell, DK_MIGRATE, CAUSE_COVERED);
        g->supply_tiles[type]--;
    }
    board_push(&g->board, cell, type, ((rotation % 6) + 6) % 6);
    g->contest_dirty = 1;
    return 0;
}

int effect_add_moves(Game *g, int moves, char *err, int errlen)
{
    if (effect_window(g, err, errlen))
        return -1;
    if (moves < 0 || moves > 20)
        FAIL("0..20 moves");
    if (g->phase != PHASE_MOVE)
        FAIL("critter moves can be added only in the move step");
    g->moves_left = (uint16_t)(g->moves_left + moves);
    return 0;
}

int effect_add_buys(Game *g, int buys, char *err, int errlen)
{
    if (effect_window(g, err, errlen))
        return -1;
    if (buys < 0 || buys > 20)
        FAIL("0..20 tiles");
    if (g->phase > PHASE_BUY)
        FAIL("tiles can be added only before the buy step ends");
    g->extra_buys = (uint8_t)(g->extra_buys + buys > 200 ? 200 : g->extra_buys + buys);
    return 0;
}

int effect_trigger_end(Game *g, int reason, char *err, int errlen)
{
    if (effect_window(g, err, errlen))
        return -1;
    if (reason <= END_NONE || reason >= g->rules.end_reason_count || reason == END_STALLED ||
        reason == END_NO_PROGRESS)
        FAIL("no such end trigger");
    if (g->end_triggered)
        return 0;
    g->end_triggered = (uint8_t)reason;
    g->trigger_player = g->active;
    GameEvent ev;
    event_begin(&ev, EV_END_TRIGGERED);
    EV_SET(ev, END_TRIGGERED, player, g->active);
    EV_SET(ev, END_TRIGGERED, reason, reason);
    game_emit(g, &ev);
    return 0;
}
