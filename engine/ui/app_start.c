/* The start screen: players, each seat a person or a bot and its strength,
 * the variant, the set-up, the mods, the seed; Start (saying so when it
 * would overwrite a save) and Quit. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "app.h"

/* mcts strengths a seat cycles through: iterations, or milliseconds when negative. */
static const int STRENGTH[] = { 100, 300, 1000, -250, -1000 };
#define STRENGTHS ((int)(sizeof STRENGTH / sizeof STRENGTH[0]))

static const char *const KIND_LABEL[4] = { "human", "random", "greedy", "mcts" };

static int seat_kind(const UiSeat *s)
{
    return s->human ? 0 : 1 + s->bot.kind;
}

static int strength_index(const BotConfig *c)
{
    for (int k = 0; k < STRENGTHS; k++)
        if ((STRENGTH[k] > 0 && c->iterations == STRENGTH[k] && c->ms == 0) ||
            (STRENGTH[k] < 0 && c->ms == -STRENGTH[k] && c->iterations == 0))
            return k;
    return -1;
}

static void set_strength(BotConfig *c, int k)
{
    c->iterations = STRENGTH[k] > 0 ? STRENGTH[k] : 0;
    c->ms = STRENGTH[k] < 0 ? -STRENGTH[k] : 0;
}

static bool save_exists(const UiApp *app)
{
    return app->save_path && access(app->save_path, F_OK) == 0;
}

static uint64_t next_seed(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ULL;   /* splitmix64 */
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return (x ^ (x >> 31)) % 1000000000ULL;
}

static const UiVariants *offered_variants(UiApp *app);

static void start(UiApp *app)
{
    if (!app->hooks.new_game) {
        snprintf(app->status, sizeof app->status, "This window cannot start games.");
        return;
    }
    if (save_exists(app) && !app->overwrite_armed) {
        app->overwrite_armed = true;
        snprintf(app->status, sizeof app->status, "%s already holds a game: Start again to overwrite it, or Quit "
                 "and continue it with --load.", app->save_path);
        return;
    }
    offered_variants(app);   /* the chosen variant is one the chosen mods declare */
    char err[512];
    UiTable *t = app->hooks.new_game(app->hooks.ud, &app->setup, app->overwrite_armed, err, sizeof err);
    if (!t) {
        snprintf(app->status, sizeof app->status, "Cannot start: %.220s", err);
        return;
    }
    app->overwrite_armed = false;
    app->end_hidden = false;
    ui_app_set_table(app, t);
}

void ui_app_start_act(UiApp *app, int act, int value)
{
    UiSetup *su = &app->setup;
    switch (act) {
    case UI_ACT_START: start(app); break;
    case UI_ACT_PLAYERS: su->players = value; break;
    case UI_ACT_SEAT_KIND: {
        UiSeat *s = &su->seat[value / 8];
        int kind = value % 8;
        s->human = kind == 0;
        if (kind > 0) {
            bot_config_default(&s->bot, kind - 1);
            if (kind - 1 == BOT_MCTS)
                set_strength(&s->bot, 1);
        }
        break;
    }
    case UI_ACT_SEAT_STRENGTH: {
        BotConfig *c = &su->seat[value].bot;
        set_strength(c, (strength_index(c) + 1) % STRENGTHS);
        break;
    }
    case UI_ACT_VARIANT:
        if (value >= 0 && value < app->variants.count)
            snprintf(su->variant, sizeof su->variant, "%s", app->variants.name[value]);
        break;
    case UI_ACT_SETUP: su->setup = value; break;
    case UI_ACT_MOD: su->mods ^= 1u << value; break;
    case UI_ACT_SEED: su->seed = next_seed(su->seed); break;
    default: break;
    }
}

/* Where the next row goes: rows start at x (a label) and their buttons at
 * x + label_w; a button that would pass `right` (the panel's inner edge)
 * goes to a line of its own below. */
typedef struct Row {
    UiScene *s;
    UiApp *app;
    int x, y, label_w, h, right;
} Row;

static void label(Row *r, const char *text)
{
    UiWidget *w = ui_scene_add(r->s, UI_W_TEXT, r->x, r->y, r->label_w, r->h, text);
    w->style = UI_ST_BOLD;
    w->colour = 0xFFC8CACEu;
}

/* The x where a widget `w` wide starts at x on the row: x, or the start of
 * a new line under it when it would pass the panel's edge. */
static int fit(Row *r, int x, int w)
{
    int first = r->x + r->label_w;
    if (x > first && x + w > r->right) {
        r->y += r->h;
        return first;
    }
    return x;
}

static int add_button(Row *r, int x, const char *text, int act, int value, int style)
{
    const UiLayout *L = &r->s->L;
    UiFont *f = style & UI_ST_BOLD ? &r->app->as->bold : &r->app->as->font;
    int w = ui_text_width(f, L->fs, text) + L->pad + 16;
    x = fit(r, x, w);
    UiWidget *b = ui_scene_add(r->s, UI_W_BUTTON, x, r->y, w, r->h - 4, text);
    b->act = (uint8_t)act;
    b->value = value;
    b->style = (uint16_t)style;
    return x + w + 6;
}

static void seat_row(Row *r, int p)
{
    const UiSeat *s = &r->app->setup.seat[p];
    char name[32];
    snprintf(name, sizeof name, "Seat %c", 'A' + p);
    label(r, name);
    int x = r->x + r->label_w;
    for (int k = 0; k < 4; k++)
        x = add_button(r, x, KIND_LABEL[k], UI_ACT_SEAT_KIND, p * 8 + k, seat_kind(s) == k ? UI_ST_ON : 0);
    if (!s->human && s->bot.kind == BOT_MCTS) {
        char st[48];
        if (s->bot.ms)
            snprintf(st, sizeof st, "strength: %d ms a move", s->bot.ms);
        else
            snprintf(st, sizeof st, "strength: %d iterations", s->bot.iterations);
        add_button(r, x + 8, st, UI_ACT_SEAT_STRENGTH, p, 0);
    }
    r->y += r->h;
}

void ui_variants_of_rules(const Rules *rules, UiVariants *out)
{
    memset(out, 0, sizeof *out);
    out->count = rules->variant_count;
    out->default_index = rules->default_variant - 1;
    for (int i = 0; i < rules->variant_count; i++) {
        snprintf(out->name[i], sizeof out->name[i], "%s", rules->variants[i].name);
        out->min_players[i] = rules->variants[i].min_players;
    }
}

/* The variants the start screen's mods declare, asked again when the mods
 * change (none without a variants hook: the game then plays the rules'
 * default); the chosen one, when those mods have no variant of its name,
 * falls back to their default. */
static const UiVariants *offered_variants(UiApp *app)
{
    UiSetup *su = &app->setup;
    if (!app->variants_known || app->variants_mods != su->mods) {
        char err[300];
        app->variants_known = true;
        app->variants_mods = su->mods;
        memset(&app->variants, 0, sizeof app->variants);
        if (app->hooks.variants && app->hooks.variants(app->hooks.ud, su->mods, &app->variants, err, sizeof err)) {
            memset(&app->variants, 0, sizeof app->variants);   /* a half-filled answer is not offered */
            snprintf(app->status, sizeof app->status, "Cannot load these mods: %.200s", err);
        }
    }
    const UiVariants *v = &app->variants;
    for (int i = 0; i < v->count; i++)
        if (strcmp(su->variant, v->name[i]) == 0)
            return v;
    snprintf(su->variant, sizeof su->variant, "%s",
             v->default_index >= 0 && v->default_index < v->count ? v->name[v->default_index] : "");
    return v;
}

/* A variant's name as a button says it: "to_the_left" is "To the left". */
static void variant_label(const char *name, char *out, size_t len)
{
    snprintf(out, len, "%s", name);
    for (char *c = out; *c; c++)
        if (*c == '_')
            *c = ' ';
    if (out[0] >= 'a' && out[0] <= 'z')
        out[0] = (char)(out[0] - 'a' + 'A');
}

static void variant_row(Row *r)
{
    UiSetup *su = &r->app->setup;
    const UiVariants *v = offered_variants(r->app);
    label(r, "Variant");
    int x = r->x + r->label_w, fewest = MAX_PLAYERS + 1;
    for (int i = 0; i < v->count; i++) {
        char text[VARIANT_LEN];
        variant_label(v->name[i], text, sizeof text);
        int style = strcmp(su->variant, v->name[i]) == 0 ? UI_ST_ON : su->players < v->min_players[i] ? UI_ST_OFF : 0;
        x = add_button(r, x, text, UI_ACT_VARIANT, i, style);
        fewest = v->min_players[i] < fewest ? v->min_players[i] : fewest;
    }
    char note[40];
    snprintf(note, sizeof note, "%s", r->app->hooks.variants ? "(none declared)" : "(the rules' default)");
    if (v->count > 0)
        snprintf(note, sizeof note, "(%d to %d players)", fewest, MAX_PLAYERS);
    if (v->count == 0 || su->players < fewest) {
        int w = ui_text_width(&r->app->as->font, r->s->L.fs, note) + 4;
        x = fit(r, x, w);
        ui_scene_add(r->s, UI_W_TEXT, x, r->y, w, r->h - 4, note)->colour = UI_DIM;
    }
    r->y += r->h;
}

static void options_rows(Row *r)
{
    UiSetup *su = &r->app->setup;
    label(r, "Players");
    int x = r->x + r->label_w;
    for (int n = MIN_PLAYERS; n <= MAX_PLAYERS; n++) {
        char t[12];
        snprintf(t, sizeof t, "%d", n);
        x = add_button(r, x, t, UI_ACT_PLAYERS, n, su->players == n ? UI_ST_ON : 0);
    }
    r->y += r->h;
    for (int p = 0; p < su->players; p++)
        seat_row(r, p);
    variant_row(r);
    label(r, "Set-up");
    x = add_button(r, r->x + r->label_w, "Variation 1", UI_ACT_SETUP, 1, su->setup == 1 ? UI_ST_ON : 0);
    add_button(r, x, "Variation 2", UI_ACT_SETUP, 2, su->setup == 2 ? UI_ST_ON : 0);
    r->y += r->h;
}

static void mods_and_seed(Row *r)
{
    UiApp *app = r->app;
    label(r, "Mods");
    int x = r->x + r->label_w;
    for (int i = 0; i < app->mod_count; i++)
        x = add_button(r, x, app->mod_names[i], UI_ACT_MOD, i, (app->setup.mods >> i) & 1 ? UI_ST_ON : 0);
    if (app->mod_count == 0) {
        static const char NONE[] = "(none found in mods/)";
        int w = ui_text_width(&app->as->font, r->s->L.fs, NONE) + 4;
        ui_scene_add(r->s, UI_W_TEXT, fit(r, x, w), r->y, w, r->h - 4, NONE)->colour = UI_DIM;
    }
    r->y += r->h;
    label(r, "Seed");
    char seed[32];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)app->setup.seed);
    x = r->x + r->label_w;
    UiWidget *w = ui_scene_add(r->s, UI_W_TEXT, x, r->y, 10 * r->s->L.fs, r->h - 4, seed);
    w->colour = UI_INK;
    add_button(r, x + ui_text_width(&app->as->font, r->s->L.fs, seed) + 12, "New seed", UI_ACT_SEED, 0, 0);
    r->y += r->h;
}

/* Lays the start screen's panel out from y 0 down (rows wrap where they
 * would pass its edge), then sizes the panel to what it holds and centres
 * it, moving every widget with it. */
void ui_app_start_screen(UiApp *app, UiScene *s)
{
    UiLayout *L = &s->L;
    ui_layout_text(L, L->w, L->h);
    int width = L->w - 4 * L->pad < 56 * L->fs ? L->w - 4 * L->pad : 56 * L->fs;
    int row_h = L->line + L->pad + 6, left = (L->w - width) / 2, first = s->nw;
    Row r = { s, app, left + 2 * L->pad, 2 * L->pad, 9 * L->fs, row_h, left + width - 2 * L->pad };
    UiWidget *box = ui_scene_add(s, UI_W_BOX, left, 0, width, 0, "");
    box->colour = 0xF01E2229u;
    UiWidget *w = ui_scene_add(s, UI_W_TEXT, r.x, r.y, width - 4 * L->pad, L->line_big * 3 / 2, "Volcanique");
    w->style = UI_ST_BOLD | UI_ST_BIG;
    w->colour = 0xFFFF8C3Cu;
    r.y += L->line_big * 3 / 2;
    w = ui_scene_add(s, UI_W_TEXT, r.x, r.y, width - 4 * L->pad, L->line,
                     "Stack tiles, claim biomes, unleash volcanoes. Who sits at the table?");
    w->colour = UI_DIM;
    r.y += L->line + L->pad;
    options_rows(&r);
    mods_and_seed(&r);
    r.y += L->pad;
    if (app->save_path) {
        char note[600];
        snprintf(note, sizeof note, save_exists(app) ? "%s already holds a game; starting here replaces it."
                                                     : "The game is saved to %s after every move.", app->save_path);
        w = ui_scene_add(s, UI_W_TEXT, r.x, r.y, width - 4 * L->pad, L->line, note);
        w->colour = save_exists(app) ? 0xFFFFB070u : UI_DIM;
        r.y += L->line + L->pad / 2;
    }
    char start[600];
    if (app->overwrite_armed)
        snprintf(start, sizeof start, "Overwrite %s and start", app->save_path);
    else
        snprintf(start, sizeof start, "Start the game (Enter)");
    int x = add_button(&r, r.x, start, UI_ACT_START, 0, app->overwrite_armed ? UI_ST_DANGER | UI_ST_BOLD
                                                                              : UI_ST_PRIMARY | UI_ST_BOLD);
    add_button(&r, x, "Quit (Q)", UI_ACT_QUIT, 0, 0);
    r.y += r.h;
    if (app->status[0]) {
        w = ui_scene_add(s, UI_W_TEXT, r.x, r.y, width - 4 * L->pad, L->line, app->status);
        w->colour = 0xFFFFB070u;
        r.y += L->line;
    }
    int height = r.y + 2 * L->pad;
    int top = (L->h - height) / 2 > L->pad ? (L->h - height) / 2 : L->pad;
    box->r.h = height;
    for (int i = first; i < s->nw; i++)
        s->w[i].r.y += top;
}
