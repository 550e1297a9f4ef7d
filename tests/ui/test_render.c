/* The window's drawing, headless: scenario positions are rendered into
 * software surfaces and checked for what must be there (biomes at the face
 * centres, critters in seat colours, lit places and tinted target areas, the
 * Power Grid cards and their names, the live scores), not against golden
 * images. Also: fonts, textures and fonts that fail by name, PNG screenshots,
 * small windows. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <stb_image.h>

#include "../core/fixtures.h"
#include "draw.h"
#include "harness.h"
#include "scenario.h"
#include "session.h"
#include "shot.h"
#include "ui_fixtures.h"

/* Which texture's mean colour among `candidates` is nearest to `c`. */
static int nearest(const UiTextures *tx, uint32_t c, const int *candidates, int n)
{
    int best = candidates[0];
    for (int i = 1; i < n; i++)
        if (uf_distance(c, tx->mean[candidates[i]]) < uf_distance(c, tx->mean[best]))
            best = candidates[i];
    return best;
}

/* A's critters on the light Uno and the Duo's dark half, B's on its light
 * half (two different critters on one hex), a three-high stack, a volcano,
 * lava in the sea, a Duo nobody stands on. */
#define BODY \
    "tile 0 0 uno_dark\n" \
    "tile 1 0 uno_light\n" \
    "tile 0 1 uno_medium\n" \
    "tile 0 1 uno_medium\n" \
    "tile 0 1 uno_medium\n" \
    "tile 1 -1 volcano\n" \
    "tile -1 1 duo_dark_light\n" \
    "tile -1 0 uno_light\n" \
    "critter A 1 0 light\n" \
    "critter A -1 1 dark\n" \
    "critter B -1 1 light\n" \
    "lava 2 0\n" \
    "tile -3 2 duo_dark_light\n"
#define POSITION "players 2\nturn B move\n" BODY
#define POSITION_CLAIM "players 2\nturn A claim\n" BODY


/* Renders g as the window would for a person's decision, into a new w x h surface. */
static SDL_Surface *render(UiApp *app, UiTable *t, Game *g, int w, int h)
{
    uf_bare_table(t, g, g->pending.player == 0 ? "hhhhh" : "hrrrr");
    REQUIRE(ui_app_init(app, uf_assets(), t) == 0);
    SDL_Surface *s = ui_surface_new(w, h);
    REQUIRE(s);
    ui_app_draw(app, s);
    return s;
}

static void face(const UiScene *s, int q, int r, int *x, int *y)
{
    double fx, fy;
    ui_cell_face(&s->L, s->game, fx_cell(q, r), &fx, &fy);
    *x = (int)fx;
    *y = (int)fy;
}

TEST(ui_render_top_faces_show_their_biomes)
{
    static Game g;
    static UiTable t;
    UiApp app;
    fx_scenario(&g, POSITION);
    SDL_Surface *s = render(&app, &t, &g, 1280, 720);
    const UiTextures *tx = &uf_assets()->tx;
    static const int kinds[] = { UI_TEX_DARK, UI_TEX_MEDIUM, UI_TEX_LIGHT, UI_TEX_OCEAN, UI_TEX_SOIL };
    int x, y;
    face(app.scene, 0, 0, &x, &y);
    CHECK_EQ(nearest(tx, uf_patch(s, x, y), kinds, 5), UI_TEX_DARK);
    face(app.scene, 0, 1, &x, &y);
    CHECK_EQ(nearest(tx, uf_patch(s, x, y), kinds, 5), UI_TEX_MEDIUM);
    /* A Duo: east half dark, west half light. */
    face(app.scene, -3, 2, &x, &y);
    int d = (int)(app.scene->L.hex_size * 0.45);
    CHECK_EQ(nearest(tx, uf_patch(s, x + d, y - d / 3), kinds, 5), UI_TEX_DARK);
    CHECK_EQ(nearest(tx, uf_patch(s, x - d, y - d / 3), kinds, 5), UI_TEX_LIGHT);
    /* Far from the island is ocean; the panel is not the board. */
    CHECK_EQ(nearest(tx, uf_patch(s, 8, 8), kinds, 5), UI_TEX_OCEAN);
    CHECK_EQ(ui_cell_at(&app.scene->L, &g, app.scene->L.panel_x + 5, 100), NO_CELL);
    SDL_FreeSurface(s);
    ui_app_free(&app);
    ui_table_free(&t);
}

TEST(ui_render_raises_stacks_by_their_height)
{
    static Game g;
    static UiTable t;
    UiApp app;
    fx_scenario(&g, POSITION);
    SDL_Surface *s = render(&app, &t, &g, 1280, 720);
    const UiScene *sc = app.scene;
    double gx, gy, fx, fy;
    ui_cell_centre(&sc->L, fx_cell(0, 1), &gx, &gy);
    ui_cell_face(&sc->L, &g, fx_cell(0, 1), &fx, &fy);
    CHECK_EQ((int)(gy - fy), 3 * sc->L.lift);   /* three tiles high */
    /* Under the raised face's lower corner lies its side, darker than the face. */
    int x = (int)fx, below = (int)(fy + sc->L.hex_size) + sc->L.lift;
    uint32_t side = ui_pixel(s, x, below), top = uf_patch(s, (int)fx, (int)fy);
    CHECK(ui_red(side) + ui_green(side) + ui_blue(side) < ui_red(top) + ui_green(top) + ui_blue(top));
    /* The raised face is what the pointer finds there. */
    CHECK_EQ(ui_cell_at(&sc->L, &g, (int)fx, (int)fy), fx_cell(0, 1));
    SDL_FreeSurface(s);
    ui_app_free(&app);
    ui_table_free(&t);
}

TEST(ui_render_draws_each_critter_in_its_seat_colour_on_its_area)
{
    static Game g;
    static UiTable t;
    UiApp app;
    fx_scenario(&g, POSITION);
    SDL_Surface *s = render(&app, &t, &g, 1280, 720);
    int x, y;
    ui_area_point(&app.scene->L, &g, fx_cell(1, 0), 0, &x, &y);
    uint32_t c = ui_pixel(s, x, y);
    CHECK(ui_red(c) > 150 && ui_green(c) < 110 && ui_blue(c) < 110);   /* A is red */
    /* Two critters on the Duo: red on its dark area, blue on its light one. */
    ui_area_point(&app.scene->L, &g, fx_cell(-1, 1), fx_area(&g, -1, 1, "dark"), &x, &y);
    c = ui_pixel(s, x, y);
    CHECK(ui_red(c) > 150 && ui_blue(c) < 110);
    ui_area_point(&app.scene->L, &g, fx_cell(-1, 1), fx_area(&g, -1, 1, "light"), &x, &y);
    c = ui_pixel(s, x, y);
    CHECK(ui_blue(c) > 150 && ui_red(c) < 110);
    SDL_FreeSurface(s);
    ui_app_free(&app);
    ui_table_free(&t);
}

TEST(ui_render_shows_lava_on_the_sea)
{
    static Game g;
    static UiTable t;
    UiApp app;
    fx_scenario(&g, POSITION);
    SDL_Surface *s = render(&app, &t, &g, 1280, 720);
    int x, y;
    face(app.scene, 2, 0, &x, &y);
    static const int kinds[] = { UI_TEX_OCEAN, UI_TEX_LAVA };
    CHECK_EQ(nearest(&uf_assets()->tx, uf_patch(s, x, y), kinds, 2), UI_TEX_LAVA);
    SDL_FreeSurface(s);
    ui_app_free(&app);
    ui_table_free(&t);
}

TEST(ui_render_lights_claimable_hexes_and_tints_their_areas)
{
    static Game g;
    static UiTable t;
    UiApp app;
    fx_scenario(&g, POSITION_CLAIM);
    SDL_Surface *s = render(&app, &t, &g, 1280, 720);
    const UiScene *sc = app.scene;
    int claim = -1;
    for (int i = 0; i < app.n && claim < 0; i++)
        if (app.opts[i].verb == VERB_CRITTER)
            claim = i;
    REQUIRE(claim >= 0);
    int cell = app.opts[claim].cell, held = fx_cell(1, 0);   /* (1,0) holds A's critter: nothing to claim */
    CHECK(sc->lit[cell]);
    CHECK(!sc->lit[held]);
    CHECK(sc->areas[cell] >> app.opts[claim].sub & 1);
    double fx, fy;
    ui_cell_face(&sc->L, &g, cell, &fx, &fy);
    int band = (int)(sc->L.hex_size * 0.866 - 1.5);   /* inside the outline band along the east side */
    CHECK(uf_distance(ui_pixel(s, (int)lround(fx) + band, (int)lround(fy)), UI_HILITE) < 120);
    ui_cell_face(&sc->L, &g, held, &fx, &fy);
    CHECK(uf_distance(ui_pixel(s, (int)lround(fx) + band, (int)lround(fy)), UI_HILITE) > 150);
    /* The tinted area is yellower than its texture. */
    int x, y;
    ui_area_point(&sc->L, &g, cell, app.opts[claim].sub, &x, &y);
    int biome = board_area_biome(&g.board, &g.rules, cell, app.opts[claim].sub);
    uint32_t tinted = uf_patch(s, x, y + sc->L.lift), plain = uf_assets()->tx.mean[biome];
    CHECK(ui_red(tinted) + ui_green(tinted) - 2 * ui_blue(tinted) >
          ui_red(plain) + ui_green(plain) - 2 * ui_blue(plain) + 20);
    SDL_FreeSurface(s);
    ui_app_free(&app);
    ui_table_free(&t);
}

TEST(ui_render_shows_the_power_grid_as_named_cards)
{
    static Game g;
    static UiTable t;
    UiApp app;
    fx_scenario(&g, "players 2\ntile 0 0 uno_dark\ncritter A 0 0 dark\ngrid A 0\nturn A move\n");
    SDL_Surface *s = render(&app, &t, &g, 1280, 720);
    const UiScene *sc = app.scene;
    int cards = 0;
    for (int i = 0; i < sc->nw; i++) {
        const UiWidget *w = &sc->w[i];
        if (w->kind != UI_W_CARD)
            continue;
        cards++;
        int card = g.grid_card[w->value];
        REQUIRE(card < g.rules.power_card_count);
        CHECK_STR_CONTAINS(w->tip, g.rules.power_cards[card].name);
        /* The first line of the card's name is drawn on it in the bold face. */
        const char *name = g.rules.power_cards[card].name;
        UiFont *bold = &uf_assets()->bold;
        int px = sc->L.fs_small, start[2], len[2];
        int room = w->r.w - ui_text_width(&uf_assets()->font, px, "L5") - 12;
        REQUIRE(ui_wrap(bold, px, name, room, start, len, 2) >= 1);
        UiWidget label = *w;
        label.kind = UI_W_TEXT;
        label.style = UI_ST_BOLD | UI_ST_SMALL;
        label.colour = UI_INK;
        snprintf(label.text, sizeof label.text, "%.*s", len[0], name);
        label.r = (SDL_Rect){ w->r.x + 4, w->r.y + 1, ui_text_width(bold, px, label.text), ui_font_line(bold, px) };
        CHECK(uf_text_drawn(uf_assets(), sc, &label, s));
    }
    CHECK_EQ(cards, g.rules.grid_slot_count);
    /* Slot 0 is A's: a red holder dot on its card. */
    SDL_Rect r;
    ui_card_rect(&sc->L, &g, 0, &r);
    int dot = r.h / 6 < 3 ? 3 : r.h / 6;
    uint32_t c = ui_pixel(s, r.x + r.w - dot - 4, r.y + r.h - dot - 3);
    CHECK_EQ(c, ui_seat_colour(0));
    SDL_FreeSurface(s);
    ui_app_free(&app);
    ui_table_free(&t);
}

TEST(ui_render_shows_live_scores_with_their_breakdown)
{
    static Game g;
    static UiTable t;
    UiApp app;
    fx_scenario(&g, POSITION);
    SDL_Surface *s = render(&app, &t, &g, 1280, 720);
    for (int p = 0; p < 2; p++) {
        char want[32], whose[16];
        snprintf(want, sizeof want, "★ %d", t.scores.line[p].total);
        snprintf(whose, sizeof whose, "%c's score", 'A' + p);
        const UiWidget *w = NULL;
        for (int i = 0; i < app.scene->nw && !w; i++)
            if (app.scene->w[i].tip && strstr(app.scene->w[i].tip, whose) && app.scene->w[i].text[0] == want[0] &&
                strcmp(app.scene->w[i].text, want) == 0 && app.scene->w[i].colour)
                w = &app.scene->w[i];
        REQUIRE(w);
        CHECK(uf_text_drawn(uf_assets(), app.scene, w, s));
        char crit[48];
        snprintf(crit, sizeof crit, "Critters on land %d", t.scores.line[p].critters);
        CHECK_STR_CONTAINS(w->tip, crit);
    }
    CHECK(t.scores.line[0].total > 0);
    /* Hovering the score shows its breakdown as a tooltip. */
    const UiWidget *score = uf_widget_text(app.scene, UI_W_TEXT, "★");
    REQUIRE(score);
    uf_move(&app, score->r.x + score->r.w / 2, score->r.y + score->r.h / 2);
    ui_app_draw(&app, s);
    CHECK_STR_CONTAINS(app.scene->tooltip, "Connecting edges");
    SDL_FreeSurface(s);
    ui_app_free(&app);
    ui_table_free(&t);
}

TEST(ui_layout_keeps_everything_inside_a_small_window)
{
    static Game g;
    static UiTable t;
    UiApp app;
    fx_scenario(&g, "players 5\nvariant symbiosis\ntile 0 0 uno_dark\ncritter A 0 0 dark\nturn A move\n");
    SDL_Surface *s = render(&app, &t, &g, 700, 450);
    int scores = 0;
    for (int i = 0; i < app.scene->nw; i++) {
        const SDL_Rect *r = &app.scene->w[i].r;
        CHECK(r->x >= 0 && r->y >= 0 && r->x + r->w <= 700 && r->y + r->h <= 450);
        scores += app.scene->w[i].text[0] != 0 && strncmp(app.scene->w[i].text, "★", 3) == 0;
    }
    CHECK_EQ(scores, 5);   /* every seat's score is in view */
    SDL_FreeSurface(s);
    ui_app_free(&app);
    ui_table_free(&t);
}

/* Each seat's box says which powers the player holds, as the terminal does;
 * a long list is cut to the panel's width, and five seats holding powers
 * still fit a small window. */
TEST(ui_seat_boxes_show_the_powers_each_player_holds)
{
    static Session s;
    static UiTable t;
    UiApp app;
    fx_session_scenario(&s, "players 2\nhold A Sea critters\nhold A Rift\nhold B Erosion\n"
                            "tile 0 0 uno_dark\ncritter A 0 0 dark\nturn A move\n");
    SDL_Surface *shot = render(&app, &t, &s.game, 1280, 720);
    const UiWidget *a = uf_widget_text(app.scene, UI_W_TEXT, "Powers: Rift, Sea critters");
    const UiWidget *b = uf_widget_text(app.scene, UI_W_TEXT, "Powers: Erosion");
    REQUIRE(a && b);
    CHECK(a->r.y < b->r.y);   /* A's box first */
    CHECK(uf_text_drawn(uf_assets(), app.scene, a, shot));
    CHECK(uf_text_drawn(uf_assets(), app.scene, b, shot));
    CHECK_STR_CONTAINS(a->tip, "Powers: Rift, Sea critters");
    SDL_FreeSurface(shot);
    ui_app_free(&app);
    ui_table_free(&t);
    session_close(&s);

    char text[1024] = "players 5\nvariant symbiosis\ntile 0 0 uno_dark\ncritter A 0 0 dark\nturn A move\n";
    static const char *const CARDS[] = { "Sea critters", "Rift", "Erosion", "Pack critters", "Herding critters",
                                         "Island forger", "Magma bomb", "Landslide", "Flying critters",
                                         "Agile critters" };
    for (int p = 0; p < 5; p++)
        for (int k = 0; k < 2; k++)
            snprintf(text + strlen(text), sizeof text - strlen(text), "hold %c %s\n", 'A' + p, CARDS[2 * p + k]);
    snprintf(text + strlen(text), sizeof text - strlen(text), "hold A Volcanic migration\nhold A Lava diversion\n"
             "hold A Converging tectonic plates\nhold A Cooperative critters\n");
    fx_session_scenario(&s, text);
    shot = render(&app, &t, &s.game, 700, 450);
    int lines = 0;
    for (int i = 0; i < app.scene->nw; i++) {
        const UiWidget *w = &app.scene->w[i];
        CHECK(w->r.x >= 0 && w->r.y >= 0 && w->r.x + w->r.w <= 700 && w->r.y + w->r.h <= 450);
        if (strncmp(w->text, "Powers: ", 8) == 0) {
            lines++;
            CHECK(ui_text_width(&uf_assets()->font, app.scene->L.fs_small, w->text) <= w->r.w);
        }
    }
    CHECK_EQ(lines, 5);
    CHECK(uf_widget_text(app.scene, UI_W_TEXT, "…") != NULL);   /* A's six powers do not fit: cut */
    SDL_FreeSurface(shot);
    ui_app_free(&app);
    ui_table_free(&t);
    session_close(&s);
}

TEST(ui_render_refuses_other_pixel_formats)
{
    static Game g;
    static UiTable t;
    UiApp app;
    fx_scenario(&g, POSITION);
    uf_bare_table(&t, &g, "hh");
    REQUIRE(ui_app_init(&app, uf_assets(), &t) == 0);
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, 64, 64, 32, SDL_PIXELFORMAT_RGBA32);
    REQUIRE(s);
    ui_app_build(&app, 64, 64);
    CHECK_EQ(ui_render(s, uf_assets(), app.scene), -1);
    SDL_FreeSurface(s);
    ui_app_free(&app);
    ui_table_free(&t);
}

TEST(ui_font_draws_antialiased_text_and_clips)
{
    UiFont *f = &uf_assets()->font;
    SDL_Surface *s = ui_surface_new(200, 40);
    REQUIRE(s);
    ui_fill_rect(s, 0, 0, 200, 40, 0xFF000000u);
    int end = ui_text(s, f, 20, 2, 2, 0xFFFFFFFFu, "Hello ★", 0);
    CHECK_EQ(end - 2, ui_text_width(f, 20, "Hello ★"));
    int full = 0, partial = 0;
    for (int y = 0; y < 40; y++)
        for (int x = 0; x < 200; x++) {
            uint32_t c = ui_pixel(s, x, y);
            full += c == 0xFFFFFFFFu;
            partial += c != 0xFFFFFFFFu && c != 0xFF000000u;
        }
    CHECK(full > 40);
    CHECK(partial > 20);   /* anti-aliased edges */
    /* Cut to a width, the text ends in an ellipsis and stays inside it. */
    ui_fill_rect(s, 0, 0, 200, 40, 0xFF000000u);
    end = ui_text(s, f, 20, 0, 0, 0xFFFFFFFFu, "a long line of words", 60);
    CHECK(end <= 60);
    for (int y = 0; y < 40; y++)
        for (int x = 61; x < 200; x++)
            CHECK_EQ(ui_pixel(s, x, y), 0xFF000000u);
    int start[4], len[4];
    CHECK_EQ(ui_wrap(f, 20, "one two three four", ui_text_width(f, 20, "one two"), start, len, 4), 3);
    CHECK_EQ(len[0], 7);
    ui_text(s, f, 30, 180, 30, 0xFFFFFFFFu, "W\xff\xfe", 0);   /* past the edges, bad bytes: clipped, no crash */
    SDL_FreeSurface(s);
}

TEST(ui_missing_texture_or_font_is_named)
{
    UiAssets as;
    char err[512];
    CHECK_EQ(ui_assets_load(&as, "no/such/folder", NULL, NULL, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "no/such/folder/dark.png");
    CHECK_EQ(ui_assets_load(&as, uf_texture_dir(), "/no/such/font.ttf", NULL, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "/no/such/font.ttf");
    char path[] = "/tmp/vq-notafont-XXXXXX";
    int fd = mkstemp(path);
    REQUIRE(fd >= 0);
    REQUIRE(write(fd, "not a font at all", 17) == 17);
    close(fd);
    CHECK_EQ(ui_assets_load(&as, uf_texture_dir(), path, NULL, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "not a TrueType font");
    unlink(path);
}

TEST(ui_screenshot_is_a_real_png)
{
    SDL_Surface *s = ui_surface_new(32, 16);
    REQUIRE(s);
    ui_fill_rect(s, 0, 0, 32, 16, ui_rgb(10, 20, 30));
    ui_put(s, 5, 7, ui_rgb(200, 100, 50));
    char path[] = "/tmp/vq-shot-XXXXXX";
    int fd = mkstemp(path);
    REQUIRE(fd >= 0);
    close(fd);
    char err[256];
    REQUIRE(ui_save_png(s, path, err, sizeof err) == 0);
    FILE *f = fopen(path, "rb");
    REQUIRE(f);
    unsigned char magic[8];
    CHECK_EQ(fread(magic, 1, 8, f), 8);
    fclose(f);
    CHECK(memcmp(magic, "\x89PNG\r\n\x1a\n", 8) == 0);
    int w, h, n;
    unsigned char *px = stbi_load(path, &w, &h, &n, 4);
    REQUIRE(px);
    CHECK_EQ(w, 32);
    CHECK_EQ(h, 16);
    unsigned char *at = px + (7 * 32 + 5) * 4;
    CHECK(at[0] == 200 && at[1] == 100 && at[2] == 50);
    stbi_image_free(px);
    unlink(path);
    CHECK_EQ(ui_save_png(s, "/no/such/dir/shot.png", err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "/no/such/dir/shot.png");
    SDL_FreeSurface(s);
}
