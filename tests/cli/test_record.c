/* Result lines (engine/cli/record.c, coverage.c, plan.c) read back into the
 * same bytes, and what a summary makes of them (summary.c). */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coverage.h"
#include "harness.h"
#include "plan.h"
#include "record.h"
#include "summary.h"

/* Not inlined: GCC 12 then takes the memstream's buffer for a dangling local. */
__attribute__((noinline)) static char *written(const GameRecord *r)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    record_write(f, r);
    fclose(f);
    return buf;
}

static GameRecord sample(void)
{
    GameRecord r;
    memset(&r, 0, sizeof r);
    r.seed = 42;
    r.batch = 3;
    r.players = 3;
    r.setup = 2;
    snprintf(r.variant, sizeof r.variant, "to_the_left");
    for (int p = 0; p < 3; p++)
        snprintf(r.seats[p], REC_NAME, p ? "random" : "mcts:50");
    snprintf(r.hold[1], REC_CARDS, "Rift,Pack critters");
    snprintf(r.deal, REC_CARDS, "Erosion");
    r.winners = 1 | 4;
    r.first_player = 2;
    r.turns = 40;
    r.decisions = 300;
    snprintf(r.end, sizeof r.end, "supply");
    snprintf(r.trigger, sizeof r.trigger, "supply");
    r.lead_changes = 4;
    r.score[0].total = 20;
    r.score[0].bonus = 5;
    r.score[1].total = 12;
    r.score[2].total = 20;
    r.npowers = 1;
    r.powers[0] = (PowerRecord){ 1, 3, 2, 17, "Rift" };
    r.script_errors = 2;
    r.nfailed = 1;
    snprintf(r.failed[0].mod, sizeof r.failed[0].mod, "broken\"quote");
    snprintf(r.failed[0].error, sizeof r.failed[0].error, "mods/x/mod.lua:3: boom");
    r.made = record_intern("{\"engine\":\"x\",\"mods\":[{\"name\":\"a\",\"hash\":\"00\"}],\"params\":[{\"name\":\"b\","
                           "\"value\":0.25}]}");
    return r;
}

TEST(record_lines_read_back_into_the_same_bytes)
{
    GameRecord r = sample(), back;
    char *line = written(&r), err[200];
    REQUIRE(record_parse(line, &back, err, sizeof err) == 0);
    char *again = written(&back);
    CHECK(strcmp(line, again) == 0);
    CHECK(back.made == r.made);   /* interned: the same pointer */
    CHECK(strcmp(back.hold[1], "Rift,Pack critters") == 0);
    CHECK(strcmp(back.failed[0].mod, "broken\"quote") == 0);
    CHECK_EQ(back.batch, 3);
    CHECK_EQ(back.lead_changes, 4);
    free(line);
    free(again);
}

TEST(record_parse_names_the_field_that_is_wrong)
{
    GameRecord r = sample(), back;
    char *line = written(&r), err[200], bad[4096];
    const char *at = strstr(line, "\"lead_changes\":4");
    REQUIRE(at && strlen(line) < sizeof bad - 8);
    snprintf(bad, sizeof bad, "%.*s\"lead_changes\":\"4\"%s", (int)(at - line), line, at + 16);
    CHECK(record_parse(bad, &back, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "\"lead_changes\": expected an integer");
    free(line);
}

TEST(summary_margin_lead_and_held_seats)
{
    GameRecord r = sample();
    Summary s;
    summary_init(&s, 40);   /* seed 42 is the batch's third game: seat 2 rotates in */
    summary_add(&s, &r);
    CHECK(s.margin.sum == 0);              /* a shared win: no margin */
    CHECK(s.held_win.n == 1 && s.held_win.sum == 0);      /* seat B held cards and lost */
    CHECK(s.held_score.sum == 12);
    CHECK(s.rot_win.n == 1 && s.rot_win.sum == 0.5);       /* seat C shared the win */
    CHECK(s.first_win.sum == 0.5);
    CHECK_EQ(s.errors.games_with_errors, 1);
    CHECK_EQ(s.errors.nmods, 1);
    r.score[2].total = 13;
    r.winners = 1;
    summary_add(&s, &r);
    CHECK(s.margin.sum == 7);
    CHECK(s.lead.sum == 8);
}

TEST(coverage_lines_read_back_and_add_by_identity)
{
    static Coverage a, b, back;
    CoverEntry x = { "scripts/powers/rift.lua", "decision", "Rift", 0, 0, 5 };
    CoverEntry y = { "mods/m/mod.lua", "scoring", "", 10, 0, 2 };
    a.count = 1;
    a.games = 10;
    a.e[0] = x;
    b.count = 2;
    b.games = 5;
    b.e[0] = y;
    b.e[1] = x;
    coverage_note_read(&b, "bonus");
    coverage_add(&a, &b);
    CHECK_EQ(a.count, 2);
    CHECK(a.e[0].fired == 10);    /* the same handler, found by identity though it sat elsewhere */
    CHECK(a.e[1].fired == 2);
    CHECK_EQ(a.games, 15);
    CHECK_EQ(a.nread, 1);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    coverage_write(f, &a, 7);
    fclose(f);
    json_t *j = json_loads(buf, 0, NULL);
    REQUIRE(j);
    int batch;
    char err[200];
    CHECK(coverage_from_json(json_object_get(j, "coverage"), &back, &batch, err, sizeof err) == 0);
    CHECK_EQ(batch, 7);
    CHECK_EQ(back.count, 2);
    CHECK(coverage_find(&back, &x) == 0 && back.e[0].fired == 10);
    json_decref(j);
    free(buf);
}

/* Questions and actions are named up to 47 characters; their coverage names
 * ("answer:NAME") were cut at 31, so two questions of one script alike in
 * their first 24 characters merged into one row, and the report showed
 * "answer:volcanic_migration_payme". */
TEST(coverage_keeps_long_action_and_question_names_apart)
{
    static const char *const NAMES[] = { "answer:volcanic_migration_payment_of_the_whole_thing",
                                         "answer:volcanic_migration_payment_of_the_whole_other" };
    static Coverage a, b;
    for (int i = 0; i < 2; i++) {
        char line[400];
        snprintf(line, sizeof line, "{\"batch\":0,\"games\":1,\"params_read\":[],\"handlers\":[{\"script\":"
                 "\"scripts/powers/volcanic_migration.lua\",\"event\":\"%s\",\"card\":\"Volcanic migration\","
                 "\"priority\":0,\"ordinal\":0,\"fired\":%d}]}", NAMES[i], i + 1);
        json_t *j = json_loads(line, 0, NULL);
        REQUIRE(j);
        int batch;
        char err[200];
        CHECK(coverage_from_json(j, i ? &b : &a, &batch, err, sizeof err) == 0);
        json_decref(j);
    }
    CHECK(strcmp(a.e[0].event, NAMES[0]) == 0);
    coverage_add(&a, &b);
    CHECK_EQ(a.count, 2);
    CHECK(strcmp(a.e[1].event, NAMES[1]) == 0);
}

TEST(plan_lines_read_back)
{
    Plan p, back;
    memset(&p, 0, sizeof p);
    snprintf(p.command, sizeof p.command, "balance");
    snprintf(p.seats, sizeof p.seats, "greedy");
    p.games = 200;
    p.seed = 9;
    snprintf(p.sweep_name, sizeof p.sweep_name, "bonus");
    p.nsweep = 2;
    p.sweep[0] = 0.5;
    p.sweep[1] = 3;
    PlanBatch *b = plan_add(&p);
    REQUIRE(b);
    snprintf(b->label, sizeof b->label, "2p hold Rift @ bonus=3");
    snprintf(b->method, sizeof b->method, "hold");
    snprintf(b->card, sizeof b->card, "Rift");
    b->players = 2;
    b->sweep = 1;
    b->games = 200;
    b->seed = 9;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    plan_write(f, &p);
    fclose(f);
    json_t *j = json_loads(buf, 0, NULL);
    REQUIRE(j);
    char err[200];
    REQUIRE(plan_from_json(json_object_get(j, "plan"), &back, err, sizeof err) == 0);
    CHECK_EQ(back.nbatch, 1);
    CHECK(back.sweep[0] == 0.5 && back.nsweep == 2);
    CHECK(strcmp(back.batch[0].label, "2p hold Rift @ bonus=3") == 0 && back.batch[0].sweep == 1);
    json_decref(j);
    free(buf);
    plan_free(&p);
    plan_free(&back);
}
