/* Drawing a scene (scene.h) into a software surface: the board (stacks in
 * pseudo-3D with their biomes, lava, critters, lit places, the tile or critter
 * in hand), then the widgets in order, then the tooltip.
 *
 * Contract: ui_render reads the scene, its game and table, and writes only
 * into `dst` (ARGB8888, see ui_surface_new) and the assets' caches (hex masks
 * for the current size, glyphs); it needs no window, no video driver and no
 * SDL_Init, so tests and the render benchmark call it directly. */
#ifndef VQ_UI_RENDER_H
#define VQ_UI_RENDER_H

#include <SDL.h>
#include <stdint.h>

#include "font.h"
#include "hexart.h"
#include "scene.h"
#include "texture.h"

typedef struct UiAssets {
    UiTextures tx;
    UiHexArt art;
    UiFont font, bold;
} UiAssets;

/* Loads the textures from texture_dir and the fonts (NULL: the defaults,
 * UI_FONT_DEFAULT and UI_FONT_BOLD_DEFAULT). Returns 0, or -1 with a message
 * naming the file. */
int  ui_assets_load(UiAssets *as, const char *texture_dir, const char *font, const char *bold, char *err, int errlen);
void ui_assets_free(UiAssets *as);

/* Renders; returns 0, or -1 if dst is not ARGB8888 (nothing drawn). */
int  ui_render(SDL_Surface *dst, UiAssets *as, const UiScene *scene);
/* The board alone (render_board.c). */
void ui_render_board(SDL_Surface *dst, UiAssets *as, const UiScene *scene);

/* Seat colours, as drawn on tokens and panels. */
uint32_t ui_seat_colour(int seat);
/* The panel's colours. */
#define UI_INK 0xFFE8E6E0u
#define UI_DIM 0xFF9A9CA2u
#define UI_PANEL 0xFF1E2126u
#define UI_HILITE 0xFFFFDC00u

#endif
