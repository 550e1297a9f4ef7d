#include "shot.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stb_image_write.h>

#include "draw.h"

int ui_save_png(const SDL_Surface *s, const char *path, char *err, int errlen)
{
    if (s->format->format != SDL_PIXELFORMAT_ARGB8888) {
        snprintf(err, (size_t)errlen, "cannot write %s: the frame is not ARGB8888", path);
        return -1;
    }
    unsigned char *rgba = malloc((size_t)s->w * (size_t)s->h * 4);
    char tmp[1100];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    if (!rgba) {
        snprintf(err, (size_t)errlen, "cannot write %s: out of memory", path);
        return -1;
    }
    for (int y = 0; y < s->h; y++) {
        const uint32_t *row = ui_row(s, y);
        unsigned char *out = rgba + (size_t)y * (size_t)s->w * 4;
        for (int x = 0; x < s->w; x++) {
            out[4 * x] = (unsigned char)ui_red(row[x]);
            out[4 * x + 1] = (unsigned char)ui_green(row[x]);
            out[4 * x + 2] = (unsigned char)ui_blue(row[x]);
            out[4 * x + 3] = 255;
        }
    }
    int ok = stbi_write_png(tmp, s->w, s->h, 4, rgba, s->w * 4);
    free(rgba);
    if (!ok) {
        snprintf(err, (size_t)errlen, "cannot write %s: %s", tmp, errno ? strerror(errno) : "stb_image_write failed");
        remove(tmp);
        return -1;
    }
    if (rename(tmp, path)) {
        snprintf(err, (size_t)errlen, "cannot write %s: %s", path, strerror(errno));
        remove(tmp);
        return -1;
    }
    return 0;
}
