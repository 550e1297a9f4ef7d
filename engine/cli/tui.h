/* The terminal game: a table (engine/ui/table.h) played line by line.
 * tui.c runs the loop and reads commands; tui_view.c prints the screen a
 * person decides from (board, seats with scores, supply, the story since
 * their last choice, the question and its options grouped by place).
 * A remote table (tui --join) plays the same way: while another seat
 * decides it prints the story as the server tells it, and what happens to
 * the connection, and still reads view commands. */
#ifndef VQ_CLI_TUI_H
#define VQ_CLI_TUI_H

#include <stdbool.h>
#include <stdio.h>

#include "play.h"
#include "table.h"
#include "watch.h"

typedef struct Tui {
    Session *session;          /* NULL at a remote table */
    UiTable table;
    CliPlayTarget target;
    char loaded[1024];         /* the save loaded with the load command (target.save_path then points here) */
    const char *card_text[MAX_POWER_CARDS];   /* the rules text of each power card */
    int bot_delay_ms;          /* a bot waits this long before each move */
    bool clear;                /* clear the terminal before each question (stdout is a terminal) */
    bool echo;                 /* print each command read (input is not a terminal: a transcript) */
    int told;                  /* story lines printed so far (UiTable.story_len) */
    CliWatch *watch;           /* --watch: reload changed rules between decisions (NULL: off) */
    bool input_closed;         /* the input ended where that does not stop the game (a bot or a spectator plays) */
    int shown_turn;            /* a spectator's screen was printed for this turn */
    int waited;                /* the seat last announced as deciding elsewhere, -1 */
    char prompt[8];            /* the prompt shown while a line is read ("A> "), else "" */
    Option *opts;              /* the pending decision's options */
    int n;
    FILE *out;
    FILE *in;
} Tui;

/* Plays until the game is over or the person quits. Returns 0, or 1 when a
 * step failed (message printed). */
int tui_run(Tui *t);

/* tui_view.c */
/* The screen for a person's decision. `lit` marks the cells options point at. */
void tui_screen(Tui *t);
/* The options of the pending decision: numbered when few, else the ones
 * without a place numbered and the others as a list of places. */
void tui_list_options(Tui *t, bool all);
/* Lettered options at one cell; returns how many. */
int  tui_list_at(Tui *t, int cell);
/* Prints story lines not printed yet. */
void tui_tell(Tui *t);
/* Prints a remote table's notices (the connection lost and back, ...). */
void tui_notices(Tui *t);
/* Story lines at most `last` back. */
void tui_story(Tui *t, int last);
void tui_scores(Tui *t, bool final);
void tui_cards(Tui *t);
void tui_help(Tui *t);

#endif
