#include "textview.h"

#include <string.h>

#include "core_internal.h"
#include "sea.h"

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
        int sea = sea_critter_at(g, cell);   /* a sea critter: its seat letter */
        if (sea >= 0)
            out[2] = seat_letter(sea / MAX_CRITTERS);
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

static void payment_text(char *buf, int len, uint16_t pay)
{
    int n = 0;
    buf[0] = 0;
    for (int b = 0; b < BIOME_COUNT; b++)
        if (pay_of(pay, b))
            n += snprintf(buf + n, (size_t)(len > n ? len - n : 0), "%s%d %s", n ? " + " : "",
                          pay_of(pay, b), biome_name(b));
    if (n == 0)
        snprintf(buf, (size_t)len, "nothing");
}

static const char *area_biome(const Game *g, int cell, int area)
{
    return biome_name(board_area_biome(&g->board, &g->rules, cell, area));
}

void text_option(char *buf, int len, const Game *g, const Option *o)
{
    char paid[64];
    Hex h = board_hex(o->cell);
    payment_text(paid, sizeof paid, o->pay);
    switch (o->verb) {
    case VERB_PASS:
        snprintf(buf, (size_t)len, g->pending.kind == DK_EVACUATE ? "let the critter be lost to the lava"
                                                                   : "pass / done");
        break;
    case VERB_TILE:
        snprintf(buf, (size_t)len, "place %s at (%d,%d) turned %d", g->rules.tile_types[o->subject].name, h.q,
                 h.r, o->sub);
        break;
    case VERB_CRITTER:
        snprintf(buf, (size_t)len, "put a critter on the %s area at (%d,%d)", area_biome(g, o->cell, o->sub), h.q,
                 h.r);
        break;
    case VERB_MOVE:
    case VERB_MIGRATE:
    case VERB_EVACUATE: {
        const Critter *c = &g->player[o->subject / MAX_CRITTERS].critters[o->subject % MAX_CRITTERS];
        Hex from = board_hex(c->cell);
        int n = snprintf(buf, (size_t)len, "%s %c's critter from (%d,%d) to the %s area at (%d,%d)",
                         o->verb == VERB_MOVE ? "move" : o->verb == VERB_MIGRATE ? "migrate" : "evacuate",
                         seat_letter(o->subject / MAX_CRITTERS), from.q, from.r, area_biome(g, o->cell, o->sub),
                         h.q, h.r);
        if (o->verb == VERB_EVACUATE && n < len)
            snprintf(buf + n, (size_t)(len - n), " paying %s", paid);
        break;
    }
    case VERB_BUY:
        if (o->subject == BUY_VOLCANO)
            snprintf(buf, (size_t)len, "buy a volcano paying %s", paid);
        else if (o->subject == BUY_ISLAND)
            snprintf(buf, (size_t)len, "summon an island paying %s", paid);
        else if (o->subject == BUY_CALDERA)
            snprintf(buf, (size_t)len, "buy a Caldera card paying %s", paid);
        else if (o->subject == BUY_POINT)
            snprintf(buf, (size_t)len, "buy a point paying %s", paid);
        else
            snprintf(buf, (size_t)len, "buy %s paying %s", g->rules.tile_types[o->subject].name, paid);
        break;
    case VERB_RETURN: {
        const Critter *c = &g->player[o->subject / MAX_CRITTERS].critters[o->subject % MAX_CRITTERS];
        Hex at = board_hex(c->cell);
        snprintf(buf, (size_t)len, "send %c's critter at (%d,%d) back to hand", seat_letter(o->subject / MAX_CRITTERS),
                 at.q, at.r);
        break;
    }
    case VERB_TARGET:
        snprintf(buf, (size_t)len, "unleash the volcano on the stack at (%d,%d), height %d", h.q, h.r,
                 g->board.cells[o->cell].height);
        break;
    case VERB_UNLOCK: {
        int card = g->grid_card[o->subject];
        snprintf(buf, (size_t)len, "unlock L%d slot %d: %s", g->rules.grid[o->subject].level, o->subject + 1,
                 card == 255 ? "(empty)" : g->rules.power_cards[card].name);
        break;
    }
    case VERB_SACRIFICE: {
        const Critter *c = &g->player[o->subject / MAX_CRITTERS].critters[o->subject % MAX_CRITTERS];
        Hex at = board_hex(c->cell);
        snprintf(buf, (size_t)len, "sacrifice the critter at (%d,%d)", at.q, at.r);
        break;
    }
    case VERB_SACRIFICE_HAND:
        snprintf(buf, (size_t)len, "sacrifice a critter from hand paying %s", paid);
        break;
    case VERB_RESOURCE:
        snprintf(buf, (size_t)len, "%s one %s", g->pending.kind == DK_DISCARD ? "discard" : "take",
                 biome_name(o->sub));
        break;
    case VERB_PLAY_CARD: {
        const Player *pl = &g->player[g->pending.player];
        snprintf(buf, (size_t)len, "play the Caldera card %s", g->rules.power_cards[pl->caldera[o->subject]].name);
        break;
    }
    case VERB_CHOOSE: {
        const ScriptAsk *a = &g->ask[0];
        const char *tag = g->hooks && g->hooks->tag_name ? g->hooks->tag_name(g->hooks_ud, a->tag) : "choice";
        int n = snprintf(buf, (size_t)len, "%s: choice %d (%d)", tag, o->subject + 1, a->value[o->subject]);
        if (o->cell != NO_CELL && n < len)
            snprintf(buf + n, (size_t)(len - n), " at (%d,%d)", h.q, h.r);
        break;
    }
    default:
        snprintf(buf, (size_t)len, "%s", verb_name(o->verb));
    }
}

void text_pending(FILE *out, const Game *g)
{
    if (game_over(g)) {
        fprintf(out, "The game is over (%s).\n", end_reason_name(g->end_reason));
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
