#include "describe.h"

#include <stdio.h>

/* Seat letters: player 0 is A, 1 is B, ... */
#define SEAT(p) ((char)('A' + (p)))

/* The script layer's words for option o (NULL: the pending question's
 * prompt); false when it has none. */
static bool script_words(const Game *g, const Option *o, char *buf, int len)
{
    if (!g->hooks || !g->hooks->words)
        return false;
    buf[0] = 0;
    return g->hooks->words(g->hooks_ud, g, o, buf, len) == 0 && buf[0];
}

static void payment_text(char *buf, int len, uint16_t pay)
{
    int n = 0;
    buf[0] = 0;
    for (int b = 0; b < BIOME_COUNT; b++)
        if (pay_of(pay, b))
            n += snprintf(buf + n, (size_t)(len > n ? len - n : 0), "%s%d %s", n ? " + " : "",
                          pay_of(pay, b), biome_name(b));
    if (n == 0)
        snprintf(buf, (size_t)len, "nothing");
}

static const char *area_biome(const Game *g, int cell, int area)
{
    return biome_name(board_area_biome(&g->board, &g->rules, cell, area));
}

void game_option_text(const Game *g, const Option *o, char *buf, int len)
{
    char paid[64];
    Hex h = board_hex(o->cell);
    payment_text(paid, sizeof paid, o->pay);
    switch (o->verb) {
    case VERB_PASS:
        if (g->pending.kind == DK_SCRIPT && script_words(g, o, buf, len))
            break;
        snprintf(buf, (size_t)len, g->pending.kind == DK_EVACUATE ? "let the critter be lost to the lava"
                                                                   : "pass / done");
        break;
    case VERB_TILE:
        snprintf(buf, (size_t)len, "place %s at (%d,%d) turned %d", g->rules.tile_types[o->subject].name, h.q,
                 h.r, o->sub);
        break;
    case VERB_CRITTER:
        snprintf(buf, (size_t)len, "put a critter on the %s area at (%d,%d)", area_biome(g, o->cell, o->sub), h.q,
                 h.r);
        break;
    case VERB_MOVE:
    case VERB_MIGRATE:
    case VERB_EVACUATE: {
        const Critter *c = &g->player[o->subject / MAX_CRITTERS].critters[o->subject % MAX_CRITTERS];
        Hex from = board_hex(c->cell);
        int n = snprintf(buf, (size_t)len, "%s %c's critter from (%d,%d) to the %s area at (%d,%d)",
                         o->verb == VERB_MOVE ? "move" : o->verb == VERB_MIGRATE ? "migrate" : "evacuate",
                         SEAT(o->subject / MAX_CRITTERS), from.q, from.r, area_biome(g, o->cell, o->sub),
                         h.q, h.r);
        if (o->verb == VERB_EVACUATE && n < len)
            snprintf(buf + n, (size_t)(len - n), " paying %s", paid);
        break;
    }
    case VERB_BUY:
        if (o->subject == BUY_VOLCANO)
            snprintf(buf, (size_t)len, "buy a volcano paying %s", paid);
        else if (o->subject == BUY_ISLAND)
            snprintf(buf, (size_t)len, "summon an island paying %s", paid);
        else if (o->subject == BUY_CALDERA)
            snprintf(buf, (size_t)len, "buy a Caldera card paying %s", paid);
        else if (o->subject == BUY_POINT)
            snprintf(buf, (size_t)len, "buy a point paying %s", paid);
        else
            snprintf(buf, (size_t)len, "buy %s paying %s", g->rules.tile_types[o->subject].name, paid);
        break;
    case VERB_RETURN: {
        const Critter *c = &g->player[o->subject / MAX_CRITTERS].critters[o->subject % MAX_CRITTERS];
        Hex at = board_hex(c->cell);
        snprintf(buf, (size_t)len, "send %c's critter at (%d,%d) back to hand", SEAT(o->subject / MAX_CRITTERS),
                 at.q, at.r);
        break;
    }
    case VERB_TARGET:
        snprintf(buf, (size_t)len, "unleash the volcano on the stack at (%d,%d), height %d", h.q, h.r,
                 g->board.cells[o->cell].height);
        break;
    case VERB_UNLOCK: {
        int card = g->grid_card[o->subject];
        snprintf(buf, (size_t)len, "unlock L%d slot %d: %s", g->rules.grid[o->subject].level, o->subject + 1,
                 card == 255 ? "(empty)" : g->rules.power_cards[card].name);
        break;
    }
    case VERB_SACRIFICE: {
        const Critter *c = &g->player[o->subject / MAX_CRITTERS].critters[o->subject % MAX_CRITTERS];
        Hex at = board_hex(c->cell);
        snprintf(buf, (size_t)len, "sacrifice the critter at (%d,%d)", at.q, at.r);
        break;
    }
    case VERB_SACRIFICE_HAND:
        snprintf(buf, (size_t)len, "sacrifice a critter from hand paying %s", paid);
        break;
    case VERB_RESOURCE:
        snprintf(buf, (size_t)len, "%s one %s", g->pending.kind == DK_DISCARD ? "discard" : "take",
                 biome_name(o->sub));
        break;
    case VERB_PLAY_CARD: {
        const Player *pl = &g->player[g->pending.player];
        snprintf(buf, (size_t)len, "play the Caldera card %s", g->rules.power_cards[pl->caldera[o->subject]].name);
        break;
    }
    case VERB_ACTION:
        if (!script_words(g, o, buf, len))
            snprintf(buf, (size_t)len, "a power's action (%d)", o->sub);
        break;
    case VERB_CHOOSE:
        if (!script_words(g, o, buf, len)) {
            int n = snprintf(buf, (size_t)len, "choice %d", o->subject + 1);
            if (o->cell != NO_CELL && n < len)
                snprintf(buf + n, (size_t)(len - n), " at (%d,%d)", h.q, h.r);
        }
        break;
    default:
        snprintf(buf, (size_t)len, "%s", verb_name(o->verb));
    }
}


/* What each kind of decision asks, by DecisionKind. */
static const char *const PROMPTS[DK_COUNT] = {
    [DK_SETUP_TILE] = "Place a tile of your starting island",
    [DK_SETUP_CRITTER] = "Place a starting critter",
    [DK_BONUS] = "Take a bonus resource",
    [DK_MOVE] = "Move up to one critter",
    [DK_BUY] = "Buy a tile (or a Caldera card, or a point)",
    [DK_PLACE] = "Place the tile you bought",
    [DK_MIGRATE] = "Your critter's tile was covered: migrate it within its biome",
    [DK_KEEP] = "Two of your critters share a biome: send one back to hand",
    [DK_TARGET] = "Choose where the volcano erupts",
    [DK_UNLOCK] = "Unlock a power on the Power Grid",
    [DK_EVACUATE] = "Lava reaches your critter: pay to evacuate it, or lose it",
    [DK_ISLAND] = "Place a tile of the summoned island",
    [DK_CLAIM] = "Claim an uninhabited tile",
    [DK_SACRIFICE] = "Sacrifice a critter to your crater",
    [DK_DISCARD] = "Discard down to your resource limit",
    [DK_SCRIPT] = "Answer a power's question",
    [DK_GAME_OVER] = "The game is over",
};

void game_prompt_text(const Game *g, char *buf, int len)
{
    int kind = g->pending.kind;
    if (kind == DK_SCRIPT && g->ask_len > 0 && script_words(g, NULL, buf, len))
        return;
    const char *p = kind >= 0 && kind < DK_COUNT && PROMPTS[kind] ? PROMPTS[kind] : decision_kind_name(kind);
    snprintf(buf, (size_t)len, "%s", p);
}
