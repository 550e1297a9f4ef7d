/* Bots that choose among the pending decision's options.
 *
 * Contract:
 *  - A bot is called for the player who decides (g->pending.player, its seat)
 *    with the options game_options() listed. It returns an index into them.
 *  - A bot never changes the game it is given and never draws from the game's
 *    RNG: it draws from its own generator, so a bot's thinking does not disturb
 *    the game's dice, and a bot with the same seed chooses the same way.
 *  - A bot sees only what its seat may see. Bots that look ahead (greedy,
 *    mcts) think on clones (Game copies with log = NULL, hooks kept so rules
 *    scripts run) that are first *determinized*: the other players' Caldera
 *    cards and the Caldera deck are re-dealt at random from the cards the seat
 *    has not seen, and the clone's RNG is reseeded from the bot's own, so
 *    future dice and draws are guesses, not knowledge.
 *  - Scripts fire in clones too: a front end that counts handler firings for
 *    rule coverage must subtract what fired while a bot was thinking.
 *
 * The bots:
 *  random  uniform over the options.
 *  greedy  one-ply lookahead: applies each option to a determinized clone and
 *          keeps the best bot_evaluate() for its seat; ties broken at random.
 *  mcts    UCT (Kocsis & Szepesvari 2006) over the decision model, one fresh
 *          determinization per iteration (open loop: a tree node stands for a
 *          sequence of option indices, whatever dice fell). Children are
 *          opened by progressive widening (Coulom 2007): a node visited v
 *          times considers its first 1 + widen * sqrt(v) children, the root's
 *          ordered by one-ply evaluation, the others' by a seeded shuffle.
 *          Rollouts are random for at most `depth` decisions, then scored by
 *          bot_evaluate_all. The tree is kept between decisions when the
 *          front end reports every applied option (bot_observe). The budget
 *          is `iterations` per decision and/or `ms` milliseconds.
 *  mcts+   mcts whose rollouts are guided: each rollout decision samples
 *          `sample` options (8) and takes the one of best one-ply
 *          bot_evaluate for its decider, on the rollout's own determinized
 *          clone. An iteration costs about five times as much; far stronger
 *          (docs/performance.md, Bots). Still honest: the options are
 *          tried on the iteration's determinized clone.
 *
 * Scratch space (clones, option lists, the tree) lives in a workspace the
 * bot allocates on first use and bot_free releases: no static state, so
 * bots of different games may think on different threads. */
#ifndef VQ_BOT_H
#define VQ_BOT_H

#include "game.h"

typedef enum BotKind { BOT_RANDOM, BOT_GREEDY, BOT_MCTS, BOT_KIND_COUNT } BotKind;

typedef struct BotConfig {
    int kind;          /* BotKind */
    int iterations;    /* mcts: iterations per decision (0: limited by ms only) */
    int ms;            /* mcts: milliseconds per decision (0: limited by iterations only) */
    int depth;         /* mcts: rollout decisions before evaluating */
    double widen;      /* mcts: progressive widening factor (children opened per sqrt(visit)) */
    double explore;    /* mcts: UCT exploration constant */
    int reuse;         /* mcts: keep the tree between decisions (needs bot_observe) */
    double guide;      /* mcts: share of rollout decisions taken by a sampled one-ply best (0: all random) */
    int sample;        /* mcts: options sampled (without replacement) for such a guided decision */
} BotConfig;

typedef struct BotWork BotWork;   /* scratch space and the search tree (bot_internal.h) */

typedef struct Bot {
    BotConfig cfg;
    Rng rng;
    uint64_t thought;     /* decisions applied in clones so far (a cost measure) */
    uint64_t iterations;  /* mcts iterations run so far */
    uint64_t reused;      /* mcts: root visits carried over from earlier decisions */
    BotWork *work;        /* NULL until the bot first thinks; bot_free releases it */
} Bot;

/* Defaults: mcts 200 iterations, no time limit, depth 8, widen 2, explore 0.7, reuse on,
 * random rollouts (guide 0). */
void bot_config_default(BotConfig *c, int kind);
/* mcts+: the stronger, heavier settings of mcts (guided rollouts, see the
 * top comment): guide 1, sample 8. */
void bot_config_plus(BotConfig *c);
/* Parses "random", "greedy", "mcts", "mcts:N" (N iterations) or "mcts:Nms"
 * (N milliseconds), and "mcts+", "mcts+:N", "mcts+:Nms" alike.
 * Returns 0, or -1 for anything else. */
int bot_parse(const char *spec, BotConfig *out);
const char *bot_kind_name(int kind);
/* Writes the spec back ("mcts:200", "mcts+:200" for guided rollouts); returns out. */
const char *bot_spec(const BotConfig *c, char *out, int outlen);

void bot_init(Bot *b, const BotConfig *c, uint64_t seed);
/* The seed of the bot in seat `seat` of the game whose seed is game_seed.
 * Every front end that seats bots at a game (sim, compare, balance, tui,
 * gui) seeds them with it, so one seed and one set of seats play one game
 * wherever it is played. */
uint64_t bot_seat_seed(uint64_t game_seed, int seat);
/* Releases the workspace; the bot may think again afterwards (it allocates anew). */
void bot_free(Bot *b);
/* Chooses an option of the pending decision; opts/n as game_options listed
 * them. With n <= 1 it returns 0 without thinking. Returns -1 only if the
 * workspace cannot be allocated. */
int bot_choose(Bot *b, const Game *g, const Option *opts, int n);
/* Tells the bot that option `index` of g's pending decision is about to be
 * applied (by any seat). Front ends that report every apply let mcts keep
 * its tree; one that reports none loses nothing but the reuse. */
void bot_observe(Bot *b, const Game *g, int index);

/* Uniform over the legal options; returns an index into opts[0..n). */
int bot_random(Rng *bot_rng, const Option *opts, int n);

/* A copy of g that the seat may think on: log NULL, hidden cards re-dealt,
 * RNG reseeded from `rng` (see the contract above). */
void bot_determinize(Game *clone, const Game *g, int seat, Rng *rng);

/* The static evaluation, from `seat`'s point of view (bot_eval.c):
 *   material(p) = score total now (game_score: the full end-of-game breakdown,
 *                 scripts' bonuses included) + 0.25 per resource held
 *                 + 0.3 per critter still in hand (future claims)
 *   value = material(seat) - the best material among the other players,
 *           plus 50 for a won game (shared wins count) and minus 50 for a lost one.
 * Takes a non-const game because scoring emits the "scoring" event. */
double bot_evaluate(Game *g, int seat);
/* The same, for every player at once (values[p]); one scoring pass. */
void bot_evaluate_all(Game *g, double values[MAX_PLAYERS]);

/* greedy and mcts (bot_eval.c, bot_mcts.c). */
int bot_greedy(Bot *b, const Game *g, const Option *opts, int n);
int bot_mcts(Bot *b, const Game *g, const Option *opts, int n);

#endif
