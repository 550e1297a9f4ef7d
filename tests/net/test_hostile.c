/* Hostile clients: each is refused or dropped with a clear error while a
 * game at another table (remote bots on a thread of their own) goes on to
 * its end untouched. Malformed JSON, wrong shapes, a binary message, an
 * oversized one, an old protocol, messages before hello, forged tokens,
 * moves for another seat, out of turn, with a stale decision id or a bad
 * option, from a spectator or from nobody, a flood, two thousand idle
 * connections, and a client that never reads. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "harness.h"
#include "net_harness.h"
#include "raw_ws.h"

#define IDLE_CONNECTIONS 2000

typedef struct Bystander {
    TestPlay play;
    int rc;
} Bystander;

static void *bystander_thread(void *arg)
{
    Bystander *b = arg;
    b->rc = tp_run(&b->play, tp_all_over, NULL);
    return NULL;
}

/* Sends text on c and expects an error with `code`; checks whether c then closes. */
static void expect_error(RawPool *p, RawConn *c, const char *text, size_t len, int binary, const char *code,
                         int closes, int line)
{
    raw_send(c, text, len, binary);
    char *m = raw_next_with(p, c, "\"error\"");
    char want[80];
    snprintf(want, sizeof want, "\"code\":\"%s\"", code);
    if (!m || !strstr(m, want))
        th_fail(__FILE__, line, "expected error %s, got %.200s", code, m ? m : "(nothing: closed)");
    if (m && !strstr(m, "\"message\":\""))
        th_fail(__FILE__, line, "error %s has no message in words", code);
    free(m);
    if (closes && !raw_wait_closed(p, c))
        th_fail(__FILE__, line, "error %s should close the connection", code);
    if (!closes && raw_is_closed(c))
        th_fail(__FILE__, line, "error %s should leave the connection open", code);
}
#define EXPECT(p, c, text, code, closes) expect_error(p, c, text, strlen(text), 0, code, closes, __LINE__)

static RawConn *hello(RawPool *p, int port, const char *path)
{
    RawConn *c = raw_connect(p, port, path);
    if (!raw_wait_open(p, c))
        return c;
    raw_send_text(c, "{\"type\":\"hello\",\"protocol\":1}");
    free(raw_next_with(p, c, "\"welcome\""));
    return c;
}

static void malformed_messages(RawPool *p, int port)
{
    RawConn *c = raw_connect(p, port, "/ws");
    REQUIRE(raw_wait_open(p, c));
    EXPECT(p, c, "{\"type\":\"list\"}", "hello_first", 0);
    EXPECT(p, c, "{nope", "bad_json", 0);
    EXPECT(p, c, "[1,2]", "bad_json", 0);
    EXPECT(p, c, "{\"no\":\"type\"}", "bad_message", 0);
    EXPECT(p, c, "{\"type\":\"hello\",\"protocol\":\"1\"}", "bad_message", 0);
    EXPECT(p, c, "{\"type\":\"hello\",\"protocol\":1,\"id\":[1]}", "bad_message", 0);
    raw_send_text(c, "{\"type\":\"hello\",\"protocol\":1,\"id\":7}");
    char *w = raw_next_with(p, c, "\"welcome\"");
    CHECK(w && strstr(w, "\"re\":7"));
    free(w);
    EXPECT(p, c, "{\"type\":\"teleport\"}", "unknown_type", 0);
    expect_error(p, c, "{\"type\":\"list\"}", 15, 1, "bad_message", 0, __LINE__);
    EXPECT(p, c, "{\"type\":\"join\",\"table\":\"short\",\"seat\":0,\"token\":\"x\"}", "bad_message", 0);
    EXPECT(p, c, "{\"type\":\"watch\",\"table\":\"zzzzzzzzzzzz\"}", "no_such_table", 0);
    EXPECT(p, c, "{\"type\":\"move\",\"decision\":0,\"option\":0}", "not_joined", 0);
    EXPECT(p, c, "{\"type\":\"move\",\"decision\":-1,\"option\":0}", "bad_message", 0);
    EXPECT(p, c, "{\"type\":\"create\",\"players\":9,\"seats\":[]}", "bad_create", 0);
    EXPECT(p, c, "{\"type\":\"create\",\"players\":2,\"seats\":[{\"kind\":\"bot\",\"bot\":\"mcts:999999ms\"},"
           "{\"kind\":\"person\"}]}", "bad_create", 0);
    size_t big = 70000;
    char *huge = malloc(big + 1);
    memset(huge, ' ', big);
    memcpy(huge, "{\"type\":\"list\",\"pad\":\"", 22);
    memcpy(huge + big - 2, "\"}", 2);
    expect_error(p, c, huge, big, 0, "too_large", 1, __LINE__);
    CHECK_EQ(raw_close_code(c), 1009);
    free(huge);
    RawConn *old = raw_connect(p, port, "/ws");
    REQUIRE(raw_wait_open(p, old));
    EXPECT(p, old, "{\"type\":\"hello\",\"protocol\":0}", "protocol_version", 1);
    CHECK_EQ(raw_close_code(old), 1008);
}

/* Seats: forged tokens, another seat's token, a bot's seat. */
static void forged_tokens(RawPool *p, int port, const TestTable *t)
{
    RawConn *c = hello(p, port, "/ws");
    char msg[300];
    snprintf(msg, sizeof msg, "{\"type\":\"join\",\"table\":\"%s\",\"seat\":0,\"token\":\"%s\"}", t->id,
             "00000000000000000000000000000000");
    EXPECT(p, c, msg, "bad_token", 0);
    const char *token_b = strstr(t->link[1], "token=") + 6;
    snprintf(msg, sizeof msg, "{\"type\":\"join\",\"table\":\"%s\",\"seat\":0,\"token\":\"%s\"}", t->id, token_b);
    EXPECT(p, c, msg, "bad_token", 0);
    snprintf(msg, sizeof msg, "{\"type\":\"join\",\"table\":\"%s\",\"seat\":2,\"token\":\"%s\"}", t->id, token_b);
    EXPECT(p, c, msg, "bad_seat", 0);
    snprintf(msg, sizeof msg, "{\"type\":\"join\",\"table\":\"%s\",\"seat\":0,\"token\":\"%.31s\"}", t->id, token_b);
    EXPECT(p, c, msg, "bad_token", 0);
}

/* The decision id and whose it is, from the next state c receives. */
static int next_state(RawPool *p, RawConn *c, int *player)
{
    char *m = raw_next_with(p, c, "\"type\":\"state\"");
    json_t *j = m ? json_loads(m, 0, NULL) : NULL;
    const json_t *d = json_object_get(j, "decision");
    int id = (int)json_integer_value(json_object_get(d, "id"));
    *player = (int)json_integer_value(json_object_get(d, "player"));
    json_decref(j);
    free(m);
    return m ? id : -1;
}

static RawConn *join_seat(RawPool *p, int port, const TestTable *t, int seat)
{
    RawConn *c = hello(p, port, "/ws");
    char msg[300];
    snprintf(msg, sizeof msg, "{\"type\":\"join\",\"table\":\"%s\",\"seat\":%d,\"token\":\"%s\"}", t->id, seat,
             strstr(t->link[seat], "token=") + 6);
    raw_send_text(c, msg);
    return c;
}

/* Moves for another seat, out of turn, stale, with a bad option, from a spectator. */
static void bad_moves(RawPool *p, int port, const TestTable *t)
{
    RawConn *a = join_seat(p, port, t, 0), *b = join_seat(p, port, t, 1);
    int who, d = next_state(p, a, &who), who_b, d_b = next_state(p, b, &who_b);
    REQUIRE(d >= 0 && d_b == d && who == who_b && who <= 1);
    RawConn *mover = who == 0 ? a : b, *other = who == 0 ? b : a;
    char msg[200];
    snprintf(msg, sizeof msg, "{\"type\":\"move\",\"decision\":%d,\"option\":0}", d);
    EXPECT(p, other, msg, "not_your_turn", 0);
    snprintf(msg, sizeof msg, "{\"type\":\"move\",\"decision\":%d,\"option\":0}", d + 3);
    EXPECT(p, mover, msg, "stale_decision", 0);
    snprintf(msg, sizeof msg, "{\"type\":\"move\",\"decision\":%d,\"option\":99999}", d);
    EXPECT(p, mover, msg, "bad_option", 0);
    snprintf(msg, sizeof msg, "{\"type\":\"move\",\"decision\":%d,\"option\":0,\"id\":\"m1\"}", d);
    raw_send_text(mover, msg);
    char *ok = raw_next_with(p, mover, "\"accepted\"");
    CHECK(ok && strstr(ok, "\"re\":\"m1\""));
    free(ok);
    snprintf(msg, sizeof msg, "{\"type\":\"move\",\"decision\":%d,\"option\":0}", d);
    EXPECT(p, mover, msg, "stale_decision", 0);
    RawConn *w = hello(p, port, "/ws");
    snprintf(msg, sizeof msg, "{\"type\":\"watch\",\"table\":\"%s\"}", t->id);
    raw_send_text(w, msg);
    free(raw_next_with(p, w, "\"watching\""));
    snprintf(msg, sizeof msg, "{\"type\":\"move\",\"decision\":%d,\"option\":0}", d + 1);
    EXPECT(p, w, msg, "spectator", 0);
    EXPECT(p, w, "{\"type\":\"watch\",\"table\":\"zzzzzzzzzzzz\"}", "already_joined", 0);
}

/* The flood bucket (--flood 40/0 below: 40 messages, never refilled). A
 * client sending 41 (its hello and 40 more) hears the flood error and is
 * closed. One that goes on
 * sending 200 is closed too, but may not hear why: closing a socket that
 * still has unread data resets it, and the reset may overtake the error in
 * the client's own buffer (TCP, not the server); the server plays on. */
static void flood(RawPool *p, int port)
{
    RawConn *c = hello(p, port, "/ws");
    for (int i = 0; i < 40; i++)
        raw_send_text(c, "{\"type\":\"teleport\"}");
    char *m, last[160] = "(none)";
    int seen = 0;
    while ((m = raw_next(p, c)) && !strstr(m, "\"flood\"")) {
        seen++;
        snprintf(last, sizeof last, "%s", m);
        free(m);
    }
    if (!m)
        th_fail(__FILE__, __LINE__, "no flood error: %d other messages (the last: %s), then the connection %s (code %d)",
                seen, last, raw_is_closed(c) ? "closed" : "stayed open", raw_close_code(c));
    CHECK_EQ(seen, 39);   /* the bucket let in the hello and 39 more, each answered */
    free(m);
    CHECK(raw_wait_closed(p, c));

    RawConn *torrent = hello(p, port, "/ws");
    for (int i = 0; i < 200; i++)
        raw_send_text(torrent, "{\"type\":\"teleport\"}");
    CHECK(raw_wait_closed(p, torrent));
}

static void idle_connections(RawPool *p, int port)
{
    RawConn *idle[IDLE_CONNECTIONS];
    for (int i = 0; i < IDLE_CONNECTIONS; i++)
        idle[i] = raw_connect(p, port, "/ws");
    int open = 0;
    for (int i = 0; i < IDLE_CONNECTIONS; i++)
        open += raw_wait_open(p, idle[i]);
    CHECK_EQ(open, IDLE_CONNECTIONS);
    RawConn *fresh = hello(p, port, "/ws");   /* the server still answers */
    raw_send_text(fresh, "{\"type\":\"list\",\"id\":1}");
    char *m = raw_next_with(p, fresh, "\"tables\"");
    CHECK(m != NULL);
    free(m);
    int closed = 0;   /* silent connections are closed after --hello-timeout */
    for (int i = 0; i < IDLE_CONNECTIONS; i++)
        closed += raw_wait_closed(p, idle[i]);
    CHECK_EQ(closed, IDLE_CONNECTIONS);
    CHECK(raw_is_open(fresh));
}

TEST(net_hostile_clients_are_refused_and_the_other_tables_play_on)
{
    /* No refill of the flood bucket: the flood is refused at its 41st
     * message however slowly this machine sends the 200. */
    TestServer srv = { .extra = { "--max-queue", "262144", "--hello-timeout", "2", "--flood", "40/0" } };
    REQUIRE(ts_start(&srv) == 0);
    char why[400];
    static const char THREE[] = "{\"type\":\"create\",\"players\":3,\"seats\":[{\"kind\":\"person\"},{\"kind\":\"person\"},"
                                "{\"kind\":\"person\"}]}";
    TestTable bystander, target;
    REQUIRE(tt_create(&srv, THREE, &bystander, why, sizeof why) == 0);
    REQUIRE(tt_create(&srv, "{\"type\":\"create\",\"players\":3,\"seats\":[{\"kind\":\"person\"},{\"kind\":\"person\"},"
                      "{\"kind\":\"bot\",\"bot\":\"random\"}]}", &target, why, sizeof why) == 0);
    RawPool *p = raw_pool_new();
    RawConn *slow = hello(p, srv.port, "/ws");
    char msg[200];
    snprintf(msg, sizeof msg, "{\"type\":\"watch\",\"table\":\"%s\"}", bystander.id);
    raw_send_text(slow, msg);
    free(raw_next_with(p, slow, "\"type\":\"state\""));
    raw_stop_reading(slow);

    Bystander b = { 0 };
    b.play.hub = net_hub_new(0, why, sizeof why);
    REQUIRE(b.play.hub != NULL);
    for (int k = 0; k < 3; k++)
        REQUIRE(tp_add(&b.play, bystander.link[k], k == 1 ? "greedy" : "random", 0, 40 + (uint64_t)k, why,
                       sizeof why) == 0);
    pthread_t th;
    REQUIRE(pthread_create(&th, NULL, bystander_thread, &b) == 0);

    malformed_messages(p, srv.port);
    forged_tokens(p, srv.port, &target);
    bad_moves(p, srv.port, &target);
    flood(p, srv.port);
    idle_connections(p, srv.port);
    CHECK(ts_wait_log(&srv, "dropped: slow") == 0);

    pthread_join(th, NULL);
    CHECK_EQ(b.rc, 0);
    for (int k = 0; k < b.play.count; k++) {
        CHECK(b.play.seats[k].over);
        if (!b.play.seats[k].over)
            th_fail(__FILE__, __LINE__, "bystander seat %d stopped at decision %d (%d states, %d disconnects)", k,
                    b.play.seats[k].decision, b.play.seats[k].states, b.play.seats[k].disconnects);
        if (b.play.seats[k].errors)
            th_fail(__FILE__, __LINE__, "bystander seat %d: %s", k, b.play.seats[k].last_error);
    }
    tp_free(&b.play);
    net_hub_free(b.play.hub);
    raw_pool_free(p);
    CHECK(ts_stop(&srv) == 0);
    ts_cleanup(&srv);
}
