/* test: runs rules tests written in Lua (rulestest.h). A folder of test
 * files runs against the base scripts (and the mods of --mods); a mod's
 * folder (mods/NAME) runs its tests/ with that mod enabled. */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "rulestest.h"

static void usage(FILE *out)
{
    fprintf(out, "usage: volcanique test [FOLDER...] [--filter TEXT] [--mods LIST]\n"
                 "  FOLDER: a folder of *.lua test files (default: tests/powers under the rules root),\n"
                 "          or a mod's folder mods/NAME, whose tests/ run with that mod enabled\n");
}

/* The mod a folder is (".../mods/NAME" holding mod.lua), into name; 0 if not one. */
static int mod_of_folder(const char *folder, char *name, size_t len)
{
    char probe[1200];
    struct stat st;
    snprintf(probe, sizeof probe, "%s/mod.lua", folder);
    if (stat(probe, &st) != 0)
        return 0;
    const char *slash = strrchr(folder, '/');
    const char *base = slash ? slash + 1 : folder;
    if (!*base && slash) {   /* a trailing slash */
        while (slash > folder && slash[-1] != '/')
            slash--;
        base = slash;
    }
    snprintf(name, len, "%.*s", (int)strcspn(base, "/"), base);
    return name[0] != 0;
}

/* Runs one folder; adds to res. Returns -1 when it could not be run. */
static int run_folder(const CliArgs *a, const char *folder, const char *filter, const char *mods,
                      RulesTestResult *res)
{
    char mod[80], tests[1200], root[SESSION_PATH], err[600];
    const char *dir = folder;
    if (mod_of_folder(folder, mod, sizeof mod)) {
        mods = mod;
        snprintf(tests, sizeof tests, "%s/tests", folder);
        dir = tests;
    }
    if (a->root)
        snprintf(root, sizeof root, "%s", a->root);
    else
        session_default_root(root, sizeof root);
    static Session s;
    if (session_open_mods(&s, root, mods, err, sizeof err)) {
        fprintf(stderr, "volcanique test: cannot load the rules: %s\n", err);
        return -1;
    }
    int rc = rulestest_run_dir(&s, dir, filter, stdout, res, err, sizeof err);
    if (rc)
        fprintf(stderr, "volcanique test: %s\n", err);
    session_close(&s);
    return rc;
}

int cmd_test(const CliArgs *a)
{
    const char *filter = NULL, *mods = NULL, *folders[32];
    int nf = 0;
    for (int i = 0; i < a->argc; i++) {
        const char *arg = a->argv[i];
        if ((strcmp(arg, "--filter") == 0 || strcmp(arg, "--mods") == 0) && i + 1 < a->argc) {
            *(strcmp(arg, "--filter") == 0 ? &filter : &mods) = a->argv[++i];
        } else if (arg[0] == '-' || nf >= 32) {
            fprintf(stderr, "volcanique test: unknown argument '%s'\n", arg);
            usage(stderr);
            return 2;
        } else {
            folders[nf++] = arg;
        }
    }
    char fallback[SESSION_PATH + 16];
    if (nf == 0) {
        char root[SESSION_PATH];
        if (a->root)
            snprintf(root, sizeof root, "%s", a->root);
        else
            session_default_root(root, sizeof root);
        snprintf(fallback, sizeof fallback, "%s/tests/powers", root);
        folders[nf++] = fallback;
    }
    RulesTestResult res = { 0, 0 };
    int broken = 0;
    for (int i = 0; i < nf; i++)
        broken |= run_folder(a, folders[i], filter, mods, &res) != 0;
    printf("%d passed, %d failed\n", res.passed, res.failed);
    if (res.passed + res.failed == 0 && !broken) {   /* a misspelt filter or an empty folder proves nothing */
        fprintf(stderr, "volcanique test: no test ran%s%s%s\n", filter ? " (no test's \"file: name\" contains '" : "",
                filter ? filter : "", filter ? "')" : "");
        return 1;
    }
    return res.failed || broken ? 1 : 0;
}
