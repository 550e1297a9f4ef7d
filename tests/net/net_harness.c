/* The network tests' server process, tables and remote seats (net_harness.h). */
#include "net_harness.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "harness.h"

static long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

const char *th_build_dir(void)
{
    static char dir[512];
    if (!dir[0]) {
        ssize_t n = readlink("/proc/self/exe", dir, sizeof dir - 1);
        dir[n > 0 ? n : 0] = 0;
        char *slash = strrchr(dir, '/');
        if (slash)
            *slash = 0;
    }
    return dir;
}

void ts_url(const TestServer *s, char *out, size_t cap)
{
    snprintf(out, cap, "http://127.0.0.1:%d/", s->port);
}

/* After fork: only async-signal-safe calls, everything prepared before. */
static void child(const char *exe, char *const *argv, const char *log_path, int out_fd)
{
    prctl(PR_SET_PDEATHSIG, SIGKILL);   /* a test that dies (or aborts) leaves no server behind */
    int log = open(log_path, O_WRONLY | O_CREAT | O_APPEND, 0600);
    dup2(out_fd, 1);
    if (log >= 0)
        dup2(log, 2);
    execv(exe, argv);
    _exit(127);
}

/* Reads the server's stdout until its "listening on" line; the port from it. */
static int await_listening(TestServer *s, int fd)
{
    char buf[4096];
    size_t len = 0;
    long long until = now_ms() + TH_NET_BOUND_MS;
    while (now_ms() < until) {
        struct pollfd p = { fd, POLLIN, 0 };
        if (poll(&p, 1, 1000) <= 0)
            continue;
        ssize_t n = read(fd, buf + len, sizeof buf - 1 - len);
        if (n <= 0)
            return -1;
        len += (size_t)n;
        buf[len] = 0;
        const char *at = strstr(buf, "listening on http://127.0.0.1:");
        if (at && strchr(at, '\n')) {
            s->port = atoi(at + strlen("listening on http://127.0.0.1:"));
            return 0;
        }
        if (len + 1 >= sizeof buf)
            len = 0;
    }
    return -1;
}

int ts_start(TestServer *s)
{
    int rc = ts_try_start(s);
    if (rc)
        th_fail(__FILE__, __LINE__, "the server did not say it listens (log: %s)", s->log);
    return rc;
}

int ts_try_start(TestServer *s)
{
    if (!s->dir[0]) {
        snprintf(s->dir, sizeof s->dir, "/tmp/vq-net-XXXXXX");
        if (!mkdtemp(s->dir))
            return -1;
        snprintf(s->db, sizeof s->db, "%s/tables.db", s->dir);
        snprintf(s->log, sizeof s->log, "%s/serve.log", s->dir);
    }
    char exe[600], port[16];
    snprintf(exe, sizeof exe, "%s/volcanique", th_build_dir());
    snprintf(port, sizeof port, "%d", s->port);
    const char *argv[40] = { exe, "--root", ".", "serve", "--host", "127.0.0.1", "--port", port, "--db", s->db };
    int n = 10;
    for (int i = 0; i < 16 && s->extra[i]; i++)
        argv[n++] = s->extra[i];
    argv[n] = NULL;
    int pipefd[2];
    if (pipe(pipefd))
        return -1;
    fflush(NULL);
    s->pid = fork();
    if (s->pid == 0) {
        close(pipefd[0]);
        child(exe, (char *const *)argv, s->log, pipefd[1]);
    }
    close(pipefd[1]);
    int rc = s->pid > 0 ? await_listening(s, pipefd[0]) : -1;
    close(pipefd[0]);   /* the server's later stdout lines go to a closed pipe: it ignores SIGPIPE */
    if (rc && s->pid > 0) {
        int status;
        waitpid(s->pid, &status, 0);   /* it said why in its log, and exited */
        s->pid = 0;
    }
    return rc;
}

void ts_kill9(TestServer *s)
{
    if (s->pid > 0) {
        kill(s->pid, SIGKILL);
        waitpid(s->pid, NULL, 0);
    }
    s->pid = 0;
}

static int log_has(const TestServer *s, const char *needle)
{
    FILE *f = fopen(s->log, "r");
    char line[2048];
    int found = 0;
    while (f && !found && fgets(line, sizeof line, f))
        found = strstr(line, needle) != NULL;
    if (f)
        fclose(f);
    return found;
}

/* Copies the server's log from the first line holding `needle` to stderr
 * (at most 120 lines): a sanitizer's report says what went wrong, and the log
 * goes with the test's folder. */
static void show_log_from(const TestServer *s, const char *needle)
{
    FILE *f = fopen(s->log, "r");
    char line[2048];
    int shown = 0, on = 0;
    while (f && shown < 120 && fgets(line, sizeof line, f)) {
        on = on || strstr(line, needle) != NULL;
        if (on) {
            fprintf(stderr, "    | %s", line);
            shown++;
        }
    }
    if (f)
        fclose(f);
}

int ts_stop(TestServer *s)
{
    if (s->pid <= 0)
        return 0;
    kill(s->pid, SIGTERM);
    int status = 0;
    waitpid(s->pid, &status, 0);
    s->pid = 0;
    int bad = !WIFEXITED(status) || WEXITSTATUS(status) != 0;
    if (bad)
        th_fail(__FILE__, __LINE__, "the server did not stop cleanly (status %d; log: %s)", status, s->log);
    static const char *const REPORTS[] = { "AddressSanitizer", "LeakSanitizer", "runtime error:", "ThreadSanitizer" };
    for (int i = 0; i < 4; i++)
        if (log_has(s, REPORTS[i])) {
            th_fail(__FILE__, __LINE__, "the server's log has a sanitizer report (%s): %s", REPORTS[i], s->log);
            show_log_from(s, REPORTS[i]);
            bad = 1;
        }
    return bad ? -1 : 0;
}

int ts_log_has(const TestServer *s, const char *needle) { return log_has(s, needle); }

int ts_wait_log(TestServer *s, const char *needle)
{
    long long until = now_ms() + TH_NET_BOUND_MS;
    while (!log_has(s, needle))
        if (now_ms() > until)
            return -1;
        else
            usleep(2000);   /* polling the log for the line the server writes */
    return 0;
}

void ts_cleanup(TestServer *s)
{
    ts_kill9(s);
    char path[400];
    const char *files[] = { "tables.db", "tables.db-wal", "tables.db-shm", "serve.log" };
    for (int i = 0; i < 4; i++) {
        snprintf(path, sizeof path, "%s/%s", s->dir, files[i]);
        unlink(path);
    }
    rmdir(s->dir);
}

static void read_created(const char *json, TestTable *out)
{
    json_t *m = json_loads(json, 0, NULL);
    snprintf(out->id, sizeof out->id, "%s", json_string_value(json_object_get(m, "table")) ?: "");
    snprintf(out->watch, sizeof out->watch, "%s", json_string_value(json_object_get(m, "watch")) ?: "");
    const json_t *seats = json_object_get(m, "seats");
    out->players = (int)json_array_size(seats);
    for (size_t i = 0; i < json_array_size(seats) && i < MAX_PLAYERS; i++) {
        const char *link = json_string_value(json_object_get(json_array_get(seats, i), "link"));
        snprintf(out->link[i], sizeof out->link[i], "%s", link ? link : "");
    }
    json_decref(m);
}

int tt_create(const TestServer *s, const char *create_json, TestTable *out, char *why, int whylen)
{
    char url[100];
    ts_url(s, url, sizeof url);
    memset(out, 0, sizeof *out);
    NetClientOptions opt = { .client = "tests", .backoff_max_ms = 200 };
    NetClient *c = net_client_open(NULL, url, &opt, why, whylen);
    if (!c)
        return -1;
    long long until = now_ms() + TH_NET_BOUND_MS;
    int rc = -1;
    snprintf(why, (size_t)whylen, "no answer to create");
    while (rc < 0 && now_ms() < until) {
        NetEvent ev;
        if (!net_client_next(c, &ev, 1000))
            continue;
        if (ev.client == c && ev.kind == NET_EV_CONNECTED)
            net_client_send_json(c, create_json);
        else if (ev.client == c && ev.kind == NET_EV_MESSAGE && strstr(ev.json, "\"created\"")) {
            read_created(ev.json, out);
            rc = 0;
        } else if (ev.client == c && ev.kind == NET_EV_ERROR) {
            snprintf(why, (size_t)whylen, "%s", ev.text);
            net_event_free(&ev);
            break;
        }
        net_event_free(&ev);
    }
    net_client_close(c);
    return rc;
}

int tp_add(TestPlay *p, const char *link, const char *bot, int table, uint64_t seed, char *why, int whylen)
{
    TestSeat *grown = realloc(p->seats, sizeof *grown * (size_t)(p->count + 1));
    if (!grown)
        return -1;
    p->seats = grown;
    TestSeat *s = &p->seats[p->count];
    memset(s, 0, sizeof *s);
    s->table = table;
    s->moved = s->move_pending = s->accepted = s->decision = -1;
    if (bot && remote_bot_init(&s->bot, bot, ".", seed, why, whylen))
        return -1;
    s->has_bot = bot != NULL;
    NetClientOptions opt = { .client = "tests", .backoff_min_ms = 20, .backoff_max_ms = 200,
                             .ud = (void *)(intptr_t)p->count, .keep_text = p->keep_text };
    s->client = net_client_open(p->hub, link, &opt, why, whylen);
    if (!s->client) {
        if (bot)
            remote_bot_free(&s->bot);
        return -1;
    }
    p->count++;
    return 0;
}

static void keep_text(TestSeat *s, char *text)
{
    if (s->text_count == s->text_cap) {
        s->text_cap = s->text_cap ? s->text_cap * 2 : 256;
        s->texts = realloc(s->texts, sizeof *s->texts * (size_t)s->text_cap);
    }
    s->texts[s->text_count++] = text;
}

static void on_state(TestPlay *p, TestSeat *s, const NetView *v)
{
    s->states++;
    p->states++;
    s->decision = v->decision;
    s->view_hash = v->view_hash;
    s->seat = v->seat;
    if (v->story_from == 0)
        s->full_states++;
    if (v->over && !s->over) {
        s->over = 1;
        s->final = v->scores;
        for (int i = 0; i < v->players; i++)
            s->final_total[i] = v->scores.line[i].total;
    }
}

static void maybe_move(TestPlay *p, TestSeat *s, const NetView *v)
{
    if (!s->has_bot || !v->yours || v->over || p->paused || v->decision == s->moved)
        return;
    char err[300];
    int k = remote_choose(&s->bot, v, err, sizeof err);
    if (k < 0) {
        s->errors++;
        snprintf(s->last_error, sizeof s->last_error, "%s", err);
        return;
    }
    s->moved = v->decision;
    s->move_pending = v->decision;
    net_client_move(s->client, v->decision, k);
}

static void handle(TestPlay *p, NetEvent *ev)
{
    TestSeat *s = &p->seats[(intptr_t)ev->ud];
    char err[300];
    switch (ev->kind) {
    case NET_EV_RULES:
        if (s->has_bot && remote_rules(&s->bot, ev->rules, err, sizeof err)) {
            s->errors++;
            snprintf(s->last_error, sizeof s->last_error, "%s", err);
        }
        break;
    case NET_EV_STATE:
        on_state(p, s, ev->view);
        maybe_move(p, s, ev->view);
        net_view_free(s->last);
        s->last = ev->view;
        ev->view = NULL;
        break;
    case NET_EV_ACCEPTED:
        s->accepted = ev->decision;
        if (s->move_pending == ev->decision)
            s->move_pending = -1;
        break;
    case NET_EV_ERROR:
        s->errors++;
        snprintf(s->last_error, sizeof s->last_error, "%s", ev->text);
        break;
    case NET_EV_DISCONNECTED:
        s->disconnects++;
        s->moved = -1;   /* the state after the reconnection says what is pending */
        break;
    case NET_EV_CLOSED:
        s->errors++;
        snprintf(s->last_error, sizeof s->last_error, "closed: %s", ev->text);
        break;
    default: break;
    }
    if (p->keep_text && ev->json && (ev->kind == NET_EV_STATE || ev->kind == NET_EV_RULES)) {
        keep_text(s, ev->json);
        ev->json = NULL;
    }
}

int tp_run(TestPlay *p, int (*done)(TestPlay *p, void *ud), void *ud)
{
    long long until = now_ms() + TH_NET_BOUND_MS;
    while (!done(p, ud)) {
        if (now_ms() > until)
            return -1;
        NetEvent ev;
        if (!net_hub_next(p->hub, &ev, 1000))
            continue;
        handle(p, &ev);
        net_event_free(&ev);
    }
    return 0;
}

void tp_kick(TestPlay *p)
{
    for (int i = 0; i < p->count; i++)
        if (p->seats[i].last)
            maybe_move(p, &p->seats[i], p->seats[i].last);
}

int tp_all_over(TestPlay *p, void *ud)
{
    (void)ud;
    for (int i = 0; i < p->count; i++)
        if (!p->seats[i].over)
            return 0;
    return 1;
}

void tp_free(TestPlay *p)
{
    for (int i = 0; i < p->count; i++) {
        net_client_close(p->seats[i].client);
        if (p->seats[i].has_bot)
            remote_bot_free(&p->seats[i].bot);
        net_view_free(p->seats[i].last);
        for (int k = 0; k < p->seats[i].text_count; k++)
            free(p->seats[i].texts[k]);
        free(p->seats[i].texts);
    }
    free(p->seats);
    p->seats = NULL;
    p->count = 0;
}
