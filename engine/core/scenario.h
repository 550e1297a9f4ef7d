/* Scenarios: a short text that describes a position, built into a Game that
 * stands at a named step of a named player's turn. Tests use it to set up a
 * rule's situation in a few readable lines, then act through game_apply.
 *
 * Example (two players, A to buy):
 *
 *     # A's dark biome runs over two tiles; B holds the light Uno.
 *     players 2
 *     turn A buy
 *     tile 0 0 uno_dark
 *     tile 1 0 duo_dark_light rot 3     # stack bottom to top by repeating
 *     tile 2 0 uno_light
 *     tile 2 0 uno_light
 *     critter A 0 0 dark
 *     critter B 2 0 light
 *     resources A dark 2 light 1
 *     lava 3 0                          # on land or in the ocean
 *
 * One statement per line; `#` starts a comment; words are separated by blanks.
 * Players are letters A..E in seat order; cells are axial (q, r) as in hex.h;
 * tile, biome and card names are those of the rules (a card's name in any
 * case, with blanks or `_` between its words, as everywhere a card is named:
 * rules_card_name_is; a list of cards takes the longest name at each step).
 * Statements:
 *
 *   players N            2..5 (default 2)
 *   variant NAME         options.variant: a variant the rules declare (3+ players)
 *   seed N               the game's RNG seed, which draws the lava dice (default 1)
 *   turn P STEP [TYPE]   whose turn and where it stands (default: turn A move):
 *                          move       the move decision, one move left
 *                          buy        the buy decision, nothing bought yet
 *                          place TYPE a tile of TYPE was bought (taken from the
 *                                     supply, not paid for) and waits to be placed
 *                          target     a volcano was bought and waits for its target
 *                          claim      the claim decision
 *                          sacrifice  the sacrifice decision, no sacrifice made yet
 *                          collect    the sacrifice step is spent: the next advance
 *                                     collects resources
 *                          lava       collection is done: the next advance moves lava
 *                                     and ends the turn
 *   mode NAME            turn mode: normal (default) | final | finale
 *   tile Q R TYPE [rot N]  stacks a tile (any type, volcano and soil included);
 *                        the first 3 land tiles per player are the starting
 *                        islands', later ones are taken from the supply; a
 *                        volcano comes from the supply, soil from nowhere
 *   lava Q R             lava on that cell, on land or in the ocean
 *   critter P Q R BIOME  P's critter from hand onto the BIOME area of the top tile
 *   crater P N           N of P's critters from hand into P's crater
 *   grid P SLOT          P holds grid slot SLOT (index in content/grid.lua order),
 *                        marked by a critter from hand if P has one
 *   resources P BIOME N [BIOME N ...]  taken from the supply
 *   volcanoes P N        volcanoes P has activated
 *   points P N           end-game points P has bought
 *   caldera P CARD       P holds that Caldera card (taken from the deck if there)
 *   caldera_deck [CARD ...]  the Caldera deck, exactly these cards, the last on top
 *   supply TYPE N        supply count of a tile type (`volcano` for volcano tiles)
 *   hold P CARD          P holds that power from the start (as GameOptions.hold)
 *   mark Q R NAME        a cell mark (declared by a script) on that position
 *   mark Q R AREA NAME   a critter mark on the critter standing on that area
 *   unchecked            skip the final invariants check (a deliberately odd position)
 *
 * Lines take effect in order, except players, variant and seed (read first)
 * and turn (applied last), so a critter line must follow its cell's tile lines
 * and no tile may be stacked onto a cell where a critter already stands.
 *
 * Contract:
 *  - scenario_build starts a game with game_init (hooks NULL, set-up skipped),
 *    replaces its state and runs no game logic: the game stands exactly at the
 *    decision named by `turn`, even one the engine would take by itself (a move
 *    step with nothing to move, a buy step with nothing to buy, where the
 *    engine's forced sacrifice happens on entering the step: start from `move`
 *    to see it). scenario_run() then lets the engine go on.
 *  - Per-turn counters start at zero; no biome is resolved (a position with
 *    a contested biome stays so until a placement resolves it).
 *  - The built game passes invariants_check unless the text says `unchecked`.
 *  - To run rules scripts, build into a Session's game and then set its hooks
 *    (game.hooks = session_hooks(), game.hooks_ud = &session).
 *  - Errors name the line and the problem: "line 4: no tile at (3,1) to put a
 *    critter on". Returns 0, or -1 with the message in err. */
#ifndef VQ_SCENARIO_H
#define VQ_SCENARIO_H

#include "game.h"

int scenario_build(Game *g, const Rules *rules, const char *text, char *err, int errlen);

/* Checks the len bytes of a scenario's text: a NUL byte (which would end the
 * text early) or a control character other than whitespace (tab, newline,
 * vertical tab, form feed, carriage return) is refused, naming its line:
 * "line 3: a NUL byte (the text must be plain text)". scenario_build checks
 * its text with it too. Returns 0, or -1 with the message in err. */
int scenario_check_text(const char *text, size_t len, char *err, int errlen);

/* A game that starts from a scenario, as the command line's --scenario and a
 * save's "scenario" do: scenario_build with the deal, hold and params of
 * `extra` (NULL: none; its players and variant are ignored, the text's count)
 * and `seed` (NULL: the text's `seed`), then the hooks are attached, the held
 * powers announced to the scripts and scenario_run lets the engine go on to
 * the first real choice. The same arguments give the same game. */
int scenario_start(Game *g, const Rules *rules, const char *text, const GameOptions *extra, const uint64_t *seed,
                   const GameHooks *hooks, void *hooks_ud, char *err, int errlen);

/* Lets the game go on from where it stands, as after an apply: runs the steps
 * that need no choice (collection, lava, the end of the turn) and decisions
 * whose only option is to pass, until a player has a real choice. */
void scenario_run(Game *g);

/* Letter of a player (A..E). */
static inline char scenario_player_letter(int player) { return (char)('A' + player); }

#endif
