#include "score.h"

#include <string.h>

#include "core_internal.h"

/* A bonus objective held by the best (value, count) pair: the unique best
 * scores `full`; exact ties score 1 each. */
static void award(const int value[], const int count[], int players, int full, int *out, int stride)
{
    int best = -1;
    for (int p = 0; p < players; p++) {
        if (value[p] <= 0)
            continue;
        if (best < 0 || value[p] > value[best] || (value[p] == value[best] && count[p] > count[best]))
            best = p;
    }
    if (best < 0)
        return;
    int tied = 0;
    for (int p = 0; p < players; p++)
        tied += value[p] == value[best] && count[p] == count[best];
    for (int p = 0; p < players; p++)
        if (value[p] == value[best] && count[p] == count[best])
            out[p * stride] += tied == 1 ? full : 1;
}

static int clamp_score(int64_t v)
{
    return v > SCORE_LIMIT ? SCORE_LIMIT : v < -SCORE_LIMIT ? -SCORE_LIMIT : (int)v;
}

void game_score(Game *g, Scores *out)
{
    memset(out, 0, sizeof *out);
    View v;
    view_compute(g, &v);
    int tall[MAX_PLAYERS] = { 0 }, tall_n[MAX_PLAYERS] = { 0 };
    int large[MAX_PLAYERS] = { 0 }, large_n[MAX_PLAYERS] = { 0 };
    for (int p = 0; p < g->players; p++) {
        ScoreLine *s = &out->line[p];
        const Player *pl = &g->player[p];
        s->critters = land_critter_count(g, p);
        s->sacrifices = crater_count(g, p);
        s->volcanoes = pl->volcanoes;
        s->bought = pl->points_bought;
        for (int i = 0; i < pl->caldera_count; i++)
            s->caldera += g->rules.power_cards[pl->caldera[i]].stars;
        int per_biome[BIOME_COUNT] = { 0 };
        for (int r = 0; r < v.rg.count; r++) {
            if (!(v.players_in[r] & (1 << p)))
                continue;
            s->edges += v.rg.edges[r];
            per_biome[v.rg.biome[r]]++;
            int t = v.rg.tiles[r];
            if (t > large[p]) { large[p] = t; large_n[p] = 1; } else if (t == large[p]) large_n[p]++;
        }
        /* Tallest: the highest stack under a controlled biome, ties broken by how
         * many such stacks of that height the player has ("2 x 4 tall stacks"). */
        for (int k = 0; k < g->board.land_count; k++) {
            int cell = g->board.land[k];
            int areas = board_areas(&g->board, &g->rules, cell), mine = 0;
            for (int a = 0; a < areas && !mine; a++)
                mine = (v.players_in[view_region(g, &v, cell, a)] >> p) & 1;
            if (!mine)
                continue;
            int h = g->board.cells[cell].height;
            if (h > tall[p]) { tall[p] = h; tall_n[p] = 1; } else if (h == tall[p]) tall_n[p]++;
        }
        int sets = per_biome[0];
        for (int b = 1; b < BIOME_COUNT; b++)
            if (per_biome[b] < sets)
                sets = per_biome[b];
        s->diversified = sets;
    }
    award(tall, tall_n, g->players, 3, &out->line[0].tallest, (int)(sizeof(ScoreLine) / sizeof(int)));
    award(large, large_n, g->players, 3, &out->line[0].largest, (int)(sizeof(ScoreLine) / sizeof(int)));
    int best = -1;
    for (int p = 0; p < g->players; p++) {
        ScoreLine *s = &out->line[p];
        GameEvent ev;
        event_begin(&ev, EV_SCORING);
        event_field(&ev, "player", p, 0);
        event_field(&ev, "critters", s->critters, 0);
        event_field(&ev, "sacrifices", s->sacrifices, 0);
        event_field(&ev, "bonus", 0, 1);
        emit(g, &ev);
        s->bonus = clamp_score(event_get(&ev, "bonus"));
        s->total = clamp_score((int64_t)s->critters + s->edges + s->volcanoes + s->sacrifices + s->tallest +
                               s->largest + s->diversified + s->caldera + s->bought + s->bonus);
        if (best < 0 || s->total > out->line[best].total ||
            (s->total == out->line[best].total && s->critters > out->line[best].critters))
            best = p;
    }
    for (int p = 0; p < g->players; p++)
        if (out->line[p].total == out->line[best].total && out->line[p].critters == out->line[best].critters)
            out->winners |= 1 << p;
}
