/* tui: a whole game in the terminal, each seat a human or a bot. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bot.h"
#include "cli.h"
#include "number.h"
#include "score.h"
#include "textview.h"

/* Reads a choice for a human; returns the option index, -1 to quit. */
static int ask(Game *g, const Option *opts, int n)
{
    char line[64];
    for (;;) {
        printf("%c, choose 0-%d (b = board, q = quit): ", seat_letter(g->pending.player), n - 1);
        fflush(stdout);
        if (!fgets(line, sizeof line, stdin))
            return -1;
        if (line[0] == 'q')
            return -1;
        if (line[0] == 'b') {
            text_state(stdout, g);
            for (int i = 0; i < n; i++) {
                char d[200];
                text_option(d, sizeof d, g, &opts[i]);
                printf("%4d  %s\n", i, d);
            }
            continue;
        }
        size_t len = strcspn(line, "\r\n");
        uint64_t v;
        if (number_parse_u64n(line, len, 0, (uint64_t)n - 1, &v) == NUMBER_OK)
            return (int)v;
        printf("  '%.*s' is not an option number.\n", (int)strcspn(line, "\n"), line);
    }
}

int cmd_tui(const CliArgs *a)
{
    GameOptions o = { .players = 0, .setup_variation = 1, .variant = "symbiosis" };
    uint64_t seed = (uint64_t)time(NULL);
    uint8_t human[MAX_PLAYERS] = { 1, 0 };
    int seats = 2;
    const char *save_path = NULL;
    for (int i = 0; i < a->argc;) {
        int used;
        if (cli_game_option(a, i, &o, &seed, &used))
            return 2;
        if (used) {
            i += used;
        } else if (strcmp(a->argv[i], "--seats") == 0 && i + 1 < a->argc) {
            if (cli_human_seats("tui", a->argv[i + 1], human, &seats))
                return 2;
            i += 2;
        } else if (strcmp(a->argv[i], "--save") == 0 && i + 1 < a->argc) {
            save_path = a->argv[i + 1];
            i += 2;
        } else {
            fprintf(stderr, "volcanique tui: unknown or incomplete option '%s' (see volcanique --help)\n",
                    a->argv[i]);
            return 2;
        }
    }
    if (o.players == 0)
        o.players = (uint8_t)seats;
    if (o.players != seats) {
        fprintf(stderr, "volcanique tui: --players %d but --seats lists %d seats\n", o.players, seats);
        return 2;
    }
    Session s;
    if (cli_open(&s, a))
        return 1;
    char err[512];
    if (session_new_game(&s, &o, seed, err, sizeof err)) {
        fprintf(stderr, "volcanique tui: %s\n", err);
        session_close(&s);
        return 1;
    }
    Rng bot_rng;
    rng_seed(&bot_rng, seed ^ 0x9E3779B97F4A7C15ULL);
    printf("Volcanique, %d players, seed %llu. Seats:", o.players, (unsigned long long)seed);
    for (int p = 0; p < o.players; p++)
        printf(" %c=%s", seat_letter(p), human[p] ? "human" : "bot");
    printf("\n");
    static Option opts[MAX_OPTIONS];
    int last_turn = -1, rc = 0;
    while (!game_over(&s.game)) {
        Game *g = &s.game;
        int n = game_options(g, opts, MAX_OPTIONS);
        int who = g->pending.player;
        bool fresh_view = false;
        if (human[who] && g->turn != last_turn) {
            printf("\n");
            text_state(stdout, g);   /* ends with the pending decision */
            last_turn = g->turn;
            fresh_view = true;
        }
        int pick;
        if (human[who]) {
            if (!fresh_view)
                text_pending(stdout, g);
            for (int i = 0; i < n; i++) {
                char d[200];
                text_option(d, sizeof d, g, &opts[i]);
                printf("%4d  %s\n", i, d);
            }
            pick = ask(g, opts, n);
            if (pick < 0) {
                printf("Stopped.%s%s\n", save_path ? " The game is saved in " : "", save_path ? save_path : "");
                break;
            }
        } else {
            pick = bot_random(&bot_rng, opts, n);
            char d[200];
            text_option(d, sizeof d, g, &opts[pick]);
            printf("  %c (bot, %s): %s\n", seat_letter(who), decision_kind_name(g->pending.kind), d);
        }
        if (game_apply(g, pick, err, sizeof err)) {
            fprintf(stderr, "volcanique tui: %s\n", err);
            rc = 1;
            break;
        }
        if (save_path && cli_save(&s, save_path)) {
            rc = 1;
            break;
        }
    }
    if (game_over(&s.game)) {
        printf("\n");
        text_board(stdout, &s.game);
        printf("\nThe game is over (%s). Final scores:\n", end_reason_name(&s.game, s.game.end_reason));
        Scores sc;
        game_score(&s.game, &sc);
        text_scores(stdout, &s.game, &sc);
    }
    session_close(&s);
    return rc;
}
