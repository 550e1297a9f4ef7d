#include "textview.h"

#include <stdbool.h>
#include <string.h>

#include "query.h"
#include "describe.h"

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

/* Each cell prints as 5 characters and a space: the height, then the top
 * tile's areas (a seat letter for a critter, the biome letter when free; V a
 * volcano, s soil, ~ lava), then '*' when the cell is lit (an option points there). */
static void cell_text(const Game *g, int cell, bool lit, char out[7])
{
    const Board *b = &g->board;
    memset(out, ' ', 6);
    out[6] = 0;
    out[4] = lit ? '*' : ' ';
    if (!board_is_land(b, cell)) {
        memcpy(out, b->cells[cell].flags & CELL_LAVA ? " ~~~" : "  . ", 4);
        for (int p = 0; p < g->players; p++)   /* a critter set aside here: its seat letter */
            for (int i = 0; i < g->rules.critters_per_player; i++)
                if (g->player[p].critters[i].place == AT_ASIDE && g->player[p].critters[i].cell == cell)
                    out[2] = seat_letter(p);
        return;
    }
    out[0] = (char)('0' + (b->cells[cell].height % 10));
    int cls = board_top_class(b, &g->rules, cell);
    if (b->cells[cell].flags & CELL_LAVA) {
        memcpy(out + 1, "~~~", 3);
        return;
    }
    if (cls == TILE_VOLCANO || cls == TILE_SOIL) {
        out[1] = cls == TILE_VOLCANO ? 'V' : 's';
        return;
    }
    int areas = board_areas(b, &g->rules, cell);
    for (int a = 0; a < areas; a++) {
        int id = game_critter_at(g, cell, a);
        out[1 + a] = id >= 0 ? seat_letter(id / MAX_CRITTERS)
                             : BIOME_LETTER[board_area_biome(b, &g->rules, cell, a)];
    }
}

static void bounds_lit(const Game *g, const uint8_t *lit, int *qmin, int *qmax, int *rmin, int *rmax)
{
    bounds(g, qmin, qmax, rmin, rmax);
    for (int c = 0; lit && c < BOARD_CELLS; c++) {
        if (!lit[c])
            continue;
        Hex h = board_hex(c);
        if (h.q < *qmin) *qmin = h.q;
        if (h.q > *qmax) *qmax = h.q;
        if (h.r < *rmin) *rmin = h.r;
        if (h.r > *rmax) *rmax = h.r;
    }
}

static bool shown_cell(const Game *g, const uint8_t *lit, int cell)
{
    return board_is_land(&g->board, cell) || (g->board.cells[cell].flags & CELL_LAVA) || (lit && lit[cell]);
}

/* The q range worth printing in row r: its shown cells, one ocean cell either side. */
static bool row_range(const Game *g, const uint8_t *lit, int r, int *lo, int *hi)
{
    *lo = 1000;
    *hi = -1000;
    for (int q = -BOARD_OFFSET; q < BOARD_SIZE - BOARD_OFFSET; q++)
        if (board_in_bounds(hex_make(q, r)) && shown_cell(g, lit, board_cell(hex_make(q, r)))) {
            if (q < *lo) *lo = q;
            if (q > *hi) *hi = q;
        }
    if (*hi < *lo)
        return false;
    *lo -= 1;
    *hi += 1;
    return true;
}

void text_board_lit(FILE *out, const Game *g, const uint8_t *lit)
{
    int qmin, qmax, rmin, rmax;
    bounds_lit(g, lit, &qmin, &qmax, &rmin, &rmax);
    if (qmax < qmin) {
        fprintf(out, "Board: empty\n");
        return;
    }
    /* Pointy-top axial layout: each row down is shifted half a cell right,
     * so a cell's column on screen is 2q + r half cells. */
    int left = 1000, lo[BOARD_SIZE], hi[BOARD_SIZE];
    bool any[BOARD_SIZE];
    for (int r = rmin; r <= rmax; r++) {
        any[r - rmin] = row_range(g, lit, r, &lo[r - rmin], &hi[r - rmin]);
        if (any[r - rmin] && 2 * lo[r - rmin] + r < left)
            left = 2 * lo[r - rmin] + r;
    }
    fprintf(out, "Board (height, then each area: seat letter or free biome d/m/l; V volcano, s soil, ~ lava%s)\n",
            lit ? "; * where you may play" : "");
    for (int r = rmin; r <= rmax; r++) {
        if (!any[r - rmin]) {
            fprintf(out, "r=%-3d\n", r);
            continue;
        }
        int q0 = lo[r - rmin];
        fprintf(out, "r=%-3d q=%-3d|%*s", r, q0, (2 * q0 + r - left) * 3, "");
        for (int q = q0; q <= hi[r - rmin]; q++) {
            char txt[7];
            if (board_in_bounds(hex_make(q, r)))
                cell_text(g, board_cell(hex_make(q, r)), lit && lit[board_cell(hex_make(q, r))], txt);
            else
                memcpy(txt, "      ", 7);
            fprintf(out, "%s", txt);
        }
        fprintf(out, "\n");
    }
    fprintf(out, "(each row lists q upwards from the q= it names)\n");
}

void text_board(FILE *out, const Game *g)
{
    text_board_lit(out, g, NULL);
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
                pl->resources[2], game_hand_count(g, p), game_land_critters(g, p), game_crater_count(g, p), grid,
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
    char prompt[300];
    game_prompt_text(g, prompt, sizeof prompt);
    fprintf(out, "Turn %d, %s phase%s. Decision: %s, by %c: %s\n", g->turn, phase_name(g->phase),
            g->mode == MODE_FINAL ? " (final turn)" : g->mode == MODE_FINALE ? " (finale)" : "",
            decision_kind_name(g->pending.kind), seat_letter(g->pending.player), prompt);
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

void text_marks(FILE *out, const Game *g)
{
    bool any = false;
    for (int p = 0; p < g->players; p++)
        for (int i = 0; i < g->rules.critters_per_player; i++) {
            const Critter *c = &g->player[p].critters[i];
            if (!c->marks || c->place != AT_BOARD)
                continue;
            Hex h = board_hex(c->cell);
            fprintf(out, "%s%c's critter at (%d,%d):", any ? "; " : "Marks: ", seat_letter(p), h.q, h.r);
            for (int m = 0; m < g->rules.critter_mark_count; m++)
                if ((c->marks >> m) & 1)
                    fprintf(out, " %s", g->rules.critter_marks[m].name);
            any = true;
        }
    for (int cell = 0; cell < BOARD_CELLS; cell++) {
        bool first = true;
        for (int m = 0; m < g->rules.cell_mark_count; m++)
            if (cell_marked(g, m, cell)) {
                Hex h = board_hex(cell);
                if (first)
                    fprintf(out, "%s(%d,%d):", any ? "; " : "Marks: ", h.q, h.r);
                fprintf(out, " %s", g->rules.cell_marks[m].name);
                first = false;
                any = true;
            }
    }
    if (any)
        fprintf(out, "\n");
}

void text_state(FILE *out, Game *g)
{
    text_board(out, g);
    text_marks(out, g);
    fprintf(out, "\n");
    text_players(out, g);
    fprintf(out, "Supply: %d land tiles, %d volcanoes, resources dark %d medium %d light %d; lava flows %d\n",
            game_land_supply(g), g->supply_volcanoes, g->supply_resources[0], g->supply_resources[1],
            g->supply_resources[2], g->lava_count);
    text_pending(out, g);
    if (game_over(g)) {
        Scores s;
        game_score(g, &s);
        text_scores(out, g, &s);
    }
}

/* Seats holding grid slot s, as letters ("A B"), or "-". */
static void holders(const Game *g, int s, char *buf, int len)
{
    int n = 0;
    buf[0] = 0;
    for (int p = 0; p < g->players && n < len - 3; p++)
        if (g->unlocked[p][s])
            n += snprintf(buf + n, (size_t)(len - n), "%s%c", n ? " " : "", seat_letter(p));
    if (!n)
        snprintf(buf, (size_t)len, "-");
}

void text_grid(FILE *out, const Game *g, const char *const *card_text)
{
    fprintf(out, "Power Grid (unlock a level 1 power first, then powers sharing an edge with one you hold):\n");
    for (int level = 1; level <= 5; level++)
        for (int s = 0; s < g->rules.grid_slot_count; s++) {
            if (g->rules.grid[s].level != level)
                continue;
            int card = g->grid_card[s];
            char who[16];
            holders(g, s, who, sizeof who);
            const char *name = card < g->rules.power_card_count ? g->rules.power_cards[card].name : "(empty)";
            fprintf(out, "  L%d slot %-2d %-24s held by %-9s", level, s + 1, name, who);
            const char *text = card_text && card < g->rules.power_card_count ? card_text[card] : NULL;
            fprintf(out, "%s%s\n", text && *text ? " " : "", text ? text : "");
        }
}

void text_supply(FILE *out, const Game *g)
{
    int per_class[TILE_CLASS_COUNT] = { 0 };
    for (int t = 0; t < g->rules.tile_type_count; t++)
        per_class[g->rules.tile_types[t].tile_class] += g->supply_tiles[t];
    fprintf(out, "Supply: %d land tiles (Uno %d, Duo %d, Trio %d), %d volcanoes, resources dark %d medium %d "
            "light %d; Caldera deck %d; lava flows %d\n", game_land_supply(g), per_class[TILE_UNO], per_class[TILE_DUO],
            per_class[TILE_TRIO], g->supply_volcanoes, g->supply_resources[0], g->supply_resources[1],
            g->supply_resources[2], g->caldera_size, g->lava_count);
}
