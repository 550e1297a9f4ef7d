#include "hexart.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw.h"

static const int SHADE[UI_ART_SHADES] = { 100, 90, 96, 102, 108, 114, 120, 126, 130 };

int ui_art_shade_percent(int k) { return SHADE[k < 0 ? 0 : k >= UI_ART_SHADES ? UI_ART_SHADES - 1 : k]; }

/* Whether (x, y) lies inside a pointy-top hex of corner radius r centred on the origin. */
static int in_hex(double x, double y, double r)
{
    x = fabs(x);
    y = fabs(y);
    return r > 0 && x <= r * 0.8660254 && y <= r - x * 0.5773503;
}

int ui_art_init(UiHexArt *a, const UiTextures *tx, char *err, int errlen)
{
    memset(a, 0, sizeof *a);
    for (int t = 0; t < UI_TEX_CRITTER0; t++) {
        const SDL_Surface *src = tx->tex[t];
        for (int k = 0; k < UI_ART_SHADES; k++) {
            uint32_t *dst = malloc(sizeof *dst * UI_ART_TEX * UI_ART_TEX);
            if (!dst) {
                snprintf(err, (size_t)errlen, "out of memory for the shaded textures");
                ui_art_free(a);
                return -1;
            }
            for (int y = 0; y < UI_ART_TEX; y++)
                for (int x = 0; x < UI_ART_TEX; x++)
                    dst[y * UI_ART_TEX + x] = 0xFF000000u |
                        ui_shade(ui_pixel(src, x * src->w / UI_ART_TEX, y * src->h / UI_ART_TEX), SHADE[k]);
            a->tex[t][k] = dst;
        }
        a->side[t] = ui_shade(tx->mean[t], 58);
    }
    return 0;
}

static void free_sized(UiHexArt *a)
{
    free(a->mask);
    free(a->row_lo);
    free(a->row_hi);
    free(a->col_bottom);
    free(a->band);
    free(a->volcano);
    for (int s = 0; s < UI_SEATS; s++)
        SDL_FreeSurface(a->token[s]);
    a->mask = NULL;
    a->row_lo = a->row_hi = a->col_bottom = NULL;
    a->band = NULL;
    a->band_count = 0;
    a->volcano = NULL;
    memset(a->token, 0, sizeof a->token);
    a->size = 0;
}

void ui_art_free(UiHexArt *a)
{
    free_sized(a);
    for (int t = 0; t < UI_TEX_COUNT; t++)
        for (int k = 0; k < UI_ART_SHADES; k++)
            free(a->tex[t][k]);
    memset(a, 0, sizeof *a);
}

/* The sector of (x, y): the edge whose outward normal it is most along. */
static int sector_of(double x, double y)
{
    static const double NX[6] = { 1, 0.5, -0.5, -1, -0.5, 0.5 };
    static const double NY[6] = { 0, 0.8660254, 0.8660254, 0, -0.8660254, -0.8660254 };
    int best = 0;
    for (int e = 1; e < 6; e++)
        if (x * NX[e] + y * NY[e] > x * NX[best] + y * NY[best])
            best = e;
    return best;
}

static void build_mask(UiHexArt *a, double size)
{
    double band = size >= 20 ? 3.2 : 2.2;
    for (int j = 0; j < a->h; j++) {
        a->row_lo[j] = (int16_t)a->w;
        a->row_hi[j] = -1;
        for (int i = 0; i < a->w; i++) {
            double x = i - a->half_w, y = j - a->half_h;
            uint8_t m = 0;
            if (in_hex(x, y, size - 0.5)) {
                m = (uint8_t)(UI_MASK_IN | sector_of(x, y));
                if (!in_hex(x, y, size - 2.5))
                    m |= UI_MASK_RIM;
                if (!in_hex(x, y, size - 0.5 - band))
                    m |= UI_MASK_BAND;
                if (in_hex(x, y, size * 0.72))
                    m |= UI_MASK_INNER;
                if (i < a->row_lo[j]) a->row_lo[j] = (int16_t)i;
                a->row_hi[j] = (int16_t)i;
                a->col_bottom[i] = (int16_t)j;
            }
            a->mask[j * a->w + i] = m;
        }
    }
}

static SDL_Surface *scaled(const SDL_Surface *src, int size)
{
    SDL_Surface *s = ui_surface_new(size, size);
    if (!s)
        return NULL;
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++)
            ui_row(s, y)[x] = ui_pixel(src, x * src->w / size, y * src->h / size);
    return s;
}

int ui_art_size(UiHexArt *a, const UiTextures *tx, double size)
{
    if (a->mask && fabs(a->size - size) < 0.01)
        return 0;
    free_sized(a);
    a->half_w = (int)ceil(size * 0.8660254) + 1;
    a->half_h = (int)ceil(size) + 1;
    a->w = 2 * a->half_w + 1;
    a->h = 2 * a->half_h + 1;
    a->mask = calloc((size_t)a->w * (size_t)a->h, 1);
    a->row_lo = malloc(sizeof *a->row_lo * (size_t)a->h);
    a->row_hi = malloc(sizeof *a->row_hi * (size_t)a->h);
    a->col_bottom = malloc(sizeof *a->col_bottom * (size_t)a->w);
    a->volcano = malloc(sizeof *a->volcano * (size_t)a->w * (size_t)a->h);
    a->band = malloc(sizeof *a->band * 2 * (size_t)a->w * (size_t)a->h);
    if (!a->mask || !a->row_lo || !a->row_hi || !a->col_bottom || !a->volcano || !a->band) {
        free_sized(a);
        return -1;
    }
    for (int i = 0; i < a->w; i++)
        a->col_bottom[i] = -1;
    build_mask(a, size);
    for (int k = 0; k < a->w * a->h; k++)
        if (a->mask[k] & UI_MASK_BAND) {
            a->band[2 * a->band_count] = (int16_t)(k % a->w);
            a->band[2 * a->band_count + 1] = (int16_t)(k / a->w);
            a->band_count++;
        }
    const SDL_Surface *v = tx->tex[UI_TEX_VOLCANO];
    for (int j = 0; j < a->h; j++)
        for (int i = 0; i < a->w; i++) {
            int u = (int)((i - a->half_w) * v->w / (1.8 * size) + v->w / 2);
            int w = (int)((j - a->half_h) * v->h / (1.8 * size) + v->h / 2);
            a->volcano[j * a->w + i] = 0xFF000000u | ui_texel(v, u, w);
        }
    a->token_size = (int)(size * 0.55) < 6 ? 6 : (int)(size * 0.55);
    for (int s = 0; s < UI_SEATS; s++)
        a->token[s] = scaled(tx->tex[UI_TEX_CRITTER0 + s], a->token_size);
    a->size = size;
    return 0;
}
