/* The options sim, compare, balance and strength share (simrun.h). */
#include <stdlib.h>
#include <string.h>

#include "number.h"
#include "simrun.h"

int sim_parse_seats(const char *list, int players, BotConfig seats[MAX_PLAYERS])
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", list);
    int n = 0;
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (n >= MAX_PLAYERS || bot_parse(tok, &seats[n]) != 0) {
            fprintf(stderr, "volcanique: --seats: '%s' is not a bot (random, greedy, mcts, mcts:N, mcts:Nms, mcts+ likewise)%s\n",
                    tok, n >= MAX_PLAYERS ? " or there are too many seats" : "");
            return -1;
        }
        n++;
    }
    if (n == 0) {
        fprintf(stderr, "volcanique: --seats: empty list\n");
        return -1;
    }
    if (n > players) {
        fprintf(stderr, "volcanique: --seats: %d seats for %d players\n", n, players);
        return -1;
    }
    for (int p = n; p < MAX_PLAYERS; p++)
        seats[p] = seats[n - 1];
    return 0;
}

void run_args_init(RunArgs *r, const CliArgs *a)
{
    memset(r, 0, sizeof *r);
    /* variant "": the rules' default (a 3-5 player game plays it) */
    r->c.options = (GameOptions){ .players = 2, .setup_variation = 1, .variant = "" };
    r->c.root = a->root;
    r->c.seed = 1;
    r->c.shard_n = 1;
    r->c.jobs = 1;
    r->c.batch = -1;
    r->seats = "random";
}

static int parse_shard(const char *val, RunArgs *r)
{
    const char *slash = strchr(val, '/');
    uint64_t si = 0, sn = 0;
    if (!slash || number_parse_u64n(val, (size_t)(slash - val), 0, 999999, &si) != NUMBER_OK ||
        number_parse_u64(slash + 1, 1, 1000000, &sn) != NUMBER_OK || si >= sn) {
        fprintf(stderr, "volcanique: --shard: expected I/N with 0 <= I < N <= 1000000, got '%s'\n", val);
        return -1;
    }
    r->c.shard_i = (int)si;
    r->c.shard_n = (int)sn;
    r->sharded = 1;
    return 0;
}

/* Options that take no value. */
static int flag_option(const char *opt, RunArgs *r)
{
    if (strcmp(opt, "--check") == 0)
        r->c.check = 1;
    else if (strcmp(opt, "--allow-errors") == 0)
        r->allow_errors = 1;
    else
        return 0;
    return 1;
}

int run_args_option(const CliArgs *a, int i, RunArgs *r, uint64_t max_games, int *used)
{
    const char *opt = a->argv[i], *val = i + 1 < a->argc ? a->argv[i + 1] : NULL;
    uint64_t v;
    if (cli_game_option(a, i, &r->c.options, &r->c.seed, used))
        return -1;
    if (*used) {
        r->players_given |= strcmp(opt, "--players") == 0;
        return 0;
    }
    if (flag_option(opt, r)) {
        *used = 1;
        return 0;
    }
    if (!val)
        return 0;
    *used = 2;
    if (strcmp(opt, "--games") == 0)
        return cli_number(val, "--games", 1, max_games, &r->c.games);
    if (strcmp(opt, "--jobs") == 0) {
        if (cli_number(val, "--jobs", 1, 64, &v))
            return -1;
        r->c.jobs = (int)v;
        return 0;
    }
    if (strcmp(opt, "--seats") == 0 || strcmp(opt, "--bots") == 0) {
        r->seats = val;
        return 0;
    }
    if (strcmp(opt, "--set") == 0)
        return cli_parse_set(val, &r->c.options, &r->sweep);
    if (strcmp(opt, "--scenario") == 0) {
        r->scenario_path = val;
        return 0;
    }
    if (strcmp(opt, "--shard") == 0)
        return parse_shard(val, r);
    *used = 0;
    return 0;
}

int run_args_finish(RunArgs *r, const char *cmd, int players)
{
    r->c.mods = cli_mods_list();
    r->c.deal = cli_deal;
    for (int p = 0; p < MAX_PLAYERS; p++)
        r->c.hold[p] = cli_hold[p];
    if (r->scenario_path) {
        if (cli_scenario_load(r->scenario_path, r->c.root, r->c.mods, &r->scenario))
            return -1;
        if (r->players_given && r->c.options.players != r->scenario.players) {
            fprintf(stderr, "volcanique %s: --players %d, but the scenario %s is a %d-player game\n", cmd,
                    r->c.options.players, r->scenario_path, r->scenario.players);
            return -1;
        }
        r->c.options.players = (uint8_t)r->scenario.players;
        snprintf(r->c.options.variant, sizeof r->c.options.variant, "%s", r->scenario.variant);
        r->c.scenario = &r->scenario;
    }
    return sim_parse_seats(r->seats, players ? players : r->c.options.players, r->c.seats);
}

void run_args_free(RunArgs *r) { cli_scenario_free(&r->scenario); }

int sim_errors_verdict(const char *cmd, const ErrorTally *t, int allow)
{
    if (!tally_any(t))
        return 0;
    if (t->games_with_errors)
        fprintf(stderr, "volcanique %s: %d of %d games had script errors (%ld failed handler calls)\n", cmd,
                t->games_with_errors, t->games, t->script_errors);
    for (int i = 0; i < t->nmods; i++)
        fprintf(stderr, "volcanique %s: mod '%s' failed and was switched off in %d of %d games: %s\n", cmd,
                t->mod[i], t->mod_games[i], t->games, t->mod_error[i]);
    if (allow)
        return 0;
    fprintf(stderr, "volcanique %s: the results include games where rules failed; exit status 1 "
            "(--allow-errors accepts them)\n", cmd);
    return 1;
}
