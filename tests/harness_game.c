#include "harness_game.h"

#include <stdarg.h>
#include <stdio.h>

#include "harness.h"
#include "session.h"

const char *th_script_error(const struct Session *s, const Game *g)
{
    static _Thread_local char text[1700];   /* test_threads.c plays on two threads */
    if (s && g == &s->game && (s->error_count > 0 || g->script_errors > 0)) {
        int n = s->error_count > (int)g->script_errors ? s->error_count : (int)g->script_errors;
        snprintf(text, sizeof text, "%d script error%s, the first: %s", n, n == 1 ? "" : "s",
                 s->error[0] ? s->error : "(no message recorded)");
        return text;
    }
    if (g->script_errors == 0)
        return NULL;
    snprintf(text, sizeof text, "%u script error%s (counted in a game the session does not own: no message)",
             (unsigned)g->script_errors, g->script_errors == 1 ? "" : "s");
    return text;
}

int th_check_script_error(const char *file, int line, const struct Session *s, const Game *g,
                          const char *context, ...)
{
    const char *error = th_script_error(s, g);
    if (!error)
        return 0;
    char where[200];
    va_list ap;
    va_start(ap, context);
    vsnprintf(where, sizeof where, context, ap);
    va_end(ap);
    th_fail(file, line, "%s: %s", where, error);
    return 1;
}
