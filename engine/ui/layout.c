#include "layout.h"

#include <math.h>

#include "table.h"

#define SQRT3 1.7320508075688772

static int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

/* Unit-size pixel offsets of an axial hex (pointy-topped). */
static void unit_xy(Hex h, double *x, double *y)
{
    *x = SQRT3 * (h.q + h.r / 2.0);
    *y = 1.5 * h.r;
}

static void text_sizes(UiLayout *L)
{
    L->fs = clampi(L->h / 50, 11, 22);
    L->fs_small = clampi(L->fs * 5 / 6, 10, 19);
    L->fs_big = L->fs * 3 / 2;
    L->line = L->fs * 5 / 4 + 1;
    L->line_small = L->fs_small * 5 / 4 + 1;
    L->line_big = L->fs_big * 5 / 4;
    L->pad = clampi(L->fs / 2, 4, 12);
}

static void areas(UiLayout *L)
{
    L->panel_w = clampi(L->w * 34 / 100, 290, 600);
    if (L->panel_w > L->w / 2)
        L->panel_w = L->w / 2;
    L->panel_x = L->w - L->panel_w;
    L->board_w = L->panel_x;
    L->grid_h = L->grid_shown ? clampi(L->h * 19 / 100, 3 * 26, 3 * 64) : 0;
    L->grid_x = 0;
    L->grid_y = L->h - L->grid_h;
    L->grid_w = L->board_w;
    L->card_h = L->grid_h / 3;
    L->card_w = (L->grid_w - 2 * L->pad) / 5;
    if (L->card_w > L->card_h * 4)
        L->card_w = L->card_h * 4;
    L->board_h = L->h - L->grid_h;
}

/* Bounds, in unit-size pixels, of the cells worth showing: land, lava and
 * option places. False when there are none. */
static bool bounds(const Game *g, const Option *opts, int n, double b[4])
{
    b[0] = b[2] = 1e9;
    b[1] = b[3] = -1e9;
    for (int i = 0; i < BOARD_CELLS + n; i++) {
        int cell = i < BOARD_CELLS ? i : ui_option_cell(g, &opts[i - BOARD_CELLS]);
        if (cell == NO_CELL || (i < BOARD_CELLS && !board_is_land(&g->board, cell) &&
                                !(g->board.cells[cell].flags & CELL_LAVA)))
            continue;
        double x, y;
        unit_xy(board_hex(cell), &x, &y);
        b[0] = x < b[0] ? x : b[0];
        b[1] = x > b[1] ? x : b[1];
        b[2] = y < b[2] ? y : b[2];
        b[3] = y > b[3] ? y : b[3];
    }
    return b[0] <= b[1];
}

void ui_layout_text(UiLayout *L, int w, int h)
{
    L->w = w;
    L->h = h;
    text_sizes(L);
}

void ui_layout(UiLayout *L, int w, int h, const Game *g, const Option *opts, int n, bool grid_shown)
{
    ui_layout_text(L, w, h);
    L->grid_shown = grid_shown;
    areas(L);
    double b[4];
    if (!bounds(g, opts, n, b))
        b[0] = b[1] = b[2] = b[3] = 0;
    int tallest = 1;
    for (int c = 0; c < BOARD_CELLS; c++)
        if (g->board.cells[c].height > tallest)
            tallest = g->board.cells[c].height;
    b[0] -= SQRT3 * 1.5;   /* one ring of ocean, plus the hex's own half width */
    b[1] += SQRT3 * 1.5;
    b[2] -= 2.5 + 0.1 * (tallest > 8 ? 8 : tallest);   /* room for the raised faces */
    b[3] += 2.5;
    double pad = L->pad * 2;
    double sx = (L->board_w - 2 * pad) / (b[1] - b[0]), sy = (L->board_h - 2 * pad) / (b[3] - b[2]);
    double size = sx < sy ? sx : sy;
    if (size > 56) size = 56;
    if (size < 6) size = 6;
    L->hex_size = size;
    L->lift = (int)(size * 0.1 + 0.5) < 1 ? 1 : (int)(size * 0.1 + 0.5);
    L->ox = L->board_w / 2.0 - size * (b[0] + b[1]) / 2;
    L->oy = L->board_h / 2.0 - size * (b[2] + b[3]) / 2;
}

void ui_cell_centre(const UiLayout *L, int cell, double *x, double *y)
{
    unit_xy(board_hex(cell), x, y);
    *x = L->ox + *x * L->hex_size;
    *y = L->oy + *y * L->hex_size;
}

static int drawn_height(const Game *g, int cell)
{
    int h = g->board.cells[cell].height;
    return h > 8 ? 8 : h;
}

void ui_cell_face(const UiLayout *L, const Game *g, int cell, double *x, double *y)
{
    ui_cell_centre(L, cell, x, y);
    *y -= L->lift * drawn_height(g, cell);
}

/* The ground hex under (px, py), or NO_CELL. */
static int ground_cell(const UiLayout *L, int px, int py)
{
    double x = (px + 0.5 - L->ox) / L->hex_size, y = (py + 0.5 - L->oy) / L->hex_size;
    double fq = SQRT3 / 3 * x - y / 3, fr = 2.0 / 3 * y, fs = -fq - fr;
    double q = round(fq), r = round(fr), s = round(fs);
    double dq = fabs(q - fq), dr = fabs(r - fr), ds = fabs(s - fs);
    if (dq > dr && dq > ds)
        q = -r - s;
    else if (dr > ds)
        r = -q - s;
    Hex h = hex_make((int)q, (int)r);
    return board_in_bounds(h) ? board_cell(h) : NO_CELL;
}

int ui_cell_at(const UiLayout *L, const Game *g, int px, int py)
{
    if (px < 0 || px >= L->board_w || py < 0 || py >= L->board_h)
        return NO_CELL;
    /* Faces are drawn in cell order (north to south), so the last face
     * containing the point is the one on top. */
    for (int k = g->board.land_count - 1, best = -1; k >= -1; k--) {
        if (k < 0)
            return best >= 0 ? best : ground_cell(L, px, py);
        int cell = g->board.land[k];
        double cx, cy;
        ui_cell_face(L, g, cell, &cx, &cy);
        if (ui_in_hex(px + 0.5, py + 0.5, cx, cy, L->hex_size) && cell > best)
            best = cell;
    }
    return NO_CELL;
}

void ui_area_point(const UiLayout *L, const Game *g, int cell, int area, int *px, int *py)
{
    double cx, cy;
    ui_cell_face(L, g, cell, &cx, &cy);
    double sx = 0, sy = 0;
    static const double NX[6] = { 1, 0.5, -0.5, -1, -0.5, 0.5 };
    static const double NY[6] = { 0, 0.8660254, 0.8660254, 0, -0.8660254, -0.8660254 };
    const PlacedTile *top = board_top(&g->board, cell);
    if (top) {
        const TileType *t = &g->rules.tile_types[top->type];
        if (t->areas > 1)
            for (int e = 0; e < 6; e++)
                if (tile_edge_area(t, top->rotation, e) == area) {
                    sx += NX[e];
                    sy += NY[e];
                }
    }
    double len = sqrt(sx * sx + sy * sy);
    if (len > 1e-6) {
        cx += sx / len * L->hex_size * 0.5;
        cy += sy / len * L->hex_size * 0.5;
    }
    *px = (int)lround(cx);
    *py = (int)lround(cy);
}

int ui_area_at(const UiLayout *L, const Game *g, int cell, int px, int py)
{
    const PlacedTile *top = cell < BOARD_CELLS ? board_top(&g->board, cell) : NULL;
    if (!top)
        return -1;
    const TileType *t = &g->rules.tile_types[top->type];
    if (t->areas == 0)
        return -1;
    if (t->areas == 1)
        return 0;
    double cx, cy;
    ui_cell_face(L, g, cell, &cx, &cy);
    static const double NX[6] = { 1, 0.5, -0.5, -1, -0.5, 0.5 };
    static const double NY[6] = { 0, 0.8660254, 0.8660254, 0, -0.8660254, -0.8660254 };
    double x = px + 0.5 - cx, y = py + 0.5 - cy;
    int best = 0;
    for (int e = 1; e < 6; e++)
        if (x * NX[e] + y * NY[e] > x * NX[best] + y * NY[best])
            best = e;
    return tile_edge_area(t, top->rotation, best);
}

void ui_card_rect(const UiLayout *L, const Game *g, int slot, SDL_Rect *r)
{
    int top = 4, cmin = -2, cmax = 2;   /* the base grid's shape, widened for other grids */
    for (int i = 0; i < g->rules.grid_slot_count; i++) {
        const GridSlot *s = &g->rules.grid[i];
        top = s->row2 > top ? s->row2 : top;
        cmin = s->column < cmin ? s->column : cmin;
        cmax = s->column > cmax ? s->column : cmax;
    }
    int columns = cmax - cmin + 1, half = L->grid_h / (top + 2);
    int cw = (L->grid_w - 2 * L->pad) / columns;
    if (cw > half * 8)
        cw = half * 8;
    const GridSlot *s = &g->rules.grid[slot];
    int left = L->grid_x + (L->grid_w - columns * cw) / 2;
    r->x = left + (s->column - cmin) * cw + 1;
    r->y = L->grid_y + (top - s->row2) * half + 1;
    r->w = cw - 2;
    r->h = 2 * half - 2;
}
