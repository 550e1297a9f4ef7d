/* The messages a table sends about itself, built from what each seat may
 * see (docs/protocol.md: rules, state, tables).
 *
 * Contract:
 *  - Everything a seat's state holds is read from net_redact's copy for that
 *    seat (the public copy for a spectator): the game object, the prompt
 *    and option words (written on that copy with its hidden cards given a
 *    neutral deal, net_fill_hidden, so scripts' words see no real hidden
 *    card), and the live scores (scored on the same copy; another seat's
 *    Caldera stars are left out until the game is over, when the real game
 *    is scored). Only the option list itself comes from the real game: the
 *    moves the seat may make.
 *  - The story lines are the table's, told from public views (srv_table.h).
 *  - Functions need a SrvScratch of their thread (large Game copies). */
#ifndef VQ_SRV_VIEW_H
#define VQ_SRV_VIEW_H

#include <jansson.h>

#include "srv_table.h"

typedef struct SrvScratch {
    Game a, b, c;
    Option options[MAX_OPTIONS];
} SrvScratch;

/* The words of option o of g's pending decision as `seat` (who decides it)
 * sees them; the pending prompt as `seat` sees it. */
void net_srv_option_words(const Game *g, int seat, const Option *o, char *buf, int len, SrvScratch *sc);
void net_srv_prompt_words(const Game *g, int seat, char *buf, int len, SrvScratch *sc);

/* The state message of table t for `seat` (-1: a spectator), with the story
 * lines from `story_from` on. NULL when out of memory. */
json_t *net_srv_state_message(const SrvTable *t, int seat, int story_from, SrvScratch *sc);
/* The rules message of t: its Rules, their hash, the cards' words, the mods. */
json_t *net_srv_rules_message(const SrvTable *t, const Session *s);
/* The seats as `tables` and `state` list them. */
json_t *net_srv_seats_json(const SrvTable *t);
/* One line of `tables` about t. */
json_t *net_srv_table_summary(const SrvTable *t);

#endif
