/* serve: hosts tables for the window, the terminal and the browser
 * (docs/server.md). Prints "volcanique serve: listening on URL" on a flushed
 * line once it accepts connections; tests wait for that line. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "server.h"

static NetServer *serving;

static void on_signal(int sig)
{
    (void)sig;
    if (serving)
        net_server_stop(serving);
}

typedef struct ServeArgs {
    NetServerConfig cfg;
    const char *tables[16];
    int table_count;
    const char *variant;
    int setup;
} ServeArgs;

/* One numeric option: "--name V" in lo..hi. 1 consumed (value taken), 0 not this option, -1 bad. */
static int number_option(const CliArgs *a, int i, const char *name, uint64_t lo, uint64_t hi, uint64_t *out)
{
    if (strcmp(a->argv[i], name) != 0)
        return 0;
    if (i + 1 >= a->argc) {
        fprintf(stderr, "volcanique serve: %s needs a value\n", name);
        return -1;
    }
    return cli_number(a->argv[i + 1], name, lo, hi, out) ? -1 : 1;
}

static int numbers(const CliArgs *a, int i, ServeArgs *s)
{
    static const struct { const char *name; uint64_t lo, hi; } N[] = {
        { "--port", 0, 65535 }, { "--game-threads", 1, 8 }, { "--think-threads", 1, 8 },
        { "--bot-delay", 0, 60000 }, { "--think-limit", 1, 600000 }, { "--max-tables", 1, 1000000 },
        { "--max-clients", 1, 1000000 }, { "--max-queue", 65536, (uint64_t)1 << 32 },
        { "--hello-timeout", 1, 3600 }, { "--setup", 1, 2 },
    };
    for (size_t k = 0; k < sizeof N / sizeof N[0]; k++) {
        uint64_t v;
        int rc = number_option(a, i, N[k].name, N[k].lo, N[k].hi, &v);
        if (rc <= 0) {
            if (rc < 0)
                return -1;
            continue;
        }
        int *field[] = { &s->cfg.port, &s->cfg.game_threads, &s->cfg.think_threads, &s->cfg.bot_delay_ms,
                         &s->cfg.think_limit_ms, &s->cfg.max_tables, &s->cfg.max_clients, NULL,
                         &s->cfg.hello_timeout_s, &s->setup };
        if (field[k])
            *field[k] = (int)v;
        else
            s->cfg.max_queue = (size_t)v;
        return 2;
    }
    return 0;
}

/* --flood BURST/PER_SECOND: 1..10000 and 0..10000. 0, or -1 with a message. */
static int flood_option(const char *val, NetServerConfig *cfg)
{
    char burst[16], rate[16];
    const char *slash = val ? strchr(val, '/') : NULL;
    uint64_t b, r;
    if (!slash || slash - val >= (long)sizeof burst || strlen(slash + 1) >= sizeof rate) {
        fprintf(stderr, "volcanique serve: --flood: expected BURST/PER_SECOND, such as 40/20, got '%s'\n",
                val ? val : "");
        return -1;
    }
    snprintf(burst, sizeof burst, "%.*s", (int)(slash - val), val);
    snprintf(rate, sizeof rate, "%s", slash + 1);
    if (cli_number(burst, "--flood's burst", 1, 10000, &b) || cli_number(rate, "--flood's rate", 0, 10000, &r))
        return -1;
    cfg->flood_burst = (int)b;
    cfg->flood_per_second = (int)r;
    return 0;
}

static int parse(const CliArgs *a, ServeArgs *s)
{
    for (int i = 0; i < a->argc;) {
        const char *opt = a->argv[i], *val = i + 1 < a->argc ? a->argv[i + 1] : NULL;
        int n = numbers(a, i, s);
        if (n < 0)
            return -1;
        if (n > 0) {
            i += n;
            continue;
        }
        if (strcmp(opt, "--quiet") == 0) {
            s->cfg.quiet = 1;
            i++;
            continue;
        }
        if (strcmp(opt, "--flood") == 0) {
            if (flood_option(val, &s->cfg))
                return -1;
            i += 2;
            continue;
        }
        const char **text = strcmp(opt, "--db") == 0 ? &s->cfg.db : strcmp(opt, "--mods") == 0 ? &s->cfg.mods
                          : strcmp(opt, "--web") == 0 ? &s->cfg.web : strcmp(opt, "--host") == 0 ? &s->cfg.host
                          : strcmp(opt, "--public-url") == 0 ? &s->cfg.public_url
                          : strcmp(opt, "--id-prefix") == 0 ? &s->cfg.id_prefix
                          : strcmp(opt, "--variant") == 0 ? &s->variant : NULL;
        if (!text && strcmp(opt, "--sync") != 0 && strcmp(opt, "--table") != 0) {
            fprintf(stderr, "volcanique serve: unknown option '%s' (see volcanique --help)\n", opt);
            return -1;
        }
        if (!val) {
            fprintf(stderr, "volcanique serve: %s needs a value\n", opt);
            return -1;
        }
        if (text)
            *text = val;
        else if (strcmp(opt, "--table") == 0 && s->table_count < 16)
            s->tables[s->table_count++] = val;
        else if (strcmp(opt, "--sync") == 0 && (strcmp(val, "full") == 0 || strcmp(val, "normal") == 0))
            s->cfg.sync_full = strcmp(val, "full") == 0;
        else {
            fprintf(stderr, "volcanique serve: %s: expected %s, got '%s'\n", opt,
                    strcmp(opt, "--sync") == 0 ? "normal or full" : "at most 16 tables", val);
            return -1;
        }
        i += 2;
    }
    return 0;
}

/* --table LIST: a create message for seats such as "person,person,greedy". */
static int table_json(const ServeArgs *s, const char *list, char *out, size_t cap)
{
    char copy[256], *save = NULL;
    snprintf(copy, sizeof copy, "%s", list);
    size_t n = (size_t)snprintf(out, cap, "{\"seats\":[");
    int players = 0;
    for (char *seat = strtok_r(copy, ",", &save); seat; seat = strtok_r(NULL, ",", &save), players++) {
        int person = strcmp(seat, "person") == 0 || strcmp(seat, "human") == 0;
        if (!person && strspn(seat, "abcdefghijklmnopqrstuvwxyz0123456789:+") != strlen(seat)) {
            fprintf(stderr, "volcanique serve: --table: '%s' is neither person nor a bot\n", seat);
            return -1;
        }
        n += (size_t)snprintf(out + n, cap - n, "%s{\"kind\":\"%s\"%s%s%s}", players ? "," : "",
                              person ? "person" : "bot", person ? "" : ",\"bot\":\"", person ? "" : seat,
                              person ? "" : "\"");
    }
    n += (size_t)snprintf(out + n, cap - n, "],\"players\":%d,\"setup\":%d", players, s->setup ? s->setup : 1);
    if (s->variant)
        n += (size_t)snprintf(out + n, cap - n, ",\"variant\":\"%s\"", s->variant);
    if (s->cfg.mods && s->cfg.mods[0]) {
        n += (size_t)snprintf(out + n, cap - n, ",\"mods\":[\"");
        for (const char *c = s->cfg.mods; *c && n + 4 < cap; c++)
            n += (size_t)snprintf(out + n, cap - n, "%s", *c == ',' ? "\",\"" : (char[]){ *c, 0 });
        n += (size_t)snprintf(out + n, cap - n, "\"]");
    }
    if (cli_deal && strlen(cli_deal) < 900) {
        n += (size_t)snprintf(out + n, cap - n, ",\"deal\":[\"");
        for (const char *c = cli_deal; *c && n + 4 < cap; c++)
            n += (size_t)snprintf(out + n, cap - n, "%s", *c == ',' ? "\",\"" : (char[]){ *c, 0 });
        n += (size_t)snprintf(out + n, cap - n, "\"]");
    }
    snprintf(out + n, cap - n, "}");
    return n + 2 < cap ? 0 : -1;
}

static int create_tables(NetServer *srv, const ServeArgs *s)
{
    for (int k = 0; k < s->table_count; k++) {
        char json[4096], err[600];
        NetCreated made;
        if (table_json(s, s->tables[k], json, sizeof json) || net_server_create(srv, json, &made, err, sizeof err)) {
            if (s->tables[k])
                fprintf(stderr, "volcanique serve: --table %s: %s\n", s->tables[k], err);
            return -1;
        }
        for (int p = 0; p < made.players; p++)
            if (made.person[p])
                printf("table %s seat %c: %s\n", made.table, 'A' + p, made.link[p]);
        printf("table %s watch: %s\n", made.table, made.watch);
    }
    return 0;
}

int cmd_serve(const CliArgs *a)
{
    ServeArgs s = { 0 };
    net_server_config_default(&s.cfg);
    char root[SESSION_PATH];
    if (a->root)
        snprintf(root, sizeof root, "%s", a->root);
    else
        session_default_root(root, sizeof root);
    s.cfg.root = root;
    s.cfg.version = "volcanique " VQ_ENGINE_VERSION;
    for (int i = 0; i < a->argc; i++)
        if (strcmp(a->argv[i], "--deal") == 0 && i + 1 < a->argc)
            cli_deal = a->argv[i + 1];
    CliArgs rest = *a;
    char *kept[64];
    rest.argc = 0;
    for (int i = 0; i < a->argc && rest.argc < 64; i++)
        if (strcmp(a->argv[i], "--deal") == 0)
            i++;
        else
            kept[rest.argc++] = a->argv[i];
    rest.argv = kept;
    if (parse(&rest, &s))
        return 2;
    if (s.cfg.id_prefix && (strlen(s.cfg.id_prefix) < 1 || strlen(s.cfg.id_prefix) > 4 ||
                            strspn(s.cfg.id_prefix, "abcdefghijklmnopqrstuvwxyz0123456789") != strlen(s.cfg.id_prefix))) {
        fprintf(stderr, "volcanique serve: --id-prefix: expected 1 to 4 characters of a-z and 0-9, got '%s'\n",
                s.cfg.id_prefix);
        return 2;
    }
    char err[800];
    signal(SIGPIPE, SIG_IGN);
    if (net_server_start(&serving, &s.cfg, err, sizeof err)) {
        fprintf(stderr, "volcanique serve: %s\n", err);
        net_server_free(serving);
        return 1;
    }
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    int rc = create_tables(serving, &s);
    printf("volcanique serve: listening on http://%s:%d/ (%d tables)\n",
           s.cfg.host && strcmp(s.cfg.host, "0.0.0.0") != 0 ? s.cfg.host : "127.0.0.1", net_server_port(serving),
           net_server_tables(serving));
    fflush(stdout);
    if (rc == 0)
        net_server_run(serving);
    net_server_free(serving);
    serving = NULL;
    return rc ? 1 : 0;
}
