/* The Lua API documentation keeps up with the engine: every event of the
 * catalogue, every sandbox global and every game.* entry must appear in
 * docs/lua-api.md and in the LuaLS annotations scripts/meta/volcanique.lua.
 * The names come from the running engine, not from a list kept here. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <lua.h>

#include "events.h"
#include "harness.h"
#include "lsandbox.h"
#include "session.h"

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    if (buf)
        buf[n] = 0;
    fclose(f);
    return buf;
}

static void need(const char *text, const char *file, const char *what, const char *pattern)
{
    if (!strstr(text, pattern))
        th_fail(__FILE__, __LINE__, "%s is not documented in %s (looked for \"%s\")", what, file, pattern);
}

/* The section of text starting at `start` up to the next "\n### " (or the end). */
static const char *section_end(const char *start)
{
    const char *next = strstr(start + 1, "\n### ");
    return next ? next : start + strlen(start);
}

/* Every event of the catalogue, and every field of it, is documented: a
 * "### `name`" section in docs/lua-api.md naming each field as `field`, and
 * an Event.name class in the annotations with a ---@field for each. */
TEST(api_docs_name_every_event_and_field)
{
    char *doc = slurp("docs/lua-api.md"), *meta = slurp("scripts/meta/volcanique.lua");
    REQUIRE(doc && meta);
    for (int i = 0; i < EV_COUNT; i++) {
        const EventDef *d = &EVENT_DEFS[i];
        char pat[96], what[160];
        snprintf(what, sizeof what, "event '%s'", d->name);
        snprintf(pat, sizeof pat, "### `%s`", d->name);
        const char *sec = strstr(doc, pat);
        need(doc, "docs/lua-api.md", what, pat);
        snprintf(pat, sizeof pat, "fun(event: \"%s\"", d->name);
        need(meta, "scripts/meta/volcanique.lua", what, pat);
        snprintf(pat, sizeof pat, "@class Event.%s:", d->name);
        const char *cls = strstr(meta, pat);
        need(meta, "scripts/meta/volcanique.lua", what, pat);
        for (int f = 0; f < d->nfields && sec && cls; f++) {
            snprintf(what, sizeof what, "field '%s' of event '%s'", d->fields[f].name, d->name);
            snprintf(pat, sizeof pat, "`%s`", d->fields[f].name);
            const char *end = section_end(sec), *hit = strstr(sec, pat);
            if (!hit || hit > end)
                th_fail(__FILE__, __LINE__, "%s is not in its section of docs/lua-api.md", what);
            snprintf(pat, sizeof pat, "---@field %s ", d->fields[f].name);
            const char *next = strstr(cls + 1, "---@class"), *mh = strstr(cls, pat);
            if (!mh || (next && mh > next))
                th_fail(__FILE__, __LINE__, "%s has no ---@field in its class in scripts/meta/volcanique.lua", what);
        }
    }
    free(doc);
    free(meta);
}

/* The names in the sandbox: the shared base table's keys, and the keys of
 * its `game` table, each with its Lua type. */
typedef struct Names {
    int n;
    char name[160][48];
    int type[160];
} Names;

static void collect(lua_State *L, int t, Names *out)
{
    out->n = 0;
    lua_pushnil(L);
    while (lua_next(L, t) && out->n < 160) {
        if (lua_type(L, -2) == LUA_TSTRING) {
            snprintf(out->name[out->n], sizeof out->name[0], "%s", lua_tostring(L, -2));
            out->type[out->n++] = lua_type(L, -1);
        }
        lua_pop(L, 1);
    }
}

/* A root with the shipped content and empty rules folders: the sandbox's
 * names do not depend on which scripts load. */
static void make_root(char *root, size_t len)
{
    snprintf(root, len, "/tmp/vq-apidoc-XXXXXX");
    REQUIRE(mkdtemp(root) != NULL);
    char path[512], cwd[400], target[512];
    REQUIRE(getcwd(cwd, sizeof cwd) != NULL);
    snprintf(path, sizeof path, "%s/content", root);
    snprintf(target, sizeof target, "%s/content", cwd);
    REQUIRE(symlink(target, path) == 0);
    static const char *const DIRS[] = { "scripts", "scripts/powers", "scripts/variants", "scripts/endgame" };
    for (size_t i = 0; i < sizeof DIRS / sizeof DIRS[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", root, DIRS[i]);
        REQUIRE(mkdir(path, 0700) == 0);
    }
}

TEST(api_docs_name_every_global_and_game_function)
{
    char *doc = slurp("docs/lua-api.md"), *meta = slurp("scripts/meta/volcanique.lua");
    REQUIRE(doc && meta);
    char root[64], err[256];
    make_root(root, sizeof root);
    static Session s;
    REQUIRE(session_open(&s, root, err, sizeof err) == 0);
    lua_State *L = script_lua(s.script);
    static Names globals, game;
    lua_getfield(L, LUA_REGISTRYINDEX, "vq.sandbox.base");
    REQUIRE(lua_istable(L, -1));
    int base = lua_gettop(L);
    collect(L, base, &globals);
    CHECK(globals.n > 10);
    for (int i = 0; i < globals.n; i++) {
        char pat[96], what[96];
        snprintf(what, sizeof what, "global '%s'", globals.name[i]);
        snprintf(pat, sizeof pat, "`%s", globals.name[i]);
        need(doc, "docs/lua-api.md", what, pat);
    }
    REQUIRE(lua_getfield(L, base, "game") == LUA_TTABLE);
    collect(L, lua_gettop(L), &game);
    CHECK(game.n > 10);
    for (int i = 0; i < game.n; i++) {
        char pat[96], what[96];
        snprintf(what, sizeof what, "game.%s", game.name[i]);
        if (game.type[i] == LUA_TFUNCTION) {
            snprintf(pat, sizeof pat, "`game.%s(", game.name[i]);
            need(doc, "docs/lua-api.md", what, pat);
            snprintf(pat, sizeof pat, "function game.%s(", game.name[i]);
            need(meta, "scripts/meta/volcanique.lua", what, pat);
        } else {
            snprintf(pat, sizeof pat, "`game.%s`", game.name[i]);
            need(doc, "docs/lua-api.md", what, pat);
            snprintf(pat, sizeof pat, "game.%s = ", game.name[i]);
            need(meta, "scripts/meta/volcanique.lua", what, pat);
        }
    }
    lua_settop(L, base - 1);
    /* The mod-only globals live in each mod's environment, not in the base. */
    need(doc, "docs/lua-api.md", "global 'require'", "`require(modname)`");
    need(meta, "scripts/meta/volcanique.lua", "global 'require'", "function require(");
    need(meta, "scripts/meta/volcanique.lua", "global 'on'", "function on(");
    session_close(&s);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
    CHECK(system(cmd) == 0);
    free(doc);
    free(meta);
}
