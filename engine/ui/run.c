#include "run.h"

#include <stdio.h>

#include "draw.h"
#include "shot.h"

static int present(SDL_Window *win, SDL_Surface *frame, char *err, int errlen)
{
    SDL_Surface *screen = SDL_GetWindowSurface(win);
    if (!screen || SDL_BlitSurface(frame, NULL, screen, NULL) || SDL_UpdateWindowSurface(win)) {
        snprintf(err, (size_t)errlen, "cannot show the frame: %s", SDL_GetError());
        return -1;
    }
    return 0;
}

/* A new frame surface when the window's size changed. */
static void resize(SDL_Surface **frame, const SDL_Event *e)
{
    if (e->type != SDL_WINDOWEVENT || e->window.event != SDL_WINDOWEVENT_SIZE_CHANGED || e->window.data1 <= 0 ||
        e->window.data2 <= 0)
        return;
    SDL_Surface *other = ui_surface_new(e->window.data1, e->window.data2);
    if (other) {
        SDL_FreeSurface(*frame);
        *frame = other;
    }
}

static int loop(UiApp *app, const UiRunConfig *cfg, SDL_Window *win, SDL_Surface **frame, char *err, int errlen)
{
    Uint64 last = SDL_GetTicks64();
    for (int n = 0; !app->quit && (cfg->frames <= 0 || n < cfg->frames); n++) {
        SDL_Event e;
        while (SDL_PollEvent(&e)) {
            resize(frame, &e);
            ui_app_event(app, &e);
        }
        Uint64 now = SDL_GetTicks64();
        double dt = cfg->frames > 0 ? 1.0 / 60 : (double)(now - last) / 1000.0;
        last = now;
        ui_app_update(app, dt);
        ui_app_draw(app, *frame);
        if (present(win, *frame, err, errlen))
            return -1;
        if (cfg->frames <= 0)
            SDL_Delay(16);
    }
    return 0;
}

int ui_run(UiApp *app, const UiRunConfig *cfg, char *err, int errlen)
{
    int w = cfg->width > 0 ? cfg->width : 1280, h = cfg->height > 0 ? cfg->height : 720;
    if (SDL_InitSubSystem(SDL_INIT_VIDEO)) {
        snprintf(err, (size_t)errlen, "cannot start SDL video: %s (set SDL_VIDEODRIVER=dummy to run without a display)",
                 SDL_GetError());
        return -1;
    }
    SDL_Window *win = SDL_CreateWindow(cfg->title ? cfg->title : "Volcanique", SDL_WINDOWPOS_CENTERED,
                                       SDL_WINDOWPOS_CENTERED, w, h, SDL_WINDOW_RESIZABLE);
    SDL_Surface *frame = win ? ui_surface_new(w, h) : NULL;
    if (!win || !frame) {
        snprintf(err, (size_t)errlen, "cannot open a %dx%d window: %s", w, h, SDL_GetError());
        if (win)
            SDL_DestroyWindow(win);
        SDL_QuitSubSystem(SDL_INIT_VIDEO);
        return -1;
    }
    int rc = loop(app, cfg, win, &frame, err, errlen);
    if (rc == 0 && cfg->screenshot)
        rc = ui_save_png(frame, cfg->screenshot, err, errlen);
    SDL_FreeSurface(frame);
    SDL_DestroyWindow(win);
    SDL_QuitSubSystem(SDL_INIT_VIDEO);
    return rc;
}
