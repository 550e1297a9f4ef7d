/* Overlays over the board: the final scores with every category and the
 * winner, and the help card. */
#include <stdio.h>
#include <string.h>

#include "app.h"
#include "chronicle.h"

static UiWidget *cell(UiScene *s, int x, int y, int w, int h, const char *text, int style, uint32_t colour)
{
    UiWidget *wd = ui_scene_add(s, UI_W_TEXT, x, y, w, h, text);
    wd->style = (uint16_t)style;
    wd->colour = colour;
    return wd;
}

static UiWidget *overlay_button(UiScene *s, UiFont *f, int *x, int y, const UiLayout *L, const char *label, int act,
                                int style)
{
    int w = ui_text_width(f, L->fs, label) + L->pad + 16;
    UiWidget *b = ui_scene_add(s, UI_W_BUTTON, *x, y, w, L->line + L->pad / 2, label);
    b->act = (uint8_t)act;
    b->style = (uint16_t)style;
    *x += w + 6;
    return b;
}

static void winner_line(const UiTable *t, char *buf, int len)
{
    const Scores *sc = &t->scores;
    int n = 0, best = -1, count = 0;
    for (int p = 0; p < t->game->players; p++)
        if ((sc->winners >> p) & 1) {
            best = p;
            count++;
        }
    if (best < 0) {
        snprintf(buf, (size_t)len, "No winner");
        return;
    }
    for (int p = 0, k = 0; p < t->game->players; p++)
        if ((sc->winners >> p) & 1)
            n += snprintf(buf + n, (size_t)(len - n), "%s%c", k++ ? (k == count ? " and " : ", ") : "", 'A' + p);
    snprintf(buf + n, (size_t)(len - n), " %s with %d points", count > 1 ? "share the win" : "wins",
             sc->line[best].total);
}

void ui_app_end_overlay(UiApp *app, UiScene *s)
{
    static const char *const ROW[] = {
        "Critters on land", "Connecting edges", "Volcanoes activated", "Critters in the crater", "Tallest biome",
        "Largest biome", "Diversified biomes", "Caldera cards", "Points bought", "Powers' bonus", "Total",
    };
    const UiLayout *L = &s->L;
    const UiTable *t = app->table;
    int players = t->game->players, rows = (int)(sizeof ROW / sizeof ROW[0]);
    char line[160];
    snprintf(line, sizeof line, "Game over: %s", ui_end_reason_text(t->game, t->game->end_reason));
    int label_w = ui_text_width(&app->as->font, L->fs, "Critters in the crater") + L->pad * 2;
    int col = L->fs * 4, bw = label_w + players * col, bh = (rows + 5) * L->line + 3 * L->pad;
    int title = ui_text_width(&app->as->bold, L->fs_big, line), buttons = 30 * L->fs;
    bw = (bw > title ? bw : title) > buttons ? (bw > title ? bw : title) : buttons;
    bw += 2 * L->pad;
    if (bw > L->board_w - 2 * L->pad)
        bw = L->board_w - 2 * L->pad;
    int x = (L->board_w - bw) / 2, y = (L->board_h - bh) / 2 > L->pad ? (L->board_h - bh) / 2 : L->pad;
    s->dim_board = true;
    ui_scene_add(s, UI_W_BOX, x, y, bw, bh, "")->colour = 0xF21C2128u;
    int ix = x + L->pad, iy = y + L->pad;
    cell(s, ix, iy, bw - 2 * L->pad, L->line_big, line, UI_ST_BOLD | UI_ST_BIG, 0xFFFF8C3Cu);
    iy += L->line_big;
    winner_line(t, line, sizeof line);
    cell(s, ix, iy, bw - 2 * L->pad, L->line, line, UI_ST_BOLD, 0xFFFFE08Au);
    iy += L->line + L->pad;
    for (int p = 0; p < players; p++) {
        snprintf(line, sizeof line, "%c", 'A' + p);
        cell(s, ix + label_w + p * col, iy, col, L->line, line, UI_ST_BOLD | UI_ST_RIGHT, ui_seat_colour(p));
    }
    iy += L->line;
    for (int r = 0; r < rows; r++) {
        bool total = r == rows - 1;
        cell(s, ix, iy, label_w, L->line, ROW[r], total ? UI_ST_BOLD : 0, total ? UI_INK : 0xFFC8CACEu);
        for (int p = 0; p < players; p++) {
            const ScoreLine *l = &t->scores.line[p];
            const int v[] = { l->critters, l->edges, l->volcanoes, l->sacrifices, l->tallest, l->largest,
                              l->diversified, l->caldera, l->bought, l->bonus, l->total };
            snprintf(line, sizeof line, "%d", v[r]);
            cell(s, ix + label_w + p * col, iy, col, L->line, line, UI_ST_RIGHT | (total ? UI_ST_BOLD : 0),
                 total && ((t->scores.winners >> p) & 1) ? 0xFFFFE08Au : UI_INK);
        }
        iy += L->line;
    }
    iy += L->pad;
    int bx = ix;
    if (app->hooks.new_game)
        overlay_button(s, &app->as->font, &bx, iy, L, "New game", UI_ACT_NEW_GAME, UI_ST_PRIMARY);
    overlay_button(s, &app->as->font, &bx, iy, L, "Show the board", UI_ACT_RESULTS, 0);
    overlay_button(s, &app->as->font, &bx, iy, L, "Quit (Q)", UI_ACT_QUIT, 0);
}

void ui_app_help_overlay(UiApp *app, UiScene *s)
{
    const char *HELP[] = {
        "Playing with the mouse",
        "A tile to place follows the pointer over the lit hexes: the wheel or R turns it",
        "(only turns that fit are offered), Tab changes the tile, a click places it.",
        "Critters: press on one of yours on a lit hex, drop it on a tinted area.",
        "Claims and sacrifices: click the tinted area or the critter. Grid cards: click to unlock.",
        "Other choices are buttons in the panel; a step that rolls dice asks to confirm.",
        "Keys",
        "digits + Enter: the option with that number     L: the numbered list of options",
        "U or Ctrl+Z: undo your last choice (not past dice or a revealed card)",
        "+ and -: bot pace     Space: a waiting bot moves now     G: Power Grid     C: coordinates",
        "Esc: let go / cancel     F1 or ?: this help     Q: quit",
        "Hover a score for its categories, a card for its rules, a seat's line for its powers and cards.",
        "",
    };
    int n = (int)(sizeof HELP / sizeof HELP[0]) - 1;
    if (app->table && ui_table_is_remote(app->table)) {   /* the server holds the game */
        HELP[5] = "Other choices are buttons in the panel; every move at a remote table is final (none asks to confirm).";
        HELP[8] = "U: no undo at a remote table";
        HELP[n++] = "A dropped connection comes back by itself (the status line says so); a move made meanwhile must"
                    " be made again.";
    }
    const UiLayout *L = &s->L;
    int bw = L->board_w - 4 * L->pad, bh = (n + 2) * L->line_small + 2 * L->pad;
    int x = 2 * L->pad, y = L->pad * 2;
    ui_scene_add(s, UI_W_BOX, x, y, bw, bh, "")->colour = 0xF21C2128u;
    for (int i = 0; i < n; i++) {
        bool head = i == 0 || i == 6;
        cell(s, x + L->pad, y + L->pad + i * L->line_small, bw - 2 * L->pad, L->line_small, HELP[i],
             head ? UI_ST_BOLD | UI_ST_SMALL : UI_ST_SMALL, head ? 0xFFFF8C3Cu : UI_INK);
    }
    UiWidget *b = ui_scene_add(s, UI_W_BUTTON, x + bw - 8 * L->fs, y + bh - L->line - L->pad, 7 * L->fs, L->line,
                               "Close (Esc)");
    b->act = UI_ACT_HELP;
    b->style = UI_ST_SMALL;
}
