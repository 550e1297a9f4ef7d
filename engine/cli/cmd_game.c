/* new, show, options, act, replay: the game driven one decision at a time
 * through save files, so shells and other programs can script it. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "save.h"
#include "scenario.h"
#include "textview.h"

/* new's options beyond the shared game options: --scenario FILE, --set NAME=V. */
static int new_option(const CliArgs *a, int i, GameOptions *o, const char **scenario, int *used)
{
    const char *opt = a->argv[i], *val = i + 1 < a->argc ? a->argv[i + 1] : NULL;
    *used = 0;
    if (!val || (strcmp(opt, "--scenario") && strcmp(opt, "--set")))
        return 0;
    *used = 2;
    if (strcmp(opt, "--scenario") == 0) {
        *scenario = val;
        return 0;
    }
    CliSweep sweep = { "", 0, { 0 } };
    if (cli_parse_set(val, o, &sweep))
        return -1;
    if (sweep.count > 1) {
        fprintf(stderr, "volcanique new: --set %s: one game takes one value (a sweep belongs to sim or balance)\n",
                val);
        return -1;
    }
    return 0;
}

/* Starts the game, from the scenario when there is one; prints errors. */
static int start(Session *s, GameOptions *o, uint64_t seed, int seed_given, const char *path, CliScenario *sc)
{
    char err[512];
    if (path) {
        if (cli_scenario_load(path, s->root, cli_mods_list(), sc))
            return -1;
        if (!seed_given) {   /* the scenario's own seed, as scenario_build takes it */
            static Game g;
            scenario_build(&g, &s->rules, sc->text, err, sizeof err);
            seed = g.seed;
        }
        cli_scenario_text = sc->text;
    }
    if (cli_start_game(s, o, seed, sc, err, sizeof err)) {
        fprintf(stderr, "volcanique new: %s\n", err);
        return -1;
    }
    return 0;
}

int cmd_new(const CliArgs *a)
{
    /* variant "": the rules' default (a 3-5 player game plays it) */
    GameOptions o = { .players = 2, .setup_variation = 1, .variant = "" };
    uint64_t seed = (uint64_t)time(NULL);
    const char *path = NULL, *scenario = NULL;
    int seed_given = 0, players_given = 0;
    for (int i = 0; i < a->argc;) {
        int used;
        if (new_option(a, i, &o, &scenario, &used) || (!used && cli_game_option(a, i, &o, &seed, &used)))
            return 2;
        if (used) {
            seed_given |= strcmp(a->argv[i], "--seed") == 0;
            players_given |= strcmp(a->argv[i], "--players") == 0;
            i += used;
        } else if (a->argv[i][0] == '-') {
            fprintf(stderr, "volcanique new: unknown option '%s' (see volcanique --help)\n", a->argv[i]);
            return 2;
        } else if (!path) {
            path = a->argv[i++];
        } else {
            fprintf(stderr, "volcanique new: one save file only, got '%s' too\n", a->argv[i]);
            return 2;
        }
    }
    if (!path) {
        fprintf(stderr, "volcanique new: which file should the game be saved to? (volcanique new SAVE ...)\n");
        return 2;
    }
    if (scenario && players_given) {
        fprintf(stderr, "volcanique new: a scenario sets its own players: leave --players out\n");
        return 2;
    }
    static Session s;
    static CliScenario sc;
    if (cli_open(&s, a))
        return 1;
    int rc = start(&s, &o, seed, seed_given, scenario, &sc) ? 1 : cli_save(&s, path) ? 1 : 0;
    if (rc == 0)
        printf("New %d-player game%s%s, seed %llu, saved to %s. Next: volcanique options %s\n", s.game.players,
               scenario ? " from " : "", scenario ? scenario : "", (unsigned long long)s.game.seed, path, path);
    cli_scenario_free(&sc);
    cli_scenario_text = NULL;
    session_close(&s);
    return rc;
}

static int with_save(const CliArgs *a, const char *cmd, int extra, Session *s)
{
    if (a->argc != 1 + extra) {
        fprintf(stderr, "volcanique %s: expected %s\n", cmd, extra ? "SAVE N" : "SAVE");
        return 2;
    }
    if (cli_open(s, a))
        return 1;
    if (cli_load(s, a->argv[0])) {
        session_close(s);
        return 1;
    }
    return 0;
}

int cmd_show(const CliArgs *a)
{
    Session s;
    int rc = with_save(a, "show", 0, &s);
    if (rc)
        return rc;
    text_state(stdout, &s.game);
    session_close(&s);
    return 0;
}

int cmd_options(const CliArgs *a)
{
    Session s;
    int rc = with_save(a, "options", 0, &s);
    if (rc)
        return rc;
    static Option opts[MAX_OPTIONS];
    int n = game_options(&s.game, opts, MAX_OPTIONS);
    text_pending(stdout, &s.game);
    for (int i = 0; i < n; i++) {
        char line[200];
        text_option(line, sizeof line, &s.game, &opts[i]);
        printf("%4d  %s\n", i, line);
    }
    session_close(&s);
    return 0;
}

int cmd_act(const CliArgs *a)
{
    Session s;
    int rc = with_save(a, "act", 1, &s);
    if (rc)
        return rc;
    uint64_t n;
    char err[512];
    if (cli_number(a->argv[1], "option number", 0, MAX_OPTIONS, &n)) {
        session_close(&s);
        return 2;
    }
    if (game_apply(&s.game, (int)n, err, sizeof err)) {
        fprintf(stderr, "volcanique act: %s (see volcanique options %s)\n", err, a->argv[0]);
        session_close(&s);
        return 1;
    }
    rc = cli_save(&s, a->argv[0]);
    if (rc == 0)
        text_pending(stdout, &s.game);
    session_close(&s);
    return rc ? 1 : 0;
}

int cmd_replay(const CliArgs *a)
{
    Session s;
    int rc = with_save(a, "replay", 0, &s);
    if (rc)
        return rc;
    printf("replayed %d actions from seed %llu: state hash %016llx matches\n", s.log.len,
           (unsigned long long)s.game.seed, (unsigned long long)game_hash(&s.game));
    session_close(&s);
    return 0;
}
