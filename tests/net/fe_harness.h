/* The front ends as processes for the network tests: `volcanique tui` and
 * `volcanique gui` (SDL's dummy video driver) of the build under test, run
 * with their output in files and, when asked, their input a pipe the test
 * writes. Tests synchronise on the lines they print; every wait has a bound
 * only so that a broken front end fails the test instead
 * of hanging it: FE_BOUND_MS, long enough for a whole game played by two
 * front ends and the server under the sanitizers on a busy machine. */
#ifndef VQ_TESTS_FE_HARNESS_H
#define VQ_TESTS_FE_HARNESS_H

#include <stddef.h>
#include <sys/types.h>

#define FE_BOUND_MS 120000

typedef struct FrontEnd {
    pid_t pid;
    int input;                 /* the write end of its stdin, or -1 (stdin is /dev/null) */
    char out[300], err[300];   /* its stdout and stderr, files in the test's folder */
    long mark;                 /* fe_wait searches the output from here */
    int status;                /* its exit status once fe_exit saw it, else -1 */
} FrontEnd;

/* Starts `volcanique ARGS...` (args ends with NULL) with stdout and stderr in
 * dir/NAME.out and dir/NAME.err; `input`: stdin is a pipe (fe_type), else
 * /dev/null; `window`: SDL_VIDEODRIVER=dummy. 0, or -1 (test failed). */
int  fe_start(FrontEnd *f, const char *dir, const char *name, int input, int window, const char *const *args);
/* Waits until the output holds `needle` after the mark, then moves the mark
 * past it. 0, or -1 (test failed, naming the needle and the file) past the
 * bound or when the process ended without printing it. */
int  fe_wait(FrontEnd *f, const char *needle);
/* Writes a line to its input. */
void fe_type(FrontEnd *f, const char *line);
/* Closes its input (end of file). */
void fe_close_input(FrontEnd *f);
/* Waits for it to exit: its exit status, or -1 (killed past the bound, or a signal). */
int  fe_exit(FrontEnd *f);
/* Its whole stdout or stderr (malloc'd, NUL-terminated; "" when empty). */
char *fe_slurp(const char *path);
/* Whether its stderr holds a sanitizer's report. */
int  fe_sanitizer_report(const FrontEnd *f);
void fe_kill(FrontEnd *f);

#endif
