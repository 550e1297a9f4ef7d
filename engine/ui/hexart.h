/* What the board is drawn from, prepared ahead so a frame does no per-pixel
 * geometry or colour maths: the textures pre-shaded for each stack height,
 * and, for the current hex size, a mask saying for every pixel of a hex
 * whether it is inside, which edge's sector it lies in, and whether it is
 * on the rim, the highlight band or the inner (lava) hex; the volcano picture
 * and the critter tokens scaled to that size.
 *
 * Contract: ui_art_init copies the textures (resampled to UI_ART_TEX squares)
 * and needs nothing else; ui_art_size rebuilds the per-size parts only when
 * the size changes (by more than a hundredth of a pixel). Masks are centred on
 * pixel (half_w, half_h); the hex they describe has corner radius `size`.
 * Every pixel of a row between row_lo and row_hi is inside (a hex is convex). */
#ifndef VQ_UI_HEXART_H
#define VQ_UI_HEXART_H

#include <SDL.h>
#include <stdint.h>

#include "texture.h"

#define UI_ART_TEX 64      /* tiled textures are resampled to this square */
#define UI_ART_SHADES 9    /* index 0: as drawn (ocean level); 1..8: stack height, taller lighter */

enum {
    UI_MASK_SECTOR = 7,    /* bits 0-2: the edge (0..5, clockwise from east) the pixel faces */
    UI_MASK_IN = 8,        /* inside the hex */
    UI_MASK_RIM = 16,      /* within 2 pixels of its border */
    UI_MASK_BAND = 32,     /* within the highlight outline's width of its border */
    UI_MASK_INNER = 64     /* inside the smaller hex lava covers on land */
};

typedef struct UiHexArt {
    uint32_t *tex[UI_TEX_COUNT][UI_ART_SHADES];   /* UI_ART_TEX^2 texels each (critters: unused) */
    uint32_t side[UI_TEX_COUNT];                   /* a stack's side below a top of that texture */
    double size;
    int half_w, half_h, w, h;
    uint8_t *mask;                                 /* w * h */
    int16_t *row_lo, *row_hi;                      /* per mask row: first and last inside column, lo > hi if none */
    int16_t *col_bottom;                           /* per mask column: last inside row, -1 if none */
    int16_t *band;                                 /* (i, j) pairs of the UI_MASK_BAND pixels, row by row */
    int band_count;
    uint32_t *volcano;                             /* w * h: the volcano picture fitted to the hex */
    SDL_Surface *token[UI_SEATS];                  /* critter tokens scaled to token_size */
    int token_size;
} UiHexArt;

/* Brightness in percent of shade index k. */
int  ui_art_shade_percent(int k);
static inline int ui_art_shade_of_height(int height) { return height <= 0 ? 0 : height >= 8 ? 8 : height; }
int  ui_art_init(UiHexArt *a, const UiTextures *tx, char *err, int errlen);
/* Prepares the masks, volcano and tokens for hexes of corner radius `size`. Returns 0 or -1 (out of memory). */
int  ui_art_size(UiHexArt *a, const UiTextures *tx, double size);
void ui_art_free(UiHexArt *a);

#endif
