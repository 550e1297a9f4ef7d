/* The window's main loop, after LÖVE's love.run: poll events, update by the
 * elapsed time, draw, present; nothing else. Swap it for another loop (a test
 * driver, an embedding host) by calling the UiApp functions directly.
 *
 * Drawing is software only: each frame is rendered into an ARGB8888 surface
 * and copied to the window surface, so the loop runs under SDL's dummy or
 * offscreen video drivers with no display.
 *
 * Contract: ui_run initialises and quits SDL's video subsystem itself. With
 * frames > 0 it stops after that many frames and advances time by a fixed
 * 1/60 s per frame without sleeping (reproducible headless runs); with
 * frames == 0 it runs until the app quits, at about 60 frames a second.
 * A screenshot path, if given, receives the last frame as a PNG. Returns 0,
 * or -1 with a message naming what failed. */
#ifndef VQ_UI_RUN_H
#define VQ_UI_RUN_H

#include "app.h"

typedef struct UiRunConfig {
    int width, height;          /* window size; 0 for the default 1280 x 720 */
    int frames;                 /* 0: until quit */
    const char *screenshot;     /* PNG path, or NULL */
    const char *title;          /* NULL: "Volcanique" */
} UiRunConfig;

int ui_run(UiApp *app, const UiRunConfig *cfg, char *err, int errlen);

#endif
