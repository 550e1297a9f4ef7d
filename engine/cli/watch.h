/* Hot reload for playtests (tui --watch, gui --watch): notices when a rules
 * file changes (scripts/, content/ and the enabled mods' folders), loads the
 * rules again into a fresh session and re-plays the game's action log under
 * them. The old session stays in play when the changed rules fail to load or
 * the log no longer fits them, and the message says which action failed. */
#ifndef VQ_CLI_WATCH_H
#define VQ_CLI_WATCH_H

#include <stdint.h>

#include "session.h"

typedef struct CliWatch {
    char root[SESSION_PATH];
    char mods[1024];        /* the enabled mods, comma separated */
    uint64_t stamp;         /* fingerprint of the watched files (names, sizes, times) */
    int files;              /* how many files the fingerprint covers */
    double next_poll;       /* seconds (monotonic) before which cli_watch_changed does not look */
    Session *owned;         /* the session a reload made (freed by the next reload or cli_watch_end) */
} CliWatch;

/* Starts watching the files of session s's rules (again: a session an
 * earlier reload made stays owned). Zero the CliWatch before the first start. */
void cli_watch_start(CliWatch *w, const Session *s);
/* Whether a watched file was added, removed or changed since the last look;
 * looks at most twice a second (0 in between). */
int  cli_watch_changed(CliWatch *w);
/* Opens the rules again and re-plays *s's game under them. On success *s is
 * the new session (the old one closed; freed if a reload made it) and msg
 * says what was replayed; returns 0. On failure *s is untouched, msg says why
 * (the file and line of a script that fails to load, or the action and turn
 * where the log stops fitting); returns -1. */
int  cli_watch_reload(CliWatch *w, Session **s, char *msg, int msglen);
/* Closes and frees the session a reload made, if any (call after the last use). */
void cli_watch_end(CliWatch *w);

#endif
