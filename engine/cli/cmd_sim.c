/* sim: headless random-bot games, one JSON line per game on stdout. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "bot.h"
#include "cli.h"
#include "invariants.h"
#include "score.h"

static void print_game(const Game *g, uint64_t seed, int decisions, Scores *sc)
{
    static const char *const SEAT = "ABCDE";
    printf("{\"seed\":%llu,\"players\":%d,\"variant\":\"%s\",\"setup\":%d,\"winners\":[",
           (unsigned long long)seed, g->players, g->players >= 3 ? g->options.variant : "",
           g->options.setup_variation);
    int first = 1;
    for (int p = 0; p < g->players; p++)
        if ((sc->winners >> p) & 1) {
            printf("%s\"%c\"", first ? "" : ",", SEAT[p]);
            first = 0;
        }
    printf("],\"turns\":%d,\"decisions\":%d,\"end\":\"%s\",\"first_player\":\"%c\",\"scores\":[", g->turn,
           decisions, end_reason_name(g->end_reason), SEAT[g->first_player]);
    for (int p = 0; p < g->players; p++) {
        const ScoreLine *l = &sc->line[p];
        printf("%s{\"seat\":\"%c\",\"total\":%d,\"critters\":%d,\"edges\":%d,\"volcanoes\":%d,"
               "\"sacrifices\":%d,\"tallest\":%d,\"largest\":%d,\"diversified\":%d,\"caldera\":%d,"
               "\"bought\":%d,\"bonus\":%d}",
               p ? "," : "", SEAT[p], l->total, l->critters, l->edges, l->volcanoes, l->sacrifices, l->tallest,
               l->largest, l->diversified, l->caldera, l->bought, l->bonus);
    }
    printf("]}\n");
}

int cmd_sim(const CliArgs *a)
{
    GameOptions o = { 2, 1, "symbiosis" };
    uint64_t seed = 1, games = 0;
    int check = 0;
    for (int i = 0; i < a->argc;) {
        int used;
        if (cli_game_option(a, i, &o, &seed, &used))
            return 2;
        if (used) {
            i += used;
        } else if (strcmp(a->argv[i], "--games") == 0 && i + 1 < a->argc) {
            if (cli_number(a->argv[i + 1], "--games", 1, 100000000, &games))
                return 2;
            i += 2;
        } else if (strcmp(a->argv[i], "--check") == 0) {
            check = 1;
            i++;
        } else {
            fprintf(stderr, "volcanique sim: unknown or incomplete option '%s' (see volcanique --help)\n",
                    a->argv[i]);
            return 2;
        }
    }
    if (games == 0) {
        fprintf(stderr, "volcanique sim: how many games? (--games K)\n");
        return 2;
    }
    Session s;
    if (cli_open(&s, a))
        return 1;
    static Option opts[MAX_OPTIONS];
    char err[512];
    int tty = isatty(STDERR_FILENO);
    int rc = 0;
    for (uint64_t k = 0; k < games && rc == 0; k++) {
        uint64_t game_seed = seed + k;
        if (session_new_game(&s, &o, game_seed, err, sizeof err)) {
            fprintf(stderr, "volcanique sim: %s\n", err);
            rc = 1;
            break;
        }
        s.game.log = NULL;   /* nothing to save: skip recording */
        Rng bot_rng;
        rng_seed(&bot_rng, game_seed ^ 0x9E3779B97F4A7C15ULL);
        int decisions = 0;
        while (!game_over(&s.game)) {
            int n = game_options(&s.game, opts, MAX_OPTIONS);
            if (game_apply(&s.game, bot_random(&bot_rng, opts, n), err, sizeof err) ||
                (check && invariants_check(&s.game, err, sizeof err))) {
                fprintf(stderr, "volcanique sim: game seed %llu, decision %d: %s\n",
                        (unsigned long long)game_seed, decisions + 1, err);
                rc = 1;
                break;
            }
            decisions++;
        }
        if (rc)
            break;
        Scores sc;
        game_score(&s.game, &sc);
        print_game(&s.game, game_seed, decisions, &sc);
        if (tty)
            fprintf(stderr, "\r%llu/%llu games", (unsigned long long)(k + 1), (unsigned long long)games);
    }
    if (tty)
        fprintf(stderr, "\n");
    fflush(stdout);
    session_close(&s);
    return rc;
}
