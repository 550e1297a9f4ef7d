/* The power cards' documentation, generated from the scripts themselves: what
 * each scripts/powers/ file declared with card{} (name, grid levels, middle
 * column, stars, Caldera bolt, rules text, ruling) and what that same file
 * hooks: the events of its on() handlers, its actions and its questions. docs/powers.md is this
 * generator's markdown output; tests/script/test_powers_doc.c compares the two,
 * so the page cannot drift from the scripts.
 *
 * Contract:
 *  - The output depends only on the session's cards, handlers, actions and
 *    questions: cards are listed by name (byte order); a card's hooks are its
 *    events in catalogue order, each once, then "action:NAME" and
 *    "answer:NAME" in declaration order (session_fire_counts).
 *  - A card's hooks are those whose chunk is the card's script; what a mod or
 *    another script registers for the card is not counted.
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
