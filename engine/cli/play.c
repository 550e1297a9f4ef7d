#include "play.h"

#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

void cli_play_defaults(CliPlayArgs *pa)
{
    memset(pa, 0, sizeof *pa);
    /* variant "": the rules' default (a 3-5 player game plays it) */
    pa->options = (GameOptions){ .players = 0, .setup_variation = 1, .variant = "" };
    pa->seed = (uint64_t)time(NULL);
    pa->bot_delay_ms = -1;
    for (int p = 0; p < MAX_PLAYERS; p++)
        bot_config_default(&pa->seats[p].bot, BOT_RANDOM);
    pa->seats[0].human = 1;
}

int cli_play_arg(const char *cmd, const CliArgs *a, int i, CliPlayArgs *pa, int *used)
{
    const char *opt = a->argv[i], *val = i + 1 < a->argc ? a->argv[i + 1] : NULL;
    if (cli_game_option(a, i, &pa->options, &pa->seed, used))
        return -1;
    if (*used) {
        pa->game_given = true;
        return 0;
    }
    if (strcmp(opt, "--force") == 0 || strcmp(opt, "--watch") == 0) {
        *(opt[2] == 'f' ? &pa->force : &pa->watch) = true;
        *used = 1;
        return 0;
    }
    if (strcmp(opt, "--seats") && strcmp(opt, "--save") && strcmp(opt, "--load") && strcmp(opt, "--bot-delay"))
        return 0;
    if (!val) {
        fprintf(stderr, "volcanique %s: %s needs a value\n", cmd, opt);
        return -1;
    }
    *used = 2;
    if (strcmp(opt, "--seats") == 0)
        return cli_seats(cmd, val, pa->seats, &pa->seat_count);
    if (strcmp(opt, "--save") == 0)
        pa->save_path = val;
    else if (strcmp(opt, "--load") == 0)
        pa->load_path = val;
    else {
        uint64_t v;
        if (cli_number(val, "--bot-delay", 0, 60000, &v))
            return -1;
        pa->bot_delay_ms = (int)v;
    }
    return 0;
}

static bool file_exists(const char *path)
{
    return path && access(path, F_OK) == 0;
}

static int guard(const char *path, bool force, char *err, int errlen)
{
    if (!force && file_exists(path)) {
        snprintf(err, (size_t)errlen, "%s already holds a game: continue it with --load %s, or start a new game "
                 "over it with --force", path, path);
        return -1;
    }
    return 0;
}

int cli_play_new(Session *s, const GameOptions *o, uint64_t seed, const char *save_path, bool force, char *err,
                 int errlen)
{
    if (guard(save_path, force, err, errlen))
        return -1;
    if (session_new_game(s, o, seed, err, errlen))
        return -1;
    if (save_path && cli_save(s, save_path)) {
        snprintf(err, (size_t)errlen, "cannot write %s", save_path);
        return -1;
    }
    return 0;
}

void cli_play_note_seats(const UiSeat *seats, int count)
{
    cli_seats_text[0] = 0;
    for (int p = 0; p < count; p++) {
        char name[48];
        size_t used = strlen(cli_seats_text);
        snprintf(cli_seats_text + used, sizeof cli_seats_text - used, "%s%s", p ? "," : "",
                 ui_seat_name(&seats[p], name, sizeof name));
    }
}

/* The seats of a loaded game: as given (their count must match), else as the
 * save records them, else a person then random bots. */
static int loaded_seats(const char *cmd, CliPlayArgs *pa, int players)
{
    if (pa->seat_count == 0 && cli_seats_text[0]) {
        UiSeat saved[MAX_PLAYERS];
        int n = 0;
        char why[200] = "";
        if (cli_parse_seats(cli_seats_text, saved, &n, why, sizeof why) == 0 && n == players) {
            memcpy(pa->seats, saved, sizeof saved);
            pa->seat_count = n;
            return 0;
        }
        if (!why[0])
            snprintf(why, sizeof why, "%d seats for a %d-player game", n, players);
        fprintf(stderr, "volcanique %s: %s: its seats '%s' do not fit (%s); a person, then random bots "
                        "(give --seats)\n", cmd, pa->load_path, cli_seats_text, why);
    }
    if (pa->seat_count == 0) {
        pa->seat_count = players;
        return 0;
    }
    if (pa->seat_count != players) {
        fprintf(stderr, "volcanique %s: %s is a %d-player game but --seats lists %d seats\n", cmd, pa->load_path,
                players, pa->seat_count);
        return -1;
    }
    return 0;
}

int cli_play_open(const char *cmd, const CliArgs *a, CliPlayArgs *pa, Session *s)
{
    char err[1024];
    if (pa->load_path) {
        if (pa->game_given) {
            fprintf(stderr, "volcanique %s: --load continues the saved game; its players, seed, variant, set-up "
                            "and mods cannot be changed (give --seats only)\n", cmd);
            return 2;
        }
        if (!pa->save_path)
            pa->save_path = pa->load_path;   /* go on writing into the file it came from */
        if (cli_open(s, a))
            return 1;
        if (cli_load(s, pa->load_path)) {
            session_close(s);
            return 1;
        }
        if (loaded_seats(cmd, pa, s->game.players)) {
            session_close(s);
            return 2;
        }
        cli_play_note_seats(pa->seats, pa->seat_count);
        return 0;
    }
    int seats = pa->seat_count ? pa->seat_count : 2;
    if (pa->options.players == 0)
        pa->options.players = (uint8_t)seats;
    if (pa->seat_count && pa->options.players != pa->seat_count) {
        fprintf(stderr, "volcanique %s: --players %d but --seats lists %d seats\n", cmd, pa->options.players,
                pa->seat_count);
        return 2;
    }
    pa->seat_count = pa->options.players;
    if (guard(pa->save_path, pa->force, err, sizeof err)) {
        fprintf(stderr, "volcanique %s: %s\n", cmd, err);
        return 1;
    }
    if (cli_open(s, a))
        return 1;
    cli_play_note_seats(pa->seats, pa->seat_count);
    if (cli_play_new(s, &pa->options, pa->seed, pa->save_path, pa->force, err, sizeof err)) {
        fprintf(stderr, "volcanique %s: %s\n", cmd, err);
        session_close(s);
        return 1;
    }
    return 0;
}

static int restart(void *ud, Game *g, char *err, int errlen)
{
    CliPlayTarget *t = ud;
    Session *s = t->session;
    if (g != &s->game) {
        snprintf(err, (size_t)errlen, "the table's game is not the session's");
        return -1;
    }
    GameOptions o = g->options;
    uint64_t seed = g->seed;
    mods_reset(&s->mods);
    s->log.len = 0;
    s->current = &s->game;
    if (game_init(&s->game, &s->rules, &o, seed, session_hooks(), s, err, errlen))
        return -1;
    s->game.log = &s->log;
    return 0;
}

static int changed(void *ud, Game *g, char *err, int errlen)
{
    (void)g;
    CliPlayTarget *t = ud;
    if (t->save_path && cli_save(t->session, t->save_path)) {
        snprintf(err, (size_t)errlen, "the game could not be saved to %s", t->save_path);
        return -1;
    }
    return 0;
}

UiTableHooks cli_play_hooks(CliPlayTarget *target)
{
    return (UiTableHooks){ restart, changed, target };
}
