/* Screenshots: a surface written as a PNG file through stb_image_write
 * (libstb provides the implementation).
 *
 * Contract: ui_save_png writes an 8-bit RGBA PNG of the surface (ARGB8888)
 * or fails with a message naming the file; it never leaves a half-written
 * file under the name asked for (it writes "<path>.tmp" and renames it). */
#ifndef VQ_UI_SHOT_H
#define VQ_UI_SHOT_H

#include <SDL.h>

int ui_save_png(const SDL_Surface *s, const char *path, char *err, int errlen);

#endif
