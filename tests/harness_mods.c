/* Throw-away rules roots for tests of mods (harness_mods.h). */
#include "harness_mods.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "harness.h"
#include "session.h"

void th_mods_root_make(char *root, size_t len)
{
    snprintf(root, len, "/tmp/vq-mods-XXXXXX");
    REQUIRE(mkdtemp(root) != NULL);
    char path[512], cwd[400], target[512];
    REQUIRE(getcwd(cwd, sizeof cwd) != NULL);
    snprintf(path, sizeof path, "%s/content", root);
    snprintf(target, sizeof target, "%s/content", cwd);
    REQUIRE(symlink(target, path) == 0);
    static const char *const DIRS[] = { "scripts", "scripts/powers", "scripts/variants",
                                        "scripts/endgame", "mods" };
    for (size_t i = 0; i < sizeof DIRS / sizeof DIRS[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", root, DIRS[i]);
        REQUIRE(mkdir(path, 0700) == 0);
    }
}

void th_mods_put(const char *root, const char *mod, const char *file, const char *text)
{
    char path[600];
    snprintf(path, sizeof path, "%s/mods/%s", root, mod);
    mkdir(path, 0700);
    snprintf(path, sizeof path, "%s/mods/%s/%s", root, mod, file);
    FILE *f = fopen(path, "w");
    REQUIRE(f != NULL);
    fputs(text, f);
    fclose(f);
}

void th_mods_root_remove(const char *root)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
    CHECK(system(cmd) == 0);
}

int th_mods_open(Session *s, const char *root, const char *mods, char *err, int errlen)
{
    int rc = session_open_mods(s, root, mods, err, errlen);
    if (rc == 0)
        s->quiet = 1;
    return rc;
}

bool th_mods_refuses(const char *root, const char *mod, const char *text, char *err, int errlen)
{
    static Session s;
    th_mods_put(root, mod, "mod.lua", text);
    if (th_mods_open(&s, root, mod, err, errlen) != 0)
        return true;
    session_close(&s);
    return false;
}

void th_mods_play_to_turn(Session *s, int turn)
{
    static Option o[MAX_OPTIONS];
    char err[256];
    for (int guard = 0; s->game.turn < turn && !game_over(&s->game) && guard < 5000; guard++) {
        REQUIRE(game_options(&s->game, o, MAX_OPTIONS) > 0);
        REQUIRE(game_apply(&s->game, 0, err, sizeof err) == 0);
    }
}
