/* The bots' workspace: what they think with, owned by one Bot. Not part of
 * the public API (front ends see only bot.h). */
#ifndef VQ_BOT_INTERNAL_H
#define VQ_BOT_INTERNAL_H

#include "bot.h"

/* One node of the mcts tree: a sequence of option indices from the root. */
typedef struct Node {
    int first;         /* first child, -1 while unexpanded */
    uint16_t nchild;   /* children, in the order widening opens them */
    uint16_t nopts;    /* the decision's option count when expanded */
    uint16_t opt;      /* option index that leads here from the parent */
    uint8_t player;    /* who decides at this node (once expanded) */
    uint32_t visits;
    float value;       /* rewards for the parent's decider */
} Node;

struct BotWork {
    Game base;                    /* a determinized copy of the position */
    Game work;                    /* a clone an option is tried on */
    Game shadow;                  /* mcts: the real game as last observed, to check reuse */
    Option opts[MAX_OPTIONS];     /* the options of the decision being thought about */
    Option next[MAX_OPTIONS];     /* bot_rank: the options after a tried one, unread */
    double values[MAX_OPTIONS];
    Game probe;                   /* mcts: a clone a guided rollout tries one option on */
    int order[MAX_OPTIONS];
    int path[512];
    Node *nodes;                  /* mcts tree; nodes[root] is the position to decide */
    int node_count, node_cap;
    int root;                     /* -1: no tree */
    int shadow_ok;                /* shadow equals the real game the tree's root stands for */
};

/* The workspace, allocated on first use; NULL if memory ran out. */
BotWork *bot_work(Bot *b);
/* One-ply values of every option for the deciding seat, into values[0..n). */
void bot_rank(Bot *b, BotWork *w, const Game *g, int n, double *values);
/* mcts: the observed option moves the tree's root (bot_mcts.c). */
void bot_mcts_observe(Bot *b, BotWork *w, const Game *g, int index);

#endif
