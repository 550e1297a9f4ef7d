/* The play screen's widgets: the panel (title, seats with live scores,
 * supply, the decision with its buttons or option list, the story), the
 * Power Grid cards, and the overlays (the end of the game, help). */
#include <stdio.h>
#include <string.h>

#include "app.h"
#include "chronicle.h"
#include "query.h"
#include "describe.h"
#include "draw.h"

#define ORANGE 0xFFFFB070u

/* A vertical flow of widgets in the panel. */
typedef struct Flow {
    UiScene *s;
    const UiLayout *L;
    int x, y, w;        /* left edge, next free row, width */
    int bx;             /* next button's x on the current button row */
} Flow;

static UiWidget *text_line(Flow *f, const char *text, int style, uint32_t colour)
{
    int h = style & UI_ST_SMALL ? f->L->line_small : style & UI_ST_BIG ? f->L->line_big : f->L->line;
    UiWidget *w = ui_scene_add(f->s, UI_W_TEXT, f->x, f->y, f->w, h, text);
    w->style = (uint16_t)style;
    w->colour = colour;
    f->y += h;
    return w;
}

/* Text wrapped to the flow's width, at most max lines. */
static void wrapped(Flow *f, UiFont *font, const char *text, int style, uint32_t colour, int max)
{
    int px = style & UI_ST_SMALL ? f->L->fs_small : f->L->fs;
    int start[8], len[8], n = ui_wrap(font, px, text, f->w, start, len, max < 8 ? max : 8);
    for (int i = 0; i < n; i++) {
        char part[512];
        snprintf(part, sizeof part, "%.*s%s", len[i], text + start[i],
                 i == n - 1 && start[i] + len[i] < (int)strlen(text) ? "…" : "");
        text_line(f, part, style, colour);
    }
}

static void end_buttons(Flow *f)
{
    if (f->bx > f->x)
        f->y += f->L->line + f->L->pad / 2 + 4;
    f->bx = f->x;
}

static UiWidget *button(Flow *f, UiFont *font, const char *label, int act, int value, int style)
{
    const UiLayout *L = f->L;
    int px = style & UI_ST_SMALL ? L->fs_small : L->fs;
    int bw = ui_text_width(font, px, label) + L->pad + 12, bh = L->line + L->pad / 2;
    if (bw > f->w)
        bw = f->w;
    if (f->bx > f->x && f->bx + bw > f->x + f->w)
        end_buttons(f);
    UiWidget *w = ui_scene_add(f->s, UI_W_BUTTON, f->bx, f->y, bw, bh, label);
    w->act = (uint8_t)act;
    w->value = value;
    w->style = (uint16_t)style;
    f->bx += bw + 4;
    return w;
}

static const char *seat_kind(const UiTable *t, int p, char *buf, int len)
{
    return ui_table_seat_label(t, p, buf, len);
}

static bool hidden_caldera(const UiTable *t, int p)
{
    return t->game->player[p].caldera_count && !ui_table_shows_hand(t, p) && !game_over(t->game);
}

static const char *score_tip(UiScene *s, const UiTable *t, int p)
{
    const ScoreLine *l = &t->scores.line[p];
    char buf[600], cal[24];
    snprintf(cal, sizeof cal, hidden_caldera(t, p) ? "hidden" : "%d", l->caldera);
    snprintf(buf, sizeof buf, "%c's score %s:\nCritters on land %d\nConnecting edges %d\nVolcanoes activated %d\n"
             "Critters in the crater %d\nTallest biome %d\nLargest biome %d\nDiversified biomes %d\n"
             "Caldera cards %s\nPoints bought %d\nPowers' bonus %d", 'A' + p,
             game_over(t->game) ? "at the end" : "if the game ended now", l->critters, l->edges, l->volcanoes,
             l->sacrifices, l->tallest, l->largest, l->diversified, cal, l->bought, l->bonus);
    return ui_scene_keep(s, buf);
}

static const char *holdings_tip(UiScene *s, const UiApp *app, int p)
{
    const Game *g = app->table->game;
    const Player *pl = &g->player[p];
    char buf[1200];
    int n = snprintf(buf, sizeof buf, "Powers:");
    int powers = 0;
    for (int c = 0; c < g->rules.power_card_count && n < (int)sizeof buf - 64; c++)
        if (player_holds_card(g, p, c))
            n += snprintf(buf + n, sizeof buf - (size_t)n, "%s %s", powers++ ? "," : "", g->rules.power_cards[c].name);
    n += snprintf(buf + n, sizeof buf - (size_t)n, "%s\nCaldera cards: %d", powers ? "" : " none", pl->caldera_count);
    if (pl->caldera_count && !ui_table_shows_hand(app->table, p))
        n += snprintf(buf + n, sizeof buf - (size_t)n, " (hidden)");
    else
        for (int i = 0; i < pl->caldera_count && n < (int)sizeof buf - 80; i++) {
            const PowerCard *c = &g->rules.power_cards[pl->caldera[i]];
            n += snprintf(buf + n, sizeof buf - (size_t)n, "\n  %s: %d star%s%s", c->name, c->stars,
                          c->stars == 1 ? "" : "s", c->bolt ? ", bolt (may be played in your turn)" : "");
        }
    snprintf(buf + n, sizeof buf - (size_t)n, "\nCrater: %d of %d; critters in hand %d, on land %d",
             game_crater_count(g, p), g->rules.crater_capacity, game_hand_count(g, p), game_land_critters(g, p));
    return ui_scene_keep(s, buf);
}

/* "Powers: A, B" for the powers p holds (unlocked or held from the start),
 * as the terminal lists them; "" when none. */
static void powers_line(const Game *g, int p, char *buf, int len)
{
    int n = 0;
    buf[0] = 0;
    for (int c = 0; c < g->rules.power_card_count && n < len - 2; c++)
        if (player_holds_card(g, p, c))
            n += snprintf(buf + n, (size_t)(len - n), "%s%s", n ? ", " : "Powers: ", g->rules.power_cards[c].name);
}

/* A seat: who sits there and what they are doing, the live score, the
 * resources, hand, crater, Caldera and volcanoes, and a line of the powers
 * they hold (cut with "…" when longer than the panel is wide). */
static void seat_box(Flow *f, UiApp *app, int p)
{
    const UiLayout *L = f->L;
    const UiTable *t = app->table;
    const Game *g = t->game;
    UiFont *bold = &app->as->bold;
    char powers[600];
    powers_line(g, p, powers, sizeof powers);
    int h = 2 * L->line + L->pad / 2 + (powers[0] ? L->line_small : 0), y = f->y;
    bool deciding = !game_over(g) && g->pending.player == p;
    ui_scene_add(f->s, UI_W_BOX, f->x - 4, y, f->w + 8, h, "")->colour = deciding ? 0xFF2E3848u : 0xFF25282Eu;
    if (p == g->active && !game_over(g))
        ui_scene_add(f->s, UI_W_BOX, f->x - 4, y, 4, h, "")->colour = ui_seat_colour(p);
    ui_scene_add(f->s, UI_W_TOKEN, f->x + 2, y + 2, L->line - 2, L->line - 2, "")->value = p;
    char name[80], kind[48];
    snprintf(name, sizeof name, "%c", 'A' + p);
    UiWidget *w = ui_scene_add(f->s, UI_W_TEXT, f->x + L->line + 4, y, L->line, L->line, name);
    w->style = UI_ST_BOLD;
    w->colour = ui_shade(ui_seat_colour(p), 115);
    snprintf(name, sizeof name, "%s%s", seat_kind(t, p, kind, sizeof kind), deciding ? " · deciding" : "");
    w = ui_scene_add(f->s, UI_W_TEXT, f->x + 2 * L->line + 6, y, f->w / 2, L->line, name);
    w->style = UI_ST_SMALL;
    w->colour = UI_DIM;
    const ScoreLine *sl = &t->scores.line[p];
    char score[32];
    if (hidden_caldera(t, p))
        snprintf(score, sizeof score, "★ %d+?", sl->total - sl->caldera);
    else
        snprintf(score, sizeof score, "★ %d", sl->total);
    int sw = ui_text_width(bold, L->fs, score) + 6;
    w = ui_scene_add(f->s, UI_W_TEXT, f->x + f->w - sw, y, sw, L->line, score);
    w->style = UI_ST_BOLD | UI_ST_RIGHT;
    w->colour = 0xFFFFE08Au;
    w->tip = score_tip(f->s, t, p);
    int x = f->x + 2, sy = y + L->line + L->pad / 4;
    for (int b = 0; b < BIOME_COUNT; b++) {
        char n[8];
        snprintf(n, sizeof n, "%d", g->player[p].resources[b]);
        w = ui_scene_add(f->s, UI_W_SWATCH, x, sy, L->line * 2, L->line, n);
        w->colour = app->as->tx.mean[b];
        x += L->line * 2 + 2;
    }
    char more[128];
    snprintf(more, sizeof more, "hand %d · crater %d · Caldera %d · volcanoes %d", game_hand_count(g, p),
             game_crater_count(g, p), g->player[p].caldera_count, g->player[p].volcanoes);
    w = ui_scene_add(f->s, UI_W_TEXT, x + 4, sy, f->x + f->w - x - 4, L->line, more);
    w->style = UI_ST_SMALL;
    w->colour = UI_INK;
    w->tip = holdings_tip(f->s, app, p);
    if (powers[0]) {
        int start, len, dots = ui_text_width(&app->as->font, L->fs_small, "…");
        ui_wrap(&app->as->font, L->fs_small, powers, f->w - 4 - dots, &start, &len, 1);
        char shown[sizeof powers + 4];
        snprintf(shown, sizeof shown, "%.*s%s", len, powers, len < (int)strlen(powers) ? "…" : "");
        w = ui_scene_add(f->s, UI_W_TEXT, f->x + 2, sy + L->line, f->w - 4, L->line_small, shown);
        w->style = UI_ST_SMALL;
        w->colour = 0xFFB8D8A0u;
        w->tip = holdings_tip(f->s, app, p);
    }
    f->y += h + 3;
}

static void supply(Flow *f, UiApp *app)
{
    const Game *g = app->table->game;
    int per_class[TILE_CLASS_COUNT] = { 0 };
    for (int t = 0; t < g->rules.tile_type_count; t++)
        per_class[g->rules.tile_types[t].tile_class] += g->supply_tiles[t];
    char text[200];
    snprintf(text, sizeof text, "Supply: %d land tiles (%d Uno, %d Duo, %d Trio) · %d volcanoes · Caldera deck %d",
             game_land_supply(g), per_class[TILE_UNO], per_class[TILE_DUO], per_class[TILE_TRIO], g->supply_volcanoes,
             g->caldera_size);
    wrapped(f, &app->as->font, text, UI_ST_SMALL, UI_DIM, 2);
    UiWidget *w = ui_scene_add(f->s, UI_W_TEXT, f->x, f->y, f->w / 3, f->L->line, "Resources left:");
    w->style = UI_ST_SMALL;
    w->colour = UI_DIM;
    int x = f->x + ui_text_width(&app->as->font, f->L->fs_small, "Resources left:") + 8;
    for (int b = 0; b < BIOME_COUNT; b++) {
        char n[8];
        snprintf(n, sizeof n, "%d", g->supply_resources[b]);
        w = ui_scene_add(f->s, UI_W_SWATCH, x, f->y, f->L->line * 2 + 4, f->L->line, n);
        w->colour = app->as->tx.mean[b];
        x += f->L->line * 2 + 8;
    }
    f->y += f->L->line + f->L->pad / 2;
}

/* An option's words without its payment ("buy a Trio"), for a group's button. */
static void unpaid(const char *words, char *out, int len)
{
    const char *cut = strstr(words, " paying ");
    snprintf(out, (size_t)len, "%.*s", cut ? (int)(cut - words) : (int)strlen(words), words);
}

static int group_size(const UiApp *app, int i)
{
    int k = 0;
    for (int j = 0; j < app->n; j++)
        k += app->group[j] == app->group[i];
    return k;
}

static void choices(Flow *f, UiApp *app)
{
    UiFont *font = &app->as->font;
    bool payments = app->nchoice > 1 && app->group[app->choice[0]] == app->group[app->choice[app->nchoice - 1]];
    if (payments) {
        char what[UI_WORDS];
        unpaid(app->words[app->choice[0]], what, sizeof what);
        wrapped(f, font, what, 0, UI_INK, 2);
    }
    for (int k = 0; k < app->nchoice; k++) {
        const char *words = app->words[app->choice[k]];
        const char *paid = payments ? strstr(words, " paying ") : NULL;
        char label[UI_WORDS + 8];
        if (paid)
            snprintf(label, sizeof label, "Pay %s", paid + 8);
        else
            snprintf(label, sizeof label, "%s", words);
        button(f, font, label, payments ? UI_ACT_EXACT : UI_ACT_OPTION, app->choice[k], 0);
    }
    button(f, font, "Cancel (Esc)", UI_ACT_CANCEL, 0, 0);
    end_buttons(f);
}

static void confirm(Flow *f, UiApp *app)
{
    UiFont *font = &app->as->font;
    wrapped(f, font, app->confirm_why, UI_ST_BOLD, UI_INK, 3);
    wrapped(f, font, "This cannot be undone: it rolls the dice or reveals a card.", UI_ST_SMALL, ORANGE, 2);
    button(f, &app->as->bold, "Confirm (Enter)", UI_ACT_CONFIRM, 0, UI_ST_BOLD | UI_ST_DANGER);
    button(f, font, "Cancel (Esc)", UI_ACT_CANCEL, 0, 0);
    end_buttons(f);
}

/* The numbered list of every option, scrolled; rows down to `bottom`. */
static void option_list(Flow *f, UiApp *app, int bottom)
{
    const UiLayout *L = f->L;
    int rows = (bottom - f->y - L->line_small) / L->line_small;
    if (rows < 1)
        rows = 1;
    if (app->list_scroll > app->n - rows)
        app->list_scroll = app->n - rows > 0 ? app->n - rows : 0;
    for (int r = 0; r < rows && app->list_scroll + r < app->n; r++) {
        int i = app->list_scroll + r;
        char row[UI_WORDS + 16];
        snprintf(row, sizeof row, "%4d  %s", i, app->words[i]);
        UiWidget *w = ui_scene_add(f->s, UI_W_ROW, f->x - 4, f->y, f->w + 8, L->line_small, row);
        w->act = UI_ACT_EXACT;
        w->value = i;
        w->style = UI_ST_SMALL;
        w->colour = ui_option_cell(app->table->game, &app->opts[i]) != NO_CELL ? 0xFFFFE690u : UI_INK;
        f->y += L->line_small;
    }
    char foot[96];
    snprintf(foot, sizeof foot, "%d-%d of %d · wheel or PgUp/PgDn scroll · L closes", app->n ? app->list_scroll + 1 : 0,
             app->list_scroll + rows < app->n ? app->list_scroll + rows : app->n, app->n);
    text_line(f, foot, UI_ST_SMALL, UI_DIM);
}

/* Buttons for the options without a place, one per group; tile choices when several. */
static void option_buttons(Flow *f, UiApp *app)
{
    UiFont *font = &app->as->font;
    const Game *g = app->table->game;
    int types = 0, seen[MAX_TILE_TYPES] = { 0 };
    for (int i = 0; i < app->n; i++)
        if (app->opts[i].verb == VERB_TILE && app->opts[i].subject < MAX_TILE_TYPES && !seen[app->opts[i].subject]++)
            types++;
    for (int t = 0; t < MAX_TILE_TYPES && types > 1; t++)
        if (seen[t]) {
            char name[48];
            game_tile_name(g, t, name, sizeof name);
            button(f, font, name, UI_ACT_HOLD, t, t == app->held_type ? UI_ST_ON : 0);
        }
    if (app->held_type >= 0 && g->rules.tile_types[app->held_type].distinct_rotations > 1)
        button(f, font, "Turn ↻ (R)", UI_ACT_TURN, 0, 0);
    for (int i = 0; i < app->n; i++) {
        int v = app->opts[i].verb;
        bool named = app->n <= 16 && (v == VERB_RETURN || v == VERB_KEEP || v == VERB_SACRIFICE || v == VERB_CHOOSE);
        if (app->group[i] != i || (ui_option_cell(g, &app->opts[i]) != NO_CELL && !named))
            continue;
        char label[UI_WORDS];
        if (group_size(app, i) > 1)
            unpaid(app->words[i], label, sizeof label);
        else
            snprintf(label, sizeof label, "%s", app->words[i]);
        button(f, font, label, UI_ACT_OPTION, i, app->opts[i].verb == VERB_PASS ? 0 : UI_ST_PRIMARY);
    }
    end_buttons(f);
}

static void decision_head(Flow *f, UiApp *app)
{
    const UiTable *t = app->table;
    const Game *g = t->game;
    UiFont *font = &app->as->font;
    char head[160], kind[48], prompt[400];
    int who = g->pending.player;
    if (game_over(g)) {
        snprintf(head, sizeof head, "Game over: %s", ui_end_reason_text(g, g->end_reason));
        text_line(f, head, UI_ST_BOLD, UI_HILITE);
        return;
    }
    if (ui_app_human_turn(app))
        snprintf(head, sizeof head, "%c, your decision", 'A' + who);
    else if (ui_table_turn(t) == UI_TURN_WAIT && who == ui_table_remote_seat(t))
        snprintf(head, sizeof head, "%c, your move is sent: waiting for the server", 'A' + who);
    else
        snprintf(head, sizeof head, "%c (%s) %s", 'A' + who, seat_kind(t, who, kind, sizeof kind),
                 app->bot_thinking ? "is thinking…" : "to play");
    text_line(f, head, UI_ST_BOLD, ui_shade(ui_seat_colour(who), 120));
    ui_table_prompt(t, prompt, sizeof prompt);
    wrapped(f, font, prompt, 0, UI_INK, 3);
    if (ui_app_human_turn(app) && ui_app_hint(app)[0])
        wrapped(f, font, ui_app_hint(app), UI_ST_SMALL, UI_DIM, 2);
}

static void decision(Flow *f, UiApp *app, int bottom)
{
    UiFont *font = &app->as->font;
    const UiLayout *L = f->L;
    decision_head(f, app);
    if (app->typed[0]) {
        char t[64];
        snprintf(t, sizeof t, "> %s_   Enter picks option %s", app->typed, app->typed);
        text_line(f, t, UI_ST_BOLD, 0xFFFFFFFFu);
    }
    if (ui_table_status(app->table)[0])
        wrapped(f, font, ui_table_status(app->table), UI_ST_SMALL, ORANGE, 2);
    if (app->status[0])
        wrapped(f, font, app->status, UI_ST_SMALL, ORANGE, 2);
    f->y += L->pad / 2;
    f->bx = f->x;
    if (game_over(app->table->game)) {
        button(f, font, app->end_hidden ? "Show the results" : "Show the board", UI_ACT_RESULTS, 0, UI_ST_PRIMARY);
        end_buttons(f);
        return;
    }
    if (ui_table_turn(app->table) == UI_TURN_BOT) {
        button(f, font, "Move now (Space)", UI_ACT_BOT_NOW, 0, UI_ST_PRIMARY);
        button(f, font, "Faster (+)", UI_ACT_PACE, -1, 0);
        button(f, font, "Slower (-)", UI_ACT_PACE, 1, 0);
    } else if (!ui_app_human_turn(app)) {
        /* another seat or the server is due: nothing to press here */
    } else if (app->confirm >= 0) {
        confirm(f, app);
    } else if (app->nchoice) {
        choices(f, app);
    } else if (app->list_open) {
        option_list(f, app, bottom);
        button(f, font, "Buttons (L)", UI_ACT_LIST, 0, UI_ST_SMALL);
    } else {
        option_buttons(f, app);
        button(f, font, "All options (L)", UI_ACT_LIST, 0, UI_ST_SMALL);
    }
    char why[200];
    int undo = ui_table_undo_point(app->table, why, sizeof why);
    UiWidget *u = button(f, font, "Undo (U)", UI_ACT_UNDO, 0, UI_ST_SMALL | (undo < 0 ? UI_ST_OFF : 0));
    if (undo < 0)
        u->tip = ui_scene_keep(f->s, why);
    button(f, font, "Help (F1)", UI_ACT_HELP, 0, UI_ST_SMALL);
    end_buttons(f);
}

static void grid_cards(UiScene *s, UiApp *app)
{
    const Game *g = app->table->game;
    const UiLayout *L = &s->L;
    UiWidget *w = ui_scene_add(s, UI_W_TEXT, L->grid_x + L->pad, L->grid_y, L->card_w, L->line_small, "Power Grid");
    w->style = UI_ST_SMALL | UI_ST_BOLD;
    w->colour = UI_DIM;
    bool mine = ui_app_human_turn(app);
    for (int slot = 0; slot < g->rules.grid_slot_count; slot++) {
        SDL_Rect r;
        ui_card_rect(L, g, slot, &r);
        w = ui_scene_add(s, UI_W_CARD, r.x, r.y, r.w, r.h, "");
        w->value = slot;
        w->act = UI_ACT_CARD;
        for (int i = 0; i < app->n && mine && g->pending.kind == DK_UNLOCK; i++)
            if (app->opts[i].verb == VERB_UNLOCK && app->opts[i].subject == slot)
                w->style |= UI_ST_LIT;
        int card = g->grid_card[slot];
        if (card < g->rules.power_card_count) {
            char tip[900];
            const char *text = app->card_text && app->card_text[card] ? app->card_text[card] : "";
            snprintf(tip, sizeof tip, "%s (level %d power)%s%s", g->rules.power_cards[card].name,
                     g->rules.grid[slot].level, text[0] ? "\n" : "", text);
            w->tip = ui_scene_keep(s, tip);
        }
    }
}

void ui_app_panel(UiApp *app, UiScene *s)
{
    const UiLayout *L = &s->L;
    const Game *g = app->table->game;
    Flow f = { s, L, L->panel_x + L->pad + 4, L->pad, L->panel_w - 2 * L->pad - 8, 0 };
    UiWidget *w = ui_scene_add(s, UI_W_TEXT, f.x, f.y, f.w, L->line_big, "Volcanique");
    w->style = UI_ST_BOLD | UI_ST_BIG;
    w->colour = 0xFFFF8C3Cu;
    char turn[128];
    if (ui_table_is_remote(app->table) && ui_table_remote_seat(app->table) >= 0)
        snprintf(turn, sizeof turn, "Table %s, seat %c · Turn %d · %s", ui_table_remote_id(app->table),
                 'A' + ui_table_remote_seat(app->table), g->turn, ui_step_name(g));
    else if (ui_table_is_remote(app->table))
        snprintf(turn, sizeof turn, "Watching table %s · Turn %d · %s", ui_table_remote_id(app->table), g->turn,
                 ui_step_name(g));
    else
        snprintf(turn, sizeof turn, "Turn %d · %s", g->turn, ui_step_name(g));
    w = ui_scene_add(s, UI_W_TEXT, f.x, f.y, f.w, L->line_big, turn);
    w->style = UI_ST_RIGHT | UI_ST_SMALL;
    w->colour = UI_INK;
    f.y += L->line_big + L->pad / 2;
    for (int p = 0; p < g->players; p++)
        seat_box(&f, app, p);
    supply(&f, app);
    int log_min = 4 * L->line_small;
    decision(&f, app, L->h - L->pad - log_min);
    if (L->h - L->pad - f.y >= 2 * L->line_small) {
        f.y += L->pad / 2;
        ui_scene_add(s, UI_W_BOX, f.x - 4, f.y, f.w + 8, 1, "")->colour = 0xFF3A3E46u;
        w = ui_scene_add(s, UI_W_LOG, f.x + 6, f.y + 2, f.w - 6, L->h - L->pad - f.y - 2, "");
        w->act = UI_ACT_NONE;
    }
    if (L->grid_shown)
        grid_cards(s, app);
    if (game_over(g) && !app->end_hidden)
        ui_app_end_overlay(app, s);
    if (app->help)
        ui_app_help_overlay(app, s);
}
