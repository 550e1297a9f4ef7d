/* The power cards' documentation, generated from the scripts themselves: what
 * each scripts/powers/ file declared with card{} (name, grid levels, middle
 * column, stars, Caldera bolt, rules text, ruling) and the events its handlers
 * hook (every on() registered from that same file). docs/powers.md is this
 * generator's markdown output; tests/script/test_powers_doc.c compares the two,
 * so the page cannot drift from the scripts.
 *
 * Contract:
 *  - The output depends only on the session's cards and handlers: cards are
 *    listed by name (byte order), events in catalogue order, each once.
 *  - A card's hooks are the handlers whose chunk is the card's script; handlers
 *    a mod or another script registers for the card are not counted.
 *  - Nothing but `out` is written; the session is not changed. */
#ifndef VQ_POWERS_DOC_H
#define VQ_POWERS_DOC_H

#include <stdio.h>

#include "session.h"

typedef enum PowersDocFormat {
    POWERS_DOC_TEXT,       /* the `volcanique powers` listing */
    POWERS_DOC_MARKDOWN    /* the whole of docs/powers.md */
} PowersDocFormat;

/* Writes the documentation of every power card of s. Returns 0, or -1 when
 * memory runs out or out reports a write error. */
int powers_doc_write(const Session *s, PowersDocFormat format, FILE *out);

#endif
