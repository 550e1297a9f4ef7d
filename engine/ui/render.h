/* Drawing a game into a software surface: the board (textured hexes shaded
 * by height, the height as a number, critters, lava, the cells the pending
 * options point at), and the panel (players, supply, the pending decision and
 * its options, or the final scores).
 *
 * Contract: ui_render reads the game and the view and writes only into `dst`
 * (ARGB8888, see ui_surface_new); it needs no window, no video driver and no
 * SDL_Init, so tests call it directly and check pixels. The layout it uses is
 * ui_layout(dst->w, dst->h, game, view options), so a caller can hit-test
 * with the same numbers. */
#ifndef VQ_UI_RENDER_H
#define VQ_UI_RENDER_H

#include <SDL.h>
#include <stdint.h>

#include "game.h"
#include "gui.h"
#include "score.h"
#include "texture.h"

typedef struct UiView {
    const Option *options;     /* the pending decision's options (may be NULL) */
    int option_count;
    const int *shown;          /* indices into options listed in the panel; NULL: all */
    int shown_count;
    int scroll;                /* first listed entry */
    int hover;                 /* option index under the pointer, -1 for none */
    int filter_cell;           /* NO_CELL, or the cell the list is narrowed to */
    const char *typed;         /* digits typed so far ("" or NULL for none) */
    const char *status;        /* a message line, or NULL */
    const uint8_t *human;      /* per seat: 1 human, 0 bot; NULL: all human */
    const Scores *scores;      /* final scores to show, or NULL */
    UiDescribe describe;       /* NULL: ui_describe_option */
} UiView;

/* A view with no options, no selection and no messages. */
UiView ui_view_empty(void);
/* Renders; returns 0, or -1 if dst is not ARGB8888 (nothing drawn). */
int ui_render(SDL_Surface *dst, const Game *g, const UiTextures *tx, const UiView *view);
/* The built-in short option description (verb, place, subject, payment). */
void ui_describe_option(char *buf, int len, const Game *g, const Option *o);
/* Seat colours, as drawn in the panel. */
uint32_t ui_seat_colour(int seat);

#endif
