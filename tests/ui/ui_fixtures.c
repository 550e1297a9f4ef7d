#include "ui_fixtures.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/fixtures.h"
#include "draw.h"
#include "harness.h"

const char *uf_texture_dir(void)
{
    static char dir[256];
    snprintf(dir, sizeof dir, "%s/textures", fx_content_dir());
    return dir;
}

UiAssets *uf_assets(void)
{
    static UiAssets as;
    static bool loaded;
    char err[512];
    if (!loaded) {
        if (ui_assets_load(&as, uf_texture_dir(), NULL, NULL, err, sizeof err)) {
            th_fail(__FILE__, __LINE__, "loading the window's assets: %s", err);
            th_abort_test();
        }
        loaded = true;
    }
    return &as;
}

void uf_seats(UiSeat seats[MAX_PLAYERS], const char *kinds)
{
    memset(seats, 0, sizeof(UiSeat) * MAX_PLAYERS);
    for (int p = 0; p < MAX_PLAYERS; p++) {
        char k = p < (int)strlen(kinds) ? kinds[p] : 'r';
        seats[p].human = k == 'h';
        bot_config_default(&seats[p].bot, k == 'g' ? BOT_GREEDY : BOT_RANDOM);
    }
}

void uf_table(Session *s, UiTable *t, CliPlayTarget *target, int players, uint64_t seed, const UiSeat *seats)
{
    char err[512];
    if (session_open(s, fx_root(), err, sizeof err)) {
        th_fail(__FILE__, __LINE__, "session_open: %s", err);
        th_abort_test();
    }
    GameOptions o = { .players = (uint8_t)players, .setup_variation = 1, .variant = "symbiosis" };
    *target = (CliPlayTarget){ s, NULL };
    UiTableHooks hooks = cli_play_hooks(target);
    if (session_new_game(s, &o, seed, err, sizeof err) ||
        ui_table_init(t, &s->game, seats, &hooks, err, sizeof err)) {
        session_close(s);
        th_fail(__FILE__, __LINE__, "a game at a table: %s", err);
        th_abort_test();
    }
}

void uf_bare_table(UiTable *t, Game *g, const char *kinds)
{
    UiSeat seats[MAX_PLAYERS];
    uf_seats(seats, kinds);
    char err[256];
    if (ui_table_init(t, g, seats, NULL, err, sizeof err)) {
        th_fail(__FILE__, __LINE__, "a bare table: %s", err);
        th_abort_test();
    }
}

void uf_move(UiApp *app, int x, int y)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_MOUSEMOTION;
    e.motion.x = x;
    e.motion.y = y;
    ui_app_event(app, &e);
}

static void button(UiApp *app, int x, int y, int which, Uint32 type)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = type;
    e.button.button = (Uint8)which;
    e.button.x = x;
    e.button.y = y;
    ui_app_event(app, &e);
}

void uf_click(UiApp *app, int x, int y)
{
    uf_move(app, x, y);
    button(app, x, y, SDL_BUTTON_LEFT, SDL_MOUSEBUTTONDOWN);
    button(app, x, y, SDL_BUTTON_LEFT, SDL_MOUSEBUTTONUP);
}

void uf_right_click(UiApp *app, int x, int y)
{
    uf_move(app, x, y);
    button(app, x, y, SDL_BUTTON_RIGHT, SDL_MOUSEBUTTONDOWN);
    button(app, x, y, SDL_BUTTON_RIGHT, SDL_MOUSEBUTTONUP);
}

void uf_key(UiApp *app, SDL_Keycode k)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_KEYDOWN;
    e.key.keysym.sym = k;
    ui_app_event(app, &e);
}

void uf_wheel(UiApp *app, int dy)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_MOUSEWHEEL;
    e.wheel.y = dy;
    ui_app_event(app, &e);
}

const UiWidget *uf_widget(const UiScene *s, int act, int value)
{
    for (int i = 0; i < s->nw; i++)
        if (s->w[i].act == act && (value < 0 || s->w[i].value == value))
            return &s->w[i];
    return NULL;
}

const UiWidget *uf_widget_text(const UiScene *s, int kind, const char *text)
{
    for (int i = 0; i < s->nw; i++)
        if (s->w[i].kind == kind && strstr(s->w[i].text, text))
            return &s->w[i];
    return NULL;
}

void uf_click_widget(UiApp *app, const UiWidget *w)
{
    uf_click(app, w->r.x + w->r.w / 2, w->r.y + w->r.h / 2);
}

bool uf_point_on(const UiScene *s, int cell, int area, int *x, int *y)
{
    const Game *g = s->game;
    int ax, ay;
    if (area >= 0)
        ui_area_point(&s->L, g, cell, area, &ax, &ay);
    else {
        double fx, fy;
        ui_cell_face(&s->L, g, cell, &fx, &fy);
        ax = (int)fx;
        ay = (int)fy;
    }
    int reach = (int)s->L.hex_size;
    for (int d = 0; d <= reach; d++)   /* rings of growing size round the aim */
        for (int dy = -d; dy <= d; dy++)
            for (int dx = -d; dx <= d; dx++) {
                if (abs(dx) != d && abs(dy) != d)
                    continue;
                int px = ax + dx, py = ay + dy;
                if (ui_cell_at(&s->L, g, px, py) != cell)
                    continue;
                if (area >= 0 && ui_area_at(&s->L, g, cell, px, py) != area)
                    continue;
                *x = px;
                *y = py;
                return true;
            }
    return false;
}

/* The most frequent colour in rectangle r of s. */
static uint32_t commonest(const SDL_Surface *s, const SDL_Rect *r)
{
    uint32_t colour[64];
    int count[64], n = 0, best = 0;
    for (int y = r->y; y < r->y + r->h; y++)
        for (int x = r->x; x < r->x + r->w; x++) {
            uint32_t c = ui_pixel(s, x, y);
            int k = 0;
            while (k < n && colour[k] != c)
                k++;
            if (k == n && n < 64) {
                colour[n] = c;
                count[n++] = 0;
            }
            if (k < n && ++count[k] > count[best])
                best = k;
        }
    return n ? colour[best] : 0;
}

bool uf_text_drawn(UiAssets *as, const UiScene *s, const UiWidget *w, const SDL_Surface *shot)
{
    if (!w)
        return false;
    static UiScene alone;
    ui_scene_reset(&alone, NULL, NULL, shot->w, shot->h);
    alone.L = s->L;
    alone.screen = UI_SCREEN_PLAY;   /* no game: a plain background */
    UiWidget *copy = ui_scene_add(&alone, w->kind, w->r.x, w->r.y, w->r.w, w->r.h, w->text);
    *copy = *w;
    copy->style &= (uint16_t)~UI_ST_HOVER;
    SDL_Surface *scratch = ui_surface_new(shot->w, shot->h);
    if (!scratch || ui_render(scratch, as, &alone))
        return false;
    uint32_t ink = w->kind == UI_W_TEXT ? (w->colour | 0xFF000000u) : UI_INK;
    uint32_t blank = ui_pixel(scratch, 0, 0), under = commonest(shot, &w->r);
    int inked = 0, wrong = 0, clear = 0, cleared = 0;
    for (int y = w->r.y; y < w->r.y + w->r.h; y++)
        for (int x = w->r.x; x < w->r.x + w->r.w; x++) {
            uint32_t a = ui_pixel(scratch, x, y), b = ui_pixel(shot, x, y);
            if (a == blank) {   /* no text here: the shot shows what lies under it */
                clear++;
                cleared += b == under;
            } else if (uf_distance(a, blank) * 10 >= uf_distance(ink, blank) * 6) {   /* mostly covered */
                inked++;
                wrong += uf_distance(b, ink) >= uf_distance(b, under);
            }
        }
    SDL_FreeSurface(scratch);
    bool ok = inked >= 4 && wrong == 0 && cleared * 10 >= clear * 9;
    if (!ok)
        fprintf(stderr, "text '%s' at %d,%d %dx%d: %d inked, %d wrong, %d of %d clear\n", w->text, w->r.x, w->r.y,
                w->r.w, w->r.h, inked, wrong, cleared, clear);
    return ok;
}

uint32_t uf_patch(const SDL_Surface *s, int x, int y)
{
    int r = 0, g = 0, b = 0;
    for (int dy = -3; dy <= 3; dy++)
        for (int dx = -3; dx <= 3; dx++) {
            uint32_t c = ui_pixel(s, x + dx, y + dy);
            r += ui_red(c);
            g += ui_green(c);
            b += ui_blue(c);
        }
    return ui_rgb(r / 49, g / 49, b / 49);
}

int uf_distance(uint32_t a, uint32_t b)
{
    return abs(ui_red(a) - ui_red(b)) + abs(ui_green(a) - ui_green(b)) + abs(ui_blue(a) - ui_blue(b));
}
