#include "render.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core_internal.h"
#include "draw.h"
#include "font.h"
#include "layout.h"

#define INK ui_rgb(230, 230, 225)
#define DIM ui_rgb(150, 150, 150)
#define PANEL_BG ui_rgb(30, 33, 38)
#define HILITE 0xD0FFD84Au      /* cells the options point at */
#define FILTER 0xFFFFFFFFu      /* the cell the list is narrowed to */
#define HOVER 0xFF40E0F0u       /* the option under the pointer */

static const uint32_t SEAT[UI_SEATS] = {
    0xFFDC2828u, 0xFF286EE6u, 0xFFF5CD1Eu, 0xFFAA3CC8u, 0xFFF5F5F5u,
};

uint32_t ui_seat_colour(int seat) { return SEAT[(unsigned)seat % UI_SEATS]; }

UiView ui_view_empty(void)
{
    UiView v;
    memset(&v, 0, sizeof v);
    v.hover = -1;
    v.filter_cell = NO_CELL;
    return v;
}

/* ---- the board ---------------------------------------------------------- */

/* Colour of one pixel of a top tile of `type` turned `rot` at offset (dx, dy)
 * from the hex centre; (x, y) is the screen pixel (textures tile on screen). */
static uint32_t tile_pixel(const Game *g, const UiTextures *tx, int type, int rot, double dx, double dy,
                           int x, int y, double size)
{
    const TileType *t = &g->rules.tile_types[type];
    switch (t->tile_class) {
    case TILE_VOLCANO: {
        const SDL_Surface *v = tx->tex[UI_TEX_VOLCANO];
        int u = (int)(dx * v->w / (1.8 * size) + v->w / 2), w = (int)(dy * v->h / (1.8 * size) + v->h / 2);
        return ui_texel(v, u, w);
    }
    case TILE_SOIL:
        return ui_texel(tx->tex[UI_TEX_SOIL], x, y);
    default: {
        double a = atan2(dy, dx) * 180 / M_PI;
        if (a < 0)
            a += 360;
        int edge = (int)((a + 30) / 60) % 6;
        int biome = tile_edge_biome(t, rot, edge);
        return ui_texel(tx->tex[biome < BIOME_COUNT ? biome : UI_TEX_SOIL], x, y);
    }
    }
}

/* Draws a tile (or a lava patch when type < 0) filling the hex at (cx, cy). */
static void draw_hex(SDL_Surface *dst, const Game *g, const UiTextures *tx, double cx, double cy, double size,
                     int type, int rot, int height, int lava)
{
    int x0 = (int)floor(cx - size), x1 = (int)ceil(cx + size);
    int y0 = (int)floor(cy - size), y1 = (int)ceil(cy + size);
    int shade = 82 + 7 * height;   /* taller stacks are lighter */
    if (shade > 118)
        shade = 118;
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++) {
            double px = x + 0.5, py = y + 0.5;
            if (!ui_in_hex(px, py, cx, cy, size - 1))
                continue;
            uint32_t c;
            if (type >= 0) {
                c = ui_shade(tile_pixel(g, tx, type, rot, px - cx, py - cy, x, y, size), shade);
                if (!ui_in_hex(px, py, cx, cy, size - 2.5))
                    c = ui_shade(c, 60);   /* the tile's rim */
                ui_put(dst, x, y, c);
            }
            if (lava && ui_in_hex(px, py, cx, cy, type >= 0 ? size * 0.72 : size - 1))
                ui_blend(dst, x, y, (ui_texel(tx->tex[UI_TEX_LAVA], x, y) & 0xFFFFFF) | 0xE0000000u);
        }
}

static void outline_hex(SDL_Surface *dst, double cx, double cy, double size, double width, uint32_t argb)
{
    int x0 = (int)floor(cx - size), x1 = (int)ceil(cx + size);
    int y0 = (int)floor(cy - size), y1 = (int)ceil(cy + size);
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++) {
            double px = x + 0.5, py = y + 0.5;
            if (ui_in_hex(px, py, cx, cy, size - 1) && !ui_in_hex(px, py, cx, cy, size - 1 - width))
                ui_blend(dst, x, y, argb);
        }
}

static void draw_board(SDL_Surface *dst, const Game *g, const UiTextures *tx, const UiLayout *L, const UiView *v)
{
    const SDL_Surface *ocean = tx->tex[UI_TEX_OCEAN];
    for (int y = 0; y < L->h; y++)
        for (int x = 0; x < L->board_w; x++)
            ui_put(dst, x, y, ui_texel(ocean, x, y));

    double size = L->hex_size;
    int scale = size >= 40 ? 2 : 1;
    for (int cell = 0; cell < BOARD_CELLS; cell++) {
        const Cell *c = &g->board.cells[cell];
        const PlacedTile *top = board_top(&g->board, cell);
        if (!top && !(c->flags & CELL_LAVA))
            continue;
        double cx, cy;
        ui_cell_centre(L, cell, &cx, &cy);
        if (cx < -size || cx > L->board_w + size || cy < -size || cy > L->h + size)
            continue;
        draw_hex(dst, g, tx, cx, cy, size, top ? top->type : -1, top ? top->rotation : 0, c->height,
                 c->flags & CELL_LAVA);
    }

    /* Critters: on their areas, or (at sea) at the cell's centre. */
    int token = (int)(size * 0.55);
    if (token < 6)
        token = 6;
    for (int p = 0; p < g->players; p++)
        for (int i = 0; i < g->rules.critters_per_player && i < MAX_CRITTERS; i++) {
            const Critter *cr = &g->player[p].critters[i];
            if ((cr->place != AT_BOARD && cr->place != AT_ASIDE) || cr->cell >= BOARD_CELLS)
                continue;
            int x, y;
            ui_area_point(L, g, cr->cell, cr->place == AT_BOARD ? cr->area : 0, &x, &y);
            ui_blit_disc(dst, tx->tex[UI_TEX_CRITTER0 + p % UI_SEATS], x, y, token);
        }

    /* Heights last, on a dark badge in the hex's top corner, over any token. */
    for (int cell = 0; cell < BOARD_CELLS && size >= 10; cell++) {
        if (!board_is_land(&g->board, cell))
            continue;
        double cx, cy;
        ui_cell_centre(L, cell, &cx, &cy);
        char h[8];
        snprintf(h, sizeof h, "%d", g->board.cells[cell].height);
        int w = ui_text_width(h, scale), x = (int)cx - w / 2, y = (int)(cy - size) + 3 * scale;
        ui_blend_rect(dst, x - scale, y - scale, w + scale, 9 * scale, 0xA0000000u);
        ui_text(dst, x, y, scale, INK, h, -1);
    }

    /* Where the options point, then the filter cell and the hovered option. */
    if (!v || !v->options)
        return;
    static uint8_t marked[BOARD_CELLS];
    memset(marked, 0, sizeof marked);
    for (int i = 0; i < v->option_count; i++) {
        int cell = ui_option_cell(g, &v->options[i]);
        if (cell != NO_CELL && !marked[cell]) {
            marked[cell] = 1;
            double cx, cy;
            ui_cell_centre(L, cell, &cx, &cy);
            outline_hex(dst, cx, cy, size, size >= 20 ? 3 : 2, HILITE);
        }
    }
    if (v->filter_cell != NO_CELL && v->filter_cell < BOARD_CELLS) {
        double cx, cy;
        ui_cell_centre(L, v->filter_cell, &cx, &cy);
        outline_hex(dst, cx, cy, size, 3, FILTER);
    }
    if (v->hover >= 0 && v->hover < v->option_count) {
        const Option *o = &v->options[v->hover];
        int cell = ui_option_cell(g, o);
        if (cell != NO_CELL) {
            double cx, cy;
            ui_cell_centre(L, cell, &cx, &cy);
            if (o->verb == VERB_TILE && o->subject < g->rules.tile_type_count)
                draw_hex(dst, g, tx, cx, cy, size, o->subject, o->sub, g->board.cells[cell].height + 1, 0);
            outline_hex(dst, cx, cy, size, 3, HOVER);
            if ((o->verb == VERB_CRITTER || o->verb == VERB_MOVE || o->verb == VERB_MIGRATE ||
                 o->verb == VERB_EVACUATE) && board_is_land(&g->board, cell)) {
                int x, y;
                ui_area_point(L, g, cell, o->sub, &x, &y);
                ui_ring(dst, x, y, token / 2 + 3, 2, HOVER);
            }
        }
    }
}

/* ---- the panel ---------------------------------------------------------- */

static int line(SDL_Surface *dst, int x, int y, uint32_t argb, int max_x, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
static int line(SDL_Surface *dst, int x, int y, uint32_t argb, int max_x, const char *fmt, ...)
{
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return ui_text(dst, x, y, 1, argb, buf, (max_x - x) / UI_GLYPH_W);
}

static void draw_player(SDL_Surface *dst, const Game *g, const UiTextures *tx, const UiLayout *L,
                        const UiView *v, int p, int y)
{
    int x = L->panel_x + 10, right = L->w - 6;
    const Player *pl = &g->player[p];
    if (p == g->pending.player && !game_over(g))
        ui_fill_rect(dst, L->panel_x + 2, y - 2, L->w - L->panel_x - 4, L->player_h - 2, ui_rgb(50, 56, 66));
    if (p == g->active)
        ui_fill_rect(dst, L->panel_x + 2, y - 2, 3, L->player_h - 2, ui_seat_colour(p));
    ui_blit_disc(dst, tx->tex[UI_TEX_CRITTER0 + p % UI_SEATS], x + 5, y + 4, 11);
    int grid = 0, sea = 0;
    for (int i = 0; i < g->rules.critters_per_player && i < MAX_CRITTERS; i++) {
        grid += pl->critters[i].place == AT_GRID;
        sea += pl->critters[i].place == AT_ASIDE;
    }
    line(dst, x + 14, y, ui_seat_colour(p), right, "%c  %s%s%s", 'A' + p, v && v->human && !v->human[p] ? "bot" : "human",
         p == g->active ? "  (turn)" : "", p == g->pending.player && !game_over(g) ? "  deciding" : "");
    y += UI_ROW_H;
    int cx = x + 14;
    for (int b = 0; b < BIOME_COUNT; b++) {
        ui_fill_rect(dst, cx, y, 8, 8, tx->mean[b]);
        ui_frame_rect(dst, cx, y, 8, 8, DIM);
        cx = line(dst, cx + 11, y, INK, right, "%d", pl->resources[b]) + 8;
    }
    line(dst, cx + 4, y, INK, right, "hand %d  land %d  crater %d", hand_count(g, p), land_critter_count(g, p),
         crater_count(g, p));
    y += UI_ROW_H;
    line(dst, x + 14, y, DIM, right, "grid %d  volcanoes %d  caldera %d%s", grid, pl->volcanoes, pl->caldera_count,
         sea ? "  at sea" : "");
}

static void draw_options(SDL_Surface *dst, const Game *g, const UiLayout *L, const UiView *v)
{
    int x = L->panel_x + 10, right = L->w - 6;
    int total = v->shown ? v->shown_count : v->option_count;
    if (v->filter_cell != NO_CELL) {
        Hex h = board_hex(v->filter_cell);
        line(dst, x, L->list_header_y, INK, right, "Options at (%d,%d): %d of %d  (Esc: all)", h.q, h.r, total,
             v->option_count);
    } else {
        line(dst, x, L->list_header_y, INK, right, "Options: %d  (click one, a lit hex, or type N + Enter)", total);
    }
    UiDescribe describe = v->describe ? v->describe : ui_describe_option;
    for (int row = 0; row < L->list_rows; row++) {
        int k = v->scroll + row;
        if (k >= total)
            break;
        int index = v->shown ? v->shown[k] : k;
        int y = L->list_y + row * UI_ROW_H;
        if (index == v->hover)
            ui_fill_rect(dst, L->panel_x + 2, y - 2, L->w - L->panel_x - 4, UI_ROW_H, ui_rgb(40, 90, 110));
        char d[200];
        describe(d, sizeof d, g, &v->options[index]);
        uint32_t ink = ui_option_cell(g, &v->options[index]) != NO_CELL ? ui_rgb(255, 230, 120) : INK;
        line(dst, x, y, ink, right, "%4d  %s", index, d);
    }
    if (total > L->list_rows && L->list_rows > 0) {
        int first = v->scroll + 1, last = v->scroll + L->list_rows < total ? v->scroll + L->list_rows : total;
        line(dst, x, L->footer_y, DIM, right, "%d-%d of %d; wheel/PgUp/PgDn scroll, Esc clear, Q quit", first,
             last, total);
    } else {
        line(dst, x, L->footer_y, DIM, right, "Esc clear, Q quit");
    }
}

static void draw_scores(SDL_Surface *dst, const Game *g, const UiLayout *L, const Scores *s)
{
    int x = L->panel_x + 10, right = L->w - 6, y = L->list_header_y;
    line(dst, x, y, INK, right, "Final scores");
    y += UI_ROW_H + 4;
    line(dst, x, y, DIM, right, "seat crit edge volc crat tall larg div cald buy bon total");
    for (int p = 0; p < g->players; p++) {
        const ScoreLine *l = &s->line[p];
        y += UI_ROW_H;
        line(dst, x, y, ui_seat_colour(p), right, "  %c  %4d %4d %4d %4d %4d %4d %3d %4d %3d %3d %5d%s", 'A' + p,
             l->critters, l->edges, l->volcanoes, l->sacrifices, l->tallest, l->largest, l->diversified, l->caldera,
             l->bought, l->bonus, l->total, (s->winners >> p) & 1 ? " won" : "");
    }
}

static void draw_panel(SDL_Surface *dst, const Game *g, const UiTextures *tx, const UiLayout *L, const UiView *v)
{
    ui_fill_rect(dst, L->panel_x, 0, L->w - L->panel_x, L->h, PANEL_BG);
    ui_fill_rect(dst, L->panel_x, 0, 1, L->h, ui_rgb(80, 80, 80));
    int x = L->panel_x + 10, right = L->w - 6;
    ui_text(dst, x, 8, 2, ui_rgb(255, 140, 60), "Volcanique", -1);
    line(dst, x + 130, 12, DIM, right, "turn %d, %s phase%s", g->turn, phase_name(g->phase),
         g->mode == MODE_FINAL ? ", final turn" : g->mode == MODE_FINALE ? ", finale" : "");
    for (int p = 0; p < g->players; p++)
        draw_player(dst, g, tx, L, v, p, L->players_y + p * L->player_h);
    line(dst, x, L->supply_y, DIM, right, "supply: %d land tiles, %d volcanoes, lava flows %d", land_supply(g),
         g->supply_volcanoes, g->lava_count);
    line(dst, x, L->supply_y + UI_ROW_H, DIM, right, "resources in supply: dark %d, medium %d, light %d",
         g->supply_resources[0], g->supply_resources[1], g->supply_resources[2]);

    int y = L->decision_y;
    if (game_over(g)) {
        line(dst, x, y, ui_rgb(255, 140, 60), right, "The game is over (%s).", end_reason_name(g, g->end_reason));
    } else {
        int who = g->pending.player;
        line(dst, x, y, ui_seat_colour(who), right, "Decision: %s, by %c (%s)", decision_kind_name(g->pending.kind),
             'A' + who, v && v->human && !v->human[who] ? "bot" : "human");
    }
    if (v && v->typed && v->typed[0])
        line(dst, x, y + UI_ROW_H, ui_rgb(255, 255, 255), right, "> %s_   (Enter applies, Backspace erases)",
             v->typed);
    if (v && v->status)
        line(dst, x, y + 2 * UI_ROW_H, ui_rgb(255, 170, 120), right, "%s", v->status);

    if (v && v->scores)
        draw_scores(dst, g, L, v->scores);
    else if (v && v->options)
        draw_options(dst, g, L, v);
}

int ui_render(SDL_Surface *dst, const Game *g, const UiTextures *tx, const UiView *view)
{
    if (!dst || dst->format->format != SDL_PIXELFORMAT_ARGB8888)
        return -1;
    UiLayout L;
    ui_layout(&L, dst->w, dst->h, g, view ? view->options : NULL, view && view->options ? view->option_count : 0);
    if (SDL_MUSTLOCK(dst))
        SDL_LockSurface(dst);
    draw_board(dst, g, tx, &L, view);
    draw_panel(dst, g, tx, &L, view);
    if (SDL_MUSTLOCK(dst))
        SDL_UnlockSurface(dst);
    return 0;
}

/* ---- option descriptions ------------------------------------------------ */

void ui_describe_option(char *buf, int len, const Game *g, const Option *o)
{
    int n = snprintf(buf, (size_t)len, "%s", verb_name(o->verb));
    int cell = ui_option_cell(g, o);
    if (cell != NO_CELL && n < len) {
        Hex h = board_hex(cell);
        n += snprintf(buf + n, (size_t)(len - n), " at (%d,%d)", h.q, h.r);
    }
    if (o->verb == VERB_TILE && o->subject < g->rules.tile_type_count && n < len)
        n += snprintf(buf + n, (size_t)(len - n), " %s turned %d", g->rules.tile_types[o->subject].name, o->sub);
    if (o->pay && n < len)
        snprintf(buf + n, (size_t)(len - n), " paying %d/%d/%d", pay_of(o->pay, 0), pay_of(o->pay, 1),
                 pay_of(o->pay, 2));
}
