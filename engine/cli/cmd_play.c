/* tui: a whole game in the terminal, each seat a person or a bot (tui.c);
 * with --join, a seat of a remote table (or watching one). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "join_play.h"
#include "tui.h"

static void tui_io(Tui *t, const CliPlayArgs *pa)
{
    t->out = stdout;
    t->in = stdin;
    t->clear = isatty(STDOUT_FILENO) && isatty(STDIN_FILENO) && getenv("TERM") && strcmp(getenv("TERM"), "dumb");
    t->echo = !isatty(STDIN_FILENO);
    t->bot_delay_ms = pa->bot_delay_ms >= 0 ? pa->bot_delay_ms : t->clear ? 500 : 0;
}

/* tui --join: the remote table's seat, the same screens. */
static int tui_join(const CliArgs *a, const CliPlayArgs *pa, const CliJoinArgs *ja)
{
    static CliJoin j;
    static Tui t;
    memset(&t, 0, sizeof t);
    int rc = cli_join_open("tui", a, ja, &j, &t.table);
    if (rc)
        return rc;
    tui_io(&t, pa);
    for (int c = 0; c < MAX_POWER_CARDS; c++)
        t.card_text[c] = ui_table_card_text(&t.table, c);
    char where[400];
    cli_join_where(&j, &t.table, where, sizeof where);
    printf("Volcanique, %d players: %s. Seats:", t.table.game->players, where);
    for (int p = 0; p < t.table.game->players; p++) {
        char label[48];
        printf(" %c=%s", 'A' + p, ui_table_seat_label(&t.table, p, label, sizeof label));
    }
    printf(". No undo at a remote table. Type ? for help.\n");
    int total = t.table.story_len;
    t.told = total > 12 ? total - 12 : 0;   /* a seat joined late: the story's last lines */
    setvbuf(stdin, NULL, _IONBF, 0);   /* so waiting for the server can notice a line typed */
    rc = tui_run(&t);
    cli_join_close(&j, &t.table);
    return rc;
}

int cmd_tui(const CliArgs *a)
{
    CliPlayArgs pa;
    CliJoinArgs ja = { 0 };
    cli_play_defaults(&pa);
    for (int i = 0; i < a->argc;) {
        int used;
        if (cli_join_arg("tui", a, i, &ja, &used))
            return 2;
        if (!used && cli_play_arg("tui", a, i, &pa, &used))
            return 2;
        if (!used) {
            fprintf(stderr, "volcanique tui: unknown or incomplete option '%s' (see volcanique --help)\n",
                    a->argv[i]);
            return 2;
        }
        i += used;
    }
    if (cli_join_check("tui", &ja, &pa))
        return 2;
    if (ja.link)
        return tui_join(a, &pa, &ja);
    static Session s;
    int rc = cli_play_open("tui", a, &pa, &s);
    if (rc)
        return rc;
    static Tui t;
    memset(&t, 0, sizeof t);
    t.session = &s;
    tui_io(&t, &pa);
    t.target = (CliPlayTarget){ &s, pa.save_path };
    for (int c = 0; c < s.rules.power_card_count; c++)
        t.card_text[c] = s.card_docs[c].text;
    UiTableHooks hooks = cli_play_hooks(&t.target);
    char err[512];
    if (ui_table_init(&t.table, &s.game, pa.seats, &hooks, err, sizeof err)) {
        fprintf(stderr, "volcanique tui: %s\n", err);
        session_close(&s);
        return 1;
    }
    printf("Volcanique, %d players, seed %llu%s%s. Seats:", s.game.players, (unsigned long long)s.game.seed,
           pa.load_path ? ", continued from " : "", pa.load_path ? pa.load_path : "");
    for (int p = 0; p < s.game.players; p++) {
        char kind[24];
        printf(" %c=%s", 'A' + p, ui_seat_name(&pa.seats[p], kind, sizeof kind));
    }
    printf(". Type ? for help.\n");
    t.told = pa.load_path ? t.table.story_len : 0;
    static CliWatch watch;
    if (pa.watch) {
        cli_watch_start(&watch, &s);
        setvbuf(stdin, NULL, _IONBF, 0);   /* so waiting for a line can notice changed files */
        t.watch = &watch;
        printf("Watching %d rules files: a change reloads them and replays this game.\n", watch.files);
    }
    rc = tui_run(&t);
    ui_table_free(&t.table);
    session_close(t.session);
    cli_watch_end(&watch);
    return rc;
}
