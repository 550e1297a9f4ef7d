/* A bot playing a remote seat (remote.h). */
#include "remote.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net_view.h"
#include "save.h"

int remote_bot_init(RemoteBot *rb, const char *spec, const char *root, uint64_t seed, char *err, int errlen)
{
    memset(rb, 0, sizeof *rb);
    if (bot_parse(spec, &rb->cfg)) {
        snprintf(err, (size_t)errlen, "'%s' is not a bot (random, greedy, mcts, mcts:N, mcts:Nms, mcts+...)", spec);
        return -1;
    }
    bot_init(&rb->bot, &rb->cfg, seed);
    rng_seed(&rb->rng, seed ^ 0x5851f42d4c957f2dull);
    snprintf(rb->root, sizeof rb->root, "%s", root);
    rb->scratch = malloc(sizeof(Option) * MAX_OPTIONS);
    if (!rb->scratch) {
        snprintf(err, (size_t)errlen, "out of memory");
        return -1;
    }
    return 0;
}

int remote_rules(RemoteBot *rb, const NetRulesView *rules, char *err, int errlen)
{
    if (rb->cfg.kind == BOT_RANDOM || (rb->session && rb->rules_hash == rules->hash))
        return 0;
    if (rb->session) {
        session_close(rb->session);
        free(rb->session);
    }
    rb->session = calloc(1, sizeof *rb->session);
    if (!rb->session)
        return snprintf(err, (size_t)errlen, "out of memory"), -1;
    char why[400];
    if (session_open_mods(rb->session, rb->root, rules->mods, why, sizeof why)) {
        snprintf(err, (size_t)errlen, "a thinking bot needs the table's rules here (mods: %s): %s",
                 rules->mods[0] ? rules->mods : "none", why);
        return -1;
    }
    rb->session->quiet = 1;
    if (rules_hash(&rb->session->rules) != rules->hash) {
        snprintf(err, (size_t)errlen, "the rules here differ from the table's (mods: %s): a thinking bot would play"
                 " another game; use --bot random, or the server's version of the rules",
                 rules->mods[0] ? rules->mods : "none");
        return -1;
    }
    rb->rules_hash = rules->hash;
    return 0;
}

/* The bot's choice on its own copy of the seat's view. */
static int think(RemoteBot *rb, const NetView *v, Option *chosen, char *err, int errlen)
{
    static _Thread_local Game g;
    g = v->game;
    net_fill_hidden(&g, v->seat);
    game_set_hooks(&g, session_hooks(), rb->session);
    int n = game_options(&g, rb->scratch, MAX_OPTIONS);
    if (n <= 0)
        return snprintf(err, (size_t)errlen, "the bot's copy of decision %d has no options", v->decision), -1;
    int i = bot_choose(&rb->bot, &g, rb->scratch, n);
    if (i < 0 || i >= n)
        return snprintf(err, (size_t)errlen, "the bot chose nothing (out of memory)"), -1;
    *chosen = rb->scratch[i];
    return 0;
}

int remote_choose(RemoteBot *rb, const NetView *v, char *err, int errlen)
{
    if (!v->yours || v->option_count <= 0)
        return snprintf(err, (size_t)errlen, "decision %d is not this seat's", v->decision), -1;
    if (rb->cfg.kind == BOT_RANDOM || v->option_count == 1)
        return (int)rng_below(&rb->rng, (uint32_t)v->option_count);
    if (!rb->session)
        return snprintf(err, (size_t)errlen, "a thinking bot has not seen the table's rules"), -1;
    Option chosen;
    if (think(rb, v, &chosen, err, errlen))
        return -1;
    for (int i = 0; i < v->option_count; i++)
        if (memcmp(&v->options[i].option, &chosen, sizeof chosen) == 0)
            return i;
    /* Only a listing that depends on what the seat cannot see could differ. */
    rb->unmatched++;
    return (int)rng_below(&rb->rng, (uint32_t)v->option_count);
}

void remote_bot_free(RemoteBot *rb)
{
    bot_free(&rb->bot);
    if (rb->session) {
        session_close(rb->session);
        free(rb->session);
    }
    free(rb->scratch);
    memset(rb, 0, sizeof *rb);
}
