/* The scenario text format (see scenario.h): a line reader, one function per
 * statement, and the step the game stands at. */
#include "scenario.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core_internal.h"
#include "invariants.h"
#include "number.h"

#define MAX_WORDS 32
#define LINE_LEN 512

typedef enum Step {
    STEP_MOVE, STEP_BUY, STEP_PLACE, STEP_TARGET, STEP_CLAIM, STEP_SACRIFICE, STEP_COLLECT,
    STEP_LAVA, STEP_COUNT
} Step;

static const char *const STEP_NAMES[STEP_COUNT] = {
    "move", "buy", "place", "target", "claim", "sacrifice", "collect", "lava",
};
static const char *const MODE_NAMES[MODE_COUNT] = { "normal", "final", "finale" };

typedef struct Ctx {
    Game *g;
    const Rules *rules;   /* what the game is built with (its variants, before game_init) */
    int line;
    char *err;
    int errlen;
    int unchecked;
    int starting_left;    /* land tiles the starting islands may still account for */
    int player, step, place_type, mode;
    int turn_line;        /* where the turn statement stands, for its errors */
    uint8_t lava[BOARD_CELLS / 8];
} Ctx;

static int fail(Ctx *c, const char *fmt, ...)
{
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(c->err, (size_t)c->errlen, "line %d: %s", c->line, msg);
    return -1;
}

/* ---- words ---- */

static int split(char *line, char **w)
{
    char *hash = strchr(line, '#');
    if (hash)
        *hash = 0;
    int n = 0;
    for (char *p = line; *p;) {
        while (*p && isspace((unsigned char)*p))
            p++;
        if (!*p)
            break;
        if (n == MAX_WORDS)
            return -1;
        w[n++] = p;
        while (*p && !isspace((unsigned char)*p))
            p++;
        if (*p)
            *p++ = 0;
    }
    return n;
}

static int int_word(Ctx *c, const char *word, const char *what, int lo, int hi, int *out)
{
    int64_t v;
    NumberResult r = number_parse_i64(word, lo, hi, &v);
    if (r == NUMBER_NOT_A_NUMBER)
        return fail(c, "%s: expected a number, got '%s'", what, word);
    if (r == NUMBER_OUT_OF_RANGE)
        return fail(c, "%s: %s is out of range %d..%d", what, word, lo, hi);
    *out = (int)v;
    return 0;
}

static int player_word(Ctx *c, const char *word, int *out)
{
    int p = toupper((unsigned char)word[0]) - 'A';
    if (word[1] || p < 0 || p >= MAX_PLAYERS)
        return fail(c, "expected a player letter A..E, got '%s'", word);
    if (p >= c->g->players)
        return fail(c, "player %s: the game has %d players", word, c->g->players);
    *out = p;
    return 0;
}

static int cell_words(Ctx *c, const char *q, const char *r, int *out)
{
    int hq = 0, hr = 0;
    if (int_word(c, q, "q", -BOARD_OFFSET, BOARD_SIZE - BOARD_OFFSET - 1, &hq) ||
        int_word(c, r, "r", -BOARD_OFFSET, BOARD_SIZE - BOARD_OFFSET - 1, &hr))
        return -1;
    *out = board_cell(hex_make(hq, hr));
    return 0;
}

static int biome_word(Ctx *c, const char *word, int *out)
{
    int b = biome_by_name(word);
    if (b < 0 || b >= BIOME_COUNT)
        return fail(c, "unknown biome '%s' (dark, medium or light)", word);
    *out = b;
    return 0;
}

static int type_word(Ctx *c, const char *word, int *out)
{
    int t = rules_tile_type_by_name(&c->g->rules, word);
    if (t < 0)
        return fail(c, "unknown tile type '%s'", word);
    *out = t;
    return 0;
}

/* The power card named by the first words of w[0..n) (rules_card_name_is:
 * "Tidal critters", "tidal_critters", "Tidal_Critters" alike): the longest name
 * that matches, its index into *card and the words it took into *used. */
static int card_words(Ctx *c, char **w, int n, int *card, int *used)
{
    char name[4 * NAME_LEN];
    for (int k = n; k >= 1; k--) {
        name[0] = 0;
        for (int i = 0; i < k; i++)
            snprintf(name + strlen(name), sizeof name - strlen(name), "%s%s", i ? " " : "", w[i]);
        int found = rules_power_card_by_name(&c->g->rules, name);
        if (found >= 0) {
            *card = found;
            *used = k;
            return 0;
        }
    }
    return fail(c, "unknown power card '%s'", n > 0 ? w[0] : "");
}

/* The one card named by all of w[0..n). */
static int card_name(Ctx *c, char **w, int n, int *card)
{
    char name[4 * NAME_LEN] = "";
    for (int i = 0; i < n; i++)
        snprintf(name + strlen(name), sizeof name - strlen(name), "%s%s", i ? " " : "", w[i]);
    *card = rules_power_card_by_name(&c->g->rules, name);
    return *card < 0 ? fail(c, "unknown power card '%s'", name) : 0;
}

static int want(Ctx *c, int n, int lo, int hi, const char *usage)
{
    if (n < lo || n > hi)
        return fail(c, "usage: %s", usage);
    return 0;
}

static Hex hex_of(int cell) { return board_hex(cell); }

/* ---- statements ---- */

static int st_tile(Ctx *c, char **w, int n)
{
    Game *g = c->g;
    int cell = 0, type = 0, rot = 0;
    if (want(c, n, 4, 6, "tile Q R TYPE [rot N]") || cell_words(c, w[1], w[2], &cell) || type_word(c, w[3], &type))
        return -1;
    if (n > 4) {
        if (n != 6 || strcmp(w[4], "rot") != 0)
            return fail(c, "usage: tile Q R TYPE [rot N]");
        if (int_word(c, w[5], "rotation", 0, 5, &rot))
            return -1;
    }
    Hex h = hex_of(cell);
    int ids[8];
    if (game_critters_on_cell(g, cell, ids, 8) > 0)
        return fail(c, "a critter already stands on (%d,%d): stack its tiles before placing critters", h.q, h.r);
    int cls = g->rules.tile_types[type].tile_class;
    if (cls == TILE_VOLCANO) {
        if (g->supply_volcanoes == 0)
            return fail(c, "no volcano tile left in the supply");
        g->supply_volcanoes--;
    } else if (cls != TILE_SOIL) {
        if (c->starting_left > 0)
            c->starting_left--;
        else if (g->supply_tiles[type] > 0)
            g->supply_tiles[type]--;
        else
            return fail(c, "no %s left: the supply and the starting islands are used up", w[3]);
    }
    if (board_push(&g->board, cell, type, rot) != 0)
        return fail(c, "the board is full");
    return 0;
}

static int st_lava(Ctx *c, char **w, int n)
{
    int cell = 0;
    if (want(c, n, 3, 3, "lava Q R") || cell_words(c, w[1], w[2], &cell))
        return -1;
    if (c->lava[cell >> 3] & (1 << (cell & 7))) {
        Hex h = hex_of(cell);
        return fail(c, "lava is already on (%d,%d)", h.q, h.r);
    }
    if (c->g->lava_count >= MAX_LAVA)
        return fail(c, "more than %d lava tokens", MAX_LAVA);
    c->lava[cell >> 3] |= (uint8_t)(1 << (cell & 7));
    c->g->lava[c->g->lava_count++] = (Lava){ (uint16_t)cell, 0, 0 };
    return 0;
}

static int st_critter(Ctx *c, char **w, int n)
{
    Game *g = c->g;
    int p = 0, cell = 0, biome = 0;
    if (want(c, n, 5, 5, "critter P Q R BIOME") || player_word(c, w[1], &p) || cell_words(c, w[2], w[3], &cell) ||
        biome_word(c, w[4], &biome))
        return -1;
    Hex h = hex_of(cell);
    if (!board_is_land(&g->board, cell))
        return fail(c, "no tile at (%d,%d) to put a critter on", h.q, h.r);
    int areas = board_areas(&g->board, &g->rules, cell), area = -1;
    if (areas == 0)
        return fail(c, "the %s on (%d,%d) has no biome to put a critter on",
                    tile_class_name(board_top_class(&g->board, &g->rules, cell)), h.q, h.r);
    for (int a = 0; a < areas; a++)
        if (board_area_biome(&g->board, &g->rules, cell, a) == biome)
            area = a;
    if (area < 0)
        return fail(c, "the top tile on (%d,%d) has no %s area", h.q, h.r, w[4]);
    int other = game_critter_at(g, cell, area);
    if (other >= 0)
        return fail(c, "the %s area of (%d,%d) already holds a critter of %c", w[4], h.q, h.r,
                    scenario_player_letter(other / MAX_CRITTERS));
    int i = game_first_in_hand(g, p);
    if (i < 0)
        return fail(c, "player %s has no critter left in hand", w[1]);
    g->player[p].critters[i] = (Critter){ .place = AT_BOARD, .area = (uint8_t)area, .cell = (uint16_t)cell };
    return 0;
}

static int st_crater(Ctx *c, char **w, int n)
{
    int p = 0, count = 0;
    if (want(c, n, 3, 3, "crater P N") || player_word(c, w[1], &p) ||
        int_word(c, w[2], "crater critters", 0, MAX_CRITTERS, &count))
        return -1;
    for (int k = 0; k < count; k++) {
        int i = game_first_in_hand(c->g, p);
        if (i < 0)
            return fail(c, "player %s has no critter left in hand", w[1]);
        c->g->player[p].critters[i].place = AT_CRATER;
    }
    return 0;
}

static int st_grid(Ctx *c, char **w, int n)
{
    Game *g = c->g;
    int p = 0, slot = 0;
    if (want(c, n, 3, 3, "grid P SLOT") || player_word(c, w[1], &p) ||
        int_word(c, w[2], "grid slot", 0, g->rules.grid_slot_count - 1, &slot))
        return -1;
    if (g->unlocked[p][slot])
        return fail(c, "player %s already holds grid slot %d", w[1], slot);
    g->unlocked[p][slot] = 1;
    if (g->grid_card[slot] != 255)
        g->cards_in_play |= (uint64_t)1 << g->grid_card[slot];
    player_refresh_abilities(g, p);
    int i = game_first_in_hand(g, p);
    if (i >= 0)
        g->player[p].critters[i] = (Critter){ .place = AT_GRID, .cell = (uint16_t)slot };
    return 0;
}

static int st_resources(Ctx *c, char **w, int n)
{
    Game *g = c->g;
    int p = 0;
    if (n < 4 || n % 2 != 0)
        return fail(c, "usage: resources P BIOME N [BIOME N ...]");
    if (player_word(c, w[1], &p))
        return -1;
    for (int k = 2; k < n; k += 2) {
        int b = 0, amount = 0;
        if (biome_word(c, w[k], &b) || int_word(c, w[k + 1], "resources", 0, 255, &amount))
            return -1;
        if (amount > g->supply_resources[b])
            return fail(c, "only %d %s resources are left in the supply", g->supply_resources[b], w[k]);
        g->supply_resources[b] -= (uint8_t)amount;
        g->player[p].resources[b] += (uint8_t)amount;
    }
    return 0;
}

static int st_player_count(Ctx *c, char **w, int n, const char *usage, int which)
{
    int p = 0, v = 0;
    if (want(c, n, 3, 3, usage) || player_word(c, w[1], &p) || int_word(c, w[2], w[0], 0, 255, &v))
        return -1;
    if (which == 0)
        c->g->player[p].volcanoes = (uint8_t)v;
    else
        c->g->player[p].points_bought = (uint8_t)v;
    return 0;
}

static int st_caldera(Ctx *c, char **w, int n)
{
    Game *g = c->g;
    int p = 0, card = 0;
    if (want(c, n, 3, MAX_WORDS, "caldera P CARD") || player_word(c, w[1], &p) || card_name(c, w + 2, n - 2, &card))
        return -1;
    Player *pl = &g->player[p];
    if (pl->caldera_count >= MAX_CALDERA)
        return fail(c, "player %s holds too many Caldera cards", w[1]);
    for (int i = 0; i < g->caldera_size; i++)
        if (g->caldera_deck[i] == card) {
            memmove(&g->caldera_deck[i], &g->caldera_deck[i + 1], (size_t)(g->caldera_size - i - 1));
            g->caldera_size--;
            break;
        }
    pl->caldera[pl->caldera_count++] = (uint8_t)card;
    g->cards_in_play |= (uint64_t)1 << card;
    return 0;
}

/* hold P CARD: P holds the power from the start (GameOptions.hold). */
static int st_hold(Ctx *c, char **w, int n)
{
    Game *g = c->g;
    int p = 0, card = 0;
    if (want(c, n, 3, MAX_WORDS, "hold P CARD") || player_word(c, w[1], &p) || card_name(c, w + 2, n - 2, &card))
        return -1;
    g->options.hold[p] |= (uint64_t)1 << card;
    g->cards_in_play |= (uint64_t)1 << card;
    setup_drop_held_cards(g);
    player_refresh_abilities(g, p);
    return 0;
}

/* mark Q R AREA NAME (a critter mark on the critter there) or mark Q R NAME
 * (a cell mark on that position). */
static int st_mark(Ctx *c, char **w, int n)
{
    Game *g = c->g;
    int q = 0, r = 0;
    if ((n != 4 && n != 5) || int_word(c, w[1], "q", -100, 100, &q) || int_word(c, w[2], "r", -100, 100, &r))
        return fail(c, "usage: mark Q R NAME (a cell mark) or mark Q R AREA NAME (the critter there)");
    Hex h = hex_make(q, r);
    if (!board_in_bounds(h))
        return fail(c, "(%d,%d) lies off the board", q, r);
    int cell = board_cell(h);
    const char *name = w[n - 1];
    if (n == 4) {
        for (int m = 0; m < g->rules.cell_mark_count; m++)
            if (!strcmp(g->rules.cell_marks[m].name, name)) {
                g->cell_marks[m][cell >> 3] |= (uint8_t)(1 << (cell & 7));
                return 0;
            }
        return fail(c, "no cell mark is called '%s'", name);
    }
    int area = 0;
    if (int_word(c, w[3], "area", 1, MAX_AREAS, &area))
        return -1;
    int id = game_critter_at(g, cell, area - 1);
    if (id < 0)
        return fail(c, "no critter stands on area %d at (%d,%d)", area, q, r);
    for (int m = 0; m < g->rules.critter_mark_count; m++)
        if (!strcmp(g->rules.critter_marks[m].name, name)) {
            game_critter(g, id)->marks |= (uint8_t)(1 << m);
            g->critter_marks_seen |= (uint8_t)(1 << m);
            return 0;
        }
    return fail(c, "no critter mark is called '%s'", name);
}

static int st_caldera_deck(Ctx *c, char **w, int n)
{
    c->g->caldera_size = 0;
    for (int k = 1, used = 0; k < n; k += used) {
        int card = 0;
        if (card_words(c, w + k, n - k, &card, &used))
            return -1;
        if (c->g->caldera_size >= MAX_POWER_CARDS)
            return fail(c, "%s", "more cards than the Caldera deck holds");
        c->g->caldera_deck[c->g->caldera_size++] = (uint8_t)card;
    }
    return 0;
}

static int st_supply(Ctx *c, char **w, int n)
{
    Game *g = c->g;
    int count = 0;
    if (want(c, n, 3, 3, "supply TYPE N") || int_word(c, w[2], "supply", 0, 255, &count))
        return -1;
    int type = 0;
    if (type_word(c, w[1], &type))
        return -1;
    int cls = g->rules.tile_types[type].tile_class;
    if (cls == TILE_VOLCANO)
        g->supply_volcanoes = (uint8_t)count;
    else if (cls == TILE_SOIL)
        return fail(c, "soil is never in the supply");
    else
        g->supply_tiles[type] = (uint8_t)count;
    return 0;
}

static int st_turn(Ctx *c, char **w, int n)
{
    if (want(c, n, 3, 4, "turn P STEP [TYPE]") || player_word(c, w[1], &c->player))
        return -1;
    c->turn_line = c->line;
    c->step = -1;
    for (int s = 0; s < STEP_COUNT; s++)
        if (strcmp(w[2], STEP_NAMES[s]) == 0)
            c->step = s;
    if (c->step < 0)
        return fail(c, "unknown step '%s' (move, buy, place, target, claim, sacrifice, collect or lava)", w[2]);
    if ((c->step == STEP_PLACE) != (n == 4))
        return fail(c, c->step == STEP_PLACE ? "usage: turn P place TYPE" : "usage: turn P STEP");
    if (c->step == STEP_PLACE) {
        if (type_word(c, w[3], &c->place_type))
            return -1;
        if (c->g->rules.tile_types[c->place_type].tile_class > TILE_TRIO)
            return fail(c, "'%s' is not a land tile one can buy", w[3]);
    }
    return 0;
}

static int st_mode(Ctx *c, char **w, int n)
{
    if (want(c, n, 2, 2, "mode NAME"))
        return -1;
    for (int m = 0; m < MODE_COUNT; m++)
        if (strcmp(w[1], MODE_NAMES[m]) == 0) {
            c->mode = m;
            return 0;
        }
    return fail(c, "unknown mode '%s' (normal, final or finale)", w[1]);
}

/* ---- the two passes ---- */

typedef int (*LineFn)(Ctx *c, char **w, int n, void *ud);

/* Calls fn for every line with words, numbering lines from 1. */
static int each_line(Ctx *c, const char *text, LineFn fn, void *ud)
{
    c->line = 0;
    for (const char *p = text; *p;) {
        const char *end = strchr(p, '\n');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        c->line++;
        if (len >= LINE_LEN)
            return fail(c, "line too long (%d characters at most)", LINE_LEN - 1);
        char line[LINE_LEN];
        memcpy(line, p, len);
        line[len] = 0;
        char *w[MAX_WORDS];
        int n = split(line, w);
        if (n < 0)
            return fail(c, "more than %d words", MAX_WORDS);
        if (n > 0 && fn(c, w, n, ud) != 0)
            return -1;
        p = end ? end + 1 : p + len;
    }
    return 0;
}

/* Pass one: what game_init needs. */
typedef struct Start {
    GameOptions o;
    uint64_t seed;
} Start;

static int game_line(Ctx *c, char **w, int n, void *ud)
{
    GameOptions *o = &((Start *)ud)->o;
    uint64_t *seed = &((Start *)ud)->seed;
    if (strcmp(w[0], "players") == 0) {
        int v = 0;
        if (want(c, n, 2, 2, "players N") || int_word(c, w[1], "players", MIN_PLAYERS, MAX_PLAYERS, &v))
            return -1;
        o->players = (uint8_t)v;
    } else if (strcmp(w[0], "variant") == 0) {
        if (want(c, n, 2, 2, "variant NAME"))
            return -1;
        char known[MAX_VARIANTS * VARIANT_LEN] = "";
        if (!rules_variant_name_ok(w[1]) || !rules_variant_allowed(c->rules, w[1], known, sizeof known))
            return fail(c, "unknown variant '%s' (%s)", w[1], known[0] ? known : "a-z, 0-9 and _");
        snprintf(o->variant, sizeof o->variant, "%s", w[1]);
    } else if (strcmp(w[0], "seed") == 0) {
        int v = 0;
        if (want(c, n, 2, 2, "seed N") || int_word(c, w[1], "seed", 0, 0x7fffffff, &v))
            return -1;
        *seed = (uint64_t)v;
    }
    return 0;
}

/* Pass two: the position. */
static int position_line(Ctx *c, char **w, int n, void *ud)
{
    (void)ud;
    const char *s = w[0];
    if (!strcmp(s, "players") || !strcmp(s, "variant") || !strcmp(s, "seed"))
        return 0;
    if (!strcmp(s, "turn")) return st_turn(c, w, n);
    if (!strcmp(s, "mode")) return st_mode(c, w, n);
    if (!strcmp(s, "tile")) return st_tile(c, w, n);
    if (!strcmp(s, "lava")) return st_lava(c, w, n);
    if (!strcmp(s, "critter")) return st_critter(c, w, n);
    if (!strcmp(s, "crater")) return st_crater(c, w, n);
    if (!strcmp(s, "grid")) return st_grid(c, w, n);
    if (!strcmp(s, "resources")) return st_resources(c, w, n);
    if (!strcmp(s, "volcanoes")) return st_player_count(c, w, n, "volcanoes P N", 0);
    if (!strcmp(s, "points")) return st_player_count(c, w, n, "points P N", 1);
    if (!strcmp(s, "caldera")) return st_caldera(c, w, n);
    if (!strcmp(s, "caldera_deck")) return st_caldera_deck(c, w, n);
    if (!strcmp(s, "hold")) return st_hold(c, w, n);
    if (!strcmp(s, "mark")) return st_mark(c, w, n);
    if (!strcmp(s, "supply")) return st_supply(c, w, n);
    if (!strcmp(s, "unchecked")) {
        c->unchecked = 1;
        return want(c, n, 1, 1, "unchecked");
    }
    return fail(c, "unknown statement '%s'", s);
}

/* Empties the freshly started game: no board, every critter in hand, set-up over. */
static void clear_position(Game *g)
{
    board_clear(&g->board);
    board_set_rules(&g->board, &g->rules);
    g->lava_count = 0;
    for (int p = 0; p < g->players; p++)
        for (int i = 0; i < g->rules.critters_per_player; i++)
            g->player[p].critters[i] = (Critter){ .place = AT_HAND };
    g->setup_step = (uint8_t)(g->players * 6 + 1 + g->rules.later_player_bonus * (g->players - 1));
    g->queue_len = 0;
    g->ask_len = 0;
    g->contest_dirty = 0;
}

/* Stands the game at the chosen step, with the fields turn.c sets on entering it. */
static int stand_at(Ctx *c)
{
    Game *g = c->g;
    int p = c->player;
    g->first_player = 0;
    g->active = (uint8_t)p;
    g->turn = 1;
    g->mode = (uint8_t)c->mode;
    g->buys_made = g->soil_placements = g->extra_buys = g->sacrifices = 0;
    g->moves_left = 0;
    g->volcano_held = 0;
    Player *pl = &g->player[p];
    pl->sacrificed_board = pl->sacrificed_hand = pl->caldera_bought = 0;
    g->pending = (Pending){ 0, (uint8_t)p, 0, 0, 0 };
    g->resume = g->pending;
    switch (c->step) {
    case STEP_MOVE:
        g->phase = PHASE_MOVE;
        g->pending.kind = DK_MOVE;
        g->moves_left = 1;
        break;
    case STEP_BUY:
        g->phase = PHASE_BUY;
        g->pending.kind = DK_BUY;
        break;
    case STEP_PLACE:
        if (g->supply_tiles[c->place_type] == 0)
            return fail(c, "no %s left in the supply to buy", g->rules.tile_types[c->place_type].name);
        g->supply_tiles[c->place_type]--;
        g->phase = PHASE_BUY;
        g->pending.kind = DK_PLACE;
        g->bought_type = (uint8_t)c->place_type;
        g->buys_made = 1;
        break;
    case STEP_TARGET:
        if (g->supply_volcanoes == 0)
            return fail(c, "no volcano tile left in the supply to buy");
        g->supply_volcanoes--;
        g->volcano_held = 1;
        g->phase = PHASE_BUY;
        g->pending.kind = DK_TARGET;
        g->buys_made = 1;
        break;
    case STEP_CLAIM:
        g->phase = PHASE_CLAIM;
        g->pending.kind = DK_CLAIM;
        break;
    case STEP_SACRIFICE:
        g->phase = PHASE_SACRIFICE;
        g->pending.kind = DK_SACRIFICE;
        break;
    case STEP_COLLECT:   /* nothing left to sacrifice: passing on enters collection */
        g->phase = PHASE_SACRIFICE;
        g->pending.kind = DK_SACRIFICE;
        g->sacrifices = g->rules.modes[g->mode].sacrifices_per_turn;
        break;
    case STEP_LAVA:      /* collected, nothing to discard: next is the lava step */
        g->phase = PHASE_COLLECT;
        g->pending.kind = DK_DISCARD;
        g->pending.aux = g->rules.resource_cap;
        break;
    }
    return 0;
}

/* scenario_build, with the deal, hold and params of `extra` (may be NULL) and
 * `seed` (NULL: the text's) given to game_init. */
int scenario_check_text(const char *text, size_t len, char *err, int errlen)
{
    int line = 1;
    for (size_t i = 0; i < len; i++) {
        unsigned char ch = (unsigned char)text[i];
        if (ch == '\n')
            line++;
        if (ch == 0) {
            snprintf(err, (size_t)errlen, "line %d: a NUL byte (the text must be plain text)", line);
            return -1;
        }
        if ((ch < 0x20 && !(ch >= '\t' && ch <= '\r')) || ch == 0x7f) {
            snprintf(err, (size_t)errlen, "line %d: control character 0x%02x (the text must be plain text)", line,
                     ch);
            return -1;
        }
    }
    return 0;
}

static int build(Game *g, const Rules *rules, const char *text, const GameOptions *extra, const uint64_t *seed,
                 char *err, int errlen)
{
    if (scenario_check_text(text, strlen(text), err, errlen) != 0)
        return -1;
    Ctx *c = calloc(1, sizeof *c);
    if (!c) {
        snprintf(err, (size_t)errlen, "scenario: out of memory");
        return -1;
    }
    c->g = g;
    c->rules = rules;
    c->err = err;
    c->errlen = errlen;
    Start init;
    memset(&init, 0, sizeof init);
    init.o.players = 2;
    init.o.setup_variation = 1;
    init.seed = 1;
    int rc = -1;
    if (each_line(c, text, game_line, &init) != 0)
        goto done;
    if (extra) {
        init.o.deal = extra->deal;
        memcpy(init.o.hold, extra->hold, sizeof init.o.hold);
        init.o.param_count = extra->param_count;
        memcpy(init.o.params, extra->params, sizeof init.o.params);
    }
    if (seed)
        init.seed = *seed;
    char ierr[200];
    if (game_init(g, rules, &init.o, init.seed, NULL, NULL, ierr, sizeof ierr) != 0) {
        snprintf(err, (size_t)errlen, "scenario: %s", ierr);
        goto done;
    }
    clear_position(g);
    c->starting_left = 3 * g->players;
    c->step = STEP_MOVE;
    if (each_line(c, text, position_line, NULL) != 0)
        goto done;
    for (int i = 0; i < g->lava_count; i++) {   /* lava on land or in the ocean, as the board ended up */
        int cell = g->lava[i].cell;
        g->lava[i].in_ocean = (uint8_t)!board_is_land(&g->board, cell);
        g->board.cells[cell].flags |= CELL_LAVA;
    }
    c->line = c->turn_line;
    if (stand_at(c) != 0)
        goto done;
    char why[200];
    if (!c->unchecked && invariants_check(g, why, sizeof why) != 0) {
        snprintf(err, (size_t)errlen, "scenario: the position breaks an invariant: %s "
                 "(write 'unchecked' for a deliberately odd position)", why);
        goto done;
    }
    rc = 0;
done:
    free(c);
    return rc;
}

int scenario_build(Game *g, const Rules *rules, const char *text, char *err, int errlen)
{
    return build(g, rules, text, NULL, NULL, err, errlen);
}

int scenario_start(Game *g, const Rules *rules, const char *text, const GameOptions *extra, const uint64_t *seed,
                   const GameHooks *hooks, void *hooks_ud, char *err, int errlen)
{
    if (build(g, rules, text, extra, seed, err, errlen) != 0)
        return -1;
    game_set_hooks(g, hooks, hooks_ud);
    setup_announce_held_powers(g);
    scenario_run(g);
    return 0;
}

void scenario_run(Game *g) { flow_advance(g); }
