/* A bot that plays a remote seat: it chooses among the options a state
 * offers, thinking on the view's game as the seat sees it (net_client.h).
 *
 * Contract:
 *  - random needs nothing but the options. greedy and mcts think on the
 *    view's game with its hidden cards given a neutral deal (net_fill_hidden;
 *    the bot's determinization then shuffles them), hooked to a local script
 *    session opened with the table's mods: the local rules must hash to the
 *    table's (remote_rules says so otherwise, naming the mods), since a bot
 *    that looked ahead under other rules would play another game.
 *  - The bot lists the options of its own copy; the option it picks is
 *    found in the state's list by value, so the server's index is sent. */
#ifndef VQ_CLI_REMOTE_H
#define VQ_CLI_REMOTE_H

#include "bot.h"
#include "net_client.h"
#include "session.h"

typedef struct RemoteBot {
    BotConfig cfg;
    Bot bot;
    Rng rng;
    char root[SESSION_PATH];
    Session *session;          /* greedy, mcts: the table's rules, local */
    uint64_t rules_hash;
    Option *scratch;
    int unmatched;             /* choices not found in the server's list (never expected) */
} RemoteBot;

/* spec as --seats takes it ("random", "greedy", "mcts:200"...); root: the local rules. */
int  remote_bot_init(RemoteBot *rb, const char *spec, const char *root, uint64_t seed, char *err, int errlen);
/* The table's rules arrived: opens the local session a thinking bot needs. */
int  remote_rules(RemoteBot *rb, const NetRulesView *rules, char *err, int errlen);
/* The index (into v->options) of the bot's choice, or -1 with err. */
int  remote_choose(RemoteBot *rb, const NetView *v, char *err, int errlen);
void remote_bot_free(RemoteBot *rb);

#endif
