/* tui: a whole game in the terminal, each seat a person or a bot (tui.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tui.h"

int cmd_tui(const CliArgs *a)
{
    CliPlayArgs pa;
    cli_play_defaults(&pa);
    for (int i = 0; i < a->argc;) {
        int used;
        if (cli_play_arg("tui", a, i, &pa, &used))
            return 2;
        if (!used) {
            fprintf(stderr, "volcanique tui: unknown or incomplete option '%s' (see volcanique --help)\n",
                    a->argv[i]);
            return 2;
        }
        i += used;
    }
    static Session s;
    int rc = cli_play_open("tui", a, &pa, &s);
    if (rc)
        return rc;
    static Tui t;
    memset(&t, 0, sizeof t);
    t.session = &s;
    t.out = stdout;
    t.in = stdin;
    t.clear = isatty(STDOUT_FILENO) && isatty(STDIN_FILENO) && getenv("TERM") && strcmp(getenv("TERM"), "dumb");
    t.echo = !isatty(STDIN_FILENO);
    t.bot_delay_ms = pa.bot_delay_ms >= 0 ? pa.bot_delay_ms : t.clear ? 500 : 0;
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
