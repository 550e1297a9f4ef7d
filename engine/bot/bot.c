/* Bot selection, configuration, the workspace and the shared determinization;
 * the random bot. */
#include "bot_internal.h"

#include "number.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const KIND_NAME[BOT_KIND_COUNT] = { "random", "greedy", "mcts" };

const char *bot_kind_name(int kind)
{
    return kind >= 0 && kind < BOT_KIND_COUNT ? KIND_NAME[kind] : "?";
}

void bot_config_default(BotConfig *c, int kind)
{
    c->kind = kind;
    c->iterations = 200;
    c->ms = 0;
    c->depth = 8;
    c->widen = 2.0;
    c->explore = 0.7;
    c->reuse = 1;
    c->guide = 0;
    c->sample = 8;
}

void bot_config_plus(BotConfig *c)
{
    bot_config_default(c, BOT_MCTS);
    c->guide = 1.0;
    c->sample = 8;
}

int bot_parse(const char *spec, BotConfig *out)
{
    const char *colon = strchr(spec, ':');
    size_t len = colon ? (size_t)(colon - spec) : strlen(spec);
    int plus = len == 5 && strncmp(spec, "mcts+", 5) == 0;
    if (plus)
        len = 4;   /* mcts with the mcts+ settings */
    for (int k = 0; k < BOT_KIND_COUNT; k++) {
        if (strlen(KIND_NAME[k]) != len || strncmp(spec, KIND_NAME[k], len) != 0)
            continue;
        bot_config_default(out, k);
        if (plus)
            bot_config_plus(out);
        if (!colon)
            return 0;
        if (k != BOT_MCTS)
            return -1;
        const char *num = colon + 1;
        size_t n = strlen(num);
        int ms = n > 2 && strcmp(num + n - 2, "ms") == 0;
        uint64_t v;
        if (number_parse_u64n(num, ms ? n - 2 : n, 1, 10000000, &v) != NUMBER_OK)
            return -1;
        out->ms = ms ? (int)v : out->ms;
        out->iterations = ms ? 0 : (int)v;
        return 0;
    }
    return -1;
}

const char *bot_spec(const BotConfig *c, char *out, int outlen)
{
    if (c->kind != BOT_MCTS)
        snprintf(out, (size_t)outlen, "%s", bot_kind_name(c->kind));
    else if (c->iterations == 0)
        snprintf(out, (size_t)outlen, "mcts%s:%dms", c->guide > 0 ? "+" : "", c->ms);
    else
        snprintf(out, (size_t)outlen, "mcts%s:%d", c->guide > 0 ? "+" : "", c->iterations);
    return out;
}

void bot_init(Bot *b, const BotConfig *c, uint64_t seed)
{
    memset(b, 0, sizeof *b);
    b->cfg = *c;
    rng_seed(&b->rng, seed);
}

uint64_t bot_seat_seed(uint64_t game_seed, int seat)
{
    return game_seed * 0x9E3779B97F4A7C15ULL + (uint64_t)seat * 0xBF58476D1CE4E5B9ULL + 1;
}

BotWork *bot_work(Bot *b)
{
    if (!b->work) {
        b->work = calloc(1, sizeof *b->work);
        if (b->work)
            b->work->root = -1;
    }
    return b->work;
}

void bot_free(Bot *b)
{
    if (!b->work)
        return;
    free(b->work->nodes);
    free(b->work);
    b->work = NULL;
}

int bot_random(Rng *bot_rng, const Option *opts, int n)
{
    (void)opts;
    return n > 0 ? (int)rng_below(bot_rng, (uint32_t)n) : 0;
}

int bot_choose(Bot *b, const Game *g, const Option *opts, int n)
{
    if (n <= 1)
        return 0;
    switch (b->cfg.kind) {
    case BOT_GREEDY: return bot_greedy(b, g, opts, n);
    case BOT_MCTS:   return bot_mcts(b, g, opts, n);
    default:         return bot_random(&b->rng, opts, n);
    }
}

void bot_observe(Bot *b, const Game *g, int index)
{
    if (b->cfg.kind == BOT_MCTS && b->cfg.reuse && b->work)
        bot_mcts_observe(b, b->work, g, index);
}

void bot_determinize(Game *clone, const Game *g, int seat, Rng *rng)
{
    *clone = *g;
    clone->log = NULL;
    /* The cards the seat has not seen: the others' Caldera hands and the deck. */
    uint8_t pool[MAX_POWER_CARDS + MAX_PLAYERS * MAX_CALDERA];
    int n = 0;
    for (int p = 0; p < g->players; p++)
        if (p != seat)
            for (int i = 0; i < g->player[p].caldera_count; i++)
                pool[n++] = g->player[p].caldera[i];
    for (int i = 0; i < g->caldera_size; i++)
        pool[n++] = g->caldera_deck[i];
    for (int i = n - 1; i > 0; i--) {
        int j = (int)rng_below(rng, (uint32_t)(i + 1));
        uint8_t t = pool[i]; pool[i] = pool[j]; pool[j] = t;
    }
    int k = 0;
    for (int p = 0; p < g->players; p++)
        if (p != seat)
            for (int i = 0; i < g->player[p].caldera_count; i++)
                clone->player[p].caldera[i] = pool[k++];
    for (int i = 0; i < g->caldera_size; i++)
        clone->caldera_deck[i] = pool[k++];
    uint64_t s = (uint64_t)rng_next(rng) << 32 | rng_next(rng);
    rng_seed(&clone->rng, s);
}
