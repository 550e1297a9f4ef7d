#include "chronicle.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "query.h"
#include "describe.h"

typedef struct Lines {
    UiLine *out;
    int n, max;
} Lines;

static void say(Lines *L, int seat, int kind, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void say(Lines *L, int seat, int kind, const char *fmt, ...)
{
    if (L->n >= L->max)
        return;
    UiLine *line = &L->out[L->n++];
    line->seat = (int8_t)seat;
    line->kind = (uint8_t)kind;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line->text, sizeof line->text, fmt, ap);
    va_end(ap);
}

const char *ui_step_name(const Game *g)
{
    if (game_over(g))
        return "Game over";
    if (g->mode == MODE_FINALE)
        return "Finale turn";
    static const char *const STEP[PHASE_COUNT] = {
        "Set-up", "Move step", "Buy and stack step", "Claim step", "Sacrifice step", "Collect step",
        "Lava step", "Game over",
    };
    return g->phase < PHASE_COUNT ? STEP[g->phase] : "?";
}

const char *ui_end_reason_text(const Game *g, int reason)
{
    return reason >= 0 && reason < g->rules.end_reason_count ? g->rules.end_reason_words[reason] : "?";
}

void ui_as_told(char *words, int len)
{
    char out[UI_LINE_LEN];
    int n = 0;
    for (const char *p = words; *p && n < (int)sizeof out - 7;) {
        if (strncmp(p, "your ", 5) == 0 && (p == words || p[-1] == ' ')) {
            memcpy(out + n, "their ", 6);
            n += 6;
            p += 5;
        } else
            out[n++] = *p++;
    }
    out[n < len ? n : len - 1] = 0;
    memcpy(words, out, strlen(out) + 1);
}

bool ui_step_is_final(const Game *before, const Game *after)
{
    if (before->rng.state != after->rng.state || before->rng.draws != after->rng.draws)
        return true;
    if (before->caldera_size != after->caldera_size || before->cards_played != after->cards_played)
        return true;
    for (int p = 0; p < MAX_PLAYERS; p++)
        if (before->player[p].caldera_count != after->player[p].caldera_count)
            return true;
    return false;
}

static void at_text(int cell, char *buf, int len)
{
    Hex h = board_hex(cell);
    snprintf(buf, (size_t)len, "(%d,%d)", h.q, h.r);
}

static bool has_lava(const Game *g, int cell)
{
    for (int i = 0; i < g->lava_count; i++)
        if (g->lava[i].cell == cell)
            return true;
    return false;
}

/* Lava that arrived, and where from when a neighbour's lava left. */
static void tell_lava(const Game *a, const Game *b, bool dice, Lines *L)
{
    for (int i = 0; i < b->lava_count; i++) {
        int cell = b->lava[i].cell;
        if (has_lava(a, cell))
            continue;
        char to[24], from[24] = "";
        at_text(cell, to, sizeof to);
        for (int d = 0; d < HEX_DIRS && !from[0]; d++) {
            int n = board_neighbour(cell, d);
            if (n != NO_CELL && has_lava(a, n) && !has_lava(b, n))
                at_text(n, from, sizeof from);
        }
        if (from[0])
            say(L, -1, dice ? UI_LINE_DICE : UI_LINE_EVENT, "Lava flows from %s to %s%s%s", from, to,
                b->lava[i].in_ocean ? " in the ocean" : "", dice ? " (die roll)" : "");
        else
            say(L, -1, dice ? UI_LINE_DICE : UI_LINE_EVENT, "Lava bursts out at %s%s%s", to,
                b->lava[i].in_ocean ? " in the ocean" : "", dice ? " (die roll)" : "");
    }
    for (int i = 0; i < a->lava_count; i++) {
        int cell = a->lava[i].cell;
        if (has_lava(b, cell))
            continue;
        bool moved = false;
        for (int d = 0; d < HEX_DIRS && !moved; d++) {
            int n = board_neighbour(cell, d);
            moved = n != NO_CELL && has_lava(b, n) && !has_lava(a, n);
        }
        char at[24];
        at_text(cell, at, sizeof at);
        if (!moved)
            say(L, -1, UI_LINE_EVENT, "The lava at %s is gone%s", at,
                board_top_class(&b->board, &b->rules, cell) == TILE_SOIL ? ": it cooled into volcanic soil" : "");
    }
}

/* Stacks that changed other than by the option's own tile. */
static void tell_tiles(const Game *a, const Game *b, const Option *o, Lines *L)
{
    for (int cell = 0; cell < BOARD_CELLS; cell++) {
        const Cell *ca = &a->board.cells[cell], *cb = &b->board.cells[cell];
        if (ca->height == cb->height && board_top_class(&a->board, &a->rules, cell) ==
                                            board_top_class(&b->board, &b->rules, cell))
            continue;
        if (o->verb == VERB_TILE && o->cell == cell && cb->height == ca->height + 1)
            continue;
        char at[24], name[40];
        at_text(cell, at, sizeof at);
        const PlacedTile *top = board_top(&b->board, cell);
        if (top && b->rules.tile_types[top->type].tile_class == TILE_VOLCANO && cb->height > ca->height)
            say(L, -1, UI_LINE_EVENT, "A volcano erupts on %s (height %d)", at, cb->height);
        else if (top && b->rules.tile_types[top->type].tile_class == TILE_SOIL && ca->height == 0)
            say(L, -1, UI_LINE_EVENT, "Volcanic soil rises from the ocean at %s", at);
        else if (top && cb->height > ca->height) {
            game_tile_name(b, top->type, name, sizeof name);
            say(L, -1, UI_LINE_EVENT, "A %s is placed at %s (height %d)", name, at, cb->height);
        } else if (cb->height < ca->height)
            say(L, -1, UI_LINE_EVENT, "The stack at %s loses %d tile%s (height %d)", at, ca->height - cb->height,
                ca->height - cb->height == 1 ? "" : "s", cb->height);
    }
}

static const char *removal_cause(const Game *b, const Option *o, int cell)
{
    if (has_lava(b, cell))
        return "was lost to the lava";
    if (board_top_class(&b->board, &b->rules, cell) == TILE_VOLCANO || (o->verb == VERB_TARGET && o->cell == cell))
        return "was wiped out by the volcano";
    return "went back to hand";
}

/* Critters that moved, left the board or went to the crater, other than the
 * one the option itself moved or placed. */
static void tell_critters(const Game *a, const Game *b, const Option *o, Lines *L)
{
    for (int p = 0; p < b->players; p++)
        for (int i = 0; i < b->rules.critters_per_player && i < MAX_CRITTERS; i++) {
            const Critter *ca = &a->player[p].critters[i], *cb = &b->player[p].critters[i];
            if (ca->place == cb->place && ca->cell == cb->cell && ca->area == cb->area)
                continue;
            int id = critter_id(p, i);
            bool own = (o->verb == VERB_MOVE || o->verb == VERB_MIGRATE || o->verb == VERB_EVACUATE ||
                        o->verb == VERB_RETURN || o->verb == VERB_SACRIFICE || o->verb == VERB_KEEP) &&
                       o->subject == id;
            if (own || (ca->place == AT_HAND && (cb->place == AT_BOARD || cb->place == AT_GRID)))
                continue;   /* the option says it, or it is a claim or a power's marker */
            char from[24], to[24];
            at_text(ca->cell, from, sizeof from);
            at_text(cb->cell, to, sizeof to);
            if (ca->place == AT_BOARD && cb->place == AT_HAND && board_is_land(&a->board, ca->cell))
                say(L, p, UI_LINE_EVENT, "%c's critter on the %s area at %s %s", 'A' + p,
                    biome_name(board_area_biome(&a->board, &a->rules, ca->cell, ca->area)), from,
                    removal_cause(b, o, ca->cell));
            else if (ca->place == AT_BOARD && cb->place == AT_HAND)
                say(L, p, UI_LINE_EVENT, "%c's critter at %s %s", 'A' + p, from, removal_cause(b, o, ca->cell));
            else if (cb->place == AT_CRATER)
                say(L, p, UI_LINE_EVENT, "%c's critter goes to %c's crater", 'A' + p, 'A' + p);
            else if (ca->place == AT_CRATER && cb->place == AT_HAND)
                say(L, p, UI_LINE_EVENT, "%c's critter comes back from the crater to hand", 'A' + p);
            else if (ca->place == AT_BOARD && cb->place == AT_BOARD)
                say(L, p, UI_LINE_EVENT, "%c's critter moves from %s to %s", 'A' + p, from, to);
            else if (cb->place == AT_ASIDE)
                say(L, p, UI_LINE_EVENT, "%c's critter is set aside at %s", 'A' + p, to);
            else if (cb->place == AT_BOARD)
                say(L, p, UI_LINE_EVENT, "%c's critter lands at %s", 'A' + p, to);
        }
}

/* Resource changes beyond what the option itself paid or took. */
static void tell_resources(const Game *a, const Game *b, int who, const Option *o, Lines *L)
{
    for (int p = 0; p < b->players; p++) {
        int delta[BIOME_COUNT];
        for (int r = 0; r < BIOME_COUNT; r++) {
            delta[r] = b->player[p].resources[r] - a->player[p].resources[r];
            if (p == who) {
                delta[r] += pay_of(o->pay, r);
                if (o->verb == VERB_RESOURCE && o->sub == r)
                    delta[r] += a->pending.kind == DK_DISCARD ? 1 : -1;
            }
        }
        for (int sign = 1; sign >= -1; sign -= 2) {
            char text[96];
            int n = 0;
            text[0] = 0;
            for (int r = 0; r < BIOME_COUNT; r++)
                if (delta[r] * sign > 0)
                    n += snprintf(text + n, sizeof text - (size_t)n, "%s%d %s", n ? " + " : "", delta[r] * sign,
                                  biome_name(r));
            if (n)
                say(L, p, UI_LINE_EVENT, "%c %s %s", 'A' + p, sign > 0 ? "gains" : "loses", text);
        }
    }
}

/* Powers, volcanoes, Caldera cards and points. */
static void tell_holdings(const Game *a, const Game *b, Lines *L)
{
    for (int p = 0; p < b->players; p++) {
        const Player *pa = &a->player[p], *pb = &b->player[p];
        if (pb->volcanoes > pa->volcanoes)
            say(L, p, UI_LINE_EVENT, "%c has activated %d volcano%s", 'A' + p, pb->volcanoes,
                pb->volcanoes == 1 ? "" : "es");
        for (int s = 0; s < b->rules.grid_slot_count; s++)
            if (b->unlocked[p][s] && !a->unlocked[p][s]) {
                int card = b->grid_card[s];
                say(L, p, UI_LINE_EVENT, "%c unlocks %s (level %d)", 'A' + p,
                    card < b->rules.power_card_count ? b->rules.power_cards[card].name : "an empty slot",
                    b->rules.grid[s].level);
            }
        if (pb->caldera_count > pa->caldera_count)
            say(L, p, UI_LINE_EVENT, "%c draws a Caldera card (%d in hand)", 'A' + p, pb->caldera_count);
        if (pb->points_bought > pa->points_bought)
            say(L, p, UI_LINE_EVENT, "%c has bought %d point%s", 'A' + p, pb->points_bought,
                pb->points_bought == 1 ? "" : "s");
    }
    for (int c = 0; c < b->rules.power_card_count && c < 64; c++)
        if (((b->cards_played >> c) & 1) && !((a->cards_played >> c) & 1))
            say(L, -1, UI_LINE_EVENT, "The Caldera card %s is played", b->rules.power_cards[c].name);
}

int ui_chronicle(const Game *a, const Game *b, int who, const Option *o, const char *option_text, UiLine *out,
                 int max)
{
    Lines L = { out, 0, max };
    say(&L, who, UI_LINE_ACTION, "%c: %s", 'A' + who, option_text);
    bool dice = a->rng.draws != b->rng.draws || a->rng.state != b->rng.state;
    int before = L.n;
    tell_tiles(a, b, o, &L);
    tell_lava(a, b, dice, &L);
    tell_critters(a, b, o, &L);
    tell_holdings(a, b, &L);
    tell_resources(a, b, who, o, &L);
    bool told_dice = false;
    for (int i = before; i < L.n; i++)
        told_dice |= L.out[i].kind == UI_LINE_DICE;
    if (dice && !told_dice && a->caldera_size == b->caldera_size)
        say(&L, -1, UI_LINE_DICE, "The dice decided an outcome");
    if (b->end_triggered && !a->end_triggered && !game_over(b))
        say(&L, -1, UI_LINE_END, "The end is near: %s", ui_end_reason_text(b, b->end_triggered));
    if (game_over(b) && !game_over(a))
        say(&L, -1, UI_LINE_END, "The game is over: %s", ui_end_reason_text(b, b->end_reason));
    else if (b->turn != a->turn && !game_over(b))
        say(&L, b->active, UI_LINE_TURN, "Turn %d: %c's turn%s", b->turn, 'A' + b->active,
            b->mode == MODE_FINAL ? " (final turn)" : b->mode == MODE_FINALE ? " (finale)" : "");
    return L.n;
}
