/* Nothing is lost: the server is killed with SIGKILL at random moments of
 * whole games (at least 50 times), started again on the same database and
 * port, and every table comes back exactly: the remote seats reconnect by
 * themselves and each gets the decision it had (the same view hash: the
 * same state and pending decision as far as it may see; the server itself
 * replays every table and checks every stored state hash, or refuses to
 * start), or the next one when a move was in flight, and never loses a
 * move the server had acknowledged. The bots pause while the server is down
 * so that each seat's first state after the restart is the restored one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "net_harness.h"

#define KILLS 50
#define TABLES 3

typedef struct Before {
    int decision, pending, accepted, full;
    uint64_t view_hash;
} Before;

static int states_reached(TestPlay *p, void *ud) { return p->states >= *(long long *)ud || tp_all_over(p, NULL); }

/* Every seat has heard the old server go (so nothing more of it is to come). */
static int all_dropped(TestPlay *p, void *ud)
{
    const int *before = ud;
    for (int i = 0; i < p->count; i++)
        if (p->seats[i].disconnects <= before[i])
            return 0;
    return 1;
}

static int all_back(TestPlay *p, void *ud)
{
    const Before *b = ud;
    for (int i = 0; i < p->count; i++)
        if (p->seats[i].full_states <= b[i].full)
            return 0;
    return 1;
}

static void new_tables(TestServer *srv, TestPlay *play, int *tables, uint64_t seed)
{
    char why[400];
    static const char *const BOTS[3] = { "random", "greedy", "random" };
    for (int k = 0; k < TABLES; k++) {
        TestTable t;
        if (tt_create(srv, "{\"type\":\"create\",\"players\":3,\"seats\":[{\"kind\":\"person\"},{\"kind\":\"person\"},"
                      "{\"kind\":\"person\"}]}", &t, why, sizeof why)) {
            th_fail(__FILE__, __LINE__, "create: %s", why);
            return;
        }
        for (int p = 0; p < 3; p++)
            if (tp_add(play, t.link[p], BOTS[p], *tables, seed + (uint64_t)(3 * k + p), why, sizeof why))
                th_fail(__FILE__, __LINE__, "seat: %s", why);
        (*tables)++;
    }
}

/* The checks of one restart, table by table. Returns the failures. */
static int check_restored(TestPlay *p, const Before *b, int tables, int round)
{
    int bad = 0;
    for (int t = 0; t < tables; t++) {
        int R = -1, D = -1, in_flight = 0;
        for (int i = 0; i < p->count; i++)
            if (p->seats[i].table == t) {
                if (R >= 0 && p->seats[i].decision != R)
                    bad++, th_fail(__FILE__, __LINE__, "round %d, table %d: seats disagree on the decision", round, t);
                R = p->seats[i].decision;
                D = b[i].decision > D ? b[i].decision : D;
            }
        for (int i = 0; i < p->count; i++)
            if (p->seats[i].table == t) {
                in_flight |= b[i].pending == D || b[i].accepted == D;   /* sent, stored, maybe told */
                if (b[i].accepted >= R)
                    bad++, th_fail(__FILE__, __LINE__, "round %d, table %d: decision %d was accepted, and lost", round,
                                   t, b[i].accepted);
                if (b[i].decision == R && p->seats[i].view_hash != b[i].view_hash)
                    bad++, th_fail(__FILE__, __LINE__, "round %d, table %d, seat %d: decision %d came back different",
                                   round, t, p->seats[i].seat, R);
            }
        if (R < D || R > D + 1 || (R == D + 1 && !in_flight))
            bad++, th_fail(__FILE__, __LINE__, "round %d, table %d: back at decision %d, was at %d (a move in flight:"
                           " %d)", round, t, R, D, in_flight);
    }
    return bad;
}

TEST(net_kill_9_at_random_moments_brings_every_table_back_exactly)
{
    TestServer srv = { .extra = { "--quiet" } };
    REQUIRE(ts_start(&srv) == 0);
    char why[400];
    TestPlay play = { 0 };
    play.hub = net_hub_new(0, why, sizeof why);
    REQUIRE(play.hub != NULL);
    int tables = 0, bad = 0;
    new_tables(&srv, &play, &tables, 900);
    uint64_t x = 0x9e3779b97f4a7c15ull;
    Before *b = NULL;
    for (int round = 0; round < KILLS && !bad; round++) {
        if (tp_all_over(&play, NULL))
            new_tables(&srv, &play, &tables, 1000 + (uint64_t)round * 10);
        x ^= x << 13; x ^= x >> 7; x ^= x << 17;
        long long target = play.states + 1 + (long long)(x % 12);
        REQUIRE(tp_run(&play, states_reached, &target) == 0);
        play.paused = 1;
        int *drops = malloc(sizeof *drops * (size_t)play.count);
        REQUIRE(drops != NULL);
        for (int i = 0; i < play.count; i++)
            drops[i] = play.seats[i].disconnects;
        ts_kill9(&srv);
        int dropped = tp_run(&play, all_dropped, drops);
        free(drops);
        REQUIRE(dropped == 0);
        b = realloc(b, sizeof *b * (size_t)play.count);
        REQUIRE(b != NULL);
        for (int i = 0; i < play.count; i++) {
            TestSeat *s = &play.seats[i];
            b[i] = (Before){ s->decision, s->move_pending, s->accepted, s->full_states, s->view_hash };
        }
        REQUIRE(ts_start(&srv) == 0);
        REQUIRE(tp_run(&play, all_back, b) == 0);
        bad += check_restored(&play, b, tables, round);
        play.paused = 0;
        tp_kick(&play);
    }
    free(b);
    for (int i = 0; i < play.count; i++)
        if (play.seats[i].errors > 0 && !strstr(play.seats[i].last_error, "stale_decision"))
            th_fail(__FILE__, __LINE__, "seat %d of table %d: %s", play.seats[i].seat, play.seats[i].table,
                    play.seats[i].last_error);
    tp_free(&play);
    net_hub_free(play.hub);
    CHECK(ts_stop(&srv) == 0);
    ts_cleanup(&srv);
}
