/* What the terminal game (tui) and the window (gui) share on the command
 * line: their common options, opening a game (new or loaded from a save, never
 * overwriting a save unasked), and the table hooks that restart a session's
 * game (for undo) and write the save after every change. */
#ifndef VQ_CLI_PLAY_H
#define VQ_CLI_PLAY_H

#include <stdbool.h>

#include "cli.h"
#include "table.h"

typedef struct CliPlayArgs {
    GameOptions options;
    uint64_t seed;
    UiSeat seats[MAX_PLAYERS];
    int seat_count;            /* 0: not given */
    const char *save_path;     /* --save FILE */
    const char *load_path;     /* --load FILE */
    bool force;                /* --force: a new game may overwrite --save FILE */
    bool watch;                /* --watch: reload changed rules files and replay the game (watch.h) */
    bool game_given;           /* a game option (--players, --seed, --variant, --setup, --mods, --deal, --hold) */
    int bot_delay_ms;          /* --bot-delay MS, -1 when not given */
} CliPlayArgs;

void cli_play_defaults(CliPlayArgs *pa);
/* Parses the option at argv[i] if it is one of the shared ones (the game
 * options, --seats, --save, --load, --force, --watch, --bot-delay): *used is how many
 * arguments it took (0: not a shared option). Returns 0, or -1 with the
 * message printed (exit status 2). */
int cli_play_arg(const char *cmd, const CliArgs *a, int i, CliPlayArgs *pa, int *used);
/* Checks the options together and opens the session and its game: --load
 * replays the save (its seats: --seats, else those the save records, else
 * human then random bots), else a new game starts (refused when --save names
 * an existing file, unless --force). Either way the seats are noted for the
 * saves (cli_play_note_seats). Returns 0, 1 (failure, message printed) or 2
 * (bad command line). */
int cli_play_open(const char *cmd, const CliArgs *a, CliPlayArgs *pa, Session *s);
/* Notes who plays the game's seats, as --seats lists them, for every save
 * written after (cli_seats_text). */
void cli_play_note_seats(const UiSeat *seats, int count);
/* Starts a new game in the session (the window's start screen), with the
 * save guard of cli_play_open. Returns 0, or -1 with a message in err. */
int cli_play_new(Session *s, const GameOptions *o, uint64_t seed, const char *save_path, bool force, char *err,
                 int errlen);

/* The table hooks for session s's game: restart replays from the seed
 * (mods reset, empty log); changed writes the game to save_path when it is
 * not NULL. `target` must outlive the table. */
typedef struct CliPlayTarget {
    Session *session;
    const char *save_path;
} CliPlayTarget;
UiTableHooks cli_play_hooks(CliPlayTarget *target);

#endif
