/* The SDL2 front end, headless: the pure renderer draws known positions into
 * software surfaces and the pixels are checked; textures fail with the file
 * named; the app applies options from clicks and keys; a whole bot game
 * window runs under SDL's dummy video driver. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../core/fixtures.h"
#include "app.h"
#include "draw.h"
#include "font.h"
#include "gui.h"
#include "harness.h"
#include "layout.h"
#include "render.h"
#include "texture.h"

static const char *texture_dir(void)
{
    static char dir[128];
    snprintf(dir, sizeof dir, "%s/textures", fx_content_dir());
    return dir;
}

static void load_textures(UiTextures *tx)
{
    char err[512];
    if (ui_textures_load(tx, texture_dir(), err, sizeof err)) {
        th_fail(__FILE__, __LINE__, "loading the textures: %s", err);
        th_abort_test();
    }
}

static int colour_distance(uint32_t a, uint32_t b)
{
    return abs(ui_red(a) - ui_red(b)) + abs(ui_green(a) - ui_green(b)) + abs(ui_blue(a) - ui_blue(b));
}

/* The average colour of the 7x7 square around (x, y): textures are noisy. */
static uint32_t patch(const SDL_Surface *s, int x, int y)
{
    int r = 0, g = 0, b = 0;
    for (int dy = -3; dy <= 3; dy++)
        for (int dx = -3; dx <= 3; dx++) {
            uint32_t c = ui_pixel(s, x + dx, y + dy);
            r += ui_red(c);
            g += ui_green(c);
            b += ui_blue(c);
        }
    return ui_rgb(r / 49, g / 49, b / 49);
}

/* Which texture's mean colour among `candidates` is nearest to `c`. */
static int nearest(const UiTextures *tx, uint32_t c, const int *candidates, int n)
{
    int best = candidates[0];
    for (int i = 1; i < n; i++)
        if (colour_distance(c, tx->mean[candidates[i]]) < colour_distance(c, tx->mean[best]))
            best = candidates[i];
    return best;
}

static Game *small_position(void)
{
    static Game g;
    fx_game(&g, 2);
    fx_push(&g.board, 0, 0, "uno_dark", 0);
    fx_push(&g.board, 1, 0, "uno_light", 0);
    fx_push(&g.board, 0, 1, "uno_medium", 0);
    fx_push(&g.board, 0, 1, "uno_medium", 0);   /* height 2 */
    fx_push(&g.board, 1, -1, "volcano", 0);
    fx_push(&g.board, -1, 1, "duo_dark_light", 0);
    fx_critter(&g, 0, 0, 1, 0, 0);              /* A's critter on the light Uno */
    return &g;
}

TEST(ui_render_hex_centres_show_their_biome)
{
    UiTextures tx;
    load_textures(&tx);
    Game *g = small_position();
    SDL_Surface *s = ui_surface_new(800, 600);
    REQUIRE(s);
    UiView v = ui_view_empty();
    CHECK_EQ(ui_render(s, g, &tx, &v), 0);
    UiLayout L;
    ui_layout(&L, s->w, s->h, g, NULL, 0);
    static const int biomes[] = { UI_TEX_DARK, UI_TEX_MEDIUM, UI_TEX_LIGHT, UI_TEX_OCEAN, UI_TEX_SOIL };
    double x, y;
    ui_cell_centre(&L, fx_cell(0, 0), &x, &y);
    CHECK_EQ(nearest(&tx, patch(s, (int)x, (int)y), biomes, 5), UI_TEX_DARK);
    CHECK(colour_distance(patch(s, (int)x, (int)y), tx.mean[UI_TEX_DARK]) < 60);
    ui_cell_centre(&L, fx_cell(0, 1), &x, &y);
    CHECK_EQ(nearest(&tx, patch(s, (int)x, (int)y), biomes, 5), UI_TEX_MEDIUM);
    /* The duo's east half is dark, its west half light (edges 0-2 dark, 3-5 light). */
    ui_cell_centre(&L, fx_cell(-1, 1), &x, &y);
    double d = L.hex_size * 0.45;
    CHECK_EQ(nearest(&tx, patch(s, (int)(x + d), (int)y), biomes, 5), UI_TEX_DARK);
    CHECK_EQ(nearest(&tx, patch(s, (int)(x - d), (int)y), biomes, 5), UI_TEX_LIGHT);
    /* Far from the board is ocean; the panel is not the board. */
    CHECK_EQ(nearest(&tx, patch(s, 5, 5), biomes, 5), UI_TEX_OCEAN);
    CHECK_EQ(ui_cell_at(&L, L.panel_x + 5, 100), NO_CELL);
    SDL_FreeSurface(s);
    ui_textures_free(&tx);
}

TEST(ui_render_draws_critter_tokens_in_seat_colour)
{
    UiTextures tx;
    load_textures(&tx);
    Game *g = small_position();
    SDL_Surface *s = ui_surface_new(800, 600);
    REQUIRE(s);
    CHECK_EQ(ui_render(s, g, &tx, NULL), 0);
    UiLayout L;
    ui_layout(&L, s->w, s->h, g, NULL, 0);
    int x, y;
    ui_area_point(&L, g, fx_cell(1, 0), 0, &x, &y);
    /* Seat A's token is red; the light Uno beneath it is not. */
    uint32_t c = ui_pixel(s, x, y);
    CHECK(ui_red(c) > 150 && ui_green(c) < 100 && ui_blue(c) < 100);
    CHECK(colour_distance(c, tx.mean[UI_TEX_CRITTER0]) < colour_distance(c, tx.mean[UI_TEX_LIGHT]));
    /* The same square without the critter shows the light biome. */
    g->player[0].critters[0].place = AT_HAND;
    CHECK_EQ(ui_render(s, g, &tx, NULL), 0);
    static const int biomes[] = { UI_TEX_DARK, UI_TEX_MEDIUM, UI_TEX_LIGHT, UI_TEX_CRITTER0 };
    CHECK_EQ(nearest(&tx, patch(s, x, y), biomes, 4), UI_TEX_LIGHT);
    SDL_FreeSurface(s);
    ui_textures_free(&tx);
}

TEST(ui_render_lava_and_height_shading)
{
    UiTextures tx;
    load_textures(&tx);
    Game *g = small_position();
    fx_lava(&g->board, 0, 0);
    SDL_Surface *s = ui_surface_new(800, 600);
    REQUIRE(s);
    CHECK_EQ(ui_render(s, g, &tx, NULL), 0);
    UiLayout L;
    ui_layout(&L, s->w, s->h, g, NULL, 0);
    double x, y;
    ui_cell_centre(&L, fx_cell(0, 0), &x, &y);
    static const int kinds[] = { UI_TEX_DARK, UI_TEX_LAVA };
    CHECK_EQ(nearest(&tx, patch(s, (int)x, (int)y + 4), kinds, 2), UI_TEX_LAVA);
    SDL_FreeSurface(s);
    ui_textures_free(&tx);
}

TEST(ui_render_refuses_other_pixel_formats)
{
    UiTextures tx;
    load_textures(&tx);
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, 64, 64, 32, SDL_PIXELFORMAT_RGBA32);
    REQUIRE(s);
    CHECK_EQ(ui_render(s, small_position(), &tx, NULL), -1);
    SDL_FreeSurface(s);
    ui_textures_free(&tx);
}

TEST(ui_font_draws_glyphs_and_clips)
{
    SDL_Surface *s = ui_surface_new(40, 12);
    REQUIRE(s);
    ui_fill_rect(s, 0, 0, 40, 12, 0xFF000000u);
    int end = ui_text(s, 0, 0, 1, 0xFFFFFFFFu, "I|", -1);
    CHECK_EQ(end, 2 * UI_GLYPH_W);
    CHECK_EQ(ui_pixel(s, 2, 3), 0xFFFFFFFFu);   /* the stem of I */
    CHECK_EQ(ui_pixel(s, 0, 3), 0xFF000000u);
    CHECK_EQ(ui_text_width("abc\ndef", 2), 3 * UI_GLYPH_W * 2);
    ui_text(s, 30, 8, 3, 0xFFFFFFFFu, "W\x01", -1);   /* past the edges: clipped, no crash */
    SDL_FreeSurface(s);
}

TEST(ui_missing_or_broken_texture_is_named)
{
    UiTextures tx;
    char err[512];
    CHECK_EQ(ui_textures_load(&tx, "no/such/folder", err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "no/such/folder/dark.png");
    char dir[256];
    fx_content_copy(dir, sizeof dir);
    char path[512];
    for (int i = 0; i < UI_TEX_COUNT; i++) {
        char cmd[2048];
        snprintf(path, sizeof path, "%s/textures", dir);
        snprintf(cmd, sizeof cmd, "mkdir -p '%s' && cp '%s/%s' '%s/'", path, texture_dir(), ui_texture_file(i), path);
        REQUIRE(system(cmd) == 0);
    }
    snprintf(path, sizeof path, "%s/textures/lava.png", dir);
    FILE *f = fopen(path, "wb");
    REQUIRE(f);
    fputs("not a png", f);
    fclose(f);
    snprintf(path, sizeof path, "%s/textures", dir);
    CHECK_EQ(ui_textures_load(&tx, path, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "lava.png");
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s/textures'", dir);
    CHECK(system(cmd) == 0);
    fx_content_remove(dir);
}

/* A real two-player game with the shipped rules and no scripts, at its first decision. */
static void new_game(Game *g, uint64_t seed)
{
    GameOptions o = { .players = 2, .setup_variation = 1, .variant = "symbiosis" };
    char err[256];
    if (game_init(g, fx_rules(), &o, seed, NULL, NULL, err, sizeof err)) {
        th_fail(__FILE__, __LINE__, "game_init: %s", err);
        th_abort_test();
    }
}

static SDL_Event key_event(SDL_Keycode k)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_KEYDOWN;
    e.key.keysym.sym = k;
    return e;
}

TEST(ui_app_click_hex_narrows_then_list_entry_applies)
{
    UiTextures tx;
    load_textures(&tx);
    static Game g;
    new_game(&g, 11);
    uint8_t human[MAX_PLAYERS] = { 1, 1 };
    UiApp app;
    REQUIRE(ui_app_init(&app, &g, &tx, human, 1) == 0);
    SDL_Surface *s = ui_surface_new(1120, 720);
    REQUIRE(s);
    ui_app_draw(&app, s);
    REQUIRE(app.option_count > 1);
    /* A cell holding several options (a tile in several rotations). */
    int cell = NO_CELL, at_cell = 0;
    for (int i = 0; i < app.option_count && cell == NO_CELL; i++) {
        int c = ui_option_cell(&g, &app.options[i]), n = 0;
        for (int j = 0; j < app.option_count; j++)
            n += ui_option_cell(&g, &app.options[j]) == c;
        if (c != NO_CELL && n > 1) {
            cell = c;
            at_cell = n;
        }
    }
    REQUIRE(cell != NO_CELL);
    double x, y;
    ui_cell_centre(&app.layout, cell, &x, &y);
    CHECK_EQ(ui_cell_at(&app.layout, (int)x, (int)y), cell);
    ui_app_click(&app, (int)x, (int)y);
    CHECK_EQ(app.filter_cell, cell);
    CHECK_EQ(app.shown_count, at_cell);
    CHECK_EQ(app.decisions, 0);
    /* The lit cell is outlined in the highlight colour. */
    ui_app_draw(&app, s);
    uint64_t before = game_hash(&g);
    int want = app.shown[0];
    Option chosen = app.options[want];
    ui_app_click(&app, app.layout.panel_x + 40, app.layout.list_y + 2);
    CHECK_EQ(app.decisions, 1);
    CHECK(game_hash(&g) != before);
    CHECK_EQ(chosen.cell, cell);
    CHECK_EQ(app.filter_cell, NO_CELL);
    SDL_FreeSurface(s);
    ui_app_free(&app);
    ui_textures_free(&tx);
}

TEST(ui_app_digits_and_enter_apply_that_option)
{
    UiTextures tx;
    load_textures(&tx);
    static Game g, twin;
    new_game(&g, 12);
    twin = g;
    twin.log = NULL;
    uint8_t human[MAX_PLAYERS] = { 1, 1 };
    UiApp app;
    REQUIRE(ui_app_init(&app, &g, &tx, human, 1) == 0);
    REQUIRE(app.option_count > 2);
    SDL_Event e = key_event(SDLK_2);
    ui_app_event(&app, &e);
    CHECK_STR_CONTAINS(app.typed, "2");
    e = key_event(SDLK_RETURN);
    ui_app_event(&app, &e);
    CHECK_EQ(app.decisions, 1);
    char err[128];
    REQUIRE(game_apply(&twin, 2, err, sizeof err) == 0);
    CHECK_EQ(game_hash(&g), game_hash(&twin));
    /* A number past the list is refused with a message, and nothing changes. */
    uint64_t h = game_hash(&g);
    const SDL_Keycode keys[] = { SDLK_9, SDLK_9, SDLK_9, SDLK_9, SDLK_RETURN };
    for (int i = 0; i < 5; i++) {
        e = key_event(keys[i]);
        ui_app_event(&app, &e);
    }
    CHECK_EQ(app.decisions, 1);
    CHECK_EQ(game_hash(&g), h);
    CHECK_STR_CONTAINS(app.status, "9999");
    e = key_event(SDLK_q);
    ui_app_event(&app, &e);
    CHECK(app.quit);
    ui_app_free(&app);
    ui_textures_free(&tx);
}

TEST(ui_app_bots_move_after_their_delay)
{
    UiTextures tx;
    load_textures(&tx);
    static Game g;
    new_game(&g, 13);
    uint8_t human[MAX_PLAYERS] = { 0, 0 };
    UiApp app;
    REQUIRE(ui_app_init(&app, &g, &tx, human, 7) == 0);
    app.bot_delay = 0.5;
    ui_app_update(&app, 0.2);
    CHECK_EQ(app.decisions, 0);
    ui_app_update(&app, 0.35);
    CHECK_EQ(app.decisions, 1);
    /* Clicks and keys are ignored while a bot decides. */
    SDL_Event e = key_event(SDLK_0);
    ui_app_event(&app, &e);
    CHECK_EQ(app.typed[0], 0);
    ui_app_free(&app);
    ui_textures_free(&tx);
}

TEST(ui_gui_plays_bots_headless_and_writes_a_screenshot)
{
    setenv("SDL_VIDEODRIVER", "dummy", 1);
    static Game g;
    new_game(&g, 3);
    char shot[] = "/tmp/vq-gui-shot-XXXXXX";
    int fd = mkstemp(shot);
    REQUIRE(fd >= 0);
    close(fd);
    GuiConfig cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.texture_dir = texture_dir();
    cfg.frames = 12;
    cfg.screenshot = shot;
    cfg.width = 640;
    cfg.height = 400;
    GuiResult res;
    char err[512];
    int rc = gui_play(&g, &cfg, &res, err, sizeof err);
    if (rc)
        th_fail(__FILE__, __LINE__, "gui_play: %s", err);
    CHECK_EQ(res.decisions, 12);   /* no delay: one bot decision a frame */
    SDL_Surface *img = SDL_LoadBMP(shot);
    CHECK(img != NULL);
    if (img) {
        CHECK_EQ(img->w, 640);
        CHECK_EQ(img->h, 400);
        SDL_FreeSurface(img);
    }
    unlink(shot);
    /* A missing texture folder fails before any window opens, naming the file. */
    cfg.texture_dir = "nowhere";
    CHECK_EQ(gui_play(&g, &cfg, &res, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "nowhere/dark.png");
}
