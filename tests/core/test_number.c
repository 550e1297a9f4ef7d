/* The one parser for typed numbers: exactly digits (and '-' for signed). */
#include <stdint.h>

#include "harness.h"
#include "number.h"

TEST(number_attack_blanks_signs_and_suffixes_are_refused)
{
    uint64_t u = 7;
    static const char *const BAD[] = { "", " 1", "1 ", "+1", "-1", "0x10", "1e3", "1.0", "١", "1\n", NULL };
    for (int i = 0; BAD[i]; i++)
        CHECK_EQ(number_parse_u64(BAD[i], 0, 100, &u), NUMBER_NOT_A_NUMBER);
    CHECK_EQ(u, 7);   /* untouched on failure */
    CHECK_EQ(number_parse_u64(NULL, 0, 1, &u), NUMBER_NOT_A_NUMBER);
    int64_t v = 0;
    CHECK_EQ(number_parse_i64("- 1", -5, 5, &v), NUMBER_NOT_A_NUMBER);
    CHECK_EQ(number_parse_i64("--1", -5, 5, &v), NUMBER_NOT_A_NUMBER);
    CHECK_EQ(number_parse_i64("-", -5, 5, &v), NUMBER_NOT_A_NUMBER);
}

TEST(number_ranges_and_overflow)
{
    uint64_t u;
    CHECK_EQ(number_parse_u64("007", 0, 10, &u), NUMBER_OK);
    CHECK_EQ(u, 7);
    CHECK_EQ(number_parse_u64("18446744073709551615", 0, UINT64_MAX, &u), NUMBER_OK);
    CHECK(u == UINT64_MAX);
    CHECK_EQ(number_parse_u64("18446744073709551616", 0, UINT64_MAX, &u), NUMBER_OUT_OF_RANGE);
    CHECK_EQ(number_parse_u64("99999999999999999999999", 0, UINT64_MAX, &u), NUMBER_OUT_OF_RANGE);
    CHECK_EQ(number_parse_u64("5", 6, 9, &u), NUMBER_OUT_OF_RANGE);
    CHECK_EQ(number_parse_u64n("12ms", 2, 1, 100, &u), NUMBER_OK);
    CHECK_EQ(u, 12);
    int64_t v;
    CHECK_EQ(number_parse_i64("-9223372036854775808", INT64_MIN, INT64_MAX, &v), NUMBER_OK);
    CHECK(v == INT64_MIN);
    CHECK_EQ(number_parse_i64("9223372036854775808", INT64_MIN, INT64_MAX, &v), NUMBER_OUT_OF_RANGE);
    CHECK_EQ(number_parse_i64("-9223372036854775809", INT64_MIN, INT64_MAX, &v), NUMBER_OUT_OF_RANGE);
    CHECK_EQ(number_parse_i64("-3", -5, 5, &v), NUMBER_OK);
    CHECK_EQ(v, -3);
    CHECK_EQ(number_parse_i64("-6", -5, 5, &v), NUMBER_OUT_OF_RANGE);
}
