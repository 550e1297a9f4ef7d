/* Texture loading. stb_image's implementation lives in the system's libstb,
 * so this file includes only its header. */
#include "texture.h"

#include <stdio.h>
#include <string.h>

#include <stb_image.h>

#include "draw.h"

static const char *const FILES[UI_TEX_COUNT] = {
    "dark.png", "medium.png", "light.png", "soil.png", "volcano.png", "lava.png", "ocean.png",
    "critter0.png", "critter1.png", "critter2.png", "critter3.png", "critter4.png",
};

const char *ui_texture_file(int which)
{
    return which >= 0 && which < UI_TEX_COUNT ? FILES[which] : "?";
}

static uint32_t mean_colour(const SDL_Surface *s)
{
    uint64_t r = 0, g = 0, b = 0, n = 0;
    for (int y = 0; y < s->h; y++)
        for (int x = 0; x < s->w; x++) {
            uint32_t c = ui_pixel(s, x, y);
            if (ui_alpha(c) < 128)
                continue;
            r += (uint64_t)ui_red(c);
            g += (uint64_t)ui_green(c);
            b += (uint64_t)ui_blue(c);
            n++;
        }
    if (n == 0)
        return 0;
    return ui_rgb((int)(r / n), (int)(g / n), (int)(b / n));
}

static SDL_Surface *load_png(const char *path, char *err, int errlen)
{
    int w, h, channels;
    unsigned char *data = stbi_load(path, &w, &h, &channels, 4);
    if (!data) {
        snprintf(err, (size_t)errlen, "cannot load texture %s: %s", path, stbi_failure_reason());
        return NULL;
    }
    SDL_Surface *s = ui_surface_new(w, h);
    if (!s) {
        snprintf(err, (size_t)errlen, "cannot load texture %s: %s", path, SDL_GetError());
        stbi_image_free(data);
        return NULL;
    }
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            const unsigned char *p = data + ((size_t)y * (size_t)w + (size_t)x) * 4;
            ui_put(s, x, y, (uint32_t)p[3] << 24 | (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2]);
        }
    stbi_image_free(data);
    return s;
}

int ui_textures_load(UiTextures *tx, const char *dir, char *err, int errlen)
{
    memset(tx, 0, sizeof *tx);
    for (int i = 0; i < UI_TEX_COUNT; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, FILES[i]);
        tx->tex[i] = load_png(path, err, errlen);
        if (!tx->tex[i]) {
            ui_textures_free(tx);
            return -1;
        }
        tx->mean[i] = mean_colour(tx->tex[i]);
    }
    return 0;
}

void ui_textures_free(UiTextures *tx)
{
    for (int i = 0; i < UI_TEX_COUNT; i++) {
        SDL_FreeSurface(tx->tex[i]);
        tx->tex[i] = NULL;
    }
}
