/* The mcts bot: determinized, open-loop UCT. See bot.h for the contract.
 *
 * One iteration: determinize the root (bot_determinize), walk the tree from
 * the root choosing children by UCB1, stop at a node never visited (or one
 * whose decision no longer matches what was seen before: another
 * determinization or other dice led elsewhere), play at most cfg.depth random
 * decisions, score every player with bot_evaluate_all squashed into (0, 1)
 * by a logistic, and add each node's reward for the player who chose it. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <time.h>

#include "bot.h"

#define MCTS_MAX_NODES (1 << 18)
#define MCTS_MAX_PATH 512
#define MCTS_SCALE 5.0    /* evaluation points per logistic unit */

typedef struct Node {
    int first;         /* first child, -1 while unexpanded */
    uint16_t nchild;
    uint16_t nopts;    /* the decision's option count when expanded */
    uint16_t opt;      /* option index that leads here from the parent */
    uint8_t player;    /* who decides at this node (once expanded) */
    uint32_t visits;
    float value;       /* rewards for the parent's decider */
} Node;

static Node nodes[MCTS_MAX_NODES];
static int node_count;
static Option opts_buf[MAX_OPTIONS];

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int new_children(int count)
{
    if (node_count + count > MCTS_MAX_NODES)
        return -1;
    int first = node_count;
    for (int i = 0; i < count; i++) {
        Node *c = &nodes[first + i];
        c->first = -1;
        c->nchild = 0;
        c->nopts = 0;
        c->opt = 0;
        c->player = 0;
        c->visits = 0;
        c->value = 0;
    }
    node_count += count;
    return first;
}

static const double *sort_values;   /* qsort's comparison reads the values here */

static int by_value_desc(const void *a, const void *b)
{
    double va = sort_values[*(const int *)a], vb = sort_values[*(const int *)b];
    return va < vb ? 1 : va > vb ? -1 : *(const int *)a - *(const int *)b;
}

/* Expands the root with the `width` best options by one-ply evaluation. */
static void expand_root(Bot *b, const Game *g, int n)
{
    static double values[MAX_OPTIONS];
    static int order[MAX_OPTIONS];
    int keep = n;
    if (b->cfg.width > 0 && b->cfg.width < n) {
        bot_rank(b, g, n, values);
        for (int i = 0; i < n; i++)
            order[i] = i;
        sort_values = values;
        qsort(order, (size_t)n, sizeof order[0], by_value_desc);
        keep = b->cfg.width;
    } else {
        for (int i = 0; i < n; i++)
            order[i] = i;
    }
    Node *root = &nodes[0];
    root->first = new_children(keep);
    root->nchild = (uint16_t)keep;
    root->nopts = (uint16_t)n;
    root->player = g->pending.player;
    for (int i = 0; i < keep; i++)
        nodes[root->first + i].opt = (uint16_t)order[i];
}

static int select_child(Bot *b, const Node *parent)
{
    int unvisited = 0;
    for (int i = 0; i < parent->nchild; i++)
        unvisited += nodes[parent->first + i].visits == 0;
    if (unvisited > 0) {
        int k = (int)rng_below(&b->rng, (uint32_t)unvisited);
        for (int i = 0; i < parent->nchild; i++)
            if (nodes[parent->first + i].visits == 0 && k-- == 0)
                return parent->first + i;
    }
    double logn = log((double)parent->visits + 1.0), best = -DBL_MAX;
    int pick = parent->first;
    for (int i = 0; i < parent->nchild; i++) {
        const Node *c = &nodes[parent->first + i];
        double ucb = c->value / c->visits + b->cfg.explore * sqrt(logn / c->visits);
        if (ucb > best) {
            best = ucb;
            pick = parent->first + i;
        }
    }
    return pick;
}

static void iterate(Bot *b, const Game *g, int seat)
{
    static Game sim;
    static int path[MCTS_MAX_PATH];
    char err[160];
    bot_determinize(&sim, g, seat, &b->rng);
    int len = 0, node = 0;
    path[len++] = 0;
    while (!game_over(&sim) && len < MCTS_MAX_PATH) {
        Node *nd = &nodes[node];
        int n = game_options(&sim, opts_buf, MAX_OPTIONS);
        if (nd->first < 0) {
            if (nd->visits == 0)
                break;                    /* a new leaf: roll out from here */
            int first = new_children(n);
            if (first < 0)
                break;                    /* tree full: roll out */
            nd->first = first;
            nd->nchild = (uint16_t)n;
            nd->nopts = (uint16_t)n;
            nd->player = sim.pending.player;
            for (int i = 0; i < n; i++)
                nodes[first + i].opt = (uint16_t)i;
        } else if (nd->nopts != n || nd->player != sim.pending.player) {
            break;                        /* the dice led elsewhere: roll out */
        }
        int c = select_child(b, nd);
        if (game_apply(&sim, nodes[c].opt, err, sizeof err) != 0)
            break;
        b->thought++;
        node = c;
        path[len++] = c;
    }
    for (int d = 0; d < b->cfg.depth && !game_over(&sim); d++) {
        int n = game_options(&sim, opts_buf, MAX_OPTIONS);
        if (game_apply(&sim, bot_random(&b->rng, opts_buf, n), err, sizeof err) != 0)
            break;
        b->thought++;
    }
    double v[MAX_PLAYERS];
    bot_evaluate_all(&sim, v);
    double reward[MAX_PLAYERS];
    for (int p = 0; p < g->players; p++)
        reward[p] = 1.0 / (1.0 + exp(-v[p] / MCTS_SCALE));
    nodes[0].visits++;
    for (int i = 1; i < len; i++) {
        Node *parent = &nodes[path[i - 1]];
        nodes[path[i]].visits++;
        nodes[path[i]].value += (float)reward[parent->player];
    }
}

int bot_mcts(Bot *b, const Game *g, const Option *opts, int n)
{
    (void)opts;
    node_count = 0;
    new_children(1);
    expand_root(b, g, n);
    int seat = g->pending.player;
    double deadline = b->cfg.ms > 0 ? now_ms() + b->cfg.ms : 0;
    for (int it = 0;; it++) {
        if (b->cfg.iterations > 0 && it >= b->cfg.iterations)
            break;
        if (deadline > 0 && (it & 7) == 0 && now_ms() >= deadline)
            break;
        if (b->cfg.iterations <= 0 && deadline <= 0)
            break;
        iterate(b, g, seat);
    }
    const Node *root = &nodes[0];
    int best = root->first;
    for (int i = 0; i < root->nchild; i++) {
        const Node *c = &nodes[root->first + i];
        if (c->visits > nodes[best].visits ||
            (c->visits == nodes[best].visits && c->value > nodes[best].value))
            best = root->first + i;
    }
    return nodes[best].opt;
}
