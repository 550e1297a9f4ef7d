/* The window's state machine: the start screen, then play through a table
 * (table.h). It turns input into choices and choices into ui_table_apply
 * calls; nothing else changes the game.
 *
 * Playing with the mouse (a person's decision):
 *   a tile to place    follows the pointer over the lit hexes; the wheel or R
 *                      turns it (only turns legal there are offered; Shift+R
 *                      back), Tab changes the tile when there is a choice;
 *                      a click places it
 *   critters           press on one of your lit critters to pick it up, drop
 *                      it (click or release) on a tinted area; claims and
 *                      sacrifices: click the tinted area or the critter
 *   other choices      buttons in the panel (script questions: their prompt,
 *                      labelled buttons, and their places lit on the board);
 *                      Power Grid cards are clicked to unlock
 *   several payments   or several choices at one place: buttons to pick one
 *   final steps        a step that rolls dice or reveals a card asks first:
 *                      Enter or Confirm, Esc or Cancel
 * Keys: digits + Enter pick an option by number; L the numbered option list;
 * U (or Ctrl+Z) undo; + and - bot pace, Space a waiting bot moves now; G the
 * Power Grid; C coordinates on every hex; F1 or ? help; Esc cancels; Q quits.
 *
 * At a remote table (table.h) the same screen plays this window's seat: the
 * app reads the server's news every frame (ui_table_poll), shows the
 * connection's state and each notice in the status line, offers no undo and
 * waits, without options, while another seat or the server is due. */
#ifndef VQ_UI_APP_H
#define VQ_UI_APP_H

#include <SDL.h>
#include <stdbool.h>

#include "render.h"
#include "scene.h"
#include "table.h"

#define UI_WORDS 160        /* bytes of words kept per option */
#define UI_MAX_CHOICE 64
#define UI_MAX_MODS 16

typedef struct UiApp {
    UiAssets *as;
    UiTable *table;              /* NULL on the start screen */
    UiTable *last;               /* the table played last (kept while the start screen shows) */
    int screen;                  /* UiScreen */
    /* The pending decision. */
    Option *opts;
    int n;
    char (*words)[UI_WORDS];     /* each option's words */
    int *group;                  /* first option that differs from it only by payment */
    /* What the pointer holds. */
    int held_type, held_rot;     /* the tile to place (-1 none) and its turn */
    int picked;                  /* the critter picked up, -1 */
    bool auto_picked;            /* the decision is about that critter alone */
    bool dragging;
    int choice[UI_MAX_CHOICE];   /* options offered as buttons (payments, several at a place) */
    int nchoice;
    int confirm;                 /* the option waiting for confirmation, -1 */
    char confirm_why[160];
    bool list_open, help, coords, grid_shown, end_hidden;
    int hover_cell;              /* the hex under the pointer at the last motion */
    int list_scroll, log_scroll;
    int mx, my;                  /* the pointer, -1 when outside */
    char typed[8];
    char status[256];
    /* Bots. */
    double bot_delay, bot_wait;
    bool bot_thinking;
    /* The start screen. */
    UiSetup setup;
    const char *mod_names[UI_MAX_MODS];
    int mod_count;
    UiVariants variants;         /* those of the rules with variants_mods (start screen) */
    uint32_t variants_mods;
    bool variants_known;
    const char *save_path;       /* where a new game will be written, or NULL */
    bool overwrite_armed;        /* the Start button now says it will overwrite */
    UiAppHooks hooks;
    const char *const *card_text;   /* the rules text of each power card, or NULL */
    bool close_when_over;        /* quit once the end of the game has been drawn (--autoplay) */
    bool over_drawn;
    /* Results. */
    int decisions;               /* options applied in this window (at a remote table: moves sent) */
    bool quit, failed;
    UiScene *scene;              /* the last built frame (what clicks hit) */
} UiApp;

/* Sets the app up over `table` (NULL: the start screen). Returns 0, or -1
 * when memory runs out. */
int  ui_app_init(UiApp *app, UiAssets *as, UiTable *table);
void ui_app_free(UiApp *app);
/* Plays `table` from now on (a new game from the start screen). */
void ui_app_set_table(UiApp *app, UiTable *table);
/* Re-reads the pending decision after a change made outside the app. */
void ui_app_refresh(UiApp *app);
/* Handles one SDL event (mouse, keyboard, quit). */
void ui_app_event(UiApp *app, const SDL_Event *e);
/* Advances time by dt seconds: a bot whose turn it is moves once its delay is over. */
void ui_app_update(UiApp *app, double dt);
/* Builds the frame for a w x h window into app->scene (no drawing). */
void ui_app_build(UiApp *app, int w, int h);
/* Builds and draws the frame into dst. */
void ui_app_draw(UiApp *app, SDL_Surface *dst);
/* Picks option `index` as a click on it would: when the same thing can be
 * paid several ways, asks how (buttons); then confirmation if it is final. */
void ui_app_choose(UiApp *app, int index);
/* Picks exactly option `index` (a number typed, a row, a payment): only the
 * confirmation of a final step is asked. */
void ui_app_choose_exact(UiApp *app, int index);
/* Applies option `index` at once. Returns 0, or -1 (status says why). */
int  ui_app_apply(UiApp *app, int index);
/* Undoes the last choice of a person. Returns 0, or -1 (status says why). */
int  ui_app_undo(UiApp *app);
/* Whether the seat deciding now is a person (false once the game is over). */
bool ui_app_human_turn(const UiApp *app);

/* app_board.c: the pointer over the board. */
void ui_app_board_press(UiApp *app, int x, int y);
void ui_app_board_release(UiApp *app, int x, int y);
/* The pointer moved: a held tile entering a lit hex turns to a turn legal there. */
void ui_app_pointer_moved(UiApp *app);
/* Turns the held tile to the next (dir 1) or previous (-1) turn legal at the hovered hex. */
void ui_app_turn(UiApp *app, int dir);
/* The next tile type among those the decision offers. */
void ui_app_next_tile(UiApp *app);
/* Board parts of the scene: lit hexes, tinted areas, the held tile or critter. */
void ui_app_board_scene(UiApp *app, UiScene *s);
/* What the decision asks the pointer to do, in words. */
const char *ui_app_hint(const UiApp *app);

/* app_panel.c and app_start.c: the widgets. */
void ui_app_panel(UiApp *app, UiScene *s);
void ui_app_start_screen(UiApp *app, UiScene *s);
/* The start screen's buttons (app_start.c). */
void ui_app_start_act(UiApp *app, int act, int value);
/* The overlays over the board (app_screens.c). */
void ui_app_end_overlay(UiApp *app, UiScene *s);
void ui_app_help_overlay(UiApp *app, UiScene *s);
/* Does what a widget's action says. */
void ui_app_act(UiApp *app, int act, int value, int button);

#endif
