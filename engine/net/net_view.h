/* What a seat may see, and the game and rules as JSON both ways.
 *
 * The server never writes a Game to a client: it writes net_redact's copy,
 * built from the real game with everything the seat may not see taken out
 * (docs/protocol.md, "What a seat sees"). The C client reads that JSON back
 * into a Game it can draw (net_game_from_json), with the table's Rules read
 * from the rules message (net_rules_from_json), so it needs no copy of the
 * host's rules or mods.
 *
 * Contract:
 *  - net_redact(g, seat) reads only what `seat` may see into `out`: every
 *    other seat's Caldera cards and the whole Caldera deck become
 *    NET_HIDDEN_CARD (their counts stay), the seed and the generator are
 *    zero, other seats' script questions keep their shape but lose their
 *    choices' contents and context, cards_in_play keeps the public cards,
 *    and everything past a counted array's end is zero. seat -1 is a
 *    spectator (no hand is kept). The copy's log is NULL; its hooks stay.
 *  - net_game_to_json writes a redacted game completely: reading it back
 *    with net_game_from_json (and the same Rules) gives a Game whose
 *    game_hash is equal. It writes only counted entries, so stale data past
 *    a count never reaches the wire even from an unredacted game.
 *  - The readers check every field's presence, type and range and name the
 *    first bad one ("game.players[1].critters[3].place: ..."); no input,
 *    however malformed, makes them crash or write past an array. On failure
 *    `out` is unspecified but safe to discard.
 *  - A game read back has no hooks and no log; another seat's Caldera cards
 *    and the deck hold NET_HIDDEN_CARD (never index Rules.power_cards with
 *    them); net_fill_hidden gives them a neutral deal for code that needs
 *    real cards (scripts' words, a bot's look-ahead). */
#ifndef VQ_NET_VIEW_H
#define VQ_NET_VIEW_H

#include <jansson.h>

#include "game.h"

void net_redact(const Game *g, int seat, Game *out);

/* The cards `seat` has not seen, in ascending order: every power card of the
 * rules that is not on the Power Grid, held from the start, played, or in
 * the seat's own hand. Read from public fields only, so a redacted game
 * gives the same answer. Returns how many (at most MAX_POWER_CARDS). */
int net_unseen_cards(const Game *g, int seat, uint8_t out[MAX_POWER_CARDS]);

/* Deals the unseen cards, in ascending order, into a redacted game's hidden
 * places (the other seats' hands in seat order, then the deck), and marks
 * them all in play (cards_in_play), so scripts and bots may read cards
 * where the redaction left NET_HIDDEN_CARD. A neutral deal, not the real
 * one: bot_determinize shuffles it. */
void net_fill_hidden(Game *g, int seat);

json_t *net_game_to_json(const Game *g);
int net_game_from_json(const json_t *j, const Rules *rules, Game *out, char *err, int errlen);

/* GameOptions alone (the "options" member of the game object). */
json_t *net_options_to_json(const GameOptions *o);
int net_options_from_json(const json_t *j, GameOptions *out, char *err, int errlen);

json_t *net_rules_to_json(const Rules *r);
int net_rules_from_json(const json_t *j, Rules *out, char *err, int errlen);

/* 16 lowercase hex digits of a 64-bit value (hashes), into out[17]. */
void net_hex64(uint64_t v, char out[17]);
/* Reads 16 hex digits; 0, or -1 when the text is not that. */
int net_parse_hex64(const char *s, uint64_t *out);

#endif
