#include "draw.h"

SDL_Surface *ui_surface_new(int w, int h)
{
    return SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
}

static inline uint32_t *row_of(const SDL_Surface *s, int y)
{
    return (uint32_t *)((uint8_t *)s->pixels + (size_t)y * (size_t)s->pitch);
}

uint32_t ui_pixel(const SDL_Surface *s, int x, int y)
{
    if (x < 0 || y < 0 || x >= s->w || y >= s->h)
        return 0;
    return row_of(s, y)[x];
}

void ui_put(SDL_Surface *s, int x, int y, uint32_t argb)
{
    if (x >= 0 && y >= 0 && x < s->w && y < s->h)
        row_of(s, y)[x] = argb;
}

static uint32_t mix(uint32_t under, uint32_t over)
{
    int a = ui_alpha(over);
    if (a == 255)
        return over;
    if (a == 0)
        return under;
    int r = (ui_red(over) * a + ui_red(under) * (255 - a)) / 255;
    int g = (ui_green(over) * a + ui_green(under) * (255 - a)) / 255;
    int b = (ui_blue(over) * a + ui_blue(under) * (255 - a)) / 255;
    return ui_rgb(r, g, b);
}

void ui_blend(SDL_Surface *s, int x, int y, uint32_t argb)
{
    if (x >= 0 && y >= 0 && x < s->w && y < s->h) {
        uint32_t *p = &row_of(s, y)[x];
        *p = mix(*p, argb);
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
    for (int j = 0; j < h; j++) {
        uint32_t *row = row_of(s, y + j);
        for (int i = 0; i < w; i++)
            row[x + i] = argb;
    }
}

void ui_blend_rect(SDL_Surface *s, int x, int y, int w, int h, uint32_t argb)
{
    clip(s, &x, &y, &w, &h);
    for (int j = 0; j < h; j++) {
        uint32_t *row = row_of(s, y + j);
        for (int i = 0; i < w; i++)
            row[x + i] = mix(row[x + i], argb);
    }
}

void ui_frame_rect(SDL_Surface *s, int x, int y, int w, int h, uint32_t argb)
{
    ui_fill_rect(s, x, y, w, 1, argb);
    ui_fill_rect(s, x, y + h - 1, w, 1, argb);
    ui_fill_rect(s, x, y, 1, h, argb);
    ui_fill_rect(s, x + w - 1, y, 1, h, argb);
}

uint32_t ui_texel(const SDL_Surface *tex, int x, int y)
{
    x %= tex->w;
    y %= tex->h;
    if (x < 0) x += tex->w;
    if (y < 0) y += tex->h;
    return row_of(tex, y)[x];
}

uint32_t ui_shade(uint32_t argb, int percent)
{
    int r = ui_red(argb) * percent / 100, g = ui_green(argb) * percent / 100, b = ui_blue(argb) * percent / 100;
    return (argb & 0xFF000000u) | ui_rgb(r > 255 ? 255 : r, g > 255 ? 255 : g, b > 255 ? 255 : b) ;
}

void ui_blit_disc(SDL_Surface *dst, const SDL_Surface *src, int cx, int cy, int size)
{
    if (size < 1)
        return;
    int x0 = cx - size / 2, y0 = cy - size / 2;
    for (int j = 0; j < size; j++)
        for (int i = 0; i < size; i++) {
            int sx = i * src->w / size, sy = j * src->h / size;
            ui_blend(dst, x0 + i, y0 + j, row_of(src, sy)[sx]);
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
