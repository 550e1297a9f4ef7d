/* A built-in 5x7 bitmap font for the window, so the UI needs no font library.
 *
 * Contract: every printable ASCII character (32..126) has a glyph; any other
 * byte draws as '?'. A glyph cell is 6x9 pixels at scale 1 (one column and two
 * rows of spacing). Drawing clips to the surface and never reads outside it.
 * Surfaces must be SDL_PIXELFORMAT_ARGB8888 (see ui_surface_new). */
#ifndef VQ_UI_FONT_H
#define VQ_UI_FONT_H

#include <SDL.h>
#include <stdint.h>

#define UI_GLYPH_W 6
#define UI_GLYPH_H 9

/* Draws `text` with its top-left corner at (x, y), each font pixel a
 * scale x scale square of colour `argb`. Stops at a newline or after
 * `max_chars` characters (negative: no limit). Returns the x after the text. */
int ui_text(SDL_Surface *dst, int x, int y, int scale, uint32_t argb, const char *text, int max_chars);
/* Width in pixels of `text` drawn at `scale`. */
int ui_text_width(const char *text, int scale);

#endif
