#include "textview.h"

#include <string.h>

#include "core_internal.h"
#include "describe.h"

static const char CLASS_LETTER[TILE_CLASS_COUNT] = { 'U', 'D', 'T', 'V', 's' };
static const char BIOME_LETTER[BIOME_COUNT] = { 'd', 'm', 'l' };

static void bounds(const Game *g, int *qmin, int *qmax, int *rmin, int *rmax)
{
    *qmin = *rmin = 1000;
    *qmax = *rmax = -1000;
    for (int c = 0; c < BOARD_CELLS; c++) {
        if (!board_is_land(&g->board, c) && !(g->board.cells[c].flags & CELL_LAVA))
            continue;
        Hex h = board_hex(c);
        if (h.q < *qmin) *qmin = h.q;
        if (h.q > *qmax) *qmax = h.q;
        if (h.r < *rmin) *rmin = h.r;
        if (h.r > *rmax) *rmax = h.r;
    }
}

/* Each cell prints as 5 characters: height, top class, and up to three area marks
 * (a seat letter for a critter, the biome letter for a free area). */
static void cell_text(const Game *g, int cell, char out[6])
{
    const Board *b = &g->board;
    memset(out, ' ', 5);
    out[5] = 0;
    if (!board_is_land(b, cell)) {
        if (b->cells[cell].flags & CELL_LAVA)
            memcpy(out, " ~~~ ", 5);
        else
            memcpy(out, "  .  ", 5);
        for (int p = 0; p < g->players; p++)   /* a critter set aside here: its seat letter */
            for (int i = 0; i < g->rules.critters_per_player; i++)
                if (g->player[p].critters[i].place == AT_ASIDE && g->player[p].critters[i].cell == cell)
                    out[2] = seat_letter(p);
        return;
    }
    out[0] = (char)('0' + (b->cells[cell].height % 10));
    out[1] = CLASS_LETTER[board_top_class(b, &g->rules, cell)];
    if (b->cells[cell].flags & CELL_LAVA) {
        memcpy(out + 2, "~~~", 3);
        return;
    }
    int areas = board_areas(b, &g->rules, cell);
    for (int a = 0; a < areas; a++) {
        int id = critter_at(g, cell, a);
        out[2 + a] = id >= 0 ? seat_letter(id / MAX_CRITTERS)
                             : BIOME_LETTER[board_area_biome(b, &g->rules, cell, a)];
    }
}

void text_board(FILE *out, const Game *g)
{
    int qmin, qmax, rmin, rmax;
    bounds(g, &qmin, &qmax, &rmin, &rmax);
    if (qmax < qmin) {
        fprintf(out, "(the board is empty)\n");
        return;
    }
    qmin -= 1; qmax += 1; rmin -= 1; rmax += 1;
    /* Pointy-top axial layout: row r is shifted right by half a cell per row. */
    int shift_min = 1000;
    for (int r = rmin; r <= rmax; r++)
        if (2 * qmin + r < shift_min)
            shift_min = 2 * qmin + r;
    fprintf(out, "Board (cell = height, top tile U/D/T/V/s, then each area: seat letter or free biome d/m/l; ~ lava; a seat letter in the ocean: a sea critter)\n");
    for (int r = rmin; r <= rmax; r++) {
        fprintf(out, "r=%3d ", r);
        int indent = (2 * qmin + r - shift_min) * 3;
        fprintf(out, "%*s", indent, "");
        for (int q = qmin; q <= qmax; q++) {
            Hex h = hex_make(q, r);
            char txt[6];
            if (board_in_bounds(h))
                cell_text(g, board_cell(h), txt);
            else
                memcpy(txt, "     ", 6);
            fprintf(out, "%s ", txt);
        }
        fprintf(out, "\n");
    }
    fprintf(out, "      q runs left to right from %d; each row down is shifted half a cell right.\n", qmin);
}

void text_players(FILE *out, const Game *g)
{
    for (int p = 0; p < g->players; p++) {
        const Player *pl = &g->player[p];
        int grid = 0;
        for (int i = 0; i < g->rules.critters_per_player; i++)
            grid += pl->critters[i].place == AT_GRID;
        fprintf(out, "%c%s resources dark %d medium %d light %d | hand %d land %d crater %d grid %d | volcanoes %d caldera %d\n",
                seat_letter(p), p == g->active ? "*" : " ", pl->resources[0], pl->resources[1],
                pl->resources[2], hand_count(g, p), land_critter_count(g, p), crater_count(g, p), grid,
                pl->volcanoes, pl->caldera_count);
    }
}

void text_option(char *buf, int len, const Game *g, const Option *o)
{
    game_option_text(g, o, buf, len);
}

void text_pending(FILE *out, const Game *g)
{
    if (game_over(g)) {
        fprintf(out, "The game is over (%s).\n", end_reason_name(g, g->end_reason));
        return;
    }
    fprintf(out, "Turn %d, %s phase%s. Decision: %s, by %c.\n", g->turn, phase_name(g->phase),
            g->mode == MODE_FINAL ? " (final turn)" : g->mode == MODE_FINALE ? " (finale)" : "",
            decision_kind_name(g->pending.kind), seat_letter(g->pending.player));
}

void text_scores(FILE *out, const Game *g, const Scores *s)
{
    fprintf(out, "seat critters edges volcanoes crater tallest largest diversified caldera bought bonus | total\n");
    for (int p = 0; p < g->players; p++) {
        const ScoreLine *l = &s->line[p];
        fprintf(out, "  %c  %8d %5d %9d %6d %7d %7d %11d %7d %6d %5d | %5d%s\n", seat_letter(p), l->critters,
                l->edges, l->volcanoes, l->sacrifices, l->tallest, l->largest, l->diversified, l->caldera,
                l->bought, l->bonus, l->total, (s->winners >> p) & 1 ? "  winner" : "");
    }
}

void text_state(FILE *out, Game *g)
{
    text_board(out, g);
    fprintf(out, "\n");
    text_players(out, g);
    fprintf(out, "Supply: %d land tiles, %d volcanoes, resources dark %d medium %d light %d; lava flows %d\n",
            land_supply(g), g->supply_volcanoes, g->supply_resources[0], g->supply_resources[1],
            g->supply_resources[2], g->lava_count);
    text_pending(out, g);
    if (game_over(g)) {
        Scores s;
        game_score(g, &s);
        text_scores(out, g, &s);
    }
}
