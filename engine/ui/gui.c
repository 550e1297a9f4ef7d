#include "gui.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "app.h"
#include "draw.h"
#include "run.h"

static void configure(UiApp *app, const GuiConfig *cfg)
{
    app->bot_delay = cfg->bot_delay_ms < 0 ? 0.6 : cfg->bot_delay_ms / 1000.0;
    app->hooks = cfg->hooks;
    app->save_path = cfg->save_path;
    app->card_text = cfg->card_text;
    app->close_when_over = cfg->close_when_over;
    if (cfg->setup.players >= MIN_PLAYERS)
        app->setup = cfg->setup;
    app->mod_count = cfg->mod_count < UI_MAX_MODS ? cfg->mod_count : UI_MAX_MODS;
    for (int i = 0; i < app->mod_count; i++)
        app->mod_names[i] = cfg->mod_names[i];
}

int gui_play(const GuiConfig *cfg, GuiResult *out, char *err, int errlen)
{
    static UiAssets as;
    if (ui_assets_load(&as, cfg->texture_dir, cfg->font, cfg->bold_font, err, errlen))
        return -1;
    UiApp app;
    if (ui_app_init(&app, &as, cfg->table)) {
        snprintf(err, (size_t)errlen, "out of memory for the window");
        ui_assets_free(&as);
        return -1;
    }
    configure(&app, cfg);
    if (!cfg->table && !cfg->hooks.new_game) {
        snprintf(err, (size_t)errlen, "no game to play and no way to start one");
        ui_app_free(&app);
        ui_assets_free(&as);
        return -1;
    }
    UiRunConfig run = { cfg->width, cfg->height, cfg->frames, cfg->screenshot, NULL };
    if (cfg->pointer) {   /* as if the pointer had moved there */
        ui_app_build(&app, cfg->width > 0 ? cfg->width : 1280, cfg->height > 0 ? cfg->height : 720);
        app.mx = cfg->pointer_x;
        app.my = cfg->pointer_y;
        ui_app_pointer_moved(&app);
    }
    int rc = ui_run(&app, &run, err, errlen);
    if (rc == 0 && app.failed) {
        snprintf(err, (size_t)errlen, "%s", app.status);
        rc = -1;
    }
    if (out) {
        out->decisions = app.decisions;
        out->table = app.last;
    }
    ui_app_free(&app);
    ui_assets_free(&as);
    return rc;
}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int gui_frame_times(UiTable *table, const GuiConfig *cfg, int w, int h, int frames, GuiFrameTimes *out, char *err,
                    int errlen)
{
    if (frames < 1)
        frames = 1;
    static UiAssets as;
    if (ui_assets_load(&as, cfg->texture_dir, cfg->font, cfg->bold_font, err, errlen))
        return -1;
    UiApp app;
    SDL_Surface *dst = ui_surface_new(w, h);
    double *t = malloc(sizeof *t * (size_t)frames);
    if (!dst || !t || ui_app_init(&app, &as, table)) {
        snprintf(err, (size_t)errlen, "out of memory for a %dx%d frame", w, h);
        free(t);
        SDL_FreeSurface(dst);
        ui_assets_free(&as);
        return -1;
    }
    configure(&app, cfg);
    app.mx = w / 4;   /* the pointer over the board: hover marks and coordinates are drawn too */
    app.my = h / 3;
    double t0 = now_ms();
    ui_app_draw(&app, dst);
    out->first_ms = now_ms() - t0;
    for (int i = 0; i < frames; i++) {
        double t0 = now_ms();
        ui_app_draw(&app, dst);
        t[i] = now_ms() - t0;
    }
    qsort(t, (size_t)frames, sizeof *t, by_value);
    out->median_ms = t[frames / 2];
    out->worst_ms = t[frames - 1];
    free(t);
    SDL_FreeSurface(dst);
    ui_app_free(&app);
    ui_assets_free(&as);
    return 0;
}
