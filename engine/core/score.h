/* End-of-game scoring with a breakdown per player (rulebook: Scoring; RULINGS:
 * End of game). Scores can be computed at any point; they are final once the
 * game is over. */
#ifndef VQ_SCORE_H
#define VQ_SCORE_H

#include "game.h"

/* Every total (and every bonus from scripts) is clamped to
 * -SCORE_LIMIT..SCORE_LIMIT, so no script value can overflow the sums. */
#define SCORE_LIMIT 1000000000

typedef struct ScoreLine {
    int critters;      /* critters on land */
    int edges;         /* connecting edges inside controlled biomes */
    int volcanoes;     /* volcanoes activated */
    int sacrifices;    /* critters in the crater */
    int tallest;       /* tallest-biome bonus */
    int largest;       /* largest-biome bonus */
    int diversified;   /* one per set of three different biomes controlled */
    int caldera;       /* stars of Caldera cards kept */
    int bought;        /* end-game points bought with resources */
    int bonus;         /* added by rules scripts (powers) */
    int total;
} ScoreLine;

typedef struct Scores {
    ScoreLine line[MAX_PLAYERS];
    int winners;       /* bitmask: ties share the win */
} Scores;

/* Emits the "scoring" event once per player (handlers may add to `bonus`). */
void game_score(Game *g, Scores *out);

#endif
