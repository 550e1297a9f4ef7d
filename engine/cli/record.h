/* The record of one simulated game, as one JSON line: what sim prints and
 * what merge, compare and balance read back.
 *
 * A line, keys in this order (optional ones marked ?):
 *   seed, batch? (the plan's batch, see plan.h), rules {players, variant,
 *   setup}, seats [bot per seat], cards? {deal [names], hold [[names] per
 *   seat]}, winners [seat letters], turns, decisions, end (end reason),
 *   trigger (the first end trigger, "" if none), lead_changes (times the
 *   scoring leader changed between turns), first_player, scores [{seat,
 *   total, breakdown}], caldera [{seat, bought, held, played}], powers
 *   [{seat, turn, slot, level, card}], script_errors (failed handler calls),
 *   mods_failed [{mod, error}] (mods switched off in this game), made {how
 *   the batch was made: engine, rules version and hash, root, mods with
 *   hashes, params, scenario}.
 *
 * Contracts:
 *  - record_write and record_parse are inverse for lines record_write wrote:
 *    a parsed line written again is the same bytes.
 *  - `made` is written verbatim; record_parse interns it (record_intern), so
 *    records of one batch share one string and compare equal by pointer. */
#ifndef VQ_RECORD_H
#define VQ_RECORD_H

#include <stdint.h>
#include <stdio.h>

#include "score.h"

#define REC_MAX_POWERS 64
#define REC_NAME 32
#define REC_CARDS 160
#define REC_MAX_FAILED 4

typedef struct PowerRecord {
    uint8_t seat, slot, level;
    uint16_t turn;               /* turn of the unlock */
    char card[REC_NAME];
} PowerRecord;

typedef struct ModFailure {
    char mod[64];
    char error[320];             /* "FILE:LINE: message", as ModInfo.error */
} ModFailure;

typedef struct GameRecord {
    uint64_t seed;
    int batch;                           /* -1: a plain sim line */
    int players, setup;
    char variant[VARIANT_LEN];
    char seats[MAX_PLAYERS][REC_NAME];   /* bot spec per seat */
    char deal[REC_CARDS];                /* cards dealt to the grid first, comma separated */
    char hold[MAX_PLAYERS][REC_CARDS];   /* cards each seat held from the start */
    int first_player;
    int winners;                         /* bitmask; ties share */
    int turns, decisions;
    char end[16];                        /* end reason name */
    char trigger[16];                    /* first end trigger, "" if none */
    int lead_changes;
    ScoreLine score[MAX_PLAYERS];
    int caldera_bought[MAX_PLAYERS];
    int caldera_held[MAX_PLAYERS];
    int npowers;
    PowerRecord powers[REC_MAX_POWERS];
    int script_errors;
    char first_error[1024];              /* the first script error, with file, line, seed, turn and event */
    int nfailed;
    ModFailure failed[REC_MAX_FAILED];
    const char *made;                    /* compact JSON object, interned; NULL: not recorded */
} GameRecord;

void record_write(FILE *out, const GameRecord *r);
/* Parses a game line. Returns 0, or -1 with a message naming the field. */
int  record_parse(const char *line, GameRecord *r, char *err, int errlen);
/* The same from a parsed JSON object (json_t *). */
int  record_from_json(const void *json, GameRecord *r, char *err, int errlen);
/* A process-wide copy of s, the same pointer for equal strings. */
const char *record_intern(const char *s);

/* Writes s as a JSON string (quotes, escapes; control characters dropped). */
void record_put_string(FILE *out, const char *s);

/* The score breakdown's parts, in line order. */
#define REC_PARTS 10
const char *record_part_name(int i);
int record_part(const ScoreLine *l, int i);

/* Seat letter of seat p (0 -> 'A'). */
static inline char record_seat(int p) { return (char)('A' + p); }

#endif
