/* The balance report: what a balance stream (plan.h) says about each power
 * and about the game, per player count and per value of a swept parameter.
 *
 * A group is one player count and one sweep value. Its batches: a baseline
 * (no power given), then per power a "hold" batch, where seat k % players
 * holds the power from the start in game k, and a "deal" batch, where the
 * power is dealt to the Power Grid first. All batches of a group play the
 * same seeds, so the holder of game k sits in the seat the baseline's game k
 * measures ("rotating seat", Summary.rot_*).
 *
 * Measures with a test (Holm's correction over all of them together):
 *  - held: the holder's win rate against the baseline's rotating seat
 *    (Newcombe), the holder's score against it (Welch);
 *  - dealt: the win rate of players who unlocked it against that of the
 *    players who unlocked any power in the baseline (Newcombe): unlocking goes
 *    with leading, so the fair share would credit every power with the lead;
 *  - seats and the first player against the fair share.
 * Described with intervals, not tested: game length, winner's margin, lead
 * changes, end triggers, unlock rates, how often the power's handlers fired. */
#ifndef VQ_BALANCE_H
#define VQ_BALANCE_H

#include "plan.h"
#include "report.h"

typedef struct BalancePower {
    char card[REC_NAME];
    int hold_batch, deal_batch;        /* -1: not measured that way */
    Row held_win, held_score, dealt_win;
    double unlocked, unlocked_lo, unlocked_hi;   /* percent of deal games in which someone unlocked it */
    double fired;                      /* handler calls per hold game of scripts declaring the card; NaN: unknown */
} BalancePower;

typedef struct BalanceGroup {
    int players, sweep;                /* sweep: index into the plan's values, -1 none */
    int base;                          /* the baseline batch */
    char title[96];
    Row seat[MAX_PLAYERS], first;
    int npowers;
    BalancePower *powers;
    ErrorTally errors;                 /* every batch of the group */
} BalanceGroup;

typedef struct Balance {
    int ngroups;
    BalanceGroup *group;
    int tested;                        /* rows tested together */
} Balance;

/* Builds the report's groups and rows; 0, or -1 with a message. */
int  balance_build(const ResultSet *rs, double min_n, Balance *b, char *err, int errlen);
void balance_free(Balance *b);
/* The self-contained HTML page; 0 or 1 (error printed). */
int  balance_html(const char *path, const ResultSet *rs, const Balance *b, const ReportSide *sides, int nsides);

#endif
