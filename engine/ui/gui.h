/* The window front end's public face: play a game in an SDL2 window. This
 * header does not include SDL.h, so the command line uses the UI layer
 * without SDL's include path (as session.h hides lua.h).
 *
 * Contract: gui_play drives `game` (already started) through game_apply only,
 * until the window closes, the player quits, or `frames` frames have run.
 * It loads the textures from `texture_dir`, failing with a message naming
 * the file. Returns 0, or -1 with a message (the game stays at its last good
 * decision). Headless use: SDL_VIDEODRIVER=dummy (or offscreen) plus frames
 * and screenshot. */
#ifndef VQ_UI_GUI_H
#define VQ_UI_GUI_H

#include <stdint.h>

#include "game.h"

/* Writes a one-line description of option o (no newline) into buf. */
typedef void (*UiDescribe)(char *buf, int len, const Game *g, const Option *o);

typedef struct GuiConfig {
    const char *texture_dir;        /* folder of the PNG textures */
    uint8_t human[MAX_PLAYERS];     /* 1: a person decides for this seat; 0: a bot */
    uint64_t bot_seed;              /* the bots' own generator */
    int bot_delay_ms;               /* a bot waits this long before moving */
    int frames;                     /* 0: run until quit; N: stop after N frames (fixed 1/60 s steps) */
    const char *screenshot;         /* write the last frame here as BMP, or NULL */
    int width, height;              /* 0: default window size */
    UiDescribe describe;            /* option text, NULL for the built-in one */
    int (*on_apply)(void *ud, Game *g);   /* after every apply; non-zero stops as a failure */
    void *ud;
} GuiConfig;

typedef struct GuiResult {
    int decisions;                  /* options applied in the window */
} GuiResult;

int gui_play(Game *game, const GuiConfig *cfg, GuiResult *out, char *err, int errlen);

#endif
