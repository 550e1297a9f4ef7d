#include "tui.h"

#include <ctype.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "save.h"
#include "textview.h"

enum { TUI_APPLIED, TUI_AGAIN, TUI_QUIT, TUI_FAILED };

/* Seats the table at session s's game again, keeping the seats. */
static int reseat(Tui *t, Session *s, char *err, int errlen)
{
    UiSeat seats[MAX_PLAYERS];
    memcpy(seats, t->table.seat, sizeof seats);
    ui_table_free(&t->table);
    t->session = s;
    t->target.session = s;
    for (int c = 0; c < MAX_POWER_CARDS; c++)
        t->card_text[c] = c < s->rules.power_card_count ? s->card_docs[c].text : NULL;
    UiTableHooks hooks = cli_play_hooks(&t->target);
    return ui_table_init(&t->table, &s->game, seats, &hooks, err, errlen);
}

/* With --watch: when a rules file changed, reloads and replays (watch.h).
 * Returns TUI_APPLIED when the game now runs on the changed rules (the
 * decision must be read again), TUI_FAILED when the table cannot be seated
 * again, else TUI_AGAIN (nothing changed, or the message says why the old
 * rules stay). */
static int watch_step(Tui *t)
{
    if (!t->watch || !cli_watch_changed(t->watch))
        return TUI_AGAIN;
    char msg[1600], err[512];
    Session *s = t->session;
    if (cli_watch_reload(t->watch, &s, msg, sizeof msg)) {
        fprintf(t->out, "%s\n", msg);
        return TUI_AGAIN;
    }
    if (reseat(t, s, err, sizeof err)) {
        fprintf(stderr, "volcanique tui: %s\n", err);
        return TUI_FAILED;
    }
    t->told = t->table.story_len;
    fprintf(t->out, "%s\n", msg);
    return TUI_APPLIED;
}

/* At a remote table: reads what the server sent (waiting up to ms), prints
 * the story and the notices. Returns TUI_APPLIED when the decision changed,
 * TUI_FAILED when the table is lost (message printed), else TUI_AGAIN. */
static int remote_step(Tui *t, int ms)
{
    char err[1000];
    int rc = ui_table_poll(&t->table, ms, err, sizeof err);
    if (rc < 0) {
        tui_notices(t);
        fprintf(stderr, "volcanique tui: %s\n", err);
        return TUI_FAILED;
    }
    if ((rc & UI_POLL_NOTICE) || ((rc & UI_POLL_VIEW) && t->told < t->table.story_len)) {
        if (t->prompt[0])
            fprintf(t->out, "\n");
        tui_notices(t);
        tui_tell(t);
        if (t->prompt[0])
            fprintf(t->out, "%s", t->prompt);
        fflush(t->out);
    }
    return rc & UI_POLL_DECISION ? TUI_APPLIED : TUI_AGAIN;
}

/* Reads a line; with --watch, reloads changed rules while waiting for it;
 * at a remote table, follows the server meanwhile. Returns TUI_AGAIN with
 * the line read, TUI_APPLIED after a reload or a change of decision (the
 * line is not read), TUI_QUIT at the end of input, TUI_FAILED. */
static int read_line(Tui *t, char *line, int len)
{
    bool remote = ui_table_is_remote(&t->table);
    while (t->watch || remote) {
        int rc = t->watch ? watch_step(t) : remote_step(t, 20);
        if (rc != TUI_AGAIN)
            return rc;
        struct pollfd pf = { fileno(t->in), POLLIN, 0 };
        if (poll(&pf, 1, remote ? 20 : 250) != 0)
            break;
    }
    return fgets(line, len, t->in) ? TUI_AGAIN : TUI_QUIT;
}

static int apply(Tui *t, int index)
{
    char err[600];
    int rc = ui_table_apply(&t->table, &t->opts[index], err, sizeof err);
    if (rc > 0) {   /* a remote table did not send it: nothing changed */
        fprintf(t->out, "** %s\n", err);
        return TUI_AGAIN;
    }
    if (rc) {
        fprintf(stderr, "volcanique tui: %s\n", err);
        return TUI_FAILED;
    }
    tui_tell(t);
    return TUI_APPLIED;
}

/* "q,r", "(q, r)", "q r", optionally followed by a letter. Returns whether it parsed. */
static bool parse_cell(const char *s, int *cell, char *letter)
{
    const char *p = s;
    if (*p == '(')
        p++;
    char *end;
    long q = strtol(p, &end, 10);
    if (end == p)
        return false;
    p = end;
    while (*p == ' ' || *p == ',')
        p++;
    long r = strtol(p, &end, 10);
    if (end == p)
        return false;
    p = end;
    if (*p == ')')
        p++;
    while (*p == ' ')
        p++;
    *letter = 0;
    if (isalpha((unsigned char)*p) && !p[1])
        *letter = (char)tolower((unsigned char)*p);
    else if (*p)
        return false;
    Hex h = hex_make((int)q, (int)r);
    if (!board_in_bounds(h))
        return false;
    *cell = board_cell(h);
    return true;
}

/* The option lettered `letter` at cell, or -1. */
static int at_cell(Tui *t, int cell, char letter)
{
    int k = 0;
    for (int i = 0; i < t->n; i++)
        if (ui_option_cell(t->table.game, &t->opts[i]) == cell && 'a' + k++ == letter)
            return i;
    return -1;
}

static int undo(Tui *t)
{
    char err[512];
    if (ui_table_undo(&t->table, err, sizeof err)) {
        fprintf(t->out, "%s\n", err);
        return TUI_AGAIN;
    }
    t->told = t->table.story_len;
    fprintf(t->out, "Undone: back to %c's choice (turn %d).\n", 'A' + t->table.game->pending.player,
            t->table.game->turn);
    return TUI_APPLIED;   /* the decision changed: show the new one */
}

/* Seats for a loaded game of `players`: the seats so far, random bots beyond. */
static void fit_seats(UiSeat *seats, int players, const UiTable *old)
{
    for (int p = 0; p < MAX_PLAYERS; p++) {
        seats[p] = old->seat[p];
        if (p >= old->players) {
            seats[p].human = 0;
            bot_config_default(&seats[p].bot, BOT_RANDOM);
        }
    }
    (void)players;
}

static int load(Tui *t, const char *path)
{
    LoadedSave ls;
    char err[1024];
    if (save_read_file(path, &ls, err, sizeof err)) {   /* refuse a bad file before touching the game */
        fprintf(t->out, "Cannot load %s: %s\n", path, err);
        return TUI_AGAIN;
    }
    loaded_save_free(&ls);
    UiSeat seats[MAX_PLAYERS];
    fit_seats(seats, 0, &t->table);
    ui_table_free(&t->table);
    if (cli_load(t->session, path)) {
        fprintf(stderr, "volcanique tui: the load failed; %s%s\n", t->target.save_path ? "the game before it is in " : "",
                t->target.save_path ? t->target.save_path : "");
        return TUI_FAILED;
    }
    snprintf(t->loaded, sizeof t->loaded, "%s", path);
    t->target.save_path = t->loaded;
    UiTableHooks hooks = cli_play_hooks(&t->target);
    if (ui_table_init(&t->table, &t->session->game, seats, &hooks, err,
                      sizeof err)) {
        fprintf(stderr, "volcanique tui: %s\n", err);
        return TUI_FAILED;
    }
    t->told = t->table.story_len;
    fprintf(t->out, "Loaded %s: turn %d; the game goes on in that file.\n", t->loaded, t->table.game->turn);
    return TUI_APPLIED;
}

/* Commands that read or change nothing but the view; true when `cmd` was one. */
static bool view_command(Tui *t, const char *cmd, const char *arg)
{
    if (!strcmp(cmd, "?") || !strcmp(cmd, "h") || !strcmp(cmd, "help"))
        tui_help(t);
    else if (!strcmp(cmd, "o") || !strcmp(cmd, "options"))
        tui_list_options(t, true);
    else if (!strcmp(cmd, "b") || !strcmp(cmd, "board"))
        tui_screen(t);
    else if (!strcmp(cmd, "s") || !strcmp(cmd, "score"))
        tui_scores(t, false);
    else if (!strcmp(cmd, "g") || !strcmp(cmd, "grid"))
        text_grid(t->out, t->table.game, t->card_text);
    else if (!strcmp(cmd, "c") || !strcmp(cmd, "cards"))
        tui_cards(t);
    else if (!strcmp(cmd, "l") || !strcmp(cmd, "log"))
        tui_story(t, arg && atoi(arg) > 0 ? atoi(arg) : 20);
    else if (!strcmp(cmd, "pace") && arg) {
        t->bot_delay_ms = atoi(arg) < 0 ? 0 : atoi(arg);
        fprintf(t->out, "Bots now wait %d ms before each move.\n", t->bot_delay_ms);
    } else if (!strcmp(cmd, "save") && arg && !t->session) {
        fprintf(t->out, "A remote table's game is kept on the server: nothing to save here.\n");
    } else if (!strcmp(cmd, "save") && arg) {
        if (cli_save(t->session, arg) == 0)
            fprintf(t->out, "Saved to %s.\n", arg);
    } else
        return false;
    return true;
}

/* One line of input at a person's decision. `cell` is the place whose
 * choices were listed last (NO_CELL: none). */
static int command(Tui *t, char *line, int *cell)
{
    line[strcspn(line, "\r\n")] = 0;
    char *cmd = line + strspn(line, " \t");
    char whole[1024];
    snprintf(whole, sizeof whole, "%s", cmd);
    char *arg = cmd + strcspn(cmd, " \t");
    if (*arg) {
        *arg++ = 0;
        arg += strspn(arg, " \t");
    } else
        arg = NULL;
    if (!*cmd) {
        tui_list_options(t, false);
        return TUI_AGAIN;
    }
    if (*cell != NO_CELL && isalpha((unsigned char)cmd[0]) && !cmd[1] && !arg) {
        int i = at_cell(t, *cell, (char)tolower((unsigned char)cmd[0]));
        if (i >= 0)
            return apply(t, i);
    }
    if (!strcmp(cmd, "q") || !strcmp(cmd, "quit") || !strcmp(cmd, "exit"))
        return TUI_QUIT;
    if (!strcmp(cmd, "u") || !strcmp(cmd, "undo"))
        return undo(t);
    if (!strcmp(cmd, "load") && arg && !t->session) {
        fprintf(t->out, "A remote table plays the server's game: leave it (q) to play another.\n");
        return TUI_AGAIN;
    }
    if (!strcmp(cmd, "load") && arg)
        return load(t, arg);
    if (view_command(t, cmd, arg))
        return TUI_AGAIN;
    char letter;
    int at;
    char *end;
    long v = strtol(cmd, &end, 10);
    if (end != cmd && !*end && !arg) {
        if (v >= 0 && v < t->n)
            return apply(t, (int)v);
        fprintf(t->out, "There is no option %ld (0-%d); ? for help.\n", v, t->n - 1);
    } else if (parse_cell(whole, &at, &letter)) {
        int i = letter ? at_cell(t, at, letter) : -1;
        if (i >= 0)
            return apply(t, i);
        *cell = tui_list_at(t, at) > 0 ? at : NO_CELL;
    } else
        fprintf(t->out, "'%s' is neither an option, a place nor a command; ? for help.\n", whole);
    return TUI_AGAIN;
}

static int human_turn(Tui *t)
{
    t->waited = -1;
    tui_screen(t);
    tui_list_options(t, false);
    int cell = NO_CELL;
    char line[1024];
    for (;;) {
        snprintf(t->prompt, sizeof t->prompt, "%c> ", seat_letter(t->table.game->pending.player));
        fprintf(t->out, "%s", t->prompt);
        fflush(t->out);
        int got = read_line(t, line, sizeof line);
        t->prompt[0] = 0;
        if (got != TUI_AGAIN)
            return got;
        if (t->echo)
            fprintf(t->out, "%s%s", line, strchr(line, '\n') ? "" : "\n");
        int rc = command(t, line, &cell);
        if (rc != TUI_AGAIN)
            return rc;
    }
}

static int bot_turn(Tui *t)
{
    int rc = watch_step(t);
    if (rc != TUI_AGAIN)
        return rc;
    if (t->bot_delay_ms > 0) {
        fflush(t->out);
        usleep((useconds_t)t->bot_delay_ms * 1000);
    }
    int k = ui_table_bot_choose(&t->table, t->opts, t->n);
    if (k >= 0 && ui_table_is_remote(&t->table)) {   /* this screen's seat: shown as a person sees it */
        char words[300];
        tui_screen(t);
        tui_list_options(t, false);
        ui_table_option_text(&t->table, &t->opts[k], words, sizeof words);
        fprintf(t->out, "%c> %d   (autoplay: %s)\n", seat_letter(t->table.game->pending.player), k, words);
    }
    return k >= 0 ? apply(t, k) : remote_step(t, 0);
}

/* A line typed while another seat decides: only the commands that show things. */
static int waiting_command(Tui *t, char *line)
{
    if (t->echo)
        fprintf(t->out, "%s%s", line, strchr(line, '\n') ? "" : "\n");
    line[strcspn(line, "\r\n")] = 0;
    char *cmd = line + strspn(line, " \t"), *arg = cmd + strcspn(cmd, " \t");
    if (*arg) {
        *arg++ = 0;
        arg += strspn(arg, " \t");
    } else
        arg = NULL;
    if (!strcmp(cmd, "q") || !strcmp(cmd, "quit") || !strcmp(cmd, "exit"))
        return TUI_QUIT;
    int who = t->table.game->pending.player;
    if (!*cmd || view_command(t, cmd, arg))
        return TUI_AGAIN;
    if (who == ui_table_remote_seat(&t->table))
        fprintf(t->out, "Your move is on its way to the server: wait for its answer (q leaves the table).\n");
    else
        fprintf(t->out, "%c decides now: wait for it (? for the commands that show things; q leaves the table).\n",
                seat_letter(who));
    return TUI_AGAIN;
}

/* What this screen waits for, said once per decision: the board at each new
 * turn for a spectator, the seat that decides when a person does. */
static void announce_wait(Tui *t)
{
    const Game *g = t->table.game;
    int seat = ui_table_remote_seat(&t->table);
    if (seat < 0 && g->turn != t->shown_turn) {
        t->shown_turn = g->turn;
        tui_screen(t);
    }
    int who = g->pending.player;
    if (seat < 0 || who == seat || t->waited == who || !t->table.seat[who].remote)
        return;
    char label[48];
    ui_table_seat_label(&t->table, who, label, sizeof label);
    fprintf(t->out, "(%c, %s, decides)\n", seat_letter(who), label);
    t->waited = who;
}

/* A remote table where nobody here decides: follows the server, reads view
 * commands meanwhile. */
static int wait_turn(Tui *t)
{
    announce_wait(t);
    fflush(t->out);
    for (;;) {
        int rc = remote_step(t, t->input_closed ? 200 : 20);
        if (rc != TUI_AGAIN)
            return rc;
        if (t->input_closed)
            continue;
        struct pollfd pf = { fileno(t->in), POLLIN, 0 };
        if (poll(&pf, 1, 20) == 0)
            continue;
        char line[1024];
        if (!fgets(line, sizeof line, t->in)) {
            int seat = ui_table_remote_seat(&t->table);
            if (seat >= 0 && t->table.seat[seat].human)
                return TUI_QUIT;   /* a person's input ended */
            t->input_closed = true;   /* a spectator or a bot plays on without it */
            continue;
        }
        rc = waiting_command(t, line);
        if (rc != TUI_AGAIN)
            return rc;
    }
}

static void final_words(Tui *t)
{
    Game *g = t->table.game;
    fprintf(t->out, "\n");
    text_board(t->out, g);
    fprintf(t->out, "\nThe game is over: %s.\n", ui_end_reason_text(g, g->end_reason));
    tui_scores(t, true);
    for (int p = 0; p < g->players; p++)
        if ((t->table.scores.winners >> p) & 1)
            fprintf(t->out, "Winner: %c with %d points.\n", seat_letter(p), t->table.scores.line[p].total);
}

static void stopped(Tui *t)
{
    if (ui_table_is_remote(&t->table))
        fprintf(t->out, "Stopped. %s\n", ui_table_remote_seat(&t->table) >= 0 ? "You left the table; the seat "
                "stays yours: the same link brings you back to it." : "You stopped watching.");
    else
        fprintf(t->out, "Stopped.%s%s\n", t->target.save_path ? " The game is saved in " : "",
                t->target.save_path ? t->target.save_path : "");
}

int tui_run(Tui *t)
{
    t->opts = malloc(sizeof *t->opts * MAX_OPTIONS);
    if (!t->opts) {
        fprintf(stderr, "volcanique tui: out of memory\n");
        return 1;
    }
    t->waited = t->shown_turn = -1;
    tui_tell(t);
    tui_notices(t);
    int rc = TUI_APPLIED;
    UiTurn turn;
    while ((turn = ui_table_turn(&t->table)) != UI_TURN_OVER && rc != TUI_QUIT && rc != TUI_FAILED) {
        t->n = ui_table_options(&t->table, t->opts);
        rc = turn == UI_TURN_PERSON ? human_turn(t) : turn == UI_TURN_BOT ? bot_turn(t) : wait_turn(t);
    }
    if (rc == TUI_QUIT)
        stopped(t);
    else if (turn == UI_TURN_OVER && rc != TUI_FAILED)
        final_words(t);
    free(t->opts);
    t->opts = NULL;
    return rc == TUI_FAILED ? 1 : 0;
}
