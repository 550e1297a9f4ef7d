/* Where things go in the window, as pure functions of the window size and
 * the game, so drawing and hit-testing agree:
 *   - the board area (left): hexes scaled to fit the stacks, the lava and the
 *     cells the pending options point at; each stack rises `lift` pixels per
 *     tile (a pseudo-3D view from the south), so its top face sits above its
 *     ground hex;
 *   - the Power Grid strip under the board (cards in the grid's own shape);
 *   - the panel (right): seats, supply, the decision, the story.
 * Text sizes follow the window height.
 *
 * Hexes are pointy-topped, as in hex.h: edge d faces d * 60 degrees clockwise
 * from east, screen y down. */
#ifndef VQ_UI_LAYOUT_H
#define VQ_UI_LAYOUT_H

#include <SDL.h>
#include <stdbool.h>

#include "game.h"

typedef struct UiLayout {
    int w, h;
    int fs, fs_small, fs_big;        /* font pixel sizes */
    int line, line_small, line_big;  /* line heights */
    int pad;
    int board_w, board_h;            /* the board fills [0, board_w) x [0, board_h) */
    double hex_size;                 /* centre to corner, in pixels */
    double ox, oy;                   /* ground pixel centre of hex (0, 0) */
    int lift;                        /* pixels a stack rises per tile */
    bool grid_shown;
    int grid_x, grid_y, grid_w, grid_h;   /* the Power Grid strip */
    int card_w, card_h;
    int panel_x, panel_w;            /* the panel fills [panel_x, w) x [0, h) */
} UiLayout;

/* Lays out a w x h window for game g whose pending options are opts[0..n). */
void ui_layout(UiLayout *L, int w, int h, const Game *g, const Option *opts, int n, bool grid_shown);
/* The window size and text sizes only (screens without a board). */
void ui_layout_text(UiLayout *L, int w, int h);
/* Ground pixel centre of a board cell (where an ocean hex is drawn). */
void ui_cell_centre(const UiLayout *L, int cell, double *x, double *y);
/* Pixel centre of the cell's top face: the ground centre raised by its height. */
void ui_cell_face(const UiLayout *L, const Game *g, int cell, double *x, double *y);
/* The cell whose top face (or, for the ocean, ground hex) is under pixel
 * (x, y), the nearest stack winning where raised faces overlap; NO_CELL off
 * the board area or the stored plane. */
int  ui_cell_at(const UiLayout *L, const Game *g, int x, int y);
/* Pixel where a critter on area `area` of the cell's top tile stands. */
void ui_area_point(const UiLayout *L, const Game *g, int cell, int area, int *x, int *y);
/* The area of the cell's top tile under pixel (x, y) (by the edge sector it
 * lies in), or 0 for a one-area tile, or -1 when the cell has no areas. */
int  ui_area_at(const UiLayout *L, const Game *g, int cell, int x, int y);
/* Where grid slot `slot`'s card is drawn. */
void ui_card_rect(const UiLayout *L, const Game *g, int slot, SDL_Rect *r);
/* Whether pixel (x, y) lies inside a hex of corner radius `size` centred on (cx, cy). */
static inline bool ui_in_hex(double x, double y, double cx, double cy, double size)
{
    double dx = x > cx ? x - cx : cx - x, dy = y > cy ? y - cy : cy - y;
    return dx <= size * 0.8660254 && dy <= size - dx * 0.5773503;
}
static inline bool ui_in_rect(const SDL_Rect *r, int x, int y)
{
    return x >= r->x && y >= r->y && x < r->x + r->w && y < r->y + r->h;
}

#endif
