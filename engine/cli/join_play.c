/* tui --join and gui --join (join_play.h). */
#include "join_play.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "net_client.h"

int cli_join_arg(const char *cmd, const CliArgs *a, int i, CliJoinArgs *ja, int *used)
{
    const char *opt = a->argv[i], *val = i + 1 < a->argc ? a->argv[i + 1] : NULL;
    *used = 0;
    if (strcmp(opt, "--join") && strcmp(opt, "--autoplay") && strcmp(opt, "--name") && strcmp(opt, "--timeout"))
        return 0;
    if (!val) {
        fprintf(stderr, "volcanique %s: %s needs a value\n", cmd, opt);
        return -1;
    }
    *used = 2;
    if (strcmp(opt, "--join") == 0)
        ja->link = val;
    else if (strcmp(opt, "--autoplay") == 0)
        ja->autoplay = val;
    else if (strcmp(opt, "--name") == 0)
        ja->name = val;
    else {
        uint64_t s;
        if (cli_number(val, "--timeout", 1, 86400, &s))
            return -1;
        ja->timeout_s = (int)s;
    }
    return 0;
}

int cli_join_check(const char *cmd, const CliJoinArgs *ja, const CliPlayArgs *pa)
{
    if (!ja->link) {
        if (!ja->autoplay && !ja->name && !ja->timeout_s)
            return 0;
        fprintf(stderr, "volcanique %s: --autoplay, --name and --timeout go with --join LINK\n", cmd);
        return 2;
    }
    if (pa->game_given || pa->seat_count || pa->save_path || pa->load_path || pa->force || pa->watch) {
        fprintf(stderr, "volcanique %s: --join plays the server's game: its seats, players, seed, variant, set-up,"
                        " mods and cards are the table's, and it is kept on the server (no --seats, --players,"
                        " --seed, --variant, --setup, --mods, --deal, --hold, --save, --load, --force or --watch)\n",
                cmd);
        return 2;
    }
    return 0;
}

static int autoplay_rules(void *ud, const struct NetRulesView *r, char *err, int errlen)
{
    return remote_rules(ud, r, err, errlen);
}

static int autoplay_choose(void *ud, const struct NetView *v, char *err, int errlen)
{
    return remote_choose(ud, v, err, errlen);
}

void cli_join_where(const CliJoin *j, const UiTable *t, char *out, int outlen)
{
    NetLink l;
    char err[300];
    if (net_link_parse(j->link, &l, err, sizeof err)) {
        snprintf(out, (size_t)outlen, "%.300s", j->link);
        return;
    }
    int seat = t && t->remote ? ui_table_remote_seat(t) : l.seat;
    char who[32] = "watching";
    if (seat >= 0)
        snprintf(who, sizeof who, "seat %c", 'A' + seat);
    snprintf(out, (size_t)outlen, "table %s at %s:%d, %s", l.table, l.host, l.port, who);
}

/* The link checked before anything starts (a bad one is a bad command line). */
static int check_link(const char *cmd, const CliJoinArgs *ja)
{
    NetLink l;
    char err[400];
    int bad = net_link_parse(ja->link, &l, err, sizeof err);
    if (!bad && !l.table[0])
        bad = snprintf(err, sizeof err, "'%.200s' names no table", ja->link);
    if (bad) {
        fprintf(stderr, "volcanique %s: --join: %s (a link as the server prints it: http://HOST:PORT/#table=ID"
                        "&seat=A&token=T to play, http://HOST:PORT/#table=ID to watch)\n", cmd, err);
        return 2;
    }
    if (l.seat < 0 && ja->autoplay) {
        fprintf(stderr, "volcanique %s: --autoplay plays a seat, and this is a watching link (no seat and token)\n",
                cmd);
        return 2;
    }
    return 0;
}

int cli_join_open(const char *cmd, const CliArgs *a, const CliJoinArgs *ja, CliJoin *j, UiTable *t)
{
    memset(j, 0, sizeof *j);
    snprintf(j->link, sizeof j->link, "%s", ja->link);
    int rc = check_link(cmd, ja);
    if (rc)
        return rc;
    char err[1000], root[SESSION_PATH], client[64];
    if (a->root)
        snprintf(root, sizeof root, "%s", a->root);
    else
        session_default_root(root, sizeof root);
    if (ja->autoplay) {
        if (remote_bot_init(&j->bot, ja->autoplay, root, (uint64_t)time(NULL) ^ (uint64_t)clock(), err, sizeof err)) {
            fprintf(stderr, "volcanique %s: --autoplay: %s\n", cmd, err);
            return 2;
        }
        j->has_bot = 1;
    }
    snprintf(client, sizeof client, "volcanique-%s " VQ_ENGINE_VERSION, cmd);
    int timeout = ja->timeout_s > 0 ? ja->timeout_s : CLI_JOIN_TIMEOUT_S;
    UiJoin join = { .link = ja->link, .client = client, .name = ja->name, .timeout_ms = timeout * 1000,
                    .bot = ja->autoplay };
    if (j->has_bot) {
        join.rules = autoplay_rules;
        join.choose = autoplay_choose;
        join.ud = &j->bot;
    }
    char where[400];
    cli_join_where(j, NULL, where, sizeof where);
    printf("%s: joining %s (waiting up to %d s for the server)\n", cmd, where, timeout);
    fflush(stdout);
    if (ui_table_join(t, &join, err, sizeof err)) {
        fprintf(stderr, "volcanique %s: %s\n", cmd, err);
        if (j->has_bot)
            remote_bot_free(&j->bot);
        j->has_bot = 0;
        return 1;
    }
    return 0;
}

void cli_join_close(CliJoin *j, UiTable *t)
{
    ui_table_free(t);
    if (j->has_bot) {
        if (j->bot.unmatched)
            fprintf(stderr, "volcanique: the bot's choice was not among the server's options %d times\n",
                    j->bot.unmatched);
        remote_bot_free(&j->bot);
    }
    j->has_bot = 0;
}
