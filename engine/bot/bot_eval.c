/* The static evaluation bots share, and the greedy bot built on it.
 * See bot.h for the formula; the weights are here and nowhere else. */
#include <float.h>
#include <math.h>

#include "bot_internal.h"
#include "score.h"

#define W_RESOURCE 0.25   /* a resource is worth a quarter point: 3 buy an end-game point (minus waste) */
#define W_HAND 0.3        /* a critter in hand may still claim, score and mark a power */
#define W_RESULT 50.0     /* a finished game: winning outweighs any margin */

/* Critters of `player` in hand (the public state; the bots use no core internals). */
static int critters_in_hand(const Game *g, int player)
{
    int n = 0;
    for (int i = 0; i < g->rules.critters_per_player; i++)
        n += g->player[player].critters[i].place == AT_HAND;
    return n;
}

static int resources_held(const Player *p)
{
    int n = 0;
    for (int b = 0; b < BIOME_COUNT; b++)
        n += p->resources[b];
    return n;
}

void bot_evaluate_all(Game *g, double values[MAX_PLAYERS])
{
    Scores sc;
    game_score(g, &sc);
    double material[MAX_PLAYERS];
    for (int p = 0; p < g->players; p++)
        material[p] = sc.line[p].total + W_RESOURCE * resources_held(&g->player[p]) +
                      W_HAND * critters_in_hand(g, p);
    int over = game_over(g);
    for (int p = 0; p < g->players; p++) {
        double best = -DBL_MAX;
        for (int q = 0; q < g->players; q++)
            if (q != p && material[q] > best)
                best = material[q];
        values[p] = material[p] - best;
        if (over)
            values[p] += (sc.winners >> p) & 1 ? W_RESULT : -W_RESULT;
    }
}

double bot_evaluate(Game *g, int seat)
{
    double v[MAX_PLAYERS];
    bot_evaluate_all(g, v);
    return v[seat];
}

void bot_rank(Bot *b, BotWork *w, const Game *g, int n, double *values)
{
    int seat = g->pending.player;
    bot_determinize(&w->base, g, seat, &b->rng);
    int listed = game_options(&w->base, w->opts, MAX_OPTIONS);   /* hidden cards may change it */
    char err[160];
    for (int i = 0; i < n; i++) {
        w->work = w->base;
        if (i >= listed || game_apply_listed(&w->work, &w->opts[i], w->next, err, sizeof err) < 0) {
            values[i] = -DBL_MAX;
            continue;
        }
        b->thought++;
        values[i] = bot_evaluate(&w->work, seat);
    }
}

int bot_greedy(Bot *b, const Game *g, const Option *opts, int n)
{
    (void)opts;
    BotWork *w = bot_work(b);
    if (!w)
        return -1;
    double *values = w->values;
    bot_rank(b, w, g, n, values);
    int best = 0, ties = 1;
    for (int i = 1; i < n; i++) {
        if (values[i] > values[best] + 1e-9) {
            best = i;
            ties = 1;
        } else if (fabs(values[i] - values[best]) <= 1e-9 && rng_below(&b->rng, (uint32_t)++ties) == 0) {
            best = i;   /* reservoir choice among equals */
        }
    }
    return best;
}
