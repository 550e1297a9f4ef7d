/* tui --join and gui --join: the options that play a seat of a remote table
 * (or watch one), and joining it. The table is a remote table
 * (engine/ui/table.h); with --autoplay a bot of this screen plays the seat
 * (remote.h), every move shown as a person would see it.
 *
 * Contract: cli_join_open prints what is wrong and returns the exit status
 * (2 a bad link or option, 1 a refusal or no answer in time); the table and
 * the bot live until cli_join_close. */
#ifndef VQ_CLI_JOIN_PLAY_H
#define VQ_CLI_JOIN_PLAY_H

#include "play.h"
#include "remote.h"

#define CLI_JOIN_TIMEOUT_S 60

typedef struct CliJoinArgs {
    const char *link;          /* --join LINK */
    const char *autoplay;      /* --autoplay BOT, NULL: a person plays */
    const char *name;          /* --name NAME */
    int timeout_s;             /* --timeout S, 0: CLI_JOIN_TIMEOUT_S */
} CliJoinArgs;

/* Parses --join, --autoplay, --name or --timeout at argv[i]: *used is how
 * many arguments it took (0: none of them). Returns 0, or -1 with the
 * message printed (exit status 2). */
int cli_join_arg(const char *cmd, const CliArgs *a, int i, CliJoinArgs *ja, int *used);
/* The other options given with --join: only --bot-delay goes with it (the
 * table's host chose the game). Returns 0, or 2 with the message printed;
 * also 2 for --autoplay, --name or --timeout without --join. */
int cli_join_check(const char *cmd, const CliJoinArgs *ja, const CliPlayArgs *pa);

typedef struct CliJoin {
    RemoteBot bot;             /* --autoplay */
    int has_bot;
    char link[1024];
} CliJoin;

/* Says which table it joins, joins it into t and says how it went. Returns
 * 0, 1 or 2 (message printed). */
int  cli_join_open(const char *cmd, const CliArgs *a, const CliJoinArgs *ja, CliJoin *j, UiTable *t);
void cli_join_close(CliJoin *j, UiTable *t);
/* "table k3f9x0q2m7ab at 127.0.0.1:8080, seat B" (or "..., watching"). */
void cli_join_where(const CliJoin *j, const UiTable *t, char *out, int outlen);

#endif
