/* The pointer over the board: holding and turning a tile, picking critters
 * up and dropping them, clicking lit places; and what the board shows of it. */
#include <stdio.h>
#include <string.h>

#include "app.h"
#include "query.h"

static bool moves_critter(int verb)
{
    return verb == VERB_MOVE || verb == VERB_MIGRATE || verb == VERB_EVACUATE;
}

static bool names_critter(int verb)
{
    return verb == VERB_SACRIFICE || verb == VERB_RETURN || verb == VERB_KEEP;
}

static const Game *game_of(const UiApp *app) { return app->table->game; }

/* The option placing the held tile on `cell` turned `rot`, or -1. */
static int tile_option(const UiApp *app, int cell, int rot)
{
    for (int i = 0; i < app->n; i++) {
        const Option *o = &app->opts[i];
        if (o->verb == VERB_TILE && o->subject == app->held_type && o->cell == cell && o->sub == rot)
            return i;
    }
    return -1;
}

static int hovered_cell(const UiApp *app)
{
    return app->mx < 0 ? NO_CELL : ui_cell_at(&app->scene->L, game_of(app), app->mx, app->my);
}

void ui_app_turn(UiApp *app, int dir)
{
    if (app->held_type < 0)
        return;
    int cell = hovered_cell(app);
    bool any = false;
    for (int r = 0; r < 6 && cell != NO_CELL; r++)
        any |= tile_option(app, cell, r) >= 0;
    int turns = game_of(app)->rules.tile_types[app->held_type].distinct_rotations;
    turns = turns < 1 || turns > 6 ? 6 : turns;
    for (int step = 1; step <= 6; step++) {
        int rot = ((app->held_rot + dir * step) % turns + turns) % turns;
        if (!any || tile_option(app, cell, rot) >= 0) {
            app->held_rot = rot;
            return;
        }
    }
}

void ui_app_pointer_moved(UiApp *app)
{
    int cell = app->mx >= 0 && app->mx < app->scene->L.board_w && app->my < app->scene->L.board_h
                   ? hovered_cell(app) : NO_CELL;
    if (cell == app->hover_cell)
        return;
    app->hover_cell = cell;
    if (app->held_type >= 0 && cell != NO_CELL && tile_option(app, cell, app->held_rot) < 0)
        ui_app_turn(app, 1);
}

void ui_app_next_tile(UiApp *app)
{
    if (app->held_type < 0)
        return;
    int next = -1, first = -1;
    for (int i = 0; i < app->n; i++) {
        const Option *o = &app->opts[i];
        if (o->verb != VERB_TILE)
            continue;
        if (first < 0 || o->subject < first)
            first = o->subject;
        if (o->subject > app->held_type && (next < 0 || o->subject < next))
            next = o->subject;
    }
    app->held_type = next >= 0 ? next : first;
}

/* Offers several options as buttons, or takes the only one. */
static void offer(UiApp *app, const int *idx, int k, const char *what)
{
    if (k == 1) {
        ui_app_choose(app, idx[0]);
    } else if (k > 1) {
        app->nchoice = k < UI_MAX_CHOICE ? k : UI_MAX_CHOICE;
        memcpy(app->choice, idx, sizeof *idx * (size_t)app->nchoice);
        snprintf(app->status, sizeof app->status, "%s", what);
    }
}

static void place_tile(UiApp *app, int cell)
{
    int i = tile_option(app, cell, app->held_rot);
    if (i >= 0) {
        ui_app_choose(app, i);
        return;
    }
    bool there = false;
    for (int r = 0; r < 6; r++)
        there |= tile_option(app, cell, r) >= 0;
    snprintf(app->status, sizeof app->status, "%s", there ? "Not that way round: turn the tile (wheel or R)."
                                                         : "The tile cannot go there: put it on a lit hex.");
}

/* Drops the picked critter on (cell, area) if that is one of its moves. */
static bool drop(UiApp *app, int cell, int area)
{
    int found[UI_MAX_CHOICE], k = 0, on_cell = -1, areas_on_cell = 0;
    for (int i = 0; i < app->n; i++) {
        const Option *o = &app->opts[i];
        if (!moves_critter(o->verb) || o->subject != app->picked || o->cell != cell)
            continue;
        if (on_cell < 0 || app->opts[on_cell].sub != o->sub)
            areas_on_cell++;
        on_cell = i;
        if (o->sub == area && k < UI_MAX_CHOICE)
            found[k++] = i;
    }
    if (k == 0 && areas_on_cell == 1)   /* one target area there: any click on the hex will do */
        found[k++] = on_cell;
    if (k == 0)
        return false;
    ui_app_choose(app, found[0]);   /* several payments for one place: ui_app_choose asks */
    return true;
}

static bool is_source(const UiApp *app, int critter)
{
    for (int i = 0; i < app->n && critter >= 0; i++)
        if (moves_critter(app->opts[i].verb) && app->opts[i].subject == critter)
            return true;
    return false;
}

/* Options at a place other than critter moves: a claim on the area, the critter standing there, a target... */
static void click_place(UiApp *app, int cell, int area, int critter)
{
    const Game *g = game_of(app);
    int at_area[UI_MAX_CHOICE], at_cell[UI_MAX_CHOICE], ka = 0, kc = 0;
    for (int i = 0; i < app->n; i++) {
        const Option *o = &app->opts[i];
        if (moves_critter(o->verb) || ui_option_cell(g, o) != cell)
            continue;
        bool exact = (o->verb == VERB_CRITTER && o->sub == area) || (names_critter(o->verb) && o->subject == critter);
        if (exact && ka < UI_MAX_CHOICE)
            at_area[ka++] = i;
        if (kc < UI_MAX_CHOICE && app->group[i] == i)
            at_cell[kc++] = i;
    }
    if (ka == 1 || (ka > 1 && app->group[at_area[0]] == app->group[at_area[ka - 1]]))
        ui_app_choose(app, at_area[0]);
    else if (ka > 1)
        offer(app, at_area, ka, "Several choices here: pick one.");
    else if (kc)
        offer(app, at_cell, kc, "Several choices here: pick one.");
    else
        snprintf(app->status, sizeof app->status, "Nothing to do there: the lit hexes are where you may play.");
}

void ui_app_board_press(UiApp *app, int x, int y)
{
    const Game *g = game_of(app);
    const UiLayout *L = &app->scene->L;
    int cell = ui_cell_at(L, g, x, y);
    app->nchoice = 0;
    if (app->held_type >= 0) {
        if (cell != NO_CELL)
            place_tile(app, cell);
        return;
    }
    if (cell == NO_CELL) {
        if (!app->auto_picked)
            app->picked = -1;
        return;
    }
    int area = ui_area_at(L, g, cell, x, y);
    int critter = area >= 0 ? game_critter_at(g, cell, area) : -1;
    if (app->picked >= 0 && drop(app, cell, area))
        return;
    if (is_source(app, critter) && !app->auto_picked) {
        app->picked = critter;
        app->dragging = true;
        app->status[0] = 0;
        return;
    }
    if (app->picked >= 0 && !app->auto_picked) {
        app->picked = -1;   /* let go where it stood */
        return;
    }
    click_place(app, cell, area, critter);
}

void ui_app_board_release(UiApp *app, int x, int y)
{
    if (!app->dragging || app->picked < 0) {
        app->dragging = false;
        return;
    }
    app->dragging = false;
    const Game *g = game_of(app);
    int cell = ui_cell_at(&app->scene->L, g, x, y);
    const Critter *c = &g->player[app->picked / MAX_CRITTERS].critters[app->picked % MAX_CRITTERS];
    if (cell != NO_CELL && cell != c->cell)
        drop(app, cell, ui_area_at(&app->scene->L, g, cell, x, y));
}

const char *ui_app_hint(const UiApp *app)
{
    if (!app->table || game_over(game_of(app)))
        return "";
    if (app->held_type >= 0)
        return "Move the tile over a lit hex, turn it with the wheel or R, click to place it.";
    if (app->picked >= 0)
        return "Drop the critter on a tinted area (click it).";
    for (int i = 0; i < app->n; i++) {
        int v = app->opts[i].verb;
        if (moves_critter(v))
            return "Pick up one of your critters on a lit hex, then drop it on a tinted area.";
        if (v == VERB_CRITTER)
            return "Click a tinted area to put a critter there.";
        if (names_critter(v))
            return "Click the critter on a lit hex.";
        if (v == VERB_TARGET)
            return "Click the lit stack to unleash the volcano on.";
        if (v == VERB_UNLOCK)
            return "Click a lit card of the Power Grid.";
        if (v == VERB_CHOOSE && app->opts[i].cell != NO_CELL)
            return "Click a lit hex, or a button.";
    }
    return "";
}

void ui_app_board_scene(UiApp *app, UiScene *s)
{
    const Game *g = game_of(app);
    bool mine = ui_app_human_turn(app);
    s->picked = app->picked;
    for (int i = 0; i < app->n && mine; i++) {
        const Option *o = &app->opts[i];
        int cell = ui_option_cell(g, o);
        if (cell == NO_CELL)
            continue;
        if (app->picked >= 0) {   /* only where the held critter may go */
            if (moves_critter(o->verb) && o->subject == app->picked) {
                s->lit[cell] = 1;
                s->areas[cell] |= (uint8_t)(1 << o->sub);
            }
            continue;
        }
        if (o->verb == VERB_TILE && o->subject != app->held_type)
            continue;
        s->lit[cell] = 1;
        if (o->verb == VERB_CRITTER)
            s->areas[cell] |= (uint8_t)(1 << o->sub);
        else if (names_critter(o->verb) || moves_critter(o->verb)) {
            const Critter *c = &g->player[o->subject / MAX_CRITTERS].critters[o->subject % MAX_CRITTERS];
            if (c->place == AT_BOARD && c->cell == cell)
                s->areas[cell] |= (uint8_t)(1 << c->area);
        }
    }
    int cell = app->mx >= 0 && app->mx < s->L.board_w && app->my < s->L.board_h
                   ? ui_cell_at(&s->L, g, app->mx, app->my) : NO_CELL;
    s->hover_cell = cell;
    if (mine && app->held_type >= 0) {
        s->ghost_type = app->held_type;
        s->ghost_rot = app->held_rot;
        bool lit = cell != NO_CELL && s->lit[cell];
        s->ghost_cell = lit ? cell : NO_CELL;
        s->ghost_ok = lit && tile_option(app, cell, app->held_rot) >= 0;
    }
}
