#include <string.h>

#include "query.h"
#include "describe.h"
#include "textview.h"
#include "tui.h"

/* Above this many options, those with a place are listed by place. */
#define TUI_LIST_MAX 24

static void powers_held(const Game *g, int p, char *buf, int len)
{
    int n = 0;
    buf[0] = 0;
    for (int c = 0; c < g->rules.power_card_count && n < len - 2; c++)
        if (player_holds_card(g, p, c))
            n += snprintf(buf + n, (size_t)(len - n), "%s%s", n ? ", " : "", g->rules.power_cards[c].name);
}

/* The score as the viewer may know it: hidden Caldera stars left out. */
static void score_text(const Tui *t, int p, char *buf, int len)
{
    const Game *g = t->table.game;
    const ScoreLine *l = &t->table.scores.line[p];
    if (g->player[p].caldera_count && !ui_table_shows_hand(&t->table, p) && !game_over(g))
        snprintf(buf, (size_t)len, "%d+?", l->total - l->caldera);
    else
        snprintf(buf, (size_t)len, "%d", l->total);
}

static void seats(Tui *t)
{
    const Game *g = t->table.game;
    for (int p = 0; p < g->players; p++) {
        const Player *pl = &g->player[p];
        char kind[48], score[40], powers[256];
        ui_table_seat_label(&t->table, p, kind, sizeof kind);
        score_text(t, p, score, sizeof score);
        powers_held(g, p, powers, sizeof powers);
        fprintf(t->out, "%c%c %-9s score %-4s| dark %d medium %d light %d | hand %d, land %d, crater %d | "
                "volcanoes %d | Caldera %d%s%s\n", seat_letter(p), p == g->active ? '*' : ' ', kind, score,
                pl->resources[0], pl->resources[1], pl->resources[2], game_hand_count(g, p), game_land_critters(g, p),
                game_crater_count(g, p), pl->volcanoes, pl->caldera_count, powers[0] ? " | powers: " : "", powers);
    }
}

void tui_tell(Tui *t)
{
    int total = t->table.story_len, kept = ui_table_line_count(&t->table);
    int first = t->told > total - kept ? t->told - (total - kept) : 0;
    for (int k = first; k < kept; k++) {
        const UiLine *l = ui_table_line(&t->table, k);
        fprintf(t->out, "%s%s\n", l->kind == UI_LINE_ACTION ? "  " : l->kind == UI_LINE_TURN ? "" : "    ", l->text);
    }
    t->told = total;
}

void tui_notices(Tui *t)
{
    char text[600];
    while (ui_table_notice(&t->table, text, sizeof text))
        fprintf(t->out, "** %s\n", text);
    fflush(t->out);
}

void tui_story(Tui *t, int last)
{
    int kept = ui_table_line_count(&t->table);
    for (int k = kept > last ? kept - last : 0; k < kept; k++)
        fprintf(t->out, "  %s\n", ui_table_line(&t->table, k)->text);
}

void tui_screen(Tui *t)
{
    Game *g = t->table.game;
    static uint8_t lit[BOARD_CELLS];
    memset(lit, 0, sizeof lit);
    for (int i = 0; i < t->n; i++) {
        int cell = ui_option_cell(g, &t->opts[i]);
        if (cell != NO_CELL)
            lit[cell] = 1;
    }
    if (t->clear)
        fprintf(t->out, "\033[H\033[2J");
    else
        fprintf(t->out, "\n");
    fprintf(t->out, "== Turn %d, %c's turn, %s ==\n", g->turn, seat_letter(g->active), ui_step_name(g));
    if (ui_table_status(&t->table)[0])
        fprintf(t->out, "** %s\n", ui_table_status(&t->table));
    text_board_lit(t->out, g, lit);
    text_marks(t->out, g);
    seats(t);
    text_supply(t->out, g);
    if (t->clear) {   /* what scrolled away: the story since this seat last chose */
        fprintf(t->out, "Lately:\n");
        tui_story(t, 8);
    }
    char prompt[400];
    ui_table_prompt(&t->table, prompt, sizeof prompt);
    fprintf(t->out, "%c: %s\n", seat_letter(g->pending.player), prompt);
}

static bool has_place(const Game *g, const Option *o)
{
    return ui_option_cell(g, o) != NO_CELL;
}

void tui_list_options(Tui *t, bool all)
{
    Game *g = t->table.game;
    char d[200];
    bool group = !all && t->n > TUI_LIST_MAX;
    for (int i = 0; i < t->n; i++)
        if (!group || !has_place(g, &t->opts[i])) {
            ui_table_option_text(&t->table, &t->opts[i], d, sizeof d);
            fprintf(t->out, "%4d  %s\n", i, d);
        }
    if (!group)
        return;
    static int count[BOARD_CELLS];
    memset(count, 0, sizeof count);
    for (int i = 0; i < t->n; i++)
        if (has_place(g, &t->opts[i]))
            count[ui_option_cell(g, &t->opts[i])]++;
    fprintf(t->out, "  Places (type q,r to see the choices there, o for the numbered list):\n   ");
    int col = 3;
    for (int c = 0; c < BOARD_CELLS; c++) {
        if (!count[c])
            continue;
        Hex h = board_hex(c);
        int w = snprintf(d, sizeof d, " (%d,%d)%s", h.q, h.r, count[c] > 1 ? "" : "");
        if (count[c] > 1)
            w += snprintf(d + w, sizeof d - (size_t)w, " x%d", count[c]);
        if (col + w > 96) {
            fprintf(t->out, "\n   ");
            col = 3;
        }
        fprintf(t->out, "%s", d);
        col += w;
    }
    fprintf(t->out, "\n");
}

int tui_list_at(Tui *t, int cell)
{
    Game *g = t->table.game;
    Hex h = board_hex(cell);
    int k = 0;
    char d[200];
    for (int i = 0; i < t->n; i++) {
        if (ui_option_cell(g, &t->opts[i]) != cell)
            continue;
        if (k == 0)
            fprintf(t->out, "At (%d,%d) (edges named clockwise from east: E SE SW W NW NE):\n", h.q, h.r);
        ui_table_option_text(&t->table, &t->opts[i], d, sizeof d);
        fprintf(t->out, "   %c  [%d] %s\n", k < 26 ? 'a' + k : '?', i, d);
        k++;
    }
    if (k == 0)
        fprintf(t->out, "Nothing to do at (%d,%d).\n", h.q, h.r);
    return k;
}

void tui_scores(Tui *t, bool final)
{
    const Game *g = t->table.game;
    const Scores *s = &t->table.scores;
    fprintf(t->out, "%s\n", final ? "Final scores:" : "Scores if the game ended now:");
    fprintf(t->out, "seat critters edges volcanoes crater tallest largest diversified caldera bought bonus | total\n");
    for (int p = 0; p < g->players; p++) {
        const ScoreLine *l = &s->line[p];
        bool hidden = !final && g->player[p].caldera_count && !ui_table_shows_hand(&t->table, p);
        char cal[8];
        snprintf(cal, sizeof cal, hidden ? "?" : "%d", l->caldera);
        fprintf(t->out, "  %c  %8d %5d %9d %6d %7d %7d %11d %7s %6d %5d | %5d%s%s\n", seat_letter(p), l->critters,
                l->edges, l->volcanoes, l->sacrifices, l->tallest, l->largest, l->diversified, cal, l->bought,
                l->bonus, hidden ? l->total - l->caldera : l->total, hidden ? "+?" : "",
                final && (s->winners >> p) & 1 ? "  winner" : "");
    }
}

void tui_cards(Tui *t)
{
    const Game *g = t->table.game;
    for (int p = 0; p < g->players; p++) {
        const Player *pl = &g->player[p];
        if (!ui_table_shows_hand(&t->table, p)) {
            fprintf(t->out, "%c holds %d Caldera card%s (hidden)\n", seat_letter(p), pl->caldera_count,
                    pl->caldera_count == 1 ? "" : "s");
            continue;
        }
        fprintf(t->out, "%c holds %d Caldera card%s%s\n", seat_letter(p), pl->caldera_count,
                pl->caldera_count == 1 ? "" : "s", pl->caldera_count ? ":" : "");
        for (int i = 0; i < pl->caldera_count; i++) {
            const PowerCard *c = &g->rules.power_cards[pl->caldera[i]];
            const char *text = t->card_text[pl->caldera[i]];
            fprintf(t->out, "   %s (%d star%s%s)%s%s\n", c->name, c->stars, c->stars == 1 ? "" : "s",
                    c->bolt ? ", bolt: may be played in your turn" : "", text && *text ? ": " : "", text ? text : "");
        }
    }
}

void tui_help(Tui *t)
{
    bool remote = ui_table_is_remote(&t->table);
    FILE *out = t->out;
    if (remote)
        fprintf(out,
            "At a remote table (tui --join) the server holds the game: your moves go to it and\n"
            "the story comes from it; every move is final. While another seat decides, the story\n"
            "is printed as it happens and the commands that only show things still work. When\n"
            "the connection drops, the terminal says so and comes back by itself; a move made\n"
            "meanwhile is not sent, and you are told to make it again.\n");
    fprintf(out,
        "Commands (then Enter):\n"
        "  N           choose option N (the numbers `volcanique options` prints)\n"
        "  q,r         show the choices at cell (q,r), lettered; then type the letter\n"
        "  q,r X       choose letter X at (q,r) at once, e.g. 1,-2 b\n"
        "  o           list every option, numbered\n"
        "  b           the board, with the places you may play marked *\n"
        "  s           the scores now, by category\n"
        "  g           the Power Grid: powers, levels, who holds them, their rules\n"
        "  c           Caldera cards (yours by name)\n"
        "  l [N]       the last N lines of the story (default 20)\n");
    if (remote)
        fprintf(out,
            "  u           (no undo at a remote table: the server keeps every move)\n"
            "  pace MS     --autoplay's bot waits MS milliseconds before each move\n"
            "  ?           this help\n"
            "  quit (or q) leave the table: the seat stays yours, the same link brings you back\n");
    else
        fprintf(out,
            "  u           undo your last choice (never past dice or a revealed card)\n"
            "  load FILE   continue the game saved in FILE\n"
            "  save FILE   write the game to FILE now\n"
            "  pace MS     bots wait MS milliseconds before each move\n"
            "  ?           this help\n"
            "  quit (or q) stop; with --save or --load the game is in its file\n");
    fprintf(out,
        "Board cells: height, then each area of the top tile (a seat letter where a critter\n"
        "stands, else its biome: d dark, m medium, l light); V volcano, s soil, ~ lava.\n"
        "Tile turns are told by the edges each biome faces, clockwise from east (E SE SW W NW NE).\n");
}
