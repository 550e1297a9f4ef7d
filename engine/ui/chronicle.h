/* The story of a game in words: what one applied option did, told by
 * comparing the game before and after it (tiles, lava, critters, resources,
 * powers, Caldera cards, turns, the end), plus words for turn steps and end
 * reasons. Shared by the window and the terminal; no SDL here.
 *
 * Contract: ui_chronicle reads two games and writes lines; it never changes a
 * game and never calls the script layer (the option's own words are computed
 * by the caller, on the game before the apply, with game_option_text).
 * Hidden information stays hidden: a Caldera card drawn is told without its name. */
#ifndef VQ_UI_CHRONICLE_H
#define VQ_UI_CHRONICLE_H

#include <stdbool.h>

#include "game.h"

#define UI_LINE_LEN 176

typedef enum UiLineKind {
    UI_LINE_ACTION,   /* a seat's choice */
    UI_LINE_EVENT,    /* what followed from it */
    UI_LINE_DICE,     /* an outcome the dice decided */
    UI_LINE_TURN,     /* a new turn begins */
    UI_LINE_END       /* the game is over, or its end is near */
} UiLineKind;

typedef struct UiLine {
    int8_t seat;      /* the seat it is about (its colour), -1 for none */
    uint8_t kind;     /* UiLineKind */
    char text[UI_LINE_LEN];
} UiLine;

/* Lines telling what applying option `o` (by seat `who`, described as
 * `option_text`) did to `before`, giving `after`. Writes at most `max` lines
 * and returns how many. */
int ui_chronicle(const Game *before, const Game *after, int who, const Option *o, const char *option_text,
                 UiLine *out, int max);

/* Whether the apply that turned `before` into `after` drew from the game's
 * generator (dice, shuffles, random outcomes) or revealed hidden information
 * (a Caldera card drawn or played): such a step cannot be taken back. */
bool ui_step_is_final(const Game *before, const Game *after);

/* Rewrites an option's words (a NUL-terminated text in a buffer of len
 * bytes) as the story tells them to everyone: the decider's "your" becomes
 * "their"; what would not fit is cut. */
void ui_as_told(char *words, int len);

/* "Move step", "Buy and stack step", ... for the game's phase. */
const char *ui_step_name(const Game *g);
/* "the land tiles ran out", ... for an end reason of g: the words its
 * declaration gave (Rules.end_reason_words), living as long as g. */
const char *ui_end_reason_text(const Game *g, int reason);

#endif
