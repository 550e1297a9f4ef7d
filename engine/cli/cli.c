#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "number.h"
#include "save.h"

/* --deal: power cards to deal to the grid first (names, comma separated). */
const char *cli_deal;
/* --hold SEAT=CARDS: power cards each seat holds from the start. */
const char *cli_hold[MAX_PLAYERS];

/* Parses "A=CARD,CARD" (seat letter A-E or number 1-5, card names) into cli_hold. */
static int parse_hold(const char *val)
{
    const char *eq = val ? strchr(val, '=') : NULL;
    int seat = -1;
    if (eq == val + 1 && val[0] >= 'A' && val[0] < 'A' + MAX_PLAYERS)
        seat = val[0] - 'A';
    else if (eq == val + 1 && val[0] >= 'a' && val[0] < 'a' + MAX_PLAYERS)
        seat = val[0] - 'a';
    else if (eq == val + 1 && val[0] >= '1' && val[0] < '1' + MAX_PLAYERS)
        seat = val[0] - '1';
    if (seat < 0 || !eq[1]) {
        fprintf(stderr, "volcanique: --hold: expected SEAT=CARDS (a seat letter A-E and power card names,"
                        " comma separated), got '%s'\n", val ? val : "");
        return -1;
    }
    if (cli_hold[seat]) {
        fprintf(stderr, "volcanique: --hold: seat %c is given twice (list its cards once, comma separated)\n",
                'A' + seat);
        return -1;
    }
    cli_hold[seat] = eq + 1;   /* names are checked against the scripts' cards when the game starts */
    return 0;
}

void cli_apply_cards(Session *s)
{
    session_set_deal(s, cli_deal);
    for (int p = 0; p < MAX_PLAYERS; p++)
        session_set_hold(s, p, cli_hold[p]);
}

int cli_number(const char *text, const char *what, uint64_t lo, uint64_t hi, uint64_t *out)
{
    NumberResult r = number_parse_u64(text, lo, hi, out);
    if (r == NUMBER_NOT_A_NUMBER)
        fprintf(stderr, "volcanique: %s: expected a whole number (digits only), got '%s'\n", what,
                text ? text : "");
    else if (r == NUMBER_OUT_OF_RANGE)
        fprintf(stderr, "volcanique: %s: expected a whole number from %llu to %llu, got '%s'\n", what,
                (unsigned long long)lo, (unsigned long long)hi, text);
    return r == NUMBER_OK ? 0 : -1;
}

/* The --mods list given to new, tui or sim (cli_game_option), or NULL. */
static const char *cli_mods;

const char *cli_mods_list(void) { return cli_mods; }

int cli_open(Session *s, const CliArgs *a)
{
    char root[SESSION_PATH], err[512];
    if (a->root)
        snprintf(root, sizeof root, "%s", a->root);
    else
        session_default_root(root, sizeof root);
    if (session_open_mods(s, root, cli_mods, err, sizeof err)) {
        fprintf(stderr, "volcanique: cannot load the rules: %s\n", err);
        return -1;
    }
    cli_apply_cards(s);
    return 0;
}

int cli_load(Session *s, const char *path)
{
    LoadedSave ls;
    char err[512];
    if (save_read_file(path, &ls, err, sizeof err)) {
        fprintf(stderr, "volcanique: %s\n", err);   /* err names the file */
        return -1;
    }
    /* Without --mods, a save brings its own mods: reopen the session with them. */
    if (!cli_mods && mods_check_save(&s->mods, &ls.meta, err, sizeof err)) {
        char root[SESSION_PATH], list[SAVE_MAX_MODS * 64];
        snprintf(root, sizeof root, "%s", s->root);
        mods_list_of_save(&ls.meta, list, sizeof list);
        session_close(s);
        if (session_open_mods(s, root, list, err, sizeof err)) {
            fprintf(stderr, "volcanique: %s: the save needs mods %s: %s\n", path, list, err);
            loaded_save_free(&ls);
            return -1;
        }
    }
    if (mods_check_save(&s->mods, &ls.meta, err, sizeof err) ||
        session_check_save_cards(s, &ls.meta, err, sizeof err)) {
        fprintf(stderr, "volcanique: %s: %s\n", path, err);
        loaded_save_free(&ls);
        return -1;
    }
    /* A game started from a scenario is saved again with it. */
    static char *kept_scenario;
    free(kept_scenario);
    kept_scenario = ls.meta.scenario ? strdup(ls.meta.scenario) : NULL;
    cli_scenario_text = kept_scenario;
    snprintf(cli_seats_text, sizeof cli_seats_text, "%s", ls.meta.seats);
    mods_reset(&s->mods);
    action_log_free(&s->log);
    s->current = &s->game;
    int rc = save_restore(&s->game, &s->rules, &ls, &s->log, session_hooks(), s, err, sizeof err);
    loaded_save_free(&ls);
    if (rc) {
        fprintf(stderr, "volcanique: %s: %s\n", path, err);
        return -1;
    }
    return 0;
}

char cli_seats_text[SAVE_SEATS_LEN];

int cli_save(Session *s, const char *path)
{
    static SaveMeta meta;
    session_save_meta(s, &meta);
    meta.scenario = (char *)cli_scenario_text;
    snprintf(meta.seats, sizeof meta.seats, "%s", cli_seats_text);
    char err[512];
    if (save_write_file(path, &s->game, &s->log, &meta, err, sizeof err)) {
        fprintf(stderr, "volcanique: cannot write %s: %s\n", path, err);
        return -1;
    }
    return 0;
}

int cli_game_option(const CliArgs *a, int i, GameOptions *o, uint64_t *seed, int *consumed)
{
    const char *opt = a->argv[i];
    const char *val = i + 1 < a->argc ? a->argv[i + 1] : NULL;
    uint64_t v;
    *consumed = 0;
    if (strcmp(opt, "--mods") == 0) {
        char err[200];
        if (!val) {
            fprintf(stderr, "volcanique: --mods needs a value (a comma-separated list of mods)\n");
            return -1;
        }
        if (mods_check_list(val, err, sizeof err)) {
            fprintf(stderr, "volcanique: --mods: %s\n", err);
            return -1;
        }
        cli_mods = val;
        *consumed = 2;
        return 0;
    }
    if (strcmp(opt, "--deal") == 0) {
        if (!val || !*val) {
            fprintf(stderr, "volcanique: --deal needs a comma-separated list of power card names\n");
            return -1;
        }
        cli_deal = val;   /* names are checked against the scripts' cards when the game starts */
        *consumed = 2;
        return 0;
    }
    if (strcmp(opt, "--hold") == 0) {
        if (parse_hold(val))
            return -1;
        *consumed = 2;
        return 0;
    }
    if (strcmp(opt, "--players") == 0 || strcmp(opt, "--seed") == 0 || strcmp(opt, "--variant") == 0 ||
        strcmp(opt, "--setup") == 0) {
        if (!val) {
            fprintf(stderr, "volcanique: %s needs a value\n", opt);
            return -1;
        }
        *consumed = 2;
    } else {
        return 0;
    }
    if (strcmp(opt, "--players") == 0) {
        if (cli_number(val, "--players", MIN_PLAYERS, MAX_PLAYERS, &v))
            return -1;
        o->players = (uint8_t)v;
    } else if (strcmp(opt, "--seed") == 0) {
        if (cli_number(val, "--seed", 0, UINT64_MAX, seed))
            return -1;
    } else if (strcmp(opt, "--setup") == 0) {
        if (cli_number(val, "--setup", 1, 2, &v))
            return -1;
        o->setup_variation = (uint8_t)v;
    } else {
        if (!rules_variant_name_ok(val)) {   /* whether the rules declare it: when the game starts */
            fprintf(stderr, "volcanique: --variant: expected a variant's name (symbiosis, to_the_left, or one a "
                            "mod declares), got '%s'\n", val);
            return -1;
        }
        snprintf(o->variant, sizeof o->variant, "%s", val);
    }
    return 0;
}

int cli_parse_seats(const char *list, UiSeat seats[MAX_PLAYERS], int *count, char *why, int whylen)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", list);
    *count = 0;
    memset(seats, 0, sizeof(UiSeat) * MAX_PLAYERS);
    for (int p = 0; p < MAX_PLAYERS; p++)
        bot_config_default(&seats[p].bot, BOT_RANDOM);
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (*count >= MAX_PLAYERS) {
            snprintf(why, (size_t)whylen, "at most %d seats", MAX_PLAYERS);
            return -1;
        }
        UiSeat *s = &seats[(*count)++];
        if (strcmp(tok, "human") == 0)
            s->human = 1;
        else if (strcmp(tok, "bot") != 0 && bot_parse(tok, &s->bot) != 0) {
            snprintf(why, (size_t)whylen, "'%s' is not a seat: expected human, random (or bot), greedy, mcts, "
                     "mcts:ITERATIONS or mcts:MSms (mcts+ likewise)", tok);
            return -1;
        }
    }
    if (*count < MIN_PLAYERS) {
        snprintf(why, (size_t)whylen, "%d to %d seats are needed", MIN_PLAYERS, MAX_PLAYERS);
        return -1;
    }
    return 0;
}

int cli_seats(const char *cmd, const char *list, UiSeat seats[MAX_PLAYERS], int *count)
{
    char why[200];
    if (cli_parse_seats(list, seats, count, why, sizeof why) == 0)
        return 0;
    fprintf(stderr, "volcanique %s: --seats: %s\n", cmd, why);
    return -1;
}
