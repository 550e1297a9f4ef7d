/* A minimal test harness. Each TEST registers itself before main runs; the
 * runner executes them in name order and prints one line per failure and a
 * closing "N passed, N failed" line.
 *
 * CHECK* record a failure and continue; REQUIRE* end the current test. */
#ifndef VQ_HARNESS_H
#define VQ_HARNESS_H

#include <setjmp.h>
#include <stdint.h>

typedef void (*TestFn)(void);

void th_register(const char *name, const char *file, TestFn fn);
void th_fail(const char *file, int line, const char *fmt, ...);
void th_abort_test(void);
/* Records an externally run test (e.g. a Lua test) in the totals. */
void th_record(const char *name, int ok, const char *message);
/* Runs the tests whose name or file contains `filter` (NULL: all). With
 * TESTS_FAIL_FAST=1 in the environment it stops after the first failing test
 * (tests/mutation.sh uses it). Returns the failures so far. */
int  th_run(const char *filter);
void th_summary(void);
int  th_failed_count(void);
/* Whether the test running now has failed so far. */
int  th_current_failed(void);

#define TEST(name)                                                        \
    static void name(void);                                               \
    __attribute__((constructor)) static void th_reg_##name(void)         \
    { th_register(#name, __FILE__, name); }                               \
    static void name(void)

#define CHECK(cond)                                                       \
    do { if (!(cond)) th_fail(__FILE__, __LINE__, "CHECK(%s)", #cond); } while (0)

#define REQUIRE(cond)                                                     \
    do { if (!(cond)) { th_fail(__FILE__, __LINE__, "REQUIRE(%s)", #cond); \
                        th_abort_test(); } } while (0)

#define CHECK_EQ(a, b)                                                    \
    do { long long th_a = (long long)(a), th_b = (long long)(b);          \
         if (th_a != th_b) th_fail(__FILE__, __LINE__, "%s == %s (%lld != %lld)", \
                                   #a, #b, th_a, th_b); } while (0)

#define CHECK_STR_CONTAINS(hay, needle)                                   \
    do { const char *th_h = (hay), *th_n = (needle);                      \
         if (!th_h || !strstr(th_h, th_n)) th_fail(__FILE__, __LINE__,    \
             "\"%s\" should contain \"%s\"", th_h ? th_h : "(null)", th_n); } while (0)

#endif
