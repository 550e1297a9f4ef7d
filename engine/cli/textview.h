/* Text views of a game for the terminal and for `show`: the board as a hex
 * map plus a stack list, the players, and readable option descriptions. */
#ifndef VQ_TEXTVIEW_H
#define VQ_TEXTVIEW_H

#include <stdio.h>

#include "game.h"
#include "score.h"

/* Seat letters: player 0 is A, 1 is B, ... */
static inline char seat_letter(int player) { return (char)('A' + player); }

void text_board(FILE *out, const Game *g);
void text_players(FILE *out, const Game *g);
void text_pending(FILE *out, const Game *g);
/* One line describing option o of g's pending decision (no newline). */
void text_option(char *buf, int len, const Game *g, const Option *o);
void text_scores(FILE *out, const Game *g, const Scores *s);
void text_state(FILE *out, Game *g);

#endif
