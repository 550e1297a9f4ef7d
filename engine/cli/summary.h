/* What a batch of game records adds up to: win rates by seat and for the
 * first player, scores and their breakdown, game length, score margins, lead
 * changes, end reasons and triggers, powers (unlocks, holders), the seats
 * that held powers from the start, and the script errors and switched-off
 * mods of the batch. Reports compute their intervals from these sums
 * (stats.h). Adding the same records in the same order gives the same bits. */
#ifndef VQ_SUMMARY_H
#define VQ_SUMMARY_H

#include "record.h"
#include "stats.h"

#define SUM_MAX_CARDS 48
#define SUM_MAX_NAMES 8
#define SUM_MAX_MODS 16
#define SUM_HIST 128

/* Script errors and switched-off mods over some games. */
typedef struct ErrorTally {
    int games;
    int games_with_errors;              /* games whose script_errors > 0 */
    long script_errors;                 /* failed handler calls, all games */
    int nmods;
    char mod[SUM_MAX_MODS][64];
    int mod_games[SUM_MAX_MODS];        /* games in which the mod was switched off */
    char mod_error[SUM_MAX_MODS][320];  /* its first error */
} ErrorTally;

void tally_add(ErrorTally *t, const GameRecord *r);
void tally_merge(ErrorTally *t, const ErrorTally *u);
static inline int tally_any(const ErrorTally *t) { return t->games_with_errors > 0 || t->nmods > 0; }

/* Counts of whole values 0..SUM_HIST-1 (larger ones in the last bucket). */
typedef struct Hist { int count[SUM_HIST]; } Hist;
void hist_add(Hist *h, int v);
int  hist_top(const Hist *h);           /* highest non-empty bucket, -1 if none */

/* How often each name (an end reason, a trigger) came up, per game. */
typedef struct NameCount {
    int n;
    char name[SUM_MAX_NAMES][16];
    double count[SUM_MAX_NAMES];
} NameCount;
int namecount_find(const NameCount *c, const char *name);

typedef struct Summary {
    int games, players;
    uint64_t seed0;                     /* the batch's first seed: seat (seed - seed0) % players rotates */
    Accum seat_win[MAX_PLAYERS];        /* 1 per win, 1/k for a k-way tie */
    Accum seat_score[MAX_PLAYERS];
    Accum first_win;                    /* the first player's win */
    Accum win_score, lose_score;        /* winners' and losers' totals */
    Accum win_part[REC_PARTS], lose_part[REC_PARTS];
    int stalled;                        /* games ended at the turn limit (end "stalled") */
    Accum turns, decisions;             /* over the other games: a stalled game's length says nothing */
    Accum margin;                       /* a winner's total minus the best other total */
    Accum lead;                         /* lead changes per game */
    Hist score_hist, turns_hist, margin_hist, lead_hist;   /* turns_hist: the games turns counts */
    NameCount ends, triggers;           /* trigger "none": the game ended without one */
    int ncard;
    char card[SUM_MAX_CARDS][REC_NAME];
    double card_games[SUM_MAX_CARDS];   /* games in which someone unlocked it */
    Accum card_holder_win[SUM_MAX_CARDS];   /* per player-game holding it (unlocked or held) */
    Accum card_holder_score[SUM_MAX_CARDS];
    Accum card_turn[SUM_MAX_CARDS];     /* turn of each unlock */
    Accum held_win, held_score;         /* per seat that held powers from the start */
    Accum unlocker_win;                 /* per player-game with at least one power unlocked */
    Accum rot_win, rot_score;           /* per game, the rotating seat (seed - seed0) % players */
    Accum caldera_bought, caldera_stars;/* per player-game */
    ErrorTally errors;
} Summary;

void summary_init(Summary *s, uint64_t seed0);
void summary_add(Summary *s, const GameRecord *r);
int  summary_card(const Summary *s, const char *name);   /* index, or -1 */

#endif
