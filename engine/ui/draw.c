#include "draw.h"

#include <string.h>

SDL_Surface *ui_surface_new(int w, int h)
{
    return SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
}

uint32_t ui_pixel(const SDL_Surface *s, int x, int y)
{
    if (x < 0 || y < 0 || x >= s->w || y >= s->h)
        return 0;
    return ui_row(s, y)[x];
}

void ui_put(SDL_Surface *s, int x, int y, uint32_t argb)
{
    if (x >= 0 && y >= 0 && x < s->w && y < s->h)
        ui_row(s, y)[x] = argb;
}

void ui_blend(SDL_Surface *s, int x, int y, uint32_t argb)
{
    if (x >= 0 && y >= 0 && x < s->w && y < s->h) {
        uint32_t *p = &ui_row(s, y)[x];
        *p = ui_mix(*p, argb);
    }
}

static void clip(const SDL_Surface *s, int *x, int *y, int *w, int *h)
{
    if (*x < 0) { *w += *x; *x = 0; }
    if (*y < 0) { *h += *y; *y = 0; }
    if (*x + *w > s->w) *w = s->w - *x;
    if (*y + *h > s->h) *h = s->h - *y;
}

void ui_fill_rect(SDL_Surface *s, int x, int y, int w, int h, uint32_t argb)
{
    clip(s, &x, &y, &w, &h);
    if (w <= 0 || h <= 0)
        return;
    uint32_t *first = ui_row(s, y) + x;
    for (int i = 0; i < w; i++)
        first[i] = argb;
    for (int j = 1; j < h; j++)   /* the other rows copy the first */
        memcpy(ui_row(s, y + j) + x, first, sizeof *first * (size_t)w);
}

void ui_blend_rect(SDL_Surface *s, int x, int y, int w, int h, uint32_t argb)
{
    if (ui_alpha(argb) == 255) {
        ui_fill_rect(s, x, y, w, h, argb);
        return;
    }
    clip(s, &x, &y, &w, &h);
    for (int j = 0; j < h; j++) {
        uint32_t *row = ui_row(s, y + j);
        for (int i = 0; i < w; i++)
            row[x + i] = ui_mix(row[x + i], argb);
    }
}

void ui_frame_rect(SDL_Surface *s, int x, int y, int w, int h, uint32_t argb)
{
    ui_blend_rect(s, x, y, w, 1, argb);
    ui_blend_rect(s, x, y + h - 1, w, 1, argb);
    ui_blend_rect(s, x, y + 1, 1, h - 2, argb);
    ui_blend_rect(s, x + w - 1, y + 1, 1, h - 2, argb);
}

void ui_round_rect(SDL_Surface *s, int x, int y, int w, int h, int r, uint32_t argb)
{
    if (r * 2 > h) r = h / 2;
    if (r * 2 > w) r = w / 2;
    ui_blend_rect(s, x, y + r, w, h - 2 * r, argb);
    for (int j = 0; j < r; j++) {
        int dy = r - j, inset = 0;   /* the corner's inset on row j from the top (and from the bottom) */
        while (inset < r && (r - inset) * (r - inset) + dy * dy > r * r + r)
            inset++;
        ui_blend_rect(s, x + inset, y + j, w - 2 * inset, 1, argb);
        ui_blend_rect(s, x + inset, y + h - 1 - j, w - 2 * inset, 1, argb);
    }
}

void ui_disc(SDL_Surface *s, int cx, int cy, int radius, uint32_t argb)
{
    for (int dy = -radius; dy <= radius; dy++) {
        int dx = 0;
        while ((dx + 1) * (dx + 1) + dy * dy <= radius * radius + radius)
            dx++;
        ui_blend_rect(s, cx - dx, cy + dy, 2 * dx + 1, 1, argb);
    }
}

uint32_t ui_texel(const SDL_Surface *tex, int x, int y)
{
    x %= tex->w;
    y %= tex->h;
    if (x < 0) x += tex->w;
    if (y < 0) y += tex->h;
    return ui_row(tex, y)[x];
}

uint32_t ui_shade(uint32_t argb, int percent)
{
    int r = ui_red(argb) * percent / 100, g = ui_green(argb) * percent / 100, b = ui_blue(argb) * percent / 100;
    return (argb & 0xFF000000u) | (ui_rgb(r > 255 ? 255 : r, g > 255 ? 255 : g, b > 255 ? 255 : b) & 0xFFFFFFu);
}

void ui_blit_disc(SDL_Surface *dst, const SDL_Surface *src, int cx, int cy, int size)
{
    if (size < 1)
        return;
    int x0 = cx - size / 2, y0 = cy - size / 2;
    for (int j = 0; j < size; j++)
        for (int i = 0; i < size; i++) {
            int sx = i * src->w / size, sy = j * src->h / size;
            ui_blend(dst, x0 + i, y0 + j, ui_row(src, sy)[sx]);
        }
}

void ui_blit(SDL_Surface *dst, const SDL_Surface *src, int x, int y)
{
    for (int j = 0; j < src->h; j++) {
        int ty = y + j;
        if (ty < 0 || ty >= dst->h)
            continue;
        const uint32_t *from = ui_row(src, j);
        uint32_t *to = ui_row(dst, ty);
        for (int i = 0; i < src->w; i++) {
            int tx = x + i;
            if (tx >= 0 && tx < dst->w && from[i] >> 24)
                to[tx] = ui_mix(to[tx], from[i]);
        }
    }
}

void ui_ring(SDL_Surface *s, int cx, int cy, int radius, int thickness, uint32_t argb)
{
    int outer = radius * radius, inner = (radius - thickness) * (radius - thickness);
    for (int dy = -radius; dy <= radius; dy++)
        for (int dx = -radius; dx <= radius; dx++) {
            int d = dx * dx + dy * dy;
            if (d <= outer && d > inner)
                ui_blend(s, cx + dx, cy + dy, argb);
        }
}

void ui_tile_rect(SDL_Surface *dst, const SDL_Surface *tex, int x, int y, int w, int h)
{
    clip(dst, &x, &y, &w, &h);
    for (int j = 0; j < h; j++) {
        const uint32_t *src = ui_row(tex, (y + j) % tex->h);
        uint32_t *row = ui_row(dst, y + j);
        int tx = x % tex->w;
        for (int i = 0; i < w; i++) {
            row[x + i] = src[tx];
            if (++tx == tex->w)
                tx = 0;
        }
    }
}
