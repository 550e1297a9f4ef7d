#include "scene.h"

#include <stdio.h>
#include <string.h>

void ui_scene_reset(UiScene *s, const Game *g, const UiTable *t, int w, int h)
{
    s->screen = UI_SCREEN_PLAY;
    s->game = g;
    s->table = t;
    s->nw = 0;
    s->pool_used = 0;
    memset(s->lit, 0, sizeof s->lit);
    memset(s->areas, 0, sizeof s->areas);
    s->picked = -1;
    s->pointer_x = s->pointer_y = -1;
    s->ghost_type = -1;
    s->ghost_rot = 0;
    s->ghost_cell = NO_CELL;
    s->ghost_ok = false;
    s->hover_cell = NO_CELL;
    s->coords = false;
    s->dim_board = false;
    s->log_scroll = 0;
    s->tooltip = NULL;
    if (g)
        ui_layout(&s->L, w, h, g, NULL, 0, true);
    else {
        memset(&s->L, 0, sizeof s->L);
        ui_layout_text(&s->L, w, h);
    }
}

UiWidget *ui_scene_add(UiScene *s, int kind, int x, int y, int w, int h, const char *text)
{
    UiWidget *wd = &s->w[s->nw < UI_MAX_WIDGETS ? s->nw++ : UI_MAX_WIDGETS - 1];
    memset(wd, 0, sizeof *wd);
    wd->kind = (uint8_t)kind;
    wd->r = (SDL_Rect){ x, y, w, h };
    wd->colour = 0xFFE6E6E1u;
    snprintf(wd->text, sizeof wd->text, "%s", text ? text : "");
    return wd;
}

const char *ui_scene_keep(UiScene *s, const char *text)
{
    size_t n = strlen(text) + 1;
    if (s->pool_used + n > sizeof s->pool)
        return "";
    char *at = s->pool + s->pool_used;
    memcpy(at, text, n);
    s->pool_used += (int)n;
    return at;
}

const UiWidget *ui_scene_hit(const UiScene *s, int x, int y)
{
    for (int i = s->nw - 1; i >= 0; i--)
        if (s->w[i].act != UI_ACT_NONE && !(s->w[i].style & UI_ST_OFF) && ui_in_rect(&s->w[i].r, x, y))
            return &s->w[i];
    return NULL;
}

const UiWidget *ui_scene_tip_at(const UiScene *s, int x, int y)
{
    for (int i = s->nw - 1; i >= 0; i--)
        if (s->w[i].tip && s->w[i].tip[0] && ui_in_rect(&s->w[i].r, x, y))
            return &s->w[i];
    return NULL;
}
