/* balance: every power's effect (held from the start, dealt to the grid) and
 * the game's own balance (seats, first player, length, margins, lead changes,
 * end triggers), per player count and per value of a swept parameter
 * (balance.h). With --shard it writes its share of the result stream. */
#include <stdlib.h>
#include <string.h>

#include "balance.h"
#include "simrun.h"

#define MAX_CARDS 64

typedef struct BalanceArgs {
    RunArgs r;
    int players[MAX_PLAYERS];
    int nplayers;
    const char *powers;          /* NULL: every power; "none": only the baselines */
    int hold, deal;              /* the methods asked for */
    ReportOpts report;
    int ncards;
    char cards[MAX_CARDS][REC_NAME];
} BalanceArgs;

static int parse_players(const char *val, BalanceArgs *b)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%s", val);
    b->nplayers = 0;
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        uint64_t v;
        if (b->nplayers == MAX_PLAYERS || cli_number(tok, "--players", MIN_PLAYERS, MAX_PLAYERS, &v))
            return -1;
        b->players[b->nplayers++] = (int)v;
    }
    return b->nplayers ? 0 : -1;
}

static int parse_method(const char *val, BalanceArgs *b)
{
    b->hold = strstr(val, "hold") != NULL;
    b->deal = strstr(val, "deal") != NULL;
    if ((!b->hold && !b->deal) || strspn(val, "holdea,") != strlen(val)) {
        fprintf(stderr, "volcanique balance: --method: expected hold, deal or hold,deal, got '%s'\n", val);
        return -1;
    }
    return 0;
}

/* Options balance has beyond the shared ones; *used as run_args_option. */
static int own_option(const CliArgs *a, int i, BalanceArgs *b, int *used)
{
    const char *opt = a->argv[i], *val = i + 1 < a->argc ? a->argv[i + 1] : NULL;
    uint64_t v;
    *used = 0;
    if (strcmp(opt, "--json") == 0) {
        b->report.json = 1;
        *used = 1;
        return 0;
    }
    if (!val)
        return 0;
    *used = 2;
    if (strcmp(opt, "--players") == 0)
        return parse_players(val, b);
    if (strcmp(opt, "--powers") == 0)
        b->powers = val;
    else if (strcmp(opt, "--method") == 0)
        return parse_method(val, b);
    else if (strcmp(opt, "--html") == 0)
        b->report.html = val;
    else if (strcmp(opt, "--min-n") == 0) {
        if (cli_number(val, "--min-n", 1, 1000000000, &v))
            return -1;
        b->report.min_n = (double)v;
    } else
        *used = 0;
    return 0;
}

static int parse_args(const CliArgs *a, BalanceArgs *b)
{
    run_args_init(&b->r, a);
    b->r.c.games = 200;
    b->report.min_n = 30;
    b->hold = b->deal = 1;
    b->players[0] = 2;
    b->nplayers = 1;
    for (int i = 0; i < a->argc;) {
        int used;
        if (own_option(a, i, b, &used) || (!used && run_args_option(a, i, &b->r, 10000000, &used)))
            return -1;
        if (!used) {
            fprintf(stderr, "volcanique balance: unknown or incomplete option '%s' (see volcanique --help)\n",
                    a->argv[i]);
            return -1;
        }
        i += used;
    }
    b->report.allow_errors = b->r.allow_errors;
    if (b->r.scenario_path && (b->nplayers > 1 || b->players[0] != 2)) {
        fprintf(stderr, "volcanique balance: a scenario sets its own player count: leave --players out\n");
        return -1;
    }
    return 0;
}

/* The powers to measure, checked against the rules' cards. */
static int choose_cards(BalanceArgs *b)
{
    if (b->powers && strcmp(b->powers, "none") == 0)
        return 0;
    static Session s;
    char root[SESSION_PATH], err[512];
    if (b->r.c.root)
        snprintf(root, sizeof root, "%s", b->r.c.root);
    else
        session_default_root(root, sizeof root);
    if (session_open_mods(&s, root, b->r.c.mods, err, sizeof err)) {
        fprintf(stderr, "volcanique balance: cannot load the rules: %s\n", err);
        return -1;
    }
    uint64_t mask = 0;
    int rc = b->powers ? session_cards_mask(&s, b->powers, "--powers", &mask, err, sizeof err) : 0;
    if (rc)
        fprintf(stderr, "volcanique balance: %s\n", err);
    for (int c = 0; c < s.rules.power_card_count && c < MAX_CARDS && rc == 0; c++)
        if (!b->powers || ((mask >> c) & 1))
            snprintf(b->cards[b->ncards++], REC_NAME, "%s", s.rules.power_cards[c].name);
    session_close(&s);
    return rc;
}

/* Appends a batch and its config; deal holds the batch's --deal list. */
static int add_batch(Plan *p, SimConfig *cfg, char (*deal)[REC_CARDS * 2], const BalanceArgs *b, int players,
                     int sweep, const char *method, const char *card)
{
    PlanBatch *pb = plan_add(p);
    if (!pb)
        return -1;
    int k = p->nbatch - 1;
    char at[48] = "";
    if (sweep >= 0)
        snprintf(at, sizeof at, " @ %s=%g", b->r.sweep.name, b->r.sweep.values[sweep]);
    snprintf(pb->label, sizeof pb->label, "%dp %s%s%.30s%s", players, method, card[0] ? " " : "", card, at);
    snprintf(pb->method, sizeof pb->method, "%s", method);
    snprintf(pb->card, sizeof pb->card, "%s", card);
    pb->players = players;
    pb->sweep = sweep;
    pb->games = b->r.c.games;
    pb->seed = b->r.c.seed;
    SimConfig *c = &cfg[k];
    *c = b->r.c;
    c->options.players = (uint8_t)players;
    if (sweep >= 0)
        c->options.params[game_param_find(&c->options, b->r.sweep.name)].value = b->r.sweep.values[sweep];
    if (strcmp(method, "hold") == 0)
        c->rotate_hold = card;   /* b->cards: lives as long as the run (the plan's batches move) */
    if (strcmp(method, "deal") == 0) {
        snprintf(deal[k], sizeof deal[k], "%s%s%s", b->r.c.deal ? b->r.c.deal : "", b->r.c.deal ? "," : "", card);
        c->deal = deal[k];
    }
    return sim_parse_seats(b->r.seats, players, c->seats);
}

/* The plan: per player count and sweep value, a baseline then each power held and dealt. */
static int make_plan(const BalanceArgs *b, Plan *p, SimConfig *cfg, char (*deal)[REC_CARDS * 2])
{
    memset(p, 0, sizeof *p);
    snprintf(p->command, sizeof p->command, "balance");
    snprintf(p->seats, sizeof p->seats, "%s", b->r.seats);
    p->games = b->r.c.games;
    p->seed = b->r.c.seed;
    if (b->r.sweep.count > 1) {
        snprintf(p->sweep_name, sizeof p->sweep_name, "%s", b->r.sweep.name);
        p->nsweep = b->r.sweep.count;
        memcpy(p->sweep, b->r.sweep.values, (size_t)p->nsweep * sizeof *p->sweep);
    }
    for (int pi = 0; pi < b->nplayers; pi++)
        for (int v = p->nsweep ? 0 : -1; v < p->nsweep; v++) {
            if (add_batch(p, cfg, deal, b, b->players[pi], v, "base", ""))
                return -1;
            for (int c = 0; c < b->ncards; c++)
                if ((b->hold && add_batch(p, cfg, deal, b, b->players[pi], v, "hold", b->cards[c])) ||
                    (b->deal && add_batch(p, cfg, deal, b, b->players[pi], v, "deal", b->cards[c])))
                    return -1;
        }
    return 0;
}

static int run(BalanceArgs *b, const Plan *plan, const SimConfig *cfg)
{
    if (b->r.sharded)
        return plan_run(plan, cfg, b->r.c.shard_i, b->r.c.shard_n, stdout, "balance");
    FILE *tmp = tmpfile();
    int rc = tmp ? plan_run(plan, cfg, 0, 1, tmp, "balance") : 1;
    if (rc == 0) {
        ResultSet rs;
        rewind(tmp);
        rc = plan_read_back(tmp, "balance", "balance", &rs) ? 1 : balance_report(&rs, &b->report);
        results_free(&rs);
    }
    if (tmp)
        fclose(tmp);
    return rc;
}

int cmd_balance(const CliArgs *a)
{
    static BalanceArgs b;
    memset(&b, 0, sizeof b);
    if (parse_args(a, &b) || run_args_finish(&b.r, "balance", MAX_PLAYERS)) {
        run_args_free(&b.r);
        return 2;
    }
    if (b.r.scenario_path)
        b.players[0] = b.r.scenario.players;
    if (choose_cards(&b)) {
        run_args_free(&b.r);
        return 2;
    }
    int most = b.nplayers * (b.r.sweep.count > 1 ? b.r.sweep.count : 1) * (1 + 2 * b.ncards);
    SimConfig *cfg = calloc((size_t)most, sizeof *cfg);
    char (*deal)[REC_CARDS * 2] = calloc((size_t)most, sizeof *deal);
    Plan plan;
    memset(&plan, 0, sizeof plan);
    int rc = !cfg || !deal || make_plan(&b, &plan, cfg, deal) ? 2 : run(&b, &plan, cfg);
    plan_free(&plan);
    free(cfg);
    free(deal);
    run_args_free(&b.r);
    return rc;
}
