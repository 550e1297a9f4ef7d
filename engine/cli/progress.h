/* Progress of a long run on stderr. On a terminal: one line redrawn in place
 * (a bar, games done, rate, time left). The rate and the time left are those
 * of the last PROGRESS_WINDOW seconds or so, not of the whole run, so that a
 * run whose later games cost more (strength's mcts after greedy vs random)
 * does not promise an early end. Elsewhere (a pipe, a log file, a
 * batch job): a plain line every few seconds, so a log shows the run is alive;
 * $VOLCANIQUE_PROGRESS_EVERY sets the seconds between those lines (default 5;
 * 0 turns them off), and a run that lasted longer than that ends with one
 * for its last game. Nothing is printed for a run shorter than that. */
#ifndef VQ_PROGRESS_H
#define VQ_PROGRESS_H

#include <stdint.h>

#define PROGRESS_WINDOW 10.0   /* seconds */

typedef struct Progress {
    char label[128];
    uint64_t total, done;
    double start, last;    /* seconds (monotonic clock) */
    double mark;           /* start of the window the rate is measured over */
    uint64_t mark_done;    /* games done at `mark` */
    double rate;           /* games a second over the last window; 0 until one closes */
    double every;          /* seconds between plain lines; 0: none */
    int tty;               /* stderr is a terminal */
    int drawn;             /* a terminal line is on screen */
} Progress;

/* Starts counting towards `total` games. */
void progress_start(Progress *p, const char *label, uint64_t total);
/* Names what runs now (e.g. "balance: hold CARD"), keeping the counts. */
void progress_label(Progress *p, const char *label);
/* Counts `games` more done; prints when a line is due. */
void progress_add(Progress *p, uint64_t games);
/* The time left at `now` (seconds on the monotonic clock) at the recent
 * rate, which goes to *rate when rate is not NULL; 0 when nothing is known
 * yet or nothing is left. Closes the rate's window when it is due. */
double progress_seconds_left(Progress *p, double now, double *rate);
/* Ends the run's output (the terminal line gets its newline). */
void progress_end(Progress *p);

#endif
