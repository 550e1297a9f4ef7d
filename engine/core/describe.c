#include "describe.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core_internal.h"

/* Seat letters: player 0 is A, 1 is B, ... */
#define SEAT(p) ((char)('A' + (p)))

/* Edge names, clockwise from east (hex.h). */
static const char *const EDGE_NAME[HEX_DIRS] = { "E", "SE", "SW", "W", "NW", "NE" };

/* The script layer's words for option o (NULL: the pending question's
 * prompt); false when it has none. */
static bool script_words(const Game *g, const Option *o, char *buf, int len)
{
    if (!g->hooks || !g->hooks->words)
        return false;
    buf[0] = 0;
    return g->hooks->words(g->hooks_ud, g, o, buf, len) == 0 && buf[0];
}

/* Appends printf-style text at buf[*n], never past len. */
static void add(char *buf, int len, int *n, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void add(char *buf, int len, int *n, const char *fmt, ...)
{
    if (*n >= len - 1)
        return;
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(buf + *n, (size_t)(len - *n), fmt, ap);
    va_end(ap);
    if (k > 0)
        *n = *n + k < len - 1 ? *n + k : len - 1;
}

static void payment_text(char *buf, int len, uint16_t pay)
{
    int n = 0;
    buf[0] = 0;
    for (int b = 0; b < BIOME_COUNT; b++)
        if (pay_of(pay, b))
            add(buf, len, &n, "%s%d %s", n ? " + " : "", pay_of(pay, b), biome_name(b));
    if (n == 0)
        snprintf(buf, (size_t)len, "nothing");
}

void game_tile_name(const Game *g, int type, char *buf, int len)
{
    if (type < 0 || type >= g->rules.tile_type_count) {
        snprintf(buf, (size_t)len, "tile");
        return;
    }
    const TileType *t = &g->rules.tile_types[type];
    switch (t->tile_class) {
    case TILE_UNO:
        snprintf(buf, (size_t)len, "%s Uno", biome_name(t->area_biome[0]));
        break;
    case TILE_DUO:
        snprintf(buf, (size_t)len, "%s/%s Duo", biome_name(t->area_biome[0]), biome_name(t->area_biome[1]));
        break;
    case TILE_TRIO:   /* two mirror images: named by their biomes clockwise */
        snprintf(buf, (size_t)len, "%s-%s-%s Trio", biome_name(t->area_biome[0]), biome_name(t->area_biome[1]),
                 biome_name(t->area_biome[2]));
        break;
    case TILE_VOLCANO:
        snprintf(buf, (size_t)len, "volcano");
        break;
    default:
        snprintf(buf, (size_t)len, "volcanic soil");
    }
}

/* How a tile turned `rot` lies: each biome and the edges it faces, clockwise
 * from east ("dark E-SE-SW, light W-NW-NE"); empty for an Uno or a tile
 * without biomes. */
static void orientation_text(const TileType *t, int rot, char *buf, int len)
{
    int n = 0;
    buf[0] = 0;
    if (t->areas < 2)
        return;
    /* Start at an edge whose anticlockwise neighbour differs, so each area's
     * edges come out as one run. */
    int start = 0;
    while (start < HEX_DIRS &&
           tile_edge_area(t, rot, start) == tile_edge_area(t, rot, (start + HEX_DIRS - 1) % HEX_DIRS))
        start++;
    start %= HEX_DIRS;
    for (int k = 0; k < HEX_DIRS; k++) {
        int e = (start + k) % HEX_DIRS, prev = (e + HEX_DIRS - 1) % HEX_DIRS;
        if (k == 0 || tile_edge_area(t, rot, e) != tile_edge_area(t, rot, prev))
            add(buf, len, &n, "%s%s %s", k ? ", " : "", biome_name(tile_edge_biome(t, rot, e)), EDGE_NAME[e]);
        else
            add(buf, len, &n, "-%s", EDGE_NAME[e]);
    }
}

static void tile_orientation(const Game *g, int type, int rot, char *buf, int len)
{
    if (type < 0 || type >= g->rules.tile_type_count) {
        buf[0] = 0;
        return;
    }
    orientation_text(&g->rules.tile_types[type], rot, buf, len);
}

static const char *area_biome(const Game *g, int cell, int area)
{
    return biome_name(board_area_biome(&g->board, &g->rules, cell, area));
}

/* Where a critter on the board stands: "the dark area at (0,1)", or "the sea at (2,3)". */
static void critter_place_text(const Game *g, int id, char *buf, int len)
{
    if (id < 0 || id >= MAX_PLAYERS * MAX_CRITTERS) {
        snprintf(buf, (size_t)len, "nowhere");
        return;
    }
    const Critter *c = &g->player[id / MAX_CRITTERS].critters[id % MAX_CRITTERS];
    Hex at = board_hex(c->cell);
    if (c->place == AT_BOARD && c->cell < BOARD_CELLS && board_is_land(&g->board, c->cell))
        snprintf(buf, (size_t)len, "the %s area at (%d,%d)", area_biome(g, c->cell, c->area), at.q, at.r);
    else if (c->place == AT_ASIDE && c->cell < BOARD_CELLS)
        snprintf(buf, (size_t)len, "aside at (%d,%d)", at.q, at.r);
    else
        snprintf(buf, (size_t)len, "%s", c->place == AT_HAND ? "hand" : c->place == AT_CRATER ? "the crater"
                                                                                              : "the Power Grid");
}

/* Whose critter, as the deciding player reads it: "your" or "B's". */
static void owner_text(const Game *g, int id, char *buf, int len)
{
    int owner = id / MAX_CRITTERS;
    if (owner == g->pending.player)
        snprintf(buf, (size_t)len, "your");
    else
        snprintf(buf, (size_t)len, "%c's", SEAT(owner));
}

static const char *pass_text(const Game *g)
{
    switch (g->pending.kind) {
    case DK_MOVE: return "move no critter";
    case DK_BUY: {
        const Player *pl = &g->player[g->pending.player];
        return g->buys_made || pl->caldera_bought || pl->sacrificed_hand ? "buy nothing more" : "buy nothing";
    }
    case DK_CLAIM: return "claim nothing more";
    case DK_SACRIFICE: return "sacrifice nothing";
    case DK_EVACUATE:
        return g->queue_len > 0 && g->queue[0].cause != CAUSE_LAVA ? "let the critter be lost"
                                                                    : "let the critter be lost to the lava";
    case DK_ISLAND: return "place no more tiles of the island";
    case DK_SCRIPT: return "decline";
    default: return "pass";
    }
}

static void buy_text(const Game *g, const Option *o, const char *paid, char *buf, int len)
{
    char name[48];
    switch (o->subject) {
    case BUY_VOLCANO: snprintf(name, sizeof name, "a volcano"); break;
    case BUY_ISLAND: snprintf(name, sizeof name, "an island"); break;
    case BUY_CALDERA: snprintf(name, sizeof name, "a Caldera card"); break;
    case BUY_POINT: snprintf(name, sizeof name, "a point"); break;
    default: {
        char t[40];
        game_tile_name(g, o->subject, t, sizeof t);
        snprintf(name, sizeof name, "a %s", t);
    }
    }
    snprintf(buf, (size_t)len, "%s %s paying %s", o->subject == BUY_ISLAND ? "summon" : "buy", name, paid);
}

static void tile_option_text(const Game *g, const Option *o, char *buf, int len)
{
    char name[40], how[96];
    Hex h = board_hex(o->cell);
    game_tile_name(g, o->subject, name, sizeof name);
    tile_orientation(g, o->subject, o->sub, how, sizeof how);
    int n = 0;
    add(buf, len, &n, "place the %s at (%d,%d)", name, h.q, h.r);
    if (how[0])
        add(buf, len, &n, ": %s", how);
}

static void critter_move_text(const Game *g, const Option *o, const char *paid, char *buf, int len)
{
    char who[8], from[64];
    Hex h = board_hex(o->cell);
    owner_text(g, o->subject, who, sizeof who);
    critter_place_text(g, o->subject, from, sizeof from);
    const char *verb = o->verb == VERB_MOVE ? "move" : o->verb == VERB_MIGRATE ? "migrate" : "evacuate";
    int n = 0;
    add(buf, len, &n, "%s %s critter from %s to the %s area at (%d,%d)", verb, who, from,
        area_biome(g, o->cell, o->sub), h.q, h.r);
    if (o->verb == VERB_EVACUATE)
        add(buf, len, &n, " paying %s", paid);
}

/* Words for the options that name a critter, a slot, a card or a resource. */
static void other_option_text(const Game *g, const Option *o, const char *paid, char *buf, int len)
{
    char who[8], at[64];
    switch (o->verb) {
    case VERB_RETURN:
    case VERB_KEEP:
    case VERB_SACRIFICE:
        owner_text(g, o->subject, who, sizeof who);
        critter_place_text(g, o->subject, at, sizeof at);
        snprintf(buf, (size_t)len, "%s %s critter on %s%s",
                 o->verb == VERB_RETURN ? "send" : o->verb == VERB_KEEP ? "keep" : "sacrifice", who, at,
                 o->verb == VERB_RETURN ? " back to hand" : o->verb == VERB_SACRIFICE ? " to your crater" : "");
        break;
    case VERB_UNLOCK: {
        int card = o->subject < MAX_GRID_SLOTS ? g->grid_card[o->subject] : 255;
        snprintf(buf, (size_t)len, "unlock %s (level %d power)",
                 card == 255 || card >= g->rules.power_card_count ? "an empty slot" : g->rules.power_cards[card].name,
                 o->subject < MAX_GRID_SLOTS ? g->rules.grid[o->subject].level : 0);
        break;
    }
    case VERB_SACRIFICE_HAND:
        snprintf(buf, (size_t)len, "sacrifice a critter from hand paying %s", paid);
        break;
    case VERB_RESOURCE:
        snprintf(buf, (size_t)len, "%s 1 %s", g->pending.kind == DK_DISCARD ? "discard" : "take", biome_name(o->sub));
        break;
    case VERB_PLAY_CARD: {
        const Player *pl = &g->player[g->pending.player];
        int card = o->subject < pl->caldera_count ? pl->caldera[o->subject] : 255;
        snprintf(buf, (size_t)len, "play your Caldera card %s",
                 card < g->rules.power_card_count ? g->rules.power_cards[card].name : "?");
        break;
    }
    default:
        snprintf(buf, (size_t)len, "%s", verb_name(o->verb));
    }
}

void game_option_text(const Game *g, const Option *o, char *buf, int len)
{
    char paid[64];
    payment_text(paid, sizeof paid, o->pay);
    switch (o->verb) {
    case VERB_PASS:
        if (g->pending.kind != DK_SCRIPT || !script_words(g, o, buf, len))
            snprintf(buf, (size_t)len, "%s", pass_text(g));
        break;
    case VERB_TILE:
        tile_option_text(g, o, buf, len);
        break;
    case VERB_CRITTER: {
        Hex h = board_hex(o->cell);
        snprintf(buf, (size_t)len, "put a critter on the %s area at (%d,%d)", area_biome(g, o->cell, o->sub), h.q,
                 h.r);
        break;
    }
    case VERB_MOVE:
    case VERB_MIGRATE:
    case VERB_EVACUATE:
        critter_move_text(g, o, paid, buf, len);
        break;
    case VERB_BUY:
        buy_text(g, o, paid, buf, len);
        break;
    case VERB_TARGET: {
        Hex h = board_hex(o->cell);
        snprintf(buf, (size_t)len, "unleash the volcano on the stack at (%d,%d), height %d", h.q, h.r,
                 g->board.cells[o->cell].height);
        break;
    }
    case VERB_ACTION:
        if (!script_words(g, o, buf, len))
            snprintf(buf, (size_t)len, "a power's action (%d)", o->sub);
        break;
    case VERB_CHOOSE:
        if (!script_words(g, o, buf, len)) {
            Hex h = board_hex(o->cell);
            int n = 0;
            add(buf, len, &n, "choice %d", o->subject + 1);
            if (o->cell != NO_CELL)
                add(buf, len, &n, " at (%d,%d)", h.q, h.r);
        }
        break;
    default:
        other_option_text(g, o, paid, buf, len);
    }
}

/* What each kind of decision asks, by DecisionKind, where the prompt needs no detail. */
static const char *const PROMPTS[DK_COUNT] = {
    [DK_SETUP_TILE] = "Place a tile of your starting island",
    [DK_SETUP_CRITTER] = "Place a starting critter",
    [DK_BONUS] = "Take a bonus resource",
    [DK_MOVE] = "Move a critter, or move none",
    [DK_BUY] = "Buy a tile, a volcano, a Caldera card or a point, or buy nothing",
    [DK_KEEP] = "Two of your critters share a biome: send one back to hand",
    [DK_TARGET] = "Choose the stack the volcano erupts on",
    [DK_UNLOCK] = "Unlock a power on the Power Grid",
    [DK_ISLAND] = "Place a tile of the summoned island",
    [DK_CLAIM] = "Claim an uninhabited tile with a critter from hand, or stop",
    [DK_SACRIFICE] = "Sacrifice a critter to your crater, or none",
    [DK_SCRIPT] = "Answer a power's question",
    [DK_GAME_OVER] = "The game is over",
};

/* What displaced a queued critter, as the subject of a sentence. */
static const char *cause_words(int cause)
{
    switch (cause) {
    case CAUSE_LAVA: return "Lava reaches";
    case CAUSE_ERUPTION: return "The volcano erupts under";
    case CAUSE_SLIDE: return "A tile slides onto";
    case CAUSE_TAKEOVER: return "A critter takes the place of";
    default: return "A blow falls on";
    }
}

/* A queued critter's question, by why it must go: the place is the one it
 * stood on before the change (the tile there may now be covered). */
static void displaced_prompt(const QueueItem *q, char *buf, int len)
{
    Hex h = board_hex(q->cell);
    const char *biome = biome_name(q->biome);
    if (q->kind == DK_MIGRATE)
        snprintf(buf, (size_t)len, "Your critter on the %s area at (%d,%d) was covered: migrate it within its %s "
                 "biome, or send it back to hand", biome, h.q, h.r, biome);
    else if (q->must_flee)
        snprintf(buf, (size_t)len, "%s your critter on the %s area at (%d,%d): it must flee, for free, within its "
                 "%s biome", cause_words(q->cause), biome, h.q, h.r, biome);
    else
        snprintf(buf, (size_t)len, "%s your critter on the %s area at (%d,%d): pay to evacuate it within its %s "
                 "biome, or lose it", cause_words(q->cause), biome, h.q, h.r, biome);
}

/* Prompts that name the tile, the critter or the limit concerned. */
static bool detailed_prompt(const Game *g, char *buf, int len)
{
    const Pending *pd = &g->pending;
    char name[40];
    switch (pd->kind) {
    case DK_PLACE:
        game_tile_name(g, g->bought_type, name, sizeof name);
        snprintf(buf, (size_t)len, "Place the %s you bought", name);
        return true;
    case DK_MIGRATE:
    case DK_EVACUATE:
        if (g->queue_len == 0)
            return false;
        displaced_prompt(&g->queue[0], buf, len);
        return true;
    case DK_DISCARD:
        snprintf(buf, (size_t)len, "You hold %d resources, more than the limit of %d: discard one",
                 player_resource_total(&g->player[pd->player]), pd->aux);
        return true;
    default:
        return false;
    }
}

void game_prompt_text(const Game *g, char *buf, int len)
{
    int kind = g->pending.kind;
    if (kind == DK_SCRIPT && g->ask_len > 0 && script_words(g, NULL, buf, len))
        return;
    if (detailed_prompt(g, buf, len))
        return;
    const char *p = kind >= 0 && kind < DK_COUNT && PROMPTS[kind] ? PROMPTS[kind] : decision_kind_name(kind);
    snprintf(buf, (size_t)len, "%s", p);
}
