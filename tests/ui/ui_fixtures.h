/* Helpers for the window's tests: assets, a session's game at a table,
 * synthetic input events (the same SDL events the window's loop hands to the
 * app), finding widgets, and checking that text is drawn where a widget says.
 *
 * Helpers that cannot do their job fail the current test (REQUIRE-style). */
#ifndef VQ_TEST_UI_FIXTURES_H
#define VQ_TEST_UI_FIXTURES_H

#include <SDL.h>
#include <stdbool.h>

#include "app.h"
#include "play.h"
#include "render.h"
#include "scene.h"
#include "table.h"

/* The textures folder of the shipped content. */
const char *uf_texture_dir(void);
/* Textures and the default fonts, loaded once for the whole run. */
UiAssets *uf_assets(void);

/* A new game of the session's rules and scripts at a table with `seats`; the
 * table's restart hook replays through the session (undo works), nothing is saved. */
void uf_table(Session *s, UiTable *t, CliPlayTarget *target, int players, uint64_t seed, const UiSeat *seats);
/* A table over a game that has no log and no hooks (a scenario position),
 * seated as uf_seats says. */
void uf_bare_table(UiTable *t, Game *g, const char *kinds);
/* Seats: `human` is a string of h (person) or r/g (random/greedy bot) per seat. */
void uf_seats(UiSeat seats[MAX_PLAYERS], const char *human);

/* Synthetic input through ui_app_event. */
void uf_move(UiApp *app, int x, int y);
void uf_click(UiApp *app, int x, int y);
void uf_right_click(UiApp *app, int x, int y);
void uf_key(UiApp *app, SDL_Keycode k);
void uf_wheel(UiApp *app, int dy);

/* The first widget with this action (and value, unless value is -1), or NULL. */
const UiWidget *uf_widget(const UiScene *s, int act, int value);
/* The first widget of `kind` whose text contains `text`, or NULL. */
const UiWidget *uf_widget_text(const UiScene *s, int kind, const char *text);
/* Clicks the middle of a widget. */
void uf_click_widget(UiApp *app, const UiWidget *w);

/* A pixel inside the top face of `cell` over area `area` (-1: any area) that
 * the layout hit-tests to that cell and area; false when none is visible. */
bool uf_point_on(const UiScene *s, int cell, int area, int *x, int *y);

/* Whether widget w's text is drawn in `shot` where the widget says: the
 * pixels the text alone covers (mostly) are nearer its colour than the
 * background's, and nine in ten of the pixels it leaves alone show the
 * background (the commonest colour of the rectangle). */
bool uf_text_drawn(UiAssets *as, const UiScene *s, const UiWidget *w, const SDL_Surface *shot);

/* Average colour of the 7x7 square around (x, y); Manhattan colour distance. */
uint32_t uf_patch(const SDL_Surface *s, int x, int y);
int uf_distance(uint32_t a, uint32_t b);

#endif
