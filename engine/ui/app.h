/* The window's game state machine: which options the pending decision has,
 * what the human is pointing at or typing, when a bot moves. It turns input
 * events into game_apply calls and nothing else changes the game.
 *
 * Input (when the deciding seat is human):
 *   click a lit hex      narrows the options list to that cell; if only one
 *                        option is there, applies it
 *   click a list entry   applies that option
 *   digits + Enter       applies the option with that number
 *   Backspace, Esc       erase a digit; clear the digits and the narrowing
 *   wheel, Up/Down, PgUp/PgDn, Home/End   scroll the list
 *   Q, closing the window                 quit
 * Bot seats choose uniformly at random, `bot_delay` seconds after the
 * decision appears, from their own generator (bot.h). */
#ifndef VQ_UI_APP_H
#define VQ_UI_APP_H

#include <SDL.h>
#include <stdbool.h>

#include "game.h"
#include "layout.h"
#include "render.h"
#include "score.h"
#include "texture.h"

typedef struct UiApp {
    Game *game;
    const UiTextures *tx;
    uint8_t human[MAX_PLAYERS];
    Rng bot_rng;
    double bot_delay;          /* seconds a bot waits before it moves */
    double bot_wait;
    Option *options;           /* MAX_OPTIONS entries */
    int option_count;
    int *shown;                /* the listed entries (indices into options) */
    int shown_count;
    int scroll, hover, filter_cell;
    char typed[8];
    char status[320];
    Scores scores;
    bool scored;
    int decisions;             /* options applied so far */
    UiDescribe describe;       /* NULL: ui_describe_option */
    /* Called after every apply; a non-zero return stops the loop as a failure. */
    int (*on_apply)(void *ud, Game *g);
    void *ud;
    bool quit;
    bool failed;
    UiLayout layout;           /* of the last drawn frame, for hit-testing */
} UiApp;

/* Sets up the app over a started game. human[p] says whether seat p is a
 * person. Returns 0, or -1 if memory runs out. */
int  ui_app_init(UiApp *app, Game *g, const UiTextures *tx, const uint8_t human[MAX_PLAYERS], uint64_t bot_seed);
void ui_app_free(UiApp *app);
/* Handles one SDL event (mouse, keyboard, quit, window size). */
void ui_app_event(UiApp *app, const SDL_Event *e);
/* Advances time by dt seconds: a bot whose turn it is moves once its delay is over. */
void ui_app_update(UiApp *app, double dt);
/* Draws the current state into dst and remembers the layout for hit-testing. */
void ui_app_draw(UiApp *app, SDL_Surface *dst);
/* Applies option `index` of the pending decision. Returns 0, or -1 (status set). */
int  ui_app_choose(UiApp *app, int index);
/* A click at window pixel (x, y), as a mouse press would do. */
void ui_app_click(UiApp *app, int x, int y);
/* Whether the seat deciding now is a person (false once the game is over). */
bool ui_app_human_turn(const UiApp *app);

#endif
