/* bench --render: how long the window takes to draw a frame, on synthetic
 * islands of 61 stacks (a hex of radius 4) and 217 stacks (radius 8) with
 * mixed tiles, heights, critters and lava, at 1280x720 and 1920x1080. Prints
 * the median and the worst frame, and the first frame alone (it builds the
 * hex masks and glyphs for the size); asserts nothing. */
#include <stdio.h>
#include <string.h>

#include "bench_render.h"
#include "gui.h"
#include "play.h"

#define BENCH_FRAMES 120

/* Land tile types of the rules, in order. */
static int land_types(const Rules *r, int *out)
{
    int n = 0;
    for (int t = 0; t < r->tile_type_count; t++)
        if (r->tile_types[t].tile_class <= TILE_TRIO)
            out[n++] = t;
    return n;
}

/* Builds a hex island of `radius` round the origin: types and turns cycling,
 * some stacks up to four high (within the tile pool), a critter on most
 * stacks, a few lava flows; seat A decides a placement. */
static int island(Session *s, Game *g, int radius, char *err, int errlen)
{
    /* variant "": the rules' default (a 3-5 player game plays it) */
    GameOptions o = { .players = 4, .setup_variation = 1, .variant = "" };
    if (game_init(g, &s->rules, &o, 7, NULL, NULL, err, errlen))
        return -1;
    board_clear(&g->board);
    int land[MAX_TILE_TYPES], nl = land_types(&s->rules, land), k = 0, used[MAX_PLAYERS] = { 0 };
    for (int p = 0; p < g->players; p++)
        for (int i = 0; i < g->rules.critters_per_player; i++)
            g->player[p].critters[i].place = AT_HAND;
    for (int rad = 0; rad <= radius; rad++) {
        Hex ring[64];
        int m = hex_ring(hex_make(0, 0), rad, ring);
        for (int j = 0; j < m; j++, k++) {
            int cell = board_cell(ring[j]), height = 1 + (k % 3 == 0) + (k % 7 == 0) + (k % 13 == 0);
            while (g->board.tile_count + height >= MAX_BOARD_TILES - 8 && height > 1)
                height--;
            for (int h = 0; h < height; h++)
                board_push(&g->board, cell, land[(k * 7 + h) % nl], (k * 5 + h) % 6);
            int p = k % g->players;
            if (k % 5 != 4 && used[p] < g->rules.critters_per_player) {
                Critter *c = &g->player[p].critters[used[p]++];
                *c = (Critter){ .place = AT_BOARD, .area = 0, .cell = (uint16_t)cell };
            }
            if (k % 17 == 8 && g->lava_count < MAX_LAVA) {
                g->board.cells[cell].flags |= CELL_LAVA;
                g->lava[g->lava_count++] = (Lava){ (uint16_t)cell, 0, 0 };
            }
        }
    }
    g->phase = PHASE_BUY;
    g->bought_type = (uint8_t)land[nl - 1];
    g->pending = (Pending){ DK_PLACE, 0, 0, 0, 0 };
    return 0;
}

int bench_render(const CliArgs *a)
{
    static Session s;
    if (cli_open(&s, a))
        return 1;
    static const struct { int w, h; } SIZES[] = { { 1280, 720 }, { 1920, 1080 } };
    static const int RADIUS[] = { 4, 8 };
    char dir[SESSION_PATH + 32], err[512];
    snprintf(dir, sizeof dir, "%s/content/textures", s.root);
    GuiConfig cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.texture_dir = dir;
    printf("bench --render: %d frames each after a first one (board, panel, Power Grid; pointer over the\n"
           "board; CPU time of the drawing thread; the first frame also builds the size's hex masks and glyphs)\n",
           BENCH_FRAMES);
    int rc = 0;
    for (int r = 0; r < 2 && rc == 0; r++) {
        static Game g;
        static UiTable t;
        UiSeat seats[MAX_PLAYERS];
        memset(seats, 0, sizeof seats);
        seats[0].human = 1;
        if (island(&s, &g, RADIUS[r], err, sizeof err) ||
            ui_table_init(&t, &g, seats, &(UiTableHooks){ 0 }, err, sizeof err)) {
            fprintf(stderr, "volcanique bench: %s\n", err);
            rc = 1;
            break;
        }
        for (int k = 0; k < 2 && rc == 0; k++) {
            GuiFrameTimes ft;
            if (gui_frame_times(&t, &cfg, SIZES[k].w, SIZES[k].h, BENCH_FRAMES, &ft, err, sizeof err)) {
                fprintf(stderr, "volcanique bench: %s\n", err);
                rc = 1;
                break;
            }
            printf("render       %3d stacks %4dx%-4d  median %6.2f ms  worst %6.2f ms  (first frame %6.2f ms)\n",
                   g.board.land_count, SIZES[k].w, SIZES[k].h, ft.median_ms, ft.worst_ms, ft.first_ms);
        }
        ui_table_free(&t);
    }
    session_close(&s);
    return rc;
}
