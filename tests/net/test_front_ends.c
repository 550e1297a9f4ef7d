/* The window and the terminal at a remote table (tui --join, gui --join):
 * real `volcanique serve`, `tui` and `gui` processes on 127.0.0.1, synchronised
 * on the lines they print. Whole games with a person's seat in each front
 * end (played by --autoplay, every move shown as a person sees it) beside a
 * server bot; the server killed and started again mid-game; a person typing
 * at the terminal, also while the server is down; a spectator's public view;
 * the refusals a person must understand (a wrong token, a bad link, a full
 * seat, no server), each a message and a non-zero exit. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fake_server.h"
#include "fe_harness.h"
#include "harness.h"
#include "net.h"
#include "net_harness.h"
#include "table.h"

typedef struct Fixture {
    TestServer srv;
    TestPlay play;             /* the test's own clients (a spectator, bots) */
    char dir[64];              /* the front ends' output */

} Fixture;

static int fx_start(Fixture *fx, const char *const *serve_extra)
{
    memset(fx, 0, sizeof *fx);
    fx->srv.extra[0] = "--quiet";
    for (int i = 0; serve_extra && serve_extra[i] && i < 14; i++)
        fx->srv.extra[i + 1] = serve_extra[i];
    snprintf(fx->dir, sizeof fx->dir, "/tmp/vq-fe-XXXXXX");
    char why[300];
    if (!mkdtemp(fx->dir) || ts_start(&fx->srv))
        return -1;
    fx->play.hub = net_hub_new(0, why, sizeof why);
    return fx->play.hub ? 0 : -1;
}

static void fx_end(Fixture *fx)
{
    tp_free(&fx->play);
    if (fx->play.hub)
        net_hub_free(fx->play.hub);
    CHECK(ts_stop(&fx->srv) == 0);
    ts_cleanup(&fx->srv);
    if (th_current_failed()) {   /* kept for whoever reads the failure */
        fprintf(stderr, "  (the front ends' output is kept in %s)\n", fx->dir);
        return;
    }
    static const char *const NAMES[] = { "tui", "gui", "watch", "gui-watch", "again", "bad", "png" };
    static const char *const EXT[] = { ".out", ".err", ".png" };
    char path[200];
    for (int i = 0; i < 7; i++)
        for (int e = 0; e < 3; e++) {
            snprintf(path, sizeof path, "%s/%s%s", fx->dir, NAMES[i], EXT[e]);
            unlink(path);
        }
    rmdir(fx->dir);
}

static int fx_table(Fixture *fx, const char *create, TestTable *t)
{
    char why[400];
    if (tt_create(&fx->srv, create, t, why, sizeof why) == 0)
        return 0;
    th_fail(__FILE__, __LINE__, "the server did not create the table: %s", why);
    return -1;
}

static const char THREE[] = "{\"type\":\"create\",\"players\":3,\"seats\":[{\"kind\":\"person\"},{\"kind\":\"person\"},"
                            "{\"kind\":\"bot\",\"bot\":\"greedy\"}]}";
static const char TWO[] = "{\"type\":\"create\",\"players\":2,\"seats\":[{\"kind\":\"person\"},"
                          "{\"kind\":\"bot\",\"bot\":\"greedy\"}]}";

/* The terminal and the window each play a person's seat with --autoplay greedy. */
static int start_players(Fixture *fx, const TestTable *t, FrontEnd *tui, FrontEnd *gui)
{
    const char *tui_args[] = { "tui", "--join", t->link[0], "--autoplay", "greedy", "--name", "Ann", "--timeout", "600",
                               NULL };
    const char *gui_args[] = { "gui", "--join", t->link[1], "--autoplay", "greedy", "--bot-delay", "0", "--width",
                               "400", "--height", "300", "--timeout", "600", NULL };
    if (fe_start(tui, fx->dir, "tui", 0, 0, tui_args) || fe_start(gui, fx->dir, "gui", 0, 1, gui_args))
        return -1;
    return fe_wait(tui, "Seats: A=you (greedy) B=person") || fe_wait(gui, "gui: joined table");
}

/* Both front ends end with the final scores the spectator (the test's first client) saw. */
static void check_the_end(TestPlay *play, FrontEnd *tui, FrontEnd *gui)
{
    CHECK_EQ(fe_exit(tui), 0);
    CHECK_EQ(fe_exit(gui), 0);
    CHECK(tp_run(play, tp_all_over, NULL) == 0);   /* it has the end by now: the front ends saw it */
    const TestSeat *watcher = &play->seats[0];
    CHECK(watcher->over);
    CHECK(watcher->last && strcmp(watcher->last->seats[0].name, "Ann") == 0);   /* the terminal's --name */
    char want[200];
    int n = snprintf(want, sizeof want, "):");
    for (int p = 0; p < 3; p++)
        n += snprintf(want + n, sizeof want - (size_t)n, " %c %d%s", 'A' + p, watcher->final_total[p],
                      (watcher->final.winners >> p) & 1 ? " (wins)" : "");
    snprintf(want + n, sizeof want - (size_t)n, "\n");
    char *gout = fe_slurp(gui->out), *tout = fe_slurp(tui->out);
    CHECK_STR_CONTAINS(gout, "game over (");
    CHECK_STR_CONTAINS(gout, want);
    CHECK_STR_CONTAINS(tout, "The game is over: ");
    for (int p = 0; p < 3; p++)
        if ((watcher->final.winners >> p) & 1) {
            snprintf(want, sizeof want, "Winner: %c with %d points.", 'A' + p, watcher->final_total[p]);
            CHECK_STR_CONTAINS(tout, want);
        }
    free(gout);
    free(tout);
    CHECK(!fe_sanitizer_report(tui));
    CHECK(!fe_sanitizer_report(gui));
}

TEST(net_tui_and_gui_play_a_three_player_table_with_a_greedy_bot_to_the_end)
{
    Fixture fx;
    REQUIRE(fx_start(&fx, NULL) == 0);
    TestTable t;
    FrontEnd tui = { 0 }, gui = { 0 };
    char why[400];
    REQUIRE(fx_table(&fx, THREE, &t) == 0);
    REQUIRE(tp_add(&fx.play, t.watch, NULL, 0, 0, why, sizeof why) == 0);
    if (start_players(&fx, &t, &tui, &gui) == 0) {
        check_the_end(&fx.play, &tui, &gui);
        char *tout = fe_slurp(tui.out);
        CHECK_STR_CONTAINS(tout, "A> ");           /* its decisions, shown as a person sees them */
        CHECK_STR_CONTAINS(tout, "(autoplay: ");
        CHECK_STR_CONTAINS(tout, "  C: ");          /* the server bot's moves, told by the server */
        free(tout);
    }
    fe_kill(&tui);
    fe_kill(&gui);
    fx_end(&fx);
}

TEST(net_tui_and_gui_carry_on_by_themselves_when_the_server_is_killed_and_started_again)
{
    Fixture fx;
    REQUIRE(fx_start(&fx, NULL) == 0);
    TestTable t;
    FrontEnd tui = { 0 }, gui = { 0 };
    char why[400];
    REQUIRE(fx_table(&fx, THREE, &t) == 0);
    REQUIRE(tp_add(&fx.play, t.watch, NULL, 0, 0, why, sizeof why) == 0);
    if (start_players(&fx, &t, &tui, &gui) == 0 && fe_wait(&tui, "\nTurn 4: ") == 0) {
        ts_kill9(&fx.srv);
        CHECK(fe_wait(&tui, "** The connection to the server is lost") == 0);
        CHECK(fe_wait(&gui, "gui: The connection to the server is lost") == 0);
        REQUIRE(ts_start(&fx.srv) == 0);   /* the same port and database */
        CHECK(fe_wait(&tui, "** Back at the table") == 0);
        CHECK(fe_wait(&gui, "gui: Back at the table") == 0);
        check_the_end(&fx.play, &tui, &gui);
    }
    fe_kill(&tui);
    fe_kill(&gui);
    fx_end(&fx);
}

/* A person at the terminal: no undo, a move typed while the server is down
 * is refused in words and made again once it is back, and leaving and
 * coming back with the same link finds the seat where it was. */
TEST(net_tui_person_types_moves_and_makes_again_one_typed_while_the_server_was_down)
{
    Fixture fx;
    REQUIRE(fx_start(&fx, NULL) == 0);
    TestTable t;
    FrontEnd tui = { 0 }, again = { 0 };
    REQUIRE(fx_table(&fx, TWO, &t) == 0);
    const char *args[] = { "tui", "--join", t.link[0], "--timeout", "600", NULL };
    REQUIRE(fe_start(&tui, fx.dir, "tui", 1, 0, args) == 0);
    if (fe_wait(&tui, "A> ") == 0) {
        fe_type(&tui, "u");
        CHECK(fe_wait(&tui, "no undo at a remote table") == 0);
        fe_type(&tui, "0");
        CHECK(fe_wait(&tui, "  A: place the") == 0);
        CHECK(fe_wait(&tui, "A: Place a starting critter") == 0);
        CHECK(fe_wait(&tui, "A> ") == 0);
        ts_kill9(&fx.srv);
        CHECK(fe_wait(&tui, "** The connection to the server is lost") == 0);
        fe_type(&tui, "0");
        CHECK(fe_wait(&tui, "** Not sent: the server cannot be reached") == 0);
        CHECK(fe_wait(&tui, "Make this move again once the table is back.") == 0);
        REQUIRE(ts_start(&fx.srv) == 0);
        CHECK(fe_wait(&tui, "** Back at the table") == 0);
        fe_type(&tui, "0");
        CHECK(fe_wait(&tui, "  A: put a critter") == 0);
        CHECK(fe_wait(&tui, "A> ") == 0);
        fe_type(&tui, "q");
        CHECK(fe_wait(&tui, "You left the table; the seat stays yours") == 0);
        CHECK_EQ(fe_exit(&tui), 0);
    }
    REQUIRE(fe_start(&again, fx.dir, "again", 1, 0, args) == 0);
    CHECK(fe_wait(&again, "  A: put a critter") == 0);   /* the story so far */
    CHECK(fe_wait(&again, "A: Place a tile of your starting island") == 0);
    fe_close_input(&again);   /* a person's input ends: the terminal stops, the seat stays */
    CHECK_EQ(fe_exit(&again), 0);
    CHECK(!fe_sanitizer_report(&tui));
    fe_kill(&tui);
    fe_kill(&again);
    fx_end(&fx);
}

/* The public view, checked in this process at every state of a whole game. */
typedef struct Watching {
    UiTable table;
    int states, over, bad;
    char why[300];
} Watching;

static void check_public(Watching *w)
{
    UiTable *t = &w->table;
    const Game *g = t->game;
    Option opts[8];
    char err[300];
    w->bad |= ui_table_turn(t) != UI_TURN_WAIT && ui_table_turn(t) != UI_TURN_OVER;
    w->bad |= ui_table_options(t, opts) != 0 || g->seed != 0 || g->hooks != NULL;
    for (int p = 0; p < g->players; p++) {
        w->bad |= ui_table_shows_hand(t, p);
        for (int i = 0; i < g->player[p].caldera_count; i++)
            w->bad |= g->player[p].caldera[i] != NET_HIDDEN_CARD;
    }
    for (int i = 0; i < g->caldera_size; i++)
        w->bad |= g->caldera_deck[i] != NET_HIDDEN_CARD;
    Option o = { 0 };
    w->bad |= ui_table_apply(t, &o, err, sizeof err) != 1;
    if (w->bad && !w->why[0])
        snprintf(w->why, sizeof w->why, "at turn %d: a spectator's table shows or offers more than the public view",
                 g->turn);
}

static int watched_to_the_end(TestPlay *p, void *ud)
{
    Watching *w = ud;
    char err[300];
    int rc = ui_table_poll(&w->table, 0, err, sizeof err);
    if (rc < 0) {
        snprintf(w->why, sizeof w->why, "%s", err);
        return 1;
    }
    if (rc & UI_POLL_VIEW) {
        w->states++;
        check_public(w);
    }
    w->over = ui_table_turn(&w->table) == UI_TURN_OVER;
    return w->over && tp_all_over(p, NULL);
}

TEST(net_a_spectator_link_shows_the_public_view_in_the_table_the_tui_and_the_gui)
{
    Fixture fx;
    REQUIRE(fx_start(&fx, NULL) == 0);
    TestTable t;
    FrontEnd watch = { 0 }, shot = { 0 };
    char why[400];
    REQUIRE(fx_table(&fx, THREE, &t) == 0);
    const char *args[] = { "tui", "--join", t.watch, "--timeout", "600", NULL };
    REQUIRE(fe_start(&watch, fx.dir, "watch", 0, 0, args) == 0);
    CHECK(fe_wait(&watch, "watching") == 0);
    static Watching w;
    memset(&w, 0, sizeof w);
    UiJoin join = { .link = t.watch, .client = "tests", .timeout_ms = FE_BOUND_MS };
    REQUIRE(ui_table_join(&w.table, &join, why, sizeof why) == 0);
    CHECK_EQ(ui_table_remote_seat(&w.table), -1);
    check_public(&w);
    REQUIRE(tp_add(&fx.play, t.link[0], "random", 0, 7, why, sizeof why) == 0);
    REQUIRE(tp_add(&fx.play, t.link[1], "greedy", 0, 8, why, sizeof why) == 0);
    CHECK(tp_run(&fx.play, watched_to_the_end, &w) == 0);
    if (w.bad || !w.over)
        th_fail(__FILE__, __LINE__, "%s", w.why[0] ? w.why : "the spectator's table never saw the end");
    CHECK(w.states > 20);
    ui_table_free(&w.table);
    CHECK_EQ(fe_exit(&watch), 0);
    char *out = fe_slurp(watch.out);
    CHECK_STR_CONTAINS(out, "== Turn ");   /* the board as turns go by */
    CHECK_STR_CONTAINS(out, "The game is over: ");
    free(out);
    char png[200];
    snprintf(png, sizeof png, "%s/png.png", fx.dir);
    const char *gui_args[] = { "gui", "--join", t.watch, "--frames", "2", "--width", "400", "--height", "300",
                               "--screenshot", png, NULL };
    REQUIRE(fe_start(&shot, fx.dir, "gui-watch", 0, 1, gui_args) == 0);
    CHECK_EQ(fe_exit(&shot), 0);
    CHECK(fe_wait(&shot, "gui: joined table") == 0);
    CHECK(fe_wait(&shot, "watching") == 0);
    struct stat st;
    CHECK(stat(png, &st) == 0 && st.st_size > 1000);
    CHECK(!fe_sanitizer_report(&watch));
    fe_kill(&watch);
    fe_kill(&shot);
    fx_end(&fx);
}

/* Runs `volcanique ARGS` and checks its exit status and that stderr says `words`. */
static void refused(Fixture *fx, const char *const *args, int status, const char *words)
{
    FrontEnd f = { 0 };
    if (fe_start(&f, fx->dir, "bad", 0, 1, args))
        return;
    int got = fe_exit(&f);
    char *err = fe_slurp(f.err);
    if (got != status)
        th_fail(__FILE__, __LINE__, "%s %s: exit %d, wanted %d (%.300s)", args[0], args[2], got, status, err);
    CHECK_STR_CONTAINS(err, words);
    free(err);
    CHECK(!fe_sanitizer_report(&f));
}

TEST(net_tui_and_gui_refuse_a_wrong_token_a_bad_link_and_an_unreachable_server_in_words)
{
    Fixture fx;
    REQUIRE(fx_start(&fx, NULL) == 0);
    TestTable t;
    REQUIRE(fx_table(&fx, TWO, &t) == 0);
    char forged[400], no_table[400], lobby[100];
    snprintf(forged, sizeof forged, "%s", t.link[0]);
    char *token = strstr(forged, "token=") + 6;
    token[0] = token[0] == '0' ? '1' : '0';
    ts_url(&fx.srv, lobby, sizeof lobby);
    snprintf(no_table, sizeof no_table, "%s#table=zzzzzzzzzzzz", lobby);
    static const char *const FRONT[] = { "tui", "gui" };
    for (int k = 0; k < 2; k++) {
        refused(&fx, (const char *[]){ FRONT[k], "--join", forged, NULL }, 1, "refused the link's token for seat A");
        refused(&fx, (const char *[]){ FRONT[k], "--join", no_table, NULL }, 1, "has no table zzzzzzzzzzzz");
        refused(&fx, (const char *[]){ FRONT[k], "--join", lobby, NULL }, 2, "names no table");
        refused(&fx, (const char *[]){ FRONT[k], "--join", "nowhere#table=x", NULL }, 2, "is not part of a table link");
        refused(&fx, (const char *[]){ FRONT[k], "--join", t.watch, "--autoplay", "greedy", NULL }, 2,
                "--autoplay plays a seat");
        refused(&fx, (const char *[]){ FRONT[k], "--join", t.link[0], "--seats", "human,greedy", NULL }, 2,
                "--join plays the server's game");
        refused(&fx, (const char *[]){ FRONT[k], "--autoplay", "greedy", NULL }, 2, "go with --join LINK");
    }
    CHECK(ts_stop(&fx.srv) == 0);   /* nobody listens on its port now */
    for (int k = 0; k < 2; k++)
        refused(&fx, (const char *[]){ FRONT[k], "--join", t.link[0], "--timeout", "1", NULL }, 1,
                "no answer from the server at 127.0.0.1");
    fx_end(&fx);
}

static int all_joined(TestPlay *p, void *ud)
{
    (void)ud;
    for (int i = 0; i < p->count; i++)
        if (!p->seats[i].states)
            return 0;
    return 1;
}

TEST(net_a_fifth_connection_to_a_seat_closes_the_tui_that_played_it_with_a_message)
{
    Fixture fx;
    REQUIRE(fx_start(&fx, NULL) == 0);
    TestTable t;
    FrontEnd tui = { 0 };
    char why[400];
    REQUIRE(fx_table(&fx, TWO, &t) == 0);
    const char *args[] = { "tui", "--join", t.link[0], NULL };
    REQUIRE(fe_start(&tui, fx.dir, "tui", 1, 0, args) == 0);
    if (fe_wait(&tui, "A> ") == 0) {
        for (int i = 0; i < NET_SEAT_CONNECTIONS; i++)
            REQUIRE(tp_add(&fx.play, t.link[0], NULL, 0, 0, why, sizeof why) == 0);
        CHECK(tp_run(&fx.play, all_joined, NULL) == 0);
        CHECK_EQ(fe_exit(&tui), 1);
        char *err = fe_slurp(tui.err);
        CHECK_STR_CONTAINS(err, "seat A is full");
        free(err);
    }
    fe_kill(&tui);
    fx_end(&fx);
}

/* The client has no copy of the host's mods: a table with a mod's power,
 * played to the end from a folder with no rules at all. */
TEST(net_tui_plays_a_modded_table_to_the_end_with_no_rules_of_its_own)
{
    Fixture fx;
    const char *serve[] = { "--mods", "scouting_critters", NULL };
    REQUIRE(fx_start(&fx, serve) == 0);
    TestTable t;
    FrontEnd tui = { 0 };
    REQUIRE(fx_table(&fx, "{\"type\":\"create\",\"players\":2,\"seats\":[{\"kind\":\"person\"},{\"kind\":\"bot\","
                          "\"bot\":\"greedy\"}],\"mods\":[\"scouting_critters\"],\"hold\":{\"0\":[\"Scouting critters\"]}}",
                     &t) == 0);
    const char *args[] = { "--root", fx.dir, "tui", "--join", t.link[0], "--autoplay", "random", "--timeout", "600",
                           NULL };
    REQUIRE(fe_start(&tui, fx.dir, "tui", 0, 0, args) == 0);
    CHECK_EQ(fe_exit(&tui), 0);
    char *out = fe_slurp(tui.out);
    CHECK_STR_CONTAINS(out, "powers: Scouting critters");   /* the mod's card, named by the server's rules */
    CHECK_STR_CONTAINS(out, "The game is over: ");
    free(out);
    CHECK(!fe_sanitizer_report(&tui));
    fx_end(&fx);
}

/* `--join HOST:PORT#table=...` (no path before '#') once read before the
 * start of the path's buffer (the sanitize build caught it). */
TEST(net_a_link_with_no_path_before_its_table_reads_as_the_root_path)
{
    NetLink l;
    char err[300];
    REQUIRE(net_link_parse("http://127.0.0.1:8080#table=abcdefghijkl", &l, err, sizeof err) == 0);
    CHECK(strcmp(l.path, "/") == 0);
    CHECK(strcmp(l.table, "abcdefghijkl") == 0);
    CHECK_EQ(l.port, 8080);
    CHECK(net_link_parse("nowhere#table=x", &l, err, sizeof err) != 0);
    CHECK_STR_CONTAINS(err, "is not part of a table link");
}

/* A server of another protocol version answers hello with protocol_version
 * and closes, or welcomes the client with its own version number: either
 * way the front ends say so and stop, never retrying for ever. */
TEST(net_tui_and_gui_tell_a_server_of_another_protocol_version_and_stop)
{
    char answers[2][300], link[200], words[200], dir[64] = "/tmp/vq-fe-XXXXXX";
    snprintf(answers[0], sizeof answers[0], "{\"type\":\"error\",\"re\":null,\"code\":\"protocol_version\","
             "\"fatal\":true,\"protocol\":%d,\"message\":\"this server speaks protocol %d\"}",
             NET_PROTOCOL_VERSION + 1, NET_PROTOCOL_VERSION + 1);
    snprintf(answers[1], sizeof answers[1], "{\"type\":\"welcome\",\"re\":null,\"protocol\":%d,\"server\":"
             "\"volcanique 9\"}", NET_PROTOCOL_VERSION + 1);
    snprintf(words, sizeof words, "speaks another version of the table protocol than this program (version %d)",
             NET_PROTOCOL_VERSION);
    REQUIRE(mkdtemp(dir) != NULL);
    Fixture fx = { 0 };
    snprintf(fx.dir, sizeof fx.dir, "%s", dir);
    static const char *const FRONT[] = { "tui", "gui" };
    for (int a = 0; a < 2; a++) {
        FakeServer *f = fake_server_start(answers[a]);
        REQUIRE(f != NULL);
        snprintf(link, sizeof link, "http://127.0.0.1:%d/#table=abcdefghijkl&seat=A&token=%s", fake_server_port(f),
                 "0123456789abcdef0123456789abcdef");
        for (int k = 0; k < 2; k++)
            refused(&fx, (const char *[]){ FRONT[k], "--join", link, NULL }, 1, words);
        fake_server_stop(f);
    }
    char path[200];
    for (int e = 0; e < 2 && !th_current_failed(); e++) {
        snprintf(path, sizeof path, "%s/bad.%s", dir, e ? "err" : "out");
        unlink(path);
    }
    if (!th_current_failed())
        rmdir(dir);
}
