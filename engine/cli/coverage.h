/* Rule coverage: how often each rules-script handler fired in real play
 * (bots' look-ahead and the engine's own look-ups subtracted), and which
 * parameters the scripts read.
 *
 * A handler's identity is (script, event, card, ordinal): the file that
 * registered it, its event, the power card that file declares ("" for none)
 * and its place among handlers of that script, event and card in dispatch
 * order. Two runs are matched by identity, never by position, so a mod's
 * handlers on one side show as rows of that side only.
 *
 * In a result stream (plan.h) a batch's coverage is one line:
 *   {"coverage":{"batch":K,"games":N,"params_read":[names],
 *                "handlers":[{"script","event","card","priority","ordinal","fired"}]}} */
#ifndef VQ_COVERAGE_H
#define VQ_COVERAGE_H

#include <stdint.h>
#include <stdio.h>

#include "game.h"
#include "record.h"

#define COVER_MAX 256

typedef struct CoverEntry {
    char script[96];
    char event[56];     /* an event, or "action:NAME" / "answer:NAME" (NAME up to 47 characters) */
    char card[REC_NAME];
    long priority;
    int ordinal;
    uint64_t fired;
} CoverEntry;

typedef struct Coverage {
    int count;
    int games;                          /* games the counts come from */
    CoverEntry e[COVER_MAX];
    int nread;                          /* parameters some script read */
    char read[MAX_PARAMS][PARAM_NAME_LEN];
} Coverage;

struct Session;
/* The session's handlers (script_fire_counts) with the counts of fired[]. */
void coverage_fill(Coverage *c, const struct Session *s, const uint64_t *fired, int games);
/* Adds b's counts, games and parameters read into a, handler by identity. */
void coverage_add(Coverage *a, const Coverage *b);
/* The index in c of the entry with e's identity, or -1. */
int  coverage_find(const Coverage *c, const CoverEntry *e);
/* Notes that parameter `name` was read. */
void coverage_note_read(Coverage *c, const char *name);

void coverage_write(FILE *out, const Coverage *c, int batch);
/* Parses the object under "coverage"; returns 0 or -1 with a message. */
int  coverage_from_json(const void *json, Coverage *c, int *batch, char *err, int errlen);

#endif
