#include "layout.h"

#include <math.h>

#define SQRT3 1.7320508075688772

/* Unit-size pixel offsets of an axial hex (pointy-topped). */
static void unit_xy(Hex h, double *x, double *y)
{
    *x = SQRT3 * (h.q + h.r / 2.0);
    *y = 1.5 * h.r;
}

int ui_option_cell(const Game *g, const Option *o)
{
    switch (o->verb) {
    case VERB_TILE: case VERB_CRITTER: case VERB_MOVE: case VERB_MIGRATE:
    case VERB_TARGET: case VERB_EVACUATE: case VERB_CHOOSE:
        return o->cell < BOARD_CELLS ? o->cell : NO_CELL;
    case VERB_SACRIFICE: case VERB_RETURN: case VERB_KEEP: {
        if (o->subject >= MAX_PLAYERS * MAX_CRITTERS)
            return NO_CELL;
        const Critter *c = &g->player[o->subject / MAX_CRITTERS].critters[o->subject % MAX_CRITTERS];
        return (c->place == AT_BOARD || c->place == AT_ASIDE) && c->cell < BOARD_CELLS ? c->cell : NO_CELL;
    }
    default:
        return NO_CELL;
    }
}

static void panel(UiLayout *L, const Game *g)
{
    L->players_y = 34;
    L->player_h = 3 * UI_ROW_H + 6;
    L->supply_y = L->players_y + g->players * L->player_h + 4;
    L->decision_y = L->supply_y + 2 * UI_ROW_H + 8;
    L->list_header_y = L->decision_y + 3 * UI_ROW_H + 6;
    L->list_y = L->list_header_y + UI_ROW_H + 4;
    L->footer_y = L->h - UI_ROW_H - 4;
    L->list_rows = (L->footer_y - 4 - L->list_y) / UI_ROW_H;
    if (L->list_rows < 0)
        L->list_rows = 0;
}

void ui_layout(UiLayout *L, int w, int h, const Game *g, const Option *opts, int n)
{
    L->w = w;
    L->h = h;
    L->panel_x = w > UI_PANEL_W * 2 ? w - UI_PANEL_W : w / 2;
    L->board_w = L->panel_x;
    panel(L, g);

    /* Bounds, in unit-size pixels, of every cell worth showing plus one ring. */
    double xmin = 1e9, xmax = -1e9, ymin = 1e9, ymax = -1e9;
    for (int pass = 0; pass < 2; pass++) {
        int count = pass == 0 ? BOARD_CELLS : n;
        for (int i = 0; i < count; i++) {
            int cell;
            if (pass == 0) {
                cell = i;
                if (!board_is_land(&g->board, cell) && !(g->board.cells[cell].flags & CELL_LAVA))
                    continue;
            } else {
                cell = ui_option_cell(g, &opts[i]);
                if (cell == NO_CELL)
                    continue;
            }
            double x, y;
            unit_xy(board_hex(cell), &x, &y);
            if (x < xmin) xmin = x;
            if (x > xmax) xmax = x;
            if (y < ymin) ymin = y;
            if (y > ymax) ymax = y;
        }
    }
    if (xmin > xmax) {
        xmin = xmax = ymin = ymax = 0;
    }
    xmin -= SQRT3 * 1.5; xmax += SQRT3 * 1.5;   /* one ring, plus the hex's own half width */
    ymin -= 2.5; ymax += 2.5;
    double pad = 12;
    double sx = (L->board_w - 2 * pad) / (xmax - xmin), sy = (h - 2 * pad) / (ymax - ymin);
    double size = sx < sy ? sx : sy;
    if (size > 48) size = 48;
    if (size < 6) size = 6;
    L->hex_size = size;
    L->ox = L->board_w / 2.0 - size * (xmin + xmax) / 2;
    L->oy = h / 2.0 - size * (ymin + ymax) / 2;
}

void ui_cell_centre(const UiLayout *L, int cell, double *x, double *y)
{
    unit_xy(board_hex(cell), x, y);
    *x = L->ox + *x * L->hex_size;
    *y = L->oy + *y * L->hex_size;
}

int ui_cell_at(const UiLayout *L, int px, int py)
{
    if (px < 0 || px >= L->board_w || py < 0 || py >= L->h)
        return NO_CELL;
    double x = (px + 0.5 - L->ox) / L->hex_size, y = (py + 0.5 - L->oy) / L->hex_size;
    double fq = (SQRT3 / 3 * x - y / 3), fr = 2.0 / 3 * y, fs = -fq - fr;
    double q = round(fq), r = round(fr), s = round(fs);
    double dq = fabs(q - fq), dr = fabs(r - fr), ds = fabs(s - fs);
    if (dq > dr && dq > ds)
        q = -r - s;
    else if (dr > ds)
        r = -q - s;
    Hex h = hex_make((int)q, (int)r);
    return board_in_bounds(h) ? board_cell(h) : NO_CELL;
}

void ui_area_point(const UiLayout *L, const Game *g, int cell, int area, int *px, int *py)
{
    double cx, cy;
    ui_cell_centre(L, cell, &cx, &cy);
    double sx = 0, sy = 0;
    const PlacedTile *top = board_top(&g->board, cell);
    if (top) {
        const TileType *t = &g->rules.tile_types[top->type];
        if (t->areas > 1)
            for (int e = 0; e < 6; e++)
                if (tile_edge_area(t, top->rotation, e) == area) {
                    sx += cos(e * M_PI / 3);
                    sy += sin(e * M_PI / 3);
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

int ui_list_row_at(const UiLayout *L, int x, int y)
{
    if (x < L->panel_x || x >= L->w || y < L->list_y)
        return -1;
    int row = (y - L->list_y) / UI_ROW_H;
    return row < L->list_rows ? row : -1;
}
