/* The window's app at a remote table, in this process, over a real server:
 * what a person at the window sees and can do. No undo (the button is off
 * and says why, U says so); when the server is killed the status line says
 * the connection is lost and the screen stays; a move chosen then is not
 * sent and the status says to make it again; once the server is back the
 * same move goes through and the server's story tells it. */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "harness.h"
#include "net_harness.h"
#include "ui/ui_fixtures.h"

static char heard[8192];   /* every notice the app passed on (UiAppHooks.notice) */

static void hear(void *ud, const char *text)
{
    (void)ud;
    size_t n = strlen(heard);
    snprintf(heard + n, sizeof heard - n, "%s\n", text);
}

static long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Runs the app's frames until `done` holds: 0, or -1 past the bound. */
static int frames_until(UiApp *app, int (*done)(UiApp *app, const void *arg), const void *arg)
{
    long long until = now_ms() + TH_NET_BOUND_MS;
    while (!done(app, arg)) {
        if (now_ms() > until || app->quit)
            return -1;
        ui_app_update(app, 1.0 / 60);
        usleep(2000);   /* between frames, as the window's loop waits */
    }
    return 0;
}

static int heard_it(UiApp *app, const void *text)
{
    (void)app;
    return strstr(heard, text) != NULL;
}

static int story_tells(UiApp *app, const void *text)
{
    for (int k = 0; k < ui_table_line_count(app->table); k++)
        if (strstr(ui_table_line(app->table, k)->text, text))
            return 1;
    return 0;
}

TEST(net_window_at_a_remote_table_offers_no_undo_and_asks_again_for_a_move_made_while_the_server_was_down)
{
    TestServer srv = { .extra = { "--quiet" } };
    REQUIRE(ts_start(&srv) == 0);
    TestTable t;
    char why[600];
    REQUIRE(tt_create(&srv, "{\"type\":\"create\",\"players\":2,\"seats\":[{\"kind\":\"person\"},{\"kind\":\"bot\","
                      "\"bot\":\"greedy\"}]}", &t, why, sizeof why) == 0);
    static UiTable table;
    UiJoin join = { .link = t.link[0], .client = "tests", .timeout_ms = TH_NET_BOUND_MS };
    REQUIRE(ui_table_join(&table, &join, why, sizeof why) == 0);
    static UiApp app;
    REQUIRE(ui_app_init(&app, uf_assets(), &table) == 0);
    heard[0] = 0;
    app.hooks.notice = hear;
    CHECK(ui_app_human_turn(&app));
    ui_app_build(&app, 1280, 720);
    const UiWidget *undo = uf_widget(app.scene, UI_ACT_UNDO, -1);
    CHECK(undo && (undo->style & UI_ST_OFF));
    CHECK_STR_CONTAINS(undo ? undo->tip : NULL, "no undo at a remote table");
    char head[64];
    snprintf(head, sizeof head, "Table %s, seat A", t.id);
    CHECK(uf_widget_text(app.scene, UI_W_TEXT, head) != NULL);
    uf_key(&app, SDLK_u);
    CHECK_STR_CONTAINS(app.status, "no undo at a remote table");
    uf_key(&app, SDLK_F1);
    ui_app_build(&app, 1280, 720);
    CHECK(uf_widget_text(app.scene, UI_W_TEXT, "U: no undo at a remote table") != NULL);   /* the help says so */
    uf_key(&app, SDLK_F1);

    ts_kill9(&srv);
    CHECK(frames_until(&app, heard_it, "The connection to the server is lost") == 0);
    ui_app_build(&app, 1280, 720);
    CHECK(uf_widget_text(app.scene, UI_W_TEXT, "No connection to the server") != NULL);   /* the lasting status line */
    CHECK(ui_app_human_turn(&app) && app.n > 0);   /* the screen stays */
    ui_app_choose_exact(&app, 0);
    CHECK_STR_CONTAINS(app.status, "Not sent");
    CHECK_STR_CONTAINS(app.status, "Make this move again once the table is back");
    CHECK_EQ(app.decisions, 0);
    CHECK(!story_tells(&app, "A: place the"));

    REQUIRE(ts_start(&srv) == 0);
    CHECK(frames_until(&app, heard_it, "Back at the table") == 0);
    ui_app_choose_exact(&app, 0);
    CHECK_EQ(app.decisions, 1);
    CHECK(frames_until(&app, story_tells, "A: place the") == 0);   /* the server's story of the move */
    ui_app_free(&app);
    ui_table_free(&table);
    CHECK(ts_stop(&srv) == 0);
    ts_cleanup(&srv);
}
