/* The Script object: creation, limits, reading files, loading chunks into
 * fresh sandbox environments (or, for data files, into an empty one). The
 * sandbox machinery lives in lsandbox.c and lsb_*.c, events in levents.c. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <lauxlib.h>
#include <lua.h>

#include "levents.h"
#include "lsandbox.h"

static void set_err(char *err, size_t errlen, const char *msg)
{
    if (err && errlen)
        snprintf(err, errlen, "%s", msg);
}

/* Allocates a Script with its limits and a bare state (string cap measured). */
static Script *new_bare(const ScriptLimits *limits, char *err, size_t errlen)
{
    Script *s = calloc(1, sizeof *s);
    if (!s) {
        set_err(err, errlen, "out of memory");
        return NULL;
    }
    s->mem_limit = limits && limits->memory_bytes ? limits->memory_bytes : SCRIPT_DEFAULT_MEMORY;
    s->budget = limits && limits->instructions ? limits->instructions : SCRIPT_DEFAULT_INSTRUCTIONS;
    s->share_end = UINT64_MAX;
    s->string_limit = limits && limits->string_bytes ? limits->string_bytes : SCRIPT_DEFAULT_STRING;
    s->time_limit_ms = limits && limits->time_ms ? limits->time_ms : SCRIPT_DEFAULT_TIME_MS;
    s->period = s->budget < 1000 ? (int)s->budget : 1000;
    if (s->period < 1)
        s->period = 1;
    s->L = lua_newstate(sb_alloc, s);
    if (!s->L) {
        sb_pool_release(&s->pool);
        free(s);
        set_err(err, errlen, "memory limit too small for the Lua state");
        return NULL;
    }
    s->running = s->L;
    /* The rules' live data (most of a megabyte) lives for the whole session,
     * while what handlers, offers and readers allocate dies within the call.
     * Generational collection suits that: minor collections free the young
     * tables without marking the rules' data again, and their memory is
     * reused while still in the cache (an incremental collector lets the
     * heap grow over fresh memory between cycles). The memory cap still
     * counts live data only: at the cap Lua collects in full and retries. */
    lua_gc(s->L, LUA_GCGEN, 0, 0);
    lua_pushcfunction(s->L, sb_measure);
    if (lua_pcall(s->L, 0, 0, 0) != LUA_OK) {
        script_free(s);
        set_err(err, errlen, "memory limit too small for the Lua state");
        return NULL;
    }
    return s;
}

Script *script_new(const ScriptLimits *limits, char *err, size_t errlen)
{
    Script *s = new_bare(limits, err, errlen);
    if (!s)
        return NULL;
    s->events = levents_new();
    if (!s->events) {
        script_free(s);
        set_err(err, errlen, "out of memory");
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

Script *sb_new_data(const ScriptLimits *limits, char *err, size_t errlen)
{
    return new_bare(limits, err, errlen);
}

void script_free(Script *s)
{
    if (!s)
        return;
    if (s->L)
        lua_close(s->L);
    sb_pool_release(&s->pool);
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

uint64_t script_call_epoch(const Script *s)
{
    return s->call_epoch;
}

size_t script_memory_used(const Script *s)
{
    return s->mem_used;
}

/* ---- Files ----------------------------------------------------------------- */

char *sb_read_text(const char *path, int no_symlink, size_t *len_out, char *why, size_t whylen)
{
    /* Non-blocking, so that a FIFO cannot stall the open; it is refused below. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (no_symlink ? O_NOFOLLOW : 0));
    if (fd < 0) {
        if (no_symlink && errno == ELOOP)
            snprintf(why, whylen, "is a symbolic link (only regular files are read)");
        else
            snprintf(why, whylen, "cannot open (%s)", strerror(errno));
        return NULL;
    }
    struct stat st;
    char *buf = NULL;
    size_t len = 0;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        snprintf(why, whylen, "not a regular file");
    } else if ((uint64_t)st.st_size > SCRIPT_MAX_FILE) {
        snprintf(why, whylen, "larger than %d bytes", (int)SCRIPT_MAX_FILE);
    } else if (!(buf = malloc((size_t)st.st_size + 2))) {
        snprintf(why, whylen, "out of memory");
    } else {
        /* Read one byte more than fstat said: a file that grew is refused. */
        size_t want = (size_t)st.st_size + 1;
        ssize_t got = 0;
        while (len < want && ((got = read(fd, buf + len, want - len)) > 0 || (got < 0 && errno == EINTR)))
            len += got > 0 ? (size_t)got : 0;
        if (len > (size_t)st.st_size) {
            snprintf(why, whylen, "changed while being read");
            free(buf);
            buf = NULL;
        } else if (len < want && got < 0) {
            snprintf(why, whylen, "cannot read (%s)", strerror(errno));
            free(buf);
            buf = NULL;
        }
    }
    close(fd);
    if (!buf)
        return NULL;
    buf[len] = '\0';
    if (memchr(buf, '\0', len) || (len && buf[0] == LUA_SIGNATURE[0])) {
        free(buf);
        snprintf(why, whylen, "binary chunks are not allowed");
        return NULL;
    }
    *len_out = len;
    return buf;
}

/* ---- Chunks ------------------------------------------------------------------ */

/* Protected: (source, length, chunkname, with_env) as light userdata. Parses
 * the text chunk, gives it a fresh sandbox environment (or an empty table)
 * and runs it, keeping one result. */
static int load_and_run(lua_State *L)
{
    const char *src = lua_touserdata(L, 1);
    size_t len = *(const size_t *)lua_touserdata(L, 2);
    const char *chunk = lua_touserdata(L, 3);
    int sandbox_env = lua_toboolean(L, 4);
    lua_settop(L, 0);
    const char *name = lua_pushfstring(L, "@%s", chunk);
    int st = luaL_loadbufferx(L, src, len, name, "t");
    if (st != LUA_OK)
        return lua_error(L);
    if (sandbox_env)
        sb_push_env(L);
    else
        lua_newtable(L);
    if (!lua_setupvalue(L, -2, 1))
        lua_pop(L, 1);
    lua_call(L, 0, 1);
    return 1;
}

static int run_text(Script *s, const char *source, size_t len, const char *chunkname, int sandbox_env,
                    int nresults, char *err, size_t errlen)
{
    lua_State *L = s->L;
    lua_pushcfunction(L, load_and_run);
    lua_pushlightuserdata(L, (void *)source);
    lua_pushlightuserdata(L, &len);
    lua_pushlightuserdata(L, (void *)chunkname);
    lua_pushboolean(L, sandbox_env);
    return sb_pcall_results(s, 4, nresults, chunkname, err, errlen);
}

int script_load_string(Script *s, const char *source, const char *chunkname,
                       char *err, size_t errlen)
{
    if (!s || !source || !s->events) {
        set_err(err, errlen, "no source");
        return -1;
    }
    if (!chunkname)
        chunkname = "?";
    s->chunks_loaded++;
    int base = lua_gettop(s->L);
    int rc = run_text(s, source, strlen(source), chunkname, 1, 0, err, errlen);
    lua_settop(s->L, base);
    return rc;
}

int script_load_file(Script *s, const char *path, const char *chunkname,
                     char *err, size_t errlen)
{
    if (!chunkname)
        chunkname = path;
    char why[80];
    size_t len = 0;
    char *buf = sb_read_text(path, 0, &len, why, sizeof why);
    if (!buf) {
        char msg[600];
        snprintf(msg, sizeof msg, "%s: %s", chunkname, why);
        set_err(err, errlen, msg);
        return -1;
    }
    int rc = script_load_string(s, buf, chunkname, err, errlen);
    free(buf);
    return rc;
}

int sb_run_data(Script *s, const char *path, const char *chunkname, char *err, size_t errlen)
{
    char why[80];
    size_t len = 0;
    char *buf = sb_read_text(path, 0, &len, why, sizeof why);
    if (!buf) {
        char msg[600];
        snprintf(msg, sizeof msg, "%s: %s", chunkname, why);
        set_err(err, errlen, msg);
        return -1;
    }
    int rc = run_text(s, buf, len, chunkname, 0, 1, err, errlen);
    free(buf);
    return rc;
}
