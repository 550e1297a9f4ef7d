/* Pixel drawing on software surfaces: the few primitives the renderer needs.
 *
 * Contract: every surface given to these functions is SDL_PIXELFORMAT_ARGB8888
 * (ui_surface_new makes one) and unlocked-access safe (no RLE). Drawing clips
 * to the surface; nothing reads or writes outside it. Colours are 0xAARRGGBB. */
#ifndef VQ_UI_DRAW_H
#define VQ_UI_DRAW_H

#include <SDL.h>
#include <stdint.h>

static inline uint32_t ui_rgb(int r, int g, int b)
{
    return 0xFF000000u | ((uint32_t)(r & 255) << 16) | ((uint32_t)(g & 255) << 8) | (uint32_t)(b & 255);
}
static inline uint32_t ui_rgba(int r, int g, int b, int a)
{
    return ((uint32_t)(a & 255) << 24) | (ui_rgb(r, g, b) & 0xFFFFFFu);
}
static inline int ui_red(uint32_t c) { return (int)(c >> 16) & 255; }
static inline int ui_green(uint32_t c) { return (int)(c >> 8) & 255; }
static inline int ui_blue(uint32_t c) { return (int)c & 255; }
static inline int ui_alpha(uint32_t c) { return (int)(c >> 24) & 255; }

/* `over` drawn on `under` by over's alpha; the result is opaque. */
static inline uint32_t ui_mix(uint32_t under, uint32_t over)
{
    uint32_t a = over >> 24;
    if (a == 255)
        return over;
    if (a == 0)
        return under | 0xFF000000u;
    uint32_t na = 255 - a;
    uint32_t rb = ((over & 0xFF00FFu) * a + (under & 0xFF00FFu) * na + 0x800080u) >> 8 & 0xFF00FFu;
    uint32_t g = ((over & 0x00FF00u) * a + (under & 0x00FF00u) * na + 0x008000u) >> 8 & 0x00FF00u;
    return 0xFF000000u | rb | g;
}

/* The colour with its channels halved: a cheap shadow. */
static inline uint32_t ui_darker(uint32_t c) { return 0xFF000000u | ((c >> 1) & 0x7F7F7Fu); }

static inline uint32_t *ui_row(const SDL_Surface *s, int y)
{
    return (uint32_t *)((uint8_t *)s->pixels + (size_t)y * (size_t)s->pitch);
}

/* A new w x h ARGB8888 surface, or NULL (SDL_GetError says why). */
SDL_Surface *ui_surface_new(int w, int h);

/* The pixel at (x, y); 0 outside the surface. */
uint32_t ui_pixel(const SDL_Surface *s, int x, int y);
/* Writes one pixel; ignored outside the surface. */
void ui_put(SDL_Surface *s, int x, int y, uint32_t argb);
/* Draws `argb` over the pixel, weighted by its alpha. */
void ui_blend(SDL_Surface *s, int x, int y, uint32_t argb);
void ui_fill_rect(SDL_Surface *s, int x, int y, int w, int h, uint32_t argb);
/* Fills with `argb` blended by its alpha. */
void ui_blend_rect(SDL_Surface *s, int x, int y, int w, int h, uint32_t argb);
void ui_frame_rect(SDL_Surface *s, int x, int y, int w, int h, uint32_t argb);
/* A rectangle with corners rounded by radius r, blended by argb's alpha. */
void ui_round_rect(SDL_Surface *s, int x, int y, int w, int h, int r, uint32_t argb);
/* A filled disc, blended by argb's alpha. */
void ui_disc(SDL_Surface *s, int cx, int cy, int radius, uint32_t argb);
/* Texel of `tex` at (x, y), wrapping in both directions (textures tile). */
uint32_t ui_texel(const SDL_Surface *tex, int x, int y);
/* Multiplies the colour channels by percent/100, saturating. */
uint32_t ui_shade(uint32_t argb, int percent);
/* Draws `src` scaled to a size x size square centred on (cx, cy), nearest
 * texel, blended by the source alpha. */
void ui_blit_disc(SDL_Surface *dst, const SDL_Surface *src, int cx, int cy, int size);
/* Copies src (with its alpha blended) with its top-left at (x, y). */
void ui_blit(SDL_Surface *dst, const SDL_Surface *src, int x, int y);
/* A ring of the given thickness around (cx, cy). */
void ui_ring(SDL_Surface *s, int cx, int cy, int radius, int thickness, uint32_t argb);
/* Fills the rectangle with `tex` tiled from the surface's origin. */
void ui_tile_rect(SDL_Surface *dst, const SDL_Surface *tex, int x, int y, int w, int h);

#endif
