/* A frame to draw, as data: the game and its table, the layout, what the
 * board shows beyond the game (lit places, the tile or critter in hand, the
 * hovered hex) and a display list of widgets (boxes, text, buttons, option
 * rows, resource swatches, grid cards, the story). The app builds a scene
 * from its state; the renderer draws it; clicks are hit-tested against the
 * same widgets, so what is drawn is what is clicked.
 *
 * Contract: a scene never owns the game or the table; strings a widget
 * points at (tooltips) live in the scene's pool or outlive the scene. */
#ifndef VQ_UI_SCENE_H
#define VQ_UI_SCENE_H

#include <SDL.h>
#include <stdbool.h>
#include <stdint.h>

#include "layout.h"
#include "table.h"

enum UiScreen { UI_SCREEN_PLAY, UI_SCREEN_START };

typedef enum UiWidgetKind {
    UI_W_BOX,      /* a filled rounded rectangle (colour) */
    UI_W_TEXT,     /* text (colour, style) */
    UI_W_BUTTON,   /* a clickable labelled button */
    UI_W_ROW,      /* a clickable row of the option list */
    UI_W_SWATCH,   /* a small square of colour (a resource), with a number as text */
    UI_W_TOKEN,    /* a seat's critter token (value: seat) */
    UI_W_CARD,     /* a Power Grid card (value: slot) */
    UI_W_LOG,      /* the story, newest at the bottom */
    UI_W_SPOT      /* an invisible area with a tooltip */
} UiWidgetKind;

enum UiStyle {
    UI_ST_BOLD = 1, UI_ST_SMALL = 2, UI_ST_BIG = 4, UI_ST_PRIMARY = 8, UI_ST_DANGER = 16,
    UI_ST_ON = 32, UI_ST_OFF = 64, UI_ST_LIT = 128, UI_ST_CENTRE = 256, UI_ST_RIGHT = 512,
    UI_ST_HOVER = 1024
};

/* What clicking a widget does (UiWidget.act); `value` says which. OPTION
 * picks an option as a board click would (asking how to pay when it can be
 * paid several ways); EXACT picks exactly that option (a numbered row, a
 * payment). */
typedef enum UiAct {
    UI_ACT_NONE, UI_ACT_OPTION, UI_ACT_EXACT, UI_ACT_HOLD, UI_ACT_TURN, UI_ACT_LIST, UI_ACT_UNDO,
    UI_ACT_CANCEL, UI_ACT_CONFIRM, UI_ACT_PACE, UI_ACT_BOT_NOW, UI_ACT_NEW_GAME, UI_ACT_QUIT,
    UI_ACT_START, UI_ACT_PLAYERS, UI_ACT_SEAT_KIND, UI_ACT_SEAT_STRENGTH, UI_ACT_VARIANT, UI_ACT_SETUP,
    UI_ACT_MOD, UI_ACT_SEED, UI_ACT_CARD, UI_ACT_HELP, UI_ACT_GRID, UI_ACT_SCROLL_LIST, UI_ACT_RESULTS
} UiAct;

typedef struct UiWidget {
    SDL_Rect r;
    uint8_t kind;          /* UiWidgetKind */
    uint8_t act;           /* UiAct */
    uint16_t style;        /* UI_ST_* */
    int value;
    uint32_t colour;
    char text[160];
    const char *tip;       /* tooltip when hovered, or NULL */
} UiWidget;

#define UI_MAX_WIDGETS 768

typedef struct UiScene {
    int screen;                       /* UiScreen */
    const Game *game;                 /* NULL on the start screen before any game */
    const UiTable *table;             /* may be NULL (a bare position) */
    UiLayout L;
    UiWidget w[UI_MAX_WIDGETS];
    int nw;
    char pool[24576];                 /* tooltip texts */
    int pool_used;
    /* The board beyond the game. */
    uint8_t lit[BOARD_CELLS];         /* non-zero: an option points at this cell */
    uint8_t areas[BOARD_CELLS];       /* bit a: area a of the cell is a target now */
    int picked;                       /* critter id the pointer holds, -1 */
    int pointer_x, pointer_y;
    int ghost_type, ghost_rot;        /* the tile the pointer holds, type -1 for none */
    int ghost_cell;                   /* where it would go, NO_CELL: it floats at the pointer */
    bool ghost_ok;                    /* that turn is legal there */
    int hover_cell;                   /* NO_CELL */
    bool coords;                      /* every hex labelled with (q,r) */
    bool dim_board;                   /* an overlay (end of game) covers the board */
    int log_scroll;                   /* story lines scrolled back */
    const char *tooltip;              /* drawn near the pointer, or NULL */
} UiScene;

/* An empty scene for game g (may be NULL) at window size w x h. */
void ui_scene_reset(UiScene *s, const Game *g, const UiTable *t, int w, int h);
/* Appends a widget; returns it (the last slot again when the list is full). */
UiWidget *ui_scene_add(UiScene *s, int kind, int x, int y, int w, int h, const char *text);
/* Copies text into the scene's pool; returns it ("" when the pool is full). */
const char *ui_scene_keep(UiScene *s, const char *text);
/* The topmost widget under (x, y) that reacts (act != NONE), or NULL. */
const UiWidget *ui_scene_hit(const UiScene *s, int x, int y);
/* The topmost widget under (x, y) with a tooltip, or NULL. */
const UiWidget *ui_scene_tip_at(const UiScene *s, int x, int y);

#endif
