/* libFuzzer: mod loading and mod handlers. The input is mods/f/mod.lua; text
 * after a line "--@@" becomes mods/f/util.lua (for require). The mod is
 * loaded over the shipped content (with no rules scripts, for speed) and a
 * game is played for a while with random choices, so that its handlers run.
 * Nothing a mod does may crash, leak, hang or break the game's invariants. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz_common.h"
#include "invariants.h"

#define FUZZ_DECISIONS 150

static char *root;

static void setup(void)
{
    root = fuzz_temp_dir("mods");
    char path[1024], target[1024], cwd[900];
    if (fuzz_root()[0] == '/')
        snprintf(target, sizeof target, "%s/content", fuzz_root());
    else if (getcwd(cwd, sizeof cwd))
        snprintf(target, sizeof target, "%s/%s/content", cwd, fuzz_root());
    snprintf(path, sizeof path, "%s/content", root);
    if (symlink(target, path) != 0) {
        perror("fuzz: symlink");
        exit(2);
    }
    static const char *const DIRS[] = { "scripts", "scripts/powers", "scripts/variants", "scripts/endgame",
                                        "mods", "mods/f" };
    for (size_t i = 0; i < sizeof DIRS / sizeof DIRS[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", root, DIRS[i]);
        mkdir(path, 0700);
    }
}

static void play(Session *s)
{
    static Option opts[MAX_OPTIONS];
    uint64_t x = 0x9E3779B97F4A7C15ULL;
    char err[512];
    for (int i = 0; i < FUZZ_DECISIONS && !game_over(&s->game); i++) {
        int n = game_options(&s->game, opts, MAX_OPTIONS);
        if (n <= 0)
            break;
        x ^= x << 13; x ^= x >> 7; x ^= x << 17;
        if (game_apply(&s->game, (int)(x % (uint64_t)n), err, sizeof err) != 0)
            break;
        if (invariants_check(&s->game, err, sizeof err) != 0) {
            fprintf(stderr, "a mod broke the game's invariants: %s\n", err);
            abort();
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!root)
        setup();
    char *text = fuzz_text(data, size);
    char dir[1100];
    snprintf(dir, sizeof dir, "%s/mods/f", root);
    char *split = strstr(text, "\n--@@");
    size_t main_len = split ? (size_t)(split - text) : size;
    fuzz_write(dir, "mod.lua", text, main_len);
    const char *rest = split ? split + 5 : "";
    fuzz_write(dir, "util.lua", rest, strlen(rest));
    static Session s;
    char err[512];
    if (session_open_mods(&s, root, "f", err, sizeof err) == 0) {
        s.quiet = 1;
        GameOptions go = { .players = 3, .setup_variation = 1, .variant = "symbiosis" };
        if (session_new_game(&s, &go, 1, err, sizeof err) == 0)
            play(&s);
        session_close(&s);
    }
    free(text);
    return 0;
}
