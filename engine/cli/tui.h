/* The terminal game: a table (engine/ui/table.h) played line by line.
 * tui.c runs the loop and reads commands; tui_view.c prints the screen a
 * person decides from (board, seats with scores, supply, the story since
 * their last choice, the question and its options grouped by place). */
#ifndef VQ_CLI_TUI_H
#define VQ_CLI_TUI_H

#include <stdbool.h>
#include <stdio.h>

#include "play.h"
#include "table.h"
#include "watch.h"

typedef struct Tui {
    Session *session;
    UiTable table;
    CliPlayTarget target;
    char loaded[1024];         /* the save loaded with the load command (target.save_path then points here) */
    const char *card_text[MAX_POWER_CARDS];   /* the rules text of each power card */
    int bot_delay_ms;          /* a bot waits this long before each move */
    bool clear;                /* clear the terminal before each question (stdout is a terminal) */
    bool echo;                 /* print each command read (input is not a terminal: a transcript) */
    int told;                  /* story lines printed so far (UiTable.story_len) */
    CliWatch *watch;           /* --watch: reload changed rules between decisions (NULL: off) */
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
/* Story lines at most `last` back. */
void tui_story(Tui *t, int last);
void tui_scores(Tui *t, bool final);
void tui_cards(Tui *t);
void tui_help(FILE *out);

#endif
