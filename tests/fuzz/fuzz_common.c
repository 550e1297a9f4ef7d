#include "fuzz_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "invariants.h"

const char *fuzz_root(void)
{
    const char *env = getenv("VOLCANIQUE_ROOT");
    return env && *env ? env : ".";
}

Session *fuzz_session(void)
{
    static Session s;
    static int opened;
    if (!opened) {
        char err[512];
        if (session_open(&s, fuzz_root(), err, sizeof err) != 0) {
            fprintf(stderr, "fuzz: cannot open the shipped rules (run from the repository or set "
                            "VOLCANIQUE_ROOT): %s\n", err);
            exit(2);
        }
        s.quiet = 1;
        opened = 1;
    }
    return &s;
}

void fuzz_no_script_error(const Session *s, const char *what)
{
    if (s->game.script_errors == 0 && s->error_count == 0)
        return;
    fprintf(stderr, "%s met a script error: %s\n", what, s->error[0] ? s->error : "(no message)");
    abort();
}

char *fuzz_text(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        abort();
    memcpy(text, data, size);
    text[size] = '\0';
    return text;
}

char *fuzz_temp_dir(const char *what)
{
    char tmpl[64];
    snprintf(tmpl, sizeof tmpl, "/tmp/vq-fuzz-%s-XXXXXX", what);
    char *d = mkdtemp(tmpl);
    if (!d) {
        perror("fuzz: mkdtemp");
        exit(2);
    }
    return strdup(d);
}

void fuzz_write(const char *dir, const char *name, const char *text, size_t len)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(text, 1, len, f) != len || fclose(f) != 0) {
        fprintf(stderr, "fuzz: cannot write %s\n", path);
        exit(2);
    }
}

const char *fuzz_mod_root(void)
{
    static char *root;
    if (root)
        return root;
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
    return root;
}

int fuzz_open_mod(Session *s, const char *text, size_t len)
{
    char dir[1100], err[512];
    snprintf(dir, sizeof dir, "%s/mods/f", fuzz_mod_root());
    fuzz_write(dir, "mod.lua", text, len);
    if (session_open_mods(s, fuzz_mod_root(), "f", err, sizeof err) != 0)
        return -1;
    s->quiet = 1;
    return 0;
}

void fuzz_play(Session *s, int decisions)
{
    static Option opts[MAX_OPTIONS];
    char err[512];
    GameOptions go = { .players = 3, .setup_variation = 1, .variant = "symbiosis" };
    if (session_new_game(s, &go, 1, err, sizeof err) != 0)
        return;
    uint64_t x = 0x9E3779B97F4A7C15ULL;
    for (int i = 0; i < decisions && !game_over(&s->game); i++) {
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

void fuzz_gen_start(FuzzGen *g, const uint8_t *data, size_t size)
{
    g->data = data;
    g->size = size;
    g->at = 0;
    g->len = 0;
    g->text[0] = 0;
}

unsigned fuzz_gen_byte(FuzzGen *g) { return g->at < g->size ? g->data[g->at++] : 0; }

void fuzz_gen_put(FuzzGen *g, const char *s, size_t n)
{
    if (g->len + n < sizeof g->text) {
        memcpy(g->text + g->len, s, n);
        g->len += n;
        g->text[g->len] = 0;
    }
}
