/* The determinism check of `sim --check` and `volcanique test` (session.h,
 * session_replay_alone): a game played as a later game of a batch, with bots
 * thinking ahead in clones, must be the game played alone. The rules freeze
 * what scripts keep from loading, so no known way lets a game reach the next;
 * this check is how a way nobody knew of would be heard of at once. */
#include "session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "describe.h"

int session_open_like(Session *fresh, const Session *s, char *err, int errlen)
{
    SaveMeta meta;
    memset(&meta, 0, sizeof meta);
    mods_to_save(&s->mods, &meta);
    char mods[SAVE_MAX_MODS * (MODS_NAME_LEN + 1)];
    mods_list_of_save(&meta, mods, sizeof mods);
    char why[600];
    if (session_open_mods(fresh, s->root, mods, why, sizeof why)) {
        snprintf(err, (size_t)errlen, "the rules do not load again in a fresh session: %s", why);
        return -1;
    }
    fresh->quiet = 1;
    session_set_deal(fresh, s->deal);
    for (int p = 0; p < MAX_PLAYERS; p++)
        session_set_hold(fresh, p, s->hold[p]);
    return 0;
}

static void differs(const Game *g, int k, const Option *o, uint64_t batch, uint64_t alone, char *err, int errlen)
{
    if (k < 0)
        snprintf(err, (size_t)errlen, "the game differs when played alone from its start (state hash %016llx "
                 "in the batch, %016llx alone)", (unsigned long long)batch, (unsigned long long)alone);
    else
        snprintf(err, (size_t)errlen, "the game differs when played alone from action %d (%s, turn %d) on "
                 "(state hash %016llx in the batch, %016llx alone): a script keeps state between games "
                 "outside game.state", k, verb_name(o->verb), g->turn, (unsigned long long)batch,
                 (unsigned long long)alone);
}

int session_replay_alone(const Session *s, SessionStartFn start, void *ud, const Option *actions,
                         const uint64_t *hashes, int n, char *err, int errlen)
{
    Session *fresh = calloc(1, sizeof *fresh);
    if (!fresh) {
        snprintf(err, (size_t)errlen, "out of memory for the game alone");
        return -1;
    }
    int rc = session_open_like(fresh, s, err, errlen), opened = rc == 0;
    if (rc == 0 && start(fresh, ud, err, errlen))
        rc = -1;
    Game *g = &fresh->game;
    if (rc == 0 && game_hash(g) != hashes[0]) {
        differs(g, -1, NULL, hashes[0], game_hash(g), err, errlen);
        rc = -1;
    }
    for (int k = 0; rc == 0 && k < n; k++) {
        char why[300];
        Option o = actions[k];
        if (game_apply_option(g, &o, why, sizeof why)) {
            snprintf(err, (size_t)errlen, "the game differs when played alone: action %d (%s, turn %d) is not "
                     "legal there: %s", k, verb_name(o.verb), g->turn, why);
            rc = -1;
        } else if (game_hash(g) != hashes[k + 1]) {
            differs(g, k, &o, hashes[k + 1], game_hash(g), err, errlen);
            rc = -1;
        }
    }
    if (opened)
        session_close(fresh);
    free(fresh);
    return rc;
}
