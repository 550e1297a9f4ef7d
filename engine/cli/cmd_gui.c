/* gui: a game in an SDL2 window, each seat a human or a bot (engine/ui). */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "gui.h"
#include "textview.h"

typedef struct SaveTarget {
    Session *session;
    const char *path;
} SaveTarget;

static int save_after_apply(void *ud, Game *g)
{
    (void)g;
    SaveTarget *t = ud;
    return cli_save(t->session, t->path);
}

int cmd_gui(const CliArgs *a)
{
    GameOptions o = { .players = 0, .setup_variation = 1, .variant = "symbiosis" };
    uint64_t seed = (uint64_t)time(NULL), v;
    uint8_t human[MAX_PLAYERS] = { 1, 0 };
    int seats = 2, frames = 0, bot_delay_ms = 400;
    const char *save_path = NULL, *shot = NULL;
    for (int i = 0; i < a->argc;) {
        int used;
        if (cli_game_option(a, i, &o, &seed, &used))
            return 2;
        const char *opt = a->argv[i], *val = i + 1 < a->argc ? a->argv[i + 1] : NULL;
        if (used) {
            i += used;
            continue;
        }
        if (!val && (strcmp(opt, "--seats") == 0 || strcmp(opt, "--save") == 0 || strcmp(opt, "--frames") == 0 ||
                     strcmp(opt, "--screenshot") == 0 || strcmp(opt, "--bot-delay") == 0)) {
            fprintf(stderr, "volcanique gui: %s needs a value\n", opt);
            return 2;
        }
        if (strcmp(opt, "--seats") == 0) {
            if (cli_human_seats("gui", val, human, &seats))
                return 2;
        } else if (strcmp(opt, "--save") == 0) {
            save_path = val;
        } else if (strcmp(opt, "--screenshot") == 0) {
            shot = val;
        } else if (strcmp(opt, "--frames") == 0) {
            if (cli_number(val, "--frames", 1, 10000000, &v))
                return 2;
            frames = (int)v;
        } else if (strcmp(opt, "--bot-delay") == 0) {
            if (cli_number(val, "--bot-delay", 0, 60000, &v))
                return 2;
            bot_delay_ms = (int)v;
        } else {
            fprintf(stderr, "volcanique gui: unknown option '%s' (see volcanique --help)\n", opt);
            return 2;
        }
        i += 2;
    }
    if (o.players == 0)
        o.players = (uint8_t)seats;
    if (o.players != seats) {
        fprintf(stderr, "volcanique gui: --players %d but --seats lists %d seats\n", o.players, seats);
        return 2;
    }

    Session s;
    if (cli_open(&s, a))
        return 1;
    char err[1024];
    if (session_new_game(&s, &o, seed, err, sizeof err)) {
        fprintf(stderr, "volcanique gui: %s\n", err);
        session_close(&s);
        return 1;
    }
    GuiConfig cfg;
    memset(&cfg, 0, sizeof cfg);
    char dir[SESSION_PATH + 32];
    snprintf(dir, sizeof dir, "%s/content/textures", s.root);
    cfg.texture_dir = dir;
    memcpy(cfg.human, human, sizeof cfg.human);
    cfg.bot_seed = seed ^ 0x9E3779B97F4A7C15ULL;
    cfg.bot_delay_ms = bot_delay_ms;
    cfg.frames = frames;
    cfg.screenshot = shot;
    cfg.describe = text_option;
    SaveTarget target = { &s, save_path };
    if (save_path) {
        cfg.on_apply = save_after_apply;
        cfg.ud = &target;
    }
    GuiResult res = { 0 };
    int rc = 0;
    if (gui_play(&s.game, &cfg, &res, err, sizeof err)) {
        fprintf(stderr, "volcanique gui: %s\n", err);
        rc = 1;
    }
    printf("gui: seed %llu, %d decisions applied, turn %d, %s\n", (unsigned long long)seed, res.decisions,
           s.game.turn, game_over(&s.game) ? end_reason_name(&s.game, s.game.end_reason) : "game in progress");
    if (rc == 0 && shot)
        printf("screenshot written to %s\n", shot);
    session_close(&s);
    return rc;
}
