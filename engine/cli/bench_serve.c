/* bench --serve: the table server under load, measured from outside. A
 * `volcanique serve` process of this build on a free loopback port and a
 * scratch database; first the memory an idle table costs (RSS before and
 * after creating many), then many tables played at once, each by one
 * server bot seat and two remote seats (random bots through the C client,
 * on two hubs): moves per second over every table, the round trip of a
 * remote move (sent to accepted, which the server sends once the move is
 * stored) as median and 99th percentile, and the memory per playing table.
 * Figures only: nothing here asserts a time (docs/server.md records them). */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <jansson.h>

#include "bench.h"
#include "cli.h"
#include "net_client.h"

#define CREATES_PER_CONNECTION 30   /* under the server's flood burst */

typedef struct Server {
    pid_t pid;
    int port;
    char dir[128], db[200];
} Server;

static int start_server(Server *s)
{
    snprintf(s->dir, sizeof s->dir, "/tmp/vq-bench-XXXXXX");
    if (!mkdtemp(s->dir))
        return -1;
    snprintf(s->db, sizeof s->db, "%s/tables.db", s->dir);
    char exe[512];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    exe[n > 0 ? n : 0] = 0;
    int fd[2];
    if (pipe(fd))
        return -1;
    fflush(NULL);
    const char *argv[] = { exe, "serve", "--port", "0", "--host", "127.0.0.1", "--db", s->db, "--quiet",
                           "--max-tables", "100000", NULL };
    s->pid = fork();
    if (s->pid == 0) {
        dup2(fd[1], 1);
        close(fd[0]);
        execv(exe, (char *const *)argv);
        _exit(127);
    }
    close(fd[1]);
    FILE *out = fdopen(fd[0], "r");
    char line[512];
    while (out && fgets(line, sizeof line, out))
        if (sscanf(line, "volcanique serve: listening on http://127.0.0.1:%d/", &s->port) == 1)
            break;
    if (out)
        fclose(out);
    return s->port > 0 ? 0 : -1;
}

static void stop_server(Server *s)
{
    if (s->pid > 0) {
        kill(s->pid, SIGTERM);
        waitpid(s->pid, NULL, 0);
    }
    char path[300];
    const char *files[] = { "tables.db", "tables.db-wal", "tables.db-shm" };
    for (int i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s/%s", s->dir, files[i]);
        unlink(path);
    }
    rmdir(s->dir);
}

/* The server's resident memory in KiB (VmRSS). */
static long rss_kib(pid_t pid)
{
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    FILE *f = fopen(path, "r");
    long kib = -1;
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "VmRSS: %ld", &kib) == 1)
            break;
    if (f)
        fclose(f);
    return kib;
}

/* CPU seconds (user and system) a process has used: the server's from
 * /proc, this process's (the clients) from getrusage. */
static double cpu_seconds(pid_t pid)
{
    if (pid == 0) {
        struct rusage ru;
        getrusage(RUSAGE_SELF, &ru);
        return ru.ru_utime.tv_sec + ru.ru_stime.tv_sec + (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
    }
    char path[64], buf[1024];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    FILE *f = fopen(path, "r");
    size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
    if (f)
        fclose(f);
    buf[n] = 0;
    const char *p = strrchr(buf, ')');
    unsigned long utime = 0, stime = 0;
    if (p)
        sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &utime, &stime);
    return (double)(utime + stime) / (double)sysconf(_SC_CLK_TCK);
}

/* Creates `count` tables of `create`; keeps each created message's text in links (may be NULL). */
static int create_tables(const Server *s, const char *create, int count, char **links)
{
    char url[64], err[300];
    snprintf(url, sizeof url, "http://127.0.0.1:%d/", s->port);
    NetHub *hub = net_hub_new(0, err, sizeof err);
    if (!hub)
        return -1;
    int conns = (count + CREATES_PER_CONNECTION - 1) / CREATES_PER_CONNECTION, made = 0, failed = 0, welcomed = 0;
    NetClient **c = calloc((size_t)conns, sizeof *c);
    NetClientOptions opt = { .client = "volcanique-bench" };
    for (int i = 0; i < conns; i++)
        c[i] = net_client_open(hub, url, &opt, err, sizeof err);
    double until = bench_now() + 600;
    while (made + failed < count && bench_now() < until) {
        NetEvent ev;
        if (!net_hub_next(hub, &ev, 1000))
            continue;
        if (ev.kind == NET_EV_CONNECTED)
            for (int k = 0; k < CREATES_PER_CONNECTION && welcomed * CREATES_PER_CONNECTION + k < count; k++)
                net_client_send_json(ev.client, create);
        welcomed += ev.kind == NET_EV_CONNECTED;
        if (ev.kind == NET_EV_MESSAGE && strstr(ev.json, "\"created\"")) {
            if (links)
                links[made] = ev.json, ev.json = NULL;
            made++;
        }
        failed += ev.kind == NET_EV_ERROR;
        net_event_free(&ev);
    }
    for (int i = 0; i < conns; i++)
        net_client_close(c[i]);
    free(c);
    net_hub_free(hub);
    return failed || made < count ? -1 : 0;
}

typedef struct Planned {
    double due;
    NetClient *client;
    int decision, option;
} Planned;

typedef struct Driver {
    NetHub *hub;
    double think;                 /* seconds a remote bot waits before its move, on average */
    Planned *plan;
    int planned;
    int clients, over;
    uint64_t *rtt;
    int rtt_count, rtt_cap;
    long long moves_seen;
    int *last_decision;
    int errors;
} Driver;

/* Sends the moves whose thinking time is over; returns the milliseconds to the next. */
static int send_due(Driver *d)
{
    double now = bench_now(), next = 1.0;
    for (int i = 0; i < d->planned;) {
        Planned *p = &d->plan[i];
        if (p->due <= now) {
            net_client_move(p->client, p->decision, p->option);
            *p = d->plan[--d->planned];
        } else {
            if (p->due - now < next)
                next = p->due - now;
            i++;
        }
    }
    return (int)(next * 1000) + 1;
}

static void *drive(void *arg)
{
    Driver *d = arg;
    Rng rng;
    rng_seed(&rng, 7);
    double until = bench_now() + 1800;
    d->plan = malloc(sizeof *d->plan * (size_t)(d->clients + 1));
    while (d->over < d->clients && bench_now() < until) {
        NetEvent ev;
        int wait = send_due(d);
        if (!net_hub_next(d->hub, &ev, wait))
            continue;
        int k = (int)(intptr_t)ev.ud;
        if (ev.kind == NET_EV_STATE) {
            const NetView *v = ev.view;
            if (v->over) {
                d->over++;
                d->moves_seen += v->decision;   /* every move of the table, the server bot's too */
            }
            else if (v->yours && v->decision != d->last_decision[k]) {
                d->last_decision[k] = v->decision;
                double think = d->think * (0.5 + (double)rng_below(&rng, 1000) / 1000.0);
                d->plan[d->planned++] = (Planned){ bench_now() + think, ev.client, v->decision,
                                                   (int)rng_below(&rng, (uint32_t)v->option_count) };
            }
        } else if (ev.kind == NET_EV_ACCEPTED && ev.rtt_us) {
            if (d->rtt_count == d->rtt_cap) {
                d->rtt_cap = d->rtt_cap ? d->rtt_cap * 2 : 4096;
                d->rtt = realloc(d->rtt, sizeof *d->rtt * (size_t)d->rtt_cap);
            }
            d->rtt[d->rtt_count++] = ev.rtt_us;
        } else if (ev.kind == NET_EV_ERROR || ev.kind == NET_EV_CLOSED)
            d->errors++;
        net_event_free(&ev);
    }
    free(d->plan);
    return NULL;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Plays `tables` tables (person, person, server bot) with two hubs of remote random bots. */
static int load_phase(Server *s, int tables, const char *server_bot, double think)
{
    char create[300], err[300];
    snprintf(create, sizeof create, "{\"type\":\"create\",\"players\":3,\"seats\":[{\"kind\":\"person\"},"
             "{\"kind\":\"person\"},{\"kind\":\"bot\",\"bot\":\"%s\"}]}", server_bot);
    char **created = calloc((size_t)tables, sizeof *created);
    long before = rss_kib(s->pid);
    if (!created || create_tables(s, create, tables, created)) {
        fprintf(stderr, "volcanique bench: the server did not create the tables\n");
        free(created);
        return 1;
    }
    Driver d[2] = { 0 };
    for (int h = 0; h < 2; h++) {
        d[h].hub = net_hub_new(0, err, sizeof err);
        d[h].think = think;
        d[h].last_decision = malloc(sizeof(int) * (size_t)tables * 2);
        for (int i = 0; i < tables * 2; i++)
            d[h].last_decision[i] = -1;
    }
    NetClient **clients = calloc((size_t)tables * 2, sizeof *clients);
    for (int t = 0; t < tables; t++) {
        json_t *m = json_loads(created[t], 0, NULL);
        for (int p = 0; p < 2; p++) {
            const char *link = json_string_value(json_object_get(json_array_get(json_object_get(m, "seats"),
                                                                                (size_t)p), "link"));
            Driver *dr = &d[(t * 2 + p) % 2];
            NetClientOptions opt = { .client = "volcanique-bench", .ud = (void *)(intptr_t)(dr->clients) };
            clients[t * 2 + p] = link ? net_client_open(dr->hub, link, &opt, err, sizeof err) : NULL;
            dr->clients++;
        }
        json_decref(m);
    }
    double t0 = bench_now(), server_cpu = cpu_seconds(s->pid), client_cpu = cpu_seconds(0);
    pthread_t th[2];
    for (int h = 0; h < 2; h++)
        pthread_create(&th[h], NULL, drive, &d[h]);
    long peak;
    for (int h = 0; h < 2; h++)
        pthread_join(th[h], NULL);
    double seconds = bench_now() - t0;
    server_cpu = cpu_seconds(s->pid) - server_cpu;
    client_cpu = cpu_seconds(0) - client_cpu;
    peak = rss_kib(s->pid);
    long long moves = (d[0].moves_seen + d[1].moves_seen) / 2;   /* two clients saw each table end */
    int n = 0;
    uint64_t *all = malloc(sizeof *all * (size_t)(d[0].rtt_count + d[1].rtt_count + 1));
    for (int h = 0; h < 2; h++) {
        memcpy(all + n, d[h].rtt, sizeof *all * (size_t)d[h].rtt_count);
        n += d[h].rtt_count;
    }
    qsort(all, (size_t)n, sizeof *all, cmp_u64);
    printf("load         %d tables at once (2 remote random seats thinking %.0f ms on average, and a server %s"
           " bot, each), %d clients\n", tables, think * 1000, server_bot, tables * 2);
    printf("games        %d of %d over in %.1f s; %d client errors\n", (d[0].over + d[1].over) / 2, tables,
           seconds, d[0].errors + d[1].errors);
    printf("moves        %lld stored in %.1f s: %.0f a second (%d of them remote)\n", moves, seconds,
           moves / seconds, n);
    if (n > 0)
        printf("round trip   median %.2f ms, 99th percentile %.2f ms (move sent to stored and accepted, loopback)\n",
               all[n / 2] / 1000.0, all[(size_t)(n * 0.99)] / 1000.0);
    printf("cpu time     server %.1f s, clients %.1f s (%.0f us of server time a move)\n", server_cpu, client_cpu,
           moves ? server_cpu * 1e6 / (double)moves : 0);
    printf("memory       %ld KiB before the load tables, %ld KiB after their games (%.0f KiB a table)\n", before,
           peak, tables ? (double)(peak - before) / tables : 0);
    for (int i = 0; i < tables * 2; i++)
        net_client_close(clients[i]);
    for (int h = 0; h < 2; h++) {
        net_hub_free(d[h].hub);
        free(d[h].rtt);
        free(d[h].last_decision);
    }
    for (int t = 0; t < tables; t++)
        free(created[t]);
    free(created);
    free(clients);
    free(all);
    return 0;
}

int bench_serve(const CliArgs *a)
{
    uint64_t tables = 200, idle = 1000, think_ms = 500;
    const char *bot = "greedy";
    for (int i = 1; i < a->argc; i++) {
        const char *opt = a->argv[i], *val = i + 1 < a->argc ? a->argv[i + 1] : NULL;
        if (val && strcmp(opt, "--tables") == 0 && cli_number(val, "--tables", 1, 5000, &tables) == 0)
            i++;
        else if (val && strcmp(opt, "--idle") == 0 && cli_number(val, "--idle", 0, 100000, &idle) == 0)
            i++;
        else if (val && strcmp(opt, "--think") == 0 && cli_number(val, "--think", 0, 60000, &think_ms) == 0)
            i++;
        else if (val && strcmp(opt, "--bot") == 0)
            bot = a->argv[++i];
        else {
            fprintf(stderr, "volcanique bench --serve: unexpected '%s' (--tables N --idle N --think MS --bot SPEC)\n", opt);
            return 2;
        }
    }
    bench_print_cpu("the server, its threads and the clients share them");
    FILE *la = fopen("/proc/loadavg", "r");
    char load[64] = "?";
    if (la && fgets(load, sizeof load, la))
        load[strcspn(load, "\n")] = 0;
    if (la)
        fclose(la);
    printf("load average %s (other work on the machine at the start)\n", load);
    Server s = { 0 };
    if (start_server(&s)) {
        fprintf(stderr, "volcanique bench: the server did not start\n");
        stop_server(&s);
        return 1;
    }
    long empty = rss_kib(s.pid);
    double t0 = bench_now();
    int rc = idle > 0 && create_tables(&s, "{\"type\":\"create\",\"players\":3,\"seats\":[{\"kind\":\"person\"},"
                                           "{\"kind\":\"person\"},{\"kind\":\"person\"}]}", (int)idle, NULL);
    long full = rss_kib(s.pid);
    if (rc == 0 && idle > 0)
        printf("idle tables  %llu created in %.2f s; server %ld KiB before, %ld KiB after: %.0f KiB a table\n",
               (unsigned long long)idle, bench_now() - t0, empty, full, (double)(full - empty) / (double)idle);
    if (rc == 0)
        rc = load_phase(&s, (int)tables, bot, (double)think_ms / 1000.0);
    stop_server(&s);
    return rc ? 1 : 0;
}
