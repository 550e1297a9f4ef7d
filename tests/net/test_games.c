/* Whole games over the loopback: a real `volcanique serve` process, tables
 * created through the protocol, remote seats played by bots through the C
 * client library beside a server bot seat, a spectator; every seat sees
 * the same end, and the server stops cleanly (no sanitizer report); the
 * tables' ids carry the server's --id-prefix. */
#include <stdio.h>
#include <string.h>

#include <sqlite3.h>

#include "harness.h"
#include "net_harness.h"

TEST(net_three_player_games_play_to_the_end_over_the_loopback)
{
    TestServer srv = { .extra = { "--quiet", "--id-prefix", "s1" } };
    REQUIRE(ts_start(&srv) == 0);
    char why[400];
    TestPlay play = { 0 };
    play.hub = net_hub_new(0, why, sizeof why);
    REQUIRE(play.hub != NULL);
    TestTable t[2];
    REQUIRE(tt_create(&srv, "{\"type\":\"create\",\"players\":3,\"seats\":[{\"kind\":\"person\"},"
                      "{\"kind\":\"person\"},{\"kind\":\"person\"}],\"variant\":\"to_the_left\"}", &t[0], why,
                      sizeof why) == 0);
    REQUIRE(tt_create(&srv, "{\"type\":\"create\",\"players\":3,\"seats\":[{\"kind\":\"person\"},"
                      "{\"kind\":\"bot\",\"bot\":\"greedy\"},{\"kind\":\"person\"}],\"setup\":2}", &t[1], why,
                      sizeof why) == 0);
    CHECK(strncmp(t[0].id, "s1", 2) == 0 && strncmp(t[1].id, "s1", 2) == 0);   /* a proxy routes by it */
    static const char *const BOTS[2][3] = { { "greedy", "random", "greedy" }, { "random", NULL, "greedy" } };
    for (int k = 0; k < 2; k++)
        for (int p = 0; p < 3; p++)
            if (BOTS[k][p])
                REQUIRE(tp_add(&play, t[k].link[p], BOTS[k][p], k, 100 + (uint64_t)(3 * k + p), why, sizeof why) == 0);
    REQUIRE(tp_add(&play, t[0].watch, NULL, 0, 0, why, sizeof why) == 0);
    CHECK(tp_run(&play, tp_all_over, NULL) == 0);
    for (int i = 0; i < play.count; i++) {
        TestSeat *s = &play.seats[i];
        if (s->errors)
            th_fail(__FILE__, __LINE__, "seat %d of table %d: %d errors, the last: %s", s->seat, s->table, s->errors,
                    s->last_error);
        CHECK(s->over);
        CHECK_EQ(s->bot.unmatched, 0);
        for (int j = 0; j < play.count; j++)
            if (play.seats[j].table == s->table)
                for (int p = 0; p < 3; p++)
                    CHECK_EQ(play.seats[j].final_total[p], s->final_total[p]);
    }
    tp_free(&play);
    net_hub_free(play.hub);
    CHECK(ts_stop(&srv) == 0);
    /* Started again, the server replays both finished games and checks their hashes. */
    REQUIRE(ts_start(&srv) == 0);
    CHECK(ts_stop(&srv) == 0);
    /* A stored state hash that no longer matches its replay is a loud error naming the table. */
    sqlite3 *db;
    REQUIRE(sqlite3_open(srv.db, &db) == SQLITE_OK);
    char sql[200];
    snprintf(sql, sizeof sql, "UPDATE actions SET state_hash = '0123456789abcdef' WHERE table_id = '%s' AND n = 40;",
             t[1].id);
    CHECK(sqlite3_exec(db, sql, NULL, NULL, NULL) == SQLITE_OK);
    sqlite3_close(db);
    CHECK(ts_try_start(&srv) != 0);
    char want[120];
    snprintf(want, sizeof want, "table %s: state hash mismatch after replaying action 40", t[1].id);
    CHECK(ts_log_has(&srv, want));
    ts_cleanup(&srv);
}
