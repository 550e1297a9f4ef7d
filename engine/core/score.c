#include "score.h"

#include <stddef.h>
#include <string.h>

#include "core_internal.h"

/* What player p scores beyond the base counts before any handler: the marks
 * their critters on the board bear (game.critter_mark's points), and the
 * crater's critters above 1 point each (a held card's crater_points). The
 * scoring event's bonus starts there. */
static int data_points(const Game *g, int p, int sacrifices)
{
    int each = player_ability_max(g, p, offsetof(PowerCard, crater_points), 1);
    int points = (each - 1) * sacrifices;
    for (int i = 0; i < g->rules.critters_per_player; i++) {
        const Critter *c = &g->player[p].critters[i];
        for (int m = 0; c->place == AT_BOARD && c->marks >> m; m++)
            if ((c->marks >> m) & 1)
                points += g->rules.critter_marks[m].points;
    }
    return points;
}

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

/* Tallest biome (RULINGS: End of game): the rulebook says twice "a critter on
 * the tallest stack", so what counts is the highest stack with one of the
 * player's critters standing on it, and how many stacks of that height they
 * stand on (ties: "2 x 4 tall stacks"). A region reaching onto a taller stack
 * without a critter there does not count. */
static void tallest_stack(const Game *g, int p, int *height, int *count)
{
    uint8_t seen[BOARD_CELLS / 8] = { 0 };
    for (int i = 0; i < g->rules.critters_per_player; i++) {
        const Critter *c = &g->player[p].critters[i];
        if (c->place != AT_BOARD || ((seen[c->cell >> 3] >> (c->cell & 7)) & 1))
            continue;
        seen[c->cell >> 3] |= (uint8_t)(1 << (c->cell & 7));
        int h = g->board.cells[c->cell].height;
        if (h > *height) { *height = h; *count = 1; } else if (h == *height) (*count)++;
    }
}

static int clamp_score(int64_t v)
{
    return v > SCORE_LIMIT ? SCORE_LIMIT : v < -SCORE_LIMIT ? -SCORE_LIMIT : (int)v;
}

void game_score(Game *g, Scores *out)
{
    memset(out, 0, sizeof *out);
    View v;
    game_view(g, &v);
    int tall[MAX_PLAYERS] = { 0 }, tall_n[MAX_PLAYERS] = { 0 };
    int large[MAX_PLAYERS] = { 0 }, large_n[MAX_PLAYERS] = { 0 };
    for (int p = 0; p < g->players; p++) {
        ScoreLine *s = &out->line[p];
        const Player *pl = &g->player[p];
        s->critters = game_land_critters(g, p);
        s->sacrifices = game_crater_count(g, p);
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
        tallest_stack(g, p, &tall[p], &tall_n[p]);
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
        EV_SET(ev, SCORING, player, p);
        EV_SET(ev, SCORING, critters, s->critters);
        EV_SET(ev, SCORING, sacrifices, s->sacrifices);
        EV_SET(ev, SCORING, bonus, data_points(g, p, s->sacrifices));
        game_emit(g, &ev);
        s->bonus = clamp_score(EV_GET(ev, SCORING, bonus));   /* the script layer keeps it in -1000..1000 */
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
