/* The start screen keeps everything inside its panel, whatever it holds: a
 * row of many mods with long names (the mods row once ran past the panel's
 * edge), five seats with mcts strengths, a status line, in a large window and
 * a small one. Rows wrap; the panel grows to what it holds. */
#include <stdio.h>
#include <string.h>

#include "app.h"
#include "harness.h"
#include "ui_fixtures.h"

/* The panel: the first box of the start screen. */
static const UiWidget *panel(const UiScene *s)
{
    for (int i = 0; i < s->nw; i++)
        if (s->w[i].kind == UI_W_BOX)
            return &s->w[i];
    return NULL;
}

/* Every widget after the panel lies inside it, and none overlaps another. */
static void check_inside(const UiScene *s, int width, int height)
{
    const UiWidget *p = panel(s);
    REQUIRE(p != NULL);
    CHECK(p->r.x >= 0 && p->r.x + p->r.w <= width && p->r.y >= 0 && p->r.y + p->r.h <= height);
    for (const UiWidget *w = p + 1; w < s->w + s->nw; w++) {
        bool inside = w->r.x >= p->r.x && w->r.x + w->r.w <= p->r.x + p->r.w && w->r.y >= p->r.y &&
                      w->r.y + w->r.h <= p->r.y + p->r.h;
        if (!inside)
            th_fail(__FILE__, __LINE__, "%dx%d: '%s' at (%d,%d) %dx%d leaves the panel (%d,%d) %dx%d", width, height,
                    w->text, w->r.x, w->r.y, w->r.w, w->r.h, p->r.x, p->r.y, p->r.w, p->r.h);
        for (const UiWidget *o = w + 1; o < s->w + s->nw; o++)
            if (w->kind == UI_W_BUTTON && o->kind == UI_W_BUTTON && SDL_HasIntersection(&w->r, &o->r))
                th_fail(__FILE__, __LINE__, "%dx%d: buttons '%s' and '%s' overlap", width, height, w->text, o->text);
    }
}

TEST(ui_start_screen_keeps_many_mods_and_seats_inside_its_panel)
{
    static const char *const NAMES[] = { "tidal_critters", "to_the_right", "scouting_critters", "bountiful_start",
                                         "tough_colossal", "volcanic_weather_extended", "hot_lava",
                                         "a_mod_with_a_rather_long_name", "island_hoppers", "ember_harvest" };
    static const int SIZES[][2] = { { 1280, 720 }, { 1120, 630 }, { 800, 500 }, { 640, 420 } };
    for (size_t k = 0; k < sizeof SIZES / sizeof SIZES[0]; k++) {
        UiApp app;
        REQUIRE(ui_app_init(&app, uf_assets(), NULL) == 0);
        for (size_t i = 0; i < sizeof NAMES / sizeof NAMES[0]; i++)
            app.mod_names[i] = NAMES[i];
        app.mod_count = (int)(sizeof NAMES / sizeof NAMES[0]);
        app.setup.players = 5;
        for (int p = 0; p < 5; p++) {
            app.setup.seat[p].human = 0;
            bot_config_default(&app.setup.seat[p].bot, BOT_MCTS);
            app.setup.seat[p].bot.ms = 1000;
            app.setup.seat[p].bot.iterations = 0;
        }
        snprintf(app.status, sizeof app.status, "Cannot start: a status line under the buttons");
        ui_app_build(&app, SIZES[k][0], SIZES[k][1]);
        check_inside(app.scene, SIZES[k][0], SIZES[k][1]);
        CHECK(uf_widget_text(app.scene, UI_W_BUTTON, "ember_harvest") != NULL);
        ui_app_free(&app);
    }
}
