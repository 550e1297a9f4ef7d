/* Shared pieces of the command line: argument parsing helpers, opening a
 * session, loading and writing saves. Every command returns its exit status:
 * 0 success, 1 a failure of the thing asked for, 2 a bad command line. */
#ifndef VQ_CLI_H
#define VQ_CLI_H

#include <stdint.h>

#include "session.h"
#include "table.h"

/* The engine's version, written into every result line (record.h). */
#define VQ_ENGINE_VERSION "0.12.0"

typedef struct CliArgs {
    int argc;
    char **argv;          /* after the subcommand */
    const char *root;     /* --root, or NULL for the default */
} CliArgs;

/* Parses a whole number in lo..hi with number_parse_u64 (digits only: no blank,
 * sign or suffix); returns 0 or -1 (message printed, naming `what`). Every
 * number on the command line goes through it. */
int cli_number(const char *text, const char *what, uint64_t lo, uint64_t hi, uint64_t *out);
/* Opens the session (content, scripts, and the mods given with --mods).
 * Prints the error and returns -1 on failure. */
int cli_open(Session *s, const CliArgs *a);
/* Loads SAVE into the session's game by replaying it. Without --mods the
 * session is reopened with the save's mods; a mod missing or changed since
 * the save was made is refused, naming the mod. Prints the error on failure
 * (the session may then be closed; session_close on it is still safe). */
int cli_load(Session *s, const char *path);
/* Writes the session's game to path atomically. Prints the error on failure. */
int cli_save(Session *s, const char *path);
/* Parses the game options shared by new, tui and sim (--players, --seed,
 * --variant, --setup, --mods LIST; --mods is remembered for cli_open). Returns the index of the
 * first unconsumed argument, or -1 on a bad option (message printed). */
int cli_game_option(const CliArgs *a, int i, GameOptions *o, uint64_t *seed, int *consumed);
/* The --mods list cli_game_option saw (for session_open_mods), or NULL. */
const char *cli_mods_list(void);

/* Parses --seats LIST for `cmd`: per seat, comma separated, human, random
 * (or bot), greedy, mcts, mcts:ITERATIONS or mcts:MSms, mcts+ likewise (bot.h bot_parse).
 * Unlisted seats are random bots. Returns 0, or -1 with the message printed. */
int cli_seats(const char *cmd, const char *list, UiSeat seats[MAX_PLAYERS], int *count);
/* cli_seats without printing: -1 with the reason in why. */
int cli_parse_seats(const char *list, UiSeat seats[MAX_PLAYERS], int *count, char *why, int whylen);

/* The --deal list given on the command line, or NULL; the --hold lists by seat. */
extern const char *cli_deal;
extern const char *cli_hold[MAX_PLAYERS];
/* Gives the session the --deal and --hold cards of the command line. */
void cli_apply_cards(Session *s);
/* The names of the cards of `mask`, comma separated, into out. */
void cli_cards_names(const Rules *r, uint64_t mask, char *out, int outlen);

/* --scenario FILE: a position in the scenario text format (scenario.h). */
typedef struct CliScenario {
    char file[256];
    char *text;                /* malloc'd; NULL: no scenario */
    char hash[17];             /* FNV-1a of the text, 16 hex digits */
    int players;               /* what the text sets */
    char variant[VARIANT_LEN];
} CliScenario;

/* Reads FILE and checks it builds, with the rules of root and mods (NULL:
 * none). Prints the error (naming the file and line) and returns -1 on failure. */
int cli_scenario_load(const char *path, const char *root, const char *mods, CliScenario *sc);
void cli_scenario_free(CliScenario *sc);
/* Starts the session's game: session_new_game, or from the scenario when sc
 * (may be NULL) has one, with the session's --deal and --hold cards added to
 * o's and `seed` for its dice and draws. Returns 0 or -1 with err. */
int cli_start_game(Session *s, const GameOptions *o, uint64_t seed, const CliScenario *sc, char *err, int errlen);
/* The scenario text of the game the command line started or loaded last (for
 * cli_save), or NULL. */
extern const char *cli_scenario_text;
/* Who plays each seat of that game, as --seats lists them (for cli_save; a
 * loaded save's seats after cli_load), or "". */
extern char cli_seats_text[SAVE_SEATS_LEN];

/* --set NAME=V1,V2,...: parameters for the scripts (game.param). One value
 * sets the parameter; several make a sweep over that parameter. */
#define CLI_MAX_SWEEP 32
typedef struct CliSweep {
    char name[PARAM_NAME_LEN]; /* "" when no parameter has several values */
    int count;
    double values[CLI_MAX_SWEEP];
} CliSweep;
/* Parses one --set value into o->params (the first value) and sweep (when
 * there are several). Returns 0, or -1 with the message printed. */
int cli_parse_set(const char *val, GameOptions *o, CliSweep *sweep);

int cmd_new(const CliArgs *a);
int cmd_show(const CliArgs *a);
int cmd_options(const CliArgs *a);
int cmd_act(const CliArgs *a);
int cmd_replay(const CliArgs *a);
int cmd_tui(const CliArgs *a);
int cmd_sim(const CliArgs *a);
int cmd_gui(const CliArgs *a);
int cmd_merge(const CliArgs *a);
int cmd_compare(const CliArgs *a);
int cmd_strength(const CliArgs *a);
int cmd_balance(const CliArgs *a);
int cmd_bench(const CliArgs *a);
int cmd_powers(const CliArgs *a);
int cmd_test(const CliArgs *a);
int cmd_serve(const CliArgs *a);
int cmd_join(const CliArgs *a);
int cmd_create(const CliArgs *a);

#endif
