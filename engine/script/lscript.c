/* The Script object: creation, limits, loading chunks into fresh sandbox
 * environments. The sandbox machinery lives in lsandbox.c, events in levents.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "levents.h"
#include "lsandbox.h"

static void set_err(char *err, size_t errlen, const char *msg)
{
    if (err && errlen)
        snprintf(err, errlen, "%s", msg);
}

Script *script_new(const ScriptLimits *limits, char *err, size_t errlen)
{
    Script *s = calloc(1, sizeof *s);
    if (!s) {
        set_err(err, errlen, "out of memory");
        return NULL;
    }
    s->mem_limit = limits && limits->memory_bytes ? limits->memory_bytes : SCRIPT_DEFAULT_MEMORY;
    s->budget = limits && limits->instructions ? limits->instructions : SCRIPT_DEFAULT_INSTRUCTIONS;
    s->string_limit = limits && limits->string_bytes ? limits->string_bytes : SCRIPT_DEFAULT_STRING;
    s->period = s->budget < 1000 ? (int)s->budget : 1000;
    if (s->period < 1)
        s->period = 1;
    s->events = levents_new();
    if (!s->events) {
        free(s);
        set_err(err, errlen, "out of memory");
        return NULL;
    }
    s->L = lua_newstate(sb_alloc, s);
    if (!s->L) {
        levents_free(s->events);
        free(s);
        set_err(err, errlen, "memory limit too small for the Lua state");
        return NULL;
    }
    lua_pushcfunction(s->L, sb_open);
    if (lua_pcall(s->L, 0, 0, 0) != LUA_OK) {
        char buf[256];
        snprintf(buf, sizeof buf, "cannot open the sandbox: %s",
                 lua_tostring(s->L, -1) ? lua_tostring(s->L, -1) : "error");
        set_err(err, errlen, buf);
        script_free(s);
        return NULL;
    }
    return s;
}

void script_free(Script *s)
{
    if (!s)
        return;
    if (s->L)
        lua_close(s->L);
    levents_free(s->events);
    free(s);
}

void script_set_print(Script *s, ScriptPrintFn fn, void *ud)
{
    s->print_fn = fn;
    s->print_ud = ud;
}

void script_set_random(Script *s, ScriptRandomFn below, void *ud)
{
    s->random_fn = below;
    s->random_ud = ud;
}

lua_State *script_lua(Script *s)
{
    return s->L;
}

size_t script_memory_used(const Script *s)
{
    return s->mem_used;
}

/* Protected: (source, length, chunkname) as light userdata. Parses the text
 * chunk, gives it a fresh environment and runs it. */
static int load_and_run(lua_State *L)
{
    const char *src = lua_touserdata(L, 1);
    size_t len = *(const size_t *)lua_touserdata(L, 2);
    const char *chunk = lua_touserdata(L, 3);
    lua_settop(L, 0);
    const char *name = lua_pushfstring(L, "@%s", chunk);
    int st = luaL_loadbufferx(L, src, len, name, "t");
    if (st != LUA_OK)
        return lua_error(L);
    sb_push_env(L);
    if (!lua_setupvalue(L, -2, 1))
        lua_pop(L, 1);
    lua_call(L, 0, 0);
    return 0;
}

int script_load_string(Script *s, const char *source, const char *chunkname,
                       char *err, size_t errlen)
{
    if (!s || !source) {
        set_err(err, errlen, "no source");
        return -1;
    }
    if (!chunkname)
        chunkname = "?";
    s->chunks_loaded++;
    size_t len = strlen(source);
    lua_State *L = s->L;
    lua_pushcfunction(L, load_and_run);
    lua_pushlightuserdata(L, (void *)source);
    lua_pushlightuserdata(L, &len);
    lua_pushlightuserdata(L, (void *)chunkname);
    return sb_pcall(s, 3, chunkname, err, errlen);
}

int script_load_file(Script *s, const char *path, const char *chunkname,
                     char *err, size_t errlen)
{
    if (!chunkname)
        chunkname = path;
    FILE *f = fopen(path, "rb");
    if (!f) {
        char buf[512];
        snprintf(buf, sizeof buf, "cannot open %s", path);
        set_err(err, errlen, buf);
        return -1;
    }
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    while (buf) {
        if (len + 1 >= cap) {
            char *nb = realloc(buf, cap * 2);
            if (!nb) { free(buf); buf = NULL; break; }
            buf = nb;
            cap *= 2;
        }
        size_t n = fread(buf + len, 1, cap - len - 1, f);
        len += n;
        if (n == 0)
            break;
    }
    int ioerr = ferror(f);
    fclose(f);
    if (!buf || ioerr) {
        free(buf);
        char msg[512];
        snprintf(msg, sizeof msg, "cannot read %s", path);
        set_err(err, errlen, msg);
        return -1;
    }
    buf[len] = '\0';
    if (memchr(buf, '\0', len) || (len && buf[0] == LUA_SIGNATURE[0])) {
        free(buf);
        char msg[512];
        snprintf(msg, sizeof msg, "%s: binary chunks are not allowed", chunkname);
        set_err(err, errlen, msg);
        return -1;
    }
    int rc = script_load_string(s, buf, chunkname, err, errlen);
    free(buf);
    return rc;
}
