#include "app.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "describe.h"

static const double PACE[] = { 0, 0.15, 0.3, 0.6, 1.0, 2.0 };
#define PACES ((int)(sizeof PACE / sizeof PACE[0]))

static bool moves_critter(int verb)
{
    return verb == VERB_MOVE || verb == VERB_MIGRATE || verb == VERB_EVACUATE;
}

/* Options that differ only by payment share a group: its first member. */
static void group_options(UiApp *app)
{
    for (int i = 0; i < app->n; i++) {
        app->group[i] = i;
        const Option *o = &app->opts[i];
        if (!o->pay)
            continue;
        for (int j = 0; j < i; j++) {
            const Option *p = &app->opts[j];
            if (p->pay && p->verb == o->verb && p->sub == o->sub && p->cell == o->cell && p->subject == o->subject) {
                app->group[i] = app->group[j];
                break;
            }
        }
    }
}

/* The tile the pointer holds: kept if still offered, else the first offered. */
static void hold_tile(UiApp *app)
{
    int first = -1;
    bool kept = false;
    for (int i = 0; i < app->n; i++)
        if (app->opts[i].verb == VERB_TILE) {
            if (first < 0)
                first = app->opts[i].subject;
            kept |= app->opts[i].subject == app->held_type;
        }
    if (!kept)
        app->held_type = first;
    if (first < 0)
        app->held_type = -1;
}

/* A decision about one critter (migrate, evacuate) holds it from the start. */
static void pick_alone(UiApp *app)
{
    int subject = -1;
    bool one = true;
    for (int i = 0; i < app->n; i++)
        if (moves_critter(app->opts[i].verb)) {
            if (subject >= 0 && subject != app->opts[i].subject)
                one = false;
            subject = app->opts[i].subject;
        }
    const Game *g = app->table->game;
    app->auto_picked = one && subject >= 0 && (g->pending.kind == DK_MIGRATE || g->pending.kind == DK_EVACUATE);
    app->picked = app->auto_picked ? subject : -1;
}

void ui_app_refresh(UiApp *app)
{
    app->n = 0;
    app->nchoice = 0;
    app->confirm = -1;
    app->typed[0] = 0;
    app->list_scroll = 0;
    app->picked = -1;
    app->auto_picked = false;
    app->dragging = false;
    app->bot_wait = 0;
    app->bot_thinking = false;
    if (!app->table)
        return;
    app->n = ui_table_options(app->table, app->opts);
    for (int i = 0; i < app->n; i++)
        ui_table_option_text(app->table, &app->opts[i], app->words[i], UI_WORDS);
    group_options(app);
    hold_tile(app);
    pick_alone(app);
}

int ui_app_init(UiApp *app, UiAssets *as, UiTable *table)
{
    memset(app, 0, sizeof *app);
    app->as = as;
    app->held_type = -1;
    app->picked = -1;
    app->confirm = -1;
    app->mx = app->my = -1;
    app->hover_cell = NO_CELL;
    app->grid_shown = true;
    app->bot_delay = 0.6;
    app->opts = malloc(sizeof *app->opts * MAX_OPTIONS);
    app->words = malloc(sizeof *app->words * MAX_OPTIONS);
    app->group = malloc(sizeof *app->group * MAX_OPTIONS);
    app->scene = calloc(1, sizeof *app->scene);
    if (!app->opts || !app->words || !app->group || !app->scene) {
        ui_app_free(app);
        return -1;
    }
    app->setup.players = 2;
    app->setup.setup = 1;
    app->setup.seat[0].human = 1;
    for (int p = 0; p < MAX_PLAYERS; p++)
        bot_config_default(&app->setup.seat[p].bot, p == 0 ? BOT_RANDOM : BOT_GREEDY);
    app->screen = table ? UI_SCREEN_PLAY : UI_SCREEN_START;
    app->table = app->last = table;
    ui_app_refresh(app);
    return 0;
}

void ui_app_free(UiApp *app)
{
    free(app->opts);
    free(app->words);
    free(app->group);
    free(app->scene);
    app->opts = NULL;
    app->words = NULL;
    app->group = NULL;
    app->scene = NULL;
}

void ui_app_set_table(UiApp *app, UiTable *table)
{
    app->table = app->last = table;
    app->screen = UI_SCREEN_PLAY;
    app->status[0] = 0;
    app->log_scroll = 0;
    app->held_type = -1;
    ui_app_refresh(app);
}

bool ui_app_human_turn(const UiApp *app)
{
    return app->table && app->screen == UI_SCREEN_PLAY && ui_table_human_turn(app->table);
}

int ui_app_apply(UiApp *app, int index)
{
    char err[512];
    if (!app->table || index < 0 || index >= app->n) {
        snprintf(app->status, sizeof app->status, "There is no option %d (0-%d).", index, app->n - 1);
        return -1;
    }
    int rc = ui_table_apply(app->table, &app->opts[index], err, sizeof err);
    if (rc > 0) {   /* a remote table did not send it: nothing changed */
        snprintf(app->status, sizeof app->status, "%.250s", err);
        ui_app_refresh(app);
        return -1;
    }
    if (rc) {
        snprintf(app->status, sizeof app->status, "Stopped: %.230s", err);
        app->failed = app->quit = true;
        return -1;
    }
    app->decisions++;
    app->status[0] = 0;
    app->log_scroll = 0;
    ui_app_refresh(app);
    return 0;
}

void ui_app_choose_exact(UiApp *app, int index)
{
    app->nchoice = 0;
    if (index < 0 || index >= app->n) {
        snprintf(app->status, sizeof app->status, "There is no option %d (0-%d).", index, app->n - 1);
        return;
    }
    if (ui_table_would_be_final(app->table, &app->opts[index])) {
        app->confirm = index;
        snprintf(app->confirm_why, sizeof app->confirm_why, "%s", app->words[index]);
        return;
    }
    ui_app_apply(app, index);
}

void ui_app_choose(UiApp *app, int index)
{
    int k = 0;
    for (int i = 0; i < app->n && k < UI_MAX_CHOICE && index >= 0 && index < app->n; i++)
        if (app->group[i] == app->group[index])
            app->choice[k++] = i;
    if (k > 1) {   /* the same thing paid in several ways: ask how */
        app->nchoice = k;
        snprintf(app->status, sizeof app->status, "Choose how to pay.");
        return;
    }
    ui_app_choose_exact(app, index);
}

int ui_app_undo(UiApp *app)
{
    char err[256];
    if (!app->table)
        return -1;
    if (ui_table_undo(app->table, err, sizeof err)) {
        snprintf(app->status, sizeof app->status, "%s", err);
        return -1;
    }
    ui_app_refresh(app);
    snprintf(app->status, sizeof app->status, "Undone: %c decides again.", 'A' + app->table->game->pending.player);
    return 0;
}

static void pace(UiApp *app, int dir)
{
    int k = 0;
    while (k < PACES - 1 && PACE[k] < app->bot_delay - 1e-9)
        k++;
    k += dir;
    k = k < 0 ? 0 : k >= PACES ? PACES - 1 : k;
    app->bot_delay = PACE[k];
    snprintf(app->status, sizeof app->status, "Bots wait %.2g s before each move.", app->bot_delay);
}

/* Esc: lets go of the innermost thing in hand. */
static void cancel(UiApp *app)
{
    if (app->help)
        app->help = false;
    else if (app->confirm >= 0)
        app->confirm = -1;
    else if (app->nchoice)
        app->nchoice = 0;
    else if (app->picked >= 0 && !app->auto_picked)
        app->picked = -1;
    else if (app->typed[0])
        app->typed[0] = 0;
    else if (app->list_open)
        app->list_open = false;
    app->status[0] = 0;
}

void ui_app_act(UiApp *app, int act, int value, int button)
{
    switch (act) {
    case UI_ACT_OPTION:
        if (ui_app_human_turn(app))
            ui_app_choose(app, value);
        break;
    case UI_ACT_EXACT:
        if (ui_app_human_turn(app))
            ui_app_choose_exact(app, value);
        break;
    case UI_ACT_CONFIRM:
        if (app->confirm >= 0 && ui_app_human_turn(app))
            ui_app_apply(app, app->confirm);
        break;
    case UI_ACT_CANCEL: cancel(app); break;
    case UI_ACT_HOLD: app->held_type = value; break;
    case UI_ACT_TURN: ui_app_turn(app, button == SDL_BUTTON_RIGHT ? -1 : 1); break;
    case UI_ACT_LIST: app->list_open = !app->list_open; app->list_scroll = 0; break;
    case UI_ACT_UNDO: ui_app_undo(app); break;
    case UI_ACT_PACE: pace(app, value); break;
    case UI_ACT_BOT_NOW: app->bot_wait = app->bot_delay; break;
    case UI_ACT_HELP: app->help = !app->help; break;
    case UI_ACT_GRID: app->grid_shown = !app->grid_shown; break;
    case UI_ACT_QUIT: app->quit = true; break;
    case UI_ACT_NEW_GAME:
        if (app->hooks.new_game) {   /* the table is the front end's: it may replace it now */
            app->screen = UI_SCREEN_START;
            app->overwrite_armed = false;
            app->table = NULL;
            ui_app_refresh(app);
        }
        break;
    case UI_ACT_CARD:
        for (int i = 0; i < app->n && ui_app_human_turn(app); i++)
            if (app->opts[i].verb == VERB_UNLOCK && app->opts[i].subject == value) {
                ui_app_choose_exact(app, i);
                break;
            }
        break;
    case UI_ACT_SCROLL_LIST: app->list_scroll += value; break;
    case UI_ACT_RESULTS: app->end_hidden = !app->end_hidden; break;
    case UI_ACT_START: case UI_ACT_PLAYERS: case UI_ACT_SEAT_KIND: case UI_ACT_SEAT_STRENGTH:
    case UI_ACT_VARIANT: case UI_ACT_SETUP: case UI_ACT_MOD: case UI_ACT_SEED:
        ui_app_start_act(app, act, value);
        break;
    default: break;
    }
}

static void typed_digit(UiApp *app, int digit)
{
    size_t len = strlen(app->typed);
    if (len + 1 < sizeof app->typed && ui_app_human_turn(app)) {
        app->typed[len] = (char)('0' + digit);
        app->typed[len + 1] = 0;
    }
}

static void enter(UiApp *app)
{
    if (app->confirm >= 0)
        ui_app_act(app, UI_ACT_CONFIRM, 0, 0);
    else if (app->typed[0] && ui_app_human_turn(app)) {
        int index = atoi(app->typed);
        app->typed[0] = 0;
        ui_app_choose_exact(app, index);
    } else if (app->screen == UI_SCREEN_START)
        ui_app_act(app, UI_ACT_START, 0, 0);
}

static void scroll(UiApp *app, int rows)
{
    if (app->list_open)
        app->list_scroll += rows;
    else
        app->log_scroll -= rows;
    if (app->list_scroll < 0)
        app->list_scroll = 0;
    if (app->log_scroll < 0)
        app->log_scroll = 0;
}

static void key(UiApp *app, const SDL_Keysym *k)
{
    SDL_Keycode c = k->sym;
    bool shift = k->mod & KMOD_SHIFT, ctrl = k->mod & KMOD_CTRL;
    if (c >= SDLK_0 && c <= SDLK_9 && !shift)
        typed_digit(app, (int)(c - SDLK_0));
    else if (c >= SDLK_KP_1 && c <= SDLK_KP_0)
        typed_digit(app, c == SDLK_KP_0 ? 0 : (int)(c - SDLK_KP_1) + 1);
    else if (c == SDLK_BACKSPACE && app->typed[0])
        app->typed[strlen(app->typed) - 1] = 0;
    else if (c == SDLK_RETURN || c == SDLK_KP_ENTER)
        enter(app);
    else if (c == SDLK_ESCAPE)
        cancel(app);
    else if (c == SDLK_q && !app->typed[0])
        app->quit = true;
    else if (app->screen != UI_SCREEN_PLAY)
        return;
    else if (c == SDLK_r)
        ui_app_turn(app, shift ? -1 : 1);
    else if (c == SDLK_TAB)
        ui_app_next_tile(app);
    else if (c == SDLK_l)
        ui_app_act(app, UI_ACT_LIST, 0, 0);
    else if (c == SDLK_u || (c == SDLK_z && ctrl))
        ui_app_undo(app);
    else if (c == SDLK_PLUS || c == SDLK_KP_PLUS || c == SDLK_EQUALS)
        pace(app, -1);
    else if (c == SDLK_MINUS || c == SDLK_KP_MINUS)
        pace(app, 1);
    else if (c == SDLK_SPACE)
        ui_app_act(app, UI_ACT_BOT_NOW, 0, 0);
    else if (c == SDLK_g)
        app->grid_shown = !app->grid_shown;
    else if (c == SDLK_c)
        app->coords = !app->coords;
    else if (c == SDLK_F1 || c == SDLK_QUESTION || (c == SDLK_SLASH && shift))
        app->help = !app->help;
    else if (c == SDLK_UP || c == SDLK_DOWN)
        scroll(app, c == SDLK_UP ? -1 : 1);
    else if (c == SDLK_PAGEUP || c == SDLK_PAGEDOWN)
        scroll(app, c == SDLK_PAGEUP ? -8 : 8);
    else if (c == SDLK_HOME)
        app->list_scroll = 0;
}

static void press(UiApp *app, int x, int y, int button)
{
    app->mx = x;
    app->my = y;
    const UiWidget *w = ui_scene_hit(app->scene, x, y);
    if (w) {
        ui_app_act(app, w->act, w->value, button);
        return;
    }
    if (button == SDL_BUTTON_RIGHT) {
        cancel(app);
        return;
    }
    const UiLayout *L = &app->scene->L;
    if (app->screen == UI_SCREEN_PLAY && app->table && x < L->board_w && y < L->board_h && !app->help &&
        ui_app_human_turn(app) && app->confirm < 0)
        ui_app_board_press(app, x, y);
}

static void wheel(UiApp *app, int dy)
{
    const UiLayout *L = &app->scene->L;
    bool on_board = app->mx >= 0 && app->mx < L->board_w && app->my < L->board_h;
    if (on_board && app->held_type >= 0 && app->screen == UI_SCREEN_PLAY)
        ui_app_turn(app, dy > 0 ? 1 : -1);
    else
        scroll(app, -3 * dy);
}

void ui_app_event(UiApp *app, const SDL_Event *e)
{
    switch (e->type) {
    case SDL_QUIT:
        app->quit = true;
        break;
    case SDL_KEYDOWN:
        key(app, &e->key.keysym);
        break;
    case SDL_MOUSEBUTTONDOWN:
        press(app, e->button.x, e->button.y, e->button.button);
        break;
    case SDL_MOUSEBUTTONUP:
        app->mx = e->button.x;
        app->my = e->button.y;
        if (e->button.button == SDL_BUTTON_LEFT && app->screen == UI_SCREEN_PLAY && app->table &&
            ui_app_human_turn(app))
            ui_app_board_release(app, e->button.x, e->button.y);
        break;
    case SDL_MOUSEMOTION:
        app->mx = e->motion.x;
        app->my = e->motion.y;
        if (app->screen == UI_SCREEN_PLAY && app->table)
            ui_app_pointer_moved(app);
        break;
    case SDL_MOUSEWHEEL:
        wheel(app, e->wheel.y);
        break;
    case SDL_WINDOWEVENT:
        if (e->window.event == SDL_WINDOWEVENT_LEAVE)
            app->mx = app->my = -1;
        break;
    default:
        break;
    }
}

static bool slow_bot(const UiApp *app)
{
    return app->table->seat[app->table->game->pending.player % MAX_PLAYERS].bot.kind != BOT_RANDOM;
}

/* The rules may have been reloaded (UiAppHooks.reload). */
static void reload_step(UiApp *app)
{
    if (!app->hooks.reload || app->screen != UI_SCREEN_PLAY || !app->table)
        return;
    char msg[sizeof app->status];
    msg[0] = 0;
    UiTable *t = app->hooks.reload(app->hooks.ud, msg, sizeof msg);
    if (t)
        ui_app_set_table(app, t);
    if (msg[0])
        snprintf(app->status, sizeof app->status, "%s", msg);
}

/* A remote table: what the server sent since the last frame. */
static void remote_step(UiApp *app)
{
    if (app->screen != UI_SCREEN_PLAY || !app->table || !ui_table_is_remote(app->table))
        return;
    char err[900];
    int rc = ui_table_poll(app->table, 0, err, sizeof err);
    if (rc < 0) {
        snprintf(app->status, sizeof app->status, "Stopped: %.240s", err);
        if (app->hooks.notice)
            app->hooks.notice(app->hooks.ud, err);
        app->failed = app->quit = true;
        return;
    }
    char text[sizeof app->status];
    while (ui_table_notice(app->table, text, sizeof text)) {
        snprintf(app->status, sizeof app->status, "%s", text);
        if (app->hooks.notice)
            app->hooks.notice(app->hooks.ud, text);
    }
    if (rc & UI_POLL_DECISION)
        ui_app_refresh(app);   /* the tile held stays held while it is offered */
    if (rc & UI_POLL_VIEW)
        app->log_scroll = 0;
}

void ui_app_update(UiApp *app, double dt)
{
    reload_step(app);
    remote_step(app);
    if (app->table && app->close_when_over && app->over_drawn)
        app->quit = true;
    if (app->screen != UI_SCREEN_PLAY || !app->table || app->quit ||
        ui_table_turn(app->table) != UI_TURN_BOT || app->n <= 0)
        return;
    app->bot_wait += dt;
    if (app->bot_wait + 1e-9 < app->bot_delay)
        return;
    if (slow_bot(app) && !app->bot_thinking) {   /* one frame says it thinks before it does */
        app->bot_thinking = true;
        return;
    }
    int k = ui_table_bot_choose(app->table, app->opts, app->n);
    if (k >= 0)
        ui_app_apply(app, k);
    else
        remote_step(app);   /* the table has failed: it says why */
}

void ui_app_build(UiApp *app, int w, int h)
{
    UiScene *s = app->scene;
    const Game *g = app->table ? app->table->game : NULL;
    ui_scene_reset(s, g, app->table, w, h);
    s->pointer_x = app->mx;
    s->pointer_y = app->my;
    if (app->screen == UI_SCREEN_START || !g) {
        s->screen = UI_SCREEN_START;
        ui_app_start_screen(app, s);
    } else {
        ui_layout(&s->L, w, h, g, app->opts, app->n, app->grid_shown);
        s->coords = app->coords;
        s->log_scroll = app->log_scroll;
        ui_app_board_scene(app, s);
        ui_app_panel(app, s);
    }
    const UiWidget *tip = app->mx >= 0 ? ui_scene_tip_at(s, app->mx, app->my) : NULL;
    if (tip)
        s->tooltip = tip->tip;
    for (int i = 0; i < s->nw && app->mx >= 0; i++)
        if (s->w[i].act != UI_ACT_NONE && ui_in_rect(&s->w[i].r, app->mx, app->my)) {
            s->w[i].style |= UI_ST_HOVER;
            if ((s->w[i].act == UI_ACT_OPTION || s->w[i].act == UI_ACT_EXACT) && s->w[i].value < app->n && g)
                /* a button shows its place */
                s->hover_cell = ui_option_cell(g, &app->opts[s->w[i].value]) != NO_CELL
                                    ? ui_option_cell(g, &app->opts[s->w[i].value]) : s->hover_cell;
        }
}

void ui_app_draw(UiApp *app, SDL_Surface *dst)
{
    ui_app_build(app, dst->w, dst->h);
    ui_render(dst, app->as, app->scene);
    if (app->screen == UI_SCREEN_PLAY && app->table && ui_table_turn(app->table) == UI_TURN_OVER)
        app->over_drawn = true;
}
