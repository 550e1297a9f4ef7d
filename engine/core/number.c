#include "number.h"

#include <string.h>

NumberResult number_parse_u64n(const char *text, size_t len, uint64_t lo, uint64_t hi, uint64_t *out)
{
    if (!text || len == 0)
        return NUMBER_NOT_A_NUMBER;
    uint64_t v = 0;
    int overflow = 0;
    for (size_t i = 0; i < len; i++) {
        if (text[i] < '0' || text[i] > '9')
            return NUMBER_NOT_A_NUMBER;
        unsigned d = (unsigned)(text[i] - '0');
        if (v > (UINT64_MAX - d) / 10)
            overflow = 1;
        else
            v = v * 10 + d;
    }
    if (overflow || v < lo || v > hi)
        return NUMBER_OUT_OF_RANGE;
    *out = v;
    return NUMBER_OK;
}

NumberResult number_parse_u64(const char *text, uint64_t lo, uint64_t hi, uint64_t *out)
{
    return number_parse_u64n(text, text ? strlen(text) : 0, lo, hi, out);
}

NumberResult number_parse_i64(const char *text, int64_t lo, int64_t hi, int64_t *out)
{
    if (!text)
        return NUMBER_NOT_A_NUMBER;
    int negative = text[0] == '-';
    uint64_t magnitude;
    /* Up to 2^63 either way; the range check below settles the sign. */
    NumberResult r = number_parse_u64(text + negative, 0, (uint64_t)INT64_MAX + 1, &magnitude);
    if (r != NUMBER_OK)
        return r;
    if (!negative && magnitude > (uint64_t)INT64_MAX)
        return NUMBER_OUT_OF_RANGE;
    int64_t v = negative ? (int64_t)(0 - magnitude) : (int64_t)magnitude;
    if (v < lo || v > hi)
        return NUMBER_OUT_OF_RANGE;
    *out = v;
    return NUMBER_OK;
}
