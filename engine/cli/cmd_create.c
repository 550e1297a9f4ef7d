/* create: asks a server for a new table and prints its links (docs/server.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "cli.h"
#include "net_client.h"

/* "a,b" as a JSON array of strings. */
static json_t *names(const char *list)
{
    json_t *a = json_array();
    char copy[1024], *save = NULL;
    snprintf(copy, sizeof copy, "%s", list);
    for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save))
        json_array_append_new(a, json_string(t));
    return a;
}

static int add_option(json_t *m, const char *opt, const char *val, const char *cmd)
{
    if (strcmp(opt, "--seats") == 0) {
        json_t *seats = json_array();
        char copy[512], *save = NULL;
        snprintf(copy, sizeof copy, "%s", val);
        for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save))
            json_array_append_new(seats, strcmp(t, "person") == 0 || strcmp(t, "human") == 0
                                                 ? json_pack("{s:s}", "kind", "person")
                                                 : json_pack("{s:s,s:s}", "kind", "bot", "bot", t));
        json_object_set_new(m, "players", json_integer((json_int_t)json_array_size(seats)));
        json_object_set_new(m, "seats", seats);
    } else if (strcmp(opt, "--variant") == 0)
        json_object_set_new(m, "variant", json_string(val));
    else if (strcmp(opt, "--setup") == 0)
        json_object_set_new(m, "setup", json_integer(strcmp(val, "2") == 0 ? 2 : 1));
    else if (strcmp(opt, "--mods") == 0 || strcmp(opt, "--deal") == 0)
        json_object_set_new(m, opt + 2, names(val));
    else if (strcmp(opt, "--hold") == 0 && val[0] >= 'A' && val[0] <= 'E' && val[1] == '=') {
        json_t *hold = json_object_get(m, "hold");
        if (!hold)
            json_object_set_new(m, "hold", hold = json_object());
        char seat[2] = { (char)('0' + val[0] - 'A'), 0 };
        json_object_set_new(hold, seat, names(val + 2));
    } else {
        fprintf(stderr, "volcanique %s: unexpected '%s %s' (see volcanique --help)\n", cmd, opt, val);
        return -1;
    }
    return 0;
}

/* Waits for the answer to the create request; prints the links. */
static int await_created(NetClient *c)
{
    for (;;) {
        NetEvent ev;
        if (!net_client_next(c, &ev, -1))
            continue;
        int done = 0;
        if (ev.kind == NET_EV_CONNECTED)
            net_client_send_json(c, (const char *)ev.ud);
        else if (ev.kind == NET_EV_MESSAGE) {
            json_t *m = json_loads(ev.json, 0, NULL);
            const json_t *seats = json_object_get(m, "seats");
            printf("table %s\n", json_string_value(json_object_get(m, "table")));
            for (size_t i = 0; i < json_array_size(seats); i++) {
                const json_t *s = json_array_get(seats, i);
                const char *link = json_string_value(json_object_get(s, "link"));
                printf("seat %c: %s\n", (char)('A' + i),
                       link ? link : json_string_value(json_object_get(s, "bot")));
            }
            printf("watch: %s\n", json_string_value(json_object_get(m, "watch")));
            fflush(stdout);
            json_decref(m);
            done = 1;
        } else if (ev.kind == NET_EV_ERROR || ev.kind == NET_EV_CLOSED) {
            fprintf(stderr, "volcanique create: %s\n", ev.text);
            done = 2;
        }
        net_event_free(&ev);
        if (done)
            return done == 1 ? 0 : 1;
    }
}

int cmd_create(const CliArgs *a)
{
    if (a->argc < 1 || a->argv[0][0] == '-') {
        fprintf(stderr, "volcanique create: which server? (volcanique create URL --seats LIST ...)\n");
        return 2;
    }
    json_t *m = json_pack("{s:s,s:i}", "type", "create", "id", 1);
    for (int i = 1; i < a->argc; i++) {
        if (strcmp(a->argv[i], "--public") == 0) {
            json_object_set_new(m, "public", json_true());
            continue;
        }
        if (i + 1 >= a->argc || add_option(m, a->argv[i], a->argv[i + 1], "create")) {
            if (i + 1 >= a->argc)
                fprintf(stderr, "volcanique create: %s needs a value\n", a->argv[i]);
            json_decref(m);
            return 2;
        }
        i++;
    }
    if (!json_object_get(m, "seats")) {
        fprintf(stderr, "volcanique create: --seats LIST is needed (person or a bot, per seat)\n");
        json_decref(m);
        return 2;
    }
    char *text = json_dumps(m, JSON_COMPACT), err[400];
    json_decref(m);
    NetClientOptions opt = { .client = "volcanique-create " VQ_ENGINE_VERSION, .ud = text, .backoff_max_ms = 1000 };
    NetClient *c = net_client_open(NULL, a->argv[0], &opt, err, sizeof err);
    int rc = 1;
    if (!c)
        fprintf(stderr, "volcanique create: %s\n", err);
    else {
        rc = await_created(c);
        net_client_close(c);
    }
    free(text);
    return rc;
}
