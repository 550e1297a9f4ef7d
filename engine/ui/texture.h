/* The GUI's textures, loaded from PNG files with stb_image.
 *
 * Files (in the folder given to ui_textures_load, normally content/textures):
 *   dark.png medium.png light.png   biome ground, one per biome
 *   soil.png volcano.png lava.png ocean.png
 *   critter0.png .. critter4.png    seat tokens, transparent outside the disc
 * Contract: ui_textures_load loads every file or none; on failure it returns -1
 * with a message naming the file and the reason. Loaded surfaces are ARGB8888.
 * `mean` holds each texture's average colour (what a hex of it looks like from
 * afar), for the panel's swatches and for tests. */
#ifndef VQ_UI_TEXTURE_H
#define VQ_UI_TEXTURE_H

#include <SDL.h>
#include <stdint.h>

#include "rules.h"

#define UI_SEATS 5

typedef enum UiTex {
    UI_TEX_DARK, UI_TEX_MEDIUM, UI_TEX_LIGHT,   /* indexed by biome */
    UI_TEX_SOIL, UI_TEX_VOLCANO, UI_TEX_LAVA, UI_TEX_OCEAN,
    UI_TEX_CRITTER0,                            /* + seat */
    UI_TEX_COUNT = UI_TEX_CRITTER0 + UI_SEATS
} UiTex;

typedef struct UiTextures {
    SDL_Surface *tex[UI_TEX_COUNT];
    uint32_t mean[UI_TEX_COUNT];
} UiTextures;

/* File name of texture `which` (no folder). */
const char *ui_texture_file(int which);
int  ui_textures_load(UiTextures *tx, const char *dir, char *err, int errlen);
void ui_textures_free(UiTextures *tx);

#endif
