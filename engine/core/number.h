/* Whole numbers typed by people: one parser for every number on a command
 * line, in a bot spec, a scenario or the terminal, so that the same text is
 * accepted or refused everywhere.
 *
 * Contract: the text is exactly an optional '-' (signed forms only) and one
 * or more decimal digits: no blank, no '+', no other base, no suffix. A value
 * outside lo..hi, including one too large for 64 bits, is out of range. */
#ifndef VQ_NUMBER_H
#define VQ_NUMBER_H

#include <stddef.h>
#include <stdint.h>

typedef enum NumberResult {
    NUMBER_OK = 0,
    NUMBER_NOT_A_NUMBER = -1,   /* empty, or a character that is not a digit */
    NUMBER_OUT_OF_RANGE = -2,
} NumberResult;

/* The first len bytes of text (which need not be NUL-terminated). */
NumberResult number_parse_u64n(const char *text, size_t len, uint64_t lo, uint64_t hi, uint64_t *out);
NumberResult number_parse_u64(const char *text, uint64_t lo, uint64_t hi, uint64_t *out);
NumberResult number_parse_i64(const char *text, int64_t lo, int64_t hi, int64_t *out);

#endif
