/* Where things go in the window: the board area on the left (hexes scaled to
 * fit the stacks, the lava and the cells the pending options point at), the
 * panel on the right (players, decision, options list). Pure functions of the
 * window size, the game and its options, so drawing and hit-testing agree.
 *
 * Hexes are pointy-topped, as in hex.h: edge d faces d * 60 degrees clockwise
 * from east, screen y down. */
#ifndef VQ_UI_LAYOUT_H
#define VQ_UI_LAYOUT_H

#include <stdbool.h>

#include "game.h"

#define UI_PANEL_W 440
#define UI_ROW_H 11

typedef struct UiLayout {
    int w, h;
    int board_w;          /* the board fills x in [0, board_w) */
    int panel_x;          /* the panel fills x in [panel_x, w) */
    double hex_size;      /* centre to corner, in pixels */
    double ox, oy;        /* pixel centre of hex (0, 0) */
    int players_y;        /* panel sections, top to bottom */
    int player_h;
    int supply_y;
    int decision_y;
    int list_header_y;
    int list_y;           /* first option row */
    int list_rows;        /* option rows that fit */
    int footer_y;
} UiLayout;

/* Lays out a w x h window for game g whose pending options are opts[0..n). */
void ui_layout(UiLayout *L, int w, int h, const Game *g, const Option *opts, int n);
/* Pixel centre of a board cell. */
void ui_cell_centre(const UiLayout *L, int cell, double *x, double *y);
/* The board cell under pixel (x, y), or NO_CELL (panel, or off the stored plane). */
int ui_cell_at(const UiLayout *L, int x, int y);
/* Pixel where a critter on area `area` of the cell's top tile stands. */
void ui_area_point(const UiLayout *L, const Game *g, int cell, int area, int *x, int *y);
/* Options-list row under pixel (x, y) (0 = first visible row), or -1. */
int ui_list_row_at(const UiLayout *L, int x, int y);
/* The board cell an option is located at (its target, or the critter it
 * names), or NO_CELL for options with no place (buy, pass, unlock...). */
int ui_option_cell(const Game *g, const Option *o);
/* Whether pixel (x, y) lies inside a hex of corner radius `size` centred on (cx, cy). */
static inline bool ui_in_hex(double x, double y, double cx, double cy, double size)
{
    double dx = x > cx ? x - cx : cx - x, dy = y > cy ? y - cy : cy - y;
    return dx <= size * 0.8660254 && dy <= size - dx * 0.5773503;
}

#endif
