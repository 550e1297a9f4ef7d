/* A whole two-player game played in the window through its own input path:
 * the same SDL events the main loop hands to the app (pointer moves, clicks,
 * the wheel, keys), seat A a person scripted here, seat B a bot, from the
 * first set-up tile to the end screen, then a new game from the start screen.
 * Every choice is made the way a player would make it (the tile held over a
 * lit hex and turned with the wheel, critters picked up and dropped, buttons,
 * payments, confirmations), some by number or from the option list, some
 * undone; each must apply exactly the option meant. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../core/fixtures.h"
#include "draw.h"
#include "harness.h"
#include "harness_game.h"
#include "ui_fixtures.h"

#define W 1280
#define H 720

typedef struct Driver {
    UiApp *app;
    uint64_t pick;
    int human, by_board, by_button, by_keys, by_list, undone, confirmed, paid;
} Driver;

static void frame(UiApp *app) { ui_app_build(app, W, H); }

static const Game *game(const Driver *d) { return d->app->table->game; }

static void click_on(Driver *d, int cell, int area)
{
    int x, y;
    frame(d->app);
    if (!uf_point_on(d->app->scene, cell, area, &x, &y)) {
        Hex h = board_hex(cell);
        th_fail(__FILE__, __LINE__, "no visible point on (%d,%d) area %d", h.q, h.r, area);
        th_abort_test();
    }
    uf_click(d->app, x, y);
}

static const Critter *critter(const Driver *d, int id)
{
    return &game(d)->player[id / MAX_CRITTERS].critters[id % MAX_CRITTERS];
}

/* Holds the option's tile over its hex, turns it with the wheel, clicks. */
static void place_tile(Driver *d, const Option *o)
{
    UiApp *app = d->app;
    for (int k = 0; k < MAX_TILE_TYPES && app->held_type != o->subject; k++)
        uf_key(app, SDLK_TAB);
    CHECK_EQ(app->held_type, o->subject);
    int x, y;
    frame(app);
    REQUIRE(uf_point_on(app->scene, o->cell, -1, &x, &y));
    uf_move(app, x, y);
    for (int k = 0; k < 6 && app->held_rot != o->sub; k++)
        uf_wheel(app, 1);
    CHECK_EQ(app->held_rot, o->sub);
    frame(app);
    CHECK(app->scene->ghost_ok);   /* the tile in hand shows it fits */
    uf_click(app, x, y);
}

/* The panel button for option `i` (or for its group), clicked; false if there is none. */
static bool press_button(Driver *d, int i)
{
    frame(d->app);
    const UiWidget *w = uf_widget(d->app->scene, UI_ACT_OPTION, i);
    if (!w)
        w = uf_widget(d->app->scene, UI_ACT_OPTION, d->app->group[i]);
    if (!w)
        return false;
    uf_click_widget(d->app, w);
    return true;
}

static void by_board(Driver *d, const Option *o, int i)
{
    switch (o->verb) {
    case VERB_TILE:
        place_tile(d, o);
        break;
    case VERB_MOVE: case VERB_MIGRATE: case VERB_EVACUATE:
        if (d->app->picked != o->subject)
            click_on(d, critter(d, o->subject)->cell, critter(d, o->subject)->area);
        CHECK_EQ(d->app->picked, o->subject);
        click_on(d, o->cell, o->sub);
        break;
    case VERB_CRITTER:
        click_on(d, o->cell, o->sub);
        break;
    case VERB_SACRIFICE: case VERB_RETURN: case VERB_KEEP:
        if (!press_button(d, i))
            click_on(d, critter(d, o->subject)->cell, critter(d, o->subject)->area);
        break;
    case VERB_UNLOCK:
        frame(d->app);
        uf_click_widget(d->app, uf_widget(d->app->scene, UI_ACT_CARD, o->subject));
        break;
    default:
        click_on(d, o->cell, -1);
    }
}

/* Answers what the window asks after the first click: how to pay, which of
 * several options here, and whether to go on with a step that cannot be undone. */
static void follow_up(Driver *d, int i)
{
    for (int k = 0; k < 3; k++) {
        frame(d->app);
        if (d->app->nchoice) {
            const UiWidget *w = uf_widget(d->app->scene, UI_ACT_EXACT, i);
            if (!w)
                w = uf_widget(d->app->scene, UI_ACT_OPTION, i);
            REQUIRE(w);
            uf_click_widget(d->app, w);
            d->paid++;
        } else if (d->app->confirm >= 0) {
            CHECK_EQ(d->app->confirm, i);
            uf_key(d->app, SDLK_RETURN);
            d->confirmed++;
        }
    }
}

static void type_number(Driver *d, int i)
{
    char digits[12];
    snprintf(digits, sizeof digits, "%d", i);
    for (char *c = digits; *c; c++)
        uf_key(d->app, SDLK_0 + (*c - '0'));
    uf_key(d->app, SDLK_RETURN);
}

static void from_list(Driver *d, int i)
{
    uf_key(d->app, SDLK_l);
    REQUIRE(d->app->list_open);
    for (int k = 0; k < 2000; k++) {
        frame(d->app);
        const UiWidget *row = uf_widget(d->app->scene, UI_ACT_EXACT, i);
        if (row && row->kind == UI_W_ROW) {
            uf_click_widget(d->app, row);
            uf_key(d->app, SDLK_l);   /* back to the buttons */
            CHECK(!d->app->list_open);
            return;
        }
        uf_key(d->app, SDLK_PAGEDOWN);
    }
    th_fail(__FILE__, __LINE__, "option %d never shows in the list", i);
}

/* Chooses an option for seat A and makes it through the window's input. */
static void human_turn(Driver *d)
{
    UiApp *app = d->app;
    Game *g = app->table->game;
    int i = (int)(fx_xorshift(&d->pick) % (uint64_t)app->n), len = g->log->len;
    Option o = app->opts[i];
    uint64_t hash = game_hash(g);
    d->human++;
    if (d->human % 11 == 0) {
        type_number(d, i);
        d->by_keys++;
    } else if (d->human % 13 == 0) {
        from_list(d, i);
        d->by_list++;
    } else if (ui_option_cell(g, &o) != NO_CELL || o.verb == VERB_UNLOCK) {
        by_board(d, &o, i);
        d->by_board++;
    } else {
        REQUIRE(press_button(d, i));
        d->by_button++;
    }
    follow_up(d, i);
    REQUIRE(g->log->len == len + 1);
    CHECK(memcmp(&g->log->items[len], &o, sizeof o) == 0);   /* exactly the option meant */
    if (d->human % 9 == 0 && ui_table_undo_point(app->table, NULL, 0) == len) {
        uf_key(app, SDLK_u);
        CHECK_EQ(game_hash(g), hash);
        CHECK_EQ(g->log->len, len);
        d->undone++;
    }
}

static Session session2;
static UiTable table2;
static CliPlayTarget target2;

static UiTable *new_game(void *ud, const UiSetup *su, bool overwrite, char *err, int errlen)
{
    (void)ud;
    (void)overwrite;
    ui_table_free(&table2);
    GameOptions o = { .players = (uint8_t)su->players, .setup_variation = (uint8_t)su->setup, .variant = "symbiosis" };
    UiTableHooks hooks = cli_play_hooks(&target2);
    if (session_new_game(&session2, &o, su->seed, err, errlen) ||
        ui_table_init(&table2, &session2.game, su->seat, &hooks, err, errlen))
        return NULL;
    return &table2;
}

static void end_screen(Driver *d)
{
    UiApp *app = d->app;
    const UiTable *t = app->table;
    frame(app);
    CHECK(uf_widget_text(app->scene, UI_W_TEXT, "Game over") != NULL);
    CHECK(uf_widget_text(app->scene, UI_W_TEXT, t->scores.winners == 3 ? "share the win" : "wins with") != NULL);
    for (int p = 0; p < 2; p++) {
        char total[16];
        snprintf(total, sizeof total, "%d", t->scores.line[p].total);
        CHECK(uf_widget_text(app->scene, UI_W_TEXT, total) != NULL);
    }
    SDL_Surface *s = ui_surface_new(W, H);
    REQUIRE(s);
    ui_app_draw(app, s);
    CHECK(uf_text_drawn(uf_assets(), app->scene, uf_widget_text(app->scene, UI_W_TEXT, "Game over"), s));
    SDL_FreeSurface(s);
}

static void start_screen(Driver *d)
{
    UiApp *app = d->app;
    frame(app);
    uf_click_widget(app, uf_widget(app->scene, UI_ACT_NEW_GAME, -1));
    frame(app);
    REQUIRE(app->screen == UI_SCREEN_START);
    uf_click_widget(app, uf_widget(app->scene, UI_ACT_PLAYERS, 3));
    frame(app);
    uf_click_widget(app, uf_widget(app->scene, UI_ACT_SEAT_KIND, 2 * 8 + 3));   /* seat C: mcts */
    frame(app);
    CHECK(uf_widget(app->scene, UI_ACT_SEAT_STRENGTH, 2) != NULL);
    uf_click_widget(app, uf_widget(app->scene, UI_ACT_START, -1));
    REQUIRE(app->screen == UI_SCREEN_PLAY);
    CHECK_EQ(app->table->game->players, 3);
    CHECK(!app->table->seat[2].human && app->table->seat[2].bot.kind == BOT_MCTS);
    uf_key(app, SDLK_q);
    CHECK(app->quit);
}

TEST(ui_window_plays_a_whole_game_by_mouse_and_keys_to_the_end_screen)
{
    static Session s;
    static UiTable t;
    CliPlayTarget target;
    UiSeat seats[MAX_PLAYERS];
    uf_seats(seats, "hr");
    uf_table(&s, &t, &target, 2, 19, seats);
    char err[256];
    REQUIRE(session_open(&session2, fx_root(), err, sizeof err) == 0);
    target2 = (CliPlayTarget){ &session2, NULL };
    UiApp app;
    REQUIRE(ui_app_init(&app, uf_assets(), &t) == 0);
    app.hooks = (UiAppHooks){ .new_game = new_game };
    app.setup.seed = 3;
    Driver d = { &app, 4242, 0, 0, 0, 0, 0, 0, 0, 0 };
    SDL_Surface *shot = ui_surface_new(W, H);
    REQUIRE(shot);
    for (int k = 0; k < 4000 && !game_over(&s.game); k++) {
        frame(&app);
        if (ui_app_human_turn(&app)) {
            human_turn(&d);
            if (d.human % 10 == 0)
                ui_app_draw(&app, shot);   /* real states drawn, under the sanitizers too */
        } else {
            ui_app_update(&app, 10.0);
        }
    }
    REQUIRE(game_over(&s.game));
    CHECK_NO_SCRIPT_ERROR(&s, &s.game, "the game played in the window");
    CHECK(!app.failed);
    CHECK(d.by_board > 20 && d.by_button > 10 && d.by_keys > 0 && d.by_list > 0);
    CHECK(d.undone > 0 && d.confirmed > 0);
    end_screen(&d);
    start_screen(&d);
    SDL_FreeSurface(shot);
    ui_app_free(&app);
    ui_table_free(&t);
    ui_table_free(&table2);
    session_close(&s);
    session_close(&session2);
}

/* A position where A buys and a Trio can be paid two ways. */
static void buy_position(Game *g)
{
    fx_scenario(g, "players 2\nturn A buy\ntile 0 0 uno_dark\ntile 1 0 uno_light\ntile -1 0 uno_medium\n"
                   "critter A 0 0 dark\nresources A dark 2 light 1\n");
}

TEST(ui_a_buy_button_asks_how_to_pay_and_a_payment_button_pays_so)
{
    static Game g, twin;
    static UiTable t;
    buy_position(&g);
    twin = g;
    uf_bare_table(&t, &g, "hr");
    UiApp app;
    REQUIRE(ui_app_init(&app, uf_assets(), &t) == 0);
    int want = fx_find_pay(&g, VERB_BUY, fx_type("trio_dml"), 1, 0, 1);
    REQUIRE(want >= 0);
    ui_app_build(&app, W, H);
    const UiWidget *buy = uf_widget(app.scene, UI_ACT_OPTION, app.group[want]);
    REQUIRE(buy);
    CHECK_STR_CONTAINS(buy->text, "buy a dark-medium-light Trio");
    uf_click_widget(&app, buy);
    CHECK(app.nchoice == 2);   /* 2 dark, or 1 dark + 1 light */
    ui_app_build(&app, W, H);
    const UiWidget *pay = uf_widget(app.scene, UI_ACT_EXACT, want);
    REQUIRE(pay);
    CHECK_STR_CONTAINS(pay->text, "Pay 1 dark + 1 light");
    uf_click_widget(&app, pay);
    fx_apply(&twin, want);
    CHECK_EQ(game_hash(&g), game_hash(&twin));
    ui_app_free(&app);
    ui_table_free(&t);
}

TEST(ui_a_typed_number_picks_exactly_that_option)
{
    static Game g, twin;
    static UiTable t;
    buy_position(&g);
    twin = g;
    uf_bare_table(&t, &g, "hr");
    UiApp app;
    REQUIRE(ui_app_init(&app, uf_assets(), &t) == 0);
    int want = fx_find_pay(&g, VERB_BUY, fx_type("trio_dml"), 2, 0, 0);
    REQUIRE(want >= 0 && want < 10);
    uf_key(&app, SDLK_0 + want);
    uf_key(&app, SDLK_RETURN);
    CHECK_EQ(app.nchoice, 0);   /* no question: the number says which payment */
    fx_apply(&twin, want);
    CHECK_EQ(game_hash(&g), game_hash(&twin));
    /* A number past the list is refused, naming it, and nothing changes. */
    uint64_t h = game_hash(&g);
    uf_key(&app, SDLK_9);
    uf_key(&app, SDLK_9);
    uf_key(&app, SDLK_RETURN);
    CHECK_EQ(game_hash(&g), h);
    CHECK_STR_CONTAINS(app.status, "no option 99");
    ui_app_free(&app);
    ui_table_free(&t);
}

static int starts, overwrites;

static UiTable *count_starts(void *ud, const UiSetup *su, bool overwrite, char *err, int errlen)
{
    starts++;
    overwrites += overwrite;
    return new_game(ud, su, overwrite, err, errlen);
}

TEST(ui_start_screen_says_before_it_overwrites_a_save)
{
    char err[256], path[] = "/tmp/vq-save-XXXXXX";
    int fd = mkstemp(path);
    REQUIRE(fd >= 0);
    close(fd);
    REQUIRE(session_open(&session2, fx_root(), err, sizeof err) == 0);
    target2 = (CliPlayTarget){ &session2, NULL };
    UiApp app;
    REQUIRE(ui_app_init(&app, uf_assets(), NULL) == 0);
    app.hooks = (UiAppHooks){ .new_game = count_starts };
    app.save_path = path;
    starts = overwrites = 0;
    ui_app_build(&app, W, H);
    CHECK(uf_widget_text(app.scene, UI_W_TEXT, "already holds a game") != NULL);
    uf_click_widget(&app, uf_widget(app.scene, UI_ACT_START, -1));
    CHECK_EQ(starts, 0);   /* the first press only says so */
    CHECK(app.screen == UI_SCREEN_START);
    ui_app_build(&app, W, H);
    const UiWidget *start = uf_widget(app.scene, UI_ACT_START, -1);
    REQUIRE(start);
    CHECK_STR_CONTAINS(start->text, "Overwrite");
    uf_click_widget(&app, start);
    CHECK_EQ(starts, 1);
    CHECK_EQ(overwrites, 1);
    CHECK(app.screen == UI_SCREEN_PLAY);
    ui_app_free(&app);
    ui_table_free(&table2);
    session_close(&session2);
    unlink(path);
}

/* A variants hook as the gui command's: the rules of the session opened
 * with the chosen mods (bit 0: to_the_right). */
static int mods_asked;
static int session_variants(void *ud, uint32_t mods, UiVariants *out, char *err, int errlen)
{
    (void)ud;
    mods_asked++;
    session_close(&session2);
    if (session_open_mods(&session2, fx_root(), mods & 1 ? "to_the_right" : NULL, err, errlen))
        return -1;
    ui_variants_of_rules(&session2.rules, out);
    return 0;
}

static char started_variant[VARIANT_LEN];
static UiTable *note_variant(void *ud, const UiSetup *su, bool overwrite, char *err, int errlen)
{
    snprintf(started_variant, sizeof started_variant, "%s", su->variant);
    return new_game(ud, su, overwrite, err, errlen);
}

TEST(ui_start_screen_offers_the_variants_the_chosen_mods_declare)
{
    char err[256];
    REQUIRE(session_open(&session2, fx_root(), err, sizeof err) == 0);
    target2 = (CliPlayTarget){ &session2, NULL };
    UiApp app;
    REQUIRE(ui_app_init(&app, uf_assets(), NULL) == 0);
    app.hooks = (UiAppHooks){ .new_game = note_variant, .variants = session_variants };
    static const char *mod_names[] = { "to_the_right" };
    app.mod_names[0] = mod_names[0];
    app.mod_count = 1;
    mods_asked = 0;
    ui_app_build(&app, W, H);
    CHECK(uf_widget_text(app.scene, UI_W_BUTTON, "Symbiosis") != NULL);
    CHECK(uf_widget_text(app.scene, UI_W_BUTTON, "To the left") != NULL);
    CHECK(uf_widget_text(app.scene, UI_W_BUTTON, "To the right") == NULL);
    CHECK(strcmp(app.setup.variant, "symbiosis") == 0);   /* the rules' default until another is chosen */
    uf_click_widget(&app, uf_widget(app.scene, UI_ACT_MOD, 0));
    ui_app_build(&app, W, H);
    ui_app_build(&app, W, H);
    CHECK_EQ(mods_asked, 2);   /* asked again when the mods change, not every frame */
    const UiWidget *right = uf_widget_text(app.scene, UI_W_BUTTON, "To the right");
    REQUIRE(right);
    uf_click_widget(&app, uf_widget(app.scene, UI_ACT_PLAYERS, 4));
    ui_app_build(&app, W, H);
    uf_click_widget(&app, uf_widget_text(app.scene, UI_W_BUTTON, "To the right"));
    CHECK(strcmp(app.setup.variant, "to_the_right") == 0);
    uf_click_widget(&app, uf_widget(app.scene, UI_ACT_START, -1));
    CHECK(strcmp(started_variant, "to_the_right") == 0);
    CHECK(app.screen == UI_SCREEN_PLAY);
    ui_app_free(&app);
    ui_table_free(&table2);

    /* The mod switched off again: its variant goes, and the choice falls back to the default. */
    REQUIRE(ui_app_init(&app, uf_assets(), NULL) == 0);
    app.hooks = (UiAppHooks){ .new_game = note_variant, .variants = session_variants };
    app.mod_names[0] = mod_names[0];
    app.mod_count = 1;
    app.setup.mods = 1;
    snprintf(app.setup.variant, sizeof app.setup.variant, "to_the_right");
    ui_app_build(&app, W, H);
    CHECK(strcmp(app.setup.variant, "to_the_right") == 0);
    uf_click_widget(&app, uf_widget(app.scene, UI_ACT_MOD, 0));
    ui_app_build(&app, W, H);
    CHECK(uf_widget_text(app.scene, UI_W_BUTTON, "To the right") == NULL);
    CHECK(strcmp(app.setup.variant, "symbiosis") == 0);
    ui_app_free(&app);
    session_close(&session2);
}
