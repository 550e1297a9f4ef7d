/* The mcts bot: determinized, open-loop UCT with progressive widening and a
 * tree kept between decisions. See bot.h for the contract.
 *
 * One iteration: determinize the root (bot_determinize), walk the tree from
 * the root choosing among each node's opened children by UCB1, stop at a node
 * never visited (or one whose decision no longer matches what was seen before:
 * another determinization or other dice led elsewhere), play at most
 * cfg.depth decisions (random, or guided: the sampled option of best one-ply
 * value, see guided()), score every player with bot_evaluate_all
 * squashed into (0, 1) by a logistic, and add each node's reward for the
 * player who chose it. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bot_internal.h"

#define MCTS_MAX_NODES (1 << 20)   /* about 20 MB: past it, new leaves are rolled out unexpanded */
#define MCTS_MAX_PATH 512
#define MCTS_SCALE 5.0             /* evaluation points per logistic unit */
#define MCTS_SAMPLE_MAX 32         /* options a guided rollout decision may sample */

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Appends `count` blank nodes; returns the first, or -1 when the tree is full. */
static int new_nodes(BotWork *w, int count)
{
    if (w->node_count + count > MCTS_MAX_NODES)
        return -1;
    if (w->node_count + count > w->node_cap) {
        int cap = w->node_cap ? w->node_cap : 4096;
        while (cap < w->node_count + count)
            cap *= 2;
        Node *grown = realloc(w->nodes, sizeof *grown * (size_t)cap);
        if (!grown)
            return -1;
        w->nodes = grown;
        w->node_cap = cap;
    }
    int first = w->node_count;
    for (int i = 0; i < count; i++)
        w->nodes[first + i] = (Node){ .first = -1 };
    w->node_count += count;
    return first;
}

/* Opens `node` at a decision of `n` options for `player`: one child per
 * option, in a seeded random order (widening opens them in this order). */
static int expand(Bot *b, BotWork *w, int node, int n, int player)
{
    int first = new_nodes(w, n);
    if (first < 0)
        return -1;
    Node *nd = &w->nodes[node];
    nd->first = first;
    nd->nchild = (uint16_t)n;
    nd->nopts = (uint16_t)n;
    nd->player = (uint8_t)player;
    for (int i = 0; i < n; i++)
        w->nodes[first + i].opt = (uint16_t)i;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)rng_below(&b->rng, (uint32_t)(i + 1));
        uint16_t t = w->nodes[first + i].opt;
        w->nodes[first + i].opt = w->nodes[first + j].opt;
        w->nodes[first + j].opt = t;
    }
    return 0;
}

/* Orders the root's children best first by one-ply evaluation, so widening
 * opens the promising ones first; their statistics move with them. */
static void rank_root(Bot *b, BotWork *w, const Game *g, int n)
{
    Node *root = &w->nodes[w->root];
    bot_rank(b, w, g, n, w->values);
    /* qsort_r is not portable C11; a stable insertion sort by value keeps the
     * state thread-local (the root has at most MAX_OPTIONS children). */
    Node *kids = &w->nodes[root->first];
    for (int i = 1; i < root->nchild; i++) {
        Node x = kids[i];
        int j = i - 1;
        while (j >= 0 && w->values[kids[j].opt] < w->values[x.opt]) {
            kids[j + 1] = kids[j];
            j--;
        }
        kids[j + 1] = x;
    }
}

/* One-ply values of the options opts[0..n) of `sim`'s decision (sim is
 * already determinized), for its decider, into values; w->probe is the clone. */
static void rank_here(Bot *b, BotWork *w, const Game *sim, const Option *opts, int n, double *values)
{
    char err[160];
    int seat = sim->pending.player;
    for (int i = 0; i < n; i++) {
        w->probe = *sim;
        if (game_apply_listed(&w->probe, &opts[i], w->next, err, sizeof err) < 0) {
            values[i] = -DBL_MAX;
            continue;
        }
        b->thought++;
        values[i] = bot_evaluate(&w->probe, seat);
    }
}

/* How many of a node's children widening has opened at its visit count. */
static int opened(const BotConfig *c, const Node *nd)
{
    if (c->widen <= 0)
        return nd->nchild;
    int k = 1 + (int)(c->widen * sqrt((double)nd->visits));
    return k < nd->nchild ? k : nd->nchild;
}

static int select_child(Bot *b, const BotWork *w, const Node *parent)
{
    int open = opened(&b->cfg, parent);
    for (int i = 0; i < open; i++)
        if (w->nodes[parent->first + i].visits == 0)
            return parent->first + i;   /* the next opened child, in widening order */
    double logn = log((double)parent->visits + 1.0), best = -DBL_MAX;
    int pick = parent->first;
    for (int i = 0; i < open; i++) {
        const Node *c = &w->nodes[parent->first + i];
        double ucb = c->value / c->visits + b->cfg.explore * sqrt(logn / c->visits);
        if (ucb > best) {
            best = ucb;
            pick = parent->first + i;
        }
    }
    return pick;
}

/* Walks the tree on the determinized w->base, opening nodes as they are
 * reached again; returns the path length (path[0] is the root). On return
 * w->opts[0..*n) are the options of w->base's pending decision. */
static int descend(Bot *b, BotWork *w, int *n_out)
{
    Game *sim = &w->base;
    char err[160];
    int len = 0, node = w->root;
    w->path[len++] = node;
    int n = game_options(sim, w->opts, MAX_OPTIONS);
    while (!game_over(sim) && len < MCTS_MAX_PATH) {
        if (w->nodes[node].first < 0) {
            if (w->nodes[node].visits == 0 && node != w->root)
                break;                    /* a new leaf: roll out from here */
            if (expand(b, w, node, n, sim->pending.player) < 0)
                break;                    /* tree full: roll out */
        } else if (w->nodes[node].nopts != n || w->nodes[node].player != sim->pending.player) {
            break;                        /* the dice led elsewhere: roll out */
        }
        int c = select_child(b, w, &w->nodes[node]);
        int next = game_apply_listed(sim, &w->opts[w->nodes[c].opt], w->opts, err, sizeof err);
        if (next < 0)
            break;
        n = next;
        b->thought++;
        node = c;
        w->path[len++] = c;
    }
    *n_out = n;
    return len;
}

/* A guided rollout decision: `sample` of sim's n options (w->opts) drawn
 * without replacement, the one of best one-ply value for the decider taken
 * (the first drawn among equals). Returns its index in w->opts. */
static int guided(Bot *b, BotWork *w, const Game *sim, int n)
{
    int k = b->cfg.sample < n ? b->cfg.sample : n;
    k = k < MCTS_SAMPLE_MAX ? k : MCTS_SAMPLE_MAX;
    int idx[MAX_OPTIONS];
    Option cand[MCTS_SAMPLE_MAX];
    double vals[MCTS_SAMPLE_MAX];
    for (int i = 0; i < n; i++)
        idx[i] = i;
    for (int i = 0; i < k; i++) {   /* a partial Fisher-Yates shuffle */
        int j = i + (int)rng_below(&b->rng, (uint32_t)(n - i));
        int t = idx[i]; idx[i] = idx[j]; idx[j] = t;
        cand[i] = w->opts[idx[i]];
    }
    rank_here(b, w, sim, cand, k, vals);
    int best = 0;
    for (int i = 1; i < k; i++)
        if (vals[i] > vals[best])
            best = i;
    return idx[best];
}

static void iterate(Bot *b, BotWork *w, const Game *g, int seat)
{
    Game *sim = &w->base;
    char err[160];
    bot_determinize(sim, g, seat, &b->rng);
    int n;
    int len = descend(b, w, &n);
    for (int d = 0; d < b->cfg.depth && !game_over(sim); d++) {
        int pick = b->cfg.guide > 0 && n > 1 && (b->cfg.guide >= 1 || rng_below(&b->rng, 1000) <
                                                   (uint32_t)(b->cfg.guide * 1000))
                       ? guided(b, w, sim, n)
                       : bot_random(&b->rng, w->opts, n);
        n = game_apply_listed(sim, &w->opts[pick], w->opts, err, sizeof err);
        if (n < 0)
            break;
        b->thought++;
    }
    double v[MAX_PLAYERS], reward[MAX_PLAYERS];
    bot_evaluate_all(sim, v);
    for (int p = 0; p < g->players; p++)
        reward[p] = 1.0 / (1.0 + exp(-v[p] / MCTS_SCALE));
    w->nodes[w->path[0]].visits++;
    for (int i = 1; i < len; i++) {
        Node *child = &w->nodes[w->path[i]];
        child->visits++;
        child->value += (float)reward[w->nodes[w->path[i - 1]].player];
    }
    b->iterations++;
}

/* Copies the subtree under `root` to the front of a fresh array, so a kept
 * tree does not carry the branches that were not taken. */
static int compact(BotWork *w)
{
    Node *old = w->nodes;
    int old_root = w->root;
    w->nodes = NULL;
    w->node_count = w->node_cap = 0;
    int fresh = new_nodes(w, 1);
    if (fresh < 0) {
        free(old);
        return -1;
    }
    w->nodes[fresh] = old[old_root];
    for (int at = 0; at < w->node_count; at++) {   /* breadth first over the copy */
        Node nd = w->nodes[at];
        if (nd.first < 0)
            continue;
        int first = new_nodes(w, nd.nchild);
        if (first < 0) {
            w->nodes[at].first = -1;   /* out of room: this branch starts afresh */
            w->nodes[at].nchild = 0;
            continue;
        }
        memcpy(&w->nodes[first], &old[nd.first], sizeof(Node) * nd.nchild);
        w->nodes[at].first = first;
    }
    free(old);
    w->root = fresh;
    return 0;
}

/* Keeps the tree if its root stands for g (the shadow game matches it and the
 * decision is the one expanded), else starts a new one. Returns 0, or -1 if
 * memory ran out. */
static int prepare_root(Bot *b, BotWork *w, const Game *g, int n)
{
    bool keep = b->cfg.reuse && w->root >= 0 && w->shadow_ok && game_hash(&w->shadow) == game_hash(g);
    if (keep) {
        const Node *r = &w->nodes[w->root];
        keep = r->first < 0 || (r->nopts == n && r->player == g->pending.player);
    }
    if (keep && compact(w) == 0) {
        b->reused += w->nodes[w->root].visits;
    } else {
        w->node_count = 0;
        w->root = new_nodes(w, 1);
        if (w->root < 0)
            return -1;
    }
    if (w->nodes[w->root].first < 0 && expand(b, w, w->root, n, g->pending.player) < 0)
        return -1;
    rank_root(b, w, g, n);
    return 0;
}

int bot_mcts(Bot *b, const Game *g, const Option *opts, int n)
{
    (void)opts;
    BotWork *w = bot_work(b);
    if (!w || prepare_root(b, w, g, n) != 0)
        return -1;
    int seat = g->pending.player;
    double deadline = b->cfg.ms > 0 ? now_ms() + b->cfg.ms : 0;
    for (int it = 0;; it++) {
        if (b->cfg.iterations > 0 && it >= b->cfg.iterations)
            break;
        if (deadline > 0 && (it & 7) == 0 && now_ms() >= deadline)
            break;
        if (b->cfg.iterations <= 0 && deadline <= 0)
            break;
        iterate(b, w, g, seat);
    }
    const Node *root = &w->nodes[w->root];
    int best = root->first;
    for (int i = 0; i < root->nchild; i++) {
        const Node *c = &w->nodes[root->first + i];
        if (c->visits > w->nodes[best].visits ||
            (c->visits == w->nodes[best].visits && c->value > w->nodes[best].value))
            best = root->first + i;
    }
    w->shadow = *g;
    w->shadow.log = NULL;
    w->shadow_ok = 1;
    return w->nodes[best].opt;
}

void bot_mcts_observe(Bot *b, BotWork *w, const Game *g, int index)
{
    (void)b;
    if (w->root < 0 || !w->shadow_ok || game_hash(g) != game_hash(&w->shadow)) {
        w->root = -1;
        w->shadow_ok = 0;
        return;
    }
    const Node *r = &w->nodes[w->root];
    int next = -1;
    if (r->first >= 0 && r->player == g->pending.player && r->nopts == game_options(g, w->opts, MAX_OPTIONS))
        for (int i = 0; i < r->nchild && next < 0; i++)
            if (w->nodes[r->first + i].opt == index)
                next = r->first + i;
    char err[160];
    w->shadow = *g;
    w->shadow.log = NULL;
    if (next < 0 || game_apply(&w->shadow, index, err, sizeof err) != 0) {
        w->root = -1;
        w->shadow_ok = 0;
        return;
    }
    w->root = next;
}
