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
/* "Marks: A's critter at (0,0): shielded; (3,1): scorched" for every marked
 * critter on the board and marked place, or nothing when there is none. */
void text_marks(FILE *out, const Game *g);
/* The board with the cells marked where lit[cell] is non-zero (lit may be NULL). */
void text_board_lit(FILE *out, const Game *g, const uint8_t *lit);
/* The Power Grid by level: each slot's card, who holds it, and the card's
 * rules text (card_text[card], may be NULL). */
void text_grid(FILE *out, const Game *g, const char *const *card_text);
/* The supply: land tiles by class, volcanoes, resources, the Caldera deck. */
void text_supply(FILE *out, const Game *g);
void text_players(FILE *out, const Game *g);
void text_pending(FILE *out, const Game *g);
/* One line describing option o of g's pending decision (no newline). */
void text_option(char *buf, int len, const Game *g, const Option *o);
void text_scores(FILE *out, const Game *g, const Scores *s);
void text_state(FILE *out, Game *g);

#endif
