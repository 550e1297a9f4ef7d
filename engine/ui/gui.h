/* The window front end's public face: play at a table (table.h) in an SDL2
 * window, with a start screen and an end screen. This header does not
 * include SDL.h, so the command line uses the UI layer without SDL's include
 * path (as session.h hides lua.h).
 *
 * Contract: gui_play drives the table's game through the table only, until
 * the window closes, the player quits, or `frames` frames have run. It loads
 * the textures from `texture_dir` and the fonts, failing with a message
 * naming the file. Returns 0, or -1 with a message (the game stays at its
 * last good decision). Headless use: SDL_VIDEODRIVER=dummy (or offscreen)
 * plus frames and screenshot. */
#ifndef VQ_UI_GUI_H
#define VQ_UI_GUI_H

#include <stdbool.h>
#include <stdint.h>

#include "table.h"

#define GUI_MAX_MODS 16

typedef struct GuiConfig {
    const char *texture_dir;        /* folder of the PNG textures */
    const char *font, *bold_font;   /* TrueType files; NULL: the DejaVu fonts */
    UiTable *table;                 /* the game to play; NULL: open on the start screen */
    int bot_delay_ms;               /* a bot waits this long before moving; < 0: 600 */
    int frames;                     /* 0: run until quit; N: stop after N frames (fixed 1/60 s steps) */
    const char *screenshot;         /* write the last frame here as PNG, or NULL */
    int width, height;              /* 0: default window size (1280 x 720) */
    bool pointer;                   /* the pointer starts at (pointer_x, pointer_y) (headless screenshots) */
    int pointer_x, pointer_y;
    UiAppHooks hooks;               /* starting games from the start screen (new_game NULL: no start screen) */
    UiSetup setup;                  /* the start screen's first choices */
    const char *mod_names[GUI_MAX_MODS];   /* mods the start screen offers */
    int mod_count;
    const char *save_path;          /* where new games are written (the start screen warns before overwriting) */
    const char *const *card_text;   /* rules text of each power card (card index), or NULL */
    bool close_when_over;           /* the window closes once the end of the game is drawn (--autoplay) */
} GuiConfig;

typedef struct GuiResult {
    int decisions;                  /* options applied in the window */
    UiTable *table;                 /* the table played last (a new game from the start screen), or NULL */
} GuiResult;

int gui_play(const GuiConfig *cfg, GuiResult *out, char *err, int errlen);

/* The render benchmark: draws 1 + `frames` frames of `table`'s game as the
 * window would at w x h (panel, grid, story, the pointer over the board) into
 * a surface, timing each by the CPU time of the drawing thread (so other
 * processes do not inflate it). The first frame also builds what is kept for
 * the size (hex masks, glyphs): it is reported alone, and the median and the
 * worst are of the frames after it. Returns 0, or -1 with a message. */
typedef struct GuiFrameTimes {
    double first_ms, median_ms, worst_ms;
} GuiFrameTimes;
int gui_frame_times(UiTable *table, const GuiConfig *cfg, int w, int h, int frames, GuiFrameTimes *out, char *err,
                    int errlen);

#endif
