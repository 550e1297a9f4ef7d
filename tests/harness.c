#include "harness.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_TESTS 2048

typedef struct TestCase {
    const char *name;
    const char *file;
    TestFn fn;
} TestCase;

static TestCase tests[MAX_TESTS];
static int test_count;
static int passed, failed;
static int current_failed;
static const char *current_name;
static jmp_buf current_jump;

void th_register(const char *name, const char *file, TestFn fn)
{
    if (test_count == MAX_TESTS) {
        fprintf(stderr, "harness: more than %d tests\n", MAX_TESTS);
        exit(2);
    }
    tests[test_count++] = (TestCase){ name, file, fn };
}

void th_fail(const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    if (!current_failed)
        printf("FAIL %s\n", current_name ? current_name : "?");
    current_failed = 1;
    printf("  %s:%d: ", file, line);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
    fflush(stdout);
}

void th_abort_test(void)
{
    longjmp(current_jump, 1);
}

void th_record(const char *name, int ok, const char *message)
{
    if (ok) {
        passed++;
    } else {
        failed++;
        printf("FAIL %s\n  %s\n", name, message ? message : "");
    }
}

static int by_name(const void *a, const void *b)
{
    const TestCase *x = a, *y = b;
    int c = strcmp(x->file, y->file);
    return c ? c : strcmp(x->name, y->name);
}

int th_run(const char *filter)
{
    const char *fast = getenv("TESTS_FAIL_FAST");
    bool stop_at_failure = fast && *fast && strcmp(fast, "0") != 0;
    qsort(tests, (size_t)test_count, sizeof tests[0], by_name);
    for (int i = 0; i < test_count && !(stop_at_failure && failed > 0); i++) {
        if (filter && !strstr(tests[i].name, filter) && !strstr(tests[i].file, filter))
            continue;
        current_name = tests[i].name;
        current_failed = 0;
        if (setjmp(current_jump) == 0)
            tests[i].fn();
        if (current_failed)
            failed++;
        else
            passed++;
    }
    current_name = NULL;
    return failed;
}

int th_failed_count(void) { return failed; }

int th_current_failed(void) { return current_failed; }

void th_summary(void)
{
    printf("%d passed, %d failed\n", passed, failed);
    fflush(stdout);
}
