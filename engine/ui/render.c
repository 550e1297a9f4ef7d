#include "render.h"

#include <stdio.h>
#include <string.h>

#include "draw.h"

static const uint32_t SEAT[UI_SEATS] = {
    0xFFDC2828u, 0xFF286EE6u, 0xFFF5CD1Eu, 0xFFAA3CC8u, 0xFFF5F5F5u,
};

uint32_t ui_seat_colour(int seat) { return SEAT[(unsigned)seat % UI_SEATS]; }

int ui_assets_load(UiAssets *as, const char *texture_dir, const char *font, const char *bold, char *err, int errlen)
{
    memset(as, 0, sizeof *as);
    if (ui_textures_load(&as->tx, texture_dir, err, errlen))
        return -1;
    if (ui_art_init(&as->art, &as->tx, err, errlen) ||
        ui_font_load(&as->font, font ? font : UI_FONT_DEFAULT, err, errlen) ||
        ui_font_load(&as->bold, bold ? bold : UI_FONT_BOLD_DEFAULT, err, errlen)) {
        ui_assets_free(as);
        return -1;
    }
    return 0;
}

void ui_assets_free(UiAssets *as)
{
    ui_font_free(&as->font);
    ui_font_free(&as->bold);
    ui_art_free(&as->art);
    ui_textures_free(&as->tx);
}

static int size_of(const UiLayout *L, int style)
{
    return style & UI_ST_SMALL ? L->fs_small : style & UI_ST_BIG ? L->fs_big : L->fs;
}

static UiFont *font_of(UiAssets *as, int style)
{
    return style & UI_ST_BOLD ? &as->bold : &as->font;
}

/* Text in a rectangle: vertically centred, aligned by style, cut with "…". */
static void text_in(SDL_Surface *dst, UiAssets *as, const UiLayout *L, const SDL_Rect *r, int style, uint32_t colour,
                    const char *text)
{
    int px = size_of(L, style);
    UiFont *f = font_of(as, style);
    int w = ui_text_width(f, px, text), x = r->x;
    if (style & UI_ST_CENTRE)
        x = r->x + (r->w - w) / 2;
    else if (style & UI_ST_RIGHT)
        x = r->x + r->w - w;
    if (x < r->x)
        x = r->x;
    int y = r->y + (r->h - ui_font_line(f, px)) / 2;
    ui_text(dst, f, px, x, y, colour, text, r->w - (x - r->x));
}

static void draw_button(SDL_Surface *dst, UiAssets *as, const UiLayout *L, const UiWidget *w)
{
    uint32_t bg = 0xFF3A4150u, ink = UI_INK;
    if (w->style & UI_ST_PRIMARY) bg = 0xFF2F6FB0u;
    if (w->style & UI_ST_DANGER) bg = 0xFFB0463Au;
    if (w->style & UI_ST_ON) bg = 0xFF4E7A36u;
    if (w->style & UI_ST_OFF) { bg = 0xFF2A2D33u; ink = 0xFF6A6D73u; }
    if (w->style & UI_ST_HOVER) bg = ui_shade(bg, 130);
    int radius = L->pad / 2 + 2;
    ui_round_rect(dst, w->r.x, w->r.y, w->r.w, w->r.h, radius, bg);
    if (w->style & (UI_ST_LIT | UI_ST_HOVER)) {
        uint32_t edge = w->style & UI_ST_HOVER ? 0xFFFFFFFFu : UI_HILITE;
        ui_frame_rect(dst, w->r.x + 1, w->r.y, w->r.w - 2, w->r.h, edge);
    }
    SDL_Rect in = { w->r.x + L->pad / 2 + 2, w->r.y, w->r.w - L->pad - 4, w->r.h };
    text_in(dst, as, L, &in, (w->style & (UI_ST_BOLD | UI_ST_SMALL | UI_ST_BIG | UI_ST_RIGHT)) |
            (w->style & UI_ST_RIGHT ? 0 : UI_ST_CENTRE), ink, w->text);
}

static void draw_card(SDL_Surface *dst, UiAssets *as, const UiScene *s, const UiWidget *w)
{
    const Game *g = s->game;
    const UiLayout *L = &s->L;
    int slot = w->value, card = g->grid_card[slot];
    uint32_t bg = w->style & UI_ST_HOVER ? 0xFF4A4538u : 0xFF37342Cu;
    ui_round_rect(dst, w->r.x, w->r.y, w->r.w, w->r.h, 4, bg);
    if (w->style & (UI_ST_LIT | UI_ST_HOVER))
        ui_frame_rect(dst, w->r.x, w->r.y, w->r.w, w->r.h, w->style & UI_ST_LIT ? UI_HILITE : 0xFFFFFFFFu);
    int px = L->fs_small, line = ui_font_line(&as->bold, px), x = w->r.x + 4;
    char level[8];
    snprintf(level, sizeof level, "L%d", g->rules.grid[slot].level);
    int lw = ui_text_width(&as->font, px, level);
    ui_text(dst, &as->font, px, w->r.x + w->r.w - lw - 4, w->r.y + 1, 0xFFD8A860u, level, 0);
    const char *name = card < g->rules.power_card_count ? g->rules.power_cards[card].name : "(empty)";
    int start[2], len[2], n = ui_wrap(&as->bold, px, name, w->r.w - lw - 12, start, len, 2);
    for (int i = 0; i < n; i++) {
        char part[NAME_LEN + 4];
        snprintf(part, sizeof part, "%.*s", len[i], name + start[i]);
        if (i == 1 && start[1] + len[1] < (int)strlen(name))
            snprintf(part, sizeof part, "%.*s…", len[i], name + start[i]);
        if (w->r.y + 1 + (i + 1) * line <= w->r.y + w->r.h)
            ui_text(dst, &as->bold, px, x, w->r.y + 1 + i * line, UI_INK, part, w->r.w - 8);
    }
    int dot = w->r.h / 6 < 3 ? 3 : w->r.h / 6, cx = w->r.x + w->r.w - dot - 4, cy = w->r.y + w->r.h - dot - 3;
    for (int p = g->players - 1; p >= 0; p--)
        if (g->unlocked[p][slot]) {
            ui_disc(dst, cx, cy, dot, 0xFF000000u);
            ui_disc(dst, cx, cy, dot - 1, ui_seat_colour(p));
            cx -= 2 * dot + 2;
        }
}

static uint32_t line_colour(const UiLine *l)
{
    switch (l->kind) {
    case UI_LINE_ACTION: return UI_INK;
    case UI_LINE_DICE: return 0xFFFFA860u;
    case UI_LINE_TURN: return l->seat >= 0 ? ui_shade(ui_seat_colour(l->seat), 120) : UI_INK;
    case UI_LINE_END: return UI_HILITE;
    default: return 0xFFB4B8BEu;
    }
}

/* The story, newest line at the bottom, wrapped to the box; scrolled back by log_scroll lines. */
static void draw_log(SDL_Surface *dst, UiAssets *as, const UiScene *s, const UiWidget *w)
{
    if (!s->table)
        return;
    const UiLayout *L = &s->L;
    int px = L->fs_small, line = L->line_small, y = w->r.y + w->r.h;
    int n = ui_table_line_count(s->table);
    for (int k = n - 1 - s->log_scroll; k >= 0 && y - line >= w->r.y; k--) {
        const UiLine *l = ui_table_line(s->table, k);
        int indent = l->kind == UI_LINE_ACTION || l->kind == UI_LINE_TURN ? 0 : L->pad * 2;
        UiFont *f = l->kind == UI_LINE_TURN ? &as->bold : &as->font;
        int start[4], len[4], rows = ui_wrap(f, px, l->text, w->r.w - indent - 8, start, len, 4);
        for (int r = rows - 1; r >= 0 && y - line >= w->r.y; r--) {
            y -= line;
            char part[UI_LINE_LEN];
            snprintf(part, sizeof part, "%.*s", len[r], l->text + start[r]);
            ui_text(dst, f, px, w->r.x + indent + (r ? L->pad : 0), y, line_colour(l), part, w->r.w - indent);
            if (r == 0 && l->kind == UI_LINE_ACTION && l->seat >= 0)
                ui_fill_rect(dst, w->r.x - 6, y + line / 2 - 2, 4, 4, ui_seat_colour(l->seat));
        }
    }
}

static void draw_widget(SDL_Surface *dst, UiAssets *as, const UiScene *s, const UiWidget *w)
{
    const UiLayout *L = &s->L;
    switch (w->kind) {
    case UI_W_BOX:
        ui_round_rect(dst, w->r.x, w->r.y, w->r.w, w->r.h, L->pad / 2 + 1, w->colour);
        if (w->style & UI_ST_LIT)
            ui_frame_rect(dst, w->r.x, w->r.y, w->r.w, w->r.h, UI_HILITE);
        break;
    case UI_W_TEXT:
        text_in(dst, as, L, &w->r, w->style, w->colour, w->text);
        break;
    case UI_W_BUTTON:
        draw_button(dst, as, L, w);
        break;
    case UI_W_ROW:
        if (w->style & UI_ST_HOVER)
            ui_fill_rect(dst, w->r.x, w->r.y, w->r.w, w->r.h, 0xFF28506Au);
        text_in(dst, as, L, &(SDL_Rect){ w->r.x + 4, w->r.y, w->r.w - 8, w->r.h }, w->style, w->colour, w->text);
        break;
    case UI_W_SWATCH: {
        int sq = w->r.h * 3 / 4;
        ui_fill_rect(dst, w->r.x, w->r.y + (w->r.h - sq) / 2, sq, sq, w->colour);
        ui_frame_rect(dst, w->r.x, w->r.y + (w->r.h - sq) / 2, sq, sq, 0xFF000000u);
        text_in(dst, as, L, &(SDL_Rect){ w->r.x + sq + 3, w->r.y, w->r.w - sq - 3, w->r.h }, w->style, UI_INK, w->text);
        break;
    }
    case UI_W_TOKEN:
        ui_blit_disc(dst, as->tx.tex[UI_TEX_CRITTER0 + w->value % UI_SEATS], w->r.x + w->r.w / 2, w->r.y + w->r.h / 2,
                     w->r.h);
        break;
    case UI_W_CARD:
        if (s->game)
            draw_card(dst, as, s, w);
        break;
    case UI_W_LOG:
        draw_log(dst, as, s, w);
        break;
    default:
        break;
    }
}

static void draw_tooltip(SDL_Surface *dst, UiAssets *as, const UiScene *s)
{
    const UiLayout *L = &s->L;
    int px = L->fs_small, line = L->line_small, width = L->w / 2 < 440 ? L->w / 2 : 440;
    int start[24], len[24], n = ui_wrap(&as->font, px, s->tooltip, width - 16, start, len, 24);
    int widest = 0;
    for (int i = 0; i < n; i++) {
        char part[512];
        snprintf(part, sizeof part, "%.*s", len[i], s->tooltip + start[i]);
        int w = ui_text_width(&as->font, px, part);
        widest = w > widest ? w : widest;
    }
    int bw = widest + 16, bh = n * line + 10;
    int x = s->pointer_x + 16, y = s->pointer_y + 18;
    if (x + bw > L->w) x = s->pointer_x - bw - 8;
    if (y + bh > L->h) y = s->pointer_y - bh - 8;
    if (x < 0) x = 0;
    if (y < 0) y = 0;
    ui_round_rect(dst, x, y, bw, bh, 5, 0xF0121519u);
    ui_frame_rect(dst, x, y, bw, bh, 0xFF5A6070u);
    for (int i = 0; i < n; i++) {
        char part[512];
        snprintf(part, sizeof part, "%.*s", len[i], s->tooltip + start[i]);
        ui_text(dst, &as->font, px, x + 8, y + 5 + i * line, UI_INK, part, 0);
    }
}

int ui_render(SDL_Surface *dst, UiAssets *as, const UiScene *s)
{
    if (!dst || dst->format->format != SDL_PIXELFORMAT_ARGB8888)
        return -1;
    if (SDL_MUSTLOCK(dst))
        SDL_LockSurface(dst);
    if (s->screen == UI_SCREEN_PLAY && s->game) {
        ui_render_board(dst, as, s);
        ui_fill_rect(dst, s->L.panel_x, 0, s->L.panel_w, s->L.h, UI_PANEL);
        ui_fill_rect(dst, s->L.panel_x, 0, 1, s->L.h, 0xFF50545Cu);
        if (s->L.grid_shown)
            ui_fill_rect(dst, s->L.grid_x, s->L.grid_y, s->L.grid_w, s->L.grid_h, 0xFF16181Cu);
    } else if (s->screen == UI_SCREEN_START) {   /* the sea, darkened, under the start screen */
        ui_tile_rect(dst, as->tx.tex[UI_TEX_OCEAN], 0, 0, dst->w, dst->h);
        ui_blend_rect(dst, 0, 0, dst->w, dst->h, 0xB0101216u);
    } else {
        ui_fill_rect(dst, 0, 0, dst->w, dst->h, 0xFF191C21u);
    }
    for (int i = 0; i < s->nw; i++)
        draw_widget(dst, as, s, &s->w[i]);
    if (s->tooltip && s->tooltip[0] && s->pointer_x >= 0)
        draw_tooltip(dst, as, s);
    if (SDL_MUSTLOCK(dst))
        SDL_UnlockSurface(dst);
    return 0;
}
