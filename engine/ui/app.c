#include "app.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot.h"
#include "number.h"

/* Re-reads the options after a change and resets the selection. */
static void refresh(UiApp *app)
{
    app->option_count = game_over(app->game) ? 0 : game_options(app->game, app->options, MAX_OPTIONS);
    app->filter_cell = NO_CELL;
    app->shown_count = 0;
    for (int i = 0; i < app->option_count; i++)
        app->shown[app->shown_count++] = i;
    app->scroll = 0;
    app->hover = -1;
    app->typed[0] = 0;
    app->bot_wait = 0;
    if (game_over(app->game) && !app->scored) {
        game_score(app->game, &app->scores);
        app->scored = true;
    }
}

static void narrow(UiApp *app, int cell)
{
    app->filter_cell = cell;
    app->shown_count = 0;
    for (int i = 0; i < app->option_count; i++)
        if (cell == NO_CELL || ui_option_cell(app->game, &app->options[i]) == cell)
            app->shown[app->shown_count++] = i;
    app->scroll = 0;
}

int ui_app_init(UiApp *app, Game *g, const UiTextures *tx, const uint8_t human[MAX_PLAYERS], uint64_t bot_seed)
{
    memset(app, 0, sizeof *app);
    app->game = g;
    app->tx = tx;
    memcpy(app->human, human, MAX_PLAYERS);
    rng_seed(&app->bot_rng, bot_seed);
    app->bot_delay = 0.4;
    app->options = malloc(sizeof *app->options * MAX_OPTIONS);
    app->shown = malloc(sizeof *app->shown * MAX_OPTIONS);
    if (!app->options || !app->shown) {
        ui_app_free(app);
        return -1;
    }
    refresh(app);
    return 0;
}

void ui_app_free(UiApp *app)
{
    free(app->options);
    free(app->shown);
    app->options = NULL;
    app->shown = NULL;
}

bool ui_app_human_turn(const UiApp *app)
{
    return !game_over(app->game) && app->human[app->game->pending.player % MAX_PLAYERS];
}

int ui_app_choose(UiApp *app, int index)
{
    char err[256];
    if (index < 0 || index >= app->option_count) {
        snprintf(app->status, sizeof app->status, "There is no option %d (0-%d).", index, app->option_count - 1);
        return -1;
    }
    if (game_apply(app->game, index, err, sizeof err)) {
        snprintf(app->status, sizeof app->status, "Cannot apply option %d: %s", index, err);
        app->failed = app->quit = true;
        return -1;
    }
    app->decisions++;
    app->status[0] = 0;
    refresh(app);
    if (app->on_apply && app->on_apply(app->ud, app->game)) {
        snprintf(app->status, sizeof app->status, "Stopped: the game could not be saved.");
        app->failed = app->quit = true;
        return -1;
    }
    return 0;
}

static void scroll_by(UiApp *app, int rows)
{
    int max = app->shown_count - app->layout.list_rows;
    app->scroll += rows;
    if (app->scroll > max)
        app->scroll = max;
    if (app->scroll < 0)
        app->scroll = 0;
}

void ui_app_click(UiApp *app, int x, int y)
{
    if (!ui_app_human_turn(app))
        return;
    int row = ui_list_row_at(&app->layout, x, y);
    if (row >= 0) {
        if (app->scroll + row < app->shown_count)
            ui_app_choose(app, app->shown[app->scroll + row]);
        return;
    }
    int cell = ui_cell_at(&app->layout, x, y);
    if (cell == NO_CELL)
        return;
    int found = -1, count = 0;
    for (int i = 0; i < app->option_count; i++)
        if (ui_option_cell(app->game, &app->options[i]) == cell) {
            if (found < 0)
                found = i;
            count++;
        }
    if (count == 1)
        ui_app_choose(app, found);
    else if (count > 1)
        narrow(app, cell);
    else
        narrow(app, NO_CELL);
}

static void pointer(UiApp *app, int x, int y)
{
    app->hover = -1;
    int row = ui_list_row_at(&app->layout, x, y);
    if (row >= 0 && app->scroll + row < app->shown_count)
        app->hover = app->shown[app->scroll + row];
}

static void key(UiApp *app, SDL_Keycode k)
{
    size_t len = strlen(app->typed);
    if (k == SDLK_q) {
        app->quit = true;
    } else if (k >= SDLK_0 && k <= SDLK_9) {
        if (len + 1 < sizeof app->typed && ui_app_human_turn(app)) {
            app->typed[len] = (char)('0' + (k - SDLK_0));
            app->typed[len + 1] = 0;
        }
    } else if (k >= SDLK_KP_1 && k <= SDLK_KP_0) {
        key(app, k == SDLK_KP_0 ? SDLK_0 : SDLK_1 + (k - SDLK_KP_1));
    } else if (k == SDLK_BACKSPACE) {
        if (len)
            app->typed[len - 1] = 0;
    } else if (k == SDLK_RETURN || k == SDLK_KP_ENTER) {
        if (len && ui_app_human_turn(app)) {
            uint64_t n = 0;   /* typed holds at most 7 digits: always a number that fits */
            number_parse_u64(app->typed, 0, 9999999, &n);
            app->typed[0] = 0;
            ui_app_choose(app, (int)n);
        }
    } else if (k == SDLK_ESCAPE) {
        app->typed[0] = 0;
        app->status[0] = 0;
        narrow(app, NO_CELL);
    } else if (k == SDLK_UP || k == SDLK_DOWN) {
        scroll_by(app, k == SDLK_UP ? -1 : 1);
    } else if (k == SDLK_PAGEUP || k == SDLK_PAGEDOWN) {
        int page = app->layout.list_rows > 1 ? app->layout.list_rows - 1 : 1;
        scroll_by(app, k == SDLK_PAGEUP ? -page : page);
    } else if (k == SDLK_HOME || k == SDLK_END) {
        scroll_by(app, k == SDLK_HOME ? -MAX_OPTIONS : MAX_OPTIONS);
    }
}

void ui_app_event(UiApp *app, const SDL_Event *e)
{
    switch (e->type) {
    case SDL_QUIT:
        app->quit = true;
        break;
    case SDL_KEYDOWN:
        key(app, e->key.keysym.sym);
        break;
    case SDL_MOUSEBUTTONDOWN:
        if (e->button.button == SDL_BUTTON_LEFT)
            ui_app_click(app, e->button.x, e->button.y);
        break;
    case SDL_MOUSEMOTION:
        pointer(app, e->motion.x, e->motion.y);
        break;
    case SDL_MOUSEWHEEL:
        scroll_by(app, -3 * e->wheel.y);
        break;
    default:
        break;
    }
}

void ui_app_update(UiApp *app, double dt)
{
    if (game_over(app->game) || app->quit || ui_app_human_turn(app) || app->option_count <= 0)
        return;
    app->bot_wait += dt;
    if (app->bot_wait + 1e-9 < app->bot_delay)
        return;
    ui_app_choose(app, bot_random(&app->bot_rng, app->options, app->option_count));
}

void ui_app_draw(UiApp *app, SDL_Surface *dst)
{
    UiView v = ui_view_empty();
    v.options = app->options;
    v.option_count = app->option_count;
    v.shown = app->shown;
    v.shown_count = app->shown_count;
    v.scroll = app->scroll;
    v.hover = app->hover;
    v.filter_cell = app->filter_cell;
    v.typed = app->typed;
    v.status = app->status[0] ? app->status : NULL;
    v.human = app->human;
    v.scores = app->scored ? &app->scores : NULL;
    v.describe = app->describe;
    ui_layout(&app->layout, dst->w, dst->h, app->game, app->options, app->option_count);
    ui_render(dst, app->game, app->tx, &v);
}
