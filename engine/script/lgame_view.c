/* lgame_view: the View (query.h) the readers of the `game` library share.
 * A script may ask about biomes many times in one call (game.biome_of for
 * each area of each critter's tile, say): the View is worked out once and
 * kept for as long as the game cannot have changed. */
#include "lgame.h"

#include "query.h"

const View *lgame_view(Session *s, const Game *g)
{
    uint64_t epoch = script_call_epoch(s->script);
    if (s->view_game != g || s->view_epoch != epoch || s->view_effects != s->effects) {
        game_view(g, &s->view);
        s->view_game = g;
        s->view_epoch = epoch;
        s->view_effects = s->effects;
    }
    return &s->view;
}
